import type { Page } from 'playwright-core';
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
import { endStream, goLiveWithLot } from './support/host.js';
import { axeClean } from './support/page-checks.js';
import { say } from './support/words.js';

const TITLE = 'Seiko Presage';

/**
 * Issue 47's replay of a whole show, through mesh video: the host's browser records the show in
 * pieces while it runs (Chromium's fake camera), the server joins them after the end, and the
 * replay opens at the lot's chapter, in English and in Arabic at a phone's width. Through Janus,
 * Janus records instead: e2e/live-janus.test.ts (ADR 0057).
 */
describeInBrowser('a show’s replay, in the browser', () => {
  const browser = useBrowser(FAKE_MEDIA_FLAGS);
  const suite = signedInSuite(browser, ['host', 'viewer'], 'replay');

  const seekedTo = (page: Page) =>
    page.getByTestId('replay-video').evaluate((v: HTMLVideoElement) => ({ at: v.currentTime, length: v.duration }));

  it('records the show in the host’s browser and opens its replay at a lot’s chapter (en, ar)', async () => {
    const t = suite.app;
    await insertProduct(t, suite.users.host.id, { title: TITLE });
    const host = await suite.signedIn('host', { viewport: { width: 1280, height: 860 } });
    const streamId = await goLiveWithLot(host, { title: 'Watch night', product: TITLE, seconds: '10' });
    // Ten seconds of lot and a little more: two or three pieces reach the server.
    await host.locator('[data-testid="lot-row"][data-status="passed"]').waitFor({ timeout: 30_000 });
    await host.waitForTimeout(2_000);
    await endStream(host);
    await host.getByTestId('host-replay-link').waitFor();

    const replay = async () =>
      (
        await t.database.db
          .selectFrom('stream_replays')
          .select('status')
          .where('stream_id', '=', streamId)
          .executeTakeFirst()
      )?.status;
    await expect.poll(replay, { timeout: 20_000 }).toBe('ready');
    const [lot] = await t.database.db
      .selectFrom('auctions')
      .select('id')
      .where('stream_id', '=', streamId)
      .where('lot_position', 'is not', null)
      .execute();

    for (const lang of ['en', 'ar'] as const) {
      const page = await suite.signedIn('viewer', { arabic: lang === 'ar' });
      await page.goto(`/livestream/${streamId}/replay?chapter=${lot!.id}`);
      const chapter = page.getByTestId('replay-chapter').first();
      await chapter.waitFor();
      expect(await chapter.textContent()).toContain(
        say(lang, 'replay.chapter.passed').replace('{n}', '1').replace('{title}', TITLE),
      );
      await expect.poll(async () => (await seekedTo(page)).length, { timeout: 15_000 }).toBeGreaterThan(8);
      const { length } = await seekedTo(page);
      expect(Number.isFinite(length)).toBe(true);
      await chapter.click();
      await expect.poll(async () => (await seekedTo(page)).at).toBeGreaterThanOrEqual(0);
      await fitsWidth(page);
      await axeClean(page);
      await screenshot(page, `replay-${lang}`, { fullPage: false });
    }
    // The host may delete it; then it is gone for everyone.
    await host.goto(`/livestream/${streamId}/replay`);
    await host.getByTestId('delete-replay').click();
    await host
      .getByRole('dialog')
      .getByRole('button', { name: say('en', 'replay.delete') })
      .click();
    await expect.poll(replay).toBe('deleted');
  }, 180_000);
});
