import http from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codBlockedUntil, suspensionDay } from '../packages/shared/src/index.js';
import { codBlockedUntilAr } from '../packages/shared/src/i18n/messages-ar-cod.js';
import { makeStaff, moveLine, placeOrder } from '../apps/server/test/aftersale-support.js';
import { createUser, insertProduct, type TestUser } from '../apps/server/test/catalog-support.js';
import type { TestApp } from '../apps/server/test/support.js';
import {
  describeInBrowser,
  fitsWidth,
  freePort,
  PHONE,
  screenshot,
  signedInPages,
  startServer,
  useBrowser,
  type RunningServer,
} from './support/harness.js';
import { axeClean } from './support/page-checks.js';
import { say, type Lang } from './support/words.js';

/** Dubai Marina, where Chromium is told the phone stands. */
const HERE = { latitude: 25.0867, longitude: 55.1477 };

/**
 * Issue 46's journey, at a phone's width, in English and in Arabic: a buyer saves an address with
 * "Use my location" and a Makani number, checks out with it, the seller opens the pin and reads the
 * Makani number, records two refusals at the door across two orders; once the 48 hours to dispute
 * pass (moved back in the database: the browser suite has no fake clock), the buyer's next checkout
 * is closed with the reason and the day it lifts, until staff lift it. SQLite only: the rules are
 * tested on both databases in apps/server (delivery/*.test.ts).
 */
