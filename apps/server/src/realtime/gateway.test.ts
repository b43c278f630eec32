import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import WebSocket from 'ws';
import {
  MAX_FRAME_BYTES,
  OLDEST_CLIENT_PROTOCOL,
  PROTOCOL_VERSION,
  seqBefore,
  userRoom,
  type AuctionUpdate,
} from '@souq/shared';
import { AED, bid, bidOk, startAuction } from '../../test/auction-support.js';
import { createUser, type TestUser } from '../../test/catalog-support.js';
import { listen, nextMessage, openSocket, type ClientSocket } from '../../test/realtime-support.js';
import { buildApp } from '../app.js';
import { DIALECTS, startSiblingApp, startTestApp, type TestApp } from '../../test/support.js';

describe.each(DIALECTS)('realtime gateway (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let seller: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  const sockets: ClientSocket[] = [];
  const open = async (opts: Parameters<typeof openSocket>[1] = {}) => {
    const opened = await openSocket(base, opts);
    sockets.push(opened.socket);
    return opened;
  };
  beforeAll(async () => {
    t = await startTestApp(dialect);
    base = await listen(t);
    [seller, alice, bob] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  it('says hello with the protocol version, the server time and who the cookie belongs to', async () => {
    const signedIn = await open({ cookie: alice.cookie });
    expect(signedIn.hello).toEqual({ version: PROTOCOL_VERSION, serverTime: expect.any(String), userId: alice.id });
    expect(Math.abs(Date.parse(signedIn.hello.serverTime) - Date.now())).toBeLessThan(5000);
    expect((await open()).hello.userId).toBeNull();
    expect((await open({ cookie: 'souq_sid=forged' })).hello.userId).toBeNull();
  });

  it('lets in a tab of a protocol it serves (one from before tabs said theirs too), and refuses any other, typed, before the cookie', async () => {
    expect((await open({ auth: { protocol: PROTOCOL_VERSION } })).hello.version).toBe(PROTOCOL_VERSION);
    expect((await open({ auth: { protocol: OLDEST_CLIENT_PROTOCOL }, cookie: alice.cookie })).hello.userId).toBe(
      alice.id,
    );
    expect((await open({ auth: {} })).hello.version).toBe(PROTOCOL_VERSION);
    const refusal = (protocol: unknown) =>
      openSocket(base, { auth: { protocol }, cookie: alice.cookie }).then(
        ({ socket }) => {
          socket.disconnect();
          throw new Error(`protocol ${String(protocol)} was let in`);
        },
        (error: { message: string; data?: unknown }) => ({ message: error.message, data: error.data }),
      );
    expect(await refusal(PROTOCOL_VERSION + 1)).toEqual({
      message: 'server-too-old',
      data: {
        code: 'PROTOCOL_MISMATCH',
        mismatch: 'server-too-old',
        serverVersion: PROTOCOL_VERSION,
        oldestClient: OLDEST_CLIENT_PROTOCOL,
      },
    });
    expect((await refusal(OLDEST_CLIENT_PROTOCOL - 1)).data).toMatchObject({ mismatch: 'client-too-old' });
    expect((await refusal('2')).data).toMatchObject({ mismatch: 'client-too-old' });
    expect((await refusal(2.5)).data).toMatchObject({ mismatch: 'client-too-old' });
  });

  it('refuses a socket opened from another site', async () => {
    await expect(openSocket(base, { cookie: alice.cookie, origin: 'https://evil.example' })).rejects.toThrow();
    expect((await open({ origin: t.config.publicUrl })).hello).toBeTruthy();
  });

  it('sends every watcher each change of the auction with its sequence number, and the outbid bidder a notification', async () => {
    const { id } = await startAuction(t, seller, { startingBid: AED(100) }, { title: 'Garmin Fenix 8' });
    const watcher = (await open()).socket;
    const aliceSocket = (await open({ cookie: alice.cookie })).socket;
    watcher.emit('auction:watch', { auctionId: id });
    aliceSocket.emit('auction:watch', { auctionId: id });
    await new Promise((resolve) => setTimeout(resolve, 50));

    const first = nextMessage(watcher, 'auction:update', (m) => m.auction.id === id);
    await bidOk(t, alice, id, { amount: AED(100) });
    expect(await first).toEqual({
      auction: expect.objectContaining({
        id,
        seq: 1,
        currentBid: AED(100),
        bidCount: 1,
        minimumBid: AED(105),
        leader: expect.objectContaining({ id: alice.id }),
      }),
      bids: [
        {
          seq: 1,
          amount: AED(100),
          auto: false,
          createdAt: expect.any(String),
          bidder: expect.objectContaining({ id: alice.id }),
        },
      ],
      reason: 'bid',
      serverTime: expect.any(String),
    });

    const second = nextMessage(watcher, 'auction:update', (m) => m.auction.seq === 2);
    const bell = nextMessage(aliceSocket, 'notification');
    await bidOk(t, bob, id, { amount: AED(110) });
    expect((await second).auction).toMatchObject({ currentBid: AED(110), leader: { id: bob.id } });
    expect(await bell).toEqual({
      notification: expect.objectContaining({ kind: 'outbid', title: "You've been outbid on Garmin Fenix 8" }),
      unread: 1,
      serverTime: expect.any(String),
    });

    watcher.emit('auction:unwatch', { auctionId: id });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const silent = nextMessage(watcher, 'auction:update', () => true, 300);
    await bidOk(t, alice, id, { amount: AED(120) });
    await expect(silent).rejects.toThrow('no auction:update');
  });

  it('sends bids committed together as updates that carry every bid, in sequence, without a gap', async () => {
    const { id } = await startAuction(t, seller, { startingBid: AED(100) });
    const bidders = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    const watcher = (await open()).socket;
    watcher.emit('auction:watch', { auctionId: id });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const updates: AuctionUpdate[] = [];
    watcher.on('auction:update', (u) => updates.push(u));

    // Sent at once, they arrive in one turn and commit as one group. On PostgreSQL, whose reads
    // yield, they may come in several groups, and a bid overtaken by a higher one is refused.
    const answers = await Promise.all(bidders.map((b, i) => bid(t, b, id, { amount: AED(100 + 10 * i) })));
    const accepted = answers.flatMap((a, i) => (a.statusCode === 201 ? [AED(100 + 10 * i)] : []));
    if (dialect === 'sqlite') expect(accepted).toHaveLength(6);
    await vi.waitFor(() => expect(updates.at(-1)?.auction.seq).toBe(accepted.length));
    let seq = 0;
    for (const update of updates) {
      expect(seqBefore(update)).toBe(seq);
      seq = update.auction.seq;
    }
    expect(updates.flatMap((u) => u.bids.map((b) => b.amount))).toEqual(accepted.sort((x, y) => x - y));
    if (dialect === 'sqlite') expect(updates).toHaveLength(1);
  });

  it('rings the seller’s bell once for bids that commit together, with the line’s last state', async () => {
    const { id } = await startAuction(t, seller, { startingBid: AED(100) });
    const bidders = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    const sellerSocket = (await open({ cookie: seller.cookie })).socket;
    const rings: Array<{ notification: { kind: string; body: string }; unread: number }> = [];
    sellerSocket.on('notification', (m) => rings.push(m));

    const answers = await Promise.all(bidders.map((b, i) => bid(t, b, id, { amount: AED(100 + 10 * i) })));
    const accepted = answers.filter((a) => a.statusCode === 201).length;
    await vi.waitFor(() => expect(rings.at(-1)?.notification.body).toContain(`(${accepted} bids)`));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rings.every((r) => r.notification.kind === 'bid_received' && r.unread >= 1)).toBe(true);
    // One line in the bell however many bids it counts; on SQLite they all committed, and rang, together.
    if (dialect === 'sqlite') expect(rings).toHaveLength(1);
  });

  it('answers malformed, unknown and oversized messages with a refusal, and keeps serving', async () => {
    const { socket } = await open({ cookie: alice.cookie });
    const refusals: Array<{ code: string; message: string }> = [];
    socket.on('refused', (r) => refusals.push(r));
    const raw = socket as unknown as { emit: (event: string, ...args: unknown[]) => void };
    raw.emit('auction:watch', { auctionId: 'not-a-uuid' });
    raw.emit('auction:watch', 'text');
    raw.emit('auction:watch', { auctionId: crypto.randomUUID(), extra: true });
    raw.emit('launch-missiles', {});
    await expect.poll(() => refusals.length).toBe(4);
    expect(refusals.map((r) => r.code)).toEqual([
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
    ]);
    expect(refusals[3]!.message).toBe('Unknown event: launch-missiles');
  });

  it('survives 10,000 hostile frames: wrong types, unknown events, floods, oversized, and raw garbage before the handshake', async () => {
    const port = new URL(base).port;
    const frames: Array<string | Buffer> = [];
    for (let i = 0; i < 10_000; i++) {
      switch (i % 10) {
        case 0:
          frames.push('42["auction:watch",{"auctionId":12}]');
          break;
        case 1:
          frames.push('42["auction:watch"]');
          break;
        case 2:
          frames.push(`42["${'x'.repeat(i % 300)}",{}]`);
          break;
        case 3:
          frames.push('42[{"__proto__":{"polluted":true}},1]');
          break;
        case 4:
          frames.push('42["auction:watch",' + '['.repeat(2000) + ']'.repeat(2000) + ']');
          break;
        case 5:
          frames.push('4');
          break;
        case 6:
          frames.push(Buffer.from([0xff, 0x00, 0x13, 0x37]));
          break;
        case 7:
          frames.push('40/nope,');
          break;
        case 8:
          frames.push('2probe');
          break;
        default:
          frames.push(`42["auction:unwatch",{"auctionId":"${crypto.randomUUID()}"}]`);
      }
    }
    // Ten raw connections share the frames; some send before the Socket.IO handshake (40), some after.
    const sent = await Promise.all(
      Array.from(
        { length: 10 },
        (_, c) =>
          new Promise<number>((resolve) => {
            const ws = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, {
              headers: { cookie: c % 2 ? alice.cookie : '' },
            });
            let n = 0;
            ws.on('open', () => {
              if (c % 3 === 0) ws.send('40');
              for (let i = c; i < frames.length; i += 10) {
                ws.send(frames[i]!);
                n++;
              }
              ws.send('x'.repeat(MAX_FRAME_BYTES + 10));
              setTimeout(() => ws.terminate(), 200);
            });
            ws.on('error', () => undefined);
            ws.on('close', () => resolve(n));
          }),
      ),
    );
    expect(sent.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(Object.prototype).not.toHaveProperty('polluted');

    // Still serving: HTTP, a new socket, and its updates.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const { id } = await startAuction(t, seller);
    const { socket } = await open();
    socket.emit('auction:watch', { auctionId: id });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const update = nextMessage(socket, 'auction:update');
    await bidOk(t, bob, id, { amount: AED(100) });
    expect((await update).auction.currentBid).toBe(AED(100));
  });

  it('cuts off a socket that keeps flooding after being refused', async () => {
    const { socket } = await open();
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    for (let i = 0; i < 400; i++)
      (socket as unknown as { emit: (e: string, m: unknown) => void }).emit('auction:watch', { auctionId: 'x' });
    expect(await closed).toBe('io server disconnect');
  });
  it('finishes ringing the bells of news published just as the app closes, before its database goes', async () => {
    // Not made ready, as a closer run from a script: its close takes less than a turn of the event loop.
    const sibling = await buildApp({ ...t.config, logLevel: 'silent' });
    const warn = vi.spyOn(sibling.app.log, 'warn');
    const readCounts = vi.spyOn(sibling.notifications, 'unreadCounts');
    const destroy = vi.spyOn(sibling.database, 'destroy');
    const news = (user: TestUser) => ({
      type: 'notification.created' as const,
      userId: user.id,
      notification: {
        id: crypto.randomUUID(),
        kind: 'outbid' as const,
        title: 't',
        body: 'b',
        link: '/',
        createdAt: new Date().toISOString(),
        read: false,
      },
    });
    // Both have a page open on it (counts are read only for people who do).
    for (const user of [alice, bob])
      sibling.io.sockets.adapter.addAll(`socket-of-${user.id}`, new Set([userRoom(user.id)]));
    // In one turn: the bells are rung, and their unread counts read, on the next.
    sibling.events.publish(news(alice));
    sibling.events.publish(news(bob));
    await sibling.app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readCounts).toHaveBeenCalledTimes(1);
    expect(Math.max(...readCounts.mock.invocationCallOrder)).toBeLessThan(destroy.mock.invocationCallOrder[0]!);
    expect(warn.mock.calls.filter((call) => call[1] === 'realtime forward failed')).toEqual([]);
  });
});

