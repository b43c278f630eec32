import type { Locale } from '@souq/shared';
import { localizedMail } from '../../adapters/mail/templates.js';

/** What a buyer is told about their line at the door (issue 46). */
export type DeliveryNotice =
  | { kind: 'failed'; outcome: 'not_reachable' | 'refused' | 'wrong_address'; title: string }
  | { kind: 'cancelled'; title: string }
  | { kind: 'decided'; decision: 'stands' | 'withdrawn'; title: string };

/** Where the buyer answers: their orders, where each line shows its attempts. */
export const ORDERS_PATH = '/MyAccount?tab=orders';

type Words = { title: string; body: string; button: string };

const EN = {
  not_reachable: (t: string): Words => ({
    title: `We couldn't deliver ${t}`,
    body: 'The courier could not reach you. Tell the seller when to come, or check your phone number.',
    button: 'Tell the seller when',
  }),
  wrong_address: (t: string): Words => ({
    title: `We couldn't find your address for ${t}`,
    body: 'The courier could not find the address. Put it right, with a landmark or a pin, so the next attempt arrives.',
    button: 'Put the address right',
  }),
  refused: (t: string): Words => ({
    title: `Delivery refused: ${t}`,
    body: 'The seller says the parcel was refused at the door. If that is not what happened, tell us why within 48 hours.',
    button: 'Tell us why',
  }),
  cancelled: (t: string): Words => ({
    title: `Cancelled after failed deliveries: ${t}`,
    body: 'After two failed delivery attempts the seller cancelled it as “Delivery failed”. You pay nothing.',
    button: 'See my orders',
  }),
  stands: (t: string): Words => ({
    title: `Your dispute was decided: ${t}`,
    body: 'Souq staff reviewed the refusal you disputed. It stands, and counts towards your cash-on-delivery limit.',
    button: 'See my orders',
  }),
  withdrawn: (t: string): Words => ({
    title: `Your dispute was decided: ${t}`,
    body: 'Souq staff reviewed the refusal you disputed. It was withdrawn and does not count against you.',
    button: 'See my orders',
  }),
};

const AR: typeof EN = {
  not_reachable: (t) => ({
    title: `تعذّر توصيل ${t}`,
    body: 'لم يتمكن المندوب من الوصول إليك. أخبر البائع متى يأتي، أو تحقّق من رقم هاتفك.',
    button: 'أخبر البائع بالموعد',
  }),
  wrong_address: (t) => ({
    title: `لم نجد عنوانك لتوصيل ${t}`,
    body: 'لم يجد المندوب العنوان. صحّحه، مع معلم قريب أو موقع على الخريطة، لتصل المحاولة القادمة.',
    button: 'صحّح العنوان',
  }),
  refused: (t) => ({
    title: `رُفض الاستلام: ${t}`,
    body: 'يقول البائع إن الطرد رُفض عند الباب. إن لم يحدث ذلك، أخبرنا بالسبب خلال 48 ساعة.',
    button: 'أخبرنا بالسبب',
  }),
  cancelled: (t) => ({
    title: `أُلغي بعد تعذّر التوصيل: ${t}`,
    body: 'بعد محاولتَي توصيل فاشلتين ألغاه البائع بسبب «تعذّر التوصيل». لن تدفع شيئًا.',
    button: 'عرض طلباتي',
  }),
  stands: (t) => ({
    title: `صدر قرار اعتراضك: ${t}`,
    body: 'راجع فريق Souq الرفض الذي اعترضت عليه. يبقى الرفض، ويُحتسب ضمن حدّ الدفع عند الاستلام.',
    button: 'عرض طلباتي',
  }),
  withdrawn: (t) => ({
    title: `صدر قرار اعتراضك: ${t}`,
    body: 'راجع فريق Souq الرفض الذي اعترضت عليه. سُحب الرفض ولن يُحتسب عليك.',
    button: 'عرض طلباتي',
  }),
};

function wordsOf(n: DeliveryNotice, locale: Locale): Words {
  const words = locale === 'ar' ? AR : EN;
  const which = n.kind === 'failed' ? n.outcome : n.kind === 'cancelled' ? 'cancelled' : n.decision;
  return words[which](n.title);
}

/** The bell's words, in the buyer's language. */
export function noticeText(n: DeliveryNotice, locale: Locale) {
  const { title, body } = wordsOf(n, locale);
  return { title, body };
}

/** The same news by email, with a button to the orders page where the buyer answers. */
export function noticeMail(publicUrl: string, to: string, username: string, n: DeliveryNotice, locale: Locale) {
  const mail = (l: Locale) => {
    const w = wordsOf(n, l);
    return {
      subject: w.title,
      intro: l === 'ar' ? `مرحبًا ${username}. ${w.body}` : `Hi ${username}. ${w.body}`,
      button: w.button,
      outro:
        l === 'ar'
          ? 'تصلك هذه الرسالة لأن لديك طلبًا على Souq.'
          : 'You are getting this because you have an order on Souq.',
    };
  };
  return localizedMail(to, publicUrl + ORDERS_PATH, locale, { en: mail('en'), ar: mail('ar') });
}
