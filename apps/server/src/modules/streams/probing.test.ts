import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_FILS, MSG } from '@souq/shared';
import { AED, bid, bidRows } from '../../../test/auction-support.js';
import { call, createUser, type TestUser } from '../../../test/catalog-support.js';
import { listen, nextMessage, type ClientSocket } from '../../../test/realtime-support.js';
import { clientId, liveRooms, liveSuite } from '../../../test/stream-support.js';
import { DIALECTS, apiError, eventually, startSiblingApp, startTestApp, type TestApp } from '../../../test/support.js';

const SDP_20KB = 'v=0 '.padEnd(20_000, 'x');
/** Resolves true if `event` reaches the socket within `ms`: for the messages that must never arrive. */
const arrives = (socket: ClientSocket, event: 'rtc:signal' | 'stream:message', ms = 300) =>
  nextMessage(socket, event, () => true, ms).then(
    () => true,
    () => false,
  );

/** Issue 26: what an attacker probing the live rooms found, each fixed on the server. */
/**
 * Whether a hidden maximum of AED 900 shows anywhere in an answer, as its amount in fils or as
 * text: a whole number of its own, not '900' inside a random id ('0ed9002d…').
 */
const mentionsTheMaximum = (answer: unknown): boolean => /\b(?:900|90000|900\.00)\b/.test(JSON.stringify(answer));

