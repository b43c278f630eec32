import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  protocolRefusalOf,
  type AuctionUpdate,
  type ClientAcks,
  type ClientEvent,
  type ClientEvents,
  type ClientMessage,
  type ProtocolMismatch,
  type Refusal,
  type ServerEvents,
} from '@souq/shared';

/**
 * The one Socket.IO connection the page shares (same origin, the session cookie authenticates
 * it). Socket.IO reconnects by itself; after every (re)connect this module joins the watched
 * rooms again and tells every subscriber to re-read over HTTP, because events sent while the
 * connection was down are gone (docs/architecture.md, "Realtime").
 */
type SouqSocket = Socket<ServerEvents, ClientEvents>;
export type NotificationMessage = Parameters<ServerEvents['notification']>[0];

export interface Subscriber<M> {
  onMessage(message: M): void;
  /**
   * The connection was established: whatever was missed must be fetched again. `dropped` tells a
   * reconnect from the first connection (when only a read that raced the join can be stale).
   */
  onResync(dropped: boolean): void;
}

export type SocketStatus = 'idle' | 'connected' | 'reconnecting';

/** Under the server's per-socket limit (bursts of 20, then 10 a second), so re-watching many rooms is never refused. */
const BURST = 15;
const PER_SECOND = 8;

let socket: SouqSocket | null = null;
let status: SocketStatus = 'idle';
const statusListeners = new Set<() => void>();
const rooms = new Map<string, Set<Subscriber<AuctionUpdate>>>();
const notificationSubscribers = new Set<Subscriber<NotificationMessage>>();
/** Live rooms: each stream joined (again after every reconnect) while anyone on the page wants it. */
const streamSubscribers = new Map<string, Set<StreamSubscriber>>();
const lobbySubscribers = new Set<Subscriber<{ streamId: string }>>();
/** Page listeners for server events, attached to the socket whenever it exists. */
const eventListeners = new Map<keyof ServerEvents, Set<(message: never) => void>>();

/** Who the server says this socket belongs to (undefined before its hello), and who the page thinks is signed in. */
let socketUser: string | null | undefined;
let pageUser: string | null | undefined;
let reconnectedFor: string | null | undefined;

/**
 * Whether this tab and the server speak one protocol, from the server's latest hello or its
 * refusal of the handshake (null: they do, or nothing said yet). A page open across a deploy sees
 * it change.
 */
let protocolMismatch: ProtocolMismatch | null = null;
const protocolListeners = new Set<() => void>();
/** A server too old for this tab is mid-deploy: ask again after this long, by when it may be new. */
const SERVER_UPDATE_RETRY_MS = 20_000;

function setProtocolMismatch(next: ProtocolMismatch | null) {
  if (next === protocolMismatch) return;
  protocolMismatch = next;
  for (const l of protocolListeners) l();
}

type RoomMessage = { event: 'auction:watch' | 'auction:unwatch'; auctionId: string };
const outbox: RoomMessage[] = [];
const joined = new Set<string>();
let tokens = BURST;
let refilledAt = 0;
let flushTimer: ReturnType<typeof setTimeout> | null = null;

function setStatus(next: SocketStatus) {
  if (status === next) return;
  status = next;
  for (const l of statusListeners) l();
}

function flush() {
  if (!socket?.connected) return;
  const now = Date.now();
  tokens = Math.min(BURST, tokens + ((now - refilledAt) / 1000) * PER_SECOND);
  refilledAt = now;
  while (outbox.length > 0 && tokens >= 1) {
    const { event, auctionId } = outbox.shift()!;
    // Only what is still wanted by the time it goes out: a page that came and went sends nothing.
    const watch = event === 'auction:watch';
    if (watch === joined.has(auctionId) || watch !== rooms.has(auctionId)) continue;
    socket.emit(event, { auctionId });
    if (watch) joined.add(auctionId);
    else joined.delete(auctionId);
    tokens -= 1;
  }
  if (outbox.length > 0 && !flushTimer) {
    flushTimer = setTimeout(() => {
      flushTimer = null;
      flush();
    }, 1000 / PER_SECOND);
  }
}

function send(event: RoomMessage['event'], auctionId: string) {
  outbox.push({ event, auctionId });
  flush();
}

