/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import type { TakeUpdate } from './waiting-update';

/**
 * Registers dist/sw.js through vite-plugin-pwa's "prompt" register: an update installs in the
 * background and waits, and `onNeedRefresh` hands the banner the way to take it.
 */
export function register(offer: (take: TakeUpdate) => void): void {
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => offer(take),
    // The plugin reloads only a page that a worker controlled when it registered, so not the tab
    // of a first visit, and it reloads every such tab when any one takes the update, someone
    // else's bid included. `take` reloads the tab whose Reload was pressed, and no other.
    onNeedReload: () => undefined,
  });
  async function take(): Promise<void> {
    const registration = await navigator.serviceWorker.getRegistration();
    // Another tab let the new worker in already: this one only has to load the new code.
    if (!registration?.waiting) return window.location.reload();
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    await update(true);
  }
}
