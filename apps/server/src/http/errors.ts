import type { FastifyError, FastifyInstance } from 'fastify';
import { MSG, type ErrorCode } from '@souq/shared';
import { inputFaultOf } from '../db/errors.js';
import { DomainError } from '../lib/errors.js';

/** What each domain error code means over HTTP. */
const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  CROSS_SITE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // As Stripe answers a key reused with another body: the request is understood but contradicts the first.
  IDEMPOTENCY_KEY_REUSED: 422,
  TOKEN_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      // A failure behind us (the file store) carries what went wrong for whoever runs the service.
      if (error.cause) request.log.warn({ err: error.cause }, error.message);
      return reply.status(STATUS[error.code]).send({
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      });
    }
    // Fastify's own 4xx (malformed JSON, body too large, wrong content type) keep their status.
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED';
      return reply.status(status).send({ error: { code, message: error.message } });
    }
    const fault = inputFaultOf(error);
    if (fault) {
      // A schema let this through: answer as the schema should have, and say so where someone looks.
      request.log.warn({ err: error }, 'the database refused input that validation let through');
      const [status, code, message] = fault === 'gone' ? [409, 'CONFLICT', MSG.changedMeanwhile] as const : [400, 'VALIDATION_FAILED', MSG.inputNotStorable] as const;
      return reply.status(status).send({ error: { code, message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: MSG.serverError } });
  });
}
