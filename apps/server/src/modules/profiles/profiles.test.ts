import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createCrowd,
  createUser,
  insertProduct,
  isWebp,
  productForm,
  readUpload,
  testImage,
  uploadedFiles,
  userRow,
  type TestUser,
} from '../../../test/catalog-support.js';
import { DIALECTS, apiError, eventually, startTestApp, whoAmI, type TestApp } from '../../../test/support.js';

const LOGGED_OUT = apiError('UNAUTHENTICATED', 'You must be logged in to perform this action.');
const UNVERIFIED = apiError('EMAIL_NOT_VERIFIED', 'Please verify your email to continue.');
const NO_USER = apiError('NOT_FOUND', 'This user does not exist.');
const TAKEN = 'This username is already taken.';
const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(DIALECTS)('profiles and follows (%s)', (dialect) => {
  let t: TestApp;
  let amira: TestUser;
  let omar: TestUser;
  let unverified: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [amira, omar, unverified] = await Promise.all([createUser(t), createUser(t), createUser(t, { verified: false })]);
  });
  afterAll(() => t.close());

  const profile = (id: string, viewer?: TestUser) => call(t, 'GET', `/api/users/${id}`, { user: viewer });
  const follow = (id: string, user?: TestUser) => call(t, 'PUT', `/api/users/${id}/follow`, { user });
  const unfollow = (id: string, user?: TestUser) => call(t, 'DELETE', `/api/users/${id}/follow`, { user });
  const editProfile = (body: unknown, user?: TestUser) => call(t, 'PUT', '/api/me/profile', { user, json: body });

  /** Each user's two counters against the follows rows they summarise. */
  async function expectCountsMatchRows(users: TestUser[]) {
    for (const u of users) {
      const row = await userRow(t, u.id);
      const followers = await t.database.db
        .selectFrom('follows')
        .select('follower_id')
        .where('followee_id', '=', u.id)
        .execute();
      const following = await t.database.db
        .selectFrom('follows')
        .select('followee_id')
        .where('follower_id', '=', u.id)
        .execute();
      expect({ followers: row.followers_count, following: row.following_count }, u.username).toEqual({
        followers: followers.length,
        following: following.length,
      });
    }
  }

  describe('GET /api/users/:id', () => {
    it('shows a public profile with its counts, and whether it is me', async () => {
      const res = await profile(amira.id, amira);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: amira.id,
        username: amira.username,
        profilePic: '/images/default-avatar.svg',
        bio: '',
        // Opt-in (issue 7): a new account publishes no contact email.
        contactEmail: null,
        postsCount: 0,
        followersCount: 0,
        followingCount: 0,
        createdAt: expect.any(String),
        isMe: true,
        isFollowing: false,
      });
      expect((await profile(amira.id, omar)).json()).toMatchObject({ isMe: false, isFollowing: false });
      expect((await profile(amira.id)).json()).toMatchObject({ isMe: false, isFollowing: false });
    });

    it('answers 404 for an unknown user', async () => {
      for (const id of [MISSING, 'nobody']) {
        const res = await profile(id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NO_USER);
      }
    });
  });

  describe('PUT /api/me/profile', () => {
    it('changes the username, bio and contact email, never the sign-in email', async () => {
      const me = await createUser(t);
      const res = await editProfile(
        {
          username: `${me.username}X`,
          bio: '  Collector of Gulf watches.  ',
          contactEmail: ' Sales@Example.COM ',
          email: 'hijack@example.com',
        },
        me,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: me.id,
        username: `${me.username}X`,
        bio: 'Collector of Gulf watches.',
        contactEmail: 'sales@example.com',
        isMe: true,
      });
      const row = await userRow(t, me.id);
      expect(row).toMatchObject({
        email: me.email,
        username: `${me.username}X`,
        bio: 'Collector of Gulf watches.',
        contact_email: 'sales@example.com',
      });
      expect(await whoAmI(t, me.cookie)).toMatchObject({ email: me.email });

      const cleared = await editProfile({ username: `${me.username}X`, bio: '', contactEmail: '' }, me);
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json()).toMatchObject({ bio: '', contactEmail: null });
    });

    it('lets a user change only the case of their own username', async () => {
      const me = await createUser(t);
      const res = await editProfile({ username: me.username.toUpperCase() }, me);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ username: me.username.toUpperCase() });
    });

    it('lets a user edit their profile before verifying their email', async () => {
      const res = await editProfile({ username: unverified.username, bio: 'New here' }, unverified);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ bio: 'New here' });
    });

    it.each([
      ['no username', { bio: 'x' }, 'username', 'Username is required.'],
      ['a blank username', { username: '   ' }, 'username', 'Username is required.'],
      ['a short username', { username: 'ab' }, 'username', 'Username should be at least 3 characters.'],
      ['a long username', { username: 'a'.repeat(31) }, 'username', 'Username must be at most 30 characters.'],
      [
        'a username with spaces',
        { username: 'two words' },
        'username',
        'Username can only use letters, numbers, dots, dashes and underscores.',
      ],
      ['a long bio', { username: 'valid_name', bio: 'b'.repeat(501) }, 'bio', 'Bio must be at most 500 characters.'],
      [
        'a bad contact email',
        { username: 'valid_name', contactEmail: 'not-an-email' },
        'contactEmail',
        'Please enter a valid email address.',
      ],
    ])('refuses %s and changes nothing', async (_case, body, field, message) => {
      const before = await userRow(t, omar.id);
      const res = await editProfile(body, omar);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(apiError('VALIDATION_FAILED', message, { [field]: message }));
      expect(await userRow(t, omar.id)).toEqual(before);
    });

    it("refuses another user's username in any case with 409", async () => {
      const before = await userRow(t, omar.id);
      for (const username of [amira.username, amira.username.toUpperCase()]) {
        const res = await editProfile({ username }, omar);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual(apiError('CONFLICT', TAKEN, { username: TAKEN }));
      }
      expect(await userRow(t, omar.id)).toEqual(before);
    });

    it('gives a free username to only one of two users taking it at the same moment', async () => {
      const [a, b] = await createCrowd(t, 2);
      const results = await Promise.all([
        editProfile({ username: 'Racer_Name' }, a),
        editProfile({ username: 'racer_NAME' }, b),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json()).toEqual(
        apiError('CONFLICT', TAKEN, { username: TAKEN }),
      );
    });

    it('needs a signed-in user', async () => {
      const res = await editProfile({ username: 'someone' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(LOGGED_OUT);
    });
  });

  describe('POST /api/me/photo', () => {
    const photoForm = async (data?: Buffer, field = 'photo') =>
      productForm({}, data ? [{ field, data, filename: 'me.jpg', type: 'image/jpeg' }] : []);

    it('stores the picture as WebP and makes it the profile picture, served from /uploads', async () => {
      const me = await createUser(t);
      const res = await call(t, 'POST', '/api/me/photo', {
        user: me,
        form: await photoForm(await testImage('jpeg', 900, 600)),
      });
      expect(res.statusCode).toBe(200);
      const { profilePic } = res.json() as { profilePic: string };
      expect(profilePic).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}-thumb\.webp$/);
      expect((await profile(me.id)).json()).toMatchObject({ profilePic });
      expect(await whoAmI(t, me.cookie)).toMatchObject({ profilePic });
      const served = await t.app.inject({ method: 'GET', url: profilePic });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(isWebp(served.rawPayload)).toBe(true);
      expect(served.rawPayload.equals(readUpload(t, `public/${profilePic.slice('/uploads/'.length)}`))).toBe(true);
    });

    it('removes the replaced photo from disk', async () => {
      const me = await createUser(t);
      const first = (
        await call(t, 'POST', '/api/me/photo', { user: me, form: await photoForm(await testImage('jpeg')) })
      ).json() as { profilePic: string };
      const second = (
        await call(t, 'POST', '/api/me/photo', { user: me, form: await photoForm(await testImage('png')) })
      ).json() as { profilePic: string };
      const key = (url: string) => /avatars\/([0-9a-f-]{36})/.exec(url)![1]!;
      const files = uploadedFiles(t).filter((f) => f.includes('avatars/'));
      expect(files.some((f) => f.includes(key(first.profilePic)))).toBe(false);
      expect(files.filter((f) => f.includes(key(second.profilePic)))).toHaveLength(2);
    });

    it('refuses a missing photo (400), a file that is not a picture (415) and a visitor (401), writing nothing', async () => {
      const me = await createUser(t);
      const before = { files: uploadedFiles(t), pic: (await userRow(t, me.id)).avatar_key };
      const none = await call(t, 'POST', '/api/me/photo', { user: me, form: await photoForm() });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual(
        apiError('VALIDATION_FAILED', 'Choose a photo to upload.', { photo: 'Choose a photo to upload.' }),
      );
      const wrongField = await call(t, 'POST', '/api/me/photo', {
        user: me,
        form: await photoForm(await testImage('jpeg'), 'images'),
      });
      expect(wrongField.statusCode).toBe(400);
      const script = await call(t, 'POST', '/api/me/photo', {
        user: me,
        form: await photoForm(Buffer.from('<?php system($_GET[1]); ?>')),
      });
      expect(script.statusCode).toBe(415);
      expect(script.json()).toEqual(
        apiError('UNSUPPORTED_MEDIA_TYPE', 'Images must be JPEG, PNG, WebP, GIF or AVIF files.'),
      );
      const anonymous = await call(t, 'POST', '/api/me/photo', { form: await photoForm(await testImage('jpeg')) });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(LOGGED_OUT);
      expect({ files: uploadedFiles(t), pic: (await userRow(t, me.id)).avatar_key }).toEqual(before);
    });

    it('takes one file: a second one is refused as soon as it starts (413), and no temporary file is left', async () => {
      const me = await createUser(t);
      const before = { files: uploadedFiles(t), pic: (await userRow(t, me.id)).avatar_key };
      const jpeg = await testImage('jpeg');
      const two = productForm(
        {},
        [0, 1].map((i) => ({ field: 'photo', data: jpeg, filename: `me${i}.jpg`, type: 'image/jpeg' })),
      );
      const res = await call(t, 'POST', '/api/me/photo', { user: me, form: two });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual(apiError('PAYLOAD_TOO_LARGE', 'Send one photo at a time.'));
      expect({ files: uploadedFiles(t), pic: (await userRow(t, me.id)).avatar_key }).toEqual(before);
      await eventually(() => expect(fs.readdirSync(path.join(t.config.dataDir, 'tmp', 'uploads'))).toEqual([]));
    });
  });

  describe('follow and unfollow', () => {
    it('follows once however often clicked, counts both sides, and unfollows the same way', async () => {
      const [fan, star] = await createCrowd(t, 2);
      for (let i = 0; i < 2; i++) {
        const res = await follow(star!.id, fan);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ following: true, followersCount: 1 });
      }
      expect((await profile(star!.id, fan)).json()).toMatchObject({
        followersCount: 1,
        followingCount: 0,
        isFollowing: true,
      });
      expect((await profile(fan!.id, fan)).json()).toMatchObject({
        followersCount: 0,
        followingCount: 1,
        isFollowing: false,
      });
      expect((await profile(star!.id)).json()).toMatchObject({ isFollowing: false });
      await expectCountsMatchRows([fan!, star!]);

      for (let i = 0; i < 2; i++) {
        const res = await unfollow(star!.id, fan);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ following: false, followersCount: 0 });
      }
      expect((await profile(star!.id, fan)).json()).toMatchObject({ followersCount: 0, isFollowing: false });
      expect((await profile(fan!.id)).json()).toMatchObject({ followingCount: 0 });
      await expectCountsMatchRows([fan!, star!]);
    });

    it('needs a verified user: 401 for a visitor, 403 before verifying; nothing changes', async () => {
      for (const [res, body] of [
        [await follow(amira.id), LOGGED_OUT],
        [await unfollow(amira.id), LOGGED_OUT],
        [await follow(amira.id, unverified), UNVERIFIED],
        [await unfollow(amira.id, unverified), UNVERIFIED],
      ] as const) {
        expect(res.statusCode).toBe(body === LOGGED_OUT ? 401 : 403);
        expect(res.json()).toEqual(body);
      }
      expect((await userRow(t, amira.id)).followers_count).toBe(0);
      await expectCountsMatchRows([amira, unverified]);
    });

    it('refuses following yourself (400) and unknown users (404)', async () => {
      const self = await follow(omar.id, omar);
      expect(self.statusCode).toBe(400);
      expect(self.json()).toEqual(apiError('VALIDATION_FAILED', 'You cannot follow yourself.'));
      for (const res of [await follow(MISSING, omar), await unfollow(MISSING, omar)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NO_USER);
      }
      await expectCountsMatchRows([omar]);
      const rows = await t.database.db
        .selectFrom('follows')
        .select('followee_id')
        .where('follower_id', '=', omar.id)
        .execute();
      expect(rows).toEqual([]);
    });

    it('keeps both counters equal to the rows through 20 simultaneous clicks by one user', async () => {
      const [fan, star] = await createCrowd(t, 2);
      const clicks = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 3 === 2 ? unfollow(star!.id, fan) : follow(star!.id, fan))),
      );
      expect(clicks.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      await expectCountsMatchRows([fan!, star!]);
      const settle = await Promise.all(Array.from({ length: 20 }, () => follow(star!.id, fan)));
      expect(settle.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect((await userRow(t, star!.id)).followers_count).toBe(1);
      expect((await userRow(t, fan!.id)).following_count).toBe(1);
      await expectCountsMatchRows([fan!, star!]);
    });

    it('keeps every counter equal to the rows when several users follow and unfollow each other at once', async () => {
      const people = await createCrowd(t, 5);
      const clicks = people.flatMap((a, i) =>
        people
          .filter((b) => b !== a)
          .flatMap((b, j) => [follow(b.id, a), (i + j) % 2 ? unfollow(b.id, a) : follow(b.id, a), follow(b.id, a)]),
      );
      const results = await Promise.all(clicks);
      expect(results.map((r) => r.statusCode)).toEqual(Array(clicks.length).fill(200));
      await expectCountsMatchRows(people);
      // Finally everyone follows everyone else.
      await Promise.all(people.flatMap((a) => people.filter((b) => b !== a).map((b) => follow(b.id, a))));
      for (const p of people) expect(await userRow(t, p.id)).toMatchObject({ followers_count: 4, following_count: 4 });
      await expectCountsMatchRows(people);
    });
  });

  describe('lists on a profile', () => {
    it("GET /api/users/:id/products lists that seller's products, newest first, and no one else's", async () => {
      const [seller, rival] = await createCrowd(t, 2);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push(
          await insertProduct(t, seller!.id, { created_at: new Date(Date.UTC(2026, 1, 1, 0, i)).toISOString() }),
        );
      const auction = await insertProduct(t, seller!.id, {
        is_auction: 1,
        created_at: new Date(Date.UTC(2026, 1, 1, 0, 9)).toISOString(),
      });
      await insertProduct(t, rival!.id);
      const res = await call(t, 'GET', `/api/users/${seller!.id}/products`);
      expect(res.statusCode).toBe(200);
      expect((res.json() as { items: Array<{ id: string }> }).items.map((p) => p.id)).toEqual([
        auction,
        ...ids.reverse(),
      ]);
      expect((await call(t, 'GET', `/api/users/${MISSING}/products`)).json()).toEqual({ items: [], nextCursor: null });
    });

    it('GET /api/me/likes lists the products I like, most recently liked first, and needs a login', async () => {
      const [me] = await createCrowd(t, 1);
      const [a, b, c] = [
        await insertProduct(t, amira.id),
        await insertProduct(t, amira.id),
        await insertProduct(t, amira.id),
      ];
      for (const id of [a, b, c]) {
        expect((await call(t, 'PUT', `/api/products/${id}/like`, { user: me })).statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await call(t, 'DELETE', `/api/products/${b}/like`, { user: me });
      const res = await call(t, 'GET', '/api/me/likes', { user: me });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        items: [expect.objectContaining({ id: c, likeCount: 1 }), expect.objectContaining({ id: a, likeCount: 1 })],
        nextCursor: null,
      });
      const other = await call(t, 'GET', '/api/me/likes', { user: omar });
      expect(other.json()).toEqual({ items: [], nextCursor: null });
      const anonymous = await call(t, 'GET', '/api/me/likes');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(LOGGED_OUT);
    });
  });
});
