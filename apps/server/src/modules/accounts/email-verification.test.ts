import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../adapters/mail/index.js';
import { requireVerifiedUser } from '../../http/session.js';
import { latestLink, readOutbox } from '../../../test/outbox.js';
import {
  DIALECTS,
  apiError,
  countRows,
  eventually,
  post,
  registerUser,
  startTestApp,
  validRegistration,
  whoAmI,
  type TestApp,
} from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';
import { hashSecret } from './secrets.js';

const TOKEN_INVALID = apiError('TOKEN_INVALID', 'This link is invalid or has expired. Please request a new one.');
const HOUR = 3600_000;

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe.each(DIALECTS)('email verification (%s)', (dialect) => {
  let t: TestApp;
  const clock = createFakeClock();
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock }, (app) => {
      app.post('/api/test/gated', async (request) => {
        requireVerifiedUser(request);
        return { ok: true };
      });
    });
  });
  afterAll(() => t.close());

  const verify = (token: unknown) => post(t, '/api/auth/verify-email', { token });
  const verifyLink = (email: string) => tokenOf(latestLink(t.config.dataDir, email, '/verify-email?token='));

  /** Runs `fn` with the server clock moved forward, then puts it back. */
  async function later(ms: number, fn: () => Promise<void>) {
    const start = clock.now();
    clock.advance(ms);
    try {
      await fn();
    } finally {
      clock.set(start);
    }
  }

  it('verifies the account with the mailed link, once', async () => {
    const { email, cookie } = await registerUser(t);
    const token = verifyLink(email);

    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: expect.objectContaining({ email, emailVerified: true }),
      message: 'Your email has been verified. Welcome to Souq!',
    });
    expect(await whoAmI(t, cookie)).toMatchObject({ emailVerified: true });

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(TOKEN_INVALID);
  });

  it('stores only a hash of the link token', async () => {
    const { email } = await registerUser(t);
    const token = verifyLink(email);
    const rows = await t.database.db.selectFrom('email_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.find((r) => r.token_hash === hashSecret(token))).toMatchObject({ purpose: 'verify', used_at: null });
  });

  it('refuses a link older than 24 hours, and keeps the account unverified', async () => {
    const { email, cookie } = await registerUser(t);
    const token = verifyLink(email);
    await later(24 * HOUR + 60_000, async () => {
      const res = await verify(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(TOKEN_INVALID);
    });
    expect(await whoAmI(t, cookie)).toMatchObject({ emailVerified: false });
  });

  it('accepts a link just before it expires', async () => {
    const { email } = await registerUser(t);
    const token = verifyLink(email);
    await later(24 * HOUR - 60_000, async () => {
      expect((await verify(token)).statusCode).toBe(200);
    });
  });

  it('refuses a made-up token, a password-reset token, and a missing token', async () => {
    expect((await verify('x'.repeat(43))).json()).toEqual(TOKEN_INVALID);

    const { email } = await registerUser(t);
    await post(t, '/api/auth/password-reset', { email });
    // The reset mail goes out after the answer, so wait for it.
    const resetToken = tokenOf(await eventually(() => latestLink(t.config.dataDir, email, '/reset-password?token=')));
    const wrongPurpose = await verify(resetToken);
    expect(wrongPurpose.statusCode).toBe(400);
    expect(wrongPurpose.json()).toEqual(TOKEN_INVALID);

    const missing = await post(t, '/api/auth/verify-email', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This link is invalid or has expired. Please request a new one.',
    });
  });

  it('resends the verification mail to a signed-in, unverified user with a new link that works', async () => {
    const { email, cookie } = await registerUser(t);
    const first = verifyLink(email);
    const res = await post(t, '/api/auth/resend-verification', {}, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      alreadyVerified: false,
      message: 'Verification email sent. Please check your inbox and verify your email.',
    });

    const mails = readOutbox(t.config.dataDir).filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(2);
    const tokens = mails.flatMap((m) => m.links.filter((l) => l.includes('/verify-email?token=')).map(tokenOf));
    expect(new Set(tokens).size).toBe(2);
    const second = tokens.find((token) => token !== first)!;
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('sends nothing more once the email is verified', async () => {
    const { email, cookie } = await registerUser(t);
    await verify(verifyLink(email));
    const res = await post(t, '/api/auth/resend-verification', {}, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ alreadyVerified: true, message: 'Your email is already verified.' });
    expect(readOutbox(t.config.dataDir).filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('refuses to resend without a session', async () => {
    const tokens = await countRows(t, 'email_tokens');
    const res = await post(t, '/api/auth/resend-verification', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(apiError('UNAUTHENTICATED', 'You must be logged in to perform this action.'));
    expect(await countRows(t, 'email_tokens')).toBe(tokens);
  });

  it('gates verified-only actions: anonymous 401, unverified 403, verified 200', async () => {
    const anonymous = await post(t, '/api/test/gated', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(apiError('UNAUTHENTICATED', 'You must be logged in to perform this action.'));

    const { email, cookie } = await registerUser(t);
    const unverified = await post(t, '/api/test/gated', {}, cookie);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual(apiError('EMAIL_NOT_VERIFIED', 'Please verify your email to continue.'));

    await verify(verifyLink(email));
    const verified = await post(t, '/api/test/gated', {}, cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ ok: true });
  });
});

describe.each(DIALECTS)('when the mail server is down (%s)', (dialect) => {
  const broken: Mailer = {
    kind: 'smtp',
    send: async () => {
      throw new Error('connect ECONNREFUSED');
    },
    close: async () => undefined,
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { mailer: broken });
  });
  afterAll(() => t.close());

  it('still creates the account and says the mail was not sent', async () => {
    const res = await post(t, '/api/auth/register', validRegistration());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ verificationSent: false, user: { emailVerified: false } });
  });

  it('answers a resend with the exact failure message', async () => {
    const { cookie } = await registerUser(t);
    const res = await post(t, '/api/auth/resend-verification', {}, cookie);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(
      apiError('SERVICE_UNAVAILABLE', 'Error sending verification email. Please try again later.'),
    );
  });
});
