/**
 * A crowd of socket clients in a process of its own, for the fan-out benchmarks. It opens
 * COUNT sockets (round-robin over URLS) and, in `auction` mode, watches one auction with each and
 * measures every `auction:update` from the bid's acceptance (the update's serverTime) to its
 * arrival here, counting the bid rows it carries; in `stream` mode it joins one live stream and measures every chat message from
 * its sending (the time the sender wrote into it, `t=<ms>`) to its arrival.
 * Talks to its parent over IPC: 'ready' once every socket watches, stats on 'finish'.
 */
import { io, type Socket } from 'socket.io-client';
import { seqBefore, type AuctionUpdate } from '@souq/shared';

const [urls, roomId, countText, mode = 'auction'] = process.argv.slice(2);
const COUNT = Number(countText);
const latencies: number[] = [];
let gaps = 0;
let received = 0;
let messages = 0;

async function main() {
  const sockets: Socket[] = [];
  const list = urls!.split(',');
  await Promise.all(
    Array.from({ length: COUNT }, (_, i) =>
      new Promise<void>((resolve, reject) => {
        const socket = io(list[i % list.length]!, { transports: ['websocket'], forceNew: true, reconnection: false });
        let lastSeq = -1;
        socket.on('stream:message', ({ message }: { message: { text: string } }) => {
          const sentAt = /^t=(\d+)/.exec(message.text)?.[1];
          if (sentAt) latencies.push(Date.now() - Number(sentAt));
          received++;
        });
        socket.on('auction:update', (update: AuctionUpdate) => {
          latencies.push(Date.now() - Date.parse(update.serverTime));
          // Bids committed together arrive as one update that carries each of them.
          received += update.bids.length;
          messages++;
          if (lastSeq !== -1 && seqBefore(update) !== lastSeq) gaps++;
          lastSeq = update.auction.seq;
        });
        socket.once('hello', () => {
          if (mode === 'stream') socket.emit('stream:join', { streamId: roomId });
          else socket.emit('auction:watch', { auctionId: roomId });
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
    process.send!({ type: 'stats', latencies, gaps, received, messages }, () => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
