import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { API } from '@souq/shared';
import type { Redis } from 'ioredis';
import { pingRedis } from '../adapters/redis/index.js';
import type { FileStorage } from '../adapters/storage/index.js';
import type { Database } from '../db/database.js';
import { routeOf, typed } from './contract-routes.js';
import { registerReadiness } from './readiness.js';

/**
 * The balancer's probes: `/api/health` while the database answers, `/api/ready` while everything
 * the instance needs to serve people does (the database, Redis when set, the file store).
 */
export function registerProbes(
  app: FastifyInstance,
  database: Database,
  storage: FileStorage,
  rateLimitRedis: Redis | undefined,
) {
  const ping = sql`select 1`.compile(database.db);
  typed(app).route({
    ...routeOf(API.system.health),
    handler: async (request, reply) => {
      try {
        await database.db.executeQuery(ping);
        return { ok: true, db: database.dialect };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not answering.' } });
      }
    },
  });
  return registerReadiness(app, [
    { name: 'database', check: async () => void (await database.db.executeQuery(ping)) },
    ...(rateLimitRedis ? [{ name: 'redis', check: () => pingRedis(rateLimitRedis) }] : []),
    { name: 'storage', check: () => storage.check() },
  ]);
}
