import { auctionPath, formatAED, formatMoney, type Locale } from '@souq/shared';
import { actionMail } from '../../adapters/mail/templates.js';

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
  locale === 'ar'
    ? actionMail(
        to,
        `تم تجاوز مزايدتك على ${title}`,
        `مرحبًا ${username}، قدّم أحدهم مزايدة أعلى من مزايدتك على «${title}». أعلى مزايدة الآن ${formatMoney(price, 'ar')}.`,
        'زايد مجددًا',
        publicUrl + auctionPath(auctionId),
        'نرسل رسالة واحدة على الأكثر عن تجاوز مزايدتك في كل مزاد كل 15 دقيقة.',
        'ar',
      )
    : actionMail(
        to,
        `You've been outbid on ${title}`,
        `Hi ${username}, someone bid more than you on "${title}". The bid is now ${formatAED(price)}.`,
        'Bid again',
        publicUrl + auctionPath(auctionId),
        'We send at most one outbid email per auction every 15 minutes.',
      );
