import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../apps/server/test/catalog-support.js';
import {
  announceSkip,
  coturnInstalled,
  janusInstalled,
  startCoturn,
  startJanus,
  type JanusProcess,
  type TurnProcess,
} from '../apps/server/test/janus-process.js';
import {
  describeInBrowser,
  FAKE_MEDIA_FLAGS,
  launchBrowser,
  startServer,
  type RunningServer,
} from './support/harness.js';
import {
  firstFrame,
  goLive,
  hostPresence,
  hostPublishes,
  openVideoPage,
  playback,
  selectedCandidateTypes,
  viewerStates,
  viewerWatches,
  writeVideoTestSite,
} from './support/janus-video.js';

const READY = janusInstalled() && coturnInstalled();
if (!READY)
  announceSkip(
    'the Janus/coturn browser suite',
    `${janusInstalled() ? '' : 'janus '}${coturnInstalled() ? '' : 'coturn '}not installed`,
    'apt-get install -y janus coturn to run it.',
  );

/**
 * The SFU end to end, without the screens: a host publishes Chromium's fake camera to a real
 * Janus, a viewer subscribes through the web module, and its <video> decodes frames. Then the
 * same with relay-only ICE through a real coturn, with the TURN REST credentials our server hands out.
 */
(READY ? describeInBrowser : describe.skip)('live video through Janus (and coturn)', () => {
  let janus: JanusProcess;
  let turn: TurnProcess;
  let server: RunningServer;
  let browser: Browser;
  let site: string;
  const pages: Page[] = [];
  const presences: (() => void)[] = [];

  async function person(verified = true): Promise<{ id: string; cookie: string }> {
    const name = `p${Math.random().toString(36).slice(2, 10)}`;
    const row = await server.accounts.createAccountDirectly({
      email: `${name}@example.com`,
      username: name,
      phone: '0501234567',
      password: 'souq-e2e-pass',
      verified,
    });
    return { id: row.id, cookie: `souq_sid=${(await server.accounts.createSession(row.id)).token}` };
  }
  async function page(cookie?: string): Promise<Page> {
    const p = await openVideoPage(browser, server.url, cookie);
    pages.push(p);
    return p;
  }

  /** Host goes live and publishes; one viewer watches. Returns the viewer's page once it shows video. */
  async function hostAndViewer(policy: 'all' | 'relay') {
    const host = await person();
    const productId = await insertProduct(server as unknown as Parameters<typeof insertProduct>[0], host.id, {
      title: 'Brass lamp',
    });
    const hostPage = await page(host.cookie);
    const streamId = await goLive(hostPage, productId);
    presences.push(await hostPresence(server.url, host.cookie, streamId));
    await hostPublishes(hostPage, streamId, policy);
    const viewerPage = await page((await person()).cookie);
    await viewerWatches(viewerPage, streamId, policy);
    const ms = await firstFrame(viewerPage);
    return { hostPage, viewerPage, streamId, ms };
  }

  async function expectMoving(viewerPage: Page) {
    const before = await playback(viewerPage);
    expect(before.frames).toBeGreaterThan(0);
    expect(before.width).toBeGreaterThan(0);
    await viewerPage.waitForTimeout(1500);
    const after = await playback(viewerPage);
    expect(after.frames).toBeGreaterThan(before.frames);
    expect(after.time).toBeGreaterThan(before.time);
  }

  beforeAll(async () => {
    // One at a time, so a failure leaves nothing running that afterAll does not know of.
    janus = await startJanus();
    turn = await startCoturn();
    site = await writeVideoTestSite();
    server = await startServer('sqlite', {
      webDist: site,
      video: {
        meshMaxViewers: 4,
        ice: { servers: [], turn: { urls: turn.urls, secret: turn.secret, ttlSeconds: 600 } },
        janus: janus.settings,
      },
    });
    browser = await launchBrowser(FAKE_MEDIA_FLAGS);
  });
  afterAll(async () => {
    for (const leave of presences) leave();
    for (const p of pages)
      await p
        .context()
        .close()
        .catch(() => undefined);
    await browser?.close();
    await server?.close();
    await janus?.stop();
    await turn?.stop();
    if (site) fs.rmSync(site, { recursive: true, force: true });
  });

  it('a viewer sees the host’s camera through the SFU: connecting → live, frames decoded, time advancing', async () => {
    const { viewerPage, ms } = await hostAndViewer('all');
    expect(ms).toBeLessThan(10_000);
    expect(await viewerStates(viewerPage)).toEqual(['connecting', 'live']);
    await expectMoving(viewerPage);
  });

  it('with relay-only ICE, media goes through coturn (TURN REST credentials from our server)', async () => {
    const { hostPage, viewerPage } = await hostAndViewer('relay');
    await expectMoving(viewerPage);
    expect(await selectedCandidateTypes(viewerPage)).toEqual(['relay']);
    expect(await selectedCandidateTypes(hostPage)).toEqual(['relay']);
  });

  it('when Janus restarts, the viewer says Reconnecting… and comes back live; the host republishes', async () => {
    const { viewerPage } = await hostAndViewer('all');
    await janus.restart();
    await viewerPage.waitForFunction(
      () => (window as unknown as { states: string[] }).states.includes('reconnecting'),
      undefined,
      { timeout: 20_000 },
    );
    await viewerPage.waitForFunction(
      () => (window as unknown as { states: string[] }).states.at(-1) === 'live',
      undefined,
      { timeout: 40_000 },
    );
    await expectMoving(viewerPage);
  });

  it('when Janus stays down, the viewer gives up after 3 tries (Connection failed); Refresh Connection brings it back', async () => {
    const { hostPage, viewerPage, streamId } = await hostAndViewer('all');
    await janus.down();
    try {
      await viewerPage.waitForFunction(
        () => (window as unknown as { states: string[] }).states.at(-1) === 'failed',
        undefined,
        { timeout: 30_000 },
      );
    } finally {
      await janus.up();
    }
    expect(await viewerStates(viewerPage)).toEqual(['connecting', 'live', 'reconnecting', 'failed']);
    // The host page starts publishing again (its own retries ran out too), then the viewer presses Refresh.
    await hostPage.evaluate(() => (window as unknown as { host: { stop(): void } }).host.stop());
    await hostPublishes(hostPage, streamId);
    await viewerPage.evaluate(() => (window as unknown as { viewer: { retry(): void } }).viewer.retry());
    await viewerPage.waitForFunction(
      () => (window as unknown as { states: string[] }).states.at(-1) === 'live',
      undefined,
      { timeout: 30_000 },
    );
    expect((await viewerStates(viewerPage)).slice(-2)).toEqual(['reconnecting', 'live']);
    await expectMoving(viewerPage);
  });
});
