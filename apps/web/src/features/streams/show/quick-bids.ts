import { bidIncrement, filsToAmount, MAX_FILS } from '@souq/shared';

/**
 * A lot's quick-bid buttons: the next minimum, then one and two steps above it (each step the
 * band's own), none past the price cap. Each is sent as the chat line a viewer would type, so
 * the server's rules decide it exactly as a typed bid.
 */
export function lotQuickBids(minimum: number): number[] {
  const one = Math.min(minimum + bidIncrement(minimum), MAX_FILS);
  const two = Math.min(one + bidIncrement(one), MAX_FILS);
  return [...new Set([minimum, one, two])];
}

/** The chat line for a bid: "1260" or "1260.50", which parseChatBid reads back as the same fils. */
export const bidLine = (fils: number): string => filsToAmount(fils);
