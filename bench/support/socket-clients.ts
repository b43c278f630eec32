/**
 * A crowd of socket clients in a process of its own, for the fan-out benchmark. It opens
 * COUNT sockets (round-robin over URLS), watches one auction with each, and measures every
 * `auction:update` from the bid's acceptance (the update's serverTime) to its arrival here.
 * Talks to its parent over IPC: 'ready' once every socket watches, stats on 'finish'.
 */
import { io, type Socket } from 'socket.io-client';

const [urls, auctionId, countText] = process.argv.slice(2);
const COUNT = Number(countText);
const latencies: number[] = [];
let gaps = 0;
let received = 0;

async function main() {
  const sockets: Socket[] = [];
  const list = urls!.split(',');
  await Promise.all(
    Array.from({ length: COUNT }, (_, i) =>
      new Promise<void>((resolve, reject) => {
        const socket = io(list[i % list.length]!, { transports: ['websocket'], forceNew: true, reconnection: false });
        let lastSeq = -1;
        socket.on('auction:update', (update: { auction: { seq: number }; serverTime: string }) => {
          latencies.push(Date.now() - Date.parse(update.serverTime));
          received++;
          if (lastSeq !== -1 && update.auction.seq !== lastSeq + 1) gaps++;
          lastSeq = update.auction.seq;
        });
        socket.once('hello', () => {
          socket.emit('auction:watch', { auctionId });
          resolve();
        });
        socket.once('connect_error', reject);
        sockets.push(socket);
      }),
    ),
  );
  // Joining a room is asynchronous on the server (and through Redis); give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  process.send!({ type: 'ready' });
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'finish') return;
    for (const s of sockets) s.disconnect();
    process.send!({ type: 'stats', latencies, gaps, received }, () => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
