import type { SouqIo } from './socket-io.js';
import type { RealtimeOut } from './types.js';

/** Socket.IO's ids: 15 random bytes in URL-safe base64. */
const SOCKET_ID = /^[A-Za-z0-9_-]{20}$/;

/** What socket code may send, through `io`; `spansInstances` when the Redis adapter joins this instance to others. */
export function createRealtimeOut(io: SouqIo, spansInstances: boolean): RealtimeOut {
  // One instance alone knows every room's members: a message for a room nobody is in (the bell of
  // someone with no page open) is dropped before Socket.IO encodes it. With Redis another instance
  // may have members, so every message goes out.
  const nobodyIn = (room: string) => !spansInstances && !io.sockets.adapter.rooms.has(room);
  return {
    to: (room) => ({ emit: (event, ...args) => void (nobodyIn(room) || io.to(room).emit(event, ...args)) }),
    mayReach: (room) => !nobodyIn(room),
    leave: (room, fromRoom) => io.in(room).socketsLeave(fromRoom),
    roomSize: async (room) => (await io.in(room).fetchSockets()).length,
    async roomsOf(socketId) {
      const here = io.sockets.sockets.get(socketId);
      if (here) return here.rooms;
      // Only a socket id can name one socket on another instance: never a room's whole membership.
      if (!spansInstances || !SOCKET_ID.test(socketId)) return null;
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
}
