import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../src/adapters/mail/index.js';
import { redactUrl } from '../src/http/log-redaction.js';
import { DIALECTS, post, registerUser, startTestApp, type TestApp } from './support.js';

/** Issue 7, item 10: with real mail (SMTP) nothing in the log can be used to act as someone. */
describe.each(DIALECTS)('secrets stay out of the log (%s)', (dialect) => {
  let t: TestApp;
  const lines: string[] = [];
  const sent: MailMessage[] = [];
  const smtp: Mailer = { kind: 'smtp', send: async (m) => void sent.push(m), close: async () => undefined };
  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      { logLevel: 'trace' },
      { mailer: smtp, logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(() => t.close());

  it('logs neither the mailed tokens nor the OAuth code and state, however they arrive', async () => {
    const { email } = await registerUser(t);
    await post(t, '/api/auth/password-reset', { email });
    await t.afterAnswer.settle();
    const tokens = sent.map((m) => new URL(m.link!).searchParams.get('token')!);
    expect(tokens).toHaveLength(2);
    for (const token of tokens) {
      for (const url of [
        `/verify-email?token=${token}`,
        `/reset-password?token=${token}&x=1`,
        `/api/auth/verify-email?token=${token}`,
      ]) {
        await t.app.inject({ method: 'GET', url });
      }
    }
    await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?state=STATE-SECRET&code=CODE-SECRET' });
    const log = lines.join('');
    expect(log).toContain('/verify-email?token=[redacted]');
    for (const secret of [...tokens, 'STATE-SECRET', 'CODE-SECRET']) expect(log).not.toContain(secret);
  });
});

describe('redactUrl', () => {
  it('hides credential parameters and keeps the rest', () => {
    expect(redactUrl('/api/search?q=watch&cursor=abc')).toBe('/api/search?q=watch&cursor=abc');
    expect(redactUrl('/reset-password?TOKEN=abc&next=/&code=1#frag')).toBe(
      '/reset-password?TOKEN=[redacted]&next=/&code=[redacted]#frag',
    );
  });
});
