import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer.js';

/** Writes each message as an RFC 822 `.eml` file, so nothing leaves the machine in development. */
export function createOutboxMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const tmp = path.join(dir, `.${name}.tmp`);
      await fs.writeFile(tmp, info.message as Buffer);
      await fs.rename(tmp, path.join(dir, name));
      log.info(
        { to: message.to, file: name },
        `mail "${message.subject}" to ${message.to}${message.link ? `: ${message.link}` : ''}`,
      );
    },
    async close() {
      transport.close();
    },
  };
}
