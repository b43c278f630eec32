import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, pickLocale, type FirstScreen, type Locale } from '@souq/shared';
import { DomainError } from '../lib/errors.js';
import type { Clock } from '../lib/clock.js';
import { keptFor } from '../lib/kept-for.js';
import { Lru } from '../lib/lru.js';
import type { FirstPaintImage } from '../modules/module.js';
import { keptBody, keptEncoding, sendKept, type KeptBody } from './compression.js';
import { loadFirstScreenRenderer, withFirstScreen, type FirstScreens } from './first-screen.js';
import { pageChunks, type PageChunks } from './page-chunks.js';
import { inLocale } from './page-locale.js';
import { METRICS_PATH } from '../metrics/metrics-server.js';
import { hasSessionCookie, SESSION_COOKIE } from './session.js';
import { keepWire, sendWire, sentForAnyone, type EarlyAnswer, type Wire, type Wires } from './wire.js';

function cacheControlFor(filePath: string): string {
  // Vite fingerprints everything under assets/, so it can be cached for good.
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  // index.html names the current asset hashes, so it must be revalidated on every visit. So must the
  // service worker (ADR 0058): it lists them too, and a kept copy would hold a deploy back.
  if (filePath.endsWith('index.html') || path.basename(filePath) === 'sw.js') return 'no-cache';
  return 'public, max-age=3600';
}

interface IndexPage extends KeptBody {
  body: Buffer;
  text: string;
  mtimeMs: number;
  size: number;
  etag: string;
  lastModified: string;
}

/** A rendered page, and what went on the wire for each encoding once Fastify had sent it. */
interface RenderedPage extends KeptBody {
  wire: Wires;
}

/**
 * A signed-in visit's page (issue 43): index.html in its language with the URL's first-paint
 * hint, the same for every signed-in reader, and what went on the wire for it once Fastify had
 * sent it.
 */
interface ShellPage {
  from: IndexPage;
  link: string | null;
  wire: Wires;
}

/** How a hint is looked up, and whether a fresh one is at hand without looking. */
interface Preloader {
  (url: string): Promise<string | null>;
  peek(url: string): { value: string | null } | undefined;
}

/** Signed-in visits' pages, by language and URL. */
function signedInShells(preload: Preloader) {
  const shells = new Lru<string, ShellPage>(HINTS_KEPT);
  return {
    /** The page of a URL in a language, kept while index.html and the hint are unchanged. */
    of(url: string, locale: Locale, from: IndexPage, link: string | null): ShellPage {
      const key = `${locale} ${url}`;
      const kept = shells.get(key);
      if (kept?.from === from && kept.link === link) return kept;
      const shell = { from, link, wire: {} };
      shells.set(key, shell);
      return shell;
    },
    /**
     * What to send a signed-in visit early: the kept wire of its URL in its language, while
     * index.html is the one read (`current`) and the URL's hint is fresh and unchanged. A browser
     * revalidating its copy (If-None-Match) goes through Fastify for its 304.
     */
    wireFor(req: IncomingMessage, locale: Locale, current: IndexPage): Wire | undefined {
      if (req.headers['if-none-match'] !== undefined) return undefined;
      const shell = shells.get(`${locale} ${req.url!}`);
      const hint = preload.peek(req.url!);
      if (!shell || shell.from !== current || !hint || hint.value !== shell.link) return undefined;
      return shell.wire[keptEncoding(req.headers['accept-encoding'], shell.from) ?? 'identity'];
    },
  };
}

/**
 * index.html answers the first request of every visit, so it is kept in memory (with the
 * validators send would give it) and read again only when the file changes: a rebuild of the
 * web app while the server runs names new assets.
 */
