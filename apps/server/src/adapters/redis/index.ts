import { Redis } from 'ioredis';

/**
 * A Redis connection for the pieces that share state between instances. It reconnects on its
 * own; commands made while it is away wait (up to a bound) rather than fail at once.
 */
export function createRedis(url: string, name: string): Redis {
  return new Redis(url, { connectionName: `souq-${name}`, maxRetriesPerRequest: 3, lazyConnect: false });
}
