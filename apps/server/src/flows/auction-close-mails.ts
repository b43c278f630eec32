import { auctionPath, formatAED, formatMoney, type Locale } from '@souq/shared';
import { localizedMail } from '../adapters/mail/templates.js';

/** In the recipient's language (issue 29); the words follow docs/glossary.md. */
export const wonMail = (
  publicUrl: string,
  to: string,
  username: string,
  title: string,
  auctionId: string,
  price: number,
  locale: Locale = 'en',
) =>
  localizedMail(to, publicUrl + auctionPath(auctionId), locale, {
    en: {
      subject: `You won ${title}`,
      intro: `Congratulations ${username}! You won "${title}" for ${formatAED(price)} (plus 5% VAT). Add your delivery address to complete the order; you pay cash on delivery.`,
      button: 'Add delivery address',
      outro: 'The seller sees your order once it has an address.',
    },
    ar: {
      subject: `فزت في مزاد ${title}`,
      intro: `تهانينا ${username}! فزت في مزاد «${title}» بمبلغ ${formatMoney(price, 'ar')} (بالإضافة إلى ضريبة القيمة المضافة 5%). أضف عنوان التوصيل لإتمام الطلب؛ والدفع عند الاستلام.`,
      button: 'إضافة عنوان التوصيل',
      outro: 'يرى البائع طلبك بعد إضافة العنوان.',
    },
  });

export const soldMail = (
  publicUrl: string,
  to: string,
  username: string,
  title: string,
  auctionId: string,
  price: number,
  locale: Locale = 'en',
) =>
  localizedMail(to, publicUrl + auctionPath(auctionId), locale, {
    en: {
      subject: `Sold: ${title}`,
      intro: `Hi ${username}, your auction "${title}" sold for ${formatAED(price)}. The winner's order is in your Sales.`,
      button: 'View the auction',
      outro: 'The buyer pays cash on delivery.',
    },
    ar: {
      subject: `تم البيع: ${title}`,
      intro: `مرحبًا ${username}، بيع مزادك «${title}» بمبلغ ${formatMoney(price, 'ar')}. طلب الفائز في مبيعاتك.`,
      button: 'عرض المزاد',
      outro: 'يدفع المشتري عند الاستلام.',
    },
  });

/** The bell's words for a close, stored in the recipient's language. */
export const unsoldNews = (locale: Locale, title: string, price: number | null) =>
  locale === 'ar'
    ? {
        title: `انتهى دون بيع: ${title}`,
        body: `${price === null ? 'لم تكن هناك مزايدات.' : `أعلى مزايدة، ${formatMoney(price, 'ar')}، لم تبلغ السعر الاحتياطي.`} يمكنك إعادة عرضه.`,
      }
    : {
        title: `Ended unsold: ${title}`,
        body: `${price === null ? 'There were no bids.' : `The highest bid, ${formatAED(price)}, did not meet your reserve.`} You can relist it.`,
      };

export const wonNews = (locale: Locale, title: string, price: number) =>
  locale === 'ar'
    ? {
        title: `فزت في مزاد ${title}`,
        body: `مزايدتك الفائزة: ${formatMoney(price, 'ar')}. أضف عنوان التوصيل لإتمام الطلب.`,
      }
    : {
        title: `You won ${title}`,
        body: `Your winning bid: ${formatAED(price)}. Add your delivery address to complete the order.`,
      };

export const soldNews = (locale: Locale, title: string, price: number, winner: string | null) =>
  locale === 'ar'
    ? { title: `تم البيع: ${title}`, body: `فاز به ${winner} بمبلغ ${formatMoney(price, 'ar')}.` }
    : { title: `Sold: ${title}`, body: `${winner} won it for ${formatAED(price)}.` };
