import { auctionPath, formatAED } from '@souq/shared';
import { actionMail } from '../adapters/mail/templates.js';

export const wonMail = (
  publicUrl: string,
  to: string,
  username: string,
  title: string,
  auctionId: string,
  price: number,
) =>
  actionMail(
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
) =>
  actionMail(
    to,
    `Sold: ${title}`,
    `Hi ${username}, your auction "${title}" sold for ${formatAED(price)}. The winner's order is in your Sales.`,
    'View the auction',
    publicUrl + auctionPath(auctionId),
    'The buyer pays cash on delivery.',
  );
