/**
 * Mesh video: how many viewers one host's browser holds on this machine.
 *
 *   npx tsx bench/live-mesh.bench.ts [--viewers 1,5,10,15] [--hold 10]
 *
 * Needs the built SPA (npm run build) and Debian's Chromium. Souq runs in its own process with
 * MESH_MAX_VIEWERS raised out of the way; a headless Chromium with the fake camera runs the host page,
 * another the viewer pages (each its own browser context, like separate people). The host goes
 * live through the host form; viewers then arrive one after another up to each count in --viewers.
 * Each is timed from opening the page to its first decoded frame; at each count the script holds
 * for --hold seconds and counts the frames every viewer decodes, with the machine's CPU (both
 * cores, everything on it: the host's encoders and every viewer's decoder share them) and the
 * server's. A viewer is "held" when it decoded its first frame within 45 s and then kept at least
 * 10 frames a second.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { insertProduct } from '../apps/server/test/catalog-support.js';
import { CHROMIUM, CHROMIUM_FLAGS, FAKE_MEDIA_FLAGS } from '../e2e/support/chromium.js';
import { benchDatabase, percentile, ROOT, startServerProcess } from './support/server.js';
import { benchOptions } from './support/options.js';
import { inProcessApp } from './support/in-process.js';

const options = benchOptions({ viewers: '1,5,10,15', hold: 10 });
const ROUNDS = options.viewers.split(',').map(Number);
const HOLD_S = options.hold;
const FIRST_FRAME_DEADLINE_MS = 45_000;
const MIN_FPS = 10;

/** Busy and total jiffies of the whole machine (/proc/stat), and of one process. */
function machineTicks(): { busy: number; total: number } {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = fields.map(Number);
  const idle = n[3]! + n[4]!;
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}
const processTicks = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(after[11]) + Number(after[12]);
};
const TICKS_PER_S = 100;

/** A process and all its descendants (Chromium's browser, renderer, GPU and utility processes). */
function treeOf(root: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parent) if (ppid === tree[i]) tree.push(pid);
  return tree;
}
const treeTicks = (root: number) =>
  treeOf(root).reduce((sum, pid) => {
    try {
      return sum + processTicks(pid);
    } catch {
      return sum;
    }
  }, 0);

const frames = (page: Page) =>
  page.getByTestId('stream-video').evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);

