import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type NotificationList, type NotificationSettings } from '@souq/shared';
import type { Mailer, MailMessage } from '../../adapters/mail/index.js';
import { createFakeClock } from '../../lib/clock.js';
import { AED, bidOk, startAuction } from '../../../test/auction-support.js';
import { call, createUser, type TestUser } from '../../../test/catalog-support.js';
import { startPushStandIn, type PushStandIn } from '../../../test/push-standin.js';
import { apiError, DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';
import { checkEndpoint } from './push-address.js';
import { RETRY_AFTER_MS } from './sender.js';
import { DEVICES_PER_PERSON } from './service.js';
import { vapidKeys } from './vapid.js';

describe('the VAPID key pair', () => {
  it('is made once and kept in DATA_DIR: a restart subscribes to the same key', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-vapid-'));
    const first = vapidKeys(undefined, dir);
    expect(first.publicKey).toMatch(/^[\w-]{87}$/);
    expect(vapidKeys(undefined, dir)).toEqual(first);
    expect(fs.statSync(path.join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
    const given = { publicKey: 'p', privateKey: 'q' };
    expect(vapidKeys(given, dir)).toBe(given);
  });
});

describe.each(DIALECTS)('push messages (%s)', (dialect) => {
  const clock = createFakeClock('2026-12-01T08:00:00.000Z');
  const mails: MailMessage[] = [];
  const mailer: Mailer = { kind: 'outbox', send: async (m) => void mails.push(m), close: async () => undefined };
  let t: TestApp;
  let push: PushStandIn;
  let seller: TestUser;
  let serverKey: string;

  beforeAll(async () => {
    push = await startPushStandIn();
    t = await startTestApp(
      dialect,
      { push: { subject: 'mailto:no-reply@souq.local', allowLoopback: true } },
      { clock, mailer },
    );
    seller = await createUser(t);
    serverKey = ((await call(t, 'GET', '/api/push/key')).json() as { publicKey: string }).publicKey;
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  /** A person with a phone that subscribed (the stand-in's keys), signed in on it. */
  async function personWithPhone(locale?: 'ar') {
    const user = await createUser(t);
    if (locale) expect((await call(t, 'PUT', '/api/me/locale', { user, json: { locale } })).statusCode).toBe(204);
    const phone = push.device(serverKey);
    const res = await call(t, 'POST', '/api/push/subscriptions', { user, json: phone.subscription });
    expect(res.statusCode, res.body).toBe(200);
    return { user, phone };
  }

  /** The bidder is outbid by another: the auction's id. */
  async function outbid(bidder: TestUser, title = 'Rolex Submariner') {
    const auction = await startAuction(t, seller, { startingBid: AED(100) }, { title });
    await bidOk(t, bidder, auction.id, { amount: AED(100) });
    await bidOk(t, await createUser(t), auction.id, { amount: AED(150) });
    await t.afterAnswer.settle();
    return auction.id;
  }

  const settings = (user: TestUser, topics: unknown) =>
    call(t, 'PUT', '/api/notifications/settings', { user, json: { topics } });

  it('outbid: one encrypted message reaches the phone, in its language, with the link (its time: bench/push.bench.ts)', async () => {
    const { user, phone } = await personWithPhone();
    const before = push.messages.length;
    const auctionId = await outbid(user);
    await push.waitFor(before + 1);
    expect(phone.received()).toEqual([
      expect.objectContaining({
        payload: {
          title: "You've been outbid on Rolex Submariner",
          body: 'The bid is now AED 150.00.',
          link: `/auction/${auctionId}`,
          tag: expect.stringMatching(/^outbid-/),
          lang: 'en',
          dir: 'ltr',
        },
        urgency: 'high',
        ttl: 86_400,
        claims: expect.objectContaining({ aud: push.origin, sub: 'mailto:no-reply@souq.local' }),
      }),
    ]);

    const arabic = await personWithPhone('ar');
    await outbid(arabic.user, 'ساعة رولكس');
    await push.waitFor(before + 2);
    expect(arabic.phone.received()[0]!.payload).toMatchObject({
      title: 'تم تجاوز مزايدتك على ساعة رولكس',
      lang: 'ar',
      dir: 'rtl',
    });
    expect(push.refused).toEqual([]);
    expect(push.strays).toEqual([]);
  });

  it('sends nothing to someone who turned outbid pushes off, and still rings their bell and mails them', async () => {
    const { user, phone } = await personWithPhone();
    const res = await settings(user, [{ topic: 'outbid', bell: true, email: true, push: false }]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as NotificationSettings).topics[0]).toEqual({
      topic: 'outbid',
      bell: true,
      email: true,
      push: false,
    });
    const mailed = mails.length;
    await outbid(user, 'Quiet Watch');
    await t.jobs.runNow('push.send-due');
    expect(phone.received()).toEqual([]);
    const bell = (await call(t, 'GET', '/api/notifications', { user })).json() as NotificationList;
    expect(bell.items.map((n) => n.title)).toContain("You've been outbid on Quiet Watch");
    expect(mails.slice(mailed).map((m) => m.subject)).toContain("You've been outbid on Quiet Watch");
  });

  it('the bell and email switches keep outbid off the bell and out of the inbox', async () => {
    const { user, phone } = await personWithPhone();
    await settings(user, [{ topic: 'outbid', bell: false, email: false, push: true }]);
    const mailed = mails.length;
    await outbid(user, 'Hidden Watch');
    const bell = (await call(t, 'GET', '/api/notifications', { user })).json() as NotificationList;
    expect(bell.items.filter((n) => n.kind === 'outbid')).toEqual([]);
    expect(bell.unread).toBe(0);
    expect(mails.slice(mailed).filter((m) => m.to === `${user.username.toLowerCase()}@example.com`)).toEqual([]);
    expect(phone.received().map((m) => m.payload.title)).toEqual(["You've been outbid on Hidden Watch"]);
    // Back on: the settings say so, and the next outbid rings again.
    const back = await settings(user, [{ topic: 'outbid', bell: true, email: true, push: true }]);
    expect((back.json() as NotificationSettings).topics.every((s) => s.bell && s.email && s.push)).toBe(true);
  });

  it('keeps every other kind out of push: a new bid on a seller’s auction only rings the bell', async () => {
    const phoneSeller = await personWithPhone();
    const auction = await startAuction(t, phoneSeller.user, {}, { title: 'Seller Phone Item' });
    await bidOk(t, await createUser(t), auction.id, { amount: AED(100) });
    await t.afterAnswer.settle();
    expect(phoneSeller.phone.received()).toEqual([]);
  });

  it('a push service that says the subscription is gone (410) takes it away; later news goes nowhere', async () => {
    const { user, phone } = await personWithPhone();
    phone.fail(410);
    await outbid(user, 'Gone Phone');
    const rows = await t.database.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
    await outbid(user, 'Gone Phone 2');
    expect(phone.received()).toEqual([]);
  });

  it('a failing push service is tried again with backoff, off the request path, and the message arrives once', async () => {
    const { user, phone } = await personWithPhone();
    phone.fail(503, 429);
    await outbid(user, 'Retry Watch');
    expect(phone.received()).toEqual([]);
    await t.jobs.runNow('push.send-due');
    expect(phone.received()).toEqual([]); // not due yet
    clock.advance(RETRY_AFTER_MS[0]);
    await t.jobs.runNow('push.send-due');
    expect(phone.received()).toEqual([]); // 429: later still
    clock.advance(RETRY_AFTER_MS[1]);
    await t.jobs.runNow('push.send-due');
    await t.jobs.runNow('push.send-due');
    expect(phone.received().map((m) => m.payload.title)).toEqual(["You've been outbid on Retry Watch"]);
    const left = await t.database.db.selectFrom('push_outbox').select('id').execute();
    expect(left).toEqual([]);
  });

  it('signing out on the device stops it; signing out elsewhere does not', async () => {
    const { user, phone } = await personWithPhone();
    const other = await t.accounts.createSession(user.id);
    await call(t, 'POST', '/api/auth/logout', { headers: { cookie: `souq_sid=${other.token}` } });
    await outbid(user, 'Still Mine');
    expect(phone.received()).toHaveLength(1);
    await call(t, 'POST', '/api/auth/logout', { user });
    const again = await createUser(t);
    await outbid({ ...user, cookie: again.cookie }, 'After Sign Out');
    expect(phone.received()).toHaveLength(1);
  });

  it('the same device again is one subscription; the 21st device drops the oldest, which gets nothing', async () => {
    const user = await createUser(t);
    const phones = Array.from({ length: DEVICES_PER_PERSON + 5 }, () => push.device(serverKey));
    for (const phone of phones) {
      const res = await call(t, 'POST', '/api/push/subscriptions', { user, json: phone.subscription });
      expect(res.statusCode).toBe(200);
      clock.advance(1000);
    }
    await call(t, 'POST', '/api/push/subscriptions', { user, json: phones.at(-1)!.subscription });
    const kept = await t.database.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', user.id)
      .execute();
    expect(kept.map((k) => k.endpoint).sort()).toEqual(
      phones
        .slice(5)
        .map((p) => p.subscription.endpoint)
        .sort(),
    );
    await outbid(user, 'Many Phones');
    expect(phones.slice(0, 5).flatMap((p) => p.received())).toEqual([]);
    expect(phones.slice(5).every((p) => p.received().length === 1)).toBe(true);
    const state = await call(t, 'POST', '/api/push/subscriptions/state', {
      user,
      json: { endpoint: phones[0]!.subscription.endpoint },
    });
    expect(state.json()).toEqual({ subscribed: false });
  });

  describe('bad input: a clear 400 and nothing kept', () => {
    const good = () => push.device('x').subscription;
    const refusals: Array<[string, () => unknown, string]> = [
      [
        'a plain-http address elsewhere',
        () => ({ ...good(), endpoint: 'http://push.example.com/x' }),
        MSG.pushEndpointInvalid,
      ],
      [
        'an https address on a private network',
        () => ({ ...good(), endpoint: 'https://192.168.1.5/push' }),
        MSG.pushEndpointInvalid,
      ],
      [
        'an https address on this machine',
        () => ({ ...good(), endpoint: 'https://localhost.localhost/push' }),
        MSG.pushEndpointInvalid,
      ],
      [
        'an address with a password',
        () => ({ ...good(), endpoint: 'https://a:b@push.example.com/x' }),
        MSG.pushEndpointInvalid,
      ],
      ['not an address', () => ({ ...good(), endpoint: 'javascript:alert(1)' }), MSG.pushEndpointInvalid],
      [
        'a p256dh that is not base64url',
        () => ({ ...good(), keys: { ...good().keys, p256dh: 'not base64!' } }),
        MSG.pushKeysInvalid,
      ],
      [
        'a p256dh of the wrong length',
        () => ({ ...good(), keys: { ...good().keys, p256dh: 'BAAA' } }),
        MSG.pushKeysInvalid,
      ],
      [
        'a p256dh off the curve',
        () => ({
          ...good(),
          keys: {
            ...good().keys,
            p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
          },
        }),
        MSG.pushKeysInvalid,
      ],
      [
        'an auth secret of the wrong length',
        () => ({ ...good(), keys: { ...good().keys, auth: 'AAAA' } }),
        MSG.pushKeysInvalid,
      ],
      ['no keys', () => ({ endpoint: good().endpoint }), MSG.pushKeysInvalid],
    ];
    it.each(refusals)('%s', async (_what, body, message) => {
      const user = await createUser(t);
      const res = await call(t, 'POST', '/api/push/subscriptions', { user, json: body() });
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { error: { message: string } }).error.message).toBe(message);
      const rows = await t.database.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toEqual([]);
    });

    it('a loopback address without PUSH_LOOPBACK', () => {
      const { endpoint } = push.device(serverKey).subscription;
      expect(() => checkEndpoint(endpoint, true)).not.toThrow();
      expect(() => checkEndpoint(endpoint, false)).toThrow(MSG.pushEndpointInvalid);
      expect(() => checkEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).not.toThrow();
    });

    it('signed out: 401; someone else’s device: 404; a setting that is not on or off: 400', async () => {
      const phone = push.device(serverKey);
      expect((await call(t, 'POST', '/api/push/subscriptions', { json: phone.subscription })).statusCode).toBe(401);
      const { phone: theirs } = await personWithPhone();
      const me = await createUser(t);
      const res = await call(t, 'DELETE', '/api/push/subscriptions', {
        user: me,
        json: { endpoint: theirs.subscription.endpoint },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject(apiError('NOT_FOUND', MSG.pushSubscriptionNotFound));
      for (const topics of [
        [{ topic: 'outbid', bell: 'yes', email: true, push: true }],
        [{ topic: 'bids', bell: true, email: true, push: true }],
        'all',
      ]) {
        const bad = await settings(me, topics);
        expect(bad.statusCode).toBe(400);
      }
      const mine = (await call(t, 'GET', '/api/notifications/settings', { user: me })).json() as NotificationSettings;
      expect(mine.topics.map((s) => s.topic)).toEqual([
        'outbid',
        'won',
        'show_live',
        'offer_answered',
        'delivery_failed',
      ]);
      expect(mine.topics.every((s) => s.bell && s.email && s.push)).toBe(true);
    });
  });
});
