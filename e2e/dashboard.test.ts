import fs from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMoney,
  type DashboardAuctions,
  type DashboardSales,
  type DashboardShows,
  type Locale,
} from '@souq/shared';
import { call, type TestUser } from '../apps/server/test/catalog-support.js';
import type { TestApp } from '../apps/server/test/support.js';
import {
  describeInBrowser,
  fitsWidth,
  signedInPages,
  startServer,
  useBrowser,
  type RunningServer,
  type TrackedPage,
} from './support/harness.js';
import { BRANDS, latinLeftovers } from './support/arabic.js';
import { axeClean } from './support/page-checks.js';

const SIZES = { phone: { width: 360, height: 780 }, desktop: { width: 1280, height: 900 } } as const;
const SHOTS = path.resolve(import.meta.dirname, '../test-results/dashboard');
const CHARTS = ['sales', 'statuses', 'top-products', 'auctions', 'bids', 'shows'] as const;
/** A string only uPlot's code holds (its overlay's class): which scripts carry the charting library. */
const UPLOT_MARK = 'u-over';

/** The scripts a page loaded, with whether each holds uPlot. */
function scriptsOf(page: Page) {
  const scripts: Array<Promise<{ url: string; uplot: boolean }>> = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.text().then((body) => ({ url: response.url(), uplot: body.includes(UPLOT_MARK) })));
  });
  return () => Promise.all(scripts);
}

/**
 * Issue 32 in the browser: the demo seller (omar, who ran a show that sold two lots) opens the
 * dashboard from My Account; every chart draws its canvas and holds its numbers in a table, at a
 * phone's width and a desktop's, in English and in Arabic (right to left); and uPlot, the charting
 * library, is not among a first visit's scripts. One database: the figures are the server suites'.
 */
