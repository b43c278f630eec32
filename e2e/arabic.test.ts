import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_AR } from '../packages/shared/src/i18n/messages-ar.js';
import { startAuction } from '../apps/server/test/auction-support.js';
import { call, createProduct, insertProduct, type TestUser } from '../apps/server/test/catalog-support.js';
import { root } from '../scripts/build-web.mjs';
import {
  FAKE_MEDIA_FLAGS,
  describeInBrowser,
  fitsWidth,
  openPage,
  startServer,
  useBrowser,
  type RunningServer,
  type TrackedPage,
  signInContext,
} from './support/harness.js';
import { goLiveSelling } from './support/host.js';
import { BRANDS, latinLeftovers } from './support/arabic.js';

const SIZES = { phone: { width: 360, height: 780 }, desktop: { width: 1280, height: 860 } };
type Size = keyof typeof SIZES;
const SHOTS = '/tmp/ar-shots';

/** Every Arabic message of the web app, read from the catalogs the app is built from. */
const CATALOG: Record<string, string> = Object.assign(
  {},
  ...fs
    .readdirSync(path.join(root, 'apps/web/src/i18n/catalogs/ar'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(root, 'apps/web/src/i18n/catalogs/ar', f), 'utf8'))),
);
/** One Arabic message, its `{placeholders}` filled in. */
function ar(key: string, values: Record<string, string> = {}): string {
  const text = CATALOG[key];
  if (text === undefined) throw new Error(`no Arabic for ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}
/** The part of a message before its first placeholder: what a partial match can look for. */
const lead = (key: string) => ar(key).split('{')[0]!.trim();

const searchWidth = (page: Page) => page.getByRole('searchbox').evaluate((el) => el.getBoundingClientRect().width);
const dir = (page: Page) => page.evaluate(() => document.documentElement.dir);
const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

async function shot(page: Page, name: string, size: Size): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${SIZES[size].width}.png`), fullPage: size === 'desktop' });
}

async function arabic(context: BrowserContext, url: string): Promise<void> {
  await context.addCookies([{ name: 'souq_lang', value: 'ar', url, sameSite: 'Lax' }]);
}

/**
 * Issue 29: the main journeys of a Gulf shopper, in Arabic, right to left, at a phone's width and
 * at a desktop's. The words are read from the Arabic catalogs, so the test holds the app to what
 * its translators wrote. SQLite only: the language is the web app's, not the database's.
 */
