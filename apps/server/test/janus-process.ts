import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/free-port.mjs';

/**
 * Debian's `janus` and `coturn`, started by a test on free ports and stopped after it. Ports are
 * set only in Janus's config files, so each run writes a config directory of its own.
 */

/** Says loudly why a suite is skipped; under CI a missing service is a failure, not a skip. */
export function announceSkip(what: string, why: string, hint: string): void {
  if (process.env.CI === 'true')
    throw new Error(`${why}. CI runs every suite with every service, so this is a failure.`);
  console.warn(`\n${'!'.repeat(78)}\n!! SKIPPING ${what}.\n!! ${why}\n!! ${hint}\n${'!'.repeat(78)}\n`);
}

function onPath(binary: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;
}

/** The plugin folders live under /usr/lib/<arch triplet>/janus, which differs per machine (JANUS_LIB_DIR overrides). */
export function janusLibDir(): string | undefined {
  const candidates = [
    ...(process.env.JANUS_LIB_DIR ? [process.env.JANUS_LIB_DIR] : []),
    ...['/usr/lib', '/usr/local/lib'].flatMap((base) =>
      fs.existsSync(base)
        ? [path.join(base, 'janus'), ...fs.readdirSync(base).map((d) => path.join(base, d, 'janus'))]
        : [],
    ),
  ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'plugins', 'libjanus_videoroom.so')));
}

export const janusInstalled = (): boolean => onPath('janus') && janusLibDir() !== undefined;
export const coturnInstalled = (): boolean => onPath('turnserver');

/**
 * The address media uses. Janus never offers loopback candidates, and coturn's relay must reach
 * Janus there, so both get the machine's primary IPv4; signaling stays on 127.0.0.1.
 */
export function primaryIPv4(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    const found = list?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  throw new Error('no non-loopback IPv4 address: Janus cannot offer a candidate the browser can reach');
}

