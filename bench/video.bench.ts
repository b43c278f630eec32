/**
 * Live video through Janus: join to first decoded frame (p50/p95) for 1, 5 and 10 viewers, and
 * the CPU of the host's browser, Janus, our server and the viewers' browser while they watch.
 *
 *   npm run bench:video -- [--viewers 1,5,10] [--rounds 5] [--hold 10]
 *
 * Everything runs on this machine: Janus (started on free ports), Souq in its own process, the
 * host in one headless Chromium (fake camera, 640x360) and every viewer as a separate context in
 * a second Chromium. A viewer's clock runs from asking our server for its join to the first frame
 * its <video> decodes, through the web module the screens use. For each crowd size, `--rounds`
 * crowds join at once; the last round then watches for `--hold` seconds while CPU is sampled.
 * Mesh is not measured here: it needs the live screens (another branch).
 */
import fs from 'node:fs';
import { chromium, type Browser, type BrowserServer, type Page } from 'playwright-core';
import { janusInstalled, startJanus } from '../apps/server/test/janus-process.js';
import { CHROMIUM, CHROMIUM_FLAGS, FAKE_MEDIA_FLAGS } from '../e2e/support/chromium.js';
import {
  firstFrame,
  goLive,
  hostPresence,
  hostPublishes,
  openVideoPage,
  playback,
  viewerStates,
  viewerWatches,
  writeVideoTestSite,
} from '../e2e/support/janus-video.js';
import { benchDatabase, percentile, startServerProcess } from './support/server.js';
import { treeCpuSeconds } from './support/cpu.js';
import { benchOptions } from './support/options.js';
import { inProcessApp } from './support/in-process.js';
import { productValues } from '../apps/server/test/fixtures/products.js';

const options = benchOptions({ viewers: '1,5,10', rounds: 5, hold: 10 });
const CROWDS = options.viewers.split(',').map(Number);
const { rounds: ROUNDS, hold: HOLD_S } = options;

/** A host with one product, written through the app's own services (not listening), then closed. */
async function seedHost(env: Record<string, string>) {
  const souq = await inProcessApp(env);
  const row = await souq.accounts.createAccountDirectly({
    email: 'host@bench.test',
    username: 'bench_host',
    phone: '0501234567',
    password: 'bench-pass-1',
    verified: true,
  });
  const cookie = `souq_sid=${(await souq.accounts.createSession(row.id)).token}`;
  const at = new Date().toISOString();
  const product = productValues(row.id, {
    title: 'Bench lamp',
    category: 'Home',
    price: 100_00,
    brand: 'Bench',
    keywordList: ['lamp'],
    created_at: at,
  });
  await souq.database.db.insertInto('products').values(product).execute();
  const productId = product.id;
  await souq.app.close();
  return { cookie, productId };
}

function launch(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, ...FAKE_MEDIA_FLAGS] });
}

async function main() {
  if (!janusInstalled()) throw new Error('janus is not installed: apt-get install -y janus');
  const janus = await startJanus();
  const site = await writeVideoTestSite();
  const database = await benchDatabase('sqlite');
  const env = {
    ...database.env,
    WEB_DIST: site,
    JANUS_URL: janus.url,
    JANUS_ADMIN_URL: janus.adminUrl,
    JANUS_ADMIN_SECRET: janus.adminSecret,
  };
  const { cookie, productId } = await seedHost(env);
  const server = await startServerProcess(env);
  const hostServer = await launch();
  const viewerServer = await launch();
  const hostBrowser: Browser = await chromium.connect(hostServer.wsEndpoint());
  const viewerBrowser: Browser = await chromium.connect(viewerServer.wsEndpoint());
  const rows: string[] = [];
  let leave = () => undefined as void;
  try {
    const hostPage = await openVideoPage(hostBrowser, server.url, cookie);
    const streamId = await goLive(hostPage, productId, 'Benchmark stream');
    leave = await hostPresence(server.url, cookie, streamId);
    await hostPublishes(hostPage, streamId);
    console.log(
      `janus ${janus.url}, souq ${server.url}, stream ${streamId}; ${ROUNDS} rounds per crowd, ${HOLD_S} s hold`,
    );

    for (const crowd of CROWDS) {
      const samples: number[] = [];
      let failed = 0;
      let held: Page[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const pages = await Promise.all(Array.from({ length: crowd }, () => openVideoPage(viewerBrowser, server.url)));
        await Promise.all(pages.map((p) => viewerWatches(p, streamId)));
        // A viewer with no frame in 30 s counts as a failed join (its states say why), not a crash.
        const joined = await Promise.all(
          pages.map((p) => firstFrame(p).catch(async () => `no frame; states ${(await viewerStates(p)).join(' → ')}`)),
        );
        for (const j of joined) {
          if (typeof j === 'number') samples.push(j);
          else {
            failed++;
            console.log(`  ${crowd} viewers, round ${round + 1}: ${j}`);
          }
        }
        if (round < ROUNDS - 1) await Promise.all(pages.map((p) => p.context().close()));
        else held = pages;
      }
      const pids = {
        host: hostServer.process().pid!,
        janus: janus.pid()!,
        souq: server.child.pid!,
        viewers: viewerServer.process().pid!,
      };
      const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, treeCpuSeconds(pid)]));
      const framesBefore = await Promise.all(held.map((p) => playback(p)));
      await new Promise((resolve) => setTimeout(resolve, HOLD_S * 1000));
      const framesAfter = await Promise.all(held.map((p) => playback(p)));
      const cpu = Object.fromEntries(
        Object.entries(pids).map(([k, pid]) => [k, ((treeCpuSeconds(pid) - before[k]!) / HOLD_S) * 100]),
      );
      const stillPlaying = framesAfter.filter(
        (a, i) => a.frames > framesBefore[i]!.frames && a.time > framesBefore[i]!.time,
      ).length;
      const fps =
        framesAfter.reduce((sum, a, i) => sum + (a.frames - framesBefore[i]!.frames), 0) / held.length / HOLD_S;
      samples.sort((a, b) => a - b);
      const row = `| ${crowd} | ${samples.length}/${samples.length + failed} | ${percentile(samples, 50).toFixed(0)} | ${percentile(samples, 95).toFixed(0)} | ${stillPlaying}/${crowd} | ${fps.toFixed(1)} | ${cpu.host!.toFixed(0)} | ${cpu.janus!.toFixed(0)} | ${cpu.souq!.toFixed(0)} | ${cpu.viewers!.toFixed(0)} |`;
      console.log(row);
      rows.push(row);
      await Promise.all(held.map((p) => p.context().close()));
    }
    console.log(
      '\n| viewers | joins with video | first frame p50 (ms) | p95 (ms) | playing after hold | fps per viewer | host browser CPU % | Janus CPU % | Souq CPU % | viewers’ browser CPU % |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    leave();
    await hostBrowser.close().catch(() => undefined);
    await viewerBrowser.close().catch(() => undefined);
    await hostServer.close();
    await viewerServer.close();
    await server.stop();
    await janus.stop();
    await database.drop();
    fs.rmSync(site, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
