import type { Locale } from '@souq/shared';
import type { MailMessage } from './mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One mail's words in one language. */
export interface MailWords {
  subject: string;
  intro: string;
  button: string;
  outro: string;
}

/**
 * Souq's one mail layout, in the reader's language: a line of text, a button to act, and a quieter
 * line below. Each template gives both languages' words once (`Record<Locale, …>` asks for every
 * language Souq speaks); the link is the same in all. English is the layout as it always was;
 * Arabic is the same page as a right-to-left document (`<html lang="ar" dir="rtl">`), the link
 * kept left to right.
 */
export function localizedMail(to: string, link: string, locale: Locale, words: Record<Locale, MailWords>): MailMessage {
  const { subject, intro, button, outro } = words[locale];
  const ar = locale === 'ar';
  // In Arabic the bare link is a left-to-right island, so its slashes and dots keep their order.
  const shownLink = ar ? `<bdi dir="ltr">${escape(link)}</bdi>` : escape(link);
  const body = `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;color:#1f2933">
<h2 style="color:#0f766e">Souq</h2><p>${escape(intro)}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escape(button)}</a></p>
<p style="font-size:13px;color:#52606d">${escape(outro)}<br>${shownLink}</p></div>`;
  return {
    to,
    subject,
    link,
    text: `${intro}\n\n${button}: ${link}\n\n${outro}\n\n— Souq`,
    html: ar
      ? `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>
<body dir="rtl">${body}</body></html>`
      : body,
  };
}