async function main() {
  if (!fs.existsSync(`${ROOT}/apps/web/dist/index.html`)) throw new Error('Build the web app first: npm run build');
  const database = await benchDatabase('sqlite');
  const env = { ...database.env, MESH_MAX_VIEWERS: '100', WEB_DIST: `${ROOT}/apps/web/dist` };

  // The host and a product per round, written through the app's own services, then closed.
  const seed = await inProcessApp(env);
  const host = await seed.accounts.createAccountDirectly({
    email: `host-${crypto.randomBytes(3).toString('hex')}@bench.test`,
    username: 'bench_host',
    phone: '0501234567',
    password: 'bench-pass-1',
    verified: true,
  });
  const { token } = await seed.accounts.createSession(host.id);
  await insertProduct(seed as unknown as Parameters<typeof insertProduct>[0], host.id, { title: 'Mesh ramp' });
  await seed.app.close();

  const server = await startServerProcess(env);
  // The host in a Chromium of its own, so its CPU (capture and one encoder per viewer) can be told from the viewers' decoding.
  const hostServer = await chromium.launchServer({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, ...FAKE_MEDIA_FLAGS],
  });
  const hostBrowser = await chromium.connect(hostServer.wsEndpoint());
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, ...FAKE_MEDIA_FLAGS] });
  const cpu = `${fs.readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? '?'} × ${fs.readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length}`;
  console.log(`mesh video: a host's Chromium and N viewers in another (fake camera, headless), on ${cpu}`);
  console.log(
    'viewers | held | retried | first frame p50 / p95 / max (ms), all so far | fps per viewer min / median | machine CPU busy (2 cores) | host browser CPU (% of a core) | server CPU (% of a core) | host says | stream | 1-min load average',
  );
  try {
    const hostContext = await hostBrowser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
    await hostContext.addCookies([
      { name: 'souq_sid', value: token, url: server.url, httpOnly: true, sameSite: 'Lax' },
    ]);
    const hostPage = await hostContext.newPage();
    await hostPage.goto('/livestream-host');
    const form = hostPage.getByTestId('host-form');
    await form.getByLabel('Title').fill('Mesh ramp');
    await form.getByLabel('Bidding duration (minutes)').fill('60');
    await form.getByLabel('Product on sale').selectOption({ label: 'Mesh ramp' });
    await form.getByLabel('Starting bid').fill('100');
    await form.getByTestId('start-stream').click();
    await hostPage.getByTestId('host-screen').waitFor({ timeout: 60_000 });
    const streamId = new URL(hostPage.url()).searchParams.get('stream')!;

    const viewers: Array<{ page: Page; firstFrame: number | null; retried: boolean }> = [];
    for (const target of ROUNDS) {
      // Viewers arrive one after another, as an audience does; each is timed from opening the page to its first decoded frame.
      while (viewers.length < target) {
        const context = await browser.newContext({ baseURL: server.url });
        const page = await context.newPage();
        const started = Date.now();
        let firstFrame: number | null = null;
        let retried = false;
        await page.goto(`/livestream/${streamId}`, { timeout: 60_000 }).catch(() => undefined);
        while (Date.now() - started < FIRST_FRAME_DEADLINE_MS) {
          if ((await frames(page).catch(() => 0)) > 0) {
            firstFrame = Date.now() - started;
            break;
          }
          // A first attempt that timed out (the host or the machine too slow) shows as Reconnecting.
          if (
            (await page
              .getByTestId('connection-status')
              .textContent()
              .catch(() => '')) === 'Reconnecting...'
          )
            retried = true;
          await new Promise((r) => setTimeout(r, 100));
        }
        viewers.push({ page, firstFrame, retried });
      }
      const before = await Promise.all(viewers.map(({ page }) => frames(page).catch(() => 0)));
      const m0 = machineTicks();
      const s0 = processTicks(server.child.pid!);
      const h0 = treeTicks(hostServer.process().pid!);
      await new Promise((r) => setTimeout(r, HOLD_S * 1000));
      const m1 = machineTicks();
      const s1 = processTicks(server.child.pid!);
      const h1 = treeTicks(hostServer.process().pid!);
      const after = await Promise.all(viewers.map(({ page }) => frames(page).catch(() => 0)));
      const fps = after.map((a, i) => (a - before[i]!) / HOLD_S);
      const held = fps.filter((f, i) => viewers[i]!.firstFrame !== null && f >= MIN_FPS).length;
      const joined = viewers
        .map((v) => v.firstFrame)
        .filter((t): t is number => t !== null)
        .sort((a, b) => a - b);
      const sortedFps = [...fps].sort((a, b) => a - b);
      const machine = (100 * (m1.busy - m0.busy)) / (m1.total - m0.total);
      const serverCpu = (100 * (s1 - s0)) / (TICKS_PER_S * HOLD_S);
      const hostCpu = (100 * (h1 - h0)) / (TICKS_PER_S * HOLD_S);
      const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
      const state = (await (await fetch(`${server.url}/api/streams/${streamId}`)).json()) as {
        status: string;
        endReason: string | null;
      };
      const says = (await hostPage.getByTestId('viewer-count').textContent())?.replace(/\s+/g, ' ').trim();
      console.log(
        `${String(target).padStart(7)} | ${String(held).padStart(4)} | ${String(viewers.filter((v) => v.retried).length).padStart(7)} | ${joined.length ? `${percentile(joined, 50)} / ${percentile(joined, 95)} / ${joined.at(-1)}` : '—'} | ${sortedFps[0]?.toFixed(1)} / ${sortedFps[Math.floor(sortedFps.length / 2)]?.toFixed(1)} | ${machine.toFixed(0)}% | ${hostCpu.toFixed(0)}% | ${serverCpu.toFixed(0)}% | ${says} | ${state.status}${state.endReason ? ` (${state.endReason})` : ''} | load ${load}`,
      );
    }
  } finally {
    await browser.close();
    await hostBrowser.close();
    await hostServer.close();
    await server.stop();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
