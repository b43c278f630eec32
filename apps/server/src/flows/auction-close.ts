import { auctionPath, formatAED } from '@souq/shared';
import type { MailLater } from '../lib/mail-later.js';
import type { AccountsPort } from '../modules/accounts/port.js';
import type { OnAuctionClosed } from '../modules/auctions/port.js';
import type { NotificationsPort } from '../modules/notifications/port.js';
import type { OrdersPort } from '../modules/orders/port.js';
import { soldMail, wonMail } from './auction-close-mails.js';

export interface AuctionCloseDeps {
  accounts: Pick<AccountsPort, 'contactsOf'>;
  orders: Pick<OrdersPort, 'createForAuction'>;
  notifications: Pick<NotificationsPort, 'notify'>;
  mailLater: MailLater;
  publicUrl: string;
}

/**
 * What an auction's close sets off, run by the auctions module inside the close's transaction.
 * Sold: the winner's order (hammer price plus VAT, waiting for an address), and winner and seller
 * told in their bells and by mail. Unsold: the seller told, and why.
 */
export function auctionCloseFlow(deps: AuctionCloseDeps): OnAuctionClosed {
  return async (trx, auction, onCommit) => {
    const { id, title, sellerId, winner } = auction;
    const link = auctionPath(id);
    const price = auction.price ?? 0;
    if (!winner) {
      const why =
        auction.price === null
          ? 'There were no bids.'
          : `The highest bid, ${formatAED(price)}, did not meet your reserve.`;
      await deps.notifications.notify(trx, onCommit, [
        {
          userId: sellerId,
          kind: 'auction_unsold',
          subject: id,
          title: `Ended unsold: ${title}`,
          body: `${why} You can relist it.`,
          link,
        },
      ]);
      return;
    }
    await deps.orders.createForAuction(trx, {
      auctionId: id,
      buyerId: winner.id,
      sellerId,
      productId: auction.productId,
      title,
      imageKey: auction.imageKey,
      price,
    });
    await deps.notifications.notify(trx, onCommit, [
      {
        userId: winner.id,
        kind: 'won',
        subject: id,
        title: `You won ${title}`,
        body: `Your winning bid: ${formatAED(price)}. Add your delivery address to complete the order.`,
        link,
      },
      {
        userId: sellerId,
        kind: 'auction_sold',
        subject: id,
        title: `Sold: ${title}`,
        body: `${winner.username} won it for ${formatAED(price)}.`,
        link,
      },
    ]);
    const contacts = new Map((await deps.accounts.contactsOf(trx, [winner.id, sellerId])).map((c) => [c.id, c]));
    const [winnerContact, sellerContact] = [contacts.get(winner.id), contacts.get(sellerId)];
    if (winnerContact)
      deps.mailLater(onCommit, wonMail(deps.publicUrl, winnerContact.email, winnerContact.username, title, id, price));
    if (sellerContact)
      deps.mailLater(onCommit, soldMail(deps.publicUrl, sellerContact.email, sellerContact.username, title, id, price));
  };
}