describeInBrowser('the shop in Arabic', () => {
  const browser = useBrowser(FAKE_MEDIA_FLAGS);
  let server: RunningServer;
  const pages: TrackedPage[] = [];
  const users = {} as Record<'seller' | 'phone' | 'desktop' | 'host' | 'viewer' | 'switcher', TestUser>;
  const TITLE = 'ساعة يد رجالية';
  const AUCTION = 'ساعة جيب عتيقة';
  let productId = '';
  let auctionId = '';

  async function open(who: keyof typeof users | null, size: Size, inArabic = true): Promise<Page> {
    const tracked = await openPage(browser(), server.url, SIZES[size]);
    pages.push(tracked);
    if (inArabic) await arabic(tracked.context, server.url);
    if (who) await signInContext(tracked.context, server.url, users[who].cookie);
    return tracked.page;
  }

  beforeAll(async () => {
    server = await startServer('sqlite');
    for (const who of Object.keys({ seller: 1, phone: 1, desktop: 1, host: 1, viewer: 1, switcher: 1 }) as Array<
      keyof typeof users
    >) {
      const username = `ar_${who}`;
      const row = await server.accounts.createAccountDirectly({
        email: `${username}@example.com`,
        username,
        phone: '0501234567',
        password: 'souq-e2e-pass',
        verified: true,
      });
      const session = await server.accounts.createSession(row.id);
      users[who] = { id: row.id, username, email: row.email, cookie: `souq_sid=${session.token}` };
    }
    // The seller chose Arabic on another day: the news of bids is written in it.
    const chose = await call(server, 'PUT', '/api/me/locale', { user: users.seller, json: { locale: 'ar' } });
    expect(chose.statusCode).toBe(204);
    productId = await createProduct(server, users.seller, {
      title: TITLE,
      description: 'ساعة أوتوماتيكية بحالة ممتازة، مع العلبة والضمان.',
      category: 'Watches',
      price: '125000',
      previousPrice: '150000',
      brand: 'سيكو',
      countryOfOrigin: 'اليابان',
      keywords: 'ساعات، رجالي',
    });
    auctionId = (
      await startAuction(server, users.seller, {}, { title: AUCTION, description: 'ساعة جيب فضية من الخمسينيات.' })
    ).id;
  });
  afterAll(async () => {
    for (const p of pages) await p.context.close();
    await server?.close();
  });

  afterAll(() => {
    // Console errors of every page: none expected, in any language.
    expect(pages.flatMap((p) => p.errors)).toEqual([]);
  });

  for (const size of ['phone', 'desktop'] as const) {
    describe(`at ${SIZES[size].width} px`, () => {
      it('browses the shop by an Arabic category, finds ساعه, and buys with cash on delivery, the phone in Arabic-Indic digits', async () => {
        const page = await open(size, size);
        await page.goto('/');
        expect(await dir(page)).toBe('rtl');
        expect(await lang(page)).toBe('ar');
        // The category bar speaks Arabic; choosing one shows its products.
        const bar = page.getByRole('navigation', { name: ar('categorybar.label') });
        await bar.getByRole('button', { name: ar('catalog.category.watches') }).click();
        await page.getByTestId('product-card').filter({ hasText: TITLE }).waitFor();
        await shot(page, 'shop', size);
        await fitsWidth(page);

        // Search as people type: ه for ة.
        const search = page.getByRole('search');
        await search.getByRole('searchbox', { name: ar('components.search.label') }).fill('ساعه');
        await search.getByRole('button', { name: ar('components.search.submit') }).click();
        await page.getByRole('heading', { name: /ساعه/ }).waitFor();
        await page.getByTestId('product-card').filter({ hasText: TITLE }).first().click();
        await page.getByRole('heading', { name: TITLE }).waitFor();
        expect(await page.getByTestId('product-price').textContent()).toContain('1,250.00 د.إ');
        await shot(page, 'product', size);
        await fitsWidth(page);

        await page.getByTestId('add-to-cart').click();
        await page.goto('/cart');
        await page.getByRole('heading', { name: ar('cart.title') }).waitFor();
        await page.getByText(ar('cart.subtotal'), { exact: true }).first().waitFor();
        await shot(page, 'cart', size);
        await fitsWidth(page);
        await page.getByRole('link', { name: ar('cart.checkout') }).click();
        await page.getByTestId('order-total').waitFor();
        await page.getByText(ar('orders.payment.cash_on_delivery')).first().waitFor();
        // 1,250.00 plus 5% VAT.
        expect(await page.getByTestId('order-total').textContent()).toBe('1,312.50 د.إ');
        await page.getByLabel(ar('orders.address.emirate')).selectOption({ label: ar('orders.emirate.dubai') });
        await page.getByLabel(ar('orders.address.area')).fill('دبي مارينا');
        await page.getByLabel(ar('orders.address.street')).fill('برج الأميرة، شقة ١٢٠٧');
        await page.getByLabel(ar('orders.address.phone')).fill('٠٥٠١٢٣٤٥٦٧');
        await shot(page, 'checkout', size);
        await fitsWidth(page);
        await page.getByRole('button', { name: ar('orders.checkout.place') }).click();
        const confirmation = page.getByTestId('order-confirmation');
        await confirmation.getByText(MSG_AR.orderPlaced).waitFor();
        await confirmation.getByRole('heading', { name: ar('orders.placed.title') }).waitFor();
        expect(await confirmation.textContent()).toContain(ar('orders.payment.cash_on_delivery'));
        await shot(page, 'order-placed', size);
        // The phone is kept as typed, and as digits a dialler takes (issue 46: E.164).
        const orders = await server.database.db.selectFrom('orders').select(['phone_e164']).execute();
        expect(orders.map((o) => o.phone_e164)).toContain('+971501234567');
      });

      it('bids on a timed auction typing Arabic-Indic digits', async () => {
        const page = await open(size, size);
        await page.goto(`/auction/${auctionId}`);
        await page.getByRole('heading', { name: AUCTION }).waitFor();
        expect(await dir(page)).toBe('rtl');
        const amount =
          size === 'phone' ? { typed: '١٬٢٠٠', shown: '1,200.00 د.إ' } : { typed: '١٥٠٠', shown: '1,500.00 د.إ' };
        await page.getByLabel(ar('auctions.bid.yourBid'), { exact: true }).fill(amount.typed);
        await shot(page, 'auction', size);
        await fitsWidth(page);
        await page.getByTestId('place-bid').click();
        await page.getByTestId('bid-outcome').getByText(MSG_AR.bidPlaced).waitFor();
        await expect.poll(() => page.getByTestId('current-bid').textContent()).toBe(amount.shown);
        await page.getByTestId('bid-row').first().getByText(users[size].username).waitFor();
      });
    });
  }

  it("the outbid bidder's and the seller's notifications read Arabic", async () => {
    // The phone's bid was outbid by the desktop's; the seller heard of both. The phone's account had
    // no language: the Arabic pages it signed in on gave it theirs, so the news came in Arabic.
    for (const who of ['phone', 'seller'] as const) {
      const page = await open(who, 'desktop');
      await page.goto('/');
      await page.getByTestId('bell-count').waitFor();
      await page.getByTestId('bell').click();
      const rows = page.getByTestId('bell-panel').getByTestId('notification');
      await rows.first().waitFor();
      const texts = (await rows.allTextContents()).map((text) =>
        Object.values(users).reduce((rest, user) => rest.split(user.username).join(''), text),
      );
      expect(texts.filter((text) => /[A-Za-z]{2,}/.test(text))).toEqual([]);
    }
  });

  it('a viewer watches a live stream in Arabic on a phone and bids ١٥٠ in its chat', async () => {
    await insertProduct(server, users.host.id, { title: 'خنجر فضي عُماني' });
    // The host in English, as live.test.ts drives the form; the viewer reads Arabic.
    const host = await open('host', 'desktop', false);
    const streamId = await goLiveSelling(host, {
      title: 'مزاد الجمعة للخناجر',
      product: 'خنجر فضي عُماني',
      startingBid: '100',
    });

    const viewer = await open('viewer', 'phone');
    await viewer.goto('/live');
    await viewer.getByTestId('stream-card').filter({ hasText: 'مزاد الجمعة للخناجر' }).click();
    await expect.poll(() => viewer.evaluate(() => location.pathname)).toBe(`/livestream/${streamId}`);
    expect(await dir(viewer)).toBe('rtl');
    // The picture arrives (the fake camera's frames decode).
    await expect
      .poll(
        () =>
          viewer
            .getByTestId('stream-video')
            .evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await viewer.getByText(ar('live.viewer.hostedBy', { host: users.host.username })).waitFor({ timeout: 30_000 });
    await viewer.getByText(lead('live.banner.noBids')).waitFor();
    const chat = viewer.getByTestId('chat-form');
    await chat.getByLabel(ar('live.chat.label')).fill('١٥٠');
    await chat.getByRole('button', { name: ar('live.chat.send') }).click();
    await viewer.getByTestId('chat-answer').getByText(MSG_AR.bidPlaced).waitFor();
    await expect
      .poll(() => viewer.getByTestId('bid-banner').textContent())
      .toBe(
        ar('live.banner.highest', { amount: '150.00 د.إ', user: users.viewer.username }).replace(
          /[\u2066-\u2069]/g,
          '',
        ),
      );
    await fitsWidth(viewer);
    await shot(viewer, 'live', 'phone');
    const wide = await open('viewer', 'desktop');
    await wide.goto(`/livestream/${streamId}`);
    await wide
      .getByText(ar('live.banner.highest', { amount: '', user: '' }).split(':')[0]!)
      .first()
      .waitFor();
    await shot(wide, 'live', 'desktop');
  });

  it('the switch turns an English page Arabic without a reload; a reload keeps it; the account keeps it on a fresh device', async () => {
    const page = await open('switcher', 'phone', false);
    await page.goto(`/product/${productId}`);
    expect(await dir(page)).toBe('ltr');
    await page.getByTestId('add-to-cart').waitFor();
    const before = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect.poll(() => dir(page)).toBe('rtl');
    expect(await lang(page)).toBe('ar');
    await page
      .getByRole('button', { name: ar('product.addToCart') })
      .first()
      .waitFor();
    // No reload: the page's own state is still there.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(before);
    await page.getByRole('button', { name: 'English' }).waitFor();
    // Kept on this device (the cookie the server reads) and on the account.
    expect((await page.context().cookies()).find((c) => c.name === 'souq_lang')?.value).toBe('ar');
    await expect
      .poll(async () => {
        const row = await server.database.db
          .selectFrom('users')
          .select('locale')
          .where('id', '=', users.switcher.id)
          .executeTakeFirst();
        return row?.locale;
      })
      .toBe('ar');

    await page.reload();
    expect(await dir(page)).toBe('rtl');
    await page
      .getByRole('button', { name: ar('product.addToCart') })
      .first()
      .waitFor();

    // A fresh browser, no cookie, English Accept-Language: signing in brings the account's Arabic.
    const fresh = await openPage(browser(), server.url, SIZES.desktop);
    pages.push(fresh);
    await fresh.page.goto('/Login');
    expect(await dir(fresh.page)).toBe('ltr');
    await fresh.page.getByLabel('Email').fill(users.switcher.email);
    await fresh.page.getByLabel('Password', { exact: true }).fill('souq-e2e-pass');
    await fresh.page.getByRole('button', { name: 'Login', exact: true }).click();
    await fresh.page.getByTestId('header-user').waitFor();
    await expect.poll(() => dir(fresh.page)).toBe('rtl');
    await fresh.page.getByRole('button', { name: 'English' }).waitFor();
    await fresh.page.goto('/');
    expect(await dir(fresh.page)).toBe('rtl');
    await fresh.page
      .getByRole('link', { name: ar('app.tab.shop') })
      .first()
      .waitFor();
  });

  it('no English is left on the pages the journeys filled: orders, sales, auctions, bids, a live stream, the bell', async () => {
    const orders = await server.database.db.selectFrom('orders').select('id').execute();
    const allowed = [
      ...BRANDS,
      ...Object.values(users).flatMap((u) => [u.email, u.username]),
      ...orders.map((o) => o.id.slice(0, 8).toUpperCase()),
      // Invoice numbers are codes, the same on the PDF and in the seller's books (ADR 0042).
      ...(await server.database.db.selectFrom('invoices').select('number').execute()).map((i) => i.number),
    ];
    const left: string[] = [];
    const walk = async (who: keyof typeof users, routes: string[], then?: (page: Page) => Promise<void>) => {
      const page = await open(who, 'phone');
      for (const route of routes) {
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        await page
          .waitForFunction(() => !document.querySelector('.skeleton, .spinner, [aria-busy="true"]'), undefined, {
            timeout: 10_000,
          })
          .catch(() => undefined);
        await then?.(page);
        for (const text of await latinLeftovers(page, allowed)) left.push(`${who} ${route}: ${text}`);
      }
    };
    await walk('phone', ['/MyAccount?tab=orders', `/auction/${auctionId}`, '/auction']);
    await walk('seller', ['/MyAccount?tab=sales', '/MyAccount?tab=auctions', `/product/${productId}`]);
    await walk('seller', [`/auction/${auctionId}`], async (page) => {
      await page.getByTestId('bell').click();
      await page.getByTestId('bell-panel').getByTestId('notification').first().waitFor();
    });
    await walk('viewer', ['/live']);
    expect(left).toEqual([]);
    // Many pages, each settled: on a busy machine this takes a while.
  }, 180_000);

  it('the screens a shopper signs in and sells on, for the record', async () => {
    for (const size of ['phone', 'desktop'] as const) {
      const out = await open(null, size);
      await out.goto('/Login');
      await out.getByRole('heading', { name: ar('auth.form.loginTitle') }).waitFor();
      await shot(out, 'login', size);
      await fitsWidth(out);
      // The header's search box keeps room for its first word, "ابحث", beside the Arabic words.
      expect(await searchWidth(out)).toBeGreaterThanOrEqual(56);
      const seller = await open('seller', size);
      await seller.goto('/MyAccount');
      await seller.getByRole('tab').first().waitFor();
      await shot(seller, 'my-account', size);
      expect(await searchWidth(seller)).toBeGreaterThanOrEqual(56);
      await fitsWidth(seller);
      await seller.goto('/AddProduct');
      await seller.getByTestId('product-form').waitFor();
      await shot(seller, 'add-product', size);
      await fitsWidth(seller);
      await seller.goto('/livestream-host');
      await seller.getByTestId('host-form').waitFor();
      await shot(seller, 'go-live', size);
      await fitsWidth(seller);
      await out.goto('/auction');
      await out.getByRole('heading', { name: AUCTION }).first().waitFor();
      await shot(out, 'auctions', size);
      await fitsWidth(out);
    }
    // Many pages, each settled: on a busy machine this takes a while.
  }, 180_000);
});
