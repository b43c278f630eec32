import type { FastifyInstance } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { gatedUser } from '../../http/session.js';
import { DomainError } from '../../lib/errors.js';
import type { AuctionsService } from './service.js';
import { idempotencyKeyOf } from '../../http/idempotency-key.js';

const C = API.auctions;

export interface BidRateLimit {
  max: number;
  windowMs: number;
}

export function auctionsRoutes(
  auctions: AuctionsService,
  clockIso: () => string,
  bidLimit: BidRateLimit,
  bidRefused: (code: string) => void,
) {
  const bidGate = { loggedOut: MSG.bidLoginRequired };
  // Per bidder, not per address: a household shares an address, a bot does not share its account.
  const bidRateLimit = {
    config: {
      rateLimit: {
        max: bidLimit.max,
        timeWindow: bidLimit.windowMs,
        hook: 'preHandler' as const,
        keyGenerator: (request: { currentUser: { id: string } | null; ip: string }) =>
          request.currentUser ? `bidder:${request.currentUser.id}` : `ip:${request.ip}`,
        errorResponseBuilder: () => new DomainError('RATE_LIMITED', MSG.bidRateLimited),
      },
    },
  };

  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    app.route({
      ...routeOf(C.time),
      handler: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { serverTime: clockIso() };
      },
    });

    app.route({ ...routeOf(C.list), handler: async (request) => auctions.list(request.query) });
    app.route({
      ...routeOf(C.detail),
      handler: async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return auctions.detail(request.currentUser, request.params.id);
      },
    });
    app.route({ ...routeOf(C.bids), handler: async (request) => auctions.bids(request.params.id, request.query) });
    app.route({
      ...routeOf(C.bySeller),
      handler: async (request) => auctions.bySeller(request.params.id, request.query),
    });

    app.route({
      ...routeOf(C.start),
      handler: async (request, reply) => {
        const created = await auctions.start(gatedUser(request), request.params.id, request.body);
        return reply.status(201).send(created);
      },
    });

    app.route({
      ...routeOf(C.placeBid, bidGate),
      ...bidRateLimit,
      // A malformed bid is refused before the handler now; it still counts as refused, as when the service parsed it.
      onError: (_request, _reply, error, done) => {
        if ((error as { validationContext?: string }).validationContext) bidRefused('VALIDATION_FAILED');
        done();
      },
      handler: async (request, reply) => {
        const user = gatedUser(request);
        const result = await auctions.placeBid(user, request.params.id, request.body, idempotencyKeyOf(request));
        return reply.status(201).send(result);
      },
    });

    app.route({
      ...routeOf(C.cancel),
      handler: async (request) => {
        await auctions.cancel(gatedUser(request), request.params.id);
        return { ok: true as const };
      },
    });
    app.route({
      ...routeOf(C.relist),
      handler: async (request) => auctions.relistFixed(gatedUser(request), request.params.id),
    });
  };
}
