import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../apps/server/test/catalog-support.js';
import { announceSkip, janusInstalled, startJanus, type JanusProcess } from '../apps/server/test/janus-process.js';
import {
  FAKE_MEDIA_FLAGS,
  describeInBrowser,
  launchBrowser,
  openPage,
  startServer,
  type RunningServer,
  type TrackedPage,
  signInContext,
} from './support/harness.js';
import { endStream, goLiveWithLot } from './support/host.js';
import { axeClean, seesVideo } from './support/page-checks.js';
import { say } from './support/words.js';

const READY = janusInstalled();
const RECORDINGS = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-janus-recordings-'));
if (!READY)
  announceSkip('the live screens through Janus', 'janus not installed', 'apt-get install -y janus to run it.');

/**
 * Issue 9: the same screens as e2e/live.test.ts, with the server configured for Janus: the host
 * goes live from /livestream-host and publishes once to the SFU, two viewers on
 * /livestream/:id get the picture from Janus, and a chat bid still updates every banner.
 * Issue 47: Janus records the show (JANUS_RECORDINGS_DIR), the host's browser does not, and the
 * replay made from Janus's files opens at the lot's chapter, in English and in Arabic.
 */
(READY ? describeInBrowser : describe.skip)('the live screens with video through Janus', () => {
  let janus: JanusProcess;
  let server: RunningServer;
  let browser: Browser;
  const pages: TrackedPage[] = [];

  async function signedIn(name: string): Promise<TrackedPage> {
    const row = await server.accounts.createAccountDirectly({
      email: `${name}@example.com`,
      username: name,
      phone: '0501234567',
      password: 'souq-e2e-pass',
      verified: true,
    });
    const tracked = await openPage(browser, server.url);
    pages.push(tracked);
    await signInContext(tracked.context, server.url, (await server.accounts.createSession(row.id)).token);
    return Object.assign(tracked, { id: row.id });
  }

  beforeAll(async () => {
    janus = await startJanus();
    server = await startServer('sqlite', {
      video: { meshMaxViewers: 5, ice: { servers: [] }, janus: { ...janus.settings, recordingsDir: RECORDINGS } },
    });
    browser = await launchBrowser(FAKE_MEDIA_FLAGS);
  });
  afterAll(async () => {
    for (const p of pages) await p.context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
    await janus?.stop();
    fs.rmSync(RECORDINGS, { recursive: true, force: true });
  });

  it('a host goes live through the SFU; two viewers see the picture; a chat bid updates every banner; the sale keeps its clip', async () => {
    const hostTab = await signedIn('jana_host');
    const { page: host } = hostTab;
    await insertProduct(
      server as unknown as Parameters<typeof insertProduct>[0],
      (hostTab as unknown as { id: string }).id,
      { title: 'Copper dallah' },
    );
    // The lot sells on its own timer, so the host's page keeps the clip of the sale (issue 30).
    const streamId = await goLiveWithLot(host, { title: 'Janus evening', product: 'Copper dallah', seconds: '45' });
    await seesVideo(host, 'local-video');
    // The server answers this stream's video joins with Janus, not mesh.
    expect((await host.evaluate(async (id) => (await fetch(`/api/streams/${id}/video`)).json(), streamId)).mode).toBe(
      'janus',
    );

    const viewers = [await signedIn('jana_one'), await signedIn('jana_two')];
    for (const { page } of viewers) {
      await page.goto(`/livestream/${streamId}`);
      await seesVideo(page, 'stream-video');
    }

    const bidder = viewers[0]!.page;
    const chat = bidder.getByTestId('chat-form');
    await chat.getByLabel('Chat message').fill('150');
    await chat.getByRole('button', { name: 'Send' }).click();
    for (const page of [host, ...viewers.map((v) => v.page)]) {
      await expect.poll(() => page.getByTestId('bid-banner').textContent()).toBe('Highest Bid: AED 150.00 by jana_one');
    }
    // The hammer: the host's browser records its own camera whatever carries the video, and keeps
    // the clip of the sale for the lot and the winner's order.
    await bidder.getByTestId('lot-closed').getByText('Sold to jana_one for AED 150.00').waitFor({ timeout: 60_000 });
    await expect
      .poll(
        async () =>
          (await server.database.db.selectFrom('lot_clips').select('duration_ms').executeTakeFirst())?.duration_ms ?? 0,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(5_000);

    // The replay: Janus recorded the show, so the host's browser sent no pieces of it.
    await endStream(host);
    const replay = async () =>
      (
        await server.database.db
          .selectFrom('stream_replays')
          .select(['status', 'duration_ms'])
          .where('stream_id', '=', streamId)
          .executeTakeFirst()
      )?.status;
    await expect.poll(replay, { timeout: 30_000 }).toBe('ready');
    expect(await server.database.db.selectFrom('replay_pieces').select('seq').execute()).toEqual([]);
    expect(fs.readdirSync(RECORDINGS)).toEqual([]);
    const lot = await server.database.db
      .selectFrom('auctions')
      .select('id')
      .where('stream_id', '=', streamId)
      .executeTakeFirstOrThrow();
    for (const [lang, { page }] of [
      ['en', viewers[0]!],
      ['ar', viewers[1]!],
    ] as const) {
      if (lang === 'ar')
        await page.context().addCookies([{ name: 'souq_lang', value: 'ar', url: server.url, sameSite: 'Lax' }]);
      await page.goto(`/livestream/${streamId}/replay?chapter=${lot.id}`);
      const chapter = page.getByTestId('replay-chapter').first();
      await chapter.waitFor();
      expect(await chapter.textContent()).toContain(
        say(lang, 'replay.chapter.sold').replace('{n}', '1').replace('{title}', 'Copper dallah').split('{amount}')[0],
      );
      const video = page.getByTestId('replay-video');
      // Janus's 45 s lot, and the picture plays from where the chapter starts.
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 15_000 })
        .toBeGreaterThan(30);
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(at + 0.5);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
      await axeClean(page);
    }
    for (const p of pages) expect(p.errors).toEqual([]);
  }, 180_000);
});
