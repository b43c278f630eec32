import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DELIVER, moveLine, placeOrder } from '../apps/server/test/aftersale-support.js';
import { insertProduct, type TestUser } from '../apps/server/test/catalog-support.js';
import type { TestApp } from '../apps/server/test/support.js';
import {
  describeInBrowser,
  fitsWidth,
  launchBrowser,
  openPage,
  signInContext,
  startServer,
  type RunningServer,
  type TrackedPage,
} from './support/harness.js';
import { axeClean } from './support/page-checks.js';

/** Seconds, not days: a line placed now is late before the buyer's page has loaded (0.0005 h). */
const SHIP_WITHIN_MS = 1_800;
const PHONE = { width: 360, height: 780 };

/**
 * Issue 31, "Sellers who don't ship, and what buyers say": a late line cancelled by its buyer, and
 * a rating given after delivery shown on the seller's profile. State is set up through the API;
 * only what a person does is done in the browser. One database: the rules are the server suites'.
 */
describeInBrowser('seller trust in the browser', () => {
  let browser: Browser;
  let server: RunningServer;
  let seller: TestUser;
  let buyer: TestUser;
  const pages: TrackedPage[] = [];
  const t = () => server as unknown as TestApp;

  const person = async (name: string): Promise<TestUser> => {
    const row = await server.accounts.createAccountDirectly({
      email: `${name}@example.com`,
      username: name,
      phone: '0501234567',
      password: 'souq-e2e-pass',
      verified: true,
    });
    const session = await server.accounts.createSession(row.id);
    return { id: row.id, username: name, email: row.email, cookie: `souq_sid=${session.token}` };
  };
  const open = async (who: TestUser): Promise<Page> => {
    const tracked = await openPage(browser, server.url, PHONE);
    pages.push(tracked);
    await signInContext(tracked.context, server.url, who.cookie);
    return tracked.page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer('sqlite', {
      aftersale: { shipWithinMs: SHIP_WITHIN_MS, problemAnswerMs: 48 * 3_600_000 },
    });
    [seller, buyer] = await Promise.all([person('amira_oud'), person('omar_buyer')]);
  });
  afterAll(async () => {
    for (const p of pages) await p.context.close();
    await server?.close();
    await browser?.close();
  });

  it('the buyer cancels a line the seller was late to ship, and the seller sees it cancelled', async () => {
    const product = await insertProduct(t(), seller.id, { title: 'Oud burner', price: 15_000 });
    const order = await placeOrder(t(), buyer, [product]);
    await new Promise((resolve) => setTimeout(resolve, SHIP_WITHIN_MS + 200));

    const page = await open(buyer);
    await page.goto('/MyAccount?tab=orders');
    const late = page.getByTestId('line-late');
    await late.waitFor();
    expect(await late.textContent()).toContain('has not. You may cancel it.');
    await axeClean(page);
    await fitsWidth(page);
    await page.getByTestId('cancel-late').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByRole('button', { name: 'Cancel this item' }).click();
    await late.waitFor({ state: 'detached' });
    await page.getByTestId('order').getByText('Cancelled').first().waitFor();

    const line = (await server.orders.ordersOf({ id: buyer.id } as never)).find((o) => o.id === order.id)!.lines[0]!;
    expect(line.status).toBe('cancelled');
    const sellerPage = await open(seller);
    await sellerPage.goto('/MyAccount?tab=sales');
    await sellerPage.getByTestId('sale').getByText('Cancelled').first().waitFor();
  });

  it('after delivery the buyer rates the seller, and the rating and standing show on the seller’s profile', async () => {
    const product = await insertProduct(t(), seller.id, { title: 'Dallah coffee pot', price: 9_000 });
    const order = await placeOrder(t(), buyer, [product]);
    await moveLine(t(), seller, order.lines[0]!.id, DELIVER);

    const page = await open(buyer);
    await page.goto('/MyAccount?tab=orders');
    const form = page.getByTestId('rate-seller');
    await form.waitFor();
    await form.getByText('5 stars').click();
    await form.getByLabel('Comment').fill('Beautiful pot, well packed.');
    await form.getByRole('button', { name: 'Send rating' }).click();
    await page.getByTestId('rating').getByText('Beautiful pot, well packed.').waitFor();

    await page.goto(`/MyAccount/${seller.id}?tab=ratings`);
    const ratings = page.getByTestId('seller-ratings');
    await ratings.getByText('Beautiful pot, well packed.').waitFor();
    await expect.poll(() => page.getByTestId('seller-standing').first().textContent()).toContain('1 rating');
    await axeClean(page);
    await fitsWidth(page);
    for (const p of pages) expect(p.errors).toEqual([]);
  });
});
