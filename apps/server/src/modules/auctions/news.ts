import { bidsLabel, formatAED, formatMoney, type Locale } from '@souq/shared';
import { bidsLabelAr } from '@souq/shared/i18n/ar';

/**
 * The bell's words for bids, written in the recipient's language when the news is stored
 * (notifications are kept as text). English is as it always was; Arabic follows docs/glossary.md.
 */
export const outbidNews = (locale: Locale, title: string, price: number) =>
  locale === 'ar'
    ? { title: `تم تجاوز مزايدتك على ${title}`, body: `أعلى مزايدة الآن ${formatMoney(price, 'ar')}.` }
    : { title: `You've been outbid on ${title}`, body: `The bid is now ${formatAED(price)}.` };

export const bidReceivedNews = (locale: Locale, title: string, price: number, bids: number) =>
  locale === 'ar'
    ? {
        title: `مزايدة جديدة على ${title}`,
        body: `أعلى مزايدة الآن ${formatMoney(price, 'ar')} (${bidsLabelAr(bids)}).`,
      }
    : { title: `New bid on ${title}`, body: `The bid is now ${formatAED(price)} (${bidsLabel(bids)}).` };
