import { register as registerWorker } from './service-worker-register';
import { offerUpdate } from './waiting-update';

/**
 * The service worker (ADR 0058) is registered once the page has loaded and the browser is idle,
 * so it never competes with the first paint. Its few lines ride in the entry: as a chunk of their
 * own they were 273 bytes under 400 bytes of headers, one more request on a first visit (issue
 * 11's budget counts both). Production builds only: in development Vite serves the sources,
 * which no worker should keep. The server's render of a page never reaches this file.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  const register = () => whenIdle(() => void registerWorker(offerUpdate));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
