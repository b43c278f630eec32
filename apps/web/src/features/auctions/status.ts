import type { AuctionStatus } from '@souq/shared';

/** How an auction's state is named on cards and on its page. */
export const STATUS_LABEL: Record<AuctionStatus, string> = {
  open: 'Live',
  sold: 'Sold',
  unsold: 'Ended unsold',
  cancelled: 'Cancelled',
};
