import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createCrowd,
  createUser,
  insertProduct,
  productRow,
  type TestUser,
} from '../../../test/catalog-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';

const LOGGED_OUT = apiError('UNAUTHENTICATED', 'You must be logged in to perform this action.');
const NOT_FOUND = apiError('NOT_FOUND', 'This product does not exist or has been removed.');
const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(DIALECTS)('likes (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let fan: TestUser;
  let unverified: TestUser;
  let crowd: TestUser[];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [seller, fan, unverified] = await Promise.all([createUser(t), createUser(t), createUser(t, { verified: false })]);
    crowd = await createCrowd(t, 6);
  });
  afterAll(() => t.close());

  const like = (id: string, user?: TestUser) => call(t, 'PUT', `/api/products/${id}/like`, { user });
  const unlike = (id: string, user?: TestUser) => call(t, 'DELETE', `/api/products/${id}/like`, { user });
  const likeRows = async (id: string) =>
    (await t.database.db.selectFrom('product_likes').select('user_id').where('product_id', '=', id).execute()).map(
      (r) => r.user_id,
    );
  /** The counter, the popularity made from it, and the rows it counts, which must agree. */
  const state = async (id: string) => {
    const row = (await productRow(t, id))!;
    return { likeCount: row.like_count, popularity: row.popularity, rows: (await likeRows(id)).length };
  };

  it('needs a signed-in user: 401 for a visitor, and nothing changes', async () => {
    const id = await insertProduct(t, seller.id);
    for (const res of [await like(id), await unlike(id)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(LOGGED_OUT);
    }
    expect(await state(id)).toEqual({ likeCount: 0, popularity: 0, rows: 0 });
  });

  it('shows the viewer’s like with its count or not at all, while they toggle it', async () => {
    const id = await insertProduct(t, seller.id);
    const seen: Array<{ likedByMe: boolean; likeCount: number }> = [];
    const read = async () => seen.push((await call(t, 'GET', `/api/products/${id}`, { user: fan })).json());
    for (let round = 0; round < 30; round++) {
      await Promise.all([round % 2 === 0 ? like(id, fan) : unlike(id, fan), read(), read(), read(), read()]);
    }
    expect(seen).toHaveLength(120);
    expect(seen.filter((s) => s.likedByMe !== (s.likeCount === 1))).toEqual([]);
  });

  it('toggles on and off, each way idempotent, and shows in likedByMe for that user only', async () => {
    const id = await insertProduct(t, seller.id);
    const detail = async (user?: TestUser) =>
      (await call(t, 'GET', `/api/products/${id}`, { user })).json() as { likedByMe: boolean; likeCount: number };

    for (let i = 0; i < 2; i++) {
      const res = await like(id, fan);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ liked: true, likeCount: 1 });
    }
    expect(await state(id)).toEqual({ likeCount: 1, popularity: 1, rows: 1 });
    expect(await detail(fan)).toMatchObject({ likedByMe: true, likeCount: 1 });
    expect(await detail(seller)).toMatchObject({ likedByMe: false, likeCount: 1 });
    expect(await detail()).toMatchObject({ likedByMe: false, likeCount: 1 });

    for (let i = 0; i < 2; i++) {
      const res = await unlike(id, fan);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ liked: false, likeCount: 0 });
    }
    expect(await state(id)).toEqual({ likeCount: 0, popularity: 0, rows: 0 });
    expect(await detail(fan)).toMatchObject({ likedByMe: false, likeCount: 0 });
  });

  it('lets a signed-in user like before verifying their email (liking needs a login, not a verified email)', async () => {
    const id = await insertProduct(t, seller.id);
    const res = await like(id, unverified);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ liked: true, likeCount: 1 });
  });

  it('answers 404 for a product that does not exist, and writes nothing', async () => {
    for (const res of [await like(MISSING, fan), await unlike(MISSING, fan), await like('x'.repeat(80), fan)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const rows = await t.database.db
      .selectFrom('product_likes')
      .select('user_id')
      .where('product_id', '=', MISSING)
      .execute();
    expect(rows).toEqual([]);
  });

  it('counts 20 simultaneous likes from one user once', async () => {
    const id = await insertProduct(t, seller.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => like(id, fan)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    for (const r of results) expect(r.json()).toMatchObject({ liked: true });
    expect(await state(id)).toEqual({ likeCount: 1, popularity: 1, rows: 1 });
    expect(await likeRows(id)).toEqual([fan.id]);
  });

  it('keeps the count equal to the rows through a storm of likes and unlikes from several users', async () => {
    const id = await insertProduct(t, seller.id);
    await like(id, crowd[0]); // someone already likes it
    const requests = crowd.flatMap((user, u) =>
      Array.from({ length: 8 }, (_, i) => ((i + u) % 2 === 0 ? like(id, user) : unlike(id, user))),
    );
    const results = await Promise.all(requests);
    expect(results.map((r) => r.statusCode)).toEqual(Array(requests.length).fill(200));
    const after = await state(id);
    expect(after.likeCount).toBe(after.rows);
    expect(after.popularity).toBe(after.rows);
    expect(after.likeCount).toBeGreaterThanOrEqual(0);
    expect(after.likeCount).toBeLessThanOrEqual(crowd.length);

    // A final like from everyone settles it at exactly the crowd size.
    await Promise.all(crowd.flatMap((user) => [like(id, user), like(id, user)]));
    expect(await state(id)).toEqual({ likeCount: crowd.length, popularity: crowd.length, rows: crowd.length });
    await Promise.all(crowd.map((user) => unlike(id, user)));
    expect(await state(id)).toEqual({ likeCount: 0, popularity: 0, rows: 0 });
  });

  it('raises a product in Most Popular, and lowers it again when unliked', async () => {
    const first = await insertProduct(t, seller.id, { category: 'Eyewear', title: 'Aviators', popularity: 0 });
    const second = await insertProduct(t, seller.id, { category: 'Eyewear', title: 'Wayfarers', popularity: 0 });
    // Without likes the tie is broken by id; like whichever comes last.
    const order = async () =>
      (
        (await call(t, 'GET', '/api/products?category=Eyewear&sort=popular')).json() as {
          items: Array<{ id: string; likeCount: number }>;
        }
      ).items;
    const initial = await order();
    expect(initial.map((p) => p.id).sort()).toEqual([first, second].sort());
    const [top, bottom] = initial.map((p) => p.id) as [string, string];

    expect((await like(bottom, fan)).statusCode).toBe(200);
    expect((await like(bottom, crowd[1])).statusCode).toBe(200);
    const liked = await order();
    expect(liked.map((p) => p.id)).toEqual([bottom, top]);
    expect(liked[0]!.likeCount).toBe(2);
    expect((await productRow(t, bottom))!.popularity).toBe(2);

    await unlike(bottom, fan);
    await unlike(bottom, crowd[1]);
    expect((await order()).map((p) => p.id)).toEqual([top, bottom]);
  });
});
