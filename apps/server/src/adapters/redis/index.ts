import { Redis } from 'ioredis';

/**
 * A Redis connection for the pieces that share state between instances. It reconnects on its
 * own; commands made while it is away wait (up to a bound) rather than fail at once.
 */
export function createRedis(url: string, name: string): Redis {
  return new Redis(url, { connectionName: `souq-${name}`, maxRetriesPerRequest: 3, lazyConnect: false });
}

/**
 * Rejects unless this connection is up and Redis answers. A connection that is away fails at once
 * rather than waiting in the offline queue through its reconnection attempts.
 */
export async function pingRedis(client: Redis): Promise<void> {
  if (client.status !== 'ready') throw new Error(`connection is ${client.status}`);
  await client.ping();
}

/**
 * Closes a connection: politely (QUIT) when it is up, at once when it is not, since a QUIT made
 * while Redis is away would wait in the offline queue (forever, on a connection that never gives
 * up on a command).
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}
