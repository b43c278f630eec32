import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, StreamCard, VideoJoin } from '@souq/shared';
import { AED, auctionRow } from '../../../test/auction-support.js';
import {
  call,
  createCrowd,
  createUser,
  insertProduct,
  productForm,
  testImage,
  type TestUser,
} from '../../../test/catalog-support.js';
import { nextMessage } from '../../../test/realtime-support.js';
import { clientId, liveSuite } from '../../../test/stream-support.js';
import { DIALECTS, apiError, type TestApp } from '../../../test/support.js';

const MINUTE = 60_000;

describe.each(DIALECTS)('live streams (%s)', (dialect) => {
  const live = liveSuite(dialect, [{}, {}, {}, { verified: false }]);
  const { clock, goLive, detail, open, join, chat } = live;
  let t: TestApp;
  let host: TestUser;
  let viewer: TestUser;
  let other: TestUser;
  let unverified: TestUser;
  beforeAll(() => {
    t = live.t;
    [host, viewer, other, unverified] = live.users;
  });

  describe('going live (host start)', () => {
    it('answers in the exact words people see: logged out, unverified, no title, bad duration', async () => {
      const productId = await insertProduct(t, host.id);
      const start = (user: TestUser | null, fields: Record<string, string>) =>
        call(t, 'POST', '/api/streams', {
          user,
          form: productForm({ title: 'Live', productId, startingBid: '100', ...fields }, []),
        });
      expect((await start(null, {})).json()).toEqual(
        apiError('UNAUTHENTICATED', 'Please log in to start a livestream.'),
      );
      expect((await start(unverified, {})).json()).toEqual(
        apiError('EMAIL_NOT_VERIFIED', 'Email verification is required to host livestreams. Please verify your email.'),
      );
      expect((await start(host, { title: '   ' })).json()).toEqual(
        apiError('VALIDATION_FAILED', 'Please enter a title.', { title: 'Please enter a title.' }),
      );
      for (const durationMinutes of ['0', '-1', '1.5', 'abc', '121']) {
        const res = await start(host, { durationMinutes });
        expect(
          (res.json() as { error: { fields: Record<string, string> } }).error.fields.durationMinutes,
          durationMinutes,
        ).toBe('Bidding duration must be a whole number of minutes from 1 to 120.');
      }
      const foreign = await insertProduct(t, other.id);
      expect(
        (
          await call(t, 'POST', '/api/streams', {
            user: host,
            form: productForm({ title: 'Live', productId: foreign, startingBid: '100' }, []),
          })
        ).statusCode,
      ).toBe(403);
      expect(await t.database.db.selectFrom('streams').selectAll().where('host_id', '=', host.id).execute()).toEqual(
        [],
      );
    });

    it('goes live with a 5-minute default, the cover re-encoded, the product on a live auction; one stream at a time', async () => {
      const productId = await insertProduct(t, host.id);
      const res = await call(t, 'POST', '/api/streams', {
        user: host,
        form: productForm({ title: '  Evening finds  ', productId, startingBid: String(AED(50)) }, [
          { field: 'cover', data: await testImage('png', 300, 200) },
        ]),
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json() as { id: string };
      const d = await detail(id, host);
      expect(d).toMatchObject({
        id,
        title: 'Evening finds',
        status: 'live',
        isHost: true,
        highestBid: null,
        minimumBid: AED(50),
        product: { id: productId },
        removed: false,
        recentMessages: [],
      });
      expect(Date.parse(d.endsAt) - Date.parse(d.startedAt)).toBe(5 * MINUTE);
      expect(d.cover).toMatch(/^\/uploads\/covers\/.+\.webp$/);
      expect((await auctionRow(t, d.auctionId)).kind).toBe('live');
      // A one-product stream is a show of one lot, running from the start for the show's length.
      expect(d.lots).toHaveLength(1);
      expect(d.lot).toMatchObject({ id: d.auctionId, status: 'running', endsAt: d.endsAt, startingBid: AED(50) });
      // A live auction is the stream's: it is not in the timed auctions list.
      const list = (await call(t, 'GET', '/api/auctions?limit=60')).json() as Page<{ id: string }>;
      expect(list.items.map((a) => a.id)).not.toContain(d.auctionId);

      const again = await call(t, 'POST', '/api/streams', {
        user: host,
        form: productForm({ title: 'Second', productId: await insertProduct(t, host.id), startingBid: '100' }, []),
      });
      expect(again.json()).toEqual(apiError('CONFLICT', 'You are already hosting a live stream.'));
    });

    it('refuses a cover of 5 MB or more with the exact message', async () => {
      const big = Buffer.alloc(5_242_881, 1);
      const productId = await insertProduct(t, host.id);
      const res = await call(t, 'POST', '/api/streams', {
        user: host,
        form: productForm({ title: 'Big', productId, startingBid: '100' }, [{ field: 'cover', data: big }]),
      });
      expect(res.json()).toEqual(
        apiError('VALIDATION_FAILED', 'Image size should be less than 5MB', {
          cover: 'Image size should be less than 5MB',
        }),
      );
    });
  });

  describe('the live list', () => {
    it('puts live streams before ended ones, newest first, with the final bid on ended cards', async () => {
      const h1 = await createUser(t);
      const h2 = await createUser(t);
      const first = await goLive(h1);
      clock.advance(1000);
      const second = await goLive(h2);
      clock.advance(1000);
      const bidder = await open(viewer);
      await join(bidder, first.id);
      expect(await chat(bidder, first.id, '150')).toMatchObject({ ok: true, bid: { leading: true } });
      await t.streams.endByHost((await t.accounts.userById(h1.id))!, first.id);
      const page = (await call(t, 'GET', '/api/streams')).json() as Page<StreamCard>;
      const ours = page.items.filter((s) => [first.id, second.id].includes(s.id));
      expect(
        ours.map((s) => [s.id, s.status]),
        JSON.stringify(page.items.map((s) => [s.id, s.status, s.startedAt])),
      ).toEqual([
        [second.id, 'live'],
        [first.id, 'ended'],
      ]);
      expect(ours[1]).toMatchObject({
        highestBid: { amount: AED(150), user: { id: viewer.id } },
        host: { id: h1.id },
        cover: '/images/placeholder.svg',
      });
    });
  });

  describe('chat where a number is a bid', () => {
    it('posts chat to everyone in the room; ١٥٠ is a bid of AED 150 and every banner updates; late joiners get the history', async () => {
      const { id } = await goLive(host);
      const [hostSocket, viewerSocket, otherSocket] = [await open(host), await open(viewer), await open(other)];
      await Promise.all([join(hostSocket, id), join(viewerSocket, id), join(otherSocket, id)]);

      const seen = nextMessage(otherSocket, 'stream:message');
      const hello = await chat(viewerSocket, id, '  Is the bracelet original?  ');
      expect(hello).toMatchObject({
        ok: true,
        message: { kind: 'chat', text: 'Is the bracelet original?', amount: null, user: { id: viewer.id } },
      });
      expect((await seen).message.text).toBe('Is the bracelet original?');
      const reply = await chat(hostSocket, id, 'Yes, with papers.');
      expect(reply.ok).toBe(true);

      const banner = nextMessage(otherSocket, 'stream:update');
      const bidMessage = nextMessage(hostSocket, 'stream:message', (m) => m.message.kind === 'bid');
      expect(await chat(viewerSocket, id, '١٥٠')).toMatchObject({
        ok: true,
        message: { kind: 'bid', text: '١٥٠', amount: AED(150) },
        bid: { leading: true },
      });
      expect((await banner).stream).toMatchObject({
        id,
        status: 'live',
        highestBid: { amount: AED(150), user: { id: viewer.id } },
        bidCount: 1,
        minimumBid: AED(155),
      });
      expect((await bidMessage).message.amount).toBe(AED(150));
      expect(await chat(otherSocket, id, 'AED ۱٬۰۰۰')).toMatchObject({ ok: true, bid: { leading: true } });

      const late = await detail(id, other);
      expect(late.recentMessages.map((m) => [m.kind, m.text])).toEqual([
        ['chat', 'Is the bracelet original?'],
        ['chat', 'Yes, with papers.'],
        ['bid', '١٥٠'],
        ['bid', 'AED ۱٬۰۰۰'],
      ]);
      expect(late.highestBid).toMatchObject({ amount: AED(1000), user: { id: other.id } });
    });

    it('refuses with a clear answer, and posts nothing: too low, the host bidding, unverified, signed out, too long, empty', async () => {
      const { id } = await goLive(host);
      const [hostSocket, viewerSocket, anonSocket, unverifiedSocket] = [
        await open(host),
        await open(viewer),
        await open(),
        await open(unverified),
      ];
      await Promise.all([
        join(hostSocket, id),
        join(viewerSocket, id),
        join(anonSocket, id),
        join(unverifiedSocket, id),
      ]);
      expect(await chat(viewerSocket, id, '99')).toEqual({
        ok: false,
        code: 'VALIDATION_FAILED',
        message: 'Bid amount must be higher than current bid. Bid at least AED 100.00.',
      });
      expect(await chat(hostSocket, id, '500')).toEqual({
        ok: false,
        code: 'FORBIDDEN',
        message: 'You cannot bid in your own stream.',
      });
      expect(await chat(unverifiedSocket, id, '500')).toEqual({
        ok: false,
        code: 'EMAIL_NOT_VERIFIED',
        message: 'Please verify your email to continue.',
      });
      expect((await chat(unverifiedSocket, id, 'I can still chat')).ok).toBe(true);
      expect(await chat(anonSocket, id, 'hello')).toEqual({
        ok: false,
        code: 'UNAUTHENTICATED',
        message: 'You must be logged in to perform this action.',
      });
      expect(await chat(viewerSocket, id, 'x'.repeat(501))).toMatchObject({
        ok: false,
        message: 'Messages can be at most 500 characters.',
      });
      expect(await chat(viewerSocket, id, '   ')).toMatchObject({ ok: false, message: 'Type a message first.' });
      expect(await chat(viewerSocket, id, '99999999999999999999')).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
      expect((await detail(id)).recentMessages.map((m) => m.text)).toEqual(['I can still chat']);
    });

    it('a resent chat bid (same client id) bids and posts once', async () => {
      const { id } = await goLive(host);
      const socket = await open(await createUser(t));
      await join(socket, id);
      const same = clientId();
      const answers = await Promise.all([chat(socket, id, '200', same), chat(socket, id, '200', same)]);
      expect(answers.every((a) => a.ok)).toBe(true);
      expect((await detail(id)).recentMessages).toHaveLength(1);
      expect((await detail(id)).bidCount).toBe(1);
    });

    it('limits how fast one person chats', async () => {
      const { id } = await goLive(host);
      const chatty = await createUser(t);
      const socket = await open(chatty);
      await join(socket, id);
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await chat(socket, id, `message ${i}`));
      expect(answers.filter((a) => !a.ok)).toEqual([
        { ok: false, code: 'RATE_LIMITED', message: 'You are sending messages too fast. Please wait a moment.' },
        { ok: false, code: 'RATE_LIMITED', message: 'You are sending messages too fast. Please wait a moment.' },
      ]);
      clock.advance(5000);
      expect((await chat(socket, id, 'later')).ok).toBe(true);
    });

    it('50 viewers bidding at once: every acknowledged bid stored, prices rising, the banner at the highest', async () => {
      const { id } = await goLive(host);
      const crowd = await createCrowd(t, 50);
      const crowdSockets = await Promise.all(crowd.map((u) => open(u)));
      await Promise.all(crowdSockets.map((s) => join(s, id)));
      for (let round = 0; round < 4; round++) {
        const answers = await Promise.all(
          crowdSockets.map((s, i) => chat(s, id, String(100 + 600 * (round * 50 + i)))),
        );
        for (const a of answers) if (!a.ok) expect(a.code).toBe('VALIDATION_FAILED');
        clock.advance(5000);
      }
      const d = await detail(id);
      const auction = await auctionRow(t, d.auctionId);
      const bids = await t.database.db
        .selectFrom('bids')
        .selectAll()
        .where('auction_id', '=', d.auctionId)
        .orderBy('seq')
        .execute();
      for (let i = 1; i < bids.length; i++) expect(bids[i]!.amount).toBeGreaterThan(bids[i - 1]!.amount);
      expect(auction.current_bid).toBe(bids.at(-1)!.amount);
      expect(d.highestBid!.amount).toBe(bids.at(-1)!.amount);
      // Every accepted bid was posted to the chat as a bid, and nothing refused was.
      const posted = await t.database.db
        .selectFrom('stream_messages')
        .select(['amount', 'user_id'])
        .where('stream_id', '=', id)
        .where('kind', '=', 'bid')
        .execute();
      expect(posted.map((m) => `${m.user_id}:${m.amount}`).sort()).toEqual(
        bids.map((b) => `${b.bidder_id}:${b.amount}`).sort(),
      );
      for (const s of crowdSockets) s.disconnect();
    });
  });

  describe('how a stream ends', () => {
    it('End Stream: bidding stops, the highest bid wins its order, viewers see it ended; only the host may end it', async () => {
      const { id } = await goLive(host);
      const viewerSocket = await open(viewer);
      await join(viewerSocket, id);
      await chat(viewerSocket, id, '300');
      expect((await call(t, 'POST', `/api/streams/${id}/end`, { user: other })).json()).toEqual(
        apiError('FORBIDDEN', 'Only the host can do this.'),
      );
      const ended = nextMessage(viewerSocket, 'stream:update', (m) => m.stream.status === 'ended');
      expect((await call(t, 'POST', `/api/streams/${id}/end`, { user: host })).statusCode).toBe(200);
      expect((await ended).stream).toMatchObject({
        status: 'ended',
        endReason: 'host',
        winner: { id: viewer.id },
        highestBid: { amount: AED(300) },
      });
      const d = await detail(id, viewer);
      expect(d).toMatchObject({ status: 'ended', endReason: 'host', order: { status: 'awaiting_address' } });
      expect(await chat(viewerSocket, id, '400')).toEqual({
        ok: false,
        code: 'CONFLICT',
        message: 'This stream has ended.',
      });
      expect((await call(t, 'POST', `/api/streams/${id}/end`, { user: host })).statusCode).toBe(409);
    });

    it('the timer: at the end the stream ends and the winner gets one order', async () => {
      const { id } = await goLive(host, { durationMinutes: '1' });
      const socket = await open(other);
      await join(socket, id);
      await chat(socket, id, '120');
      const d = await detail(id);
      clock.set(Date.parse(d.endsAt));
      await t.jobs.runNow('streams.end-due');
      expect(await detail(id, other)).toMatchObject({
        status: 'ended',
        endReason: 'timer',
        winner: { id: other.id },
        order: { status: 'awaiting_address' },
      });
      // A show's win is a line of the winner's show order, naming the lot it was won at.
      const orders = await t.database.db
        .selectFrom('order_lines')
        .select('order_id')
        .where('auction_id', '=', d.auctionId)
        .execute();
      expect(orders).toHaveLength(1);
    });

    it('the host gone: a reload within 30 s keeps it live; 30 s without the host page ends it', async () => {
      const { id } = await goLive(host, { durationMinutes: '10' });
      const hostSocket = await open(host);
      await join(hostSocket, id);
      clock.advance(25_000);
      hostSocket.disconnect();
      const back = await open(host);
      await join(back, id);
      clock.advance(25_000);
      await t.jobs.runNow('streams.end-due');
      expect((await detail(id)).status).toBe('live');
      back.emit('stream:heartbeat', { streamId: id });
      await new Promise((resolve) => setTimeout(resolve, 50));
      clock.advance(29_000);
      await t.jobs.runNow('streams.end-due');
      expect((await detail(id)).status).toBe('live');
      back.disconnect();
      clock.advance(31_000);
      await t.jobs.runNow('streams.end-due');
      expect(await detail(id)).toMatchObject({ status: 'ended', endReason: 'abandoned' });
    });
  });

  describe('the host’s tools', () => {
    it('deletes a message for everyone and removes a viewer from the stream', async () => {
      const { id } = await goLive(host);
      const [hostSocket, viewerSocket, otherSocket] = [await open(host), await open(viewer), await open(other)];
      await Promise.all([join(hostSocket, id), join(viewerSocket, id), join(otherSocket, id)]);
      const rude = await chat(viewerSocket, id, 'rude words');
      const gone = nextMessage(otherSocket, 'stream:message-deleted');
      expect(
        (await call(t, 'DELETE', `/api/streams/${id}/messages/${rude.ok && rude.message.id}`, { user: other }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(t, 'DELETE', `/api/streams/${id}/messages/${rude.ok && rude.message.id}`, { user: host }))
          .statusCode,
      ).toBe(200);
      expect(await gone).toEqual({ streamId: id, messageId: rude.ok && rude.message.id });
      expect((await detail(id)).recentMessages).toEqual([]);

      const removed = nextMessage(viewerSocket, 'stream:removed');
      expect((await call(t, 'POST', `/api/streams/${id}/removed/${viewer.id}`, { user: other })).statusCode).toBe(403);
      expect((await call(t, 'POST', `/api/streams/${id}/removed/${viewer.id}`, { user: host })).statusCode).toBe(200);
      expect(await removed).toEqual({ streamId: id, message: 'The host removed you from this stream.' });
      expect(await chat(viewerSocket, id, '500')).toEqual({
        ok: false,
        code: 'FORBIDDEN',
        message: 'The host removed you from this stream.',
      });
      expect(await join(viewerSocket, id)).toEqual({
        ok: false,
        code: 'FORBIDDEN',
        message: 'The host removed you from this stream.',
      });
      expect((await call(t, 'GET', `/api/streams/${id}/video`, { user: viewer })).statusCode).toBe(403);
      expect((await detail(id, viewer)).removed).toBe(true);
      const silent = nextMessage(viewerSocket, 'stream:message', () => true, 300);
      await chat(otherSocket, id, 'still here');
      await expect(silent).rejects.toThrow();
    });
  });

  describe('mesh video signaling', () => {
    it('relays a viewer’s request to the host, the host’s offer to that viewer only, and the answer back to the host', async () => {
      const { id } = await goLive(host);
      const [hostSocket, viewerSocket, otherSocket] = [await open(host), await open(viewer), await open(other)];
      await Promise.all([join(hostSocket, id), join(viewerSocket, id), join(otherSocket, id)]);
      const request = nextMessage(hostSocket, 'rtc:viewer');
      viewerSocket.emit('rtc:request', { streamId: id });
      const { viewer: viewerSocketId } = await request;
      expect(viewerSocketId).toBe(viewerSocket.id);

      const offer = nextMessage(viewerSocket, 'rtc:signal');
      const eavesdrop = nextMessage(otherSocket, 'rtc:signal', () => true, 300);
      hostSocket.emit('rtc:signal', {
        streamId: id,
        to: viewerSocketId,
        description: { type: 'offer', sdp: 'v=0 offer' },
      });
      expect(await offer).toEqual({
        streamId: id,
        from: hostSocket.id,
        description: { type: 'offer', sdp: 'v=0 offer' },
      });
      await expect(eavesdrop).rejects.toThrow();

      const answer = nextMessage(hostSocket, 'rtc:signal');
      // A viewer cannot aim at anyone: whatever `to` says, it goes to the host.
      viewerSocket.emit('rtc:signal', {
        streamId: id,
        to: otherSocket.id,
        description: { type: 'answer', sdp: 'v=0 answer' },
      });
      expect(await answer).toEqual({
        streamId: id,
        from: viewerSocket.id,
        description: { type: 'answer', sdp: 'v=0 answer' },
      });

      const left = nextMessage(hostSocket, 'rtc:viewer-left');
      viewerSocket.disconnect();
      expect(await left).toEqual({ streamId: id, viewer: viewerSocketId });

      const stranger = await open(other);
      const refused = nextMessage(stranger, 'refused');
      stranger.emit('rtc:request', { streamId: id });
      expect((await refused).message).toBe('Join the stream first.');
    });

    it('tells each browser how to join the video: the host publishes, the rest watch, with the configured ICE servers', async () => {
      const { id } = await goLive(host);
      expect((await call(t, 'GET', `/api/streams/${id}/video`, { user: host })).json()).toEqual({
        mode: 'mesh',
        iceServers: [],
        maxViewers: 5,
      } satisfies VideoJoin);
      expect((await call(t, 'GET', `/api/streams/${id}/video`)).json()).toEqual({
        mode: 'mesh',
        iceServers: [],
        maxViewers: 5,
      });
    });
  });
});
