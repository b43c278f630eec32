import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidOk, startAuction } from '../apps/server/test/auction-support.js';
import { createProduct, type TestUser } from '../apps/server/test/catalog-support.js';
import {
  describeInBrowser,
  DIALECTS,
  fitsWidth,
  openPage,
  PHONE,
  screenshot,
  signInContext,
  startServer,
  useBrowser,
  type RunningServer,
  type TrackedPage,
} from './support/harness.js';

const PASSWORD = 'souq-e2e-pass';
const TITLE = 'Omega Speedmaster Moonwatch';
const path$ = (page: Page) => page.evaluate(() => location.pathname + location.search);
const gulfClock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Dubai',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/** Counts the chimes the page plays instead of playing them (headless Chromium has no speakers anyway). */
async function countChimes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { chimes: number };
    w.chimes = 0;
    HTMLMediaElement.prototype.play = function () {
      w.chimes += 1;
      return Promise.resolve();
    };
  });
}
const chimes = (page: Page) => page.evaluate(() => (window as unknown as { chimes: number }).chimes);

describeInBrowser('timed auctions in the browser', () => {
  const browser = useBrowser();

  describe.each(DIALECTS)('on %s', (dialect) => {
    let server: RunningServer;
    const pages: TrackedPage[] = [];
    const names = { seller: `salma_${dialect}`, aisha: `aisha_${dialect}`, omar: `omar_${dialect}` };
    const users = {} as Record<keyof typeof names, TestUser>;

    /** A browser signed in as someone, by their session cookie (the login form has its own suite). */
    async function signedIn(who: keyof typeof names, viewport?: { width: number; height: number }): Promise<Page> {
      const tracked = await openPage(browser(), server.url, viewport);
      pages.push(tracked);
      const token = users[who].cookie.split('=')[1]!;
      await signInContext(tracked.context, server.url, token);
      return tracked.page;
    }

    beforeAll(async () => {
      server = await startServer(dialect);
      for (const who of Object.keys(names) as (keyof typeof names)[]) {
        const email = `${names[who]}@example.com`;
        const row = await server.accounts.createAccountDirectly({
          email,
          username: names[who],
          phone: '0501234567',
          password: PASSWORD,
          verified: true,
        });
        const session = await server.accounts.createSession(row.id);
        users[who] = { id: row.id, username: names[who], email, cookie: `souq_sid=${session.token}` };
      }
    });
    afterAll(async () => {
      for (const p of pages) await p.context.close();
      await server?.close();
    });

    it('a seller moves a product to auction; two buyers outbid each other live; a late bid extends it; the winner completes the order; the seller sees the sale', async () => {
      const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#1f2937' } })
        .png()
        .toBuffer();
      await createProduct(
        server,
        users.seller,
        { title: TITLE, category: 'Watches', price: '2500000', previousPrice: undefined },
        [{ field: 'images', data: photo, filename: 'moonwatch.png' }],
      );

      // The seller, from the product card on their profile. The dialog checks the form in the browser first.
      const seller = await signedIn('seller');
      await seller.goto('/MyAccount');
      const trigger = seller.getByTestId('move-to-auction-button');
      await trigger.click();
      const dialog = seller.getByRole('dialog', { name: 'Move to Auction' });
      await dialog.waitFor();
      await seller.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);

      await trigger.click();
      await dialog.getByRole('button', { name: 'Start auction' }).click();
      await dialog.getByText('Starting bid must be a positive amount.').waitFor();
      expect(await seller.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe(
        'startingBid',
      );
      await dialog.getByLabel('Starting bid').fill('1,000');
      await dialog.getByText('15 minutes').click();
      await dialog.getByText('Soft close').waitFor();
      await screenshot(seller, `auction-move-dialog-${dialect}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Start auction' }).click();
      await expect.poll(() => path$(seller), { timeout: 15_000 }).toMatch(/^\/auction\/[0-9a-f-]{36}$/);
      const auctionUrl = await path$(seller);
      const auctionId = auctionUrl.split('/').pop()!;
      await seller.getByRole('heading', { name: TITLE }).waitFor();
      expect(await seller.getByTestId('current-bid').textContent()).toBe('AED 1,000.00');
      await seller.getByTestId('own-auction').getByText('You cannot bid on your own auction.').waitFor();
      expect(await seller.getByTestId('bid-form').count()).toBe(0);

      // Aisha (desktop) bids the minimum the form is filled with.
      const aisha = await signedIn('aisha');
      await aisha.goto(auctionUrl);
      await aisha.getByTestId('countdown').waitFor();
      expect(await aisha.getByLabel('Your bid').inputValue()).toBe('1000');
      await countChimes(aisha);

      // Omar (on a phone) arrives signed out, is asked to log in, and comes back to the auction.
      const omarTab = await openPage(browser(), server.url, PHONE);
      pages.push(omarTab);
      const omar = omarTab.page;
      await omar.goto(auctionUrl);
      await omar.getByText('You must be logged in to place a bid.').waitFor();
      await omar.getByRole('link', { name: 'Log in to bid' }).click();
      await omar.getByLabel('Email').fill(users.omar.email);
      await omar.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await omar.getByRole('button', { name: 'Login', exact: true }).click();
      await expect.poll(() => path$(omar)).toBe(auctionUrl);
      await omar.getByTestId('bid-form').waitFor();

      await aisha.getByTestId('place-bid').click();
      await aisha.getByTestId('bid-outcome').getByText('Your bid is in. You are the highest bidder.').waitFor();
      // Omar sees it without a reload: the price, and Aisha at the top of the bidders list.
      await expect.poll(() => omar.getByTestId('current-bid').textContent()).toBe('AED 1,000.00');
      await omar.getByTestId('bid-row').first().getByText(names.aisha).waitFor();

      // Omar takes the first quick bid (the new minimum, AED 1,050); Aisha sees it and is told she was outbid.
      await omar.getByRole('group', { name: 'Quick bids' }).getByRole('button', { name: 'AED 1,050.00' }).click();
      await omar.getByRole('button', { name: 'Place bid · AED 1,050.00' }).click();
      await omar.getByTestId('leading').waitFor();
      await expect.poll(() => aisha.getByTestId('current-bid').textContent()).toBe('AED 1,050.00');
      await aisha.getByTestId('bid-row').first().getByText(names.omar).waitFor();
      await aisha.getByTestId('outbid').waitFor();
      await expect.poll(() => aisha.getByTestId('bell-count').textContent()).toBe('1');
      await expect.poll(() => chimes(aisha)).toBe(1);
      await screenshot(aisha, `auction-outbid-${dialect}`);
      // She turns the outbid sound off; the choice is remembered.
      await aisha.getByRole('switch', { name: 'Outbid sound' }).click();
      expect(await aisha.getByRole('switch', { name: 'Outbid sound' }).getAttribute('aria-checked')).toBe('false');

      // The bell lists it and reads it; Escape closes it and focus goes back to the bell.
      await aisha.getByTestId('bell').click();
      await aisha.getByTestId('bell-panel').getByText(`You've been outbid on ${TITLE}`).waitFor();
      await aisha.getByTestId('bell-count').waitFor({ state: 'detached' });
      await screenshot(aisha, `auction-bell-${dialect}`, { fullPage: false });
      await aisha.keyboard.press('Escape');
      await aisha.getByTestId('bell-panel').waitFor({ state: 'detached' });
      expect(await aisha.getByTestId('bell').evaluate((el) => el === document.activeElement)).toBe(true);

      // Aisha leaves a maximum; Omar's next bid is outbid at once by it, and he is told so.
      await aisha.getByLabel('Your bid').fill('1100');
      await aisha.getByLabel(/^Maximum bid/).fill('2000');
      await aisha.getByTestId('place-bid').click();
      await aisha.getByTestId('leading').waitFor();
      await expect.poll(() => omar.getByTestId('bell-count').textContent()).toBe('1');
      await omar.getByTestId('place-bid').click();
      await omar
        .getByTestId('bid-outcome')
        .getByText("Another bidder's maximum is higher: you have been outbid.")
        .waitFor();
      await expect.poll(() => aisha.getByTestId('current-bid').textContent()).toBe('AED 1,200.00');
      await omar.getByTestId('bid-row').first().getByText('auto').waitFor();
      await fitsWidth(omar);
      await omar.getByTestId('bid-form').scrollIntoViewIfNeeded();
      await screenshot(omar, `auction-phone-${dialect}`, { fullPage: false });

      // A minute before the end, Omar bids past her maximum: soft close moves the end to two minutes after his bid.
      await server.database.db
        .updateTable('auctions')
        .set({ ends_at: new Date(Date.now() + 60_000).toISOString() })
        .where('id', '=', auctionId)
        .execute();
      await Promise.all([aisha.reload(), omar.reload()]);
      await omar.getByTestId('bid-form').waitFor();
      expect(await aisha.getByRole('switch', { name: 'Outbid sound' }).getAttribute('aria-checked')).toBe('false');
      await countChimes(aisha);
      await omar.getByLabel('Your bid').fill('2100');
      await omar.getByTestId('place-bid').click();
      await omar.getByTestId('bid-outcome').getByText('Your bid is in. You are the highest bidder.').waitFor();
      const { ends_at: extendedTo } = await server.database.db
        .selectFrom('auctions')
        .select('ends_at')
        .where('id', '=', auctionId)
        .executeTakeFirstOrThrow();
      const extended = `Extended: a late bid moved the end to ${gulfClock(extendedTo)}`;
      await omar.getByTestId('extended').getByText(extended).waitFor();
      await aisha.getByTestId('extended').getByText(extended).waitFor();
      await expect.poll(() => aisha.getByTestId('current-bid').textContent()).toBe('AED 2,100.00');
      await expect.poll(() => aisha.getByTestId('bell-count').textContent()).toBe('1');
      expect(await chimes(aisha)).toBe(0);
      await screenshot(aisha, `auction-extended-${dialect}`);

      // The end: every page says so, with the winner; Omar won.
      await server.database.db
        .updateTable('auctions')
        .set({ ends_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', auctionId)
        .execute();
      await server.jobs.runNow('auctions.close-due');
      for (const page of [seller, aisha, omar])
        await page.getByTestId('auction-outcome').getByText('Auction ended').waitFor();
      await aisha.getByTestId('winner').getByText(names.omar).waitFor();
      await screenshot(aisha, `auction-ended-${dialect}`, { fullPage: false });
      expect(await aisha.getByTestId('bid-form').count()).toBe(0);
      await omar.getByTestId('you-won').waitFor();
      await seller.getByTestId('seller-tools').getByText(names.omar).waitFor();

      // His order waits for an address in My Orders; he completes it from the auction page.
      await omar.goto('/MyAccount?tab=orders');
      await omar
        .getByTestId('order')
        .filter({ hasText: TITLE })
        .getByRole('button', { name: 'Add delivery address' })
        .waitFor();
      await seller.goto('/MyAccount?tab=sales');
      const sale = seller.getByTestId('sale').filter({ hasText: TITLE });
      await sale.getByText(`Won at auction by ${names.omar} · awaiting their delivery address`).waitFor();
      // Nothing to confirm yet: no address to deliver to.
      expect(await sale.getByRole('button').count()).toBe(0);
      await omar.goto(auctionUrl);
      await omar.getByTestId('complete-order').click();
      const address = omar.getByTestId('complete-address');
      await address.getByLabel('Emirate').selectOption('Dubai');
      await address.getByLabel('Area').fill('Jumeirah Lake Towers');
      await address.getByLabel('Street address').fill('Cluster D, Tower 2, flat 1504');
      await address.getByLabel('Phone').fill('+971 50 765 4321');
      await screenshot(omar, `auction-won-phone-${dialect}`, { fullPage: false });
      await address.getByRole('button', { name: 'Confirm order' }).click();
      await omar.getByTestId('order-complete').waitFor();
      await fitsWidth(omar);
      const order = await server.database.db
        .selectFrom('orders')
        .select(['status', 'emirate', 'total'])
        .where('auction_id', '=', auctionId)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({ status: 'placed', emirate: 'Dubai', total: 220_500 });
      // Now the seller sees where to deliver, and can confirm.
      await seller.reload();
      await sale.getByText('Cluster D, Tower 2, flat 1504, Jumeirah Lake Towers, Dubai · Cash on delivery').waitFor();
      await sale.getByRole('button', { name: 'Confirm order' }).waitFor();
      await omar.goto('/MyAccount?tab=orders');
      await omar.getByTestId('order').filter({ hasText: TITLE }).getByText('Won at auction').waitFor();
      expect(await omar.getByRole('button', { name: 'Add delivery address' }).count()).toBe(0);

      for (const p of pages) expect(p.errors).toEqual([]);
    });

    it('lists open auctions by category with the six sorts, live cards and the exact empty texts; a missing auction says so', async () => {
      for (const [title, startingBid] of [
        ['Zelda: Tears of the Kingdom', 600],
        ['Asus ROG Ally', 2400],
        ['Mario Kart Live', 150],
      ] as const) {
        await startAuction(
          server,
          users.seller,
          { startingBid: startingBid * 100, duration: '1d' },
          { title, category: 'Gaming' },
        );
      }
      const tracked = await openPage(browser(), server.url);
      pages.push(tracked);
      const visitor = tracked.page;
      const titles = () => visitor.getByTestId('auction-card').locator('.product-card__title').allTextContents();
      await visitor.goto('/auction?category=Gaming');
      await expect.poll(titles).toHaveLength(3);
      expect(await visitor.getByLabel('Sort by').locator('option').allTextContents()).toEqual([
        'Ending soonest',
        'Newly listed',
        'Price low to high',
        'Price high to low',
        'Alphabetical A-Z',
        'Alphabetical Z-A',
      ]);
      await visitor.getByLabel('Sort by').selectOption({ label: 'Price low to high' });
      await expect.poll(titles).toEqual(['Mario Kart Live', 'Zelda: Tears of the Kingdom', 'Asus ROG Ally']);
      await visitor.getByLabel('Sort by').selectOption({ label: 'Alphabetical Z-A' });
      await expect.poll(titles).toEqual(['Zelda: Tears of the Kingdom', 'Mario Kart Live', 'Asus ROG Ally']);
      await visitor.getByLabel('Sort by').selectOption({ label: 'Alphabetical A-Z' });
      await expect.poll(titles).toEqual(['Asus ROG Ally', 'Mario Kart Live', 'Zelda: Tears of the Kingdom']);
      const ally = visitor.getByTestId('auction-card').filter({ hasText: 'Asus ROG Ally' });
      expect(await ally.textContent()).toContain('Starting bidAED 2,400.00');
      await ally.getByRole('timer').waitFor();
      await screenshot(visitor, `auction-list-${dialect}`);

      // A bid elsewhere shows on the card without a reload.
      const allyId = (
        await server.database.db
          .selectFrom('auctions')
          .select('id')
          .where('title', '=', 'Asus ROG Ally')
          .executeTakeFirstOrThrow()
      ).id;
      await bidOk(server, users.aisha, allyId, { amount: 2400_00 });
      await expect.poll(() => ally.getByTestId('auction-card-bids').textContent()).toBe('1 bid');
      expect(await ally.textContent()).toContain('Current bidAED 2,400.00');

      const phone = await openPage(browser(), server.url, PHONE);
      pages.push(phone);
      await phone.page.goto('/auction?category=Gaming');
      await phone.page.getByTestId('auction-card').first().waitFor();
      await fitsWidth(phone.page);
      await screenshot(phone.page, `auction-list-phone-${dialect}`, { fullPage: false });

      // The seller withdraws an auction nobody has bid on (confirmed in a dialog); the card says so at once.
      const idOf = async (title: string) =>
        await server.database.db
          .selectFrom('auctions')
          .select(['id', 'product_id'])
          .where('title', '=', title)
          .executeTakeFirstOrThrow();
      const mario = await idOf('Mario Kart Live');
      const seller = await signedIn('seller');
      await seller.goto(`/auction/${mario.id}`);
      await seller.getByTestId('cancel-auction').click();
      await seller.getByRole('dialog', { name: 'Cancel this auction?' }).getByTestId('confirm-cancel').click();
      await seller
        .getByTestId('auction-outcome')
        .getByText('The seller cancelled this auction before anyone bid.')
        .waitFor();
      await seller.getByRole('button', { name: 'Move to Auction again' }).waitFor();
      await visitor.getByTestId('auction-card').filter({ hasText: 'Mario Kart Live' }).getByText('Cancelled').waitFor();

      // Another ends without a bid; the seller puts it back in the shop at its fixed price.
      const zelda = await idOf('Zelda: Tears of the Kingdom');
      await server.database.db
        .updateTable('auctions')
        .set({ ends_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', zelda.id)
        .execute();
      await server.jobs.runNow('auctions.close-due');
      await seller.goto(`/auction/${zelda.id}`);
      await seller.getByText('No winner: there were no bids.').waitFor();
      await seller.getByTestId('relist-fixed').click();
      await expect.poll(() => path$(seller)).toBe(`/product/${zelda.product_id}`);
      await seller.getByTestId('move-to-auction-button').waitFor();

      // Her profile's View Auctions tab: the open one first.
      await seller.goto(`/MyAccount/${users.seller.id}?tab=auctions`);
      await expect
        .poll(() => seller.getByTestId('auction-card').locator('.product-card__title').allTextContents())
        .toEqual(['Asus ROG Ally', 'Mario Kart Live', 'Zelda: Tears of the Kingdom', TITLE]);
      await screenshot(seller, `auction-profile-tab-${dialect}`);

      // The header's category bar filters the auctions while on /auction.
      await visitor.getByRole('button', { name: 'Eyewear' }).click();
      await expect.poll(() => path$(visitor)).toBe('/auction?category=Eyewear');
      await visitor.getByText('No auctions available in the Eyewear category').waitFor();
      await visitor.getByRole('link', { name: 'See all auctions' }).waitFor();
      await visitor.goto('/auction/00000000-0000-4000-8000-000000000000');
      await visitor.getByRole('heading', { name: 'Auction not found' }).waitFor();
      for (const p of pages) expect(p.errors).toEqual([]);
    });
  });
});
