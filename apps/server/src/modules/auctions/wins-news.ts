import { formatAED, formatMoney, type Locale } from '@souq/shared';
import { localizedMail } from '../../adapters/mail/templates.js';

/**
 * The bells' and mails' words for winners who don't pay (issue 31), in the recipient's language;
 * the Arabic follows docs/glossary.md. A deadline is written in Gulf time.
 */

const gulf = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB', {
    timeZone: 'Asia/Dubai',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

const money = (fils: number, locale: Locale) => (locale === 'ar' ? formatMoney(fils, 'ar') : formatAED(fils));

export interface Words {
  title: string;
  body: string;
}

/** The winner, 24 h or 2 h before the deadline. */
export const reminderNews = (locale: Locale, title: string, completeBy: string): Words =>
  locale === 'ar'
    ? {
        title: `أكمل طلبك: ${title}`,
        body: `أضف عنوان التوصيل قبل ${gulf(completeBy, 'ar')} (بتوقيت الخليج)، وإلا أُلغي الطلب وسُجّلت عليك مخالفة عدم دفع.`,
      }
    : {
        title: `Complete your order: ${title}`,
        body: `Add your delivery address by ${gulf(completeBy, 'en')} (Gulf time), or the order is cancelled and you get an unpaid-item strike.`,
      };

/** The winner, once the order was cancelled as unpaid. */
export const unpaidNews = (locale: Locale, title: string): Words =>
  locale === 'ar'
    ? {
        title: `أُلغي طلبك: ${title}`,
        body: 'لم يكتمل الطلب في الوقت المحدد، فسُجّلت عليك مخالفة عدم دفع. مخالفتان خلال 90 يومًا توقفان مزايداتك 30 يومًا.',
      }
    : {
        title: `Order cancelled: ${title}`,
        body: 'It was not completed in time, so you have an unpaid-item strike. Two strikes within 90 days suspend your bidding for 30 days.',
      };

/** The seller, once the winner's order was cancelled as unpaid. */
export const buyerUnpaidNews = (locale: Locale, title: string): Words =>
  locale === 'ar'
    ? {
        title: `لم يكمل الفائز الطلب: ${title}`,
        body: 'أُلغي الطلب. يمكنك إرسال عرض الفرصة الثانية إلى صاحب ثاني أعلى مزايدة أو إعادة عرض المنتج.',
      }
    : {
        title: `The winner did not pay: ${title}`,
        body: 'The order is cancelled. You can send a second-chance offer to the runner-up, or relist the item.',
      };

/** The seller, when the winner asks to cancel. */
export const cancelAskedNews = (locale: Locale, title: string, buyer: string): Words =>
  locale === 'ar'
    ? { title: `طلب إلغاء: ${title}`, body: `يطلب ${buyer} إلغاء الطلب. وافق أو ارفض من مبيعاتك.` }
    : {
        title: `Cancel request: ${title}`,
        body: `${buyer} asks you to cancel the order. Agree or decline in your Sales.`,
      };

/** The winner, with the seller's answer. */
export const cancelAnsweredNews = (locale: Locale, title: string, agreed: boolean): Words =>
  locale === 'ar'
    ? agreed
      ? { title: `أُلغي الطلب: ${title}`, body: 'وافق البائع على الإلغاء، دون أي مخالفة.' }
      : { title: `رفض البائع الإلغاء: ${title}`, body: 'ما زال الطلب بانتظار عنوان التوصيل قبل الموعد النهائي.' }
    : agreed
      ? { title: `Order cancelled: ${title}`, body: 'The seller agreed to cancel, with no strike.' }
      : {
          title: `The seller declined to cancel: ${title}`,
          body: 'The order still needs your delivery address before its deadline.',
        };

/** The runner-up, offered the item at their own highest bid. */
export const secondChanceNews = (locale: Locale, title: string, amount: number, expiresAt: string): Words =>
  locale === 'ar'
    ? {
        title: `عرض الفرصة الثانية: ${title}`,
        body: `يعرض عليك البائع «${title}» بأعلى مزايدة لك، ${money(amount, 'ar')}، حتى ${gulf(expiresAt, 'ar')}.`,
      }
    : {
        title: `Second-chance offer: ${title}`,
        body: `The seller offers you "${title}" at your highest bid, ${money(amount, 'en')}, until ${gulf(expiresAt, 'en')}.`,
      };

/** The seller, with the runner-up's answer. */
export const secondChanceAnsweredNews = (locale: Locale, title: string, accepted: boolean, bidder: string): Words =>
  locale === 'ar'
    ? accepted
      ? { title: `قُبل عرض الفرصة الثانية: ${title}`, body: `قبل ${bidder} العرض؛ الطلب في مبيعاتك.` }
      : { title: `رُفض عرض الفرصة الثانية: ${title}`, body: `رفض ${bidder} العرض. يمكنك إعادة عرض المنتج.` }
    : accepted
      ? { title: `Second-chance offer accepted: ${title}`, body: `${bidder} accepted; the order is in your Sales.` }
      : { title: `Second-chance offer declined: ${title}`, body: `${bidder} declined. You can relist the item.` };

/** Each piece of news as a mail with one button to where it can be acted on. */
export function winsMail(publicUrl: string, to: string, words: Words, link: string, locale: Locale) {
  const { title: subject, body: intro } = words;
  return localizedMail(to, publicUrl + link, locale, {
    en: { subject, intro, button: 'Open in Souq', outro: 'You pay cash on delivery.' },
    ar: { subject, intro, button: 'فتح في Souq', outro: 'الدفع عند الاستلام.' },
  });
}
