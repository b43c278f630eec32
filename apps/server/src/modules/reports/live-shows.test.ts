import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Page, type StreamCard } from '@souq/shared';
import { AED, auctionRow, bidOk } from '../../../test/auction-support.js';
import {
  call,
  createUser,
  insertProduct,
  productForm,
  productRow,
  type TestUser,
} from '../../../test/catalog-support.js';
import { readOutbox } from '../../../test/outbox.js';
import { nextMessage } from '../../../test/realtime-support.js';
import { liveSuite } from '../../../test/stream-support.js';
import { DIALECTS, type TestApp } from '../../../test/support.js';

const HOUR = 3_600_000;

/**
 * Staff actions that reach into a live show (issue 31, ADR 0039), heard over real sockets: a hidden
 * lot leaves its show, a suspended host's shows end, a removed chat line leaves every viewer's screen.
 */
describe.each(DIALECTS)('staff actions on live shows (%s)', (dialect) => {
  const live = liveSuite(dialect, [{}, {}, {}]);
  const { clock, detail, open, join, chat } = live;
  let t: TestApp;
  let staff: TestUser;
  let viewer: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = live.t;
    [staff, viewer, other] = live.users;
    await t.database.db.updateTable('users').set({ staff: 1 }).where('id', '=', staff.id).execute();
  });

  const reported = async (by: TestUser, targetKind: string, targetId: string) => {
    const res = await call(t, 'POST', '/api/reports', {
      user: by,
      json: { targetKind, targetId, reason: 'counterfeit' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const act = (reportId: string, json: unknown) =>
    call(t, 'POST', `/api/admin/reports/${reportId}/action`, { user: staff, json });

  /** A host's show of `count` lots (AED 100 each), live now or at `scheduledFor`. */
  async function show(host: TestUser, count: number, fields: Record<string, string> = {}) {
    const productIds = [];
    for (let i = 0; i < count; i++) productIds.push(await insertProduct(t, host.id, { title: `Lot ${i + 1}` }));
    const lots = productIds.map((productId) => ({ productId, startingBid: AED(100) }));
    const res = await call(t, 'POST', '/api/streams', {
      user: host,
      form: productForm({ title: 'Friday show', durationMinutes: '60', lots: JSON.stringify(lots), ...fields }, []),
    });
    if (res.statusCode !== 201) throw new Error(`start answered ${res.statusCode}: ${res.body}`);
    const id = (res.json() as { id: string }).id;
    return { id, lotIds: (await detail(id, host)).lots.map((l) => l.id), productIds };
  }

  describe('hiding a show’s lot', () => {
    it('takes a running lot off the show (bidders told) and a waiting one off the run sheet; the room hears it, the products go back hidden', async () => {
      const host = await createUser(t);
      const { id, lotIds, productIds } = await show(host, 3);
      const socket = await open(viewer);
      await join(socket, id);
      const running = await call(t, 'POST', `/api/streams/${id}/lots/${lotIds[0]}/start`, { user: host });
      expect(running.statusCode, running.body).toBe(200);
      await bidOk(t, viewer, lotIds[0]!, { amount: AED(100) });

      // The running lot: cancelled, its bidder told, the next lot on screen, the room's run sheet without it.
      const sheet = nextMessage(socket, 'show:lots', (m) => !m.lots.some((l) => l.id === lotIds[0]));
      const screen = nextMessage(socket, 'stream:update', (m) => m.stream.lot === null);
      const hid = await act(await reported(other, 'auction', lotIds[0]!), { action: 'hide', reason: 'Counterfeit' });
      expect(hid.statusCode, hid.body).toBe(200);
      expect((await sheet).lots.map((l) => l.id)).toEqual([lotIds[1], lotIds[2]]);
      await screen;
      expect((await auctionRow(t, lotIds[0]!)).status).toBe('cancelled');
      const d = await detail(id, viewer);
      expect(d.lots.map((l) => l.id)).toEqual([lotIds[1], lotIds[2]]);
      expect(d.auctionId).toBe(lotIds[1]);
      const bell = await t.database.db
        .selectFrom('notifications')
        .select('kind')
        .where('user_id', '=', viewer.id)
        .where('subject', '=', lotIds[0]!)
        .execute();
      expect(bell).toEqual([{ kind: 'auction_cancelled' }]);
      await expect
        .poll(
          () =>
            readOutbox(t.config.dataDir).filter(
              (m) => m.to === viewer.email && m.subject.startsWith('Auction cancelled'),
            ).length,
        )
        .toBe(1);
      // The product is back with its owner, hidden with the reason: not in the shop, not a lot again.
      const product = (await productRow(t, productIds[0]!))!;
      expect(product).toMatchObject({ is_auction: 0, hidden_reason: 'Counterfeit' });
      expect(product.hidden_at).not.toBeNull();
      // A bid typed in the chat finds nothing open: the screen's lot is waiting.
      expect((await chat(socket, id, '500')).ok).toBe(false);

      // A waiting lot: dropped, as the host's Drop does.
      const dropped = nextMessage(socket, 'show:lots', (m) => !m.lots.some((l) => l.id === lotIds[2]));
      expect(
        (await act(await reported(other, 'auction', lotIds[2]!), { action: 'hide', reason: 'Fake' })).statusCode,
      ).toBe(200);
      expect((await dropped).lots.map((l) => l.id)).toEqual([lotIds[1]]);
      expect((await auctionRow(t, lotIds[2]!)).status).toBe('cancelled');
      expect((await productRow(t, productIds[2]!))!.hidden_at).not.toBeNull();
      // The host cannot run a hidden lot again: it is no lot of the show any more.
      const rerun = await call(t, 'POST', `/api/streams/${id}/lots/${lotIds[2]}/start`, { user: host });
      expect(rerun.statusCode).toBe(404);

      // Restoring shows the product to its owner's buyers again; the lot stays off the show.
      const restore = await call(t, 'POST', '/api/admin/restore', {
        user: staff,
        json: { targetKind: 'auction', targetId: lotIds[0], reason: 'Appeal accepted' },
      });
      expect(restore.statusCode, restore.body).toBe(200);
      expect((await auctionRow(t, lotIds[0]!)).status).toBe('cancelled');
      expect((await productRow(t, productIds[0]!))!.hidden_at).toBeNull();
      expect((await detail(id, viewer)).lots.map((l) => l.id)).toEqual([lotIds[1]]);
      // The product can go on sale again, as any product back on its owner's shelf.
      const relist = await call(t, 'POST', `/api/products/${productIds[0]}/auction`, {
        user: host,
        json: { startingBid: AED(100), duration: '1h' },
      });
      expect(relist.statusCode, relist.body).toBe(201);
    });

    it('takes a lot off its show when its product is the thing reported', async () => {
      const host = await createUser(t);
      const { id, lotIds, productIds } = await show(host, 2);
      const socket = await open(viewer);
      await join(socket, id);
      const sheet = nextMessage(socket, 'show:lots', (m) => !m.lots.some((l) => l.id === lotIds[0]));
      const hid = await act(await reported(other, 'product', productIds[0]!), { action: 'hide', reason: 'Fake' });
      expect(hid.statusCode, hid.body).toBe(200);
      expect((await sheet).lots.map((l) => l.id)).toEqual([lotIds[1]]);
      expect((await auctionRow(t, lotIds[0]!)).status).toBe('cancelled');
      expect(await productRow(t, productIds[0]!)).toMatchObject({ is_auction: 0, hidden_reason: 'Fake' });
      // The lot on screen was the hidden one: the next takes its place.
      expect((await detail(id, viewer)).auctionId).toBe(lotIds[1]);
    });

    it('races the lot’s close: it is sold or it is cancelled, never both', async () => {
      const host = await createUser(t);
      const { id, lotIds } = await show(host, 1);
      const started = (await call(t, 'POST', `/api/streams/${id}/lots/${lotIds[0]}/start`, { user: host })).json() as {
        endsAt: string;
      };
      await bidOk(t, viewer, lotIds[0]!, { amount: AED(100) });
      const reportId = await reported(other, 'auction', lotIds[0]!);
      clock.set(Date.parse(started.endsAt));
      const [hid] = await Promise.all([
        act(reportId, { action: 'hide', reason: 'Fake' }),
        t.jobs.runNow('auctions.close-due'),
      ]);
      expect(hid.statusCode, hid.body).toBe(200);
      const status = (await auctionRow(t, lotIds[0]!)).status;
      expect(['sold', 'cancelled']).toContain(status);
      const lines = await t.database.db
        .selectFrom('order_lines')
        .select('auction_id')
        .where('auction_id', '=', lotIds[0]!)
        .execute();
      expect(lines).toHaveLength(status === 'sold' ? 1 : 0);
    });

    it('leaves a sold lot where it is: the sale stands, only the listing is hidden', async () => {
      const host = await createUser(t);
      const { id, lotIds } = await show(host, 2);
      const started = (await call(t, 'POST', `/api/streams/${id}/lots/${lotIds[0]}/start`, { user: host })).json() as {
        endsAt: string;
      };
      await bidOk(t, viewer, lotIds[0]!, { amount: AED(100) });
      clock.set(Date.parse(started.endsAt));
      await t.jobs.runNow('auctions.close-due');
      expect((await auctionRow(t, lotIds[0]!)).status).toBe('sold');
      expect(
        (await act(await reported(other, 'auction', lotIds[0]!), { action: 'hide', reason: 'x' })).statusCode,
      ).toBe(200);
      expect((await auctionRow(t, lotIds[0]!)).status).toBe('sold');
      expect((await detail(id, viewer)).lots.map((l) => [l.id, l.status])).toEqual([
        [lotIds[0], 'sold'],
        [lotIds[1], 'waiting'],
      ]);
    });
  });

  describe('suspending a host', () => {
    it('ends their live show as their End would (viewers told, unsold lots back) and cancels their scheduled shows', async () => {
      const host = await createUser(t);
      const live = await show(host, 2);
      const later = await show(host, 1, { scheduledFor: new Date(clock.now().getTime() + HOUR).toISOString() });
      const socket = await open(viewer);
      await join(socket, live.id);
      const ended = nextMessage(socket, 'stream:update', (m) => m.stream.status === 'ended');
      const lobby = (await call(t, 'GET', '/api/streams')).json() as Page<StreamCard>;
      expect(lobby.items.find((s) => s.id === live.id)?.status).toBe('live');

      const res = await act(await reported(other, 'user', host.id), {
        action: 'suspend',
        reason: 'Selling fakes',
        until: clock.iso(24 * HOUR),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await ended).stream).toMatchObject({ status: 'ended', endReason: 'host' });

      const rows = await t.database.db
        .selectFrom('streams')
        .select(['id', 'status'])
        .where('host_id', '=', host.id)
        .orderBy('created_at')
        .execute();
      expect(rows.map((r) => r.status)).toEqual(['ended', 'ended']);
      // /live lists neither as live or upcoming.
      const after = (await call(t, 'GET', '/api/streams')).json() as Page<StreamCard>;
      expect(after.items.filter((s) => s.host.id === host.id && s.status !== 'ended')).toEqual([]);
      const upcoming = (await call(t, 'GET', '/api/streams/upcoming')).json() as { items: StreamCard[] };
      expect(upcoming.items.map((s) => s.id)).not.toContain(later.id);
      // Every lot is off its show and every product back on the host's shelf.
      for (const lotId of [...live.lotIds, ...later.lotIds])
        expect((await auctionRow(t, lotId)).status).toBe('cancelled');
      for (const productId of [...live.productIds, ...later.productIds])
        expect((await productRow(t, productId))!.is_auction).toBe(0);
      // The show's page still reads; ending it again is refused as for any ended show.
      expect((await detail(live.id, viewer)).status).toBe('ended');
      const again = await t.streams.endByHost((await t.accounts.userById(host.id))!, live.id).catch((e: Error) => e);
      expect(again).toMatchObject({ code: 'CONFLICT', message: MSG.streamNotLive });
    });
  });

  describe('removing a chat line', () => {
    it('takes it off every viewer’s screen over the socket', async () => {
      const host = await createUser(t);
      const { id } = await show(host, 1);
      const [sender, watcher] = [await open(viewer), await open(other)];
      await Promise.all([join(sender, id), join(watcher, id)]);
      const said = await chat(sender, id, 'you are all idiots');
      if (!said.ok) throw new Error('the line was refused');
      const gone = nextMessage(watcher, 'stream:message-deleted');
      const senderGone = nextMessage(sender, 'stream:message-deleted');
      const res = await act(await reported(other, 'message', said.message.id), {
        action: 'remove',
        reason: 'Abuse in chat',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await gone).toEqual({ streamId: id, messageId: said.message.id });
      expect(await senderGone).toEqual({ streamId: id, messageId: said.message.id });
      expect((await detail(id, other)).recentMessages.map((m) => m.id)).not.toContain(said.message.id);
    });
  });
});
