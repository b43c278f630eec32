// A local cluster as deploy/ describes it: N Souq instances and HAProxy in front, on free
// loopback ports, with the balancer's configuration generated from deploy/haproxy.cfg. For the
// end-to-end cluster suite and `bench:cluster`, and by hand:
//
//   DATABASE_URL=postgres://…  REDIS_URL=redis://127.0.0.1:6379  node scripts/cluster.mjs --instances 2
//
// Without DATABASE_URL the instances share one SQLite file in one DATA_DIR (the same machine only).
// It prints the balancer's address once /api/ready answers through it, and stops everything on
// SIGINT/SIGTERM or when this process exits.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATE = path.join(root, 'deploy/haproxy.cfg');
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';

export { freePort };

/**
 * deploy/haproxy.cfg with the public and stats `bind` lines on loopback ports and one server per
 * instance in both backends; every other line (timeouts, cookie, checks, request ids) as deployed.
 */
export function clusterConfig(template, { port, statsPort, instancePorts }) {
  const servers = (backend) =>
    instancePorts
      .map(
        (p, i) =>
          `    server souq${i + 1} 127.0.0.1:${p} ${backend === 'souq' ? `cookie souq${i + 1}` : `track souq/souq${i + 1}`}`,
      )
      .join('\n');
  let backend = '';
  let written = false;
  const lines = [];
  for (const line of template.split('\n')) {
    const section = /^(frontend|backend)\s+(\S+)/.exec(line);
    if (section) {
      backend = section[1] === 'backend' ? section[2] : '';
      written = false;
    }
    if (/^\s*bind :80\s*$/.test(line)) lines.push(`    bind 127.0.0.1:${port}`);
    else if (/^\s*bind 127\.0\.0\.1:8404\s*$/.test(line)) lines.push(`    bind 127.0.0.1:${statsPort}`);
    else if (/^\s*server souq\d+ /.test(line)) {
      if (!written) lines.push(servers(backend));
      written = true;
    } else lines.push(line);
  }
  return lines.join('\n');
}

async function waitFor(url, child, what, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    const res = await fetch(url).catch(() => undefined);
    if (res?.ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stopChild(child, timeoutMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the instances (each `node --import tsx apps/server/src/main.ts` with its own PORT and
 * METRICS_PORT, and `env` shared), waits until each is ready, then starts HAProxy and waits until
 * /api/ready answers through it. `stdio`: 'inherit' to watch their logs, 'ignore' to keep quiet,
 * 'pipe' for a caller that reads them (`child.stdout`, `child.stderr`; it must read them).
 */
export async function startCluster({ instances = 2, env = {}, stdio = 'inherit' } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-cluster-'));
  const [port, statsPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const started = [];
  const stop = async () => {
    await Promise.all(started.map((s) => stopChild(s.child)));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // A crash of this process must not leave servers holding ports.
  const killAll = () => started.forEach((s) => s.child.exitCode === null && s.child.kill('SIGKILL'));
  process.once('exit', killAll);
  try {
    for (let i = 0; i < instances; i++) {
      const [instancePort, metricsPort] = [await freePort(), await freePort()];
      const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          DATA_DIR: path.join(dir, 'data'),
          LOG_LEVEL: 'warn',
          SEED_DEMO: 'false',
          TRUST_PROXY: 'true',
          PUBLIC_URL: url,
          ...env,
          HOST: '127.0.0.1',
          PORT: String(instancePort),
          METRICS_PORT: String(metricsPort),
        },
        stdio: ['ignore', stdio, stdio],
      });
      started.push({ child, port: instancePort, metricsPort, url: `http://127.0.0.1:${instancePort}` });
    }
    // One at a time would be slower; all at once, they migrate under the advisory lock (or SQLite's).
    await Promise.all(started.map((s, i) => waitFor(`${s.url}/api/ready`, s.child, `instance ${i + 1}`, 60_000)));

    const config = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(
      config,
      clusterConfig(fs.readFileSync(TEMPLATE, 'utf8'), { port, statsPort, instancePorts: started.map((s) => s.port) }),
    );
    const haproxy = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', stdio, stdio] });
    started.push({ child: haproxy, port, url });
    await waitFor(`${url}/api/ready`, haproxy, 'haproxy', 20_000);
    return { url, statsUrl: `http://127.0.0.1:${statsPort}`, instances: started.slice(0, instances), haproxy, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--instances');
  const instances = at > 0 ? Number(process.argv[at + 1]) : 2;
  if (!Number.isInteger(instances) || instances < 1) {
    console.error('usage: node scripts/cluster.mjs [--instances N]');
    process.exit(2);
  }
  const cluster = await startCluster({ instances });
  console.log(
    `Souq cluster: ${cluster.url} (${instances} instances: ${cluster.instances.map((s) => s.url).join(', ')}; HAProxy stats ${cluster.statsUrl}/stats)`,
  );
  const shutdown = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}
