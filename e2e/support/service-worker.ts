import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { root } from '../../scripts/build-web.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.js';

/**
 * Opens `url` and waits until Souq's service worker (ADR 0058) is active and controls the page:
 * the app registers it after the page has loaded, and a first install takes the page at once.
 */
export async function underServiceWorker(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 15_000 })
    .toMatch(/\/sw\.js$/);
}

/** The URLs a service worker cache of the page's origin holds, path and query only. */
export function keptIn(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  }, cacheName);
}

/**
 * A copy of the built app (dist/ and the server's dist-ssr/ beside it) that a test may change, as a
 * deploy would, without touching the build the other suites use.
 */
export function copyOfTheBuild(): { webDist: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-build-'));
  for (const name of ['dist', 'dist-ssr'])
    fs.cpSync(path.join(root, 'apps/web', name), path.join(dir, name), { recursive: true });
  return { webDist: path.join(dir, 'dist'), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A browser with a profile on disk, as a person's is: Chromium never offers to install an app
 * from an incognito window, which is what a test's own context is.
 */
export async function withProfile(
  baseURL: string,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    baseURL,
    viewport,
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
