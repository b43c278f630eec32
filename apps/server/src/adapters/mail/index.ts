import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export type { Mailer, MailMessage } from './mailer.js';
export { settlingOnClose, withMailSwitches } from './mailer.js';

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  return config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mail.from, log);
}
