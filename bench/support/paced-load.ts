import net from 'node:net';

export interface PacedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface PacedResult {
  /** Answers to requests due after the warm-up. */
  answered: number;
  /** Due in the run but still waiting for their client when it ended. */
  unsent: number;
  /** From when each answered request due after the warm-up was due, not from when it was sent. */
  latenciesMs: number[];
}

/**
 * POSTs offered at a steady `rate` a second for `seconds`: request j is due at j / rate and goes to
 * client j mod `clients`, each client one keep-alive connection with one request in flight. A
 * request whose client is still waiting for its last answer waits too, and its time counts from
 * when it was due: a slow answer shows in the figures instead of quietly lowering the load (what
 * load generators that wait for an answer before the next request, autocannon's rate included, call
 * coordinated omission). `make` builds a request as it is sent, so it can depend on what was sent before.
 * The first `warmupSeconds` run the same way and are not counted: a server just started is still
 * compiling its hot paths.
 */
export async function pacedLoad(options: {
  url: string;
  rate: number;
  seconds: number;
  warmupSeconds?: number;
  clients: number;
  make: (client: number) => PacedRequest;
  /** `counted`: the request was due after the warm-up. */
  onAnswer: (client: number, status: number, body: string, counted: boolean) => void;
}): Promise<PacedResult> {
  const { hostname, port } = new URL(options.url);
  const latenciesMs: number[] = [];
  const warmupMs = (options.warmupSeconds ?? 0) * 1000;
  let measureFrom = Infinity;
  let inFlight = 0;
  const clients = Array.from({ length: options.clients }, (_, index) => {
    // HTTP/1.1 by hand on a kept socket, as autocannon does. Through node:http, 2,000 bids a second
    // on SQLite were answered in 225 ms at the median and 1,020 ms at p99; by hand, 3.6 and 22 ms:
    // on a two-core machine the client's own work had been taking the server's core.
    const socket = net.connect(Number(port), hostname);
    socket.setNoDelay(true);
    const client = { socket, due: [] as number[], busy: false, sentDue: 0, buffer: Buffer.alloc(0) as Buffer };
    socket.on('data', (chunk: Buffer) => {
      client.buffer = client.buffer.length === 0 ? chunk : Buffer.concat([client.buffer, chunk]);
      const headEnd = client.buffer.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = client.buffer.subarray(0, headEnd).toString('latin1');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
      if (!Number.isFinite(length)) throw new Error(`an answer without Content-Length: ${head}`);
      if (client.buffer.length < headEnd + 4 + length) return;
      const body = client.buffer.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
      client.buffer = client.buffer.subarray(headEnd + 4 + length);
      const status = Number(head.slice(9, 12));
      const counted = client.sentDue >= measureFrom;
      if (counted) latenciesMs.push(performance.now() - client.sentDue);
      options.onAnswer(index, status, body, counted);
      client.busy = false;
      inFlight--;
      send(index);
    });
    socket.on('error', (error) => {
      throw error;
    });
    return client;
  });
  const send = (index: number) => {
    const client = clients[index]!;
    if (client.busy || client.due.length === 0) return;
    client.sentDue = client.due.shift()!;
    const request = options.make(index);
    client.busy = true;
    inFlight++;
    const headers = Object.entries(request.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    client.socket.write(
      `POST ${request.path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${headers}content-length: ${Buffer.byteLength(request.body)}\r\n\r\n${request.body}`,
    );
  };

  const start = performance.now();
  measureFrom = start + warmupMs;
  const total = Math.floor((options.rate * (warmupMs + options.seconds * 1000)) / 1000);
  let issued = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const dueNow = Math.min(total, Math.floor(((performance.now() - start) * options.rate) / 1000));
      for (; issued < dueNow; issued++) {
        const index = issued % clients.length;
        clients[index]!.due.push(start + (issued * 1000) / options.rate);
        send(index);
      }
      if (issued >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 1);
  });
  const unsent = clients.reduce((sum, c) => sum + c.due.length, 0);
  for (const c of clients) c.due.length = 0;
  // The requests already sent are answered (or fail) before the figures are read.
  while (inFlight > 0) await new Promise((r) => setTimeout(r, 5));
  for (const c of clients) c.socket.destroy();
  return { answered: latenciesMs.length, unsent, latenciesMs };
}

/** The q-quantile (0..1) of unsorted values, nearest rank. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}
