import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { staffGrant } from '../src/staff-grant.js';
import { exited, registerUser, spawnTsx, startTestApp, DIALECTS, type TestApp } from './support.js';

function envOf(t: TestApp): NodeJS.ProcessEnv {
  const db = t.config.database;
  return db.kind === 'postgres'
    ? { DATA_DIR: t.config.dataDir, DATABASE_URL: db.url, DATABASE_SCHEMA: db.schema }
    : { DATA_DIR: t.config.dataDir };
}

describe.each(DIALECTS)('staff (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const audit = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: cookie ? { cookie } : {} });
  const me = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user;

  it('keeps staff routes from visitors and from people who are not staff', async () => {
    expect((await audit()).statusCode).toBe(401);
    const someone = await registerUser(t);
    const res = await audit(someone.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: MSG.staffOnly } });
    expect((await me(someone.cookie)).staff).toBe(false);
  });

  it('makes staff only from the command line, by email, and the audit log opens to them', async () => {
    const person = await registerUser(t);
    expect(await staffGrant([], envOf(t))).toMatchObject({ code: 2 });
    expect(await staffGrant(['nobody@example.com'], envOf(t))).toMatchObject({ code: 1 });
    expect(await staffGrant([person.email.toUpperCase()], envOf(t))).toMatchObject({ code: 0 });
    expect((await me(person.cookie)).staff).toBe(true);

    const staffId = (await me(person.cookie)).id as string;
    for (let i = 0; i < 52; i++)
      await t.services.accounts.recordStaffAction(t.database.db, {
        staffId,
        action: 'dismiss_report',
        targetKind: 'report',
        targetId: `r${i}`,
        reason: `reason ${i}`,
      });
    const first = await audit(person.cookie);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.actions).toHaveLength(50);
    expect(page.actions[0]).toMatchObject({ staff: expect.any(String), action: 'dismiss_report' });
    const second = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/audit?before=${encodeURIComponent(page.next)}`,
        headers: { cookie: person.cookie },
      })
    ).json();
    expect(second.actions).toHaveLength(2);
    expect(second.next).toBeNull();
    const ids = new Set([...page.actions, ...second.actions].map((a: { targetId: string }) => a.targetId));
    expect(ids.size).toBe(52);
  });
});

describe('npm run staff:grant', () => {
  it('runs from the command line and says what it did', async () => {
    const t = await startTestApp('sqlite');
    try {
      const person = await registerUser(t);
      const run = await exited(spawnTsx('apps/server/src/staff-grant.ts', [person.email], envOf(t)));
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('is now Souq staff');
      const missing = await exited(spawnTsx('apps/server/src/staff-grant.ts', ['missing@example.com'], envOf(t)));
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('No account has the email');
    } finally {
      await t.close();
    }
  });
});
