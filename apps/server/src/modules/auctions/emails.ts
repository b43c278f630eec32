import { formatAED } from '@souq/shared';
import { actionMail } from '../../adapters/mail/templates.js';

const link = (publicUrl: string, auctionId: string) => `${publicUrl}/auction/${auctionId}`;

export const outbidMail = (publicUrl: string, to: string, username: string, title: string, auctionId: string, price: number) =>
  actionMail(
    to,
    `You've been outbid on ${title}`,
    `Hi ${username}, someone bid more than you on "${title}". The bid is now ${formatAED(price)}.`,
    'Bid again',
    link(publicUrl, auctionId),
    'We send at most one outbid email per auction every 15 minutes.',
  );

export const wonMail = (publicUrl: string, to: string, username: string, title: string, auctionId: string, price: number) =>
  actionMail(
    to,
    `You won ${title}`,
    `Congratulations ${username}! You won "${title}" for ${formatAED(price)} (plus 5% VAT). Add your delivery address to complete the order; you pay cash on delivery.`,
    'Add delivery address',
    link(publicUrl, auctionId),
    'The seller sees your order once it has an address.',
  );

export const soldMail = (publicUrl: string, to: string, username: string, title: string, auctionId: string, price: number) =>
  actionMail(
    to,
    `Sold: ${title}`,
    `Hi ${username}, your auction "${title}" sold for ${formatAED(price)}. The winner's order is in your Sales.`,
    'View the auction',
    link(publicUrl, auctionId),
    'The buyer pays cash on delivery.',
  );
