import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import {
  ClientMessageSchemas,
  MAX_FRAME_BYTES,
  MSG,
  PROTOCOL_VERSION,
  refusalOfClientProtocol,
  type ProtocolRefusal,
  userRoom,
  type ClientEvent,
  type ClientEvents,
  type ErrorCode,
  type ServerEvents,
} from '@souq/shared';
import { closeRedis, createRedis } from '../adapters/redis/index.js';
import { SESSION_COOKIE } from '../http/session.js';
import type { Clock } from '../lib/clock.js';
import type { EventBus } from '../lib/events.js';
import type { Metrics } from '../metrics/metrics.js';
import type { AccountsService } from '../modules/accounts/service.js';
import { forwardEvent } from './forward.js';
import { toRefusal } from './refusals.js';
import { tokenBucket } from './token-bucket.js';
import type { RealtimeOut, SocketHandler, SocketParts, SocketSession } from './types.js';

interface SocketData {
  userId: string | null;
}

type SouqSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
export type SouqIo = Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>;

/** Per socket: bursts of 20 messages, 10 a second after that; past 100 refusals it is cut off. */
const BURST = 20;
const PER_SECOND = 10;
const MAX_REFUSALS = 100;
/** Rooms one socket may be in at once (a feed page watches a few dozen auctions at most). */
const MAX_ROOMS = 100;
/** Socket.IO's ids: 15 random bytes in URL-safe base64. */
const SOCKET_ID = /^[A-Za-z0-9_-]{20}$/;

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
 * the handshake with the session cookie, checks the Origin like any write, validates every
 * message against the shared protocol before a module's handler sees it, and hands domain
 * events to the modules that turn them into messages. With REDIS_URL set, rooms span instances
 * through the Redis adapter.
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

  let redis: { pub: ReturnType<typeof createRedis>; sub: ReturnType<typeof createRedis> } | undefined;
  if (deps.redisUrl) {
    const pub = createRedis(deps.redisUrl, 'realtime-pub');
    // The adapter subscribes once, at start: those subscriptions must wait for Redis however long
    // it is away (they are made when it comes back), not fail after a few retries and leave this
    // instance deaf to the others' broadcasts.
    const sub = pub.duplicate({ connectionName: 'souq-realtime-sub', maxRetriesPerRequest: null });
    for (const client of [pub, sub]) client.on('error', (err) => deps.log.warn({ err }, 'realtime redis connection'));
    io.adapter(createAdapter(pub, sub));
    redis = { pub, sub };
  }

  // One instance alone knows every room's members: a message for a room nobody is in (the bell of
  // someone with no page open) is dropped before Socket.IO encodes it. With Redis another instance
  // may have members, so every message goes out.
  const nobodyIn = (room: string) => !redis && !io.sockets.adapter.rooms.has(room);
  const out: RealtimeOut = {
    to: (room) => ({ emit: (event, ...args) => void (nobodyIn(room) || io.to(room).emit(event, ...args)) }),
    mayReach: (room) => !nobodyIn(room),
    leave: (room, fromRoom) => io.in(room).socketsLeave(fromRoom),
    roomSize: async (room) => (await io.in(room).fetchSockets()).length,
    async roomsOf(socketId) {
      const here = io.sockets.sockets.get(socketId);
      if (here) return here.rooms;
      // Only a socket id can name one socket on another instance: never a room's whole membership.
      if (!redis || !SOCKET_ID.test(socketId)) return null;
      return (await io.in(socketId).fetchSockets()).find((s) => s.id === socketId)?.rooms ?? null;
    },
    async usersIn(room) {
      // fetchSockets asks every instance through the adapter; each socket carries its person's id.
      const userIds = new Set<string>();
      let guests = 0;
      for (const socket of await io.in(room).fetchSockets()) {
        if (socket.data.userId) userIds.add(socket.data.userId);
        else guests++;
      }
      return { userIds: [...userIds], guests };
    },
  };

  const handlers = new Map<ClientEvent, SocketHandler<ClientEvent>>();
  for (const part of deps.parts) {
    for (const [event, handler] of Object.entries(part.handlers ?? {})) {
      if (handlers.has(event as ClientEvent)) throw new Error(`two modules handle ${event}`);
      handlers.set(event as ClientEvent, handler as SocketHandler<ClientEvent>);
    }
  }

  // Before anything else: a tab whose protocol this server cannot speak is told why, typed, and
  // not let in (it reloads, or waits for the deploy to reach this instance).
  io.use((socket, next) => {
    const refusal = refusalOfClientProtocol((socket.handshake.auth as { protocol?: unknown } | undefined)?.protocol);
    if (!refusal) return next();
    const error = new Error(refusal.mismatch) as Error & { data: ProtocolRefusal };
    error.data = refusal;
    next(error);
  });

  io.use((socket, next) => {
    const token = app.parseCookie(socket.request.headers.cookie ?? '')[SESSION_COOKIE];
    deps.accounts.userForSessionToken(token).then(
      (user) => {
        socket.data.userId = user?.id ?? null;
        next();
      },
      (err: unknown) => {
        deps.log.warn({ err }, 'socket handshake: session lookup failed');
        next(new Error(MSG.serverError));
      },
    );
  });

  deps.metrics.gauge(
    'souq_socket_connections',
    'Socket.IO connections open on this instance now',
    () => io.engine.clientsCount,
  );
  const { socketMessageSent } = deps.metrics;
  const countSent = (packet: { type: string }) => {
    if (packet.type === 'message') socketMessageSent();
  };

  io.on('connection', (socket: SouqSocket) => {
    deps.metrics.socketConnected();
    // Every packet written to this client, a room's broadcast included (engine.io's own pings are not messages).
    socket.conn.on('packetCreate', countSent);
    // The socket's own rooms (its id, its person) are not counted against the limit.
    const ownRooms = socket.data.userId ? 2 : 1;
    const session: SocketSession = {
      id: socket.id,
      userId: socket.data.userId,
      join(room) {
        if (!socket.rooms.has(room) && socket.rooms.size - ownRooms >= MAX_ROOMS) throw new Error('too many rooms');
        void socket.join(room);
      },
      leave: (room) => void socket.leave(room),
      // The socket's rooms as they are now: a room left on another instance's word (a removal, a
      // stream's end) is gone here too.
      has: (room) => socket.rooms.has(room),
      state: new Map(),
    };
    if (session.userId) void socket.join(userRoom(session.userId));
    socket.emit('hello', { version: PROTOCOL_VERSION, serverTime: deps.clock.iso(), userId: session.userId });

    const bucket = tokenBucket(BURST, PER_SECOND);
    let refusals = 0;
    const refuse = (code: ErrorCode, message: string, event?: string) => {
      socket.emit('refused', { code, message, ...(event ? { event } : {}) });
      if (++refusals > MAX_REFUSALS) socket.disconnect(true);
    };

    socket.onAny((event: string, ...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? (args.at(-1) as (reply: unknown) => void) : undefined;
      const answer = (code: ErrorCode, message: string, name?: string) => {
        refuse(code, message, name);
        ack?.({ ok: false, code, message });
      };
      if (!bucket.take()) return answer('RATE_LIMITED', MSG.rateLimited, event);
      const handler = Object.hasOwn(ClientMessageSchemas, event) ? handlers.get(event as ClientEvent) : undefined;
      if (!handler) return answer('VALIDATION_FAILED', `Unknown event: ${String(event).slice(0, 40)}`);
      const name = event as ClientEvent;
      const parsed = ClientMessageSchemas[name].safeParse(args[0]);
      if (!parsed.success)
        return answer('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Malformed message.', name);
      Promise.resolve()
        .then(() => handler(session, parsed.data as never, out))
        .then(
          (reply) => ack?.(reply ?? { ok: true }),
          (error: unknown) => {
            const refusal = toRefusal(error, name);
            if (refusal.internal) deps.log.error({ err: error, event: name }, 'socket handler failed');
            answer(refusal.code, refusal.message, name);
          },
        );
    });

    socket.on('disconnect', () => {
      for (const part of deps.parts) {
        Promise.resolve(part.onDisconnect?.(session, out)).catch((err: unknown) =>
          deps.log.warn({ err }, 'socket disconnect handler failed'),
        );
      }
    });
  });

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
    if (redis) await Promise.all([closeRedis(redis.pub), closeRedis(redis.sub)]);
  });
  return io;
}
