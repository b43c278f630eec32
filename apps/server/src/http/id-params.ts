import type { FastifyInstance } from 'fastify';
import { MSG, isId } from '@souq/shared';
import { DomainError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a route answers for an id that names nothing, e.g. a missing product's own words. */
    notFound?: string;
  }
}

/** Route options giving a route's own 404 message for a malformed id. */
export const notFoundAs = (message: string) => ({ config: { notFound: message } });

/** `:id`, `:productId`, `:auctionId`…: every route parameter that names a row. */
const namesARow = (param: string) => param === 'id' || param.endsWith('Id');

/**
 * Every id we issue is a UUID, so a path parameter that is not one names nothing: 404, before any
 * handler passes "%00" or a page of text to the database. A route added later is covered by naming
 * its parameter `id` or `…Id`; `notFoundAs()` gives it its own message.
 */
export function registerIdParams(app: FastifyInstance): void {
  // A callback hook: it runs on every request, and an async one costs a promise each (issue 6).
  app.addHook('onRequest', (request, _reply, done) => {
    const params = request.params as Record<string, unknown> | undefined;
    if (params) {
      for (const name in params) {
        if (namesARow(name) && !isId(params[name]))
          return done(new DomainError('NOT_FOUND', request.routeOptions.config.notFound ?? MSG.notFound));
      }
    }
    done();
  });
}
