import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProduct, createUser } from '../apps/server/test/catalog-support.js';
import type { Page } from 'playwright-core';
import {
  describeInBrowser,
  fitsWidth,
  openPage,
  PHONE,
  signInContext,
  startServer,
  useBrowser,
  type RunningServer,
} from './support/harness.js';

const DESKTOP = { width: 1280, height: 860 };

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();

/**
 * A seller's photo is shown whole on the product page (and the auction page, which uses the same
 * gallery) and in the For You feed: a portrait shot from a phone, or a wide one, fits inside its
 * frame at every width rather than being cut off at the bottom. And the seller's own buttons fit
 * a phone. Layout checks, so one database is enough.
 */
describeInBrowser('the product page layout', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let productId = '';
  let sellerCookie = '';

  beforeAll(async () => {
    server = await startServer('sqlite');
    const seller = await createUser(server, { username: 'noura_gallery' });
    sellerCookie = seller.cookie;
    productId = await createProduct(server, seller, { title: 'Tall Brass Lantern' }, [
      { field: 'images', data: await photo(600, 900), filename: 'portrait.png' },
      { field: 'images', data: await photo(1200, 600), filename: 'wide.png' },
    ]);
    await createProduct(server, seller, { title: 'Tall Floor Lamp' }, [
      { field: 'images', data: await photo(400, 1600), filename: 'tall.png' },
    ]);
  });
  afterAll(() => server?.close());

  /** Opens a page at `viewport` (signed in as the seller when asked), runs `check` on it, and expects no console errors. */
  async function onPage(
    { viewport, asSeller = false }: { viewport: { width: number; height: number }; asSeller?: boolean },
    check: (page: Page) => Promise<void>,
  ): Promise<void> {
    const { page, context, errors } = await openPage(browser(), server.url, viewport);
    try {
      if (asSeller) await signInContext(context, server.url, sellerCookie);
      await check(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  it.each([
    ['a phone', PHONE],
    ['a tablet', { width: 800, height: 1000 }],
    ['a desktop', DESKTOP],
  ])('shows each photo whole on %s', (_name, viewport) =>
    onPage({ viewport }, async (page) => {
      await page.goto(`/product/${productId}`);
      for (const [i, label] of ['portrait', 'wide'].entries()) {
        await page.getByRole('button', { name: `Show image ${i + 1} of 2` }).click();
        const image = page.locator('.gallery__main img');
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        const [frame, shown] = await Promise.all([page.locator('.gallery__main').boundingBox(), image.boundingBox()]);
        expect(shown!.y, `${label}: top`).toBeGreaterThanOrEqual(frame!.y - 0.5);
        expect(shown!.y + shown!.height, `${label}: bottom`).toBeLessThanOrEqual(frame!.y + frame!.height + 0.5);
        expect(shown!.x + shown!.width, `${label}: right`).toBeLessThanOrEqual(frame!.x + frame!.width + 0.5);
      }
    }),
  );

  it.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])('shows the photos whole in the For You feed on %s', (_name, viewport) =>
    onPage({ viewport }, async (page) => {
      await page.goto('/foryou');
      const first = page.locator('.feed-photos__frame img').first();
      await expect
        .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      // Every photo the feed has put on the page, whichever item it ranked first: all of them are taller than wide.
      const fits = await page.locator('.feed-photos__frame img').evaluateAll((images) =>
        images.map((img) => {
          const frame = img.parentElement!.getBoundingClientRect();
          const shown = img.getBoundingClientRect();
          return shown.top >= frame.top - 0.5 && shown.bottom <= frame.bottom + 0.5;
        }),
      );
      expect(fits.length).toBeGreaterThan(0);
      expect(fits).not.toContain(false);
    }),
  );

  it.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])("fits the seller's own buttons (Edit, Move to Auction, Like) whole on %s", (_name, viewport) =>
    onPage({ viewport, asSeller: true }, async (page) => {
      await page.goto(`/product/${productId}`);
      await expect.poll(() => page.getByTestId('edit-product').isVisible()).toBe(true);
      const buttons = await page.locator('.product__actions > *').evaluateAll((elements) =>
        elements.map((el) => {
          const box = el.getBoundingClientRect();
          return {
            text: el.textContent?.trim(),
            left: box.left,
            right: box.right,
            clipped: el.scrollWidth > el.clientWidth + 1,
          };
        }),
      );
      expect(buttons.map((b) => b.text)).toEqual(['Edit', 'Move to Auction', expect.stringContaining('Like')]);
      for (const button of buttons) {
        expect(button, `${button.text}: inside the screen, its label whole`).toMatchObject({ clipped: false });
        expect(button.left, `${button.text}: left`).toBeGreaterThanOrEqual(0);
        expect(button.right, `${button.text}: right`).toBeLessThanOrEqual(viewport.width);
      }
      await fitsWidth(page);
    }),
  );
});
