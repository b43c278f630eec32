import { auctionPath, formatAED, formatMoney, type Locale } from '@souq/shared';
import { localizedMail } from '../../adapters/mail/templates.js';

/** In the recipient's language (issue 29); the words follow docs/glossary.md. */
export const outbidMail = (
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
      subject: `You've been outbid on ${title}`,
      intro: `Hi ${username}, someone bid more than you on "${title}". The bid is now ${formatAED(price)}.`,
      button: 'Bid again',
      outro: 'We send at most one outbid email per auction every 15 minutes.',
    },
    ar: {
      subject: `تم تجاوز مزايدتك على ${title}`,
      intro: `مرحبًا ${username}، قدّم أحدهم مزايدة أعلى من مزايدتك على «${title}». أعلى مزايدة الآن ${formatMoney(price, 'ar')}.`,
      button: 'زايد مجددًا',
      outro: 'نرسل رسالة واحدة على الأكثر عن تجاوز مزايدتك في كل مزاد كل 15 دقيقة.',
    },
  });

/** Staff suspended the seller (issue 31), so the auction someone bid on was cancelled: the bell's words. */
export const cancelledNews = (locale: Locale, title: string) =>
  locale === 'ar'
    ? {
        title: `أُلغي المزاد: ${title}`,
        body: 'ألغى فريق Souq هذا المزاد لأن حساب البائع موقوف. لن تُحتسب مزايدتك.',
      }
    : {
        title: `Auction cancelled: ${title}`,
        body: "Souq staff cancelled this auction because the seller's account is suspended. Your bid no longer counts.",
      };

/** The same, by mail, in the recipient's language. */
export const cancelledMail = (publicUrl: string, to: string, username: string, title: string, locale: Locale = 'en') =>
  localizedMail(to, `${publicUrl}/auction`, locale, {
    en: {
      subject: `Auction cancelled: ${title}`,
      intro: `Hi ${username}, Souq staff cancelled the auction for "${title}" because the seller's account is suspended. Your bid no longer counts and nothing is owed.`,
      button: 'Browse auctions',
      outro: 'You are receiving this because you bid on this auction.',
    },
    ar: {
      subject: `أُلغي المزاد: ${title}`,
      intro: `مرحبًا ${username}، ألغى فريق Souq مزاد «${title}» لأن حساب البائع موقوف. لن تُحتسب مزايدتك ولن يُطلب منك الدفع.`,
      button: 'تصفّح المزادات',
      outro: 'وصلتك هذه الرسالة لأنك زايدت على هذا المزاد.',
    },
  });
