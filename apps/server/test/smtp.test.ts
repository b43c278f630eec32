import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, readOutbox, type OutboxMail } from './outbox.js';
import { DIALECTS, eventually, post, registerUser, startTestApp, whoAmI, type TestApp } from './support.js';

interface Received extends OutboxMail {
  envelopeTo: string[];
}

/** A real SMTP server on a free port that keeps every message it accepts. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(`smtp-${received.length}`, Buffer.concat(chunks).toString('utf8'));
        received.push({ ...mail, envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(DIALECTS)('mail over SMTP (%s)', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(dialect, {
      mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Souq <no-reply@souq.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the verification mail, whose link verifies the account', async () => {
    const { email, cookie, res } = await registerUser(t);
    expect(res.json()).toMatchObject({ verificationSent: true });

    const mail = smtp.received.find((m) => m.envelopeTo.includes(email));
    expect(mail).toMatchObject({ to: email, subject: 'Verify your email for Souq' });
    const link = mail!.links.find((l) => l.startsWith('http://localhost:3000/verify-email?token='));
    expect(link).toBeDefined();

    const verified = await post(t, '/api/auth/verify-email', { token: new URL(link!).searchParams.get('token') });
    expect(verified.statusCode).toBe(200);
    expect(await whoAmI(t, cookie)).toMatchObject({ email, emailVerified: true });
  });

  it('delivers the password-reset mail', async () => {
    const { email } = await registerUser(t);
    await post(t, '/api/auth/password-reset', { email });
    const mail = await eventually(() => {
      const found = smtp.received.find((m) => m.envelopeTo.includes(email) && m.subject === 'Reset your Souq password');
      if (!found) throw new Error('no reset mail yet');
      return found;
    });
    expect(mail.links).toContainEqual(expect.stringMatching(/^http:\/\/localhost:3000\/reset-password\?token=/));
  });

  it('writes nothing to the outbox directory', async () => {
    await registerUser(t);
    expect(readOutbox(t.config.dataDir)).toEqual([]);
  });
});
