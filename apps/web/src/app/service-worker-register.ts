import type { TakeUpdate } from './waiting-update';

/**
 * Registers dist/sw.js and offers its updates to the new-version banner (ADR 0058). Our own few
 * lines rather than vite-plugin-pwa's register and workbox-window: those were 2.6 KB more script
 * on every first visit (issue 11's budget) for the same three events, and their reload after an
 * update missed the tab of a first visit while reloading every other tab at once.
 */
export async function register(offer: (take: TakeUpdate) => void): Promise<void> {
  const registration = (await navigator.serviceWorker.register('/sw.js', { scope: '/' })) as
    ServiceWorkerRegistration | undefined;
  // A browser told to refuse workers may answer with nothing rather than an error (Playwright's
  // `serviceWorkers: 'block'` does): then there is nothing to offer.
  if (!registration) return;
  // A new version waits once it has installed beside an active one; a visit may also find one a
  // previous visit left waiting.
  const offerWaiting = () => {
    if (registration.waiting && registration.active) offer(() => take(registration));
  };
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerWaiting();
    });
  });
  offerWaiting();
}

/** Lets the waiting worker in (sw.ts's SKIP_WAITING) and reloads this tab, and no other, on it. */
async function take(registration: ServiceWorkerRegistration): Promise<void> {
  const waiting = registration.waiting;
  // Another tab let the new worker in already: this one only has to load the new code.
  if (!waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
