import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { FIRST_SCREEN_STATE_ID, isLocale } from '@souq/shared';
import { App } from './app/App';
import { prefetchFirstScreen } from './app/first-screen';
import { registerServiceWorker } from './app/service-worker';
import { loadPageCode } from './app/routes';
import { createQueryClient } from './api/query-client';
import { catalogsFor, createI18n, loadCatalog } from './i18n';
import './styles/global.css';
import './styles/catalog.css';
import './styles/product.css';
import './styles/sell.css';
import './styles/auction.css';
import './styles/feed.css';
import './styles/live.css';
import './styles/live-host.css';
import './styles/admin.css';

const root = document.getElementById('root')!;
/** Lets the browser handle what is waiting (a tap, a paint) before the next step of starting the app. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const queryClient = createQueryClient();
const firstScreen = document.getElementById(FIRST_SCREEN_STATE_ID)?.textContent;
// The server wrote the page's language on <html> (spa.ts); its catalog was named in the head, so
// it arrives with this entry.
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : 'en';
const i18nReady = loadCatalog(locale).then((catalog) => {
  const i18n = createI18n(locale, catalog);
  catalogsFor(i18n);
  return i18n;
});
const app = (i18n: Awaited<typeof i18nReady>) => (
  <StrictMode>
    <App queryClient={queryClient} i18n={i18n} />
  </StrictMode>
);

// As a transition, the first render (or hydration) yields to the browser every few milliseconds
// instead of holding a slow phone's main thread for one long task (issue 11: total blocking time).
if (firstScreen) {
  // The server rendered this page's first screen (ADR 0025): take over its HTML with the data it
  // was rendered from, so nothing is fetched twice and nothing on screen changes. Each step is a
  // task of its own, so a slow phone is never held for the entry's evaluation and all of them.
  const hydratePage = () => void i18nReady.then((i18n) => startTransition(() => void hydrateRoot(root, app(i18n))));
  void nextTask()
    .then(() => {
      hydrate(queryClient, JSON.parse(firstScreen));
      return nextTask();
    })
    // Code that failed to load is the page's own error to show, once hydrated.
    // The page's code once the language is in place: a page past the first screens adds the rest
    // of the catalog to it, as the server rendered it.
    .then(() => i18nReady)
    .then(() => loadPageCode(window.location.pathname))
    .then(hydratePage, hydratePage);
} else {
  void prefetchFirstScreen(queryClient, window.location);
  void i18nReady.then((i18n) => startTransition(() => createRoot(root).render(app(i18n))));
}

// Offline copies and push (ADR 0058), set up after the page has loaded.
registerServiceWorker();
