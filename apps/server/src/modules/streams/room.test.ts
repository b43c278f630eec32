import crypto from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG, MUTE_MS, streamRoom, type ClientAcks, type Locale } from '@souq/shared';
import { startAuction } from '../../../test/auction-support.js';
import { call, createUser, type TestUser } from '../../../test/catalog-support.js';
import { listen, nextMessage, openSocket, type ClientSocket } from '../../../test/realtime-support.js';
import { DIALECTS, apiError, createTestDatabase, testConfig, type TestApp } from '../../../test/support.js';
import type { MailMessage } from '../../adapters/mail/index.js';
import { buildApp } from '../../app.js';
import type { UserRow } from '../../db/schema.js';
import { createFakeClock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { createMediaService } from '../../media/media-service.js';
import { attachRealtime } from '../../realtime/gateway.js';
import { createRoomParts, type RoomParts } from './moderation.js';
import { mergeSocketParts, roomSocket } from './room-socket.js';

const redisUrl = inject('redisUrl');

/**
 * The room's parts (issue 30). The HTTP routes are the app's own (streams/index.ts wires them);
 * for the parts called directly, the test builds a second set over the same database, clock,
 * event bus and ports, whose mail it keeps, and serves roomSocket from gateways of its own
 * (attachRealtime on bare Fastify servers, sharing the app's sessions and events; through Redis
 * when the suite has one, as two instances). onShowLive is called directly with a stream row
 * inserted here; going live through the host's route is lots.test.ts's and the browser suite's.
 */
describe.each(DIALECTS)('the room: reminders, moderators, mutes, muted words, viewers (%s)', (dialect) => {
  const clock = createFakeClock();
  const mails: MailMessage[] = [];
  let t: TestApp;
  let room: RoomParts;
  const gateways: FastifyInstance[] = [];
  const sockets: ClientSocket[] = [];
  let host: TestUser;
  let moderator: TestUser;
  let viewer: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    const database = await createTestDatabase(dialect);
    const config = testConfig(database.config);
    const souq = await buildApp(config, { clock });
    room = createRoomParts({
      db: souq.database.db,
      dialect,
      clock,
      media: createMediaService(souq.storage, souq.app.log),
      publish: souq.events.publish,
      accounts: souq.accounts,
      profiles: souq.profiles,
      notifications: souq.notifications,
      mailLater: (onCommit, message) => onCommit(() => mails.push(message)),
      publicUrl: config.publicUrl,
    });
    await souq.app.ready();
    t = {
      ...souq,
      config,
      close: async () => {
        await souq.app.close();
        await database.drop();
      },
    };
    [host, moderator, viewer, other] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    await t.database.db
      .insertInto('host_moderators')
      .values({ host_id: host.id, user_id: moderator.id, created_at: clock.iso() })
      .execute();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    for (const g of gateways) await g.close();
    await t.close();
  });

  const userRow = async (u: TestUser) => (await t.accounts.userById(u.id)) as UserRow;
  /** A show of the host's, written directly: scheduled, or live. */
  async function insertShow(status: 'scheduled' | 'live', of: TestUser = host, title = 'Friday gold') {
    const { id: auctionId } = await startAuction(t, of);
    const id = crypto.randomUUID();
    await t.database.db
      .insertInto('streams')
      .values({
        id,
        host_id: of.id,
        title,
        cover_key: null,
        auction_id: auctionId,
        status,
        scheduled_for: status === 'scheduled' ? clock.iso(86_400_000) : null,
        started_at: clock.iso(),
        ends_at: clock.iso(3_600_000),
        ended_at: null,
        end_reason: null,
        // The host is "seen" far ahead, so no end-due job ends the show while the clock moves.
        host_seen_at: clock.iso(86_400_000),
        video_room: null,
        created_at: clock.iso(),
      })
      .execute();
    return id;
  }
  const ref = async (id: string) =>
    (await t.database.db
      .selectFrom('streams')
      .select(['id', 'host_id', 'muted_words', 'title'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow())!;
  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    return { code: (error as DomainError).code, message: (error as DomainError).message };
  };

  describe('reminders', () => {
    it('are for scheduled shows only, idempotent, and forgotten on request', async () => {
      const scheduled = await insertShow('scheduled');
      const live = await insertShow('live', other);
      expect((await call(t, 'PUT', `/api/streams/${scheduled}/reminder`)).json()).toEqual(
        apiError('UNAUTHENTICATED', MSG.mustBeLoggedIn),
      );
      for (let i = 0; i < 2; i++)
        expect((await call(t, 'PUT', `/api/streams/${scheduled}/reminder`, { user: viewer })).json()).toEqual({
          ok: true,
        });
      expect((await call(t, 'PUT', `/api/streams/${live}/reminder`, { user: viewer })).json()).toEqual(
        apiError('CONFLICT', MSG.reminderNotUpcoming),
      );
      expect((await call(t, 'PUT', `/api/streams/${crypto.randomUUID()}/reminder`, { user: viewer })).json()).toEqual(
        apiError('NOT_FOUND', MSG.streamNotFound),
      );
      expect((await call(t, 'PUT', `/api/streams/nope/reminder`, { user: viewer })).statusCode).toBe(404);
      const rows = () =>
        t.database.db.selectFrom('stream_reminders').selectAll().where('stream_id', '=', scheduled).execute();
      expect(await rows()).toHaveLength(1);
      expect((await room.room(await userRow(viewer), await ref(scheduled))).reminded).toBe(true);
      expect((await call(t, 'DELETE', `/api/streams/${scheduled}/reminder`, { user: viewer })).json()).toEqual({
        ok: true,
      });
      expect((await call(t, 'DELETE', `/api/streams/${scheduled}/reminder`, { user: viewer })).json()).toEqual({
        ok: true,
      });
      expect(await rows()).toEqual([]);
      expect((await room.room(await userRow(viewer), await ref(scheduled))).reminded).toBe(false);
    });

    it('going live tells everyone reminded and every follower once, in the bell and by mail, in their language', async () => {
      const star = await createUser(t);
      const [remindedOnly, both, followerAr, stranger] = await Promise.all([
        createUser(t),
        createUser(t),
        createUser(t),
        createUser(t),
      ]);
      await t.database.db.updateTable('users').set({ locale: 'ar' }).where('id', '=', followerAr.id).execute();
      for (const fan of [both, followerAr])
        expect((await call(t, 'PUT', `/api/users/${star.id}/follow`, { user: fan })).statusCode).toBe(200);
      const show = await insertShow('scheduled', star, 'Oud night');
      for (const fan of [remindedOnly, both])
        expect((await call(t, 'PUT', `/api/streams/${show}/reminder`, { user: fan })).statusCode).toBe(200);
      // The host reminding themselves is not told of their own show.
      await call(t, 'PUT', `/api/streams/${show}/reminder`, { user: star });
      await t.database.db.updateTable('streams').set({ status: 'live' }).where('id', '=', show).execute();
      mails.length = 0;

      await room.onShowLive(await ref(show));

      const news = await t.database.db
        .selectFrom('notifications')
        .selectAll()
        .where('subject', '=', show)
        .orderBy('user_id')
        .execute();
      const expected = new Map<string, Locale>([
        [remindedOnly.id, 'en'],
        [both.id, 'en'],
        [followerAr.id, 'ar'],
      ]);
      expect(news.map((n) => n.user_id).sort()).toEqual([...expected.keys()].sort());
      for (const n of news) {
        expect(n).toMatchObject({ kind: 'show_live', link: `/livestream/${show}`, read_at: null });
        expect(n.title).toBe(expected.get(n.user_id) === 'ar' ? 'مباشر الآن: Oud night' : 'Live now: Oud night');
        expect(n.body).toContain(star.username);
      }
      expect(mails.map((m) => m.to).sort()).toEqual([remindedOnly.email, both.email, followerAr.email].sort());
      expect(mails.some((m) => m.to === stranger.email || m.to === star.email)).toBe(false);
      const arabic = mails.find((m) => m.to === followerAr.email)!;
      expect(arabic.subject).toBe('مباشر الآن: Oud night');
      expect(arabic.html).toContain('dir="rtl"');
      expect(arabic.text).toContain(`${t.config.publicUrl}/livestream/${show}`);
      expect(mails.find((m) => m.to === both.email)!.subject).toBe('Live now: Oud night');
    });
  });

  describe('moderators', () => {
    it('are added by username (any case), listed, removed; every refusal in its words', async () => {
      const boss = await createUser(t);
      const helper = await createUser(t);
      const list = async () =>
        ((await call(t, 'GET', '/api/me/moderators', { user: boss })).json() as { items: { id: string }[] }).items;
      expect(await list()).toEqual([]);
      const add = (username: string, user: TestUser | null = boss) =>
        call(t, 'POST', '/api/me/moderators', { user, json: { username } });
      const res = await add(helper.username.toUpperCase());
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ id: helper.id, username: helper.username });
      expect((await add(helper.username)).statusCode).toBe(201);
      expect((await list()).map((m) => m.id)).toEqual([helper.id]);

      expect((await add('nobody-at-all')).json()).toEqual(apiError('NOT_FOUND', MSG.userNotFound));
      expect((await add(boss.username)).json()).toEqual(apiError('CONFLICT', MSG.moderatorSelf));
      expect((await add(helper.username, null)).json()).toEqual(apiError('UNAUTHENTICATED', MSG.mustBeLoggedIn));
      expect((await add('   ')).statusCode).toBe(400);
      expect((await call(t, 'GET', '/api/me/moderators')).statusCode).toBe(401);

      // Full at MODERATORS_MAX (20): the 21st is refused, naming one already named is still fine.
      const crowd = await Promise.all(Array.from({ length: 19 }, () => createUser(t)));
      for (const c of crowd) expect((await add(c.username)).statusCode).toBe(201);
      const late = await createUser(t);
      expect((await add(late.username)).json()).toEqual(apiError('CONFLICT', MSG.moderatorsFull));
      expect((await add(crowd[0]!.username)).statusCode).toBe(201);
      expect(await list()).toHaveLength(20);

      // Many adds at once for a fresh host: exactly MODERATORS_MAX are named, the rest refused as full.
      const rush = await createUser(t);
      const hopefuls = await Promise.all(Array.from({ length: 24 }, () => createUser(t)));
      const answers = await Promise.all(hopefuls.map((h) => add(h.username, rush)));
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(20);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(4);

      const remove = (userId: string, user: TestUser | null = boss) =>
        call(t, 'DELETE', `/api/me/moderators/${userId}`, { user });
      expect((await remove(helper.id, null)).statusCode).toBe(401);
      expect((await remove(helper.id)).json()).toEqual({ ok: true });
      expect((await remove(helper.id)).json()).toEqual(apiError('NOT_FOUND', MSG.userNotFound));
      expect((await remove('not-an-id')).json()).toEqual(apiError('NOT_FOUND', MSG.userNotFound));
      expect((await list()).map((m) => m.id)).not.toContain(helper.id);
      expect(await room.canModerate(helper.id, { id: 'x', host_id: boss.id, muted_words: '[]' })).toBe(false);
      expect(await room.canModerate(crowd[1]!.id, { id: 'x', host_id: boss.id, muted_words: '[]' })).toBe(true);
      expect(await room.canModerate(boss.id, { id: 'x', host_id: boss.id, muted_words: '[]' })).toBe(true);
    });
  });

  describe('mutes and muted words', () => {
    it('a mute refuses chat for five minutes, then not', async () => {
      const show = await insertShow('live');
      const stream = await ref(show);
      const res = await call(t, 'POST', `/api/streams/${show}/muted/${viewer.id}`, { user: moderator });
      expect(res.statusCode, res.body).toBe(200);
      const { until } = res.json() as { until: string };
      expect(Date.parse(until) - clock.now().getTime()).toBe(MUTE_MS);
      const v = await userRow(viewer);
      expect(await refusal(room.chatCheck(v, stream, 'hello'))).toEqual({
        code: 'FORBIDDEN',
        message: MSG.mutedInChat,
      });
      expect((await room.room(v, stream)).mutedUntil).toBe(until);
      expect(await room.chatCheck(await userRow(other), stream, 'hello')).toEqual({ hidden: false });
      clock.advance(MUTE_MS - 1);
      expect(await refusal(room.chatCheck(v, stream, 'hello'))).toEqual({
        code: 'FORBIDDEN',
        message: MSG.mutedInChat,
      });
      clock.advance(1);
      expect(await room.chatCheck(v, stream, 'hello')).toEqual({ hidden: false });
      expect((await room.room(v, stream)).mutedUntil).toBeNull();
      // The hourly sweep forgets the ended mute.
      const mutes = () =>
        t.database.db.selectFrom('stream_mutes').select('user_id').where('stream_id', '=', show).execute();
      expect(await mutes()).toHaveLength(1);
      await room.moderation.sweepEndedMutes();
      expect(await mutes()).toEqual([]);
    });

    it('muted words hide a line from everyone but its sender, never the host or a moderator', async () => {
      const show = await insertShow('live');
      const set = (words: string[], user: TestUser | null = host) =>
        call(t, 'PUT', `/api/streams/${show}/muted-words`, { user, json: { words } });
      const res = await set(['Spam', 'spam', 'SPAM', 'cheap deal']);
      expect(res.json()).toEqual({ words: ['Spam', 'cheap deal'] });
      expect((await ref(show)).muted_words).toBe(JSON.stringify(['Spam', 'cheap deal']));
      expect((await set(['x'], moderator)).json()).toEqual(apiError('FORBIDDEN', MSG.notStreamHost));
      expect((await set(['x'], null)).statusCode).toBe(401);
      expect((await set(['a'.repeat(41)])).statusCode).toBe(400);
      expect((await set(Array.from({ length: 51 }, (_, i) => `w${i}`))).json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', message: MSG.mutedWordsTooMany },
      });
      expect((await ref(show)).muted_words).toBe(JSON.stringify(['Spam', 'cheap deal']));

      const stream = await ref(show);
      const check = async (u: TestUser, text: string) => (await room.chatCheck(await userRow(u), stream, text)).hidden;
      expect(await check(viewer, 'SPAM here')).toBe(true);
      expect(await check(viewer, 'a deal that is CHEAP')).toBe(true);
      expect(await check(viewer, 'spammy but fine')).toBe(false);
      expect(await check(host, 'spam')).toBe(false);
      expect(await check(moderator, 'spam')).toBe(false);
      // Only the host and moderators see the list.
      expect((await room.room(await userRow(viewer), stream)).mutedWords).toEqual([]);
      expect((await room.room(await userRow(moderator), stream)).mutedWords).toEqual(['Spam', 'cheap deal']);
      expect(await room.room(null, stream)).toEqual({
        reminded: false,
        canModerate: false,
        mutedWords: [],
        mutedUntil: null,
      });
    });

    it('the routes: visitor, other user, host and moderator, never a 5xx', async () => {
      const show = await insertShow('live');
      const mute = (user: TestUser | null, target: string) =>
        call(t, 'POST', `/api/streams/${show}/muted/${target}`, { user });
      expect((await mute(null, viewer.id)).json()).toEqual(apiError('UNAUTHENTICATED', MSG.mustBeLoggedIn));
      expect((await mute(other, viewer.id)).json()).toEqual(apiError('FORBIDDEN', MSG.notModerator));
      expect((await mute(host, host.id)).json()).toEqual(apiError('VALIDATION_FAILED', MSG.notFound));
      expect((await mute(moderator, host.id)).json()).toEqual(apiError('VALIDATION_FAILED', MSG.notFound));
      expect((await mute(moderator, moderator.id)).json()).toEqual(apiError('VALIDATION_FAILED', MSG.notFound));
      expect((await mute(host, crypto.randomUUID())).json()).toEqual(apiError('NOT_FOUND', MSG.userNotFound));
      expect(
        (await call(t, 'POST', `/api/streams/${crypto.randomUUID()}/muted/${viewer.id}`, { user: host })).json(),
      ).toEqual(apiError('NOT_FOUND', MSG.streamNotFound));
      expect((await mute(host, viewer.id)).statusCode).toBe(200);
      expect((await mute(moderator, other.id)).statusCode).toBe(200);
      await t.database.db.updateTable('streams').set({ status: 'ended' }).where('id', '=', show).execute();
      expect((await mute(host, viewer.id)).json()).toEqual(apiError('CONFLICT', MSG.streamNotLive));

      const routes: Array<[string, string, unknown?]> = [
        ['PUT', `/api/streams/${show}/reminder`],
        ['DELETE', `/api/streams/${show}/reminder`],
        ['PUT', `/api/streams/${show}/muted-words`, { words: ['x'] }],
        ['PUT', `/api/streams/${show}/muted-words`, { words: 'x' }],
        ['POST', `/api/streams/${show}/muted/${viewer.id}`],
        ['GET', '/api/me/moderators'],
        ['POST', '/api/me/moderators', { username: viewer.username }],
        ['POST', '/api/me/moderators', {}],
        ['DELETE', `/api/me/moderators/${viewer.id}`],
      ];
      for (const user of [null, other, host, moderator])
        for (const [method, url, json] of routes) {
          const res = await call(t, method as 'GET', url, { user, json });
          expect(res.statusCode, `${method} ${url} as ${user?.username ?? 'visitor'}: ${res.body}`).toBeLessThan(500);
          if (!user) expect(res.statusCode).toBe(401);
        }
      // The moderator-add above named viewer for other, host and moderator; host's stays named.
      expect(await room.canModerate(moderator.id, { id: show, host_id: host.id, muted_words: '[]' })).toBe(true);
    });
  });

  describe('over sockets', () => {
    /** A gateway of the test's own, with a bare join and the room's part (see the top of this file). */
    async function gateway(withRedis: boolean) {
      const app = Fastify();
      await app.register(cookie, { hook: false });
      attachRealtime(app, {
        publicUrl: t.config.publicUrl,
        redisUrl: (withRedis && redisUrl) || undefined,
        clock,
        events: t.events,
        accounts: t.accounts,
        parts: [
          mergeSocketParts(
            { handlers: { 'stream:join': (session, { streamId }) => session.join(streamRoom(streamId)) } },
            roomSocket(room),
          ),
        ],
        log: app.log,
        metrics: { socketConnected() {}, socketMessageSent() {}, gauge() {} } as never,
      });
      gateways.push(app);
      return listen({ app } as never);
    }
    const open = async (base: string, user?: TestUser) => {
      const { socket } = await openSocket(base, { cookie: user?.cookie });
      sockets.push(socket);
      return socket;
    };
    const ask = <E extends 'stream:join' | 'stream:viewer-list'>(socket: ClientSocket, event: E, streamId: string) =>
      new Promise<ClientAcks[E]>((resolve) =>
        (socket.emit as (e: string, m: unknown, ack: (reply: ClientAcks[E]) => void) => void)(
          event,
          { streamId },
          resolve,
        ),
      );

    it('lists the signed-in viewers (not the host) and counts guests, for the host and moderators only', async () => {
      // Two instances through Redis when there is one: the list spans them.
      const shared = Boolean(redisUrl) && dialect === 'postgres';
      const baseA = await gateway(shared);
      const baseB = shared ? await gateway(true) : baseA;
      const show = await insertShow('live');
      const hostSocket = await open(baseA, host);
      const modSocket = await open(baseB, moderator);
      const v1 = await open(baseA, viewer);
      const v1again = await open(baseB, viewer);
      const v2 = await open(baseB, other);
      const guest = await open(baseB);
      const onlyOther = await open(baseA, await createUser(t));
      for (const s of [hostSocket, modSocket, v1, v1again, v2, guest]) await ask(s, 'stream:join', show);

      const answer = await ask(hostSocket, 'stream:viewer-list', show);
      expect(answer.ok).toBe(true);
      if (!answer.ok) return;
      expect(answer.guests).toBe(1);
      expect(answer.viewers.map((v) => v.id).sort()).toEqual([moderator.id, viewer.id, other.id].sort());
      expect(answer.viewers.find((v) => v.id === viewer.id)).toMatchObject({ username: viewer.username });
      expect(await ask(modSocket, 'stream:viewer-list', show)).toMatchObject({ ok: true, guests: 1 });

      expect(await ask(v1, 'stream:viewer-list', show)).toEqual({
        ok: false,
        code: 'FORBIDDEN',
        message: MSG.notModerator,
      });
      expect(await ask(guest, 'stream:viewer-list', show)).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
      expect(await ask(onlyOther, 'stream:viewer-list', crypto.randomUUID())).toMatchObject({
        ok: false,
        code: 'NOT_FOUND',
      });
    });

    it('tells the muted person, on every page they have open, until when', async () => {
      const base = await gateway(false);
      const show = await insertShow('live');
      const pages = [await open(base, viewer), await open(base, viewer)];
      const bystander = await open(base, other);
      let bystanderTold = false;
      bystander.on('stream:muted', () => (bystanderTold = true));
      const muted = pages.map((page) => nextMessage(page, 'stream:muted', (m) => m.streamId === show));
      expect((await call(t, 'POST', `/api/streams/${show}/muted/${viewer.id}`, { user: host })).statusCode).toBe(200);
      for (const message of await Promise.all(muted))
        expect(message).toEqual({ streamId: show, until: clock.iso(MUTE_MS), message: MSG.mutedInChat });
      expect(bystanderTold).toBe(false);
    });
  });
});
