import { actionMail } from '../../adapters/mail/templates.js';

export const verificationMail = (to: string, username: string, link: string) =>
  actionMail(
    to,
    'Verify your email for Souq',
    `Hi ${username}, welcome to Souq! Please confirm that this is your email address.`,
    'Verify email',
    link,
    'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
  );

export const passwordResetMail = (to: string, username: string, link: string) =>
  actionMail(
    to,
    'Reset your Souq password',
    `Hi ${username}, we received a request to reset your password.`,
    'Choose a new password',
    link,
    'The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same.',
  );
