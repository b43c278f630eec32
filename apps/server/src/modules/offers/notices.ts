import { formatMoney, MSG, type Locale, type NotificationKind } from '@souq/shared';
import { localizedMail } from '../../adapters/mail/templates.js';
import { MSG_AR } from '@souq/shared/i18n/ar';

/** Each step of an offer, as the other side is told of it (ADR 0053). */
export type OfferNews =
  | 'received'
  | 'countered'
  | 'accepted'
  | 'counter_accepted'
  | 'declined'
  | 'below_floor'
  | 'counter_declined'
  | 'withdrawn'
  | 'lapsed_buyer'
  | 'lapsed_seller'
  | 'unpaid_buyer'
  | 'unpaid_seller'
  | 'sold_elsewhere'
  | 'checked_out';

export const KIND: Record<OfferNews, NotificationKind> = {
  received: 'offer_received',
  countered: 'offer_countered',
  accepted: 'offer_accepted',
  counter_accepted: 'offer_accepted',
  declined: 'offer_declined',
  below_floor: 'offer_declined',
  counter_declined: 'offer_declined',
  withdrawn: 'offer_withdrawn',
  lapsed_buyer: 'offer_lapsed',
  lapsed_seller: 'offer_lapsed',
  unpaid_buyer: 'offer_lapsed',
  unpaid_seller: 'offer_lapsed',
  sold_elsewhere: 'offer_sold_elsewhere',
  checked_out: 'offer_checked_out',
};

/** Where both sides answer: the offers page. */
export const OFFERS_PATH = '/offers';

/** What the words are about: the item, the amount the step names, and the other person. */
export interface About {
  title: string;
  amount: number;
  other: string;
}
type Words = { title: string; body: string };
type Say = (a: About & { money: string }) => Words;

const EN: Record<OfferNews, Say> = {
  received: (a) => ({
    title: `New offer on ${a.title}: ${a.money}`,
    body: `${a.other} offered ${a.money}. Accept, decline or counter it before it lapses.`,
  }),
  countered: (a) => ({
    title: `The seller countered your offer on ${a.title}`,
    body: `${a.other} would sell it to you for ${a.money}. Accept or decline before it lapses.`,
  }),
  accepted: (a) => ({
    title: `Your offer on ${a.title} was accepted`,
    body: `Check out within 24 hours to buy it for ${a.money}. After that it goes back to the seller.`,
  }),
  counter_accepted: (a) => ({
    title: `${a.other} accepted your counter-offer on ${a.title}`,
    body: `One unit is reserved for them at ${a.money} while they check out, for up to 24 hours.`,
  }),
  declined: (a) => ({
    title: `Your offer on ${a.title} was declined`,
    body: `The seller declined your offer of ${a.money}. You can make another one.`,
  }),
  below_floor: (a) => ({ title: `Your offer on ${a.title} was declined`, body: MSG.offerBelowFloor }),
  counter_declined: (a) => ({
    title: `${a.other} declined your counter-offer on ${a.title}`,
    body: `Your counter-offer of ${a.money} was declined. The item stays on sale.`,
  }),
  withdrawn: (a) => ({
    title: `An offer on ${a.title} was withdrawn`,
    body: `${a.other} withdrew their offer of ${a.money}.`,
  }),
  lapsed_buyer: (a) => ({
    title: `Your offer on ${a.title} lapsed`,
    body: `Your offer of ${a.money} was not answered in time. You can make another one.`,
  }),
  lapsed_seller: (a) => ({
    title: `An offer on ${a.title} lapsed`,
    body: `The offer of ${a.money} from ${a.other} was not answered in time.`,
  }),
  unpaid_buyer: (a) => ({
    title: `Your accepted offer on ${a.title} lapsed`,
    body: `You did not check out within 24 hours, so the item went back to the seller.`,
  }),
  unpaid_seller: (a) => ({
    title: `${a.other} did not check out ${a.title}`,
    body: `The unit reserved at ${a.money} is back on sale through offers.`,
  }),
  sold_elsewhere: (a) => ({
    title: `${a.title} sold to another buyer`,
    body: `Sorry: the last unit went to another offer before your offer of ${a.money} was accepted.`,
  }),
  checked_out: (a) => ({
    title: `${a.other} checked out ${a.title}`,
    body: `Ordered at ${a.money}, cash on delivery. Find it in your sales and ship it.`,
  }),
};