describe.each(DIALECTS)('live rooms under probing (%s)', (dialect) => {
  const live = liveSuite(dialect, [{}, {}, {}], (clock) => clock.advance(10_000));
  const { goLive, detail, open, join, chat } = live;
  let t: TestApp;
  let host: TestUser;
  let viewer: TestUser;
  let other: TestUser;
  beforeAll(() => {
    t = live.t;
    [host, viewer, other] = live.users;
  });

  describe('video signalling goes only between a live stream’s host and its own viewers', () => {
    it('refuses a host’s signal aimed at a room, a stranger or itself, and relays to a viewer', async () => {
      const { id } = await goLive(host);
      const [hostSocket, viewerSocket, lobby, stranger] = [
        await open(host),
        await open(viewer),
        await open(other),
        await open(),
      ];
      await Promise.all([join(hostSocket, id), join(viewerSocket, id)]);
      lobby.emit('streams:watch', {});
      const refusal = (to: string) =>
        new Promise((resolve) =>
          hostSocket.emit('rtc:signal', { streamId: id, to, description: { type: 'offer', sdp: SDP_20KB } }, resolve),
        );

      const heard = [arrives(lobby, 'rtc:signal'), arrives(stranger, 'rtc:signal')];
      expect(await refusal('streams')).toEqual({
        ok: false,
        code: 'VALIDATION_FAILED',
        message: 'Say which viewer this is for.',
      });
      expect(await refusal(`user:${other.id}`)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      expect(await refusal(stranger.id!)).toEqual({ ok: false, code: 'FORBIDDEN', message: MSG.notStreamViewer });
      expect(await refusal(lobby.id!)).toEqual({ ok: false, code: 'FORBIDDEN', message: MSG.notStreamViewer });
      expect(await refusal(hostSocket.id!)).toEqual({ ok: false, code: 'FORBIDDEN', message: MSG.notStreamViewer });
      expect(await Promise.all(heard)).toEqual([false, false]);

      const offer = nextMessage(viewerSocket, 'rtc:signal');
      expect(await refusal(viewerSocket.id!)).toEqual({ ok: true });
      expect((await offer).from).toBe(hostSocket.id);
    });

    it('after the stream ends, neither the host nor a viewer can signal, and a flood reaches nobody', async () => {
      const { id } = await goLive(host);
      const [hostSocket, viewerSocket, lobby] = [await open(host), await open(viewer), await open(other)];
      await Promise.all([join(hostSocket, id), join(viewerSocket, id)]);
      lobby.emit('streams:watch', {});
      const ended = nextMessage(viewerSocket, 'stream:update', (m) => m.stream.status === 'ended');
      expect((await call(t, 'POST', `/api/streams/${id}/end`, { user: host })).statusCode).toBe(200);
      await ended;

      const heard = [
        arrives(viewerSocket, 'rtc:signal', 1000),
        arrives(lobby, 'rtc:signal', 1000),
        arrives(hostSocket, 'rtc:signal', 1000),
      ];
      const answers: unknown[] = [];
      for (let i = 0; i < 90; i++) {
        hostSocket.emit(
          'rtc:signal',
          { streamId: id, to: i % 2 ? viewerSocket.id! : 'streams', description: { type: 'offer', sdp: SDP_20KB } },
          (a) => answers.push(a),
        );
      }
      viewerSocket.emit('rtc:signal', { streamId: id, description: { type: 'answer', sdp: 'v=0' } }, (a) =>
        answers.push(a),
      );
      viewerSocket.emit('rtc:request', { streamId: id }, (a) => answers.push(a));
      expect(await Promise.all(heard)).toEqual([false, false, false]);
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.every((a) => (a as { ok: boolean }).ok === false)).toBe(true);
      // The gateway's per-socket limit holds the flood back, whatever it says.
      expect(answers.filter((a) => (a as { code: string }).code === 'RATE_LIMITED').length).toBeGreaterThan(0);

      // Joining the ended stream again does not make the host a host: no heartbeat brings it back.
      const again = await open(host);
      expect(await join(again, id)).toEqual({ ok: true, isHost: true });
      expect(
        await new Promise((resolve) =>
          again.emit(
            'rtc:signal',
            { streamId: id, to: viewerSocket.id!, description: { type: 'offer', sdp: 'v=0' } },
            resolve,
          ),
        ),
      ).toEqual({
        ok: false,
        code: 'CONFLICT',
        message: MSG.streamNotLive,
      });
    });

    it('a viewer the host removed can no longer ask for video or signal', async () => {
      const { id } = await goLive(host);
      const [hostSocket, viewerSocket] = [await open(host), await open(viewer)];
      await Promise.all([join(hostSocket, id), join(viewerSocket, id)]);
      const removed = nextMessage(viewerSocket, 'stream:removed');
      expect((await call(t, 'POST', `/api/streams/${id}/removed/${viewer.id}`, { user: host })).statusCode).toBe(200);
      await removed;
      const heard = arrives(hostSocket, 'rtc:signal');
      const request = new Promise((resolve) => viewerSocket.emit('rtc:request', { streamId: id }, resolve));
      expect(await request).toEqual({ ok: false, code: 'FORBIDDEN', message: MSG.joinStreamFirst });
      viewerSocket.emit('rtc:signal', { streamId: id, description: { type: 'answer', sdp: 'v=0' } });
      expect(await heard).toBe(false);
    });
  });

  it('a removed viewer cannot bid on the stream’s auction over HTTP either, nor win it', async () => {
    const { id } = await goLive(host);
    const { auctionId } = await detail(id);
    const [viewerSocket, otherSocket] = [await open(viewer), await open(other)];
    await Promise.all([join(viewerSocket, id), join(otherSocket, id)]);
    expect((await chat(otherSocket, id, '150')).ok).toBe(true);
    expect((await call(t, 'POST', `/api/streams/${id}/removed/${viewer.id}`, { user: host })).statusCode).toBe(200);

    const res = await bid(t, viewer, auctionId, { amount: AED(5000) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(apiError('FORBIDDEN', MSG.removedCannotBid));
    const proxy = await bid(t, viewer, auctionId, { amount: AED(200), maxAmount: AED(9000) });
    expect(proxy.json()).toEqual(apiError('FORBIDDEN', MSG.removedCannotBid));
    expect((await bidRows(t, auctionId)).map((b) => b.bidder_id)).toEqual([other.id]);

    // Others still bid on the HTTP route; the removed viewer is not the winner when it ends.
    expect((await bid(t, other, auctionId, { amount: AED(300) })).statusCode).toBe(201);
    await call(t, 'POST', `/api/streams/${id}/end`, { user: host });
    expect((await detail(id)).winner?.id).toBe(other.id);
  });

  it('a leader raising their maximum in chat shows nobody the maximum', async () => {
    const { id } = await goLive(host);
    const [viewerSocket, otherSocket] = [await open(viewer), await open(other)];
    await Promise.all([join(viewerSocket, id), join(otherSocket, id)]);
    const first = nextMessage(otherSocket, 'stream:message');
    expect(await chat(viewerSocket, id, '150')).toMatchObject({ ok: true, bid: { leading: true } });
    await first;

    const leak = arrives(otherSocket, 'stream:message');
    const raised = await chat(viewerSocket, id, '900');
    // The bidder's own answer says it; nobody else hears it, and it is not in the history.
    expect(raised).toMatchObject({
      ok: true,
      message: { kind: 'bid', amount: AED(900) },
      bid: { leading: true, message: MSG.maxRaised },
    });
    expect(await leak).toBe(false);
    const history = (await detail(id, other)).recentMessages;
    expect(history.map((m) => [m.text, m.amount])).toEqual([['150', AED(150)]]);
    expect(mentionsTheMaximum(history)).toBe(false);

    // A rival's bid is answered by the hidden maximum: each line shows only its own public amount.
    const lines: Array<[string, number | null]> = [];
    otherSocket.on('stream:message', ({ message }) => lines.push([message.text, message.amount]));
    expect(await chat(otherSocket, id, '300')).toMatchObject({ ok: true, bid: { leading: false } });
    const d = await detail(id);
    expect(d.highestBid).toMatchObject({ amount: AED(310), user: { id: viewer.id } });
    expect(lines).toEqual([['300', AED(300)]]);
    expect(mentionsTheMaximum(await detail(id, other))).toBe(false);
  });

  it('a reused chat id never places a bid nobody saw', async () => {
    const { id } = await goLive(host);
    const [viewerSocket, otherSocket] = [await open(viewer), await open(other)];
    await Promise.all([join(viewerSocket, id), join(otherSocket, id)]);
    const same = clientId();
    expect((await chat(viewerSocket, id, 'hello', same)).ok).toBe(true);
    const bidLine = nextMessage(otherSocket, 'stream:message', (m) => m.message.kind === 'bid');
    expect(await chat(viewerSocket, id, '950', same)).toMatchObject({
      ok: true,
      message: { kind: 'bid', amount: AED(950) },
      bid: { leading: true },
    });
    expect((await bidLine).message.amount).toBe(AED(950));
    // The same bid resent (as typed, or written otherwise) is one bid and one line.
    expect((await chat(viewerSocket, id, 'AED 950', same)).ok).toBe(true);
    // Another amount under the same id is refused: it would be a second bid behind one key.
    expect(await chat(viewerSocket, id, '960', same)).toEqual({
      ok: false,
      code: 'CONFLICT',
      message: MSG.chatIdReused,
    });

    const d = await detail(id);
    expect(d.recentMessages.map((m) => [m.kind, m.text])).toEqual([
      ['chat', 'hello'],
      ['bid', '950'],
    ]);
    expect(d).toMatchObject({ bidCount: 1, highestBid: { amount: AED(950) } });
  });

  it('a bid at the price cap is the last one, and the bid form and chat both say so', async () => {
    const { id } = await goLive(host);
    const { auctionId } = await detail(id);
    const third = await createUser(t);
    const [viewerSocket, otherSocket, thirdSocket] = [await open(viewer), await open(other), await open(third)];
    await Promise.all([join(viewerSocket, id), join(otherSocket, id), join(thirdSocket, id)]);

    expect(await chat(viewerSocket, id, '9,999,999.99')).toMatchObject({ ok: true, bid: { leading: true } });
    // One step would pass the cap: the cap itself is the next and last possible bid.
    expect((await detail(id)).minimumBid).toBe(MAX_FILS);
    expect(await chat(otherSocket, id, '10,000,000')).toMatchObject({ ok: true, bid: { leading: true } });
    expect(await detail(id)).toMatchObject({
      minimumBid: MAX_FILS,
      highestBid: { amount: MAX_FILS, user: { id: other.id } },
    });

    const capped = { ok: false, code: 'CONFLICT', message: MSG.bidCapReached };
    expect(await chat(thirdSocket, id, '10000000')).toEqual(capped);
    expect(await chat(viewerSocket, id, '10000000')).toEqual(capped);
    const form = await bid(t, third, auctionId, { amount: MAX_FILS });
    expect(form.statusCode).toBe(409);
    expect(form.json()).toEqual(apiError('CONFLICT', MSG.bidCapReached, { amount: MSG.bidCapReached }));
    // Past the cap, the amount itself is refused as too large, by chat and form alike.
    expect(await chat(thirdSocket, id, '10000001')).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
      message: MSG.priceTooLarge,
    });
    expect((await bid(t, third, auctionId, { amount: MAX_FILS + 100 })).json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: MSG.priceTooLarge },
    });
    expect((await bidRows(t, auctionId)).map((b) => b.amount)).toEqual([MAX_FILS - 1, MAX_FILS]);
  });
});

