import { expect, it } from 'vitest';
import { insertProduct } from '../apps/server/test/catalog-support.js';
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

/**
 * Issue 47's rehearsal at a phone's width, in English and in Arabic: the host presses Rehearse on
 * Go Live, runs a lot that simulated bidders bid on at a frantic pace until it sells to one of
 * them, ends it, and nothing is left behind: no order, no notification, and nobody else can open
 * the show.
 */
describeInBrowser('a rehearsal with simulated bidders, in the browser', () => {
  const browser = useBrowser(FAKE_MEDIA_FLAGS);
  const suite = signedInSuite(browser, ['host', 'viewer'], 'rehearsal');

  const count = async (table: 'orders' | 'notifications') =>
    Number(
      (
        await suite.app.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each(['en', 'ar'] as const)(
    'rehearses a lot that simulated bidders buy, leaving nothing behind (%s)',
    async (lang: Lang) => {
      const title = lang === 'ar' ? 'ساعة سيكو' : 'Seiko Presage';
      await insertProduct(suite.app, suite.users.host.id, { title });
      const before = [await count('orders'), await count('notifications')];
      const host = await suite.signedIn('host', { arabic: lang === 'ar' });
      await host.goto('/livestream-host');
      const form = host.getByTestId('host-form');
      await form.getByLabel(say(lang, 'live.setup.title')).fill(lang === 'ar' ? 'بروفة الجمعة' : 'Friday practice');
      await form.getByLabel(say(lang, 'live.setup.product')).selectOption({ label: title });
      await form.getByTestId('add-lot').click();
      await form.getByLabel(say(lang, 'host.terms.startingBidOf').replace('{title}', title)).fill('100');
      await form.getByLabel(say(lang, 'host.terms.secondsOf').replace('{title}', title)).fill('12');
      await form.getByLabel(say(lang, 'host.rehearse.pace')).selectOption('frenzy');
      await fitsWidth(host);
      await form.getByTestId('rehearse').click();
      await host.getByTestId('host-screen').waitFor({ timeout: 20_000 });
      await host.getByTestId('rehearsal-banner').waitFor();
      const streamId = (await host.evaluate(() => location.search)).split('=')[1]!;

      // Nobody else can open it.
      const viewer = await suite.signedIn('viewer', { arabic: lang === 'ar' });
      const answer = await viewer.request.get(`/api/streams/${streamId}`);
      expect(answer.status()).toBe(404);

      await host.getByTestId('start-next-lot').click();
      await host.getByTestId('lot-running').waitFor();
      await expect
        .poll(
          async () =>
            (
              await suite.app.database.db
                .selectFrom('bids')
                .innerJoin('auctions', 'auctions.id', 'bids.auction_id')
                .select((eb) => eb.fn.countAll().as('n'))
                .where('auctions.stream_id', '=', streamId)
                .executeTakeFirstOrThrow()
            ).n,
          { timeout: 10_000 },
        )
        .not.toBe(0);
      await fitsWidth(host);
      await axeClean(host);
      await screenshot(host, `rehearsal-running-${lang}`, { fullPage: false });
      await host.getByTestId('lot-sold').waitFor({ timeout: 40_000 });
      await expect(host.getByTestId('lot-sold').textContent()).resolves.toContain('rehearsal_bidder_');
      await screenshot(host, `rehearsal-sold-${lang}`, { fullPage: false });
      await host.getByTestId('end-stream').click();
      await host
        .getByTestId('end-stream-dialog')
        .getByRole('button', { name: say(lang, 'live.host.end') })
        .click();
      await host.getByTestId('host-ended').waitFor();
      expect([await count('orders'), await count('notifications')]).toEqual(before);
    },
    180_000,
  );
});
