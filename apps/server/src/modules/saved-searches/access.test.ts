import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff } from '../../../test/aftersale-support.js';
import { call, createUser, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';

/**
 * The probe matrix for saved searches (issue 32): a visitor, an unverified account, another user
 * and staff can neither read nor delete someone's saved search, nor save one in their name; each
 * gets a clear 4xx and nothing changes. Only the owner gets through. Never a 5xx.
 */
describe.each(DIALECTS)('saved searches under probing (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let unverified: TestUser;
  let staff: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [owner, other, staff] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    unverified = await createUser(t, { verified: false });
    await makeStaff(t, staff.id);
  });
  afterAll(() => t.close());

  const snapshot = async () =>
    JSON.stringify([
      await t.database.db.selectFrom('saved_searches').selectAll().orderBy('id').execute(),
      await t.database.db.selectFrom('saved_search_words').selectAll().orderBy('word').orderBy('search_id').execute(),
    ]);

  it('lets only the owner read and delete their searches, and nobody gets a 5xx', async () => {
    const created = await call(t, 'POST', '/api/saved-searches', { user: owner, json: { text: 'rolex daytona' } });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { search: { id: string } }).search.id;

    const before = await snapshot();
    for (const who of [null, unverified, other, staff]) {
      const name = who?.username ?? 'visitor';
      const read = await call(t, 'GET', '/api/saved-searches', { user: who });
      if (who) expect(read.json(), name).toMatchObject({ items: [] });
      else expect(read.statusCode).toBe(401);
      const del = await call(t, 'DELETE', `/api/saved-searches/${id}`, { user: who });
      expect(del.statusCode, `delete as ${name}`).toBeGreaterThanOrEqual(400);
      expect(del.statusCode).toBeLessThan(500);
      const malformed = await call(t, 'DELETE', '/api/saved-searches/not-an-id', { user: who });
      expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
      expect(malformed.statusCode).toBeLessThan(500);
    }
    // Saving is one's own act: a visitor and an unverified account may not, with good input or bad.
    for (const who of [null, unverified])
      for (const json of [{ text: 'rolex daytona' }, { text: 5 }, {}, { category: 'Watches', maxPrice: 'lots' }]) {
        const res = await call(t, 'POST', '/api/saved-searches', { user: who, json });
        expect(res.statusCode).toBe(who ? 403 : 401);
      }
    expect(await snapshot()).toBe(before);

    expect((await call(t, 'DELETE', `/api/saved-searches/${id}`, { user: owner })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/saved-searches', { user: owner })).json()).toMatchObject({ items: [] });
  });
});
