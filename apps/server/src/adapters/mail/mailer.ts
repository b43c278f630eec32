export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link, printed on the log by the outbox so a developer can click it. */
  link?: string;
}

/** One interface for mail: SMTP when configured, `.eml` files in the outbox otherwise. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
