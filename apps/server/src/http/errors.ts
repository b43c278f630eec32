import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_STATUS, MSG, localizeFields, localizeMessage, type ErrorCode } from '@souq/shared';
import { ARABIC } from '@souq/shared/i18n/ar';
import { inputFaultOf } from '../db/errors.js';
import { DomainError } from '../lib/errors.js';
import { requestLocale } from './locale.js';

/** What each domain error code means over HTTP (shared: the API document lists the same). */
const STATUS = ERROR_STATUS;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    // Services speak English (MSG); the answer is translated here, at the edge (issue 29).
    const locale = requestLocale(request);
    /** An answer's message in the request's language; codes and field names stay as they are. */
    const say = (message: string) => localizeMessage(message, locale, ARABIC);
    if (error instanceof DomainError) {
      // A failure behind us (the file store) carries what went wrong for whoever runs the service.
      if (error.cause) request.log.warn({ err: error.cause }, error.message);
      return reply.status(STATUS[error.code]).send({
        error: {
          code: error.code,
          message: say(error.message),
          ...(error.fields ? { fields: localizeFields(error.fields, locale, ARABIC) } : {}),
        },
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
      return reply.status(status).send({ error: { code, message: say(error.message) } });
    }
    const fault = inputFaultOf(error);
    if (fault) {
      // A schema let this through: answer as the schema should have, and say so where someone looks.
      request.log.warn({ err: error }, 'the database refused input that validation let through');
      const [status, code, message] =
        fault === 'gone'
          ? ([409, 'CONFLICT', MSG.changedMeanwhile] as const)
          : ([400, 'VALIDATION_FAILED', MSG.inputNotStorable] as const);
      return reply.status(status).send({ error: { code, message: say(message) } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: say(MSG.serverError) } });
  });
}
