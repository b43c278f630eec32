import { beforeAll, describe, expect, it } from 'vitest';
import { bidIncrement, type Lot, type Page, type StreamCard } from '@souq/shared';
import { AED, auctionRow } from '../../../test/auction-support.js';
import { call, createUser, insertProduct, productForm, type TestUser } from '../../../test/catalog-support.js';
import { nextMessage } from '../../../test/realtime-support.js';
import { liveSuite } from '../../../test/stream-support.js';
import { DIALECTS, apiError, startSiblingApp, type TestApp } from '../../../test/support.js';

const HOUR = 3_600_000;

describe.each(DIALECTS)('a show’s run sheet (%s)', (dialect) => {
  const live = liveSuite(dialect, [{}, {}, {}, {}]);
  const { clock, detail, open, join, chat } = live;
  let t: TestApp;
  let host: TestUser;
  let viewer: TestUser;
  let other: TestUser;
  let third: TestUser;
  beforeAll(() => {
    t = live.t;
    [host, viewer, other, third] = live.users;
  });

  /** A show with `count` lots of the host's (AED 100 each, unless said), live now or at `scheduledFor`. */
  async function show(
    count: number,
    fields: Record<string, string> = {},
    terms: Partial<{ startingBid: number; seconds: number; closingStyle: 'soft' | 'sudden' }> = {},
  ) {
    const productIds = [];
    for (let i = 0; i < count; i++) productIds.push(await insertProduct(t, host.id, { title: `Lot ${i + 1}` }));
    const lots = productIds.map((productId) => ({ productId, startingBid: AED(100), ...terms }));
    const res = await call(t, 'POST', '/api/streams', {
      user: host,
      form: productForm({ title: 'Friday show', durationMinutes: '60', lots: JSON.stringify(lots), ...fields }, []),
    });
    if (res.statusCode !== 201) throw new Error(`start answered ${res.statusCode}: ${res.body}`);
    const id = (res.json() as { id: string }).id;
    const lotIds = (await detail(id, host)).lots.map((l) => l.id);
    return { id, lotIds, productIds };
  }
  const lotsUrl = (id: string, lotId?: string, tail = '') =>
    `/api/streams/${id}/lots${lotId ? `/${lotId}` : ''}${tail}`;
  const startLot = (id: string, lotId: string, user: TestUser | null = host) =>
    call(t, 'POST', lotsUrl(id, lotId, '/start'), { user });
  const prebid = (id: string, lotId: string, user: TestUser | null, maxAmount: number) =>
    call(t, 'PUT', lotsUrl(id, lotId, '/prebid'), { user, json: { maxAmount } });
  const product = (id: string) =>
    t.database.db
      .selectFrom('products')
      .select(['is_auction', 'related_auction'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const closeDue = () => t.jobs.runNow('auctions.close-due');

  it('builds a run sheet: lots wait off the shop, in order; only the host edits, drops, reorders and runs them', async () => {
    const { id, lotIds, productIds } = await show(3);
    const d = await detail(id, host);
    expect(d.lots.map((l) => [l.status, l.position, l.product.title, l.endsAt])).toEqual([
      ['waiting', 0, 'Lot 1', null],
      ['waiting', 1, 'Lot 2', null],
      ['waiting', 2, 'Lot 3', null],
    ]);
    expect(d).toMatchObject({ status: 'live', auctionId: lotIds[0], lot: null, canModerate: true, myPrebids: {} });
    expect((await auctionRow(t, lotIds[0]!)).status).toBe('pending');
    expect(await product(productIds[0]!)).toEqual({ is_auction: 1, related_auction: lotIds[0] });
    const list = (await call(t, 'GET', '/api/auctions?limit=60')).json() as Page<{ id: string }>;
    expect(list.items.map((a) => a.id)).not.toContain(lotIds[0]);

    // Adding: visitors and other people are turned away; the host's lot goes at the end.
    const extra = await insertProduct(t, host.id, { title: 'Lot 4' });
    const body = { productId: extra, startingBid: AED(50), seconds: 20 };
    expect((await call(t, 'POST', lotsUrl(id), { json: body })).statusCode).toBe(401);
    expect((await call(t, 'POST', lotsUrl(id), { user: other, json: body })).json()).toEqual(
      apiError('FORBIDDEN', 'Only the host can do this.'),
    );
    const added = await call(t, 'POST', lotsUrl(id), { user: host, json: body });
    expect(added.statusCode, added.body).toBe(201);
    const lot4 = added.json() as Lot;
    expect(lot4).toMatchObject({
      status: 'waiting',
      position: 3,
      startingBid: AED(50),
      seconds: 20,
      closingStyle: 'sudden',
    });
    // The same product twice: refused, nothing written.
    expect((await call(t, 'POST', lotsUrl(id), { user: host, json: body })).statusCode).toBe(409);

    // Editing.
    const terms = { startingBid: AED(70), seconds: 45, closingStyle: 'soft' };
    expect((await call(t, 'PUT', lotsUrl(id, lot4.id), { user: other, json: terms })).statusCode).toBe(403);
    expect(
      (await call(t, 'PUT', lotsUrl(id, lot4.id), { user: host, json: { ...terms, seconds: 5 } })).statusCode,
    ).toBe(400);
    expect((await call(t, 'PUT', lotsUrl(id, lot4.id), { user: host, json: terms })).json()).toMatchObject({
      startingBid: AED(70),
      seconds: 45,
      closingStyle: 'soft',
      minimumBid: AED(70),
    });

    // Reordering names exactly the waiting and passed lots.
    const reorder = (lotIdsNamed: string[], user = host) =>
      call(t, 'PUT', lotsUrl(id), { user, json: { lotIds: lotIdsNamed } });
    expect((await reorder([lot4.id, lotIds[0]!], host)).json()).toEqual(
      apiError('CONFLICT', 'The run sheet changed meanwhile. Please reload and try again.'),
    );
    expect((await reorder([lot4.id, lotIds[0]!, lotIds[1]!, lotIds[2]!], other)).statusCode).toBe(403);
    const reordered = await reorder([lot4.id, lotIds[2]!, lotIds[0]!, lotIds[1]!]);
    expect((reordered.json() as { lots: Lot[] }).lots.map((l) => l.product.title)).toEqual([
      'Lot 4',
      'Lot 3',
      'Lot 1',
      'Lot 2',
    ]);

    expect((await detail(id)).auctionId).toBe(lot4.id);

    // Dropping: the product is back in the shop, and the lot on screen is the next one.
    expect((await call(t, 'DELETE', lotsUrl(id, lot4.id), { user: other })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', lotsUrl(id, lot4.id), { user: host })).statusCode).toBe(200);
    expect(await product(extra)).toEqual({ is_auction: 0, related_auction: null });
    expect((await auctionRow(t, lot4.id)).status).toBe('cancelled');
    expect((await call(t, 'DELETE', lotsUrl(id, lot4.id), { user: host })).statusCode).toBe(404);
    expect((await detail(id)).auctionId).toBe(lotIds[2]);

    // Running: one lot at a time; a running lot cannot be changed or dropped.
    expect((await startLot(id, lotIds[1]!, other)).statusCode).toBe(403);
    expect((await startLot(id, lotIds[1]!, null)).statusCode).toBe(401);
    const started = await startLot(id, lotIds[1]!);
    expect(started.json()).toMatchObject({ id: lotIds[1], status: 'running' });
    const running = started.json() as Lot;
    expect(Date.parse(running.endsAt!) - clock.now().getTime()).toBe(30_000);
    expect((await startLot(id, lotIds[2]!)).json()).toEqual(
      apiError('CONFLICT', 'Another lot is running. Wait for it to close.'),
    );
    expect((await call(t, 'PUT', lotsUrl(id, lotIds[1]), { user: host, json: terms })).json()).toEqual(
      apiError('CONFLICT', 'A lot that is running or sold cannot be changed.'),
    );
    expect((await call(t, 'DELETE', lotsUrl(id, lotIds[1]), { user: host })).statusCode).toBe(409);
    expect(await detail(id)).toMatchObject({ auctionId: lotIds[1], lot: { id: lotIds[1], status: 'running' } });
    // A lot of another show is not this show's.
    const elsewhere = await show(1, { scheduledFor: new Date(clock.now().getTime() + HOUR).toISOString() });
    expect((await startLot(id, elsewhere.lotIds[0]!)).statusCode).toBe(404);
  });

  it('schedules a show: refuses past and far times, lists it as upcoming, runs no lot before it goes live', async () => {
    const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
    const productId = await insertProduct(t, host.id);
    const lots = JSON.stringify([{ productId, startingBid: AED(100) }]);
    const start = (scheduledFor: string) =>
      call(t, 'POST', '/api/streams', { user: host, form: productForm({ title: 'Later', lots, scheduledFor }, []) });
    expect((await start(at(-1000))).json()).toEqual(
      apiError('VALIDATION_FAILED', 'Choose a start time in the future.', {
        scheduledFor: 'Choose a start time in the future.',
      }),
    );
    expect((await start(at(61 * 24 * HOUR))).json()).toMatchObject({
      error: { message: 'A show can be scheduled at most 60 days ahead.' },
    });
    expect(await product(productId)).toEqual({ is_auction: 0, related_auction: null });

    const { id, lotIds } = await show(2, { scheduledFor: at(2 * HOUR) });
    const d = await detail(id, host);
    expect(d).toMatchObject({ status: 'scheduled', scheduledFor: at(2 * HOUR), startedAt: at(2 * HOUR) });
    const upcoming = (await call(t, 'GET', '/api/streams/upcoming')).json() as { items: StreamCard[] };
    expect(upcoming.items.map((s) => s.id)).toContain(id);
    const live = (await call(t, 'GET', '/api/streams')).json() as Page<StreamCard>;
    expect(live.items.map((s) => s.id)).not.toContain(id);
    expect((await startLot(id, lotIds[0]!)).json()).toEqual(apiError('CONFLICT', 'This show has not started yet.'));
    // The run sheet can be prepared, and viewers pre-bid.
    expect((await prebid(id, lotIds[0]!, viewer, AED(150))).json()).toEqual({ maxAmount: AED(150) });
    expect((await detail(id, viewer)).myPrebids).toEqual({ [lotIds[0]!]: AED(150) });

    expect((await call(t, 'POST', `/api/streams/${id}/live`, { user: other })).statusCode).toBe(403);
    clock.advance(HOUR);
    expect((await call(t, 'POST', `/api/streams/${id}/live`, { user: host })).statusCode).toBe(200);
    const now = clock.iso();
    const after = await detail(id, host);
    expect(after).toMatchObject({ status: 'live', startedAt: now });
    expect(Date.parse(after.endsAt) - Date.parse(now)).toBe(60 * 60_000);
    expect(after.lots.every((l) => l.status === 'waiting')).toBe(true);
    expect((await call(t, 'POST', `/api/streams/${id}/live`, { user: host })).json()).toEqual(
      apiError('CONFLICT', 'This show is not waiting to start.'),
    );
    expect(
      ((await call(t, 'GET', '/api/streams/upcoming')).json() as { items: StreamCard[] }).items.map((s) => s.id),
    ).not.toContain(id);
    expect((await startLot(id, lotIds[0]!)).json()).toMatchObject({
      status: 'running',
      bidCount: 1,
      currentBid: AED(100),
    });
  });

  it('a scheduled show the host calls off ends, its lots back in the shop', async () => {
    const { id, lotIds, productIds } = await show(2, {
      scheduledFor: new Date(clock.now().getTime() + HOUR).toISOString(),
    });
    expect((await call(t, 'POST', `/api/streams/${id}/end`, { user: other })).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/streams/${id}/end`, { user: host })).statusCode).toBe(200);
    expect((await detail(id)).status).toBe('ended');
    for (const [i, lotId] of lotIds.entries()) {
      expect((await auctionRow(t, lotId)).status).toBe('cancelled');
      expect(await product(productIds[i]!)).toEqual({ is_auction: 0, related_auction: null });
    }
    expect((await call(t, 'POST', `/api/streams/${id}/live`, { user: host })).statusCode).toBe(409);
  });

  it('a scheduled one-product show runs its lot as it goes live', async () => {
    const productId = await insertProduct(t, host.id);
    const res = await call(t, 'POST', '/api/streams', {
      user: host,
      form: productForm(
        {
          title: 'One thing',
          durationMinutes: '5',
          productId,
          startingBid: String(AED(100)),
          scheduledFor: new Date(clock.now().getTime() + HOUR).toISOString(),
        },
        [],
      ),
    });
    const { id } = res.json() as { id: string };
    expect((await detail(id)).lots.map((l) => l.status)).toEqual(['waiting']);
    expect((await call(t, 'POST', `/api/streams/${id}/live`, { user: host })).statusCode).toBe(200);
    const d = await detail(id);
    expect(d.lots.map((l) => l.status)).toEqual(['running']);
    expect(d.lot!.endsAt).toBe(d.endsAt);
  });

  it('pre-bids: the host and low ones refused; at the start the earlier maximum wins a tie, the price one step over the runner-up', async () => {
    const { id, lotIds } = await show(2);
    expect((await prebid(id, lotIds[0]!, host, AED(300))).json()).toEqual(
      apiError('FORBIDDEN', 'You cannot bid in your own show.'),
    );
    expect((await prebid(id, lotIds[0]!, viewer, AED(99))).json()).toEqual(
      apiError('VALIDATION_FAILED', 'Bid amount must be higher than current bid. Bid at least AED 100.00.', {
        maxAmount: 'Bid amount must be higher than current bid. Bid at least AED 100.00.',
      }),
    );
    expect((await prebid(id, lotIds[0]!, null, AED(300))).statusCode).toBe(401);
    // Lot 1: a tie; the earlier maximum wins at that maximum.
    await prebid(id, lotIds[0]!, viewer, AED(200));
    clock.advance(1000);
    await prebid(id, lotIds[0]!, other, AED(300));
    clock.advance(1000);
    await prebid(id, lotIds[0]!, viewer, AED(300)); // a change keeps its place in the order
    // Lot 2: the runner-up's maximum plus one step.
    await prebid(id, lotIds[1]!, third, AED(500));
    clock.advance(1000);
    await prebid(id, lotIds[1]!, other, AED(250));

    expect((await startLot(id, lotIds[0]!)).json()).toMatchObject({
      status: 'running',
      currentBid: AED(300),
      leader: { id: viewer.id },
    });
    expect((await prebid(id, lotIds[0]!, third, AED(900))).json()).toEqual(
      apiError('CONFLICT', 'Bidding has opened: bid on the lot now.'),
    );
    clock.advance(31_000);
    await closeDue();
    expect((await startLot(id, lotIds[1]!)).json()).toMatchObject({
      currentBid: AED(250) + bidIncrement(AED(250)),
      leader: { id: third.id },
    });
  });

  it('a bid on a lot still waiting is told that bidding opens when the host starts it, by chat and by the bid route', async () => {
    const { id, lotIds } = await show(2);
    const socket = await open(viewer);
    await join(socket, id);
    expect(await chat(socket, id, '150')).toEqual({
      ok: false,
      code: 'CONFLICT',
      message: 'Bidding opens when the host starts this lot.',
    });
    const res = await call(t, 'POST', `/api/auctions/${lotIds[1]}/bids`, { user: viewer, json: { amount: AED(150) } });
    expect(res.json()).toEqual(apiError('CONFLICT', 'Bidding opens when the host starts this lot.'));
    expect((await auctionRow(t, lotIds[1]!)).bid_count).toBe(0);
  });

  it('a chat bid racing the pre-bids’ placement is one more bid: prices rise, the highest maximum leads', async () => {
    const { id, lotIds } = await show(1);
    const crowd = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    for (const [i, u] of crowd.entries()) await prebid(id, lotIds[0]!, u, AED(200 + 50 * i));
    const socket = await open(viewer);
    await join(socket, id);
    const running = (async () => {
      for (let i = 0; i < 200 && (await auctionRow(t, lotIds[0]!)).status !== 'open'; i++)
        await new Promise((resolve) => setTimeout(resolve, 2));
      return chat(socket, id, '400');
    })();
    const [started, ack] = await Promise.all([startLot(id, lotIds[0]!), running]);
    expect(started.statusCode).toBe(200);
    expect(ack).toMatchObject({ ok: true, bid: { leading: true } });
    const row = await auctionRow(t, lotIds[0]!);
    expect(row).toMatchObject({ leader_id: viewer.id, current_bid: AED(400) });
    const bids = await t.database.db
      .selectFrom('bids')
      .selectAll()
      .where('auction_id', '=', lotIds[0]!)
      .orderBy('seq')
      .execute();
    for (let i = 1; i < bids.length; i++) expect(bids[i]!.amount).toBeGreaterThan(bids[i - 1]!.amount);
  });

  it('soft close on a lot is 10 s', async () => {
    const { id, lotIds } = await show(1, {}, { closingStyle: 'soft', seconds: 30 });
    const lot = (await startLot(id, lotIds[0]!)).json() as Lot;
    const socket = await open(viewer);
    await join(socket, id);
    clock.set(Date.parse(lot.endsAt!) - 4000);
    const banner = nextMessage(socket, 'stream:update', (m) => m.stream.bidCount === 1);
    expect(await chat(socket, id, '100')).toMatchObject({ ok: true });
    const extended = new Date(clock.now().getTime() + 10_000).toISOString();
    expect((await auctionRow(t, lotIds[0]!)).ends_at).toBe(extended);
    expect((await banner).stream).toMatchObject({
      status: 'live',
      endsAt: (await detail(id)).endsAt,
      lot: { id: lotIds[0], status: 'running', endsAt: extended, currentBid: AED(100), position: 0 },
    });
  });

  it('a lot nobody bid on passes, with a line in the chat, and runs again', async () => {
    const { id, lotIds } = await show(1);
    const socket = await open(other);
    await join(socket, id);
    const first = (await startLot(id, lotIds[0]!)).json() as Lot;
    const passedLine = nextMessage(socket, 'stream:message', (m) => m.message.kind === 'passed');
    const sheet = nextMessage(socket, 'show:lots', (m) => m.lots[0]!.status === 'passed');
    clock.set(Date.parse(first.endsAt!));
    await closeDue();
    expect((await passedLine).message).toMatchObject({ user: { id: host.id }, lotTitle: 'Lot 1', amount: null });
    await sheet;
    expect((await detail(id)).lot).toMatchObject({ status: 'passed' });
    expect(
      (await call(t, 'PUT', lotsUrl(id, lotIds[0]), { user: host, json: { startingBid: AED(80), seconds: 20 } }))
        .statusCode,
    ).toBe(200);
    // The host page is still open (its heartbeat), so the show is not abandoned meanwhile.
    await t.streams.heartbeat(host.id, id);
    clock.advance(5000);
    const again = (await startLot(id, lotIds[0]!)).json() as Lot;
    expect(again).toMatchObject({ status: 'running', startingBid: AED(80), seconds: 20 });
    expect(again.seq).toBeGreaterThan(first.seq);
    expect(Date.parse(again.endsAt!)).toBe(clock.now().getTime() + 20_000);
    expect(await chat(socket, id, '80')).toMatchObject({ ok: true, bid: { leading: true } });
  });

  it('a lot closes exactly once when several instances run the close job: one hammer line, one order', async () => {
    const siblings = await Promise.all([startSiblingApp(t, {}, { clock }), startSiblingApp(t, {}, { clock })]);
    try {
      const { id, lotIds } = await show(1);
      const lot = (await startLot(id, lotIds[0]!)).json() as Lot;
      const socket = await open(viewer);
      await join(socket, id);
      await chat(socket, id, '150');
      clock.set(Date.parse(lot.endsAt!));
      const closers = [() => closeDue(), ...siblings.map((s) => () => s.jobs.runNow('auctions.close-due'))];
      // SQLite instances in one test process would wait on each other's write lock synchronously
      // (busy_timeout blocks the event loop the holder needs): there they run one after another.
      if (dialect === 'postgres') await Promise.all(closers.map((close) => close()));
      else for (const close of closers) await close();
      // Whichever instance closed it wrote the line (without Redis, only its own sockets heard it).
      expect((await detail(id)).recentMessages.at(-1)).toMatchObject({
        kind: 'sold',
        text: `Sold to ${viewer.username} for AED 150.00`,
        amount: AED(150),
        user: { id: viewer.id },
        lotTitle: 'Lot 1',
      });
      const lines = await t.database.db
        .selectFrom('stream_messages')
        .select('kind')
        .where('stream_id', '=', id)
        .where('kind', 'in', ['sold', 'passed'])
        .execute();
      expect(lines).toHaveLength(1);
      const orders = await t.database.db
        .selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        .select(['orders.stream_id'])
        .where('order_lines.auction_id', '=', lotIds[0]!)
        .execute();
      expect(orders).toEqual([{ stream_id: id }]);
      expect((await detail(id)).lot).toMatchObject({ status: 'sold', winner: { id: viewer.id } });
      expect((await startLot(id, lotIds[0]!)).json()).toEqual(apiError('CONFLICT', 'This lot has already sold.'));
      expect((await call(t, 'DELETE', lotsUrl(id, lotIds[0]), { user: host })).statusCode).toBe(409);
    } finally {
      await Promise.all(siblings.map((s) => s.close()));
    }
  });

  it('the show’s end closes the running lot (highest bid wins) and puts the waiting lots back in the shop', async () => {
    const { id, lotIds, productIds } = await show(3);
    await startLot(id, lotIds[1]!);
    const socket = await open(viewer);
    await join(socket, id);
    await chat(socket, id, '120');
    expect((await call(t, 'POST', `/api/streams/${id}/end`, { user: host })).statusCode).toBe(200);
    expect((await auctionRow(t, lotIds[1]!)).status).toBe('sold');
    for (const i of [0, 2]) {
      expect((await auctionRow(t, lotIds[i]!)).status).toBe('cancelled');
      expect(await product(productIds[i]!)).toEqual({ is_auction: 0, related_auction: null });
    }
    const d = await detail(id, viewer);
    expect(d).toMatchObject({ status: 'ended', winner: { id: viewer.id }, lots: [{ id: lotIds[1], status: 'sold' }] });
    expect(d.recentMessages.at(-1)).toMatchObject({ kind: 'sold', amount: AED(120) });
    expect(
      (await call(t, 'POST', lotsUrl(id), { user: host, json: { productId: productIds[0], startingBid: 100 } })).json(),
    ).toEqual(apiError('CONFLICT', 'This stream has ended.'));
  });
});
