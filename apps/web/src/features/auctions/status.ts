import type { AuctionDuration, AuctionStatus, ClosingStyle } from '@souq/shared';
import type { MessageKey, Translate } from '../../i18n';

const STATUS_KEY: Record<AuctionStatus, MessageKey> = {
  // A lot waiting on a live show's run sheet (issue 30).
  pending: 'auctions.status.pending',
  open: 'auctions.status.open',
  sold: 'auctions.status.sold',
  unsold: 'auctions.status.unsold',
  cancelled: 'auctions.status.cancelled',
};

/** How an auction's state is named on cards and on its page: In a live show, Live, Sold, Ended unsold, Cancelled. */
export const statusLabel = (t: Translate, status: AuctionStatus): string => t(STATUS_KEY[status]);

const CLOSING_KEY: Record<ClosingStyle, MessageKey> = {
  soft: 'auctions.closing.soft',
  sudden: 'auctions.closing.sudden',
};

/** Soft close, Sudden death. */
export const closingLabel = (t: Translate, style: ClosingStyle): string => t(CLOSING_KEY[style]);

const UNIT_KEY = { m: 'auctions.duration.minutes', h: 'auctions.duration.hours', d: 'auctions.duration.days' } as const;

/** '5m', '1h', '3d' as the reader says it: "5 minutes", "1 hour", "3 days" (plurals; in Arabic all six forms). */
export function durationLabel(t: Translate, duration: AuctionDuration): string {
  const unit = duration.slice(-1) as keyof typeof UNIT_KEY;
  return t(UNIT_KEY[unit], { count: Number(duration.slice(0, -1)) });
}