function reconnect() {
  socket?.disconnect().connect();
}

let loading = false;

/** Opens the connection on first use. Socket.IO's client is fetched then, so a visitor who never needs it never downloads it. */
function connect(): void {
  if (socket || loading) return;
  loading = true;
  import('socket.io-client').then(
    ({ io }) => open(io({ autoConnect: false, withCredentials: true, auth: { protocol: PROTOCOL_VERSION } })),
    (error: unknown) => {
      loading = false;
      console.warn('live updates unavailable', error);
    },
  );
}

function open(s: SouqSocket): void {
  let connectedBefore = false;
  s.on('connect', () => {
    const dropped = connectedBefore;
    connectedBefore = true;
    setStatus('connected');
    outbox.length = 0;
    joined.clear();
    for (const id of rooms.keys()) send('auction:watch', id);
    for (const subscribers of rooms.values()) for (const sub of subscribers) sub.onResync(dropped);
    for (const sub of notificationSubscribers) sub.onResync(dropped);
    if (lobbySubscribers.size > 0) s.emit('streams:watch', {});
    for (const sub of lobbySubscribers) sub.onResync(dropped);
    for (const streamId of streamSubscribers.keys()) joinStreamNow(streamId, dropped);
  });
  s.on('disconnect', () => setStatus(s.active ? 'reconnecting' : 'idle'));
  s.on('connect_error', (error: Error & { data?: unknown }) => {
    const refusal = protocolRefusalOf(error.data);
    if (refusal) {
      setProtocolMismatch(refusal.mismatch);
      // Socket.IO gives up after a refusal; a tab newer than this instance asks again once its deploy may be done.
      if (refusal.mismatch === 'server-too-old') setTimeout(() => s.connect(), SERVER_UPDATE_RETRY_MS);
    }
    setStatus(s.active ? 'reconnecting' : 'idle');
  });
  s.on('hello', ({ version, userId }) => {
    setProtocolMismatch(
      version > PROTOCOL_VERSION ? 'client-too-old' : version < PROTOCOL_VERSION ? 'server-too-old' : null,
    );
    socketUser = userId;
    // Signed in (or out) while the handshake was on its way: once more with the new cookie.
    if (pageUser !== undefined && userId !== pageUser && reconnectedFor !== pageUser) {
      reconnectedFor = pageUser;
      reconnect();
    }
  });
  s.on('auction:update', (update) => {
    for (const sub of rooms.get(update.auction.id) ?? []) sub.onMessage(update);
  });
  s.on('notification', (message) => {
    for (const sub of notificationSubscribers) sub.onMessage(message);
  });
  s.on('streams:changed', (message) => {
    for (const sub of lobbySubscribers) sub.onMessage(message);
  });
  s.on('refused', (refusal) => console.warn('socket message refused', refusal));
  for (const [event, listeners] of eventListeners) for (const l of listeners) s.on(event, l as never);
  socket = s;
  s.connect();
}

/** Live changes of one auction until the returned function is called. */
export function watchAuction(auctionId: string, subscriber: Subscriber<AuctionUpdate>): () => void {
  let subscribers = rooms.get(auctionId);
  if (!subscribers) {
    subscribers = new Set();
    rooms.set(auctionId, subscribers);
    send('auction:watch', auctionId);
  }
  subscribers.add(subscriber);
  connect();
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size === 0 && rooms.get(auctionId) === subscribers) {
      rooms.delete(auctionId);
      send('auction:unwatch', auctionId);
    }
  };
}

/** The signed-in person's notifications as they happen. */
export function subscribeNotifications(subscriber: Subscriber<NotificationMessage>): () => void {
  notificationSubscribers.add(subscriber);
  connect();
  return () => void notificationSubscribers.delete(subscriber);
}

/**
 * The socket is authenticated once, by the cookie it connected with. When the page signs in or
 * out without a reload, it reconnects so the server knows who it is talking to.
 */
export function setSocketUser(userId: string | null): void {
  if (pageUser === userId) return;
  pageUser = userId;
  if (socket && socketUser !== undefined && socketUser !== userId) {
    reconnectedFor = userId;
    reconnect();
  }
}