function indexPageSender(
  file: string,
  preload: Preloader,
  firstScreen: FirstScreens | undefined,
  chunks: PageChunks,
  early: { draining: () => boolean; log: FastifyBaseLogger },
): {
  send: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  sent: (request: FastifyRequest, reply: FastifyReply) => void;
  early: EarlyAnswer;
} {
  let read: { mtimeMs: number; size: number; pages: Record<Locale, IndexPage> } | undefined;
  /** index.html in each language: its <html lang dir>, title and language's catalog (page-locale.ts). */
  const current = (locale: Locale): IndexPage => {
    const stat = fs.statSync(file);
    if (read?.mtimeMs !== stat.mtimeMs || read.size !== stat.size) {
      const text = fs.readFileSync(file, 'utf8');
      const version = `${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}`;
      const variant = (lang: Locale): IndexPage => {
        const localized = inLocale(text, lang, chunks);
        const body = Buffer.from(localized);
        return {
          ...keptBody(body),
          body,
          text: localized,
          mtimeMs: stat.mtimeMs,
          size: stat.size,
          etag: `W/"${version}-${lang}"`,
          lastModified: stat.mtime.toUTCString(),
        };
      };
      read = { mtimeMs: stat.mtimeMs, size: stat.size, pages: { en: variant('en'), ar: variant('ar') } };
    }
    return read.pages[locale];
  };
  // A screen is kept for a moment and sent to everyone who asks meanwhile: so is its page, compressed once.
  const pages = new WeakMap<FirstScreen, { from: IndexPage; page: RenderedPage | null }>();
  /** An anonymous visit's page with its first screen rendered in, or null to send the shell. */
  const rendered = async (request: FastifyRequest, from: IndexPage, locale: Locale): Promise<RenderedPage | null> => {
    if (!firstScreen) return null;
    const screen = await firstScreen(request.url, locale);
    if (!screen) return null;
    const made = pages.get(screen);
    if (made?.from === from) return made.page;
    // A server bundle built before pages named their code sends no `modules`.
    const html = withFirstScreen(from.text, screen, chunks(screen.modules ?? []));
    // Bytes, not a string: encoded once rather than on every send.
    const page = html === null ? null : { ...keptBody(Buffer.from(html)), wire: {} };
    pages.set(screen, { from, page });
    return page;
  };
  const shells = signedInShells(preload);
  /** The kept page each request is being sent (rendered, or a signed-in one), for `sent` to keep its wire. */
  const sending = new WeakMap<FastifyRequest, { body: KeptBody; wire: Wires }>();
  const send = async (request: FastifyRequest, reply: FastifyReply) => {
    const locale = pickLocale(request.headers.cookie, request.headers['accept-language']);
    const page = current(locale);
    // Anonymous visits only are rendered: a signed-in page shows its owner's likes and name (ADR 0025).
    const signedIn = hasSessionCookie(request);
    const [link, screen] = await Promise.all([preload(request.url), signedIn ? null : rendered(request, page, locale)]);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', cacheControlFor('index.html'))
      .header('vary', 'cookie, accept-language');
    if (link) reply.header('link', link);
    // A rendered page changes with its data, so the file's validators do not describe it.
    if (screen) {
      sending.set(request, { body: screen, wire: screen.wire });
      sendKept(reply, request.headers['accept-encoding'], screen, (error) => reply.send(error));
      return reply;
    }
    reply.header('etag', page.etag).header('last-modified', page.lastModified);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    if (signedIn) sending.set(request, { body: page, wire: shells.of(request.url, locale, page, link).wire });
    sendKept(reply, request.headers['accept-encoding'], page, (error) => reply.send(error));
    return reply;
  };
  /**
   * Once Fastify has sent a rendered page, with every header its hooks add, those bytes are kept
   * with the page; not while draining (the answer says "connection: close") nor with a cookie set.
   */
  const sent = (request: FastifyRequest, reply: FastifyReply) => {
    const page = sending.get(request);
    if (page && sentForAnyone(reply)) keepWire(reply, page.body, page.wire);
  };
  /**
   * The first screen is the server's most asked-for page: while a page's screen in this language is
   * fresh and its wire kept, the next signed-out visitor gets those bytes before Fastify sees the
   * request (as kept answers are, ADR 0027). Anything else, and the one visit a second that finds
   * the screen due for its refresh, goes through Fastify.
   */
  const answerEarly: EarlyAnswer = (req, res) => {
    if (req.method !== 'GET' || !read || early.draining()) return false;
    const cookie = req.headers.cookie;
    const locale = pickLocale(cookie, req.headers['accept-language']);
    if (cookie?.includes(`${SESSION_COOKIE}=`)) {
      const wire = shells.wireFor(req, locale, read.pages[locale]);
      if (!wire) return false;
      sendWire(req, res, wire, early.log, 'kept page, signed in');
      return true;
    }
    if (!firstScreen) return false;
    const screen = firstScreen.peek(req.url!, locale);
    const made = screen ? pages.get(screen) : undefined;
    if (!made?.page || made.from !== read.pages[locale]) return false;
    const wire = made.page.wire[keptEncoding(req.headers['accept-encoding'], made.page) ?? 'identity'];
    if (!wire) return false;
    sendWire(req, res, wire, early.log, 'kept page');
    return true;
  };
  return { send, sent, early: answerEarly };
}

