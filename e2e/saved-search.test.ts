import { describe, expect, it } from 'vitest';
import { createProduct } from '../apps/server/test/catalog-support.js';
import { describeInBrowser, fitsWidth, signedInSuite, useBrowser } from './support/harness.js';
import { axeClean } from './support/page-checks.js';

/**
 * Issue 32 in the browser: a shopper saves a search from the search page; another seller lists a
 * matching product; the shopper's bell rings with it, and My Account lists the search. One
 * database: the matching rules are the server suites' (both databases).
 */
describeInBrowser('saved-search alerts', () => {
  const browser = useBrowser();

  describe('on sqlite', () => {
    const suite = signedInSuite(browser, ['shopper', 'seller'] as const, 'alerts');
    const { users, signedIn, pages } = suite;
    const app = () => suite.app;

    it('saves a search, and the bell shows a matching product another seller lists', async () => {
      const shopper = await signedIn('shopper');
      await shopper.goto('/search?q=saluki%20falcon');
      await shopper.getByTestId('save-search').click();
      const dialog = shopper.getByTestId('save-search-dialog');
      await dialog.getByLabel(/Highest price/).fill('2,000');
      await axeClean(shopper);
      await fitsWidth(shopper);
      await dialog.getByRole('button', { name: 'Save search' }).click();
      await dialog.getByText('Saved. We will tell you when a new listing matches.').waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();

      // Another seller lists a product with both words, under the ceiling; the bell rings by socket.
      const id = await createProduct(app(), users.seller, {
        title: 'Falcon hood for a Saluki lover',
        price: '150000',
        category: 'Sports',
      });
      await expect.poll(() => shopper.getByTestId('bell-count').textContent(), { timeout: 10_000 }).toBe('1');
      await shopper.getByTestId('bell').click();
      const news = shopper.getByTestId('bell-panel').getByTestId('notification').first();
      await news.getByText('New match: Falcon hood for a Saluki lover').waitFor();
      expect(await news.getAttribute('href')).toBe(`/product/${id}`);

      await shopper.goto('/MyAccount?tab=searches');
      const list = shopper.getByTestId('saved-searches');
      await list.getByText('“saluki falcon”').waitFor();
      await axeClean(shopper);
      await fitsWidth(shopper);
      for (const p of pages.all()) expect(p.errors).toEqual([]);
    });
  });
});
