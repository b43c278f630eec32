import { afterAll, beforeAll, expect, it } from 'vitest';
import { setEnd } from '../../apps/server/test/auction-support.js';
import { insertProducts } from '../../apps/server/test/catalog-support.js';
import type { TestApp } from '../../apps/server/test/support.js';
import { describeInBrowser, PHONE, startServer, useBrowser, type RunningServer } from '../support/harness.js';
import { axeClean } from '../support/page-checks.js';
import { journeyPages, pathOf, person, type Person } from './people.js';

/**
 * The spec's Auction page (moving a product to an auction, a bid, the countdown, its end) and the
 * For You feed (one item at a time, Like, Not interested), walked in the spec's words.
 */
describeInBrowser('the spec: a timed auction and the For You feed', () => {
  const browser = useBrowser();
  const pages = journeyPages(browser);
  let server: RunningServer;
  let seller: Person, aisha: Person, omar: Person;
  /** Every product's seller, to tell whose item the feed shows. */
  const sellerOf = new Map<string, string>();

  beforeAll(async () => {
    server = await startServer('sqlite');
    seller = await person(server, 'salim_spec');
    aisha = await person(server, 'aisha_spec');
    omar = await person(server, 'omar_spec');
    await insertProducts(server, seller.id, [{ title: 'Omega Speedmaster', category: 'Watches', price: 9_000_00 }]);
    // Four shops of eight products each, equally popular, for the feed to mix.
    for (const shop of ['badr', 'dana', 'faris', 'huda']) {
      const owner = await person(server, `${shop}_spec`);
      const ids = await insertProducts(
        server,
        owner.id,
        Array.from({ length: 8 }, (_, i) => ({ title: `${shop} item ${i + 1}`, category: 'Gaming', popularity: 10 })),
      );
      for (const id of ids) sellerOf.set(id, owner.username);
    }
  });
  afterAll(() => server?.close());

  it('Auction page: Move to Auction, a bid higher than the current one, the countdown, then Auction ended', async () => {
    const owner = await pages.open(server, seller);
    await owner.goto('/MyAccount');
    await owner.getByTestId('move-to-auction-button').first().click();
    const dialog = owner.getByRole('dialog', { name: 'Move to Auction' });
    await dialog.getByLabel('Starting bid').fill('5,000');
    await dialog.getByRole('button', { name: 'Start auction' }).click();
    await expect.poll(() => pathOf(owner)).toMatch(/^\/auction\/[0-9a-f-]{36}$/);
    const auctionPath = await pathOf(owner);
    await owner.getByRole('heading', { name: 'Omega Speedmaster' }).waitFor();
    await owner.getByText('You cannot bid on your own auction.').waitFor();

    // A visitor is asked to log in to bid.
    const visitor = await pages.open(server, null, PHONE);
    await visitor.goto(auctionPath);
    await visitor.getByText('You must be logged in to place a bid.').waitFor();

    const bidder = await pages.open(server, aisha, PHONE);
    await bidder.goto(auctionPath);
    expect(await bidder.getByTestId('current-bid').textContent()).toBe('AED 5,000.00');
    await bidder.getByText(seller.username).first().waitFor();
    // The countdown ticks every second.
    const countdown = await bidder.getByTestId('countdown').textContent();
    await expect.poll(() => bidder.getByTestId('countdown').textContent(), { timeout: 3_000 }).not.toBe(countdown);
    await bidder.getByLabel('Your bid').fill('4000');
    await bidder.getByTestId('place-bid').click();
    await bidder
      .getByText(/Bid amount must be higher than current bid/)
      .first()
      .waitFor();
    await bidder.getByLabel('Your bid').fill('5100');
    await bidder.getByTestId('place-bid').click();
    await expect.poll(() => bidder.getByTestId('current-bid').textContent()).toBe('AED 5,100.00');
    // The list of bidders, on every page that has the auction open.
    await visitor.getByTestId('bid-row').first().getByText(aisha.username).waitFor();
    await axeClean(bidder);

    // Its end: the server's clock says it is over, and every page says so and hides bidding.
    const auctionId = auctionPath.split('/').pop()!;
    await setEnd(server as unknown as TestApp, auctionId, new Date(Date.now() - 1000));
    await server.jobs.runNow('auctions.close-due');
    for (const page of [owner, visitor, bidder])
      await page.getByTestId('auction-outcome').getByText('Auction ended').waitFor();
    expect(await bidder.getByTestId('bid-form').count()).toBe(0);
  });

  it('For You feed: one item at a time with its counter, Like, and Not interested takes that seller out of the next ten', async () => {
    const page = await pages.open(server, omar);
    await page.goto('/foryou');
    const counter = page.getByTestId('feed-counter');
    await counter.waitFor();
    expect(await counter.textContent()).toMatch(/^1 \/ \d+$/);
    const current = () => page.locator('[data-testid="feed-item"][data-current]');
    const position = async () => Number((await counter.textContent())?.split(' / ')[0]);
    // A key pressed while the list still glides to the last item (or focus moves off a removed
    // card) can be lost, as a person's would: pressed again only when half a second showed no move.
    const next = async () => {
      const at = await position();
      await expect
        .poll(
          async () => {
            if ((await position()) === at) await page.keyboard.press('ArrowDown');
            return position();
          },
          { timeout: 10_000, interval: 500 },
        )
        .toBe(at + 1);
    };
    await page.getByTestId('feed').focus();

    // Like, in place.
    await current().getByTestId('feed-like').click();
    await expect.poll(() => current().getByTestId('feed-like-count').textContent()).toBe('1');
    await next();

    // Not interested in this seller: none of the next ten items is theirs, though others remain.
    const shop = sellerOf.get((await current().getAttribute('data-id'))!)!;
    await current().getByTestId('feed-not-interested').click();
    const seen: string[] = [];
    for (let i = 0; i < 10; i++) {
      await expect.poll(async () => (await current().count()) === 1).toBe(true);
      seen.push(sellerOf.get((await current().getAttribute('data-id'))!) ?? 'auction');
      if (i < 9) await next();
    }
    expect(seen).not.toContain(shop);
    expect(new Set(seen).size).toBeGreaterThan(1);
    expect(pages.errors()).toEqual([]);
  });
});
