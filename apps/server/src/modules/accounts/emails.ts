import type { MailMessage } from '../../adapters/mail/index.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function actionMail(to: string, subject: string, intro: string, button: string, link: string, outro: string): MailMessage {
  return {
    to,
    subject,
    link,
    text: `${intro}\n\n${button}: ${link}\n\n${outro}\n\n— Souq`,
    html: `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;color:#1f2933">
<h2 style="color:#0f766e">Souq</h2><p>${escape(intro)}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escape(button)}</a></p>
<p style="font-size:13px;color:#52606d">${escape(outro)}<br>${escape(link)}</p></div>`,
  };
}

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
