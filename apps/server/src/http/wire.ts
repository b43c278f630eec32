import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Encoding, KeptBody } from './compression.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';

/**
 * What went on the wire for one encoding ('identity': none), exactly as Fastify sent it, but for
 * the request id. The headers are name, value, name, value…, ending with the request id's pair,
 * whose value each request writes in before they are sent (`writeHead` reads them at once).
 */
export interface Wire {
  headers: Array<string | number | string[]>;
  body: Buffer;
}

/**
 * Answers a request before Fastify sees it, or says false and leaves it alone (ADR 0027). One that
 * took the request and then finds it cannot answer it after all hands it to Fastify (`toFastify`).
 */
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse, toFastify: () => void) => boolean;

/** Fastify's headers as a flat list, the request id's pair last (see Wire). */
export function wireOf(headers: Record<string, Wire['headers'][number] | undefined>, body: string | Buffer): Wire {
  const flat: Wire['headers'] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (name !== REQUEST_ID_HEADER && name !== 'content-length' && value !== undefined) flat.push(name, value);
  }
  // Bytes, encoded once: a string with Arabic in it is two bytes a letter in memory, and writing
  // it encoded it to UTF-8 again for every request (issue 28: the shop page 8% slower with Arabic titles).
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  flat.push('content-length', bytes.length, REQUEST_ID_HEADER, '');
  return { headers: flat, body: bytes };
}

/** Sends a kept wire again with this request's id, logged as Fastify logs a completed request. */
export function sendWire(req: IncomingMessage, res: ServerResponse, wire: Wire, log: FastifyBaseLogger, what: string) {
  const reqId = requestIdOf(req);
  wire.headers[wire.headers.length - 1] = reqId;
  res.writeHead(200, wire.headers as string[]);
  res.end(wire.body);
  log.info(
    { reqId, req: { method: req.method, url: req.url }, res: { statusCode: 200 } },
    `request completed (${what})`,
  );
}

/** What went on the wire for a kept body, by the encoding it went out in. */
export type Wires = Partial<Record<Encoding | 'identity', Wire>>;

/**
 * Whether what Fastify just sent may be sent again to others: a 200, not while draining (the
 * answer says "connection: close"), and nothing meant for one client (a cookie set).
 */
export const sentForAnyone = (reply: FastifyReply): boolean =>
  reply.statusCode === 200 && !reply.hasHeader('connection') && !reply.hasHeader('set-cookie');

/** Keeps what Fastify sent of a kept body, every header its hooks added included, in `wires`. */
export function keepWire(reply: FastifyReply, kept: KeptBody, wires: Wires): void {
  const encoding = reply.getHeader('content-encoding') as Encoding | undefined;
  const body = encoding ? kept.compressed[encoding] : kept.body;
  if (body !== undefined) wires[encoding ?? 'identity'] = wireOf(reply.getHeaders(), body);
}