const redisUrl = inject('redisUrl');
describe.runIf(DIALECTS.includes('postgres') && redisUrl)('two instances through Redis (postgres)', () => {
  it('a bid through one instance reaches a socket on the other; the closer still closes once', async () => {
    const a = await startTestApp('postgres', { redisUrl: redisUrl! });
    const b = await startSiblingApp(a, { redisUrl: redisUrl! });
    try {
      const [baseA, baseB] = [await listen(a), await listen(b)];
      void baseA;
      const seller = await createUser(a);
      const buyer = await createUser(a);
      const { id } = await startAuction(a, seller);
      const { socket } = await openSocket(baseB, { cookie: buyer.cookie });
      socket.emit('auction:watch', { auctionId: id });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const update = nextMessage(socket, 'auction:update');
      await bidOk(a, buyer, id, { amount: AED(100) });
      expect((await update).auction).toMatchObject({ id, seq: 1, currentBid: AED(100) });

      await a.database.db
        .updateTable('auctions')
        .set({ ends_at: new Date(Date.now() - 1).toISOString() })
        .where('id', '=', id)
        .execute();
      const closed = nextMessage(socket, 'auction:update', (m) => m.reason === 'closed');
      await Promise.all([a.auctions.closeDue(), b.auctions.closeDue()]);
      expect((await closed).auction).toMatchObject({ status: 'sold', seq: 2 });
      const orders = await a.database.db.selectFrom('orders').select('id').where('auction_id', '=', id).execute();
      expect(orders).toHaveLength(1);
      socket.disconnect();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
