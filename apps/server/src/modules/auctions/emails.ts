import { auctionPath, formatAED } from '@souq/shared';
import { actionMail } from '../../adapters/mail/templates.js';

export const outbidMail = (
  publicUrl: string,
  to: string,
  username: string,
  title: string,
  auctionId: string,
  price: number,
) =>
  actionMail(
    to,
    `You've been outbid on ${title}`,
    `Hi ${username}, someone bid more than you on "${title}". The bid is now ${formatAED(price)}.`,
    'Bid again',
    publicUrl + auctionPath(auctionId),
    'We send at most one outbid email per auction every 15 minutes.',
  );
