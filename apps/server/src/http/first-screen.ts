import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  FIRST_SCREEN_END,
  FIRST_SCREEN_START,
  FIRST_SCREEN_STATE_ID,
  scriptSafeJson,
  type FirstScreen,
  type Locale,
  type RenderFirstScreen,
} from '@souq/shared';
import type { Clock } from '../lib/clock.js';
import { keptFor } from '../lib/kept-for.js';
import { Lru } from '../lib/lru.js';
import { firstScreenWorker, type Read, type Rendered } from './first-screen-worker.js';

/** Pages whose rendered first screen is kept (the shop's sorts and categories, popular products). */
const SCREENS_KEPT = 500;
/**
 * How long a rendered first screen is served before it is rendered again (keptFor: at most twice
 * this). The browser refetches anything older than its own 30 s, so a screen a second old shows
 * no one stale data for long; rendering on every visit would cost index.html most of its speed.
 */
export const FIRST_SCREEN_KEPT_MS = 1000;
/**
 * A screen is a function of its page, its language and the API answers it was rendered from (the
 * pages rendered show no clock). So when a kept screen is due, its answers are read again (kept
 * answers, mostly: microseconds) and only a changed answer renders it again: a render costs the
 * server's core milliseconds, and when that core also answers requests, every visit waiting
 * meanwhile waits longer (issue 29: `GET /` p99). A screen is still rendered afresh once it is this
 * old, within the browser's 30 s before it asks for the data again itself.
 */
export const FIRST_SCREEN_REUSED_MS = 10_000;

/** Where `npm run build -w @souq/web` puts the server's bundle, beside the browser's dist/. */
export const firstScreenEntry = (webDist: string) => path.join(webDist, '..', 'dist-ssr', 'entry-server.js');

/**
 * The web app's render of first screens (ADR 0025), answering its data requests with our own API
 * in-process and anonymously. Without a server bundle (an API-only run, an old build) there is no
 * renderer and every page gets index.html's static shell, as before.
 */
/** Rendered first screens, each kept a moment (FIRST_SCREEN_KEPT_MS) and shared by everyone who asks meanwhile. */
export interface FirstScreens extends RenderFirstScreen {
  /** The screen of a page and language when one is kept and fresh: no waiting, no rendering. */
  peek(url: string, locale: Locale): FirstScreen | null | undefined;
}

export async function loadFirstScreenRenderer(
  app: FastifyInstance,
  webDist: string,
  clock: Clock,
): Promise<FirstScreens | undefined> {
  const entry = firstScreenEntry(webDist);
  if (!fs.existsSync(entry)) {
    app.log.info({ entry }, 'no server render of first screens: the web app was built without it');
    return undefined;
  }
  const load = async (apiPath: string) => {
    const res = await app.inject({ method: 'GET', url: apiPath });
    return { status: res.statusCode, body: res.body };
  };
  // Rendered on a worker thread, off the thread that answers requests (first-screen-worker.ts).
  const render = firstScreenWorker(entry, load);
  app.addHook('onClose', () => render.stop());
  const lastRendered = new Lru<string, { at: number; rendered: Rendered }>(SCREENS_KEPT);
  const unchanged = async (reads: Read[]) => {
    for (const read of reads) {
      const now = await load(read.path);
      if (now.status !== read.status || now.body !== read.body) return false;
    }
    return true;
  };
  /** The page's screen: the last one again while what it was rendered from reads the same. */
  const screenOf = async (key: string, url: string, locale: Locale) => {
    const now = clock.now().getTime();
    const last = lastRendered.get(key);
    if (last && now - last.at < FIRST_SCREEN_REUSED_MS && (await unchanged(last.rendered.reads))) {
      return last.rendered.screen;
    }
    const rendered = await render(url, locale);
    lastRendered.set(key, { at: now, rendered });
    return rendered.screen;
  };
  const kept = keptFor<FirstScreen | null>(clock, FIRST_SCREEN_KEPT_MS, SCREENS_KEPT);
  // One screen per page and language: the key holds both.
  const keyOf = (url: string, locale: Locale) => `${locale} ${url}`;
  const screens = async (url: string, locale: Locale) => {
    const key = keyOf(url, locale);
    try {
      return await kept(key, () => screenOf(key, url, locale));
    } catch (error) {
      // The page still works from the static shell: the browser renders it as it did before.
      app.log.warn({ err: error, url }, 'first screen left to the browser');
      return null;
    }
  };
  return Object.assign(screens, { peek: (url: string, locale: Locale) => kept.peek(keyOf(url, locale))?.value });
}

/**
 * index.html with the rendered screen in place of its static shell, the data it was rendered from,
 * and its page's chunks (`chunks`, URLs) named in the head: named there, they are fetched with the
 * entry instead of after it has run. A chunk index.html already names is not named twice.
 */
export function withFirstScreen(page: string, screen: FirstScreen, chunks: string[] = []): string | null {
  const start = page.indexOf(FIRST_SCREEN_START);
  const end = page.indexOf(FIRST_SCREEN_END);
  const bodyEnd = page.lastIndexOf('</body>');
  if (start < 0 || end < start || bodyEnd < end) return null;
  const headEnd = page.indexOf('</head>');
  const links =
    headEnd < 0 || headEnd > start
      ? ''
      : chunks
          .filter((url) => !page.includes(`"${url}"`))
          .map((url) => `<link rel="modulepreload" crossorigin href="${url}">`)
          .join('');
  const head = links ? page.slice(0, headEnd) + links + page.slice(headEnd, start) : page.slice(0, start);
  const state = `<script id="${FIRST_SCREEN_STATE_ID}" type="application/json">${scriptSafeJson(screen.state)}</script>`;
  return head + screen.html + page.slice(end + FIRST_SCREEN_END.length, bodyEnd) + state + page.slice(bodyEnd);
}
