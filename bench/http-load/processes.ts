import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/free-port.mjs';

/** Core 0 serves, core 1 generates load: the two never fight over a core (the box has two). */
const SERVER_CORE = '0';
const LOAD_CORE = '1';

export interface Server {
  url: string;
  child: ChildProcess;
  /** performance.now() when the process was spawned: where its CPU profile's clock starts, give or take a millisecond. */
  spawnedAt: number;
  /** SIGTERM, then wait: the app shuts down cleanly and writes its CPU profile on the way out. */
  stop(): Promise<void>;
}

/** Starts a TypeScript entry point in its own Node process on the server core and waits until `readyPath` answers. */
export async function startServer(
  script: string,
  env: Record<string, string>,
  options: { readyPath: string; nodeArgs?: string[] },
): Promise<Server> {
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = spawn(
    'taskset',
    ['-c', SERVER_CORE, process.execPath, ...(options.nodeArgs ?? []), '--import', 'tsx', script],
    {
      cwd: path.dirname(script),
      env: { ...process.env, NODE_ENV: 'production', ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode} before answering`);
    try {
      if ((await fetch(url + options.readyPath)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${script} did not answer ${options.readyPath} within 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    spawnedAt,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface LoadResult {
  /** Answered in the run (wrk's count). */
  requests: number;
  rps: number;
  /**
   * The server's CPU time (all its threads, user and system) per request. Unlike req/s it hardly
   * moves when other work shares the box: it is what the server spends, not what it was given.
   */
  cpuUsPerRequest: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Responses that were not 2xx/3xx, plus socket errors and timeouts: any of these voids the row. */
  failures: number;
}

const REPORT = path.join(import.meta.dirname, 'wrk-report.lua');
const CLOCK_TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** wrk's report script with a request() that sends the next cookie of the list each time. */
function cookiesInTurn(cookies: string[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'souq-wrk-')), 'cookies.lua');
  const list = cookies.map((c) => JSON.stringify(c)).join(',\n');
  fs.writeFileSync(
    file,
    `local cookies = {\n${list}\n}\nlocal turn = math.random(#cookies)\n` +
      `request = function()\n  turn = turn % #cookies + 1\n` +
      `  return wrk.format(nil, nil, { Cookie = cookies[turn] })\nend\n` +
      fs.readFileSync(REPORT, 'utf8'),
  );
  return file;
}

/** User plus system CPU time of a process and all its threads so far, in microseconds (Linux). */
function cpuTimeUs(pid: number): number {
  // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
}

/**
 * One wrk run against the server with that pid (or the sum of several: instances and the balancer
 * in front of them); no Accept-Encoding unless a header says so. wrk runs on the load core, or on
 * any core with `core: null` (when the servers are not pinned either).
 */
export function wrk(
  url: string,
  opts: {
    serverPid: number | number[];
    seconds: number;
    connections: number;
    threads: number;
    headers?: Record<string, string>;
    /** Cookies sent in turn, one per request (each connection going round the list from its own place). */
    cookies?: string[];
    core?: string | null;
  },
): LoadResult {
  const headerArgs = Object.entries(opts.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const script = opts.cookies ? cookiesInTurn(opts.cookies) : REPORT;
  const pids = Array.isArray(opts.serverPid) ? opts.serverPid : [opts.serverPid];
  const serversCpuUs = () => pids.reduce((sum, pid) => sum + cpuTimeUs(pid), 0);
  const args = [
    'wrk',
    `-t${opts.threads}`,
    `-c${opts.connections}`,
    `-d${opts.seconds}s`,
    '--timeout',
    '5s',
    '-s',
    script,
    ...headerArgs,
    url,
  ];
  const cpuBefore = serversCpuUs();
  const run =
    opts.core === null
      ? spawnSync(args[0]!, args.slice(1), { encoding: 'utf8' })
      : spawnSync('taskset', ['-c', opts.core ?? LOAD_CORE, ...args], { encoding: 'utf8' });
  const cpuUs = serversCpuUs() - cpuBefore;
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr || run.error}`);
  const line = run.stdout.trim().split('\n').pop()!;
  const r = JSON.parse(line) as {
    requests: number;
    durationUs: number;
    p50Us: number;
    p99Us: number;
    maxUs: number;
    errors: Record<string, number>;
  };
  return {
    requests: r.requests,
    rps: r.requests / (r.durationUs / 1e6),
    cpuUsPerRequest: cpuUs / r.requests,
    p50Ms: r.p50Us / 1000,
    p99Ms: r.p99Us / 1000,
    maxMs: r.maxUs / 1000,
    failures: Object.values(r.errors).reduce((a, b) => a + b, 0),
  };
}

/**
 * The app as it was at an earlier commit, for an A/B in the same run: its files from git, this
 * checkout's npm dependencies (the two's did not change), and its own workspace packages: the
 * workspace links (`@souq/shared`, the contract) point into the checkout itself, or the earlier
 * server would run with today's contract.
 */
export function checkoutRef(repoRoot: string, ref: string): { dir: string; sha: string } {
  const sha = spawnSync('git', ['rev-parse', '--short', ref], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim();
  if (!sha) throw new Error(`unknown git ref ${ref}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `souq-${sha}-`));
  const tar = spawnSync('sh', ['-c', 'git archive "$1" | tar -x -C "$2"', 'sh', sha, dir], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (tar.status !== 0) throw new Error(`git archive ${ref} failed: ${tar.stderr}`);
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(repoRoot, 'node_modules'))) {
    // Workspace links are relative (`../../packages/shared`): copied as they are, they resolve in the checkout.
    const from = path.join(repoRoot, 'node_modules', entry);
    if (entry === '@souq') fs.cpSync(from, path.join(modules, entry), { recursive: true, verbatimSymlinks: true });
    else fs.symlinkSync(from, path.join(modules, entry));
  }
  if (fs.existsSync(path.join(repoRoot, 'apps/server/node_modules')))
    fs.symlinkSync(path.join(repoRoot, 'apps/server/node_modules'), path.join(dir, 'apps/server/node_modules'));
  return { dir, sha };
}
