import crypto from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { MIGRATIONS, retryingCatalogRaces } from '../src/db/migrate.js';
import { DIALECTS, createTestDatabase, registerUser, startTestApp, type TestApp } from './support.js';

/** Issue 7, item 7: the sign-in email is private; a contact email is published only when its owner asks. */
describe.each(DIALECTS)('contact email is opt-in (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const profileOf = (id: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: cookie ? { cookie } : {} });

  it("never shows a new account's sign-in email to anyone, the owner included", async () => {
    const { res, email, cookie } = await registerUser(t);
    const { id } = res.json().user as { id: string };
    for (const viewer of [undefined, cookie, (await registerUser(t)).cookie]) {
      const profile = await profileOf(id, viewer);
      expect(profile.json()).toMatchObject({ contactEmail: null });
      expect(profile.body).not.toContain(email);
    }
    const products = await t.app.inject({ method: 'GET', url: `/api/users/${id}/products` });
    expect(products.body).not.toContain(email);
  });

  it('shows the address the owner chose to publish, and hides it again when cleared', async () => {
    const { res, cookie } = await registerUser(t);
    const { id, username } = res.json().user as { id: string; username: string };
    const edit = (contactEmail: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/me/profile',
        headers: { cookie },
        payload: { username, bio: '', contactEmail },
      });
    expect((await edit('Shop@Example.com')).statusCode).toBe(200);
    expect((await profileOf(id)).json()).toMatchObject({ contactEmail: 'shop@example.com' });
    expect((await edit('')).statusCode).toBe(200);
    expect((await profileOf(id)).json()).toMatchObject({ contactEmail: null });
  });

  it('keeps Google sign-ups private too', async () => {
    const { user } = await t.accounts.signInWithOidc({
      sub: `g-${crypto.randomUUID()}`,
      email: 'sara@gmail.example',
      emailVerified: true,
      name: 'Sara',
    });
    expect((await profileOf(user.id)).json()).toMatchObject({ contactEmail: null });
  });
});

describe.each(DIALECTS)('the opt-in migration (%s)', (dialect) => {
  it('clears contact emails that were copies of the sign-in email and keeps chosen ones', async () => {
    const test = await createTestDatabase(dialect);
    const { db, destroy } = openDatabase(test.config.database);
    const schema = test.config.database.kind === 'postgres' ? test.config.database.schema : undefined;
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => MIGRATIONS },
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      const names = Object.keys(MIGRATIONS);
      const optIn = names.find((n) => n.endsWith('contact-email-opt-in'))!;
      const before = names[names.indexOf(optIn) - 1]!;
      expect((await retryingCatalogRaces(() => migrator.migrateTo(before))).error).toBeUndefined();
      const user = (email: string, contact: string | null) => ({
        id: crypto.randomUUID(),
        email,
        password_hash: null,
        username: email.split('@')[0]!,
        display_name: null,
        phone: null,
        profile_pic: '/images/default-avatar.svg',
        bio: '',
        contact_email: contact,
        email_verified_at: null,
        created_at: new Date().toISOString(),
      });
      const rows = [
        user('copied@example.com', 'copied@example.com'),
        user('chosen@example.com', 'sales@example.com'),
        user('none@example.com', null),
      ];
      await db.insertInto('users').values(rows).execute();

      expect((await retryingCatalogRaces(() => migrator.migrateToLatest())).error).toBeUndefined();
      const after = await db.selectFrom('users').select(['email', 'contact_email']).orderBy('email').execute();
      expect(after).toEqual([
        { email: 'chosen@example.com', contact_email: 'sales@example.com' },
        { email: 'copied@example.com', contact_email: null },
        { email: 'none@example.com', contact_email: null },
      ]);
    } finally {
      await destroy();
      await test.drop();
    }
  });
});
