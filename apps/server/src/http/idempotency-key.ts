import type { FastifyRequest } from 'fastify';

/** The request's `Idempotency-Key` header (the first, if sent twice), for the service to check. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return Array.isArray(key) ? key[0] : key;
}
