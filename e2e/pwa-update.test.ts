import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, insertProducts } from '../apps/server/test/catalog-support.js';
import { describeInBrowser, openPage, PHONE, startServer, useBrowser, type RunningServer } from './support/harness.js';
import { copyOfTheBuild, underServiceWorker } from './support/service-worker.js';

/** Marks the document a tab is showing, to tell later whether it was reloaded. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { marked: boolean }).marked = true));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { marked?: boolean }).marked ?? false);
const workerWaiting = (page: Page) =>
  page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
const banner = (page: Page) => page.getByTestId('version-banner');

/**
 * Records the app's errors in a tab from the moment it is called: a new tab's first blank document
 * is not ours (the suites' init script that answers the push offer cannot reach its storage).
 */
function trackErrors(errors: string[]): (page: Page) => void {
  return (page) => {
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
      errors.push(message.text());
    });
  };
}

/**
 * A deploy reaches open tabs through the service worker (ADR 0058): the new worker installs and
 * waits, every tab keeps running the code it started with (someone may be mid-bid), and a tab's
 * new-version banner's Reload brings the new version into that tab, and no other.
 */
describeInBrowser('a new version of Souq while tabs are open', () => {
  const browser = useBrowser();
  let build: ReturnType<typeof copyOfTheBuild>;
  let server: RunningServer;
  beforeAll(async () => {
    build = copyOfTheBuild();
    server = await startServer('sqlite', { webDist: build.webDist });
    const seller = await createUser(server, { username: 'update_seller' });
    await insertProducts(server, seller.id, [{ title: 'Brass Lantern Large', category: 'Appliances', price: 12_500 }]);
  });
  afterAll(async () => {
    await server?.close();
    build?.remove();
  });

  it('waits for the person, and a Reload reloads its own tab only', async () => {
    const { page: first, context } = await openPage(browser(), server.url, PHONE, { serviceWorker: true });
    const errors: string[] = [];
    const track = trackErrors(errors);
    track(first);
    // The first visit's tab: the worker installed under it, so none controlled it when it registered.
    await underServiceWorker(first, '/');
    const second = await context.newPage();
    track(second);
    await underServiceWorker(second, '/');
    for (const tab of [first, second]) {
      expect(await banner(tab).textContent()).toBe('');
      await mark(tab);
    }

    // The deploy: a service worker that differs by a byte is a new version to the browser.
    fs.appendFileSync(path.join(build.webDist, 'sw.js'), '\n// the next version\n');
    await first.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    for (const tab of [first, second])
      await expect
        .poll(() => banner(tab).textContent(), { timeout: 15_000 })
        .toContain('A new version of Souq is available.');
    expect(await workerWaiting(first)).toBe(true);

    // Nothing is swapped by itself: a moment later both tabs still run their own documents.
    await first.waitForTimeout(1500);
    expect([await stillMarked(first), await stillMarked(second)]).toEqual([true, true]);
    expect(await workerWaiting(first)).toBe(true);

    await first.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => stillMarked(first), { timeout: 15_000 }).toBe(false);
    await first.getByTestId('product-card').first().waitFor();
    expect(await workerWaiting(first)).toBe(false);
    expect(await banner(first).textContent()).toBe('');
    // The other tab is left as it was, its banner still offering the new version.
    await second.waitForTimeout(1000);
    expect(await stillMarked(second)).toBe(true);
    expect(await banner(second).textContent()).toContain('A new version of Souq is available.');
    await second.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => stillMarked(second), { timeout: 15_000 }).toBe(false);
    await second.getByTestId('product-card').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
