import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProducts } from '../apps/server/test/catalog-support.js';
import {
  DIALECTS,
  describeInBrowser,
  launchBrowser,
  openPage,
  screenshot,
  startServer,
  type RunningServer,
  type TrackedPage,
} from './support/harness.js';

const PASSWORD = 'souq-e2e-pass';
const path$ = (page: Page) => page.evaluate(() => location.pathname + location.search);

async function login(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByTestId('header-user').waitFor();
}

describeInBrowser('selling and buying in the browser', () => {
  let browser: Browser;
  let imageFile: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    imageFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'souq-e2e-')), 'submariner.png');
    await sharp({ create: { width: 900, height: 900, channels: 3, background: '#1e3a8a' } })
      .png()
      .toFile(imageFile);
  });
  afterAll(() => browser?.close());

  describe.each(DIALECTS)('on %s', (dialect) => {
    let server: RunningServer;
    const people = {
      seller: `hamad.${dialect}`,
      buyer: `fatima.${dialect}`,
      other: `khalid.${dialect}`,
      unverified: `noor.${dialect}`,
    };
    const email = (who: keyof typeof people) => `${people[who]}@example.com`;
    const pages: TrackedPage[] = [];
    const open = async (who: keyof typeof people) => {
      const tracked = await openPage(browser, server.url);
      pages.push(tracked);
      await login(tracked.page, email(who));
      return tracked.page;
    };

    beforeAll(async () => {
      server = await startServer(dialect);
      for (const who of Object.keys(people) as (keyof typeof people)[]) {
        await server.accounts.createAccountDirectly({
          email: email(who),
          username: people[who].replace('.', '_'),
          phone: '0501234567',
          password: PASSWORD,
          verified: who !== 'unverified',
        });
      }
    });
    afterAll(async () => {
      for (const p of pages) await p.context.close();
      await server?.close();
    });

    it('a seller lists a product; a buyer finds, likes, reviews, buys it twice over; both see the order', async () => {
      const seller = await open('seller');
      await seller.goto('/AddProduct');
      await seller.getByLabel('Title', { exact: true }).fill('Rolex Submariner Date');
      await seller.getByLabel('Category').selectOption('Watches');
      await seller
        .getByLabel('Description', { exact: true })
        .fill('Stainless steel diver, full set with box and papers.');
      await seller.getByLabel('Price', { exact: true }).fill('45,000');
      await seller.getByLabel('Brand').fill('Rolex');
      await seller.getByLabel(/^Weight/).fill('0.2');
      await seller.getByLabel(/^Keywords/).fill('Luxury, Diver');
      await seller.getByTestId('images-input').setInputFiles(imageFile);
      await seller.getByTestId('image-previews').locator('img').first().waitFor();
      await seller.getByRole('button', { name: 'Add Product' }).click();
      await expect.poll(() => path$(seller), { timeout: 15_000 }).toMatch(/^\/product\/[0-9a-f-]{36}$/);
      const productUrl = await path$(seller);
      await seller.getByRole('heading', { name: 'Rolex Submariner Date' }).waitFor();
      expect(await seller.getByTestId('product-price').textContent()).toContain('AED 45,000.00');

      // The buyer finds it by a keyword through the search bar, and by the category bar.
      const buyer = await open('buyer');
      await buyer.getByRole('searchbox', { name: 'Search products' }).fill('DIVER');
      await buyer.getByRole('button', { name: 'Search', exact: true }).click();
      await buyer.getByTestId('product-card').filter({ hasText: 'Rolex Submariner Date' }).waitFor();
      await buyer.goto('/');
      await buyer.getByRole('button', { name: 'Watches' }).click();
      await buyer.getByTestId('product-card').filter({ hasText: 'Rolex Submariner Date' }).click();
      await expect.poll(() => path$(buyer)).toBe(productUrl);

      await buyer.getByTestId('like-button').click();
      await expect.poll(() => buyer.getByTestId('like-count').textContent()).toBe('1');

      await buyer.getByLabel('Your review').fill('Genuine, and exactly as described. Fast handover in Dubai.');
      await buyer.getByRole('button', { name: 'Submit review' }).click();
      await buyer.getByTestId('review-success').waitFor();
      await buyer.getByTestId('review-thanks').waitFor();
      expect(await buyer.getByTestId('review-list').getByTestId('review').count()).toBe(1);
      await expect.poll(() => buyer.getByTestId('product-rating').textContent()).toContain('5.0');

      await buyer.getByTestId('add-to-cart').click();
      await buyer.getByTestId('add-to-cart').click();
      await expect.poll(() => buyer.getByTestId('cart-badge').textContent()).toBe('1');
      await screenshot(buyer, `product-page-${dialect}`);
      await buyer.goto('/cart');
      await buyer.getByText('2', { exact: true }).waitFor();
      await buyer.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await buyer.getByTestId('order-total').waitFor();
      // 2 × 45,000 + 5% VAT, priced by the server.
      expect(await buyer.getByTestId('order-total').textContent()).toBe('AED 94,500.00');
      await buyer.getByLabel('Emirate').selectOption('Abu Dhabi');
      await buyer.getByLabel('Area').fill('Al Reem Island');
      await buyer.getByLabel('Street address').fill('Sky Tower, flat 1207');
      await buyer.getByLabel('Phone').fill('+971 50 765 4321');
      await buyer.getByRole('button', { name: 'Place order' }).dblclick();
      await buyer.getByTestId('order-confirmation').waitFor();
      await expect.poll(() => buyer.getByTestId('cart-badge').textContent()).toBe('0');
      expect(await server.database.db.selectFrom('orders').select('id').execute()).toHaveLength(1);

      await buyer.goto('/MyAccount?tab=orders');
      await buyer.getByTestId('orders').getByText('Rolex Submariner Date').waitFor();
      await seller.goto('/MyAccount?tab=sales');
      // The seller sees who to deliver to and call, and moves the order along; the buyer sees each step.
      const sale = seller.getByTestId('sale').first();
      await sale.getByText('Sky Tower, flat 1207, Al Reem Island, Abu Dhabi').waitFor();
      // Shown as the buyer typed it, dialled in E.164 (issue 46).
      expect(await sale.getByRole('link', { name: '+971 50 765 4321' }).getAttribute('href')).toBe('tel:+971507654321');
      for (const [action, label] of [
        ['Confirm order', 'Confirmed'],
        ['Mark as shipped', 'Shipped'],
        ['Mark as delivered', 'Delivered'],
      ]) {
        await sale.getByRole('button', { name: action! }).click();
        await expect.poll(() => sale.getByTestId('fulfilment-status').textContent()).toBe(label);
      }
      expect(await sale.getByRole('button').count()).toBe(0);
      await buyer.reload();
      await expect
        .poll(() => buyer.getByTestId('orders').getByTestId('fulfilment-status').first().textContent())
        .toBe('Delivered');

      for (const p of pages) expect(p.errors).toEqual([]);
    });

    it('stops an unverified buyer at the cart with the resend prompt', async () => {
      const [product] = await server.database.db.selectFrom('products').select(['id']).execute();
      const noor = await open('unverified');
      await noor.goto(`/product/${product!.id}`);
      await noor.getByTestId('add-to-cart').click();
      await noor.getByRole('dialog', { name: 'Verify your email' }).waitFor();
      await noor.getByRole('button', { name: 'Resend verification email' }).click();
      await noor.getByText('Verification email sent. Please check your inbox and verify your email.').waitFor();
      expect(await noor.getByTestId('cart-badge').textContent()).toBe('0');
      await noor.getByRole('button', { name: 'Close' }).click();
      await noor.goto('/AddProduct');
      await noor.getByText(/Once your email is verified you can list products/).waitFor();
      expect(await noor.getByTestId('product-form').count()).toBe(0);
      for (const p of pages) expect(p.errors).toEqual([]);
    });

    it('only the seller edits and deletes; another user is refused', async () => {
      const [product] = await server.database.db.selectFrom('products').select(['id']).execute();
      const other = await open('other');
      await other.goto(`/EditProduct/${product!.id}`);
      await other.getByText('Only the seller can change this product.').waitFor();
      expect(await other.getByTestId('product-form').count()).toBe(0);

      const seller = await open('seller');
      await seller.goto(`/editproduct/${product!.id}`);
      await seller.getByLabel('Price', { exact: true }).fill('42000');
      await seller.getByLabel(/^Dimensions/).fill('4x4x1');
      await seller.getByLabel(/^Country of origin/).fill('Switzerland');
      await seller.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => path$(seller)).toBe(`/product/${product!.id}`);
      await expect.poll(() => seller.getByTestId('product-price').textContent()).toContain('AED 42,000.00');

      await seller.goto(`/EditProduct/${product!.id}`);
      await seller.getByRole('button', { name: 'Delete product' }).click();
      await seller.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete product' }).click();
      await expect.poll(() => path$(seller)).toBe('/MyAccount');
      await seller.goto(`/product/${product!.id}`);
      await seller.getByText('This product does not exist or has been removed.').waitFor();
      for (const p of pages) expect(p.errors).toEqual([]);
    });

    it('sorts the shop and the search results with each one’s own sort options', async () => {
      const sellerRow = await server.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email('seller'))
        .executeTakeFirstOrThrow();
      await insertProducts(server, sellerRow.id, [
        { title: 'Zeta lantern', category: 'Deals', price: 30_000, keywordList: ['lantern'] },
        { title: 'Alpha lantern', category: 'Deals', price: 90_000, keywordList: ['lantern'] },
        { title: 'Mid lantern', category: 'Deals', price: 10_000, keywordList: ['lantern'] },
      ]);
      const buyer = await open('buyer');
      const titles = () => buyer.getByTestId('product-card').locator('.product-card__title').allTextContents();
      await buyer.goto('/?category=Deals');
      await buyer.getByLabel('Sort by').selectOption({ label: 'Price low to high' });
      await expect.poll(titles).toEqual(['Mid lantern', 'Zeta lantern', 'Alpha lantern']);
      await buyer.getByLabel('Sort by').selectOption({ label: 'Alphabetical Z-A' });
      await expect.poll(titles).toEqual(['Zeta lantern', 'Mid lantern', 'Alpha lantern']);
      await buyer.goto('/search?q=LANTERN');
      await expect.poll(titles).toEqual(['Alpha lantern', 'Mid lantern', 'Zeta lantern']);
      await buyer.getByLabel('Sort by').selectOption({ label: 'Price' });
      await buyer.getByLabel('Order').selectOption({ label: 'Descending' });
      await expect.poll(titles).toEqual(['Alpha lantern', 'Zeta lantern', 'Mid lantern']);
      await buyer.goto('/search?q=no-such-thing');
      await buyer.getByText('No products found').waitFor();
      await buyer.goto('/?category=Cars');
      await buyer.getByText('No products available in this category...').waitFor();
      for (const p of pages) expect(p.errors).toEqual([]);
    });

    it('follow and unfollow update the counts', async () => {
      const sellerRow = await server.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email('seller'))
        .executeTakeFirstOrThrow();
      const buyer = await open('buyer');
      await buyer.goto(`/MyAccount/${sellerRow.id}`);
      await expect.poll(() => buyer.getByTestId('followers-count').textContent()).toBe('0');
      await buyer.getByRole('button', { name: 'Follow', exact: true }).click();
      await expect.poll(() => buyer.getByTestId('followers-count').textContent()).toBe('1');
      await buyer.getByRole('button', { name: 'Unfollow' }).click();
      await expect.poll(() => buyer.getByTestId('followers-count').textContent()).toBe('0');
      await buyer.getByRole('button', { name: 'Follow', exact: true }).click();
      await expect.poll(() => buyer.getByTestId('followers-count').textContent()).toBe('1');
      await buyer.goto('/MyAccount');
      await expect.poll(() => buyer.getByTestId('following-count').textContent()).toBe('1');
      for (const p of pages) expect(p.errors).toEqual([]);
    });
  });
});
