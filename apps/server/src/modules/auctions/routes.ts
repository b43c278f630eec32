import type { FastifyInstance } from 'fastify';
import { MSG, type ServerTime } from '@souq/shared';
import { requireVerifiedUser } from '../../http/session.js';
import { DomainError } from '../../lib/errors.js';
import type { AuctionsService } from './service.js';

type IdParams = { Params: { id: string } };

export interface BidRateLimit {
  max: number;
  windowMs: number;
}

export function auctionsRoutes(auctions: AuctionsService, clockIso: () => string, bidLimit: BidRateLimit) {
  const bidGate = { loggedOut: MSG.bidLoginRequired };
  // Per bidder, not per address: a household shares an address, a bot does not share its account.
  const bidRateLimit = {
    config: {
      rateLimit: {
        max: bidLimit.max,
        timeWindow: bidLimit.windowMs,
        hook: 'preHandler' as const,
        keyGenerator: (request: { currentUser: { id: string } | null; ip: string }) => (request.currentUser ? `bidder:${request.currentUser.id}` : `ip:${request.ip}`),
        errorResponseBuilder: () => new DomainError('RATE_LIMITED', MSG.bidRateLimited),
      },
    },
  };

  return async function routes(app: FastifyInstance) {
    app.get('/api/time', async (_request, reply): Promise<ServerTime> => {
      reply.header('cache-control', 'no-store');
      return { serverTime: clockIso() };
    });

    app.get('/api/auctions', async (request) => auctions.list(request.query));
    app.get<IdParams>('/api/auctions/:id', async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return auctions.detail(request.currentUser, request.params.id);
    });
    app.get<IdParams>('/api/auctions/:id/bids', async (request) => auctions.bids(request.params.id, request.query));
    app.get<IdParams>('/api/users/:id/auctions', async (request) => auctions.bySeller(request.params.id, request.query));

    app.post<IdParams>('/api/products/:id/auction', async (request, reply) => {
      const created = await auctions.start(requireVerifiedUser(request), request.params.id, request.body);
      return reply.status(201).send(created);
    });

    app.post<IdParams>('/api/auctions/:id/bids', bidRateLimit, async (request, reply) => {
      const user = requireVerifiedUser(request, bidGate);
      const key = request.headers['idempotency-key'];
      const result = await auctions.placeBid(user, request.params.id, request.body, Array.isArray(key) ? key[0] : key);
      return reply.status(201).send(result);
    });

    app.post<IdParams>('/api/auctions/:id/cancel', async (request) => {
      await auctions.cancel(requireVerifiedUser(request), request.params.id);
      return { ok: true };
    });
    app.post<IdParams>('/api/auctions/:id/relist', async (request) => auctions.relistFixed(requireVerifiedUser(request), request.params.id));
  };
}
