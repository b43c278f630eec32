import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { PROTOCOL_VERSION, type ClientEvents, type ServerEvents } from '@souq/shared';
import type { Souq } from '../src/app.js';

export type ClientSocket = Socket<ServerEvents, ClientEvents>;

/** Listens on a free loopback port and returns the base URL. */
export async function listen(souq: Souq): Promise<string> {
  await souq.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(souq.app.server.address() as AddressInfo).port}`;
}

/** A socket as the web app opens it (websocket only, the session cookie if signed in), once the server said hello. */
export async function openSocket(
  base: string,
  /** `auth` is the handshake's: the web tab's own (its protocol version) unless a test says otherwise. */
  opts: { cookie?: string; origin?: string; auth?: Record<string, unknown> } = {},
): Promise<{ socket: ClientSocket; hello: Parameters<ServerEvents['hello']>[0] }> {
  const socket: ClientSocket = connect(base, {
    auth: opts.auth ?? { protocol: PROTOCOL_VERSION },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.origin ? { origin: opts.origin } : {}) },
  });
  const hello = await new Promise<Parameters<ServerEvents['hello']>[0]>((resolve, reject) => {
    socket.once('hello', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, hello };
}

/** The next message of this kind that satisfies `match`. */
export function nextMessage<E extends keyof ServerEvents>(
  socket: ClientSocket,
  event: E,
  match: (m: Parameters<ServerEvents[E]>[0]) => boolean = () => true,
  timeoutMs = 5000,
) {
  return new Promise<Parameters<ServerEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${String(event)} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (message: Parameters<ServerEvents[E]>[0]) => {
      if (!match(message)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(message);
    };
    socket.on(event, listener as never);
  });
}