export const socketConnected = () => status === 'connected';

export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    () => status,
    () => 'idle' as const,
  );
}

/**
 * Whether this tab must reload, or wait for the server's deploy, to talk to it: known once a
 * socket the page opened for its own reasons was greeted or refused. Reading it never opens a
 * connection, so pages without live parts stay without one.
 */
export function useProtocolMismatch(): ProtocolMismatch | null {
  return useSyncExternalStore(
    (listener) => {
      protocolListeners.add(listener);
      return () => void protocolListeners.delete(listener);
    },
    () => protocolMismatch,
    () => null,
  );
}

/** What a page in a live stream's room hears about the join itself. */
export interface StreamSubscriber {
  /** The server admitted this socket to the room (after every connect): re-read what was missed. */
  onJoined(reply: ClientAcks['stream:join'], dropped: boolean): void;
}

function joinStreamNow(streamId: string, dropped: boolean): void {
  if (!socket?.connected) return;
  socket.emit('stream:join', { streamId }, (reply) => {
    for (const sub of streamSubscribers.get(streamId) ?? []) sub.onJoined(reply, dropped);
  });
}

/** Joins a stream's room (chat, bids, viewers, video signaling) until the returned function is called. */
export function joinStream(streamId: string, subscriber: StreamSubscriber): () => void {
  let subscribers = streamSubscribers.get(streamId);
  const first = !subscribers;
  if (!subscribers) streamSubscribers.set(streamId, (subscribers = new Set()));
  subscribers.add(subscriber);
  if (first) joinStreamNow(streamId, false);
  else if (socket?.connected) {
    // Already in the room: this subscriber still needs its "joined" to start from.
    socket.emit('stream:join', { streamId }, (reply) => subscriber.onJoined(reply, false));
  }
  connect();
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size === 0 && streamSubscribers.get(streamId) === subscribers) {
      streamSubscribers.delete(streamId);
      if (socket?.connected) socket.emit('stream:leave', { streamId });
    }
  };
}

/** The live list: news of any stream starting, ending or taking a bid. */
export function watchStreamList(subscriber: Subscriber<{ streamId: string }>): () => void {
  const first = lobbySubscribers.size === 0;
  lobbySubscribers.add(subscriber);
  if (first && socket?.connected) socket.emit('streams:watch', {});
  connect();
  return () => void lobbySubscribers.delete(subscriber);
}

/** Listens to one server event until the returned function is called (the room must be joined for room events). */
export function onSocketEvent<E extends keyof ServerEvents>(event: E, listener: ServerEvents[E]): () => void {
  let listeners = eventListeners.get(event);
  if (!listeners) eventListeners.set(event, (listeners = new Set()));
  const l = listener as unknown as (message: never) => void;
  listeners.add(l);
  socket?.on(event, listener as never);
  connect();
  return () => {
    listeners.delete(l);
    socket?.off(event, listener as never);
  };
}

/** Sends a message with no answer expected; dropped while the connection is down (the callers resend on resync). */
export function emitSocket<E extends ClientEvent>(event: E, message: ClientMessage<E>): boolean {
  if (!socket?.connected) return false;
  (socket.emit as (e: string, m: unknown) => void)(event, message);
  return true;
}

const OFFLINE: Refusal = {
  ok: false,
  code: 'SERVICE_UNAVAILABLE',
  message: 'Cannot reach Souq. Check your connection and try again.',
};

/** Sends a message and waits for the server's answer (a refusal when offline or after `timeoutMs`). */
export function requestSocket<E extends keyof ClientAcks>(
  event: E,
  message: ClientMessage<E>,
  timeoutMs = 10_000,
): Promise<ClientAcks[E] | Refusal> {
  const s = socket;
  if (!s?.connected) return Promise.resolve(OFFLINE);
  return new Promise((resolve) => {
    (s.timeout(timeoutMs).emit as (e: string, m: unknown, ack: (err: unknown, reply: ClientAcks[E]) => void) => void)(
      event,
      message,
      (err, reply) => resolve(err ? OFFLINE : reply),
    );
  });
}

/** This page's socket id (what the host names a viewer by), once connected. */
export const socketId = (): string | null => (socket?.connected ? (socket.id ?? null) : null);
