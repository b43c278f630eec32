import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AED, bidOk, startAuction } from '../apps/server/test/auction-support.js';
import { createUser, type TestUser } from '../apps/server/test/catalog-support.js';
import { startPushStandIn, type PushStandIn } from '../apps/server/test/push-standin.js';
import type { TestApp } from '../apps/server/test/support.js';
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

type Subscription = ReturnType<PushStandIn['device']>['subscription'];

/**
 * Chromium here reaches no real push service (FCM), so `pushManager.subscribe` would fail: the
 * page is handed the stand-in's subscription instead, made with keys the test holds, exactly as
 * `PushSubscription` would give it. Everything after (permission, our API, the server's
 * encryption and VAPID, the push service) is real. It survives reloads, as a real one does.
 */
async function handPushSubscription(context: BrowserContext, subscription: Subscription): Promise<void> {
  await context.addInitScript((sub: Subscription) => {
    const KEY = 'test.push-subscription';
    const make = (options: PushSubscriptionOptionsInit) => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options,
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => (localStorage.removeItem(KEY), true),
    });
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = Array.from(new Uint8Array(options!.applicationServerKey as Uint8Array));
      localStorage.setItem(KEY, JSON.stringify(key));
      return make(options!) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => {
      const key = localStorage.getItem(KEY);
      if (!key) return null;
      return make({ applicationServerKey: new Uint8Array(JSON.parse(key) as number[]) }) as unknown as PushSubscription;
    };
  }, subscription);
}

/** Until the page's service worker is active: the app registers it after load. */
const workerReady = (page: Page) =>
  page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active), undefined, {
    timeout: 15_000,
  });

/**
 * Issue 48 in the browser: the offer comes after a first bid, never on a first visit; one tap
 * turns push on; outbid reaches the push service, encrypted, within a second; Settings →
 * Notifications turns outbid pushes off and nothing more comes. One database: the server suite
 * (push.test.ts) runs the rules on both.
 */
describeInBrowser('push messages in the browser', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let push: PushStandIn;
  let serverKey: string;
  let seller: TestUser;
  let aisha: TestUser;
  let omar: TestUser;
  const pages = signedInPages(browser, () => server);
  const app = () => server as unknown as TestApp;

  beforeAll(async () => {
    push = await startPushStandIn();
    server = await startServer('sqlite', { push: { subject: 'mailto:no-reply@souq.local', allowLoopback: true } });
    serverKey = ((await (await fetch(`${server.url}/api/push/key`)).json()) as { publicKey: string }).publicKey;
    [seller, aisha, omar] = [await createUser(app()), await createUser(app()), await createUser(app())];
  });
  afterAll(async () => {
    await pages.closeAll();
    await server?.close();
    await push?.close();
  });

  it('offers push after the first bid, and outbid reaches the phone, encrypted', async () => {
    const title = 'Omega Speedmaster Moonwatch';
    const auction = await startAuction(app(), seller, { startingBid: AED(1000) }, { title });
    const phone = push.device(serverKey);
    const tracked = await pages.open(aisha, { viewport: PHONE, pushOffer: true, serviceWorker: true });
    const { page, context } = tracked;
    await context.grantPermissions(['notifications'], { origin: server.url });
    await handPushSubscription(context, phone.subscription);

    // A first visit: no offer, and no browser prompt.
    await page.goto('/');
    await workerReady(page);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByTestId('push-offer').count()).toBe(0);

    await page.goto(`/auction/${auction.id}`);
    await page.getByLabel('Your bid').fill('1000');
    await page.getByRole('button', { name: /^Place bid/ }).click();
    const offer = page.getByTestId('push-offer');
    await offer.getByRole('button', { name: 'Get notified on this phone' }).waitFor();
    await axeClean(page);
    await fitsWidth(page);
    await screenshot(page, 'push-offer-phone', { fullPage: false });
    await offer.getByRole('button', { name: 'Get notified on this phone' }).click();
    await offer.getByText('Done. This phone will get notifications.', { exact: false }).waitFor();
    await offer.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByTestId('push-offer').count()).toBe(0);
    await bidOk(app(), omar, auction.id, { amount: AED(1100) });
    const [message] = await push.waitFor(1);
    expect(message!.payload).toMatchObject({
      title: `You've been outbid on ${title}`,
      link: `/auction/${auction.id}`,
      lang: 'en',
    });
    expect(phone.received()).toHaveLength(1);

    // Reloading does not offer it again.
    await page.reload();
    await page.getByLabel('Your bid').waitFor();
    expect(await page.getByTestId('push-offer').count()).toBe(0);
  });

  it('Settings → Notifications turns outbid pushes off, and no more come', async () => {
    const { page } = pages.all()[0]!;
    await page.goto('/settings');
    const section = page.getByTestId('notification-settings');
    await section.getByText('This device gets push notifications.').waitFor();
    const outbidPush = section.getByRole('checkbox', { name: "Push: You've been outbid" });
    expect(await outbidPush.isChecked()).toBe(true);
    await outbidPush.uncheck();
    await section.getByText('Saved.').waitFor();
    await axeClean(page);
    await fitsWidth(page);
    await screenshot(page, 'notification-settings-phone');

    const auction = await startAuction(app(), seller, { startingBid: AED(500) }, { title: 'Quiet Casio' });
    await bidOk(app(), aisha, auction.id, { amount: AED(500) });
    await bidOk(app(), omar, auction.id, { amount: AED(550) });
    await server.afterAnswer.settle();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(push.messages).toHaveLength(1);

    // Kept: the page reads it back after a reload.
    await page.reload();
    expect(await section.getByRole('checkbox', { name: "Push: You've been outbid" }).isChecked()).toBe(false);
  });

  describe('in Arabic and on a wide screen', () => {
    it('reads right to left, fits and is axe-clean', async () => {
      const arabic = await pages.open(omar, { viewport: PHONE, arabic: true, serviceWorker: true });
      await arabic.page.goto('/settings');
      const section = arabic.page.getByTestId('notification-settings');
      await section.getByRole('heading', { name: 'الإشعارات' }).waitFor();
      await section.getByRole('checkbox', { name: 'إشعار فوري: تم تجاوز مزايدتك' }).waitFor();
      await section.getByText('لا يتلقى هذا الجهاز الإشعارات الفورية.').waitFor();
      await axeClean(arabic.page);
      await fitsWidth(arabic.page);
      await screenshot(arabic.page, 'notification-settings-phone-ar');

      const wide = await pages.open(aisha, { viewport: { width: 1280, height: 860 }, serviceWorker: true });
      await wide.page.goto('/settings');
      await wide.page.getByTestId('notification-settings').getByRole('checkbox').first().waitFor();
      await screenshot(wide.page, 'notification-settings-wide');
      for (const p of pages.all()) expect(p.errors).toEqual([]);
    });
  });
});
