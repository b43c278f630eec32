/**
 * One fan-out run, as bench:fanout and bench:cluster drive it: crowds of socket clients in
 * processes of their own (support/socket-clients.ts) watch one auction, this process bids on it
 * at a steady rate, and the clients measure each update from the bid's acceptance (the server's
 * time in the update) to its arrival, and check sequence numbers for gaps.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { treeCpuSeconds } from './cpu.js';
import { ROOT } from './server.js';

interface CrowdStats {
  latencies: number[];
  gaps: number;
  /** Bid rows delivered (an update may carry several). */
  received: number;
  messages: number;
}

interface FanoutOptions {
  /** Where the clients connect: a server, or the balancer with a stickiness cookie each. Socket i takes target i mod n. */
  targets: Array<{ url: string; cookie?: string }>;
  /** Where the bids go (a server, or the balancer). */
  bidUrl: string;
  auctionId: string;
  /** Bidders' session cookies, taken in turn. */
  cookies: string[];
  clients: number;
  processes: number;
  /** Times a second, `burst` bids at once each time. */
  rate: number;
  burst: number;
  seconds: number;
  client: 'socket.io' | 'wire' | string;
  /** The servers' processes, for their CPU over the bidding window. */
  serverPids: number[];
  /** A balancer's process in front of them, counted on its own. */
  balancerPid?: number;
  /** Called once every client watches, before the first bid. */
  onReady?: () => Promise<void>;
}

export interface FanoutResult {
  sent: number;
  accepted: number;
  /** Bid rows delivered, and expected (accepted × clients). */
  received: number;
  expected: number;
  messages: number;
  gaps: number;
  /** Bid to arrival, ms, sorted. */
  latencies: number[];
  serverCpuSeconds: number;
  /** 0 without a balancer. */
  balancerCpuSeconds: number;
  crowdCpuSeconds: number;
  /** performance.now() when the bidding started and stopped. */
  startedAt: number;
  stoppedAt: number;
}

export async function runFanout(options: FanoutOptions): Promise<FanoutResult> {
  const { clients, processes } = options;
  const crowds: ChildProcess[] = Array.from({ length: processes }, (_, p) => {
    const share = Math.floor(clients / processes) + (p < clients % processes ? 1 : 0);
    // Each process spreads its sockets over every target.
    const args = [
      options.targets.map((t) => t.url).join(','),
      options.auctionId,
      String(share),
      'auction',
      options.client,
    ];
    if (options.targets.some((t) => t.cookie)) args.push(options.targets.map((t) => t.cookie ?? '').join(','));
    return fork(path.join(ROOT, 'bench/support/socket-clients.ts'), args, {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  });
  try {
    await Promise.all(
      crowds.map(
        (c) =>
          new Promise<void>((resolve, reject) => {
            c.once('message', () => resolve());
            c.once('exit', (code) =>
              reject(new Error(`a client process exited (${code}) before its sockets were ready`)),
            );
          }),
      ),
    );
    await options.onReady?.();
    let accepted = 0;
    let sent = 0;
    // The servers' own CPU over the window: steadier than the tail when comparing two builds on a busy box.
    const serverCpu = () => options.serverPids.reduce((sum, pid) => sum + treeCpuSeconds(pid), 0);
    const crowdCpu = () => crowds.reduce((sum, c) => sum + treeCpuSeconds(c.pid!), 0);
    const balancerCpu = () => (options.balancerPid ? treeCpuSeconds(options.balancerPid) : 0);
    const cpuBefore = serverCpu();
    const balancerCpuBefore = balancerCpu();
    const crowdCpuBefore = crowdCpu();
    const startedAt = performance.now();
    const started = Date.now();
    for (let n = 0; Date.now() - started < options.seconds * 1000; n++) {
      const due = started + (n * 1000) / options.rate;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      await Promise.all(
        Array.from({ length: options.burst }, async (_, b) => {
          const k = n * options.burst + b;
          const res = await fetch(`${options.bidUrl}/api/auctions/${options.auctionId}/bids`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: options.cookies[k % options.cookies.length]! },
            body: JSON.stringify({ amount: 100_00 + k * 600_00 }),
          });
          sent++;
          if (res.status === 201) accepted++;
          await res.arrayBuffer();
        }),
      );
    }
    const stoppedAt = performance.now();
    const serverCpuSeconds = serverCpu() - cpuBefore;
    const balancerCpuSeconds = balancerCpu() - balancerCpuBefore;
    const crowdCpuSeconds = crowdCpu() - crowdCpuBefore;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const stats = await Promise.all(
      crowds.map(
        (c) =>
          new Promise<CrowdStats>((resolve) => {
            c.on('message', (m: { type: string } & CrowdStats) => m.type === 'stats' && resolve(m));
            c.send({ type: 'finish' });
          }),
      ),
    );
    return {
      sent,
      accepted,
      received: stats.reduce((sum, s) => sum + s.received, 0),
      expected: accepted * clients,
      messages: stats.reduce((sum, s) => sum + s.messages, 0),
      gaps: stats.reduce((sum, s) => sum + s.gaps, 0),
      latencies: stats.flatMap((s) => s.latencies).sort((a, b) => a - b),
      serverCpuSeconds,
      balancerCpuSeconds,
      crowdCpuSeconds,
      startedAt,
      stoppedAt,
    };
  } finally {
    for (const c of crowds) if (c.exitCode === null) c.kill();
  }
}