// An offer on a price is "عرض سعر", never a bare "عرض", which the glossary gives to a live show.
const AR: Record<OfferNews, Say> = {
  received: (a) => ({
    title: `عرض سعر جديد على ${a.title}: ${a.money}`,
    body: `قدّم ${a.other} عرض سعر بمبلغ ${a.money}. اقبله أو ارفضه أو قدّم عرض سعر مقابلًا قبل انتهاء مدته.`,
  }),
  countered: (a) => ({
    title: `قدّم البائع عرض سعر مقابلًا لعرضك على ${a.title}`,
    body: `يبيعك ${a.other} المنتج بمبلغ ${a.money}. اقبل أو ارفض قبل انتهاء المدة.`,
  }),
  accepted: (a) => ({
    title: `قُبل عرض سعرك على ${a.title}`,
    body: `أتمّ الشراء خلال 24 ساعة لتحصل عليه بمبلغ ${a.money}. بعدها يعود المنتج إلى البائع.`,
  }),
  counter_accepted: (a) => ({
    title: `قبل ${a.other} عرض سعرك المقابل على ${a.title}`,
    body: `حُجزت له قطعة بمبلغ ${a.money} حتى يتمّ الشراء، لمدة أقصاها 24 ساعة.`,
  }),
  declined: (a) => ({
    title: `رُفض عرض سعرك على ${a.title}`,
    body: `رفض البائع عرض سعرك بمبلغ ${a.money}. يمكنك تقديم عرض آخر.`,
  }),
  below_floor: (a) => ({ title: `رُفض عرض سعرك على ${a.title}`, body: MSG_AR.offerBelowFloor }),
  counter_declined: (a) => ({
    title: `رفض ${a.other} عرض سعرك المقابل على ${a.title}`,
    body: `رُفض عرض سعرك المقابل بمبلغ ${a.money}. يبقى المنتج معروضًا للبيع.`,
  }),
  withdrawn: (a) => ({
    title: `سُحب عرض سعر على ${a.title}`,
    body: `سحب ${a.other} عرض سعره بمبلغ ${a.money}.`,
  }),
  lapsed_buyer: (a) => ({
    title: `انتهت مدة عرض سعرك على ${a.title}`,
    body: `لم يُرد على عرض سعرك بمبلغ ${a.money} في الوقت المحدد. يمكنك تقديم عرض آخر.`,
  }),
  lapsed_seller: (a) => ({
    title: `انتهت مدة عرض سعر على ${a.title}`,
    body: `لم يُرد في الوقت المحدد على عرض سعر ${a.other} بمبلغ ${a.money}.`,
  }),
  unpaid_buyer: (a) => ({
    title: `انتهت مدة عرض سعرك المقبول على ${a.title}`,
    body: 'لم تُتمّ الشراء خلال 24 ساعة، فعاد المنتج إلى البائع.',
  }),
  unpaid_seller: (a) => ({
    title: `لم يُتمّ ${a.other} شراء ${a.title}`,
    body: `عادت القطعة المحجوزة بمبلغ ${a.money} متاحةً للبيع عبر عروض الأسعار.`,
  }),
  sold_elsewhere: (a) => ({
    title: `بيع ${a.title} لمشترٍ آخر`,
    body: `نأسف: ذهبت آخر قطعة إلى عرض آخر قبل قبول عرض سعرك بمبلغ ${a.money}.`,
  }),
  checked_out: (a) => ({
    title: `أتمّ ${a.other} شراء ${a.title}`,
    body: `تم تقديم الطلب بمبلغ ${a.money}، الدفع عند الاستلام. تجده في مبيعاتك لتشحنه.`,
  }),
};

function wordsOf(news: OfferNews, about: About, locale: Locale): Words {
  return (locale === 'ar' ? AR : EN)[news]({ ...about, money: formatMoney(about.amount, locale) });
}

/** The bell's words, in the person's language. */
export const newsText = (news: OfferNews, about: About, locale: Locale) => wordsOf(news, about, locale);

/** The same news by email, with a button to the offers page. */
export function newsMail(
  publicUrl: string,
  to: string,
  username: string,
  news: OfferNews,
  about: About,
  locale: Locale,
) {
  const mail = (l: Locale) => {
    const w = wordsOf(news, about, l);
    return {
      subject: w.title,
      intro: l === 'ar' ? `مرحبًا ${username}. ${w.body}` : `Hi ${username}. ${w.body}`,
      button: l === 'ar' ? 'انتقل إلى عروض الأسعار' : 'See your offers',
      outro:
        l === 'ar'
          ? 'تصلك هذه الرسالة لأن لديك عرض سعر على Souq.'
          : 'You are getting this because you have an offer on Souq.',
    };
  };
  return localizedMail(to, publicUrl + OFFERS_PATH, locale, { en: mail('en'), ar: mail('ar') });
}
