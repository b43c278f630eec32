import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AED, bidOk, startAuction } from '../apps/server/test/auction-support.js';
import { insertProducts, type TestUser } from '../apps/server/test/catalog-support.js';
import {
  describeInBrowser,
  DIALECTS,
  openPage,
  PHONE,
  screenshot,
  signInContext,
  startServer,
  useBrowser,
  type RunningServer,
} from './support/harness.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const path$ = (page: Page) => page.evaluate(() => location.pathname + location.search);
const counter = (page: Page) => page.getByTestId('feed-counter').textContent();
const currentId = (page: Page) => page.locator('[data-testid="feed-item"][data-current]').getAttribute('data-id');
const position = async (page: Page) => Number((await counter(page))?.split(' / ')[0]);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Moved exactly one item: the counter says so, and a moment later it still does (no second step). */
async function expectAt(page: Page, n: number): Promise<void> {
  await expect.poll(() => position(page), { timeout: 10_000 }).toBe(n);
  await pause(600);
  expect(await position(page)).toBe(n);
  // The list has come to rest on that item (scroll snapping), and it is the one announced. At rest
  // means exactly there and still a frame later: a tap while the list is still gliding stops the
  // glide and is not a click, so a test that taps next must not start before this.
  await expect
    .poll(
      () =>
        page.getByTestId('feed').evaluate(
          (el) =>
            new Promise<number | null>((resolve) => {
              const top = el.scrollTop;
              requestAnimationFrame(() =>
                requestAnimationFrame(() =>
                  resolve(
                    el.scrollTop === top && Math.abs(top - Math.round(top / el.clientHeight) * el.clientHeight) < 1
                      ? Math.round(top / el.clientHeight)
                      : null,
                  ),
                ),
              );
            }),
        ),
      { timeout: 5000 },
    )
    .toBe(n - 1);
  expect(await page.getByTestId('feed-announcer').textContent()).toMatch(new RegExp(`^Item ${n} of \\d+: `));
}

async function axeViolations(page: Page): Promise<string[]> {
  // Through DevTools, which the page's CSP (script-src 'self') does not govern.
  await page.evaluate(fs.readFileSync(AXE, 'utf8'));
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}

