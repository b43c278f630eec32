import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Page, type StreamCard } from '@souq/shared';
import { AED } from '../../../test/auction-support.js';
import { call, insertProduct, productForm, type TestUser } from '../../../test/catalog-support.js';
import { liveSuite } from '../../../test/stream-support.js';
import { DIALECTS, apiError, type TestApp } from '../../../test/support.js';

describe.each(DIALECTS)('a rehearsal (%s)', (dialect) => {
  const live = liveSuite(dialect, [{}, {}]);
  const { clock, detail } = live;
  let t: TestApp;
  let host: TestUser;
  let viewer: TestUser;
  beforeAll(() => {
    t = live.t;
    [host, viewer] = live.users;
  });

  const count = async (table: 'notifications' | 'orders' | 'stream_reminders') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function rehearse(fields: Record<string, string> = {}) {
    const productId = await insertProduct(t, host.id, { title: 'Seiko Presage', price: AED(900) });
    const lots = [{ productId, startingBid: AED(100), seconds: 30 }];
    return call(t, 'POST', '/api/streams', {
      user: host,
      form: productForm(
        {
          title: 'Practice run',
          durationMinutes: '30',
          lots: JSON.stringify(lots),
          rehearsalPace: 'frenzy',
          ...fields,
        },
        [],
      ),
    });
  }

  it('is the host’s alone: nobody else finds it, and its product stays in the shop', async () => {
    const res = await rehearse();
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    expect((await detail(id, host)).rehearsalPace).toBe('frenzy');
    expect((await call(t, 'GET', `/api/streams/${id}`, { user: viewer })).json()).toEqual(
      apiError('NOT_FOUND', MSG.streamNotFound),
    );
    expect((await call(t, 'GET', `/api/streams/${id}`, { user: null })).statusCode).toBe(404);
    const list = (await call(t, 'GET', '/api/streams', { user: viewer })).json() as Page<StreamCard>;
    expect(list.items.map((s) => s.id)).not.toContain(id);
    const product = await t.database.db
      .selectFrom('products')
      .select(['is_auction', 'related_auction'])
      .where('title', '=', 'Seiko Presage')
      .executeTakeFirstOrThrow();
    expect(product).toEqual({ is_auction: 0, related_auction: null });
  });

  it('refuses a scheduled rehearsal or an unknown pace, starting nothing', async () => {
    const later = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = await rehearse({ scheduledFor: later });
    expect(scheduled.statusCode).toBe(400);
    expect((scheduled.json() as { error: { fields: Record<string, string> } }).error.fields.scheduledFor).toBe(
      MSG.rehearsalNotScheduled,
    );
    const pace = await rehearse({ rehearsalPace: 'wild' });
    expect((pace.json() as { error: { fields: Record<string, string> } }).error.fields.rehearsalPace).toBe(
      MSG.rehearsalPaceInvalid,
    );
  });

  it('has simulated bidders bid on the running lot, and leaves no order, bell or figure behind', async () => {
    const [notificationsBefore, ordersBefore] = [await count('notifications'), await count('orders')];
    const { id } = (await rehearse()).json() as { id: string };
    const [lot] = (await detail(id, host)).lots;
    expect((await call(t, 'POST', `/api/streams/${id}/lots/${lot!.id}/start`, { user: host })).statusCode).toBe(200);
    const bidders = t.services.streams.rehearsalBidders;
    for (let i = 0; i < 5; i++) expect(await bidders.bidOn(lot!.id)).toBe(true);
    const running = (await detail(id, host)).lot!;
    expect(running).toMatchObject({ status: 'running', bidCount: 5 });
    expect(running.leader?.username).toMatch(/^rehearsal_bidder_\d$/);
    // The job bids at the pace by itself too.
    clock.advance(1_500);
    await t.jobs.runNow('streams.rehearsal-bidders');
    clock.advance(1_500);
    await t.jobs.runNow('streams.rehearsal-bidders');
    expect((await detail(id, host)).lot!.bidCount).toBeGreaterThan(5);

    clock.advance(31_000);
    await t.jobs.runNow('auctions.close-due');
    const sold = (await detail(id, host)).lots[0]!;
    expect(sold.status).toBe('sold');
    expect([await count('notifications'), await count('orders')]).toEqual([notificationsBefore, ordersBefore]);
    for (const figure of ['auctions', 'shows']) {
      const res = await call(t, 'GET', `/api/me/dashboard/${figure}`, { user: host });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(sold.id);
      expect(res.body).not.toContain(id);
    }
    // Nobody can sign in as a simulated bidder: no password, no Google link, a reserved domain.
    const bots = await t.database.db
      .selectFrom('users')
      .select(['password_hash', 'google_sub', 'email'])
      .where('username', 'like', 'rehearsal_bidder_%')
      .execute();
    expect(bots.length).toBeGreaterThan(0);
    for (const bot of bots)
      expect(bot).toMatchObject({
        password_hash: null,
        google_sub: null,
        email: expect.stringMatching(/@rehearsal\.souq\.invalid$/),
      });
  });
});
