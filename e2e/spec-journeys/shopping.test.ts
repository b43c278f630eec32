import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { latestLink } from '../../apps/server/test/outbox.js';
import { insertProduct } from '../../apps/server/test/catalog-support.js';
import {
  describeInBrowser,
  fitsWidth,
  PHONE,
  startServer,
  useBrowser,
  type RunningServer,
} from '../support/harness.js';
import { axeClean } from '../support/page-checks.js';
import { journeyPages, PASSWORD, pathOf, person, type Person } from './people.js';

/**
 * The spec's shopper and seller screens, walked in the spec's words and order: the Login and
 * register page, the Shop and Search pages, the Product page (as a visitor and signed in), the
 * Cart page to an order, and Add product. Written against the spec, not today's screens.
 */
describeInBrowser('the spec: accounts, the shop, a product, the cart, selling', () => {
  const browser = useBrowser();
  const pages = journeyPages(browser);
  let server: RunningServer;
  let seller: Person, buyer: Person;
  let photo: string;

  beforeAll(async () => {
    server = await startServer('sqlite');
    seller = await person(server, 'hamad_spec');
    buyer = await person(server, 'fatima_spec');
    await insertProduct(server, seller.id, { title: 'Seiko Presage', category: 'Watches', price: 1_450_00 });
    await insertProduct(server, seller.id, { title: 'Casio Vintage', category: 'Watches', price: 250_00 });
    await insertProduct(server, seller.id, {
      title: 'Ray-Ban Aviator',
      category: 'Eyewear',
      price: 640_00,
      keywordList: ['Sunglasses', 'Pilot'],
    });
    photo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'souq-spec-')), 'lamp.png');
    await sharp({ create: { width: 800, height: 800, channels: 3, background: '#b45309' } })
      .png()
      .toFile(photo);
  });
  afterAll(() => server?.close());

  it('Login and register page: register, not verified, Resend verification, verify from the email, Logout, Login', async () => {
    const page = await pages.open(server, null);
    await page.goto('/Login');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Register', exact: true }).last().click();
    await page.getByText('Please fill in all fields.').first().waitFor();
    await page.getByLabel('Email').fill('sara@example.com');
    await page.getByLabel('Password', { exact: true }).fill('desert-rose');
    await page.getByLabel('Confirm Password').fill('desert-rose');
    await page.getByLabel('Username').fill('sara_spec');
    await page.getByLabel('Phone').fill('0501234567');
    await page.getByRole('button', { name: 'Register', exact: true }).last().click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await page.getByText('Your email is not verified').waitFor();
    await page.getByRole('button', { name: 'Resend verification' }).click();
    await page.getByText('Email sent!').waitFor();

    await page.goto(latestLink(server.config.dataDir, 'sara@example.com', '/verify-email?token='));
    await page.getByTestId('verified-icon').waitFor();
    expect(await page.getByText('Your email is not verified').count()).toBe(0);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await page.goto('/login');
    await page.getByLabel('Email').fill('sara@example.com');
    await page.getByLabel('Password', { exact: true }).fill('desert-rose');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByTestId('verified-icon').waitFor();
    await page.setViewportSize(PHONE);
    await fitsWidth(page);
  });

  it('Shop page and Search page: a category, a sort, a search by keyword, and the empty results in the spec’s words', async () => {
    const page = await pages.open(server, null);
    await page.goto('/');
    await page.getByRole('button', { name: 'Watches' }).click();
    const titles = () => page.getByTestId('product-card').locator('.product-card__title').allTextContents();
    await expect.poll(titles).toHaveLength(2);
    await page.getByLabel('Sort by').selectOption({ label: 'Price low to high' });
    await expect.poll(titles).toEqual(['Casio Vintage', 'Seiko Presage']);
    await page.getByLabel('Sort by').selectOption({ label: 'Price high to low' });
    await expect.poll(titles).toEqual(['Seiko Presage', 'Casio Vintage']);
    await page.getByRole('button', { name: 'Mobiles' }).click();
    await page.getByText('No products available in this category...').waitFor();

    // Search: the text in a keyword, any case.
    await page.getByRole('searchbox', { name: 'Search products' }).fill('sunglasses');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/search?q=sunglasses');
    await page.getByTestId('product-card').filter({ hasText: 'Ray-Ban Aviator' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('zzz-nothing');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No products found').waitFor();
    await axeClean(page);
  });

  it('Product page: a visitor must log in to like; signed in, Like, a review, Add to Cart', async () => {
    const visitor = await pages.open(server, null);
    await visitor.goto('/');
    await visitor.getByTestId('product-card').filter({ hasText: 'Seiko Presage' }).click();
    await visitor.getByRole('heading', { name: 'Seiko Presage' }).waitFor();
    expect(await visitor.getByTestId('product-price').textContent()).toContain('AED 1,450.00');
    await visitor.getByRole('link', { name: 'View Seller Profile' }).waitFor();
    const productPath = await pathOf(visitor);
    await visitor.getByTestId('like-button').click();
    await visitor.getByText('You must be logged in to perform this action.').waitFor();
    expect(await pathOf(visitor)).toBe('/login');
    // Logging in brings her back to the product.
    await visitor.getByLabel('Email').fill(buyer.email);
    await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => pathOf(visitor)).toBe(productPath);

    await visitor.getByTestId('like-button').click();
    await expect.poll(() => visitor.getByTestId('like-count').textContent()).toBe('1');
    await visitor.getByLabel('Your review').fill('Beautiful dial, keeps perfect time.');
    await visitor.getByRole('button', { name: 'Submit review' }).click();
    await visitor.getByText("You've already reviewed this product. Thank you for your feedback!").waitFor();
    // The form answers before the list has fetched the review again: wait for the list too.
    await expect.poll(() => visitor.getByTestId('review-list').getByTestId('review').count()).toBe(1);
    await visitor.getByTestId('add-to-cart').click();
    await expect.poll(() => visitor.getByTestId('cart-badge').textContent()).toBe('1');
  });

  it('Cart page: the stepper, Remove, the total, Clear Cart, and Proceed to Checkout to an order', async () => {
    const page = await pages.open(server, buyer);
    for (const title of ['Casio Vintage', 'Ray-Ban Aviator']) {
      await page.goto('/');
      await page.getByTestId('product-card').filter({ hasText: title }).click();
      await page.getByTestId('add-to-cart').click();
    }
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('2');
    await page.getByTestId('cart-badge').click();
    await expect.poll(() => pathOf(page)).toBe('/cart');
    const casio = page.locator('.cart-line').filter({ hasText: 'Casio Vintage' });
    await casio.getByRole('button', { name: 'Increase quantity' }).click();
    await casio.getByText('2', { exact: true }).waitFor();
    // Never below 1.
    await casio.getByRole('button', { name: 'Decrease quantity' }).click();
    expect(await casio.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    await page
      .locator('.cart-line')
      .filter({ hasText: 'Ray-Ban Aviator' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1');
    await page.setViewportSize(PHONE);
    await fitsWidth(page);

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByLabel('Emirate').selectOption('Dubai');
    await page.getByLabel('Area').fill('Al Barsha');
    await page.getByLabel('Street address').fill('Al Barsha 1, villa 12');
    await page.getByLabel('Phone').fill('+971 50 765 4321');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByTestId('order-confirmation').waitFor();
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('0');
    await page.goto('/MyAccount?tab=orders');
    await page.getByTestId('orders').getByText('Casio Vintage').waitFor();

    // Clear Cart empties it.
    await page.goto('/');
    await page.getByTestId('product-card').filter({ hasText: 'Seiko Presage' }).click();
    await page.getByTestId('add-to-cart').click();
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('0');
  });

  it('Add product: the form’s messages in the spec’s words, then the product in the shop', async () => {
    const page = await pages.open(server, seller);
    await page.goto('/AddProduct');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('Please correct the errors before submitting.').waitFor();
    for (const message of [
      'Title must be at least 3 characters.',
      'Description must be at least 10 characters.',
      'Price must be a positive number.',
      'Brand is required.',
      'Please select a category.',
      'At least one image is required.',
    ])
      await page.getByText(message).first().waitFor();

    await page.getByLabel('Title', { exact: true }).fill('Brass Lantern');
    await page.getByLabel('Category').selectOption('Appliances');
    await page.getByLabel('Description', { exact: true }).fill('Hand-beaten brass lantern from the old souq.');
    await page.getByLabel('Price', { exact: true }).fill('320');
    await page.getByLabel('Brand').fill('Souq Crafts');
    await page.getByLabel(/^Weight/).fill('1.5');
    await page.getByLabel(/^Dimensions/).fill('20x20');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('Dimensions must be in format LxWxH (e.g., 10x20x30)').waitFor();
    await page.getByLabel(/^Dimensions/).fill('20x20x45');
    await page.getByTestId('images-input').setInputFiles(photo);
    await page.getByTestId('image-previews').locator('img').first().waitFor();
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('heading', { name: 'Brass Lantern' }).waitFor();
    expect(await page.getByTestId('product-price').textContent()).toContain('AED 320.00');
    await page.goto('/?category=Appliances');
    await page.getByTestId('product-card').filter({ hasText: 'Brass Lantern' }).waitFor();
    expect(pages.errors()).toEqual([]);
  });
});
