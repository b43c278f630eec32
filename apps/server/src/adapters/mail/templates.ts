import type { MailMessage } from './mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Souq's one mail layout: a line of text, a button to act, and a quieter line below. */
export function actionMail(
  to: string,
  subject: string,
  intro: string,
  button: string,
  link: string,
  outro: string,
): MailMessage {
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