export interface JanusProcess {
  /** Janus API (what our server and browsers call), e.g. http://127.0.0.1:PORT/janus */
  url: string;
  adminUrl: string;
  adminSecret: string;
  /** For Config.video.janus. */
  settings: { url: string; publicUrl: string; adminUrl: string; adminSecret: string };
  output(): string;
  /** The running process's id (for CPU measurements). */
  pid(): number | undefined;
  /** Restarts on the same ports: rooms and tokens are gone afterwards, as in production. */
  restart(): Promise<void>;
  /** Stops Janus but keeps its config, for `up()` on the same ports. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

function writeJanusConfig(
  dir: string,
  lib: string,
  ports: { http: number; admin: number },
  adminSecret: string,
  ip: string,
): void {
  // Only the plugin and transport we use: faster start, and no noise from unconfigured ones.
  for (const [sub, file] of [
    ['plugins', 'libjanus_videoroom.so'],
    ['transports', 'libjanus_http.so'],
  ] as const) {
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
    fs.symlinkSync(path.join(lib, sub, file), path.join(dir, sub, file));
  }
  fs.mkdirSync(path.join(dir, 'events'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'loggers'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'janus.jcfg'),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${dir}/plugins"
  transports_folder = "${dir}/transports"
  events_folder = "${dir}/events"
  loggers_folder = "${dir}/loggers"
  debug_level = 4
  admin_secret = "${adminSecret}"
  token_auth = true
}
media: {
  rtp_port_range = "20000-40000"
}
nat: {
  ice_enforce_list = "${ip}"
}
events: {
  broadcast = false
}
`,
  );
  fs.writeFileSync(
    path.join(dir, 'janus.transport.http.jcfg'),
    `general: {
  base_path = "/janus"
  http = true
  port = ${ports.http}
  ip = "127.0.0.1"
  https = false
}
admin: {
  admin_base_path = "/admin"
  admin_http = true
  admin_port = ${ports.admin}
  admin_ip = "127.0.0.1"
  admin_https = false
}
`,
  );
  // admin_key locks room creation to whoever knows it: our server (it sends the admin secret).
  fs.writeFileSync(
    path.join(dir, 'janus.plugin.videoroom.jcfg'),
    `general: {\n  admin_key = "${adminSecret}"\n  lock_rtp_forward = true\n}\n`,
  );
}

async function waitForInfo(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`janus exited with ${child.exitCode}:\n${output()}`);
    const info = await fetch(`${url}/info`).catch(() => undefined);
    if (info?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`janus did not answer ${url}/info within 15 s:\n${output()}`);
}

function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Janus on free ports. A port found free can be taken again before Janus binds it (its HTTP
 * transport then fails and Janus gives up on the admin API), so a failed start is retried on new ports.
 */
export async function startJanus(): Promise<JanusProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startJanusOnce();
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

async function startJanusOnce(): Promise<JanusProcess> {
  const lib = janusLibDir();
  if (!lib) throw new Error('janus plugins not found under /usr/lib/*/janus (apt-get install -y janus)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-janus-'));
  const ports = { http: await freePort(), admin: await freePort() };
  const adminSecret = crypto.randomBytes(16).toString('hex');
  writeJanusConfig(dir, lib, ports, adminSecret, primaryIPv4());
  const url = `http://127.0.0.1:${ports.http}/janus`;
  const adminUrl = `http://127.0.0.1:${ports.admin}/admin`;
  let out = '';
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn('janus', ['-F', dir, '-C', path.join(dir, 'janus.jcfg')], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-20_000)));
    child.stderr!.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-20_000)));
    await waitForInfo(url, child, () => out).catch(async (error: unknown) => {
      await stopChild(child);
      throw error;
    });
  };
  await launch();
  return {
    url,
    adminUrl,
    adminSecret,
    settings: { url, publicUrl: url, adminUrl, adminSecret },
    output: () => out,
    pid: () => child?.pid,
    restart: async () => {
      await stopChild(child);
      await launch();
    },
    down: () => stopChild(child),
    up: launch,
    stop: async () => {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TurnProcess {
  urls: string[];
  secret: string;
  stop(): Promise<void>;
}

/** Whether a STUN binding request to ip:port (UDP) is answered within 200 ms. */
function stunAnswers(ip: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    const request = Buffer.alloc(20);
    request.writeUInt16BE(0x0001, 0); // Binding request, no attributes
    request.writeUInt32BE(0x2112a442, 4); // magic cookie
    crypto.randomBytes(12).copy(request, 8);
    const done = (answered: boolean) => {
      clearTimeout(timer);
      socket.close();
      resolve(answered);
    };
    const timer = setTimeout(() => done(false), 200);
    socket.once('message', () => done(true));
    socket.once('error', () => done(false));
    socket.send(request, port, ip);
  });
}

/** coturn with `use-auth-secret`: it accepts the TURN REST credentials our server hands out. */
export async function startCoturn(): Promise<TurnProcess> {
  const ip = primaryIPv4();
  const port = await freePort();
  const secret = crypto.randomBytes(16).toString('hex');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-coturn-'));
  const args = [
    '-n', // no config file: everything is on this command line
    `--listening-port=${port}`,
    `--listening-ip=${ip}`,
    `--relay-ip=${ip}`,
    '--min-port=40001',
    '--max-port=50000',
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--realm=souq.test',
    '--no-tls',
    '--no-dtls',
    '--no-cli',
    '--fingerprint',
    `--pidfile=${dir}/turnserver.pid`,
    `--log-file=${dir}/turn.log`,
    '--simple-log',
  ];
  const child = spawn('turnserver', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  // coturn has no health endpoint and logs nothing reliable when ready: ask it a STUN question.
  const deadline = Date.now() + 10_000;
  while (!(await stunAnswers(ip, port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child);
      throw new Error(
        `coturn did not start:\n${out}\n${fs.existsSync(`${dir}/turn.log`) ? fs.readFileSync(`${dir}/turn.log`, 'utf8') : ''}`,
      );
    }
  }
  return {
    urls: [`turn:${ip}:${port}?transport=udp`],
    secret,
    stop: async () => {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
