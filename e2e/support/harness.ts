import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildApp, type Souq } from '../../apps/server/src/app.js';
import type { Config } from '../../apps/server/src/config.js';
import type { DialectName } from '../../apps/server/src/db/database.js';
import { createUser, type TestUser } from '../../apps/server/test/catalog-support.js';
import { createTestDatabase, testConfig, type TestApp } from '../../apps/server/test/support.js';
import { root } from '../../scripts/build-web.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, FAKE_MEDIA_FLAGS as CHROMIUM_FAKE_MEDIA } from './chromium.js';
import { freePort } from '../../scripts/free-port.mjs';
import { smallCameraFlag } from './small-camera.js';

/** For live video in the suites: the fake camera and microphone, filming the small camera (small-camera.ts). */
export const FAKE_MEDIA_FLAGS = [...CHROMIUM_FAKE_MEDIA, smallCameraFlag()];

export { DIALECTS } from '../../apps/server/test/support.js';

/** Browser suites run only where Chromium is; global-setup fails CI (and warns elsewhere) when it is missing. */
export const describeInBrowser = fs.existsSync(CHROMIUM) ? describe : describe.skip;

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}

/** One Chromium for the suite that calls this, started before its tests and closed after them. */
export function useBrowser(extraArgs: string[] = []): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(extraArgs);
  });
  afterAll(() => browser?.close());
  return () => browser!;
}

export { freePort };

export interface RunningServer extends Souq {
  url: string;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a real port, serving the built SPA, on a fresh database. */
export async function startServer(
  dialect: DialectName,
  overrides: Partial<Config> = {},
  port?: number,
): Promise<RunningServer> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = await createTestDatabase(dialect);
  const config = testConfig(database.config, {
    publicUrl: url,
    port,
    host: '127.0.0.1',
    webDist: path.join(root, 'apps/web/dist'),
    ...overrides,
  });
  const souq = await buildApp(config);
  await souq.app.listen({ port, host: '127.0.0.1' });
  return {
    ...souq,
    url,
    config,
    close: async () => {
      await souq.app.close();
      await database.drop();
    },
  };
}

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions, minus the 4xx answers a test provoked on purpose. */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 860 },
  { pushOffer = false, serviceWorker = false }: { pushOffer?: boolean; serviceWorker?: boolean } = {},
): Promise<TrackedPage> {
  // The service worker (issue 48) precaches the whole build in the background of every page that
  // registers it: the suites about it, and the spec's journeys, run with it; the rest without.
  const context = await browser.newContext({ baseURL, viewport, serviceWorkers: serviceWorker ? 'allow' : 'block' });
  // "Get notified on this phone" (issue 48) comes after a first bid, follow or reminder, over the
  // page's foot: a suite about something else has answered it already; e2e/push.test.ts has not.
  if (!pushOffer)
    await context.addInitScript(() => {
      try {
        localStorage.setItem('souq.push-offer', 'settled');
      } catch {
        // about:blank, before the first page, has no storage.
      }
    });
  const page = await context.newPage();
  const errors: string[] = [];
  const track = (p: Page) => {
    p.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      if (/Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())) return;
      errors.push(msg.text());
    });
    p.on('pageerror', (err) => errors.push(err.message));
  };
  track(page);
  context.on('page', track);
  return { context, page, errors };
}

/**
 * Signs a browser context in with a session the test made on the server: the httpOnly cookie
 * the login route would have set. Takes the token, or a `souq_sid=token` cookie pair.
 */
export function signInContext(context: BrowserContext, url: string, session: string): Promise<void> {
  const value = session.startsWith('souq_sid=') ? session.slice('souq_sid='.length) : session;
  return context.addCookies([{ name: 'souq_sid', value, url, httpOnly: true, sameSite: 'Lax' }]);
}

/** The page's language, as the header's switch leaves it for a visitor. */
export function inArabic(context: BrowserContext, url: string): Promise<void> {
  return context.addCookies([{ name: 'souq_lang', value: 'ar', url, sameSite: 'Lax' }]);
}

/**
 * Pages signed in as a suite's people (a session cookie the test made), each tracked so the suite
 * closes them all at the end: what every signed-in browser suite opens its pages with.
 */
export function signedInPages(browser: () => Browser, server: () => RunningServer) {
  const pages: TrackedPage[] = [];
  return {
    /** Every page opened so far, for a suite that checks their console errors. */
    all: (): readonly TrackedPage[] => pages,
    async open(
      user: { cookie: string },
      {
        viewport,
        arabic = false,
        pushOffer = false,
        serviceWorker = false,
      }: {
        viewport?: { width: number; height: number };
        arabic?: boolean;
        pushOffer?: boolean;
        serviceWorker?: boolean;
      } = {},
    ): Promise<TrackedPage> {
      const { url } = server();
      const tracked = await openPage(browser(), url, viewport, { pushOffer, serviceWorker });
      pages.push(tracked);
      await signInContext(tracked.context, url, user.cookie);
      if (arabic) await inArabic(tracked.context, url);
      return tracked;
    },
    async closeAll(): Promise<void> {
      for (const tracked of pages.splice(0)) await tracked.context.close();
    },
  };
}

/** A phone's screen, the size the browser suites check first. */
export const PHONE = { width: 360, height: 780 };

/**
 * A browser suite's own server on SQLite with its named people (usernames `<who>_<suffix>`), each
 * signed in on a page of their own when asked (a phone's screen unless told), all closed after the
 * suite. Call inside its describe; a suite that needs more before its tests adds a beforeAll of
 * its own, which runs after this one's.
 */
export function signedInSuite<Who extends string>(browser: () => Browser, people: readonly Who[], suffix: string) {
  let server: RunningServer | undefined;
  const users = {} as Record<Who, TestUser>;
  const pages = signedInPages(browser, () => server!);
  beforeAll(async () => {
    server = await startServer('sqlite');
    for (const who of people)
      users[who] = await createUser(server as unknown as TestApp, { username: `${who}_${suffix}` });
  });
  afterAll(async () => {
    await pages.closeAll();
    await server?.close();
  });
  return {
    get server(): RunningServer {
      return server!;
    },
    /** The server as the server suites' helpers take it. */
    get app(): TestApp {
      return server as unknown as TestApp;
    },
    users,
    pages,
    async signedIn(
      who: Who,
      { viewport = PHONE, arabic = false }: { viewport?: { width: number; height: number }; arabic?: boolean } = {},
    ): Promise<Page> {
      return (await pages.open(users[who], { viewport, arabic })).page;
    },
  };
}

/** Into test-results/: the whole page, or (fullPage false) what the screen shows, which reads better for a phone. */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  const dir = path.join(root, 'test-results');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/** Nothing may scroll sideways (on a phone above all). */
export async function fitsWidth(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}
