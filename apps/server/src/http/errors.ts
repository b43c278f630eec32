import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_STATUS, MSG, type ErrorCode } from '@souq/shared';
import { inputFaultOf } from '../db/errors.js';
import { DomainError } from '../lib/errors.js';

/** What each domain error code means over HTTP (shared: the API document lists the same). */
const STATUS = ERROR_STATUS;

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
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 429
              ? 'RATE_LIMITED'
              : status === 404
                ? 'NOT_FOUND'
                : 'VALIDATION_FAILED';
      return reply.status(status).send({ error: { code, message: error.message } });
    }
    const fault = inputFaultOf(error);
    if (fault) {
      // A schema let this through: answer as the schema should have, and say so where someone looks.
      request.log.warn({ err: error }, 'the database refused input that validation let through');
      const [status, code, message] =
        fault === 'gone'
          ? ([409, 'CONFLICT', MSG.changedMeanwhile] as const)
          : ([400, 'VALIDATION_FAILED', MSG.inputNotStorable] as const);
      return reply.status(status).send({ error: { code, message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: MSG.serverError } });
  });
}
