import type { Locale } from '@souq/shared';
import { actionMail } from '../../adapters/mail/templates.js';

/** Where the Privacy section is (apps/web's Settings page): the download button waits there. */
export const PRIVACY_PATH = '/settings#privacy';

/** The bell's words when an export is ready, stored in the person's language. */
export const exportReadyNews = (locale: Locale) =>
  locale === 'ar'
    ? { title: 'بياناتك جاهزة للتنزيل', body: 'نزّلها من الإعدادات ← الخصوصية خلال 7 أيام.' }
    : { title: 'Your data is ready to download', body: 'Download it from Settings → Privacy within 7 days.' };

export function exportReadyMail(publicUrl: string, to: string, username: string, locale: Locale) {
  const link = publicUrl + PRIVACY_PATH;
  if (locale === 'ar')
    return actionMail(
      to,
      'بياناتك من Souq جاهزة',
      `مرحبًا ${username}، جهّزنا ملفًا بكل ما يحتفظ به Souq عنك. نزّله من الإعدادات ← الخصوصية بعد تسجيل الدخول.`,
      'تنزيل بياناتي',
      link,
      'ينتهي الرابط بعد 7 أيام، ولا يستطيع تنزيله أحد غيرك. إن لم تطلب ذلك فراسل فريق Souq.',
      'ar',
    );
  return actionMail(
    to,
    'Your Souq data is ready',
    `Hi ${username}, we have put together everything Souq keeps about you. Download it from Settings → Privacy once you are signed in.`,
    'Download my data',
    link,
    'The link works for 7 days and only for you. If you did not ask for this, write to Souq staff.',
  );
}
