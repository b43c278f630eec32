/**
 * A cold first visit on a throttled phone (issue 11): LCP, CLS and the JavaScript bytes for the
 * shop and a product page, measured in Chromium over CDP, then Lighthouse's mobile performance
 * score for the same two pages. Median of --runs (default 3) of each.
 *
 *   npm run bench:vitals
 *   npm run bench:vitals -- --runs 5 --skip-lighthouse
 *
 * The app runs as `npm start` runs it (production build, demo data, SQLite) in its own process.
 * The CDP runs emulate a 360 × 780 phone with issue 11's throttling: 4× slower CPU, 150 ms round
 * trips, 1.6 Mbps down and 750 kbps up, an empty cache. Lighthouse uses its own default mobile
 * profile, which is the same throttling, simulated. Needs Debian's chromium (CHROMIUM_PATH).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/chromium.js';
import { benchDatabase, startServerProcess } from './support/server.js';
import { benchOptions } from './support/options.js';

const PHONE = { width: 360, height: 780 };
const THROTTLE = { cpu: 4, latencyMs: 150, downKbps: 1600, upKbps: 750 };

const options = benchOptions({ runs: 3, 'skip-lighthouse': false });
const { runs } = options;

interface Visit {
  lcpMs: number;
  cls: number;
  /** Blocking time of the main thread's long tasks after the first paint, as they ran (not simulated). */
  tbtMs: number;
  jsBytes: number;
  jsFiles: number;
}

/** Recorded from the first byte on: the largest paint so far, the sum of unexpected layout shifts, long tasks. */
const OBSERVE_VITALS = `
  window.__vitals = { lcp: 0, cls: 0, long: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__vitals.long.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__vitals.lcp = e.renderTime || e.loadTime || e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__vitals.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** A first visit in English, or in Arabic from a phone whose browser prefers it (issue 29). */
type Language = 'en' | 'ar';
const ACCEPT_LANGUAGE: Record<Language, string> = { en: 'en-US,en;q=0.9', ar: 'ar-AE,ar;q=0.9,en;q=0.8' };

async function visit(browser: Browser, url: string, language: Language): Promise<Visit> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    extraHTTPHeaders: { 'accept-language': ACCEPT_LANGUAGE[language] },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLE.latencyMs,
    downloadThroughput: (THROTTLE.downKbps * 1000) / 8,
    uploadThroughput: (THROTTLE.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpu });

  const scripts = new Set<string>();
  let jsBytes = 0;
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
  });

  await page.addInitScript(OBSERVE_VITALS);
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  // A late layout shift (a footer pushed down by a late image) still counts: give it a moment.
  await page.waitForTimeout(1500);
  const vitals = await page.evaluate(() => {
    const v = (globalThis as unknown as { __vitals: { lcp: number; cls: number; long: [number, number][] } }).__vitals;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    // Total blocking time as Lighthouse defines it: what each long task after the first paint ran over 50 ms.
    return {
      ...v,
      tbt: v.long.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
    };
  });
  await context.close();
  return { lcpMs: vitals.lcp, cls: vitals.cls, tbtMs: vitals.tbt, jsBytes, jsFiles: scripts.size };
}

interface LighthouseRun {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

/** Lighthouse could not record the page load (NO_NAVSTART and the like) and asks to be run again. */
class LighthouseRuntimeError extends Error {}

/** A run that Lighthouse itself could not record is run again, twice at most, and said so. */
async function lighthouseRunAgainIfUnrecorded(url: string, language: Language): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, language);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error;
      console.error(`(Lighthouse could not record ${url}: ${error.message} Running it again.)`);
    }
  }
}

async function lighthouseRun(url: string, language: Language): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS.map((f) => (f === '--headless' ? '--headless=new' : f)),
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: { 'Accept-Language': ACCEPT_LANGUAGE[language] },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(lhr.runtimeError.message);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbtMs: audit('total-blocking-time'),
      fcpMs: audit('first-contentful-paint'),
    };
  } finally {
    chrome.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${Math.round(x).toLocaleString('en')} ms`;

buildWebIfStale();
const database = await benchDatabase('sqlite');
const server = await startServerProcess({ ...database.env, SEED_DEMO: 'true' });
try {
  const { items } = (await (await fetch(`${server.url}/api/products?limit=1`)).json()) as { items: { id: string }[] };
  const pages = (['en', 'ar'] as const).flatMap((language) => [
    { name: `shop (/), ${language}`, url: `${server.url}/`, language },
    { name: `product page, ${language}`, url: `${server.url}/product/${items[0]!.id}`, language },
  ]);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  console.log(
    `\nCold visit at ${PHONE.width} px: ${THROTTLE.cpu}× CPU, ${THROTTLE.latencyMs} ms RTT, ${THROTTLE.downKbps / 1000} Mbps down (median of ${runs})\n`,
  );
  console.log('| page | LCP | CLS | TBT (as run) | JavaScript (compressed, on the wire) |\n|---|---:|---:|---:|---:|');
  for (const p of pages) {
    await visit(browser, p.url, p.language); // warms the server's own caches, not the browser's
    const visits: Visit[] = [];
    for (let i = 0; i < runs; i++) visits.push(await visit(browser, p.url, p.language));
    const js = median(visits.map((v) => v.jsBytes));
    console.log(
      `| ${p.name} | ${ms(median(visits.map((v) => v.lcpMs)))} | ${median(visits.map((v) => v.cls)).toFixed(3)} | ${ms(median(visits.map((v) => v.tbtMs)))} | ${js.toLocaleString('en')} B in ${visits[0]!.jsFiles} files |`,
    );
  }
  await browser.close();

  if (!options['skip-lighthouse']) {
    console.log(
      `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (simulated throttling), median of ${runs} by score\n`,
    );
    console.log('| page | performance | LCP | CLS | TBT | FCP |\n|---|---:|---:|---:|---:|---:|');
    for (const p of pages) {
      const results: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) results.push(await lighthouseRunAgainIfUnrecorded(p.url, p.language));
      const mid = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)]!;
      console.log(
        `| ${p.name} | ${mid.score} (${results.map((r) => r.score).join(', ')}) | ${ms(mid.lcpMs)} | ${mid.cls.toFixed(3)} | ${ms(mid.tbtMs)} | ${ms(mid.fcpMs)} |`,
      );
    }
  }
} finally {
  await server.stop();
  await database.drop();
}
