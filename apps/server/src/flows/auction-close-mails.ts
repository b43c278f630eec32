import { auctionPath, formatAED, formatMoney, type Locale } from '@souq/shared';
import { actionMail } from '../adapters/mail/templates.js';

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
  locale === 'ar'
    ? actionMail(
        to,
        `فزت في مزاد ${title}`,
        `تهانينا ${username}! فزت في مزاد «${title}» بمبلغ ${formatMoney(price, 'ar')} (بالإضافة إلى ضريبة القيمة المضافة 5%). أضف عنوان التوصيل لإتمام الطلب؛ والدفع عند الاستلام.`,
        'إضافة عنوان التوصيل',
        publicUrl + auctionPath(auctionId),
        'يرى البائع طلبك بعد إضافة العنوان.',
        'ar',
      )
    : actionMail(
        to,
        `You won ${title}`,
        `Congratulations ${username}! You won "${title}" for ${formatAED(price)} (plus 5% VAT). Add your delivery address to complete the order; you pay cash on delivery.`,
        'Add delivery address',
        publicUrl + auctionPath(auctionId),
        'The seller sees your order once it has an address.',
      );

export const soldMail = (
  publicUrl: string,
  to: string,
  username: string,
  title: string,
  auctionId: string,
  price: number,
  locale: Locale = 'en',
) =>
  locale === 'ar'
    ? actionMail(
        to,
        `تم البيع: ${title}`,
        `مرحبًا ${username}، بيع مزادك «${title}» بمبلغ ${formatMoney(price, 'ar')}. طلب الفائز في مبيعاتك.`,
        'عرض المزاد',
        publicUrl + auctionPath(auctionId),
        'يدفع المشتري عند الاستلام.',
        'ar',
      )
    : actionMail(
        to,
        `Sold: ${title}`,
        `Hi ${username}, your auction "${title}" sold for ${formatAED(price)}. The winner's order is in your Sales.`,
        'View the auction',
        publicUrl + auctionPath(auctionId),
        'The buyer pays cash on delivery.',
      );

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
