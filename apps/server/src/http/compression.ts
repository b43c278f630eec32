import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Lru } from '../lib/lru.js';

export type Encoding = 'br' | 'gzip';

/** Below this many bytes compressing saves less than it costs. */
const COMPRESSION_THRESHOLD = 1024;

// Text, JSON, scripts, styles, SVG. Photos are WebP and invoices PDF: already compressed.
const COMPRESSIBLE = /^text\/|[/+]json|javascript|[/+]xml/;

// Brotli's default quality (11) costs milliseconds per kilobyte; 4 is gzip's speed at a better ratio.
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

const compressStream: Record<Encoding, () => zlib.BrotliCompress | zlib.Gzip> = {
  br: () => zlib.createBrotliCompress(BROTLI),
  gzip: () => zlib.createGzip(),
};

/** Compresses an answer built in memory in one call, off the event loop (zlib's thread pool). */
const compressAnswer: Record<
  Encoding,
  (data: string | Buffer, done: (error: Error | null, out: Buffer) => void) => void
> = {
  br: (data, done) => zlib.brotliCompress(data, BROTLI, done),
  gzip: (data, done) => zlib.gzip(data, done),
};

/** The same compression at once, on this thread: for a variant built once and kept (personal-answers.ts). */
export const compressNow: Record<Encoding, (data: Buffer) => Buffer> = {
  br: (data) => zlib.brotliCompressSync(data, BROTLI),
  gzip: (data) => zlib.gzipSync(data),
};

/**
 * The encoding to answer with, from the client's Accept-Encoding. A few kB of JSON made per
 * request compresses about as well with gzip as with brotli at twice brotli's speed; files are
 * bigger, and brotli's better ratio pays there.
 */
export function chooseEncoding(acceptEncoding: string, preferred: readonly Encoding[]): Encoding | undefined {
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [token, ...params] = part.trim().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    q.set(token!.trim(), weight ? Number(weight[1]) : 1);
  }
  const weightOf = (encoding: Encoding) =>
    q.get(encoding) ?? (encoding === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
  let best: Encoding | undefined;
  for (const encoding of preferred)
    if (weightOf(encoding) > 0 && (!best || weightOf(encoding) > weightOf(best))) best = encoding;
  return best;
}

/** Browsers send a handful of distinct Accept-Encoding values; parse each once. */
function memoized(preferred: readonly Encoding[]): (header: string) => Encoding | undefined {
  const seen = new Lru<string, Encoding | 'identity'>(100);
  return (header) => {
    let encoding = seen.get(header);
    if (!encoding) seen.set(header, (encoding = chooseEncoding(header, preferred) ?? 'identity'));
    return encoding === 'identity' ? undefined : encoding;
  };
}

const encodingForAnswer = memoized(['gzip', 'br']);
const encodingForFile = memoized(['br', 'gzip']);

function markCompressed(reply: FastifyReply, encoding: Encoding): void {
  reply.header('content-encoding', encoding);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
}

/** A body sent again and again (a shared answer, a rendered page), compressed once per encoding on first ask. */
export interface KeptBody {
  body: string | Buffer;
  bytes: number;
  compressed: Partial<Record<Encoding, Buffer>>;
  /** Callers waiting for a compression under way: the first asker's starts it, the rest join it. */
  compressing?: Partial<Record<Encoding, Array<(error: Error | null, out: Buffer) => void>>>;
}

export const keptBody = (body: string | Buffer): KeptBody => ({ body, bytes: Buffer.byteLength(body), compressed: {} });

/** The encoding a kept body goes out in for this Accept-Encoding; undefined: as it is. */
export function keptEncoding(accept: string | undefined, kept: KeptBody): Encoding | undefined {
  return accept === undefined || kept.bytes < COMPRESSION_THRESHOLD ? undefined : encodingForAnswer(accept);
}

/** Sends a kept body as the client's Accept-Encoding asks; `fail` gets a compression error. */
export function sendKept(
  reply: FastifyReply,
  accept: string | undefined,
  kept: KeptBody,
  fail: (error: Error) => void,
): void {
  const encoding = keptEncoding(accept, kept);
  if (!encoding) return void reply.send(kept.body);
  const ready = kept.compressed[encoding];
  if (ready) {
    markCompressed(reply, encoding);
    return void reply.send(ready);
  }
  const send = (error: Error | null, compressed: Buffer) => {
    if (error) return fail(error);
    markCompressed(reply, encoding);
    reply.send(compressed);
  };
  // A new page asked for by a hundred clients at once is compressed once, not a hundred times.
  const waiting = (kept.compressing ??= {})[encoding];
  if (waiting) return void waiting.push(send);
  const callers = (kept.compressing[encoding] = [send]);
  compressAnswer[encoding](kept.body, (error, compressed) => {
    if (!error) kept.compressed[encoding] = compressed;
    delete kept.compressing![encoding];
    for (const caller of callers) caller(error, compressed);
  });
}

/**
 * gzip or brotli for clients that ask, on text, JSON, scripts and styles of 1 kB or more.
 * A request without Accept-Encoding (load balancers, scripts, other services) costs one header
 * check. Answers built in memory are compressed in one call rather than through a stream.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const accept = request.headers['accept-encoding'];
    // A content-encoding already set is a shared answer sent again, compressed once (http/shared-answers.ts).
    if (accept === undefined || payload === null || payload === undefined || reply.hasHeader('content-encoding'))
      return done(null, payload);
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);

    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const encoding = encodingForAnswer(accept);
      if (!encoding || Buffer.byteLength(payload) < COMPRESSION_THRESHOLD) return done(null, payload);
      compressAnswer[encoding](payload, (error, compressed) => {
        if (error) return done(error);
        markCompressed(reply, encoding);
        done(null, compressed);
      });
      return;
    }

    const file = payload as Readable;
    const length = Number(reply.getHeader('content-length'));
    const encoding = encodingForFile(accept);
    if (typeof file.pipe !== 'function' || !encoding || length < COMPRESSION_THRESHOLD) return done(null, payload);
    markCompressed(reply, encoding);
    reply.removeHeader('content-length');
    // A client that leaves mid-download ends the pipeline early; that is not the server's failure.
    done(
      null,
      pipeline(
        file,
        compressStream[encoding](),
        (error) => error && request.log.debug({ err: error }, 'compressed download ended early'),
      ),
    );
  });
}
