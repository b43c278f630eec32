import { auctionPath } from '@souq/shared';
import { recipientLocale } from '../lib/locale.js';
import type { MailLater } from '../lib/mail-later.js';
import type { AccountsPort } from '../modules/accounts/port.js';
import type { OnAuctionClosed } from '../modules/auctions/port.js';
import type { NotificationsPort } from '../modules/notifications/port.js';
import type { OrdersPort } from '../modules/orders/port.js';
import { soldMail, soldNews, unsoldNews, wonMail, wonNews } from './auction-close-mails.js';

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
    // Whom to write to, and in which language (issue 29): the news is stored as text in it.
    const contacts = new Map(
      (await deps.accounts.contactsOf(trx, winner ? [winner.id, sellerId] : [sellerId])).map((c) => [c.id, c]),
    );
    const localeOf = (userId: string) => recipientLocale(contacts.get(userId)?.locale);
    if (!winner) {
      await deps.notifications.notify(trx, onCommit, [
        {
          userId: sellerId,
          kind: 'auction_unsold',
          subject: id,
          ...unsoldNews(localeOf(sellerId), title, auction.price),
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
      // A show's lot goes into the winner's one order from that show (ADR 0036).
      streamId: auction.streamId,
    });
    await deps.notifications.notify(trx, onCommit, [
      { userId: winner.id, kind: 'won', subject: id, ...wonNews(localeOf(winner.id), title, price), link },
      {
        userId: sellerId,
        kind: 'auction_sold',
        subject: id,
        ...soldNews(localeOf(sellerId), title, price, winner.username),
        link,
      },
    ]);
    const [winnerContact, sellerContact] = [contacts.get(winner.id), contacts.get(sellerId)];
    if (winnerContact)
      deps.mailLater(onCommit, {
        ...wonMail(deps.publicUrl, winnerContact.email, winnerContact.username, title, id, price, localeOf(winner.id)),
        about: { userId: winner.id, kind: 'won' },
      });
    if (sellerContact)
      deps.mailLater(
        onCommit,
        soldMail(deps.publicUrl, sellerContact.email, sellerContact.username, title, id, price, localeOf(sellerId)),
      );
  };
}
