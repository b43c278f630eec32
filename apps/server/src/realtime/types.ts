import type { z } from 'zod';
import type { ClientEvent, ClientMessageSchemas, ServerEvents } from '@souq/shared';
import type { DomainEvent } from '../lib/events.js';

/** What socket code may send: to a room (a person, an auction, a stream) or one socket, on any instance. */
export interface RealtimeOut {
  to(room: string): { emit<E extends keyof ServerEvents>(event: E, ...args: Parameters<ServerEvents[E]>): void };
  /** False only when no socket anywhere is in the room, so a message's making can be skipped. */
  mayReach(room: string): boolean;
  /** Makes every socket in `room` (say, one person's) leave `fromRoom`. */
  leave(room: string, fromRoom: string): void;
  /** How many sockets are in a room across every instance. */
  roomSize(room: string): Promise<number>;
  /** The rooms one socket is in, on whichever instance holds it; null when no socket has that id. */
  roomsOf(socketId: string): Promise<ReadonlySet<string> | null>;
  /** Who is in a room across every instance: each signed-in person once, and how many sockets have nobody signed in. */
  usersIn(room: string): Promise<{ userIds: string[]; guests: number }>;
}

/** One connected socket, as handlers see it. */
export interface SocketSession {
  id: string;
  userId: string | null;
  join(room: string): void;
  leave(room: string): void;
  has(room: string): boolean;
  /** Per-socket state a module keeps between messages (rooms it hosts, say). */
  state: Map<string, unknown>;
}

export type SocketHandler<E extends ClientEvent> = (
  session: SocketSession,
  message: z.output<(typeof ClientMessageSchemas)[E]>,
  out: RealtimeOut,
) => unknown;

/** A module's part in the socket layer (docs/architecture.md, "Modules register themselves"). */
export interface SocketParts {
  /** Incoming messages it answers; the gateway has validated them against the shared protocol. */
  handlers?: { [E in ClientEvent]?: SocketHandler<E> };
  /** Domain events it turns into socket messages. */
  onEvent?: (event: DomainEvent, out: RealtimeOut) => void | Promise<void>;
  onDisconnect?: (session: SocketSession, out: RealtimeOut) => void | Promise<void>;
}