/** Pages whose hint is kept (the shop's sorts and categories, popular product pages). */
const HINTS_KEPT = 500;
/**
 * How long a hint is used before it is looked up again (keptFor: at most twice this). A hint a
 * moment old costs at worst one photo fetched for nothing; looking it up on every visit cost
 * index.html a fifth of its speed.
 */
export const HINT_KEPT_MS = 1000;

/**
 * The Link header that lets a phone fetch a page's largest image (its LCP) in parallel with the
 * app's code instead of after it. A hint that cannot be worked out is left off: the page works
 * without it.
 */
function firstPaintPreloader(sources: FirstPaintImage[], clock: Clock, log: FastifyBaseLogger): Preloader {
  const kept = keptFor<string | null>(clock, HINT_KEPT_MS, HINTS_KEPT);
  async function lookUp(url: URL): Promise<string | null> {
    for (const source of sources) {
      const image = await source(url.pathname, url.searchParams);
      if (image) return `<${image}>; rel=preload; as=image; fetchpriority=high`;
    }
    return null;
  }
  const preload = async (requestUrl: string): Promise<string | null> => {
    if (sources.length === 0) return null;
    try {
      return await kept(requestUrl, () => lookUp(new URL(requestUrl, 'http://souq.invalid')));
    } catch (error) {
      log.warn({ err: error }, 'first-paint hint left off');
      return null;
    }
  };
  const none = { value: null };
  return Object.assign(preload, {
    peek: (requestUrl: string) => (sources.length === 0 ? none : kept.peek(requestUrl)),
  });
}

/** Serves the built web app; any path that is not a file gets index.html, except under /api. */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string | undefined,
  firstPaint: { images: FirstPaintImage[]; clock: Clock },
  draining: () => boolean,
): Promise<EarlyAnswer | undefined> {
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasSpa = index !== undefined && fs.existsSync(index);
  const firstScreen = hasSpa ? await loadFirstScreenRenderer(app, webDist!, firstPaint.clock) : undefined;
  const indexPage = hasSpa
    ? indexPageSender(
        index,
        firstPaintPreloader(firstPaint.images, firstPaint.clock, app.log),
        firstScreen,
        pageChunks(webDist!),
        { draining, log: app.log },
      )
    : undefined;
  const sendIndex = indexPage?.send;
  if (indexPage) {
    app.get('/', indexPage.send);
    // The build's fingerprinted files never change under their name: no validators to revalidate
    // with (ETag, Last-Modified) nor ranges to resume, bytes a phone's first visit pays twenty
    // times (issue 29's budget). Everything else in dist/ keeps them.
    await app.register(fastifyStatic, {
      root: path.join(webDist!, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      preCompressed: true,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      cacheControl: false,
      setHeaders: (res) => {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        res.setHeader('vary', 'accept-encoding');
      },
    });
    app.addHook('onResponse', (request, reply, done) => {
      indexPage.sent(request, reply);
      done();
    });
    await app.register(fastifyStatic, {
      root: webDist!,
      index: ['index.html'],
      // The build writes .br and .gz beside each script and stylesheet (apps/web/vite.config.ts).
      preCompressed: true,
      // The build's manifest (dist/.vite) is for this server, not for browsers.
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
      // We set Cache-Control ourselves; send's own would overwrite it.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(filePath));
        // One URL, several encodings: a shared cache must not hand brotli to a client that can't read it.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // A missing file (an old asset, a typo'd image) is a 404, not the app's HTML.
    // Nor is /metrics a page: it is served on its own port only (ADR 0029), and a scraper pointed
    // here by mistake must fail on a 404, not read the shop's HTML.
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      pathname === METRICS_PATH ||
      /\.[a-z0-9]+$/i.test(pathname) ||
      !hasSpa ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      throw new DomainError('NOT_FOUND', MSG.notFound);
    }
    return sendIndex!(request, reply);
  });
  return indexPage?.early;
}
