import type { Locale } from '@souq/shared';
import { localizedMail } from '../../adapters/mail/templates.js';

/** The My Account tab that lists a person's saved searches (apps/web's route). */
export const SAVED_SEARCHES_PATH = '/MyAccount?tab=searches';

/** A digest names at most this many listings; the bell has them all. */
const NAMED = 10;

/** The bell's words for one new listing, stored in the recipient's language (words from docs/glossary.md). */
export const matchNews = (locale: Locale, title: string) =>
  locale === 'ar'
    ? { title: `جديد يطابق بحثك: ${title}`, body: 'إعلان جديد يطابق بحثًا محفوظًا لديك.' }
    : { title: `New match: ${title}`, body: 'A new listing matches one of your saved searches.' };

/** The day's one mail: what is new for the person's saved searches since the last one. */
export function digestMail(publicUrl: string, to: string, username: string, titles: string[], locale: Locale) {
  const named = titles.slice(0, NAMED);
  const more = titles.length - named.length;
  const listEn = named.map((t) => `"${t}"`).join(', ') + (more > 0 ? ` and ${more} more` : '');
  const listAr = named.map((t) => `«${t}»`).join('، ') + (more > 0 ? ` و${more} غيرها` : '');
  return localizedMail(to, publicUrl + SAVED_SEARCHES_PATH, locale, {
    en: {
      subject:
        titles.length === 1
          ? 'A new listing matches your saved search'
          : `${titles.length} new listings match your saved searches`,
      intro: `Hi ${username}, new on Souq for the searches you saved: ${listEn}.`,
      button: 'See my saved searches',
      outro:
        'You get this at most once a day because you saved searches on Souq. Delete them in My Account to stop it.',
    },
    ar: {
      subject:
        titles.length === 1 ? 'إعلان جديد يطابق بحثك المحفوظ' : `${titles.length} إعلانات جديدة تطابق بحثك المحفوظ`,
      intro: `مرحبًا ${username}، جديد ما يطابق عمليات البحث التي حفظتها: ${listAr}.`,
      button: 'عرض عمليات البحث المحفوظة',
      outro: 'تصلك هذه الرسالة مرة في اليوم على الأكثر لأنك حفظت عمليات بحث في Souq. احذفها من حسابي لإيقافها.',
    },
  });
}
