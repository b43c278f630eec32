import { formatAED } from '@souq/shared';
import { actionMail } from '../../adapters/mail/templates.js';

const link = (publicUrl: string, auctionId: string) => `${publicUrl}/auction/${auctionId}`;

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
    link(publicUrl, auctionId),
    'We send at most one outbid email per auction every 15 minutes.',
  );
