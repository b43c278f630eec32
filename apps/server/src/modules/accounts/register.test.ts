import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../../test/outbox.js';
import {
  DIALECTS,
  apiError,
  cookieHeader,
  countRows,
  post,
  registerUser,
  startTestApp,
  validRegistration,
  whoAmI,
  type TestApp,
} from '../../../test/support.js';

const FILL = 'Please fill in all fields.';

describe.each(DIALECTS)('POST /api/auth/register (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const register = (body: unknown) => post(t, '/api/auth/register', body);

  /** Everything a registration could write: rows and mails. */
  const footprint = async () => ({
    users: await countRows(t, 'users'),
    sessions: await countRows(t, 'sessions'),
    tokens: await countRows(t, 'email_tokens'),
    mails: readOutbox(t.config.dataDir).length,
  });

  it('creates an unverified user with the default picture, signs them in and mails a verification link', async () => {
    const body = { ...validRegistration('happy'), email: 'Happy.User@Example.com' };
    const res = await register(body);

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      user: {
        id: expect.any(String),
        email: 'happy.user@example.com',
        username: 'userhappy',
        displayName: null,
        emailVerified: false,
        profilePic: '/images/default-avatar.svg',
        hasPassword: true,
        createdAt: expect.any(String),
        locale: 'en',
        staff: false,
        suspension: null,
      },
      verificationSent: true,
    });
    expect(res.body).not.toContain('argon2');

    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'happy.user@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      phone: '0501234567',
      bio: '',
      posts_count: 0,
      followers_count: 0,
      following_count: 0,
      email_verified_at: null,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    expect(res.cookies.map((c) => c.name)).toEqual(['souq_sid']);
    expect(await whoAmI(t, cookieHeader(res))).toMatchObject({ email: 'happy.user@example.com', emailVerified: false });

    const mails = readOutbox(t.config.dataDir).filter((m) => m.to.includes('happy.user@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.file).toMatch(/\.eml$/);
    expect(mails[0]!.subject).toBe('Verify your email for Souq');
    expect(mails[0]!.links).toContainEqual(
      expect.stringMatching(/^http:\/\/localhost:3000\/verify-email\?token=[\w-]{43}$/),
    );
  });

  it('refuses an empty form, naming every field', async () => {
    const before = await footprint();
    const res = await register({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      apiError('VALIDATION_FAILED', FILL, {
        email: FILL,
        password: FILL,
        confirmPassword: FILL,
        username: FILL,
        phone: FILL,
      }),
    );
    expect(await footprint()).toEqual(before);
  });

  it('refuses a request without a body as an empty form', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: FILL });
  });

  it.each([
    ['a missing phone', { phone: '' }, FILL, { phone: FILL }],
    [
      'an invalid email',
      { email: 'nope@nowhere' },
      'Please enter a valid email address.',
      { email: 'Please enter a valid email address.' },
    ],
    [
      'a short password',
      { password: '12345', confirmPassword: '12345' },
      'Password must be at least 6 characters.',
      { password: 'Password must be at least 6 characters.' },
    ],
    [
      'a different confirmation',
      { confirmPassword: 'other-pass' },
      'Passwords do not match.',
      { confirmPassword: 'Passwords do not match.' },
    ],
    [
      'a short username',
      { username: 'ab' },
      'Username should be at least 3 characters.',
      { username: 'Username should be at least 3 characters.' },
    ],
    [
      'a short phone',
      { phone: '050123456' },
      'Enter a valid phone number with 10–15 digits.',
      { phone: 'Enter a valid phone number with 10–15 digits.' },
    ],
    [
      'a long phone',
      { phone: '0501234567890123' },
      'Enter a valid phone number with 10–15 digits.',
      { phone: 'Enter a valid phone number with 10–15 digits.' },
    ],
  ])('refuses %s with the exact message and writes nothing', async (_case, change, message, fields) => {
    const before = await footprint();
    const res = await register({ ...validRegistration(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(apiError('VALIDATION_FAILED', message, fields));
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await footprint()).toEqual(before);
  });

  it('refuses a second account for the same email, whatever its case, and writes nothing', async () => {
    await registerUser(t, { email: 'taken@example.com', username: 'takenfirst' });
    const before = await footprint();
    const res = await register({ ...validRegistration(), email: 'TAKEN@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(
      apiError('CONFLICT', 'An account with this email already exists.', {
        email: 'An account with this email already exists.',
      }),
    );
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await footprint()).toEqual(before);
  });

  it('refuses a username that differs from a taken one only in case', async () => {
    await registerUser(t, { username: 'Khalid' });
    const before = await footprint();
    const res = await register({ ...validRegistration(), username: 'kHALID' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(
      apiError('CONFLICT', 'This username is already taken.', { username: 'This username is already taken.' }),
    );
    expect(await footprint()).toEqual(before);
  });

  it('names both fields when email and username are both taken', async () => {
    const first = validRegistration();
    await registerUser(t, first);
    const res = await register(first);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({
      email: 'An account with this email already exists.',
      username: 'This username is already taken.',
    });
  });

  it('lets exactly one of several simultaneous identical sign-ups through; the others get the 409', async () => {
    const body = validRegistration('race');
    const results = await Promise.all([register(body), register(body), register(body)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(res.json().error).toMatchObject({
        code: 'CONFLICT',
        fields: { email: 'An account with this email already exists.' },
      });
    }
    const rows = await t.database.db.selectFrom('users').select('id').where('email', '=', body.email).execute();
    expect(rows).toHaveLength(1);
    expect(await countRows(t, 'sessions')).toBeGreaterThan(0);
    const sessions = await t.database.db
      .selectFrom('sessions')
      .select('user_id')
      .where('user_id', '=', rows[0]!.id)
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it('lets only one of two simultaneous sign-ups take a username differing in case', async () => {
    const results = await Promise.all([
      register({ ...validRegistration(), username: 'Noura' }),
      register({ ...validRegistration(), username: 'noura' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json()).toEqual(
      apiError('CONFLICT', 'This username is already taken.', { username: 'This username is already taken.' }),
    );
  });
});
