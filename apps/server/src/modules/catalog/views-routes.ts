import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { notFoundAs } from '../../http/id-params.js';
import { gatedUser } from '../../http/session.js';
import type { ViewsService } from './views.js';

/**
 * The first-party visitor cookie that counts a signed-out person once a day (ADR 0041): random,
 * meaningless, sent only to product requests, never read for anything but the view count.
 */
export const VISITOR_COOKIE = 'souq_vid';
const VISITOR_PATH = '/api/products';
const VISITOR_MAX_AGE_S = 365 * 24 * 60 * 60;
const VISITOR_ID = /^[0-9a-f-]{36}$/;

/** The visitor's id: their cookie's, or a new one set on this answer. */
function visitorId(request: FastifyRequest, reply: FastifyReply): string {
  const sent = request.cookies[VISITOR_COOKIE];
  if (sent && VISITOR_ID.test(sent)) return sent;
  const id = crypto.randomUUID();
  reply.setCookie(VISITOR_COOKIE, id, {
    path: VISITOR_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.secureCookies || 'auto',
    maxAge: VISITOR_MAX_AGE_S,
  });
  return id;
}

export function viewsRoutes(views: ViewsService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const C = API.catalog;
    // The product page's beacon, sent after the page shows: the page's own (kept) answer stays untouched.
    app.route({
      ...routeOf(C.view),
      ...notFoundAs(MSG.productNotFound),
      handler: async (request, reply) => {
        const user = request.currentUser;
        await views.record(request.params.id, user, user ? '' : visitorId(request, reply));
        return reply.status(204).send();
      },
    });
    app.route({
      ...routeOf(C.myViews),
      handler: async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return views.mine(gatedUser(request));
      },
    });
  };
}
