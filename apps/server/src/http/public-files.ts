import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@souq/shared';
import { PUBLIC_PREFIX, UPLOADS_URL_PREFIX, isPublicKey, type FileStorage } from '../adapters/storage/index.js';

/**
 * The one byte range a `Range: bytes=…` header asks for, within a file of `size` bytes: null when
 * there is no header or it is not one we serve (several ranges, another unit), so the whole file
 * goes out; 'unsatisfiable' when it starts past the end.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // "bytes=-500": the last 500 bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Bytes `start` to `end` (inclusive) of a stream; the source is let go once they have passed. */
function slice(body: Readable, start: number, end: number): Readable {
  return Readable.from(
    (async function* () {
      let at = 0;
      try {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          const from = Math.max(start - at, 0);
          const to = Math.min(end + 1 - at, chunk.length);
          at += chunk.length;
          if (to > from) yield chunk.subarray(from, to);
          if (at > end) break;
        }
      } finally {
        body.destroy();
      }
    })(),
  );
}

/**
 * Public files (photos, covers, avatars, sale clips) at `/uploads/…`, read through the storage
 * interface, so the same address works whether they sit in DATA_DIR or in a bucket (unless
 * `S3_PUBLIC_URL` sends browsers to a CDN instead). Only well-formed public keys are looked up: a
 * path naming `private/` or climbing with `..` is a 404 before any store sees it. A byte range is
 * answered on its own (206), so a `<video>` can seek in a clip without fetching all of it.
 */
export function registerPublicFiles(app: FastifyInstance, storage: FileStorage): void {
  app.get(`${UPLOADS_URL_PREFIX}*`, async (request, reply) => {
    const key = PUBLIC_PREFIX + (request.params as { '*': string })['*'];
    const file = isPublicKey(key) ? await storage.open(key) : null;
    if (!file) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: MSG.notFound } });
    const range = byteRange(request.headers.range, file.size);
    if (range === 'unsatisfiable') {
      file.body.destroy();
      return reply
        .status(416)
        .header('content-range', `bytes */${file.size}`)
        .send({ error: { code: 'VALIDATION_FAILED', message: MSG.notFound } });
    }
    // Every public file was re-encoded (or checked) by us under a name never reused: it can be cached for good.
    reply
      .header('content-type', file.contentType)
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'public, max-age=31536000, immutable');
    if (range)
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(slice(file.body, range.start, range.end));
    return reply.header('content-length', file.size).send(file.body);
  });
}
