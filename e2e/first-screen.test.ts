import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { createUser, insertProducts } from '../apps/server/test/catalog-support.js';
import {
  DIALECTS,
  describeInBrowser,
  useBrowser,
  openPage,
  startServer,
  type RunningServer,
} from './support/harness.js';

/** Records the app's first element as the HTML put it on screen, to tell hydration (kept) from a re-render (replaced). */
const NOTE_FIRST_APP = `
  new MutationObserver(() => { window.__firstApp ??= document.querySelector('#root .app'); }).observe(document, { childList: true, subtree: true });
`;

/** A first anonymous visit to the shop or a product gets the page in its HTML (issue 11, ADR 0025). */
describeInBrowser('the first screen rendered by the server', () => {
  const browser = useBrowser();

  describe.each(DIALECTS)('on %s', (dialect) => {
    let server: RunningServer;
    let lantern = '';
    beforeAll(async () => {
      server = await startServer(dialect);
      const seller = await createUser(server, { username: `rashid_${dialect}` });
      const ids = await insertProducts(server, seller.id, [
        { title: 'Brass Lantern Large', category: 'Appliances', price: 12_500, popularity: 90 },
        { title: 'Oud Incense Burner', category: 'Beauty', price: 8_900, popularity: 80 },
      ]);
      lantern = ids[0]!;
    });
    afterAll(() => server?.close());

    it('shows the shop and a product page with no JavaScript at all', async () => {
      const context = await browser().newContext({ baseURL: server.url, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Shop Now' }).waitFor();
      expect(await page.getByTestId('product-card').allTextContents()).toEqual([
        expect.stringContaining('Brass Lantern Large'),
        expect.stringContaining('Oud Incense Burner'),
      ]);
      expect(await page.getByTestId('product-card').first().textContent()).toContain('AED 125.00');
      await page.goto(`/product/${lantern}`);
      await page.getByRole('heading', { name: 'Brass Lantern Large' }).waitFor();
      expect(await page.getByTestId('product-price').textContent()).toContain('AED 125.00');
      await context.close();
    });

    it('takes over the rendered page without fetching its data again or replacing it, and it works', async () => {
      const { page, context, errors } = await openPage(browser(), server.url, { width: 360, height: 640 });
      const productReads: string[] = [];
      let sessionReads = 0;
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        // Reads only: the product page's view beacon (a POST, issue 32) counts a visit, it fetches nothing.
        if (pathname.startsWith('/api/products') && request.method() === 'GET') productReads.push(request.url());
        if (pathname === '/api/auth/me') sessionReads++;
      });
      await page.addInitScript(NOTE_FIRST_APP);
      await page.goto('/');
      // Once hydrated, choosing a sort is handled by the app, which asks for the new order. A choice
      // made before the app's code has run changes nothing, as a person would see: they choose again.
      await expect
        .poll(async () => {
          await page.getByLabel('Sort by').selectOption('price-asc');
          return page.getByTestId('product-card').first().textContent();
        })
        .toContain('Oud Incense Burner');
      expect(
        await page.evaluate(
          () => (window as unknown as { __firstApp: Element }).__firstApp === document.querySelector('#root .app'),
        ),
      ).toBe(true);
      expect(productReads.length).toBeGreaterThan(0);
      expect(productReads.every((url) => url.includes('sort=price-asc'))).toBe(true);

      productReads.length = 0;
      await page.goto(`/product/${lantern}`);
      await page.getByRole('heading', { name: 'Brass Lantern Large' }).waitFor();
      expect(await page.evaluate(() => document.querySelector('#root .app') !== null)).toBe(true);
      // Hydrated: React has taken over the heading the server rendered.
      await page.waitForFunction(() =>
        Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber')),
      );
      // The product came with the page. Its reviews, well below a phone's first screen, are asked
      // for only as the reader comes near them: nothing else competes with the first screen.
      const reviews = page.locator('section.reviews');
      expect(await reviews.evaluate((section) => section.getBoundingClientRect().top - innerHeight)).toBeGreaterThan(
        600,
      );
      await page.waitForTimeout(500);
      expect(productReads).toEqual([]);
      await reviews.scrollIntoViewIfNeeded();
      await reviews.getByText(MSG.noReviews).waitFor();
      expect(productReads.map((url) => new URL(url).pathname)).toEqual([`/api/products/${lantern}/reviews`]);
      await page.evaluate(() => scrollTo(0, 0));
      // Hydrated, Add to Cart asks an anonymous visitor to log in first, without a reload.
      await expect
        .poll(async () => {
          await page
            .getByRole('button', { name: 'Add to Cart' })
            .click({ timeout: 1000 })
            .catch(() => undefined);
          return page.evaluate(() => location.pathname);
        })
        .toBe('/login');
      await page.getByText(MSG.mustBeLoggedIn).waitFor();
      expect(
        await page.evaluate(
          () => (window as unknown as { __firstApp: Element }).__firstApp === document.querySelector('#root .app'),
        ),
      ).toBe(true);
      expect(productReads.map((url) => new URL(url).pathname)).toEqual([`/api/products/${lantern}/reviews`]);
      // A page rendered for a visit without a session cookie comes knowing its visitor is signed out.
      expect(sessionReads).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
