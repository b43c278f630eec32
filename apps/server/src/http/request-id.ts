import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Set by the balancer (deploy/haproxy.cfg) and echoed in every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an id given to us may look like: HAProxy's (hex and a few separators), a UUID, most
 * tracing ids. Anything else (too long, spaces, quotes, control characters) is replaced rather
 * than written into every log line and echoed to the client.
 */
const GIVEN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the one the balancer gave it, so its log lines and the balancer's match,
 * else a fresh one, unique across instances (Fastify's default counter restarts in each process).
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : crypto.randomUUID();
}

/** Registered first, so that every answer says its id, a draining server's 503 included. */
export function registerRequestIdEcho(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