/** A real swipe from a finger, through the DevTools protocol (touchstart, moves, touchend). */
async function swipe(context: BrowserContext, page: Page, from: { x: number; y: number }, dy: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const steps = 6;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x, y: from.y + (dy * i) / steps }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describeInBrowser('the For You feed in the browser', () => {
  const browser = useBrowser();

  describe.each(DIALECTS)('on %s', (dialect) => {
    let server: RunningServer;
    const contexts: BrowserContext[] = [];
    let viewer: TestUser;
    let auctionIds: string[] = [];

    beforeAll(async () => {
      // The demo catalog (two sellers, a dozen products with photos, six open auctions), one more seller with auctions and listings.
      server = await startServer(dialect, { seedDemo: true });
      const make = async (username: string) => {
        const row = await server.accounts.createAccountDirectly({
          email: `${username}@example.com`,
          username,
          phone: '0501234567',
          password: 'souq-e2e-pass',
          verified: true,
        });
        const session = await server.accounts.createSession(row.id);
        return {
          id: row.id,
          username,
          email: `${username}@example.com`,
          cookie: `souq_sid=${session.token}`,
        } satisfies TestUser;
      };
      viewer = await make(`nadia_${dialect}`);
      const seller = await make(`karim_${dialect}`);
      await insertProducts(
        server,
        seller.id,
        Array.from({ length: 8 }, (_, i) => ({
          title: `Vintage camera ${i + 1}`,
          category: 'Appliances',
          popularity: 5 + i,
        })),
      );
      // The demo's own open auctions are in the feed too.
      auctionIds = (await server.auctions.list({ sort: 'ending', limit: 60 })).items.map((a) => a.id);
      const bidder = await make(`yusuf_${dialect}`);
      for (let i = 0; i < 3; i++) {
        const { id } = await startAuction(
          server,
          seller,
          { startingBid: AED(250), duration: '1h' },
          { title: `Auction lot ${i + 1}`, category: 'Gaming' },
        );
        auctionIds.push(id);
        if (i > 0) await bidOk(server, bidder, id, { amount: AED(250) });
      }
    });
    afterAll(async () => {
      for (const c of contexts) await c.close();
      await server?.close();
    });

    it('signed in, on a desktop: wheel and keys move one item; like, add to cart, bid and not interested work in place; the URL keeps the place', async () => {
      const tracked = await openPage(browser(), server.url);
      contexts.push(tracked.context);
      const { page, context, errors } = tracked;
      await signInContext(context, server.url, viewer.cookie);
      page.on('dialog', (d) => {
        errors.push(`unexpected dialog: ${d.message()}`);
        void d.dismiss();
      });

      await page.goto('/foryou');
      await page.getByTestId('feed-counter').waitFor();
      expect(await counter(page)).toMatch(/^1 \/ \d+$/);
      const total = Number((await counter(page))!.split(' / ')[1]);
      expect(total).toBeGreaterThan(15);
      await expectAt(page, 1);

      // The wheel: one notch, one item.
      const feed = page.getByTestId('feed');
      const box = (await feed.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 120);
      await expectAt(page, 2);
      // A trackpad flick sends many events: still one item.
      // Sent from inside the page, 16 ms apart as a trackpad does: one round trip per event would
      // space them by whatever the machine's load makes it, which is not what a hand does.
      await feed.evaluate(async (el) => {
        for (let i = 0; i < 12; i++) {
          el.dispatchEvent(new WheelEvent('wheel', { deltaY: 30, deltaMode: 0, bubbles: true, cancelable: true }));
          await new Promise((r) => setTimeout(r, 16));
        }
      });
      await expectAt(page, 3);
      await page.mouse.wheel(0, -120);
      await expectAt(page, 2);

      // Arrow keys.
      await feed.focus();
      await page.keyboard.press('ArrowDown');
      await expectAt(page, 3);
      await page.keyboard.press('ArrowUp');
      await expectAt(page, 2);
      // Focus stays with the item the keyboard moved to, and is visible.
      await page.keyboard.press('ArrowDown');
      await expectAt(page, 3);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-current'))).toBe('true');
      expect(await path$(page)).toMatch(/^\/foryou\?i=3&s=[\w-]+$/);

      // The next two items' photos are already loaded.
      await expect
        .poll(() =>
          page.locator('[data-testid="feed-item"]').evaluateAll((cards) => {
            const at = cards.findIndex((c) => c.hasAttribute('data-current'));
            return cards.slice(at + 1, at + 3).map((c) => {
              const img = c.querySelector('img');
              return !!img && img.complete && img.naturalWidth > 0;
            });
          }),
        )
        .toEqual([true, true]);

      // Go to the first product from here on, then like it and add it to the cart.
      const kinds = await page
        .locator('[data-testid="feed-item"]')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-kind')));
      let at = 3;
      while (kinds[at - 1] !== 'product') {
        await page.keyboard.press('ArrowDown');
        await expectAt(page, ++at);
      }
      const productId = (await currentId(page))!;
      const card = page.locator('[data-testid="feed-item"][data-current]');
      const likes = Number(await card.getByTestId('feed-like-count').textContent());
      // The button turns at once; the server's answer comes after (and is what the API then reads).
      const liked = page.waitForResponse(
        (r) => r.url().endsWith(`/api/products/${productId}/like`) && r.request().method() === 'PUT',
      );
      await card.getByTestId('feed-like').click();
      await expect.poll(() => card.getByTestId('feed-like').getAttribute('aria-pressed')).toBe('true');
      expect((await liked).status()).toBe(200);
      expect(Number(await card.getByTestId('feed-like-count').textContent())).toBe(likes + 1);
      const detail = await server.app.inject({
        method: 'GET',
        url: `/api/products/${productId}`,
        headers: { cookie: viewer.cookie },
      });
      expect(detail.json()).toMatchObject({ likedByMe: true, likeCount: likes + 1 });

      await card.getByTestId('feed-add-to-cart').click();
      await card.getByTestId('feed-status').getByText('Added to cart').waitFor();
      expect(
        await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]').map((l: { id: string }) => l.id)),
      ).toEqual([productId]);

      // axe finds nothing to fix; a screenshot to look at.
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `foryou-desktop-${dialect}`, { fullPage: false });

      // Open the full page, come back: the same item of the same session.
      const before = await path$(page);
      await card.getByTestId('feed-open').click();
      await expect.poll(() => path$(page)).toBe(`/product/${productId}`);
      await page.goBack();
      await expect.poll(() => path$(page)).toBe(before);
      await expect.poll(() => currentId(page)).toBe(productId);
      expect(await position(page)).toBe(at);
      // A reload too.
      await page.reload();
      await expect.poll(() => currentId(page)).toBe(productId);
      await expectAt(page, at);

      // Opens reach the server in batches (this visit sent them when it left for the product page).
      await expect
        .poll(
          async () =>
            (
              await server.database.db
                .selectFrom('item_opens')
                .select('item_id')
                .where('user_id', '=', viewer.id)
                .execute()
            ).length,
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(at);

      // "Not interested": the item goes, the next one takes its place, and the server knows.
      const next = await page.locator('[data-testid="feed-item"]').nth(at).getAttribute('data-id');
      const gone = (await currentId(page))!;
      await page.locator('[data-testid="feed-item"][data-current]').getByTestId('feed-not-interested').click();
      await expect.poll(() => currentId(page)).toBe(next);
      // The place stays; the total loses the item and the seller's other items fetched after it (issue 41).
      const [stays, left] = (await counter(page))!.split(' / ').map(Number);
      expect(stays).toBe(at);
      expect(left).toBeLessThanOrEqual(total - 1);
      await expect
        .poll(async () =>
          (
            await server.database.db
              .selectFrom('feed_hidden')
              .select('item_id')
              .where('user_id', '=', viewer.id)
              .execute()
          ).map((r) => r.item_id),
        )
        .toEqual([gone]);

      // Bid the minimum on the next auction in the feed.
      await page.locator('[data-testid="feed-item"][data-current]').focus();
      while ((await page.locator('[data-testid="feed-item"][data-current]').getAttribute('data-kind')) !== 'auction') {
        expect(at).toBeLessThan(40);
        await page.keyboard.press('ArrowDown');
        await expectAt(page, ++at);
      }
      const auctionCard = page.locator('[data-testid="feed-item"][data-current]');
      await auctionCard.getByTestId('feed-countdown').waitFor();
      const label = (await auctionCard.getByTestId('feed-bid').textContent())!;
      expect(label).toMatch(/^Bid AED [\d,]+\.\d\d$/);
      await auctionCard.getByTestId('feed-bid').click();
      await auctionCard.getByTestId('feed-status').getByText('Your bid is in. You are the highest bidder.').waitFor();
      expect(await auctionCard.getByTestId('feed-price').textContent()).toContain(label.replace('Bid ', ''));
      expect(auctionIds).toContain(await currentId(page));

      expect(errors).toEqual([]);
    });

    it('signed out, on a 360 px phone: a swipe over 50 px moves one item, a shorter one none; actions ask to log in, in place', async () => {
      const context = await browser().newContext({
        baseURL: server.url,
        viewport: PHONE,
        hasTouch: true,
        isMobile: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && !/status of 4\d\d/.test(m.text()) && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('dialog', (d) => {
        errors.push(`unexpected dialog: ${d.message()}`);
        void d.dismiss();
      });

      await page.goto('/foryou');
      await page.getByTestId('feed-counter').waitFor();
      await expectAt(page, 1);
      const box = (await page.getByTestId('feed').boundingBox())!;
      // Start on the photo, so no button is under the finger.
      const from = { x: box.x + box.width / 2, y: box.y + box.height * 0.35 };

      await swipe(context, page, from, -120);
      await expectAt(page, 2);
      await swipe(context, page, from, -40);
      await pause(300);
      expect(await position(page)).toBe(2);
      await swipe(context, page, from, -300);
      await expectAt(page, 3);
      await swipe(context, page, from, 120);
      await expectAt(page, 2);

      // Nothing scrolls sideways at 360 px, and the touch targets are at least 44 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      const small = await page
        .locator('[data-testid="feed-item"][data-current] button, [data-testid="feed-item"][data-current] .btn')
        .evaluateAll(
          (els) => els.map((el) => el.getBoundingClientRect()).filter((r) => r.width < 44 || r.height < 44).length,
        );
      expect(small).toBe(0);

      // Signed out: the like asks to log in, inline, never with an alert.
      let at = 2;
      const go = async (kind: string) => {
        while ((await page.locator('[data-testid="feed-item"][data-current]').getAttribute('data-kind')) !== kind) {
          expect(at).toBeLessThan(40);
          await swipe(context, page, from, -120);
          await expectAt(page, ++at);
        }
      };
      await go('product');
      const card = page.locator('[data-testid="feed-item"][data-current]');
      await card.getByTestId('feed-like').tap();
      await card.getByTestId('login-prompt').getByText('You must be logged in to perform this action.').waitFor();
      await screenshot(page, `foryou-phone-${dialect}`, { fullPage: false });
      await card.getByRole('button', { name: 'Not now' }).tap();
      await card.getByTestId('login-prompt').waitFor({ state: 'detached' });
      await go('auction');
      // This card, whatever happens to the index while the prompt comes up.
      const auction = page.locator(
        `[data-testid="feed-item"][data-kind="auction"][data-id="${await currentId(page)}"]`,
      );
      await auction.getByTestId('feed-bid').tap();
      await auction.getByTestId('login-to-bid').getByText('You must be logged in to place a bid.').waitFor();
      await screenshot(page, `foryou-phone-auction-${dialect}`, { fullPage: false });
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