describeInBrowser('cash on delivery at the door, in the browser', () => {
  const browser = useBrowser();
  let server: RunningServer;
  const pages = signedInPages(browser, () => server);
  let seller: TestUser;
  let staff: TestUser;
  const app = () => server as unknown as TestApp;

  beforeAll(async () => {
    server = await startServer('sqlite');
    [seller, staff] = [await createUser(app()), await createUser(app())];
    await makeStaff(app(), staff.id);
  });
  afterAll(async () => {
    await pages.closeAll();
    await server?.close();
  });

  const open = async (user: TestUser, lang: Lang): Promise<Page> =>
    (await pages.open(user, { viewport: PHONE, arabic: lang === 'ar' })).page;
  const checked = async (page: Page, name: string) => {
    await fitsWidth(page);
    await axeClean(page);
    await screenshot(page, name, { fullPage: false });
  };

  async function saveAddress(page: Page, lang: Lang) {
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation(HERE);
    await page.goto('/MyAccount?tab=addresses');
    await page
      .getByRole('button', { name: say(lang, 'addresses.add') })
      .first()
      .click();
    const form = page.getByTestId('address-form');
    await form.getByLabel(say(lang, 'orders.address.emirate')).selectOption('Dubai');
    await form.getByLabel(say(lang, 'orders.address.area')).fill(lang === 'ar' ? 'دبي مارينا' : 'Dubai Marina');
    await form.getByLabel(say(lang, 'orders.address.street')).fill('Al Marsa Street');
    await form.getByLabel(say(lang, 'orders.address.building')).fill('Marina Gate 1');
    await form
      .getByLabel(say(lang, 'orders.address.landmark'))
      .fill(lang === 'ar' ? 'بجانب محطة الترام' : 'Next to the tram stop');
    await form.getByLabel(say(lang, 'orders.address.phone')).fill(lang === 'ar' ? '٠٥٠ ١٢٣ ٤٥٦٧' : '050 123 4567');
    await form.getByRole('button', { name: say(lang, 'orders.address.useMyLocation') }).click();
    await form.getByTestId('address-pin').getByText('25.08670, 55.14770').waitFor();
    await form.getByLabel(say(lang, 'orders.address.makani')).fill(lang === 'ar' ? '١٢٣٤٥ ٦٧٨٩٠' : '12345 67890');
    await checked(page, `delivery-address-form-${lang}`);
    await form.getByRole('button', { name: say(lang, 'addresses.save') }).click();
    await page.getByTestId('address-book').getByText('1234567890').waitFor();
  }

  async function checkout(page: Page, lang: Lang, title: string) {
    const id = await insertProduct(app(), seller.id, { title, price: 25_000 });
    await page.goto(`/product/${id}`);
    await page.getByTestId('add-to-cart').click();
    await page.goto('/checkout');
    return id;
  }

  /** The seller records a refusal on their newest shipped sale, through the sales page. */
  async function recordRefusal(page: Page, lang: Lang, title: string) {
    await page.goto('/MyAccount?tab=sales');
    const sale = page.getByTestId('sale').filter({ hasText: title });
    await sale.getByTestId('record-attempt').click();
    await sale.getByLabel(say(lang, 'delivery.outcome.refused')).check();
    await sale
      .getByLabel(say(lang, 'delivery.reasonRefused'))
      .fill(lang === 'ar' ? 'قال إنه لم يطلبه' : 'Said he did not order it');
    await sale.getByRole('button', { name: say(lang, 'delivery.save') }).click();
    await sale.getByTestId('delivery-attempts').getByText(say(lang, 'delivery.outcome.refused')).waitFor();
  }

  for (const lang of ['en', 'ar'] as const)
    it(`a saved address with a pin and a Makani number, two refusals, checkout closed until staff lift it (${lang})`, async () => {
      const buyer = await createUser(app());
      const buyerPage = await open(buyer, lang);
      await saveAddress(buyerPage, lang);

      // Checkout starts from the default address: nothing to type.
      const first = `Dallah ${lang} one`;
      await checkout(buyerPage, lang, first);
      await buyerPage.getByTestId('order-total').waitFor();
      await buyerPage.getByTestId('saved-addresses').waitFor();
      await buyerPage.getByRole('button', { name: say(lang, 'orders.checkout.place') }).click();
      await buyerPage.getByTestId('order-confirmation').waitFor();

      // The seller finds the door: the pin in maps, and the Makani number.
      const sellerPage = await open(seller, lang);
      await sellerPage.goto('/MyAccount?tab=sales');
      const sale = sellerPage.getByTestId('sale').filter({ hasText: first });
      const maps = sale.getByTestId('open-in-maps');
      expect(await maps.getAttribute('href')).toBe(
        `https://www.google.com/maps/search/?api=1&query=${HERE.latitude},${HERE.longitude}`,
      );
      expect(await sale.getByTestId('makani').textContent()).toContain('1234567890');
      await checked(sellerPage, `delivery-sale-${lang}`);

      // Two orders refused at the door.
      const [line] = await app()
        .database.db.selectFrom('order_lines')
        .select('id')
        .where('title', '=', first)
        .execute();
      await moveLine(app(), seller, line!.id, ['placed', 'confirmed', 'shipped']);
      await recordRefusal(sellerPage, lang, first);
      const second = `Dallah ${lang} two`;
      const order = await placeOrder(app(), buyer, [
        await insertProduct(app(), seller.id, { title: second, price: 30_000 }),
      ]);
      await moveLine(app(), seller, order.lines[0]!.id, ['placed', 'confirmed', 'shipped']);
      await recordRefusal(sellerPage, lang, second);
      await checked(sellerPage, `delivery-refused-${lang}`);

      // The buyer is told, and may dispute while the 48 hours run; they let them pass.
      await buyerPage.goto('/MyAccount?tab=orders');
      await buyerPage.getByTestId('delivery-dispute').first().waitFor();
      await checked(buyerPage, `delivery-buyer-${lang}`);
      const recorded = await app()
        .database.db.selectFrom('delivery_attempts')
        .select(['id', 'created_at'])
        .where('buyer_id', '=', buyer.id)
        .orderBy('created_at')
        .execute();
      const back = (iso: string) => new Date(Date.parse(iso) - 49 * 3_600_000).toISOString();
      for (const r of recorded)
        await app()
          .database.db.updateTable('delivery_attempts')
          .set({ created_at: back(r.created_at) })
          .where('id', '=', r.id)
          .execute();

      // The next checkout is closed, with the reason and the day it lifts.
      const lifts = suspensionDay(new Date(Date.parse(back(recorded[0]!.created_at)) + 90 * 86_400_000));
      await checkout(buyerPage, lang, `Dallah ${lang} three`);
      const refused = buyerPage.getByTestId('cod-refused');
      await refused.getByText(lang === 'ar' ? codBlockedUntilAr(lifts) : codBlockedUntil(lifts)).waitFor();
      expect(await buyerPage.getByRole('button', { name: say(lang, 'orders.checkout.place') }).count()).toBe(0);
      await checked(buyerPage, `delivery-checkout-closed-${lang}`);

      // Staff lift it, with the reason for the audit log; the buyer checks out again.
      const staffPage = await open(staff, lang);
      await staffPage.goto('/admin/cod');
      const blocked = staffPage.getByTestId('cod-blocked-buyer').filter({ hasText: buyer.username });
      await blocked.getByLabel(say(lang, 'delivery.admin.reason')).fill('Courier mix-up, confirmed by phone');
      await checked(staffPage, `delivery-admin-${lang}`);
      await blocked.getByTestId('lift-cod').click();
      await blocked.waitFor({ state: 'detached' });
      await buyerPage.reload();
      await buyerPage.getByRole('button', { name: say(lang, 'orders.checkout.place') }).click();
      await buyerPage.getByTestId('order-confirmation').waitFor();
      const audit = await app()
        .database.db.selectFrom('staff_actions')
        .selectAll()
        .where('target_id', '=', buyer.id)
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['lift_cod_block']);
    });
});

