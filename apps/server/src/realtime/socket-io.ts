import type { Server, Socket } from 'socket.io';
import type { ClientEvents, ServerEvents } from '@souq/shared';

/** What the handshake leaves on each socket, read back on any instance through the adapter. */
export interface SocketData {
  userId: string | null;
}

export type SouqSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
export type SouqIo = Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
