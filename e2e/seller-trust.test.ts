import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DELIVER, makeStaff, moveLine, placeOrder } from '../apps/server/test/aftersale-support.js';
import { call, createUser, insertProduct, type TestUser } from '../apps/server/test/catalog-support.js';
import type { TestApp } from '../apps/server/test/support.js';
import {
  describeInBrowser,
  fitsWidth,
  PHONE,
  signedInPages,
  startServer,
  useBrowser,
  type RunningServer,
} from './support/harness.js';
import { axeClean } from './support/page-checks.js';

/** Seconds, not days: a line placed now is late before the buyer's page has loaded (0.0005 h). */
const SHIP_WITHIN_MS = 1_800;

/**
 * Issue 31, "Sellers who don't ship, and what buyers say": a late line cancelled by its buyer, and
 * a rating given after delivery shown on the seller's profile. State is set up through the API;
 * only what a person does is done in the browser. One database: the rules are the server suites'.
 */
describeInBrowser('seller trust in the browser', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let seller: TestUser;
  let buyer: TestUser;
  const pages = signedInPages(browser, () => server);
  const t = () => server as unknown as TestApp;

  const person = (name: string): Promise<TestUser> => createUser(t(), { username: name });
  const open = async (who: TestUser): Promise<Page> => (await pages.open(who, { viewport: PHONE })).page;

  beforeAll(async () => {
    server = await startServer('sqlite', {
      aftersale: { shipWithinMs: SHIP_WITHIN_MS, problemAnswerMs: 48 * 3_600_000 },
    });
    [seller, buyer] = await Promise.all([person('amira_oud'), person('omar_buyer')]);
  });
  afterAll(async () => {
    await pages.closeAll();
    await server?.close();
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

    // Issue 32: "Download CSV" saves the sales as a dated file that starts with the UTF-8 BOM.
    const [download] = await Promise.all([
      sellerPage.waitForEvent('download'),
      sellerPage.getByTestId('download-sales-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^souq-sales-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path());
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.toString('utf8')).toContain(`Oud burner,1,150.00,150.00,7.50,${buyer.username},Dubai`);
  });

  it('after delivery the buyer rates the seller, and the rating and standing show on the seller’s profile', async () => {
    const product = await insertProduct(t(), seller.id, { title: 'Dallah coffee pot', price: 9_000 });
    const order = await placeOrder(t(), buyer, [product]);
    await moveLine(t(), seller, order.lines[0]!.id, DELIVER);

    const page = await open(buyer);
    // Issue 32: the product page counts the buyer's view with its beacon.
    const beacon = page.waitForResponse((r) => r.url().endsWith(`/api/products/${product}/view`));
    await page.goto(`/product/${product}`);
    expect((await beacon).status()).toBe(204);
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

    const sellerPage = await open(seller);
    await sellerPage.goto('/MyAccount?tab=products');
    const views = sellerPage
      .locator('.owned-card')
      .filter({ hasText: 'Dallah coffee pot' })
      .getByTestId('product-views');
    await expect.poll(() => views.textContent()).toBe('Views (30 days): 1');
  });

  it('a problem with a photo is answered by the seller, escalated, and decided by staff in /admin/disputes', async () => {
    const staff = await person('souq_staff');
    await makeStaff(t(), staff.id);
    const photo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'souq-e2e-')), 'scratch.png');
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8a1e1e' } })
      .png()
      .toFile(photo);
    const product = await insertProduct(t(), seller.id, { title: 'Prayer mat', price: 7_000 });
    const order = await placeOrder(t(), buyer, [product]);
    await moveLine(t(), seller, order.lines[0]!.id, DELIVER);

    const page = await open(buyer);
    await page.goto('/MyAccount?tab=orders');
    const card = page.getByTestId('order').filter({ hasText: 'Prayer mat' });
    await card.getByTestId('report-problem').click();
    const form = card.getByTestId('problem-form');
    await form.getByLabel('What went wrong?').selectOption('not_as_described');
    await form.getByLabel('Describe the problem').fill('It arrived torn at one corner.');
    await form.getByLabel(/Photos/).setInputFiles(photo);
    await form.getByRole('button', { name: 'Send to the seller' }).click();
    await card.getByTestId('problem').getByText('It arrived torn at one corner.').waitFor();
    expect(await card.getByTestId('problem').locator('img').count()).toBe(1);

    const sellerPage = await open(seller);
    await sellerPage.goto('/MyAccount?tab=sales');
    const answer = sellerPage.getByTestId('answer-problem');
    await answer.getByLabel('Your answer').selectOption('reply');
    await answer.getByLabel('Your words to the buyer').fill('It was perfect when it left.');
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await sellerPage.getByTestId('problem-answer').waitFor();

    await page.reload();
    await card.getByTestId('escalate-problem').getByRole('button', { name: 'Ask Souq staff to decide' }).click();
    await card.getByTestId('problem').getByText('With Souq staff').waitFor();

    const staffPage = await open(staff);
    await staffPage.goto('/admin/disputes');
    const dispute = staffPage.getByTestId('dispute');
    await dispute.getByText('It arrived torn at one corner.').waitFor();
    await axeClean(staffPage);
    const decide = dispute.getByTestId('decide-dispute');
    await decide.getByLabel('Decision').selectOption('buyer');
    await decide.getByLabel(/Reason/).fill('The photo shows the tear.');
    await decide.getByRole('button', { name: 'Decide' }).click();
    await staffPage.getByText('No disputes to decide').waitFor();

    await page.reload();
    await card.getByTestId('problem-decision').getByText('The photo shows the tear.').waitFor();
    const audit = (await call(t(), 'GET', '/api/admin/audit', { user: staff })).json();
    expect(audit.actions[0]).toMatchObject({ action: 'decide_dispute_for_buyer', reason: 'The photo shows the tear.' });
    for (const p of pages.all()) expect(p.errors).toEqual([]);
  });
});
