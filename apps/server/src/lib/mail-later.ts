import type { Mailer, MailMessage } from '../adapters/mail/index.js';
import type { OnCommit } from './after-commit.js';

/** Sends a mail once the caller's transaction has committed. */
export type MailLater = (onCommit: OnCommit, message: MailMessage) => void;

/** A mail that failed to go is logged as `failure`: what committed stands, a mail is only news of it. */
export function mailLater(mailer: Mailer, log: { warn(obj: unknown, msg: string): void }, failure: string): MailLater {
  return (onCommit, message) =>
    onCommit(() => void mailer.send(message).catch((err: unknown) => log.warn({ err }, failure)));
}
