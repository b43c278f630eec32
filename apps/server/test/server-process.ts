import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { exited, spawnTsx, type Exited } from './support.js';
import { freePort } from '../../../scripts/free-port.mjs';

/** A Souq server in a process of its own, as an operator runs it: for signals, crashes and memory. */
export interface ServerProcess {
  child: ChildProcess;
  done: Promise<Exited>;
  base: string;
  /** Everything the process printed so far. */
  output(): string;
}

export { freePort };

/**
 * How long a server process may take to answer: about 5 s alone here (10 s with the demo's
 * pictures), but over 30 s beside the rest of the unit suite on two cores.
 */
export const PROCESS_START_MS = 90_000;
/** A test that starts server processes: their starts, its own work and their graceful stops. */
export const PROCESS_TEST_MS = 2 * PROCESS_START_MS + 60_000;

/** Waits until `/api/health` answers; fails with the process's output if it exits first. */
export async function waitForHealth(
  child: ChildProcess,
  done: Promise<Exited>,
  base: string,
  timeoutMs = PROCESS_START_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const exitedEarly = await Promise.race([
      done,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 100)),
    ]);
    if (exitedEarly)
      throw new Error(`server exited with ${exitedEarly.code}:\n${exitedEarly.stdout}\n${exitedEarly.stderr}`);
    const health = await fetch(`${base}/api/health`).catch(() => undefined);
    if (health?.ok) return;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /api/health within ${timeoutMs / 1000} s`);
    }
  }
}

/** `apps/server/src/main.ts` on SQLite in `dataDir`, with nothing else configured unless `env` says so. */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  // Empty values count as unset, so nothing from the developer's shell leaks in.
  const child = spawnTsx('apps/server/src/main.ts', [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'true',
    DATABASE_URL: '',
    PUBLIC_URL: '',
    SMTP_URL: '',
    REDIS_URL: '',
    ...env,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = exited(child);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(child, done, base);
  return { child, done, base, output: () => output };
}

/** Resident memory of a process right now and at its peak (Linux), in MB. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** Sends SIGTERM and waits for the exit (SIGKILL after `timeoutMs`, and a failure). */
export async function stopServerProcess(server: ServerProcess, timeoutMs = 15_000): Promise<Exited> {
  server.child.kill('SIGTERM');
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`no exit within ${timeoutMs / 1000} s of SIGTERM`)), timeoutMs),
  );
  try {
    return await Promise.race([server.done, timeout]);
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  }
}

export const signIn = (base: string, email: string, password: string) =>
  fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

/** The session cookie of a demo account. */
export async function demoCookie(base: string, email: string): Promise<string> {
  const res = await signIn(base, email, 'souq-demo');
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}
