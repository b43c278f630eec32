import type { ClipSource, CodBlock, OrdersService } from './service.js';

/** What later modules and flows may ask of orders (ADR 0007). */
export const ORDERS_PORT = [
  // flows/auction-close.ts: the winner's order, in the close's transaction
  'createForAuction',
  // auctions, streams: the order an auction page shows its winner and seller
  'orderOfAuction',
  // streams (issue 30): Buy It Now's unit into the buyer's show order, and the stream page's order
  'addToShowOrder',
  'showOrderOf',
  // auctions' unpaid wins (issue 31): deadlines, reminders, the unpaid cancel, the request to
  // cancel, and the runner-up's second-chance order
  'createForSecondChance',
  'dueWinReminders',
  'claimWinReminder',
  'dueUnpaidOrders',
  'upcomingWinDeadlines',
  'cancelUnpaid',
  'partiesOf',
  'askCancel',
  'answerCancel',
  'orderOf',
  'saleOf',
  // feed: what a person bought lately
  'purchaseSignals',
  // aftersale (issue 31): the late-shipping job, the buyer's late cancel, ratings' and problems'
  // checks of a line, and the seller's on-time share
  'lateLinesUntold',
  'markLate',
  'nextShipBy',
  'buyerLine',
  'cancelLate',
  'shippingRecord',
  // delivery (issue 46): a line's attempts move it on, a reply puts the address right, and the
  // open orders count against cash on delivery's limit
  'deliveryLines',
  'deliverLine',
  'cancelUndelivered',
  'correctAddress',
  'openOrdersOf',
  // offers (ADR 0053): an accepted offer's order, placed as its buyer checks out
  'createForOffer',
] as const satisfies ReadonlyArray<keyof OrdersService>;

/** The orders' slots: what modules after it add, each as it is created. */
export interface OrdersSlots {
  /** Streams: the clips of lots won in a show, shown on the order's lines (orders may not read streams). */
  clipSource(source: ClipSource): void;
  /** Delivery (issue 46): whether refusals at the door block a buyer's cash on delivery, and until when. */
  codBlock(answer: CodBlock): void;
}

export type OrdersPort = Pick<OrdersService, (typeof ORDERS_PORT)[number]> & { slots: OrdersSlots };
