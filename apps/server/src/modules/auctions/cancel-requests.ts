import type { Order, Sale } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { cancelAnsweredNews, cancelAskedNews } from './wins-news.js';
import { MY_ORDERS, MY_SALES, sellersOf, titleOf, type WinsDeps, type WinsTell } from './wins-tell.js';

/** A winner who changed their mind asks to cancel, and only the seller can let them off without a strike. */
export function createCancelRequests(deps: Pick<WinsDeps, 'ports'>, { tell, inTransaction }: WinsTell) {
  const { ports } = deps;

  return {
    /** The winner asks the seller to cancel (changed mind); the seller is told. */
    async askCancel(user: UserRow, orderId: string): Promise<Order> {
      await inTransaction(async (trx, onCommit) => {
        await ports.orders.askCancel(trx, user.id, orderId);
        const parties = await ports.orders.partiesOf(trx, orderId);
        await tell(
          trx,
          onCommit,
          sellersOf(parties).map((sellerId) => ({
            userId: sellerId,
            kind: 'cancel_asked' as const,
            subject: orderId,
            link: MY_SALES,
            words: (l: 'en' | 'ar') => cancelAskedNews(l, titleOf(parties), user.username),
            mail: true,
          })),
        );
      });
      return ports.orders.orderOf(user.id, orderId);
    },

    /** The seller agrees (the order is cancelled, no strike) or declines (the deadline runs on). */
    async answerCancel(user: UserRow, lineId: string, agree: boolean): Promise<Sale> {
      await inTransaction(async (trx, onCommit) => {
        const orderId = await ports.orders.answerCancel(trx, user.id, lineId, agree);
        const parties = await ports.orders.partiesOf(trx, orderId);
        await tell(trx, onCommit, [
          {
            userId: parties[0]!.buyer_id,
            kind: 'cancel_answered',
            subject: orderId,
            link: MY_ORDERS,
            words: (l) => cancelAnsweredNews(l, titleOf(parties), agree),
          },
        ]);
      });
      return ports.orders.saleOf(user.id, lineId);
    },
  };
}
