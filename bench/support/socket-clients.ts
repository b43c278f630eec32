/**
 * A crowd of socket clients in a process of its own, for the fan-out benchmarks. It opens
 * COUNT sockets (round-robin over URLS, socket i with COOKIES[i mod n] when given: a balancer's
 * stickiness cookie picks the instance behind one address) and, in `auction` mode, watches one auction with each and
 * measures every `auction:update` from the bid's acceptance (the update's serverTime) to its
 * arrival here, counting the bid rows it carries; in `stream` mode it joins one live stream and
 * measures every chat message from its sending (the time the sender wrote into it, `t=<ms>`) to
 * its arrival; in `show` mode it joins a live show and notes when each lot's start and close
 * (`stream:update` with the lot running, then sold or passed) and each of its bids (by the lot's bid
 * count) reach each socket, as clock readings the parent compares with when it started the lot,
 * sent the bid, and when the lot's timer ran out.
 * Talks to its parent over IPC: 'ready' once every socket watches, stats on 'finish'.
 *
 * CLIENT picks the client: `socket.io` (socket.io-client, as the browser runs it) or `wire`
 * (a bare WebSocket speaking the same Engine.IO/Socket.IO frames, decoding only the JSON of each
 * event). On this 2-core box the crowd shares the CPU with the server it measures; a thousand
 * socket.io-client instances in one process cost more CPU per message than the server does, and
 * their queueing shows up as the server's latency. `wire` keeps the measuring instrument light.
 */
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import { seqBefore, type AuctionUpdate } from '@souq/shared';

const [urls, roomId, countText, mode = 'auction', client = 'socket.io', cookies = ''] = process.argv.slice(2);
const COUNT = Number(countText);
const latencies: number[] = [];
let gaps = 0;
let received = 0;
let messages = 0;
/** `show` mode: `<lot id> <status>` → when each socket first heard it (Date.now()). */
const heard = new Map<string, number[]>();

interface Watcher {
  on(event: string, handler: (payload: never) => void): void;
  emit(event: string, payload: unknown): void;
  close(): void;
}

function socketIoWatcher(
  url: string,
  cookie: string | undefined,
  ready: () => void,
  fail: (error: unknown) => void,
): Watcher {
  const socket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  socket.once('hello', ready);
  socket.once('connect_error', fail);
  return {
    on: (event, handler) => void socket.on(event, handler as (...args: unknown[]) => void),
    emit: (event, payload) => void socket.emit(event, payload),
    close: () => void socket.disconnect(),
  };
}

/** Engine.IO v4 over a WebSocket: `0` open, `2`/`3` ping/pong; Socket.IO v5 inside `4`: `0` connect, `2` event. */
function wireWatcher(
  url: string,
  cookie: string | undefined,
  ready: () => void,
  fail: (error: unknown) => void,
): Watcher {
  const ws = new WebSocket(
    `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`,
    cookie ? { headers: { cookie } } : {},
  );
  const handlers = new Map<string, (payload: never) => void>();
  ws.on('error', fail);
  ws.on('message', (data) => {
    const frame = data.toString();
    if (frame === '2') return ws.send('3');
    if (frame.startsWith('0')) return ws.send('40');
    if (!frame.startsWith('42')) return;
    const [event, payload] = JSON.parse(frame.slice(2)) as [string, never];
    if (event === 'hello') ready();
    handlers.get(event)?.(payload);
  });
  return {
    on: (event, handler) => void handlers.set(event, handler),
    emit: (event, payload) => ws.send(`42${JSON.stringify([event, payload])}`),
    close: () => ws.close(),
  };
}

async function main() {
  const watchers: Watcher[] = [];
  const list = urls!.split(',');
  const cookieList = cookies ? cookies.split(',') : [];
  const open = client === 'wire' ? wireWatcher : socketIoWatcher;
  await Promise.all(
    Array.from(
      { length: COUNT },
      (_, i) =>
        new Promise<void>((resolve, reject) => {
          let lastSeq = -1;
          const watcher = open(
            list[i % list.length]!,
            cookieList.length ? cookieList[i % cookieList.length] : undefined,
            () => {
              if (mode === 'stream' || mode === 'show') watcher.emit('stream:join', { streamId: roomId });
              else watcher.emit('auction:watch', { auctionId: roomId });
              resolve();
            },
            reject,
          );
          watcher.on('stream:message', ({ message }: { message: { text: string } }) => {
            const sentAt = /^t=(\d+)/.exec(message.text)?.[1];
            if (sentAt) latencies.push(Date.now() - Number(sentAt));
            received++;
          });
          const seen = new Set<string>();
          /** `show` mode: how many bids of each lot this socket has heard of, so every bid is noted once. */
          const bidsHeard = new Map<string, number>();
          const note = (key: string, at: number) => {
            const times = heard.get(key);
            if (times) times.push(at);
            else heard.set(key, [at]);
          };
          watcher.on(
            'stream:update',
            ({ stream }: { stream: { lot: { id: string; status: string; bidCount: number } | null } }) => {
              if (mode !== 'show' || !stream.lot) return;
              const at = Date.now();
              const { id, status, bidCount } = stream.lot;
              // Updates may carry several bids at once: each is heard when its count first shows.
              for (let n = (bidsHeard.get(id) ?? 0) + 1; n <= bidCount; n++) note(`${id} bid ${n}`, at);
              bidsHeard.set(id, Math.max(bidsHeard.get(id) ?? 0, bidCount));
              const key = `${id} ${status}`;
              if (seen.has(key)) return;
              seen.add(key);
              note(key, at);
            },
          );
          watcher.on('auction:update', (update: AuctionUpdate) => {
            latencies.push(Date.now() - Date.parse(update.serverTime));
            // Bids committed together arrive as one update that carries each of them.
            received += update.bids.length;
            messages++;
            if (lastSeq !== -1 && seqBefore(update) !== lastSeq) gaps++;
            lastSeq = update.auction.seq;
          });
          watchers.push(watcher);
        }),
    ),
  );
  // Joining a room is asynchronous on the server (and through Redis); give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  process.send!({ type: 'ready' });
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'finish') return;
    for (const w of watchers) w.close();
    process.send!({ type: 'stats', latencies, gaps, received, messages, heard: [...heard] }, () => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