/**
 * The map (issue 46): with MAP_STYLE_URL set, the address form draws a MapLibre map from that
 * style (here a plain one the suite serves on its own port, so the page also proves the CSP lets it
 * in), and a tap on it drops the pin that is saved. Chromium draws WebGL in software here.
 */
describeInBrowser('the address map, with a style the suite serves', () => {
  const browser = useBrowser(['--enable-unsafe-swiftshader']);
  let server: RunningServer;
  let styles: http.Server;
  const pages = signedInPages(browser, () => server);

  beforeAll(async () => {
    const port = await freePort();
    const style = {
      version: 8,
      sources: {},
      layers: [{ id: 'land', type: 'background', paint: { 'background-color': '#dfe7e3' } }],
    };
    styles = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify(style));
    });
    await new Promise<void>((resolve) => styles.listen(port, '127.0.0.1', resolve));
    server = await startServer('sqlite', { mapStyleUrl: `http://127.0.0.1:${port}/style.json` });
  });
  afterAll(async () => {
    await pages.closeAll();
    await server?.close();
    styles?.close();
  });

  it('drops the pin where the map is tapped, and saves it', async () => {
    const buyer = await createUser(server as unknown as TestApp);
    const { page, errors } = await pages.open(buyer, { viewport: PHONE });
    await page.goto('/MyAccount?tab=addresses');
    await page
      .getByRole('button', { name: say('en', 'addresses.add') })
      .first()
      .click();
    const map = page.getByTestId('address-map');
    await map.locator('canvas').waitFor();
    await expect.poll(() => page.getByTestId('address-pin').count()).toBe(0);
    await map.click({ position: { x: 150, y: 110 } });
    const pin = await page.getByTestId('address-pin').textContent();
    const [lat, lng] = /(-?[\d.]+), (-?[\d.]+)/.exec(pin!)!.slice(1).map(Number);
    expect(lat).toBeGreaterThan(22.5);
    expect(lat).toBeLessThan(26.5);
    expect(lng).toBeGreaterThan(51.4);
    expect(lng).toBeLessThan(56.6);
    const form = page.getByTestId('address-form');
    await form.getByLabel('Emirate').selectOption('Dubai');
    await form.getByLabel('Area').fill('Jumeirah 1');
    await form.getByLabel('Street address').fill('Jumeirah Beach Road');
    await form.getByLabel('Building or villa').fill('Villa 3');
    await form.getByLabel('Phone').fill('050 123 4567');
    await screenshot(page, 'delivery-map', { fullPage: false });
    await form.getByRole('button', { name: 'Save address' }).click();
    await page.getByTestId('address-book').waitFor();
    const saved = await (server as unknown as TestApp).database.db
      .selectFrom('addresses')
      .select(['latitude', 'longitude'])
      .where('user_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(saved.latitude).toBeCloseTo(lat!, 4);
    expect(saved.longitude).toBeCloseTo(lng!, 4);
    expect(errors).toEqual([]);
  });
});
