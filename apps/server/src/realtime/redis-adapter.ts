import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { closeRedis, createRedis } from '../adapters/redis/index.js';
import type { SouqIo } from './socket-io.js';

/** Rooms that span every instance through Redis; what it answers closes its two connections. */
export function attachRedisAdapter(io: SouqIo, redisUrl: string, log: FastifyInstance['log']) {
  const pub = createRedis(redisUrl, 'realtime-pub');
  // The adapter subscribes once, at start: those subscriptions must wait for Redis however long
  // it is away (they are made when it comes back), not fail after a few retries and leave this
  // instance deaf to the others' broadcasts.
  const sub = pub.duplicate({ connectionName: 'souq-realtime-sub', maxRetriesPerRequest: null });
  for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err }, 'realtime redis connection'));
  io.adapter(createAdapter(pub, sub));
  return { close: async () => void (await Promise.all([closeRedis(pub), closeRedis(sub)])) };
}
