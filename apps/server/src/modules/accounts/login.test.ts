import { createFakeClock } from '../../lib/clock.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  apiError,
  login,
  post,
  registerUser,
  startTestApp,
  whoAmI,
  type TestApp,
} from '../../../test/support.js';
import { hashSecret } from './secrets.js';

const INVALID = apiError('INVALID_CREDENTIALS', 'Invalid email or password.');
const DAY = 24 * 3600_000;

describe.each(DIALECTS)('sign-in and sessions (%s)', (dialect) => {
  let t: TestApp;
  const clock = createFakeClock();
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
  });
  afterAll(() => t.close());

  const sessionCookie = (res: { cookies: Array<{ name: string; value: string; expires?: Date }> }) =>
    res.cookies.find((c) => c.name === 'souq_sid');

  it('signs in with the right password, the email in any case', async () => {
    const { email, password } = await registerUser(t);
    const { res, cookie } = await login(t, email.toUpperCase(), password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: expect.objectContaining({ email, emailVerified: false, hasPassword: true }) });
    expect(await whoAmI(t, cookie)).toMatchObject({ email });
  });

  it('keeps the current session when a sign-in attempt fails', async () => {
    const { email, cookie } = await registerUser(t);
    const res = await post(t, '/api/auth/login', { email, password: 'wrong-pass' }, cookie);
    expect(res.statusCode).toBe(401);
    expect(await whoAmI(t, cookie)).toMatchObject({ email });
  });

  it('answers a wrong password and an unknown email alike, without a cookie', async () => {
    const { email } = await registerUser(t);
    for (const attempt of [
      { email, password: 'wrong-pass' },
      { email: 'nobody@example.com', password: 'secret-pass' },
    ]) {
      const res = await post(t, '/api/auth/login', attempt);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it.each([
    [
      {},
      'Please enter both email and password.',
      { email: 'Please enter both email and password.', password: 'Please enter both email and password.' },
    ],
    [
      { email: 'amira@example.com', password: '' },
      'Please enter both email and password.',
      { password: 'Please enter both email and password.' },
    ],
    [
      { email: 'amira-at-example.com', password: 'secret-pass' },
      'Invalid email format.',
      { email: 'Invalid email format.' },
    ],
    [
      { email: 'amira@example.com', password: '12345' },
      'Password must be at least 6 characters.',
      { password: 'Password must be at least 6 characters.' },
    ],
  ])('refuses %j with the exact message', async (body, message, fields) => {
    const res = await post(t, '/api/auth/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(apiError('VALIDATION_FAILED', message, fields));
  });

  it('tells a Google-only account to use Google', async () => {
    await t.accounts.signInWithOidc({ sub: 'google-only-1', email: 'gonly@example.com', emailVerified: true });
    const res = await post(t, '/api/auth/login', { email: 'gonly@example.com', password: 'secret-pass' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(
      apiError('INVALID_CREDENTIALS', 'This account signs in with Google. Use "Login using Google".'),
    );
  });

  it('sets an HttpOnly, SameSite=Lax, site-wide cookie, not Secure over plain http', async () => {
    const { email, password } = await registerUser(t);
    const { res } = await login(t, email, password);
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/^souq_sid=[\w-]{43};/);
    expect(raw).toContain('HttpOnly');
    expect(raw).toContain('SameSite=Lax');
    expect(raw).toContain('Path=/');
    expect(raw).not.toMatch(/;\s*Secure/i);
    const expires = new Date(sessionCookie(res)!.expires!).getTime();
    expect(expires).toBeGreaterThan(clock.now().getTime() + 29 * DAY);
    expect(expires).toBeLessThanOrEqual(clock.now().getTime() + 30 * DAY);
  });

  it('gives every sign-in a new session id; the id presented at sign-in stops working', async () => {
    const first = await registerUser(t);
    const second = await login(t, first.email, first.password, first.cookie);
    expect(second.res.statusCode).toBe(200);
    expect(sessionCookie(second.res)!.value).not.toBe(sessionCookie(first.res)!.value);
    expect(await whoAmI(t, first.cookie)).toBeNull();
    expect(await whoAmI(t, second.cookie)).toMatchObject({ email: first.email });
  });

  it('signs out: the cookie is cleared and the session row is gone', async () => {
    const { cookie, email } = await registerUser(t);
    const res = await post(t, '/api/auth/logout', {}, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = sessionCookie(res)!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    expect(await whoAmI(t, cookie)).toBeNull();
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(
      await t.database.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });

  it('signing out without a session is harmless', async () => {
    const res = await post(t, '/api/auth/logout', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('stores only a hash of the session id', async () => {
    const { res } = await registerUser(t);
    const token = sessionCookie(res)!.value;
    const rows = await t.database.db.selectFrom('sessions').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((r) => r.id_hash)).toContain(hashSecret(token));
  });

  it('ignores a forged or oversized cookie', async () => {
    expect(await whoAmI(t, 'souq_sid=not-a-real-session')).toBeNull();
    expect(await whoAmI(t, `souq_sid=${'a'.repeat(5000)}`)).toBeNull();
  });

  it('signs out every device with logout-all', async () => {
    const phone = await registerUser(t);
    const laptop = await login(t, phone.email, phone.password);
    const other = await registerUser(t);
    expect(await whoAmI(t, laptop.cookie)).not.toBeNull();

    const res = await post(t, '/api/auth/logout-all', {}, laptop.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await whoAmI(t, phone.cookie)).toBeNull();
    expect(await whoAmI(t, laptop.cookie)).toBeNull();
    expect(await whoAmI(t, other.cookie)).toMatchObject({ email: other.email });
  });

  it('refuses logout-all without a session', async () => {
    const res = await post(t, '/api/auth/logout-all', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(apiError('UNAUTHENTICATED', 'You must be logged in to perform this action.'));
  });

  it('ends a session after SESSION_DAYS', async () => {
    const { cookie } = await registerUser(t);
    const start = clock.now();
    try {
      clock.set(start.getTime() + 30 * DAY - 60_000);
      expect(await whoAmI(t, cookie)).not.toBeNull();
      clock.set(start.getTime() + 30 * DAY + 60_000);
      expect(await whoAmI(t, cookie)).toBeNull();
    } finally {
      clock.set(start);
    }
  });
  it('answers the sessions of requests that arrive together in one lookup, each with its own person', async () => {
    const token = (cookie: string) => /souq_sid=([^;]+)/.exec(cookie)![1]!;
    const start = clock.now();
    try {
      const old = await registerUser(t);
      clock.set(start.getTime() + 29 * DAY);
      const [a, b, out] = [await registerUser(t), await registerUser(t), await registerUser(t)];
      const bAgain = await login(t, b.email, b.password);
      await post(t, '/api/auth/logout', {}, out.cookie);
      clock.set(start.getTime() + 30 * DAY + 60_000);
      // Asked in one turn: one statement answers them all.
      const tokens = [a.cookie, old.cookie, b.cookie, 'souq_sid=forged', bAgain.cookie, out.cookie, a.cookie].map(
        token,
      );
      const users = await Promise.all(tokens.map((tok) => t.accounts.userForSessionToken(tok)));
      expect(users.map((u) => u?.email ?? null)).toEqual([a.email, null, b.email, null, b.email, null, a.email]);
      // And through HTTP, however the requests fall into turns.
      const answers = await Promise.all([a.cookie, old.cookie, bAgain.cookie, out.cookie].map((c) => whoAmI(t, c)));
      expect(answers.map((u) => u?.email ?? null)).toEqual([a.email, null, b.email, null]);
    } finally {
      clock.set(start);
    }
  });
});

describe.each(DIALECTS)('session cookie behind an https proxy (%s)', (dialect) => {
  it('is Secure whenever PUBLIC_URL is https, even if the proxy is not trusted', async () => {
    const t = await startTestApp(dialect, { publicUrl: 'https://souq.example' });
    try {
      const { email, password } = await registerUser(t);
      const res = await post(t, '/api/auth/login', { email, password });
      expect(res.statusCode).toBe(200);
      expect(res.cookies[0]).toMatchObject({ name: 'souq_sid', secure: true });
    } finally {
      await t.close();
    }
  });

  it('is Secure when the trusted proxy says the request came over https', async () => {
    const t = await startTestApp(dialect, { publicUrl: 'https://souq.example', trustProxy: true });
    try {
      const { email, password } = await registerUser(t);
      const res = await post(t, '/api/auth/login', { email, password }, undefined, { 'x-forwarded-proto': 'https' });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/);
      expect(res.cookies[0]).toMatchObject({ name: 'souq_sid', secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await t.close();
    }
  });
});
