import { minimumNextBid, type AuctionLive, type UserBrief } from '@souq/shared';
import type { Selectable } from 'kysely';
import type { AuctionsTable } from '../../db/schema.js';
import { reserveMet } from './engine.js';

type LiveFields = Pick<
  Selectable<AuctionsTable>,
  'id' | 'seq' | 'current_bid' | 'starting_bid' | 'bid_count' | 'ends_at' | 'status' | 'reserve_price'
>;

export const brief = (id: string | null, username: string | null, pic: string | null): UserBrief | null =>
  id && username ? { id, username, profilePic: pic ?? '' } : null;

/** What every viewer of an auction sees change: the price, the leader, the end, the state. */
export function live(row: LiveFields, leader: UserBrief | null): AuctionLive {
  return {
    id: row.id,
    seq: row.seq,
    currentBid: row.current_bid,
    bidCount: row.bid_count,
    minimumBid: minimumNextBid({ startingBid: row.starting_bid, currentBid: row.current_bid }),
    endsAt: row.ends_at,
    status: row.status,
    leader,
    reserveMet: reserveMet(row.current_bid, row.reserve_price),
  };
}
