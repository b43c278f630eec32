/// <reference lib="webworker" />
/**
 * Souq's service worker (ADR 0058), built by vite-plugin-pwa (injectManifest) into dist/sw.js.
 * The network always comes first: a copy is what a person sees only when there is no network.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { keptAnswer, keptPage, pageKey, SIGN_OUT_PATHS } from './sw/kept';
import { offlineLanguage, offlinePage } from './sw/offline';
import { notificationOptions, openLink, readPush } from './sw/push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const PAGES = 'souq-pages';
const ANSWERS = 'souq-answers';
const origin = self.location.origin;

// The build's scripts and styles, the offline pages and the icons (vite.config.ts says which).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A first install serves the page that installed it at once; an update waits (see 'message').
clientsClaim();
// Every page goes through the worker: the browser asks the server for it while the worker wakes
// up, rather than after, so a page served online is no slower for having a worker.
navigationPreload.enable();

/** Only a whole, ordinary answer is kept: not an error, a redirect or a part of a file. */
const wholeAnswers: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && response.type === 'basic' ? response : null),
};
/** When neither the network nor a kept copy can answer a page: the offline page, in the person's language. */
const offlineFallback: WorkboxPlugin = {
  handlerDidError: async () => (await matchPrecache(offlinePage(await offlineLanguage(self)))) ?? Response.error(),
};
const pagesKept = new ExpirationPlugin({ maxEntries: 50, purgeOnQuotaError: true });
const answersKept = new ExpirationPlugin({ maxEntries: 50, purgeOnQuotaError: true });

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && keptPage({ method: request.method, url }, origin),
  new NetworkFirst({
    cacheName: PAGES,
    // A copy answers only when offline, whatever the language or cookies it was fetched with.
    matchOptions: { ignoreVary: true },
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => pageKey(new URL(request.url)) },
      wholeAnswers,
      pagesKept,
      offlineFallback,
    ],
  }),
);
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly({ plugins: [offlineFallback] }));
registerRoute(
  ({ request, url }) => keptAnswer({ method: request.method, url }, origin),
  new NetworkFirst({ cacheName: ANSWERS, matchOptions: { ignoreVary: true }, plugins: [wholeAnswers, answersKept] }),
);

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== origin || !SIGN_OUT_PATHS.has(url.pathname)) return;
  // Not answered here (the sign-out goes to the server as it is): the copies kept meanwhile go.
  // (By name: an expiration plugin forgets only the caches it has touched since the worker started.)
  event.waitUntil(Promise.all([caches.delete(PAGES), caches.delete(ANSWERS)]));
});

// An update waits until the person says so (the new-version banner's Reload): taking over by
// itself could swap the code under someone in the middle of a bid.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Kept pages name the scripts of the build they came from, which the new build's precache no
// longer holds: offline they would open blank, so they go, and come back on the next visit.
self.addEventListener('activate', (event) => event.waitUntil(caches.delete(PAGES)));

self.addEventListener('push', (event) => {
  const message = readPush(event.data);
  event.waitUntil(self.registration.showNotification(message.title, notificationOptions(message)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { link } = (event.notification.data ?? {}) as { link?: string };
  event.waitUntil(openLink(self.clients, link ?? '/', origin));
});
