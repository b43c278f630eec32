import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { insertProduct } from '../apps/server/test/catalog-support.js';
import { insertShow } from '../apps/server/test/show-support.js';
import {
  describeInBrowser,
  FAKE_MEDIA_FLAGS,
  fitsWidth,
  screenshot,
  signedInSuite,
  useBrowser,
} from './support/harness.js';
import { axeClean } from './support/page-checks.js';
import { say, type Lang } from './support/words.js';

const VIEWERS = ['v1', 'v2', 'v3', 'v4', 'v5'] as const;

/**
 * Issue 47's show promotions at a phone's width, in English and in Arabic: a host runs a giveaway
 * that three viewers enter, the server draws one winner whose show order gets the prize at AED 0;
 * then a flash sale of two units that five buyers race for, and exactly two get one. SQLite only:
 * the races are tested on both databases in apps/server (streams/giveaways.test.ts, flash-sales.test.ts).
 */
describeInBrowser('giveaways and flash sales in a live show, in the browser', () => {
  const browser = useBrowser(FAKE_MEDIA_FLAGS);
  const suite = signedInSuite(browser, ['host', ...VIEWERS], 'promo');
  // Six pages a language: the next starts with none of them open.
  afterEach(() => suite.pages.closeAll());

  const checked = async (page: Page, name: string) => {
    await fitsWidth(page);
    await axeClean(page);
    await screenshot(page, name, { fullPage: false });
  };

  const viewerPage = async (who: (typeof VIEWERS)[number], lang: Lang, streamId: string) => {
    const page = await suite.signedIn(who, { arabic: lang === 'ar' });
    await page.goto(`/livestream/${streamId}`);
    await page.getByTestId('viewer-screen').waitFor();
    return page;
  };

  it.each(['en', 'ar'] as const)(
    'runs a giveaway and a flash sale (%s)',
    async (lang) => {
      const t = suite.app;
      const host = suite.users.host;
      const title = lang === 'ar' ? 'عود فاخر' : 'Oud sampler';
      const flashTitle = lang === 'ar' ? 'زعفران' : 'Saffron tin';
      await insertProduct(t, host.id, { title, price: 25_000 });
      await insertProduct(t, host.id, { title: flashTitle, price: 10_000 });
      const { streamId } = await insertShow(t, host.id);

      const hostPage = await suite.signedIn('host', { arabic: lang === 'ar' });
      await hostPage.goto(`/livestream-host?stream=${streamId}`);
      await hostPage.getByTestId('host-screen').waitFor();
      const viewers = await Promise.all(VIEWERS.map((who) => viewerPage(who, lang, streamId)));

      // The giveaway: everyone watching, 15 s, free delivery, the rules' box ticked.
      const manager = hostPage.getByTestId('giveaway-manager');
      await manager.getByLabel(say(lang, 'host.lots.product')).selectOption({ label: title });
      await manager.getByLabel(say(lang, 'host.giveaway.who.everyone')).check();
      await manager.getByLabel(say(lang, 'host.giveaway.seconds')).fill(lang === 'ar' ? '١٥' : '15');
      await manager.getByRole('button', { name: say(lang, 'host.giveaway.start') }).click();
      await expect.poll(() => manager.locator('.field__error, [aria-invalid="true"]').count()).toBeGreaterThan(0);
      await manager.getByLabel(say(lang, 'host.giveaway.terms')).check();
      await manager.getByRole('button', { name: say(lang, 'host.giveaway.start') }).click();
      await manager.getByTestId('host-giveaway').waitFor();
      await checked(hostPage, `promo-host-giveaway-${lang}`);

      const entrants = viewers.slice(0, 3);
      for (const page of entrants) {
        const panel = page.getByTestId('giveaway');
        await panel.getByText(title).waitFor();
        await panel.getByRole('button', { name: say(lang, 'show.giveaway.enter') }).click();
        await panel.getByTestId('giveaway-entered').waitFor();
      }
      await checked(entrants[0]!, `promo-giveaway-entered-${lang}`);

      // The timer ends on the server's clock; the draw names one winner to everyone watching.
      for (const page of viewers) await page.getByTestId('giveaway-winner').waitFor({ timeout: 30_000 });
      const row = await t.database.db
        .selectFrom('stream_giveaways')
        .select(['winner_id', 'order_id', 'entry_count'])
        .where('stream_id', '=', streamId)
        .executeTakeFirstOrThrow();
      expect(row.entry_count).toBe(3);
      const winnerAt = VIEWERS.findIndex((who) => suite.users[who].id === row.winner_id);
      expect(winnerAt).toBeGreaterThanOrEqual(0);
      expect(winnerAt).toBeLessThan(3);
      const winner = viewers[winnerAt]!;
      await winner.getByTestId('giveaway-winner').getByText(say(lang, 'show.pins.boughtLink')).waitFor();
      await checked(winner, `promo-giveaway-won-${lang}`);
      const order = await t.database.db
        .selectFrom('orders')
        .select(['buyer_id', 'subtotal', 'total', 'status'])
        .where('id', '=', row.order_id!)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ buyer_id: row.winner_id, status: 'awaiting_address' });
      expect([Number(order.subtotal), Number(order.total)]).toEqual([0, 0]);

      // The flash sale: AED 75 instead of 100, two units, one each, for 60 s.
      const pins = hostPage.getByTestId('pins-manager');
      await pins.getByLabel(say(lang, 'host.lots.product')).selectOption({ label: flashTitle });
      await pins.getByLabel(say(lang, 'host.pins.price')).fill('75');
      await pins.getByLabel(say(lang, 'host.pins.stock')).fill('2');
      await pins.getByLabel(say(lang, 'host.flash.toggle')).check();
      await pins.getByLabel(say(lang, 'host.flash.seconds')).fill('60');
      await pins.getByRole('button', { name: say(lang, 'host.flash.start') }).click();
      await pins.getByTestId('pin-row').getByText(flashTitle).waitFor();

      for (const page of viewers) await page.getByTestId('pin-flash-left').waitFor();
      await checked(viewers[0]!, `promo-flash-${lang}`);
      const buys = viewers.map((page) => page.getByTestId('pin-buy'));
      await Promise.all(buys.map((button) => button.click({ timeout: 5_000 }).catch(() => undefined)));
      await expect
        .poll(async () => {
          const states = await Promise.all(
            viewers.map(async (page) => ((await page.getByTestId('pin-bought').count()) > 0 ? 'bought' : 'not')),
          );
          return states.filter((s) => s === 'bought').length;
        })
        .toBe(2);
      // Everyone sees it sold out; nobody bought a third.
      for (const page of viewers)
        await page.getByTestId('pin').getByText(say(lang, 'show.pins.soldOut')).first().waitFor();
      const sold = await t.database.db
        .selectFrom('stream_pins')
        .select(['sold'])
        .where('stream_id', '=', streamId)
        .executeTakeFirstOrThrow();
      expect(sold.sold).toBe(2);
      await checked(viewers[0]!, `promo-flash-sold-${lang}`);
      // Six pages and a 15 s giveaway: longer than a suite's usual minute and a half on a busy machine.
    },
    180_000,
  );
});