describeInBrowser('the seller dashboard', () => {
  const browser = useBrowser();

  describe('on sqlite', () => {
    let server: RunningServer;
    const pages = signedInPages(browser, () => server);
    let omar: TestUser;
    let khalid: TestUser;
    const app = () => server as unknown as TestApp;

    const demoUser = async (email: string): Promise<TestUser> => {
      const row = await server.database.db
        .selectFrom('users')
        .select(['id', 'username', 'email'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return { ...row, cookie: `souq_sid=${(await server.accounts.createSession(row.id)).token}` };
    };
    const answer = async <T>(url: string): Promise<T> => (await call(app(), 'GET', url, { user: omar })).json() as T;

    beforeAll(async () => {
      server = await startServer('sqlite', { seedDemo: true });
      [omar, khalid] = await Promise.all([demoUser('omar@souq.test'), demoUser('khalid@souq.test')]);
      // A shopper's view and like of one of omar's products: the best-products chart has a bar.
      const product = await server.database.db
        .selectFrom('products')
        .select('id')
        .where('owner_id', '=', omar.id)
        .where('is_auction', '=', 0)
        .orderBy('created_at')
        .executeTakeFirstOrThrow();
      expect((await call(app(), 'POST', `/api/products/${product.id}/view`, { user: khalid })).statusCode).toBe(204);
      await app().services.catalog.views.flush();
      expect((await call(app(), 'PUT', `/api/products/${product.id}/like`, { user: khalid })).statusCode).toBe(200);
    });
    afterAll(async () => {
      await pages.closeAll();
      await server?.close();
    });

    const open = (size: keyof typeof SIZES, locale: Locale): Promise<TrackedPage> =>
      pages.open(omar, { viewport: SIZES[size], arabic: locale === 'ar' });

    it('keeps uPlot out of a first visit: only the dashboard loads it', async () => {
      const { page, errors } = await open('phone', 'en');
      const scripts = scriptsOf(page);
      await page.goto('/');
      await page.getByTestId('product-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      const first = await scripts();
      expect(first.length).toBeGreaterThan(0);
      expect(first.filter((s) => s.uplot)).toEqual([]);
      await page.goto('/dashboard');
      await page.getByTestId('chart-sales').getByTestId('chart-canvas').locator('canvas').waitFor();
      expect((await scripts()).filter((s) => s.uplot).map((s) => new URL(s.url).pathname)).toEqual([
        expect.stringMatching(/^\/assets\/DashboardPage-.*\.js$/),
      ]);
      expect(errors).toEqual([]);
    });

    for (const locale of ['en', 'ar'] as const)
      for (const size of ['phone', 'desktop'] as const)
        it(`opens from My Account and draws every chart with its numbers (${locale}, ${SIZES[size].width}px)`, async () => {
          const { page, errors } = await open(size, locale);
          await page.goto('/MyAccount');
          await page.getByTestId('open-dashboard').click();
          await page.waitForURL('**/dashboard');
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');

          for (const id of CHARTS) {
            const card = page.getByTestId(`chart-${id}`);
            const canvas = card.getByTestId('chart-canvas').locator('canvas');
            await canvas.waitFor();
            const box = (await canvas.boundingBox())!;
            const cardBox = (await card.boundingBox())!;
            // Drawn, and as wide as its card allows (ResizeObserver), never wider.
            expect(box.height).toBeGreaterThan(100);
            expect(box.width).toBeGreaterThan(cardBox.width * 0.8);
            expect(box.width).toBeLessThanOrEqual(cardBox.width);
            expect(await card.locator('table caption').count()).toBe(1);
          }

          // The tables hold the server's figures, written as the page's language writes them.
          const money = (fils: number) => formatMoney(fils, locale);
          const sales = await answer<DashboardSales>('/api/me/dashboard/sales?by=day');
          const salesRows = page.getByTestId('chart-sales').locator('tbody tr');
          expect(await salesRows.count()).toBe(30);
          const today = sales.buckets.at(-1)!;
          expect(today.orders).toBeGreaterThan(0);
          expect(await salesRows.last().locator('td').allTextContents()).toEqual([
            String(today.orders),
            money(today.revenue),
          ]);

          const statuses = page.getByTestId('chart-statuses').locator('tbody tr');
          expect(await statuses.count()).toBe(6);

          const auctions = await answer<DashboardAuctions>('/api/me/dashboard/auctions');
          expect(auctions.ended).toBeGreaterThan(0);
          expect(await page.getByTestId('chart-auctions').locator('tbody tr').count()).toBe(auctions.recent.length);
          expect(await page.getByTestId('sell-through').textContent()).toContain(`${auctions.sold}`);

          const bids = page.getByTestId('chart-bids').locator('tbody tr');
          expect(await bids.count()).toBeGreaterThan(0);

          const shows = await answer<DashboardShows>('/api/me/dashboard/shows');
          const show = shows.shows[0]!;
          expect(show.takings).toBeGreaterThan(0);
          expect(
            await page.getByTestId('chart-shows').locator('tbody tr').first().locator('td').last().textContent(),
          ).toBe(money(show.takings));

          // A range switch redraws the chart: 12 months.
          await page
            .getByTestId('chart-sales')
            .getByRole('button', { name: locale === 'ar' ? 'أشهر' : 'Months' })
            .click();
          await expect.poll(() => salesRows.count()).toBe(12);

          // The numbers open under their chart.
          await page.getByTestId('chart-sales').locator('summary').click();
          await salesRows.first().waitFor();

          await axeClean(page);
          await fitsWidth(page);
          if (locale === 'ar') {
            const titles = [...auctions.recent.map((a) => a.title), ...shows.shows.map((s) => s.title), 'omar'];
            expect(await latinLeftovers(page, [...BRANDS, ...titles])).toEqual([]);
          }
          fs.mkdirSync(SHOTS, { recursive: true });
          for (const id of CHARTS)
            await page
              .getByTestId(`chart-${id}`)
              .screenshot({ path: path.join(SHOTS, `chart-${id}-${locale}-${SIZES[size].width}.png`) });
          await page.screenshot({
            path: path.join(SHOTS, `dashboard-${locale}-${SIZES[size].width}.png`),
            fullPage: true,
          });
          expect(errors).toEqual([]);
        });
  });
});
