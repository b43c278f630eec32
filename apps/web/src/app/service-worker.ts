import { offerUpdate } from './waiting-update';

/**
 * The service worker (ADR 0058) is registered once the page has loaded and the browser is idle,
 * from a chunk of its own: nothing of it is in the first visit's scripts (issue 11's budget) or
 * competes with the first paint. Production builds only: in development Vite serves the sources,
 * which no worker should keep. The server's render of a page never reaches this file.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  const register = () =>
    whenIdle(() => void import('./service-worker-register').then(({ register }) => register(offerUpdate)));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
