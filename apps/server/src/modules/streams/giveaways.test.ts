import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, vatFor, type GiveawayCard, type GiveawayDraw, type Order, type PinCard } from '@souq/shared';
import { makeStaff } from '../../../test/aftersale-support.js';
import { call, createCrowd, createUser, insertProduct, type TestUser } from '../../../test/catalog-support.js';
import { insertShow } from '../../../test/show-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';
import type { Giveaways } from './giveaways.js';

const START = '2026-11-02T08:00:00.000Z';
const ENDED = apiError('CONFLICT', MSG.giveawayEnded);

describe.each(DIALECTS)('Giveaways in a show (%s)', (dialect) => {
  let t: TestApp;
  let giveaways: Giveaways;
  let host: TestUser;
  let viewers: TestUser[];
  const clock = createFakeClock(START);

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    giveaways = t.services.streams.giveaways;
    host = await createUser(t);
    viewers = await Promise.all([1, 2, 3, 4].map(() => createUser(t)));
  });
  afterAll(() => t.close());

  const start = (streamId: string, body: Record<string, unknown>, user: TestUser = host) =>
    call(t, 'POST', `/api/streams/${streamId}/giveaways`, { user, json: body });
  const enter = (streamId: string, id: string, user: TestUser) =>
    call(t, 'POST', `/api/streams/${streamId}/giveaways/${id}/entries`, { user });
  const terms = async (extra: Record<string, unknown> = {}) => ({
    productId: await insertProduct(t, host.id, { title: 'Oud sampler', price: 25_000 }),
    eligibility: 'everyone',
    seconds: 60,
    acceptTerms: true,
    ...extra,
  });
  const running = async (streamId: string, extra: Record<string, unknown> = {}) => {
    const res = await start(streamId, await terms(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as GiveawayCard;
  };
  const rows = async (streamId: string) =>
    t.database.db.selectFrom('stream_giveaways').selectAll().where('stream_id', '=', streamId).execute();
  const entries = async (id: string) =>
    t.database.db.selectFrom('giveaway_entries').selectAll().where('giveaway_id', '=', id).execute();
  const ordersOf = async (user: TestUser) => (await call(t, 'GET', '/api/orders', { user })).json() as Order[];

  it('refuses bad giveaways with a 4xx and starts nothing', async () => {
    const { streamId } = await insertShow(t, host.id);
    const bad: Array<[Record<string, unknown>, string, string]> = [
      [{ seconds: 14 }, 'seconds', MSG.giveawaySecondsRange],
      [{ seconds: 601 }, 'seconds', MSG.giveawaySecondsRange],
      [{ seconds: 30.5 }, 'seconds', MSG.giveawaySecondsRange],
      [{ seconds: -60 }, 'seconds', MSG.giveawaySecondsRange],
      [{ eligibility: 'friends' }, 'eligibility', MSG.giveawayEligibilityInvalid],
      [{ deliveryFee: -100 }, 'deliveryFee', MSG.giveawayFeeInvalid],
      [{ deliveryFee: 10_001 }, 'deliveryFee', MSG.giveawayFeeInvalid],
      [{ deliveryFee: 15.5 }, 'deliveryFee', MSG.giveawayFeeInvalid],
      [{ acceptTerms: false }, 'acceptTerms', MSG.giveawayTermsRequired],
      [{ acceptTerms: undefined }, 'acceptTerms', MSG.giveawayTermsRequired],
    ];
    for (const [extra, field, message] of bad) {
      const res = await start(streamId, await terms(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect((res.json() as { error: { fields: Record<string, string> } }).error.fields[field]).toBe(message);
    }
    const theirs = await insertProduct(t, viewers[0]!.id);
    expect((await start(streamId, await terms({ productId: theirs }))).statusCode).toBe(403);
    expect((await start(streamId, await terms(), viewers[0])).json()).toEqual(apiError('FORBIDDEN', MSG.notStreamHost));
    const scheduled = await insertShow(t, host.id, 'scheduled');
    expect((await start(scheduled.streamId, await terms())).json()).toEqual(
      apiError('CONFLICT', MSG.giveawayNeedsLive),
    );
    expect(await rows(streamId)).toEqual([]);
    // Arabic-Indic digits are read as the host typed them.
    const ok = await start(streamId, await terms({ seconds: '٩٠', deliveryFee: '١٥٠٠' }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ status: 'open', deliveryFee: 1_500, endsAt: clock.iso(90_000), entries: 0 });
    expect((await start(streamId, await terms())).json()).toEqual(apiError('CONFLICT', MSG.giveawayRunning));
  });

  it('takes one entry each from three viewers, draws one winner at the end, whose show order gets the prize at AED 0', async () => {
    const { streamId } = await insertShow(t, host.id);
    const card = await running(streamId, { seconds: 30 });
    const [a, b, c] = viewers;
    for (const v of [a!, b!, c!]) expect((await enter(streamId, card.id, v)).statusCode).toBe(201);
    expect((await enter(streamId, card.id, a!)).json()).toEqual(apiError('CONFLICT', MSG.giveawayEnteredAlready));
    expect((await enter(streamId, card.id, host)).json()).toEqual(apiError('FORBIDDEN', MSG.giveawayHostCannotEnter));
    const detail = (await call(t, 'GET', `/api/streams/${streamId}`, { user: a })).json() as {
      giveaway: GiveawayCard;
      giveawayEntered: boolean;
    };
    expect(detail).toMatchObject({ giveaway: { id: card.id, status: 'open' }, giveawayEntered: true });

    clock.advance(30_000);
    expect((await enter(streamId, card.id, viewers[3]!)).json()).toEqual(ENDED);
    await giveaways.drawDue();
    const [row] = await rows(streamId);
    expect(row).toMatchObject({ status: 'drawn', entry_count: 3 });
    const winner = [a!, b!, c!].find((v) => v.id === row!.winner_id)!;
    expect(winner).toBeDefined();
    const won = (await ordersOf(winner)).find((o) => o.id === row!.order_id)!;
    expect(won).toMatchObject({ status: 'awaiting_address', subtotal: 0, vat: 0, total: 0 });
    expect(won.lines.map((l) => [l.title, l.unitPrice])).toEqual([['Oud sampler', 0]]);
    for (const loser of [a!, b!, c!].filter((v) => v !== winner))
      expect(await t.orders.showOrderOf(loser.id, streamId)).toBeUndefined();
    const bell = (await call(t, 'GET', '/api/notifications', { user: winner })).json() as {
      items: Array<{ kind: string; title: string }>;
    };
    expect(bell.items[0]).toMatchObject({ kind: 'giveaway_won', title: 'You won the giveaway: Oud sampler' });

    // Staff replay the draw from what was stored; nobody else may.
    const staff = await createUser(t);
    await makeStaff(t, staff.id);
    expect((await call(t, 'GET', `/api/admin/giveaways/${card.id}`, { user: a })).statusCode).toBe(403);
    const replay = (await call(t, 'GET', `/api/admin/giveaways/${card.id}`, { user: staff })).json() as GiveawayDraw;
    expect(replay).toMatchObject({ matches: true, winnerId: winner.id, replayedWinnerId: winner.id });
    expect(replay.entries).toEqual([a!.id, b!.id, c!.id].sort());
    // Drawing again changes nothing.
    await giveaways.drawDue();
    expect((await rows(streamId))[0]).toMatchObject({ winner_id: winner.id, order_id: row!.order_id });
  });

  it('charges the host’s delivery terms as a line of its own', async () => {
    const { streamId } = await insertShow(t, host.id);
    const card = await running(streamId, { seconds: 15, deliveryFee: 2_000 });
    expect((await enter(streamId, card.id, viewers[3]!)).statusCode).toBe(201);
    clock.advance(15_000);
    await giveaways.drawDue();
    const [row] = await rows(streamId);
    const won = (await ordersOf(viewers[3]!)).find((o) => o.id === row!.order_id)!;
    expect(won.lines.map((l) => [l.title, l.unitPrice])).toEqual([
      ['Oud sampler', 0],
      ['Giveaway delivery: Oud sampler', 2_000],
    ]);
    expect(won).toMatchObject({ subtotal: 2_000, vat: vatFor(2_000) });
  });

  it('lets only followers or this show’s buyers in when the host says so', async () => {
    const { streamId } = await insertShow(t, host.id);
    const fan = await createUser(t);
    const followers = await running(streamId, { eligibility: 'followers', seconds: 15 });
    expect((await enter(streamId, followers.id, fan)).json()).toEqual(apiError('FORBIDDEN', MSG.giveawayFollowersOnly));
    expect((await call(t, 'PUT', `/api/users/${host.id}/follow`, { user: fan })).statusCode).toBeLessThan(300);
    expect((await enter(streamId, followers.id, fan)).statusCode).toBe(201);
    clock.advance(15_000);
    await giveaways.drawDue();

    const buyers = await running(streamId, { eligibility: 'buyers', seconds: 15 });
    const shopper = await createUser(t);
    expect((await enter(streamId, buyers.id, shopper)).json()).toEqual(apiError('FORBIDDEN', MSG.giveawayBuyersOnly));
    const productId = await insertProduct(t, host.id, { title: 'Dates', price: 3_000 });
    const pin = (
      await call(t, 'POST', `/api/streams/${streamId}/pins`, { user: host, json: { productId, price: 3_000 } })
    ).json() as PinCard;
    expect((await call(t, 'POST', `/api/streams/${streamId}/pins/${pin.id}/buy`, { user: shopper })).statusCode).toBe(
      201,
    );
    expect((await enter(streamId, buyers.id, shopper)).statusCode).toBe(201);
    clock.advance(15_000);
    await giveaways.drawDue();
  });

  it('draws no winner and makes no order when nobody entered', async () => {
    const { streamId } = await insertShow(t, host.id);
    const card = await running(streamId, { seconds: 15 });
    clock.advance(15_000);
    await giveaways.drawDue();
    expect((await rows(streamId))[0]).toMatchObject({
      status: 'no_entries',
      winner_id: null,
      order_id: null,
      entry_count: 0,
    });
    expect((await call(t, 'GET', `/api/streams/${streamId}`, { user: viewers[0] })).json()).toMatchObject({
      giveaway: { id: card.id, status: 'no_entries', winner: null },
    });
  });

  it('takes no entry after the end, however entries race the draw', async () => {
    const { streamId } = await insertShow(t, host.id);
    const card = await running(streamId, { seconds: 15 });
    const crowd = await createCrowd(t, 30);
    clock.advance(14_990);
    const early = crowd.slice(0, 15).map((u) => enter(streamId, card.id, u));
    // The clock reaches the end while those are in flight; the draw and later entries race them.
    const racing = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      clock.advance(10);
      return Promise.all([giveaways.drawDue(), ...crowd.slice(15).map((u) => enter(streamId, card.id, u))]);
    })();
    const [firsts, rest] = await Promise.all([Promise.all(early), racing]);
    const late = rest.slice(1) as Awaited<ReturnType<typeof enter>>[];
    for (const res of [...firsts, ...late]) expect([201, 409]).toContain(res.statusCode);
    for (const res of late) expect(res.json()).toEqual(ENDED);
    await giveaways.drawDue();
    const stored = await entries(card.id);
    const [row] = await rows(streamId);
    expect(stored.every((e) => e.created_at < row!.ends_at)).toBe(true);
    expect(row!.entry_count).toBe(stored.length);
    expect(stored.length).toBe(firsts.filter((r) => r.statusCode === 201).length);
    if (stored.length) expect(stored.map((e) => e.user_id)).toContain(row!.winner_id);
  });
});
