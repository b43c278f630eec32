import { io, type Socket } from 'socket.io-client';

/** A signed-in socket that has joined a live stream (the host's, or one person's in its chat). */
export function joinedStream(url: string, cookie: string, streamId: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie },
    });
    socket.once('hello', () => socket.emit('stream:join', { streamId }, () => resolve(socket)));
    socket.once('connect_error', reject);
  });
}
