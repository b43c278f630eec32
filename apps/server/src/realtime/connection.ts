import type { FastifyInstance } from 'fastify';
import { ClientMessageSchemas, MSG, PROTOCOL_VERSION, userRoom, type ClientEvent, type ErrorCode } from '@souq/shared';
import type { Clock } from '../lib/clock.js';
import type { Metrics } from '../metrics/metrics.js';
import { toRefusal } from './refusals.js';
import type { SouqSocket } from './socket-io.js';
import { tokenBucket } from './token-bucket.js';
import type { RealtimeOut, SocketHandler, SocketParts, SocketSession } from './types.js';

/** Per socket: bursts of 20 messages, 10 a second after that; past 100 refusals it is cut off. */
const BURST = 20;
const PER_SECOND = 10;
const MAX_REFUSALS = 100;
/** Rooms one socket may be in at once (a feed page watches a few dozen auctions at most). */
const MAX_ROOMS = 100;

export interface ConnectionDeps {
  clock: Clock;
  parts: SocketParts[];
  log: FastifyInstance['log'];
  metrics: Pick<Metrics, 'socketConnected' | 'socketMessageSent'>;
}

/** Every part's handlers by message; a message two parts answer is a mistake caught at start. */
function handlersOf(parts: SocketParts[]) {
  const handlers = new Map<ClientEvent, SocketHandler<ClientEvent>>();
  for (const part of parts) {
    for (const [event, handler] of Object.entries(part.handlers ?? {})) {
      if (handlers.has(event as ClientEvent)) throw new Error(`two modules handle ${event}`);
      handlers.set(event as ClientEvent, handler as SocketHandler<ClientEvent>);
    }
  }
  return handlers;
}

/** The socket as handlers see it, its rooms held to MAX_ROOMS. */
function sessionOf(socket: SouqSocket): SocketSession {
  // The socket's own rooms (its id, its person) are not counted against the limit.
  const ownRooms = socket.data.userId ? 2 : 1;
  return {
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
}

/**
 * What each connected socket gets: its hello, and every message rate-limited and validated
 * against the shared protocol before its part's handler sees it; a disconnect reaches every part.
 */
export function socketConnections(deps: ConnectionDeps, out: RealtimeOut) {
  const handlers = handlersOf(deps.parts);
  const { socketMessageSent } = deps.metrics;
  const countSent = (packet: { type: string }) => {
    if (packet.type === 'message') socketMessageSent();
  };

  return (socket: SouqSocket) => {
    deps.metrics.socketConnected();
    // Every packet written to this client, a room's broadcast included (engine.io's own pings are not messages).
    socket.conn.on('packetCreate', countSent);
    const session = sessionOf(socket);
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
  };
}
