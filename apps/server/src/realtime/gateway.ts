import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { MAX_FRAME_BYTES } from '@souq/shared';
import type { Clock } from '../lib/clock.js';
import type { EventBus } from '../lib/events.js';
import type { Metrics } from '../metrics/metrics.js';
import type { AccountsService } from '../modules/accounts/service.js';
import { socketConnections } from './connection.js';
import { forwardEvent } from './forward.js';
import { checkHandshake } from './handshake.js';
import { createRealtimeOut } from './realtime-out.js';
import { attachRedisAdapter } from './redis-adapter.js';
import type { SouqIo } from './socket-io.js';
import type { SocketParts } from './types.js';

export type { SouqIo } from './socket-io.js';

export interface RealtimeDeps {
  publicUrl: string;
  redisUrl?: string;
  clock: Clock;
  events: EventBus;
  accounts: Pick<AccountsService, 'userForSessionToken'>;
  /** Every module's socket handlers and event forwarding. */
  parts: SocketParts[];
  log: FastifyInstance['log'];
  metrics: Pick<Metrics, 'socketConnected' | 'socketMessageSent' | 'gauge'>;
}

/**
 * The socket gateway (docs/architecture.md, "Realtime"): Socket.IO on the app's own port. It authenticates
 * the handshake with the session cookie (handshake.ts), checks the Origin like any write, validates every
 * message against the shared protocol before a module's handler sees it (connection.ts), and hands domain
 * events to the modules that turn them into messages. With REDIS_URL set, rooms span instances
 * through the Redis adapter (redis-adapter.ts).
 */
export function attachRealtime(app: FastifyInstance, deps: RealtimeDeps): SouqIo {
  const publicOrigin = new URL(deps.publicUrl).origin;
  const io: SouqIo = new Server(app.server, {
    serveClient: false,
    maxHttpBufferSize: MAX_FRAME_BYTES,
    // A browser always sends Origin on a socket; only our own site may open one with its cookie.
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || origin === publicOrigin);
    },
  });

  const redis = deps.redisUrl ? attachRedisAdapter(io, deps.redisUrl, deps.log) : undefined;
  const out = createRealtimeOut(io, redis !== undefined);
  const onConnection = socketConnections(deps, out);
  checkHandshake(io, app, deps);

  deps.metrics.gauge(
    'souq_socket_connections',
    'Socket.IO connections open on this instance now',
    () => io.engine.clientsCount,
  );
  io.on('connection', onConnection);

  // Forwards still reading (a bell's unread count) when the app closes are waited for, so none
  // of them reaches for a database that is already closed.
  const forwarding = new Set<Promise<void>>();
  const unsubscribe = deps.events.subscribe((event) => {
    for (const reading of forwardEvent(deps.parts, event, out)) {
      const forward = reading
        .catch((err: unknown) => deps.log.warn({ err, event: event.type }, 'realtime forward failed'))
        .finally(() => forwarding.delete(forward));
      forwarding.add(forward);
    }
  });

  // Before Fastify closes the HTTP server: sockets are cut, so nothing keeps it open.
  app.addHook('preClose', async () => {
    unsubscribe();
    await Promise.all(forwarding);
    io.local.disconnectSockets(true);
    io.engine.close();
    if (redis) await redis.close();
  });
  return io;
}