const redisUrl = inject('redisUrl');
describe.runIf(DIALECTS.includes('postgres') && redisUrl)('a live room across two instances (postgres, Redis)', () => {
  it('the host on one instance answers only its viewers on the other, and a removal there holds', async () => {
    const a = await startTestApp('postgres', { redisUrl: redisUrl! });
    const b = await startSiblingApp(a, { redisUrl: redisUrl! });
    const bases = { a: '', b: '' };
    const onA = liveRooms(
      () => a,
      () => bases.a,
    );
    const onB = liveRooms(
      () => a,
      () => bases.b,
    );
    try {
      [bases.a, bases.b] = [await listen(a), await listen(b)];
      const [host, viewer, other] = [await createUser(a), await createUser(a), await createUser(a)];
      const { id } = await onA.goLive(host);
      const hostSocket = await onA.open(host);
      const [viewerSocket, stranger] = [await onB.open(viewer), await onB.open(other)];
      await Promise.all([onA.join(hostSocket, id), onB.join(viewerSocket, id)]);
      const signal = (to: string) =>
        new Promise((resolve) =>
          hostSocket.emit('rtc:signal', { streamId: id, to, description: { type: 'offer', sdp: 'v=0' } }, resolve),
        );

      const offer = nextMessage(viewerSocket, 'rtc:signal');
      expect(await signal(viewerSocket.id!)).toEqual({ ok: true });
      expect((await offer).from).toBe(hostSocket.id);
      const heard = arrives(stranger, 'rtc:signal');
      expect(await signal(stranger.id!)).toEqual({ ok: false, code: 'FORBIDDEN', message: MSG.notStreamViewer });
      expect(await heard).toBe(false);

      // Removed through instance B's API: the viewer's socket leaves the room wherever it is.
      const removed = nextMessage(viewerSocket, 'stream:removed');
      expect((await call(b, 'POST', `/api/streams/${id}/removed/${viewer.id}`, { user: host })).statusCode).toBe(200);
      await removed;
      await eventually(async () =>
        expect(await signal(viewerSocket.id!)).toEqual({ ok: false, code: 'FORBIDDEN', message: MSG.notStreamViewer }),
      );
      onA.closeAll();
      onB.closeAll();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
