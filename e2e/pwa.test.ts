import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertProducts, type TestUser } from '../apps/server/test/catalog-support.js';
import { BRANDS, latinLeftovers } from './support/arabic.js';
import {
  describeInBrowser,
  inArabic,
  openPage,
  PHONE,
  signInContext,
  startServer,
  useBrowser,
  type RunningServer,
} from './support/harness.js';
import { axeClean } from './support/page-checks.js';
import { keptIn, underServiceWorker, withProfile } from './support/service-worker.js';

/** A service worker registration as the DevTools protocol's ServiceWorker domain reports it. */
interface Registration {
  registrationId: string;
  scopeURL: string;
  isDeleted: boolean;
}

/** What the manifest a page links says, as Chromium read it (DevTools protocol). */
async function manifestOf(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const manifest = await cdp.send('Page.getAppManifest');
  await cdp.detach();
  return { installabilityErrors, url: manifest.url, errors: manifest.errors, data: JSON.parse(manifest.data ?? '{}') };
}

/** Issue 48: Souq installs as an app, opens what it can offline, and shows pushes (ADR 0058). */
describeInBrowser('Souq as an installed app', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let buyer: TestUser;
  let lantern = '';
  let burner = '';
  beforeAll(async () => {
    server = await startServer('sqlite');
    const seller = await createUser(server, { username: 'pwa_seller' });
    buyer = await createUser(server, { username: 'pwa_buyer' });
    const ids = await insertProducts(server, seller.id, [
      { title: 'Brass Lantern Large', category: 'Appliances', price: 12_500, popularity: 90 },
      { title: 'Oud Incense Burner', category: 'Beauty', price: 8_900, popularity: 80 },
    ]);
    lantern = ids[0]!;
    burner = ids[1]!;
  });
  afterAll(() => server?.close());

  describe.each([
    { language: 'en', dir: 'ltr', auctions: 'Auctions', live: 'Live' },
    { language: 'ar', dir: 'rtl', auctions: 'المزادات', live: 'المزاد المباشر' },
  ] as const)('in $language', ({ language, dir, auctions, live }) => {
    it('can be installed, from a manifest in the language and direction of the page', async () => {
      const profile = await withProfile(server.url, PHONE);
      const { context } = profile;
      const page = context.pages()[0] ?? (await context.newPage());
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      if (language === 'ar') await inArabic(context, server.url);
      await underServiceWorker(page, '/');
      const manifest = await manifestOf(page);
      expect(manifest.installabilityErrors).toEqual([]);
      expect(manifest.errors).toEqual([]);
      expect(new URL(manifest.url).pathname).toBe(`/manifest.${language}.webmanifest`);
      expect(manifest.data).toMatchObject({
        id: '/',
        name: 'Souq',
        short_name: 'Souq',
        lang: language,
        dir,
        start_url: '/?source=pwa',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f766e',
      });
      expect(manifest.data.shortcuts).toEqual([
        expect.objectContaining({ name: auctions, url: '/auction' }),
        expect.objectContaining({ name: live, url: '/live' }),
      ]);
      expect(manifest.data.icons.filter((icon: { purpose: string }) => icon.purpose === 'maskable')).toHaveLength(2);
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0f766e');
      const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
      expect((await page.request.get(touchIcon!)).headers()['content-type']).toBe('image/png');
      expect(errors).toEqual([]);
      await profile.close();
    });
  });

  it('opens the shop and a product seen before offline, and says what still works on a page never opened', async () => {
    const { context, page } = await openPage(browser(), server.url, PHONE, { serviceWorker: true });
    await underServiceWorker(page, '/');
    await page.goto('/');
    await page.getByTestId('product-card').first().waitFor();
    await page.goto(`/product/${lantern}`);
    await page.getByRole('heading', { name: 'Brass Lantern Large' }).waitFor();
    // A visitor's pages come with their data rendered in (ADR 0025): the pages are what is kept.
    expect((await keptIn(page, 'souq-pages')).sort()).toEqual(['/', `/product/${lantern}`]);
    // Of the answers, only the shop's and a product's: not the session, nor anything else.
    const answers = await keptIn(page, 'souq-answers');
    expect(answers.filter((url) => !/^\/api\/products(\/[^/?]+)?(\?|$)/.test(url))).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Brass Lantern Large' }).waitFor();
    expect(await page.getByTestId('product-price').textContent()).toContain('AED 125.00');
    await page.goto('/');
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(2);

    await page.goto(`/product/${burner}`);
    await page.getByRole('heading', { name: 'You’re offline' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'en',
      'ltr',
    ]);
    await expect.poll(() => page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    expect((await page.getByRole('button', { name: 'Try again' }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await axeClean(page);

    // "Try again" asks the network once more: still offline, the page says so again.
    const marked = () => page.evaluate(() => (window as unknown as { marked?: boolean }).marked ?? false);
    await page.evaluate(() => ((window as unknown as { marked: boolean }).marked = true));
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(marked).toBe(false);
    await page.getByRole('heading', { name: 'You’re offline' }).waitFor();
    // Back online, the page that was asked for opens by itself.
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Oud Incense Burner' }).waitFor();
    await context.close();
  });

  it('opens a product seen before offline for someone signed in, from its kept details, and the offline page in Arabic', async () => {
    const { context, page } = await openPage(browser(), server.url, PHONE, { serviceWorker: true });
    await signInContext(context, server.url, buyer.cookie);
    await inArabic(context, server.url);
    await underServiceWorker(page, `/product/${burner}`);
    await page.reload();
    await page.getByRole('heading', { name: 'Oud Incense Burner' }).waitFor();
    // A signed-in page is the app's shell (ADR 0025): offline, the app draws it from the kept answer.
    expect(await keptIn(page, 'souq-answers')).toContain(`/api/products/${burner}`);
    expect(await keptIn(page, 'souq-answers')).not.toContain('/api/auth/me');

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Oud Incense Burner' }).waitFor();
    await page.goto(`/product/${lantern}`);
    await page.getByRole('heading', { name: 'أنت غير متصل بالإنترنت' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    await page.getByRole('button', { name: 'حاول مجددًا' }).waitFor();
    expect(await latinLeftovers(page, BRANDS)).toEqual([]);
    await axeClean(page);

    // Signing out forgets what was kept while signed in (a product's "liked by me"). Back online,
    // the offline page reloads itself first: a navigation of ours would race it.
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Brass Lantern Large' }).waitFor();
    await page.goto(`/product/${burner}`);
    await page.getByRole('heading', { name: 'Oud Incense Burner' }).waitFor();
    expect(await keptIn(page, 'souq-answers')).not.toEqual([]);
    expect(await page.evaluate(async () => (await fetch('/api/auth/logout', { method: 'POST' })).status)).toBe(200);
    await expect.poll(() => keptIn(page, 'souq-answers')).toEqual([]);
    expect(await keptIn(page, 'souq-pages')).toEqual([]);
    await context.close();
  });

  it('shows a push as a notification in its language, and a tap takes the open Souq window to its link', async () => {
    const { context, page } = await openPage(browser(), server.url, PHONE, { serviceWorker: true });
    await context.grantPermissions(['notifications'], { origin: server.url });
    const cdp = await context.newCDPSession(page);
    const registrations: Registration[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await underServiceWorker(page, `/product/${lantern}`);
    const ours = (r: Registration) => r.scopeURL === `${server.url}/` && !r.isDeleted;
    await expect.poll(() => registrations.some(ours)).toBe(true);
    const { registrationId } = registrations.find(ours)!;

    const outbid = {
      title: 'You’ve been outbid on Brass Lantern Large',
      body: 'The highest bid is now AED 130.00.',
      link: '/auction/a-lantern',
      tag: 'outbid:a-lantern',
      lang: 'en',
      dir: 'ltr',
    };
    const arabic = {
      ...outbid,
      title: 'تمت المزايدة عليك على Brass Lantern Large',
      tag: 'won',
      lang: 'ar',
      dir: 'rtl',
    };
    for (const message of [outbid, arabic])
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId,
        data: JSON.stringify(message),
      });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          lang: n.lang,
          dir: n.dir,
          icon: new URL(n.icon).pathname,
          badge: new URL(n.badge).pathname,
          data: n.data as unknown,
        })),
      );
    const icons = { icon: '/icons/icon-192.png', badge: '/icons/badge-96.png' };
    const notification = ({ link, ...words }: typeof outbid) => ({ ...words, ...icons, data: { link } });
    await expect.poll(shown).toEqual([notification(outbid), notification(arabic)]);

    // The tap, as Chromium would hand it to the worker (a test cannot click a system notification).
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications({ tag: 'outbid:a-lantern' });
      const NotificationEvent = (globalThis as any).NotificationEvent;
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    });
    await page.waitForURL(`${server.url}/auction/a-lantern`);
    expect((await shown()).map((n) => n.tag)).toEqual(['won']);
    await context.close();
  });
});
