import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';
import { findSessionUsers } from './queries.js';
import { hashSecret } from './secrets.js';

const hashOf = (user: TestUser) => hashSecret(user.cookie.slice('souq_sid='.length));

/** The lookups of requests that arrive together are one statement, whose list is one value (inList). */
describe.each(DIALECTS)('sessions looked up together (%s)', (dialect) => {
  let t: TestApp;
  let people: TestUser[];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    people = [await createUser(t), await createUser(t), await createUser(t, { username: "O'Brien" })];
  });
  afterAll(() => t.close());

  it('finds each live session’s user, whatever the list’s length, and nobody for an unknown one', async () => {
    const now = new Date().toISOString();
    const hashes = people.map(hashOf);
    for (const asked of [hashes.slice(0, 2), hashes, [...hashes, hashSecret('nobody'), hashes[0]!]]) {
      const found = await findSessionUsers(t.database.db, asked, now);
      expect(new Set(found.keys())).toEqual(new Set(asked.filter((h) => h !== hashSecret('nobody'))));
      for (const [hash, user] of found) expect(user.id).toBe(people[hashes.indexOf(hash)]!.id);
    }
    expect((await findSessionUsers(t.database.db, hashes, '9999-01-01T00:00:00.000Z')).size).toBe(0);
  });

  it('answers requests that arrive in one turn each with its own person', async () => {
    const cookies = [...people.map((p) => p.cookie), 'souq_sid=forged'];
    const answers = await Promise.all(
      cookies.map((cookie) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })),
    );
    expect(answers.map((a) => (a.json() as { user: { username: string } | null }).user?.username ?? null)).toEqual([
      ...people.map((p) => p.username),
      null,
    ]);
  });
});
