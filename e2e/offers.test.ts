import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createUser, insertProduct, type TestUser } from '../apps/server/test/catalog-support.js';
import type { TestApp } from '../apps/server/test/support.js';
import { root } from '../scripts/build-web.mjs';
import {
  describeInBrowser,
  fitsWidth,
  PHONE,
  screenshot,
  signedInPages,
  startServer,
  useBrowser,
  type RunningServer,
} from './support/harness.js';
import { axeClean } from './support/page-checks.js';

type Lang = 'en' | 'ar';
const catalog = (lang: Lang): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(root, `apps/web/src/i18n/catalogs/${lang}/offers.json`), 'utf8'));
const WORDS = { en: catalog('en'), ar: catalog('ar') };
/** A message of the offers feature in the language under test, read from the catalog it is built from. */
const say = (lang: Lang, key: string) => {
  const text = WORDS[lang][key];
  if (text === undefined) throw new Error(`no ${lang} for ${key}`);
  return text;
};
/** An amount as a phone keyboard in that language types it: Arabic-Indic digits in Arabic. */
const typed = (lang: Lang, western: string) =>
  lang === 'ar' ? western.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))) : western;

/**
 * The offers journey (ADR 0053), at a phone's width, in English and in Arabic: the seller allows offers on
 * their product with a hidden floor, the buyer makes an offer from the product page's dialog, the
 * seller counters it, the buyer accepts the counter and checks out into an order at that price.
 * Every screen is checked with axe and for sideways scrolling. SQLite only: the rules, the races
 * and the lapse are tested on both databases in apps/server (modules/offers/*.test.ts).
 */
describeInBrowser('make an offer, in the browser', () => {
  const browser = useBrowser();
  let server: RunningServer;
  const pages = signedInPages(browser, () => server);
  const app = () => server as unknown as TestApp;

  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(async () => {
    await pages.closeAll();
    await server?.close();
  });

  const open = async (user: TestUser, lang: Lang) => pages.open(user, { viewport: PHONE, arabic: lang === 'ar' });
  const checked = async (page: Page, name: string) => {
    await fitsWidth(page);
    await axeClean(page);
    await screenshot(page, name, { fullPage: false });
  };

  for (const lang of ['en', 'ar'] as const)
    it(`an offer countered, the counter accepted, and checked out into an order (${lang})`, async () => {
      const [seller, buyer] = [await createUser(app()), await createUser(app())];
      const saved = await call(app(), 'POST', '/api/addresses', {
        user: buyer,
        json: { emirate: 'Dubai', area: 'Al Barsha', street: 'Street 12', building: 'Villa 4', phone: '0501234567' },
      });
      expect(saved.statusCode).toBe(201);
      const title = `Brass dallah ${lang}`;
      const product = await insertProduct(app(), seller.id, { title, price: 20_000 });

      // The seller allows offers on their product, with a floor buyers never see.
      const { page: sellerPage, errors: sellerErrors } = await open(seller, lang);
      await sellerPage.goto(`/product/${product}`);
      const terms = sellerPage.getByTestId('offer-terms');
      await terms.getByLabel(say(lang, 'offers.terms.allow')).check();
      await terms.getByLabel(say(lang, 'offers.terms.floor')).fill(typed(lang, '120'));
      await checked(sellerPage, `offers-terms-${lang}`);
      await terms.getByTestId('save-terms').click();
      await terms.getByText(say(lang, 'offers.terms.saved')).waitFor();

      // The buyer offers 150 from the product page's dialog.
      const { page: buyerPage, errors: buyerErrors } = await open(buyer, lang);
      await buyerPage.goto(`/product/${product}`);
      await buyerPage.getByTestId('make-offer').click();
      const dialog = buyerPage.getByTestId('offer-dialog');
      const amount = dialog.getByLabel(say(lang, 'offers.yourOffer'));
      await expect.poll(() => amount.evaluate((el) => el === document.activeElement)).toBe(true);
      await amount.fill(typed(lang, '150'));
      await checked(buyerPage, `offers-dialog-${lang}`);
      await dialog.getByTestId('send-offer').click();
      await dialog.getByText(say(lang, 'offers.sent')).waitFor();
      await dialog.getByRole('button', { name: say(lang, 'offers.close') }).click();

      // The seller counters with 175.
      await sellerPage.goto('/offers?tab=received');
      const received = sellerPage.getByTestId('offer-card').filter({ hasText: title });
      await received.getByTestId('offer-counter').click();
      await received.getByLabel(say(lang, 'offers.counterAmount')).fill(typed(lang, '175'));
      await checked(sellerPage, `offers-counter-${lang}`);
      await received.getByTestId('send-counter').click();
      await expect.poll(() => received.getAttribute('data-status')).toBe('countered');

      // The buyer accepts the counter and checks out from their saved address.
      await buyerPage.goto('/offers');
      const made = buyerPage.getByTestId('offer-card').filter({ hasText: title });
      await made.getByTestId('counter-amount').waitFor();
      await checked(buyerPage, `offers-countered-${lang}`);
      await made.getByTestId('offer-accept').click();
      const checkout = made.getByTestId('offer-checkout');
      await checkout.waitFor();
      await checked(buyerPage, `offers-checkout-${lang}`);
      await checkout.getByTestId('place-offer-order').click();
      await made.getByTestId('offer-placed').waitFor();
      await expect.poll(() => made.getAttribute('data-status')).toBe('ordered');
      await checked(buyerPage, `offers-ordered-${lang}`);

      const orders = await app()
        .database.db.selectFrom('orders')
        .select(['subtotal', 'status', 'idempotency_key'])
        .where('buyer_id', '=', buyer.id)
        .execute();
      expect(orders).toEqual([expect.objectContaining({ subtotal: 17_500, status: 'placed' })]);
      expect(orders[0]!.idempotency_key).toMatch(/^offer:/);
      expect(sellerErrors).toEqual([]);
      expect(buyerErrors).toEqual([]);
    });
});
