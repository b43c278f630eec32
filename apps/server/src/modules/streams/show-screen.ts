import { type AuctionLive, type Lot, type StreamCard, type StreamLive, type UserBrief } from '@souq/shared';
import { PLACEHOLDER_IMAGE } from '../../media/media-service.js';
import type { StreamsDeps } from './show-deps.js';
import * as q from './queries.js';

/** Lots on screen whose static terms this instance knows while they run (for each bid's banner). */
const SCREEN_CACHE = 256;

const brief = (id: string | null, username: string | null, pic: string): UserBrief | null =>
  id && username ? { id, username, profilePic: pic } : null;

type ShowFrame = Pick<q.StreamRow, 'id' | 'status' | 'ends_at' | 'ended_at' | 'end_reason'>;

/**
 * The show as its room sees it: its card, its state with the lot on screen, the run sheet with its
 * clips, and a bid's banner built from the bid's own update.
 */
export function createShowScreen(deps: Pick<StreamsDeps, 'db' | 'media' | 'ports' | 'parts'>) {
  const { db, media, ports } = deps;

  function card(row: q.StreamRow): StreamCard {
    // Without a cover, the host's own photo (if they uploaded one) says more than the placeholder.
    const cover = row.cover_key
      ? media.imageUrls(row.cover_key).url
      : row.host_avatar
        ? media.avatarUrl(row.host_avatar)
        : PLACEHOLDER_IMAGE.url;
    const leader = brief(row.leader_id, row.leader_username, media.avatarUrl(row.leader_avatar));
    return {
      id: row.id,
      title: row.title,
      cover,
      host: { id: row.host_id, username: row.host_username, profilePic: media.avatarUrl(row.host_avatar) },
      status: row.status,
      startedAt: row.started_at,
      endsAt: row.ends_at,
      scheduledFor: row.scheduled_for,
      highestBid: leader && row.current_bid !== null ? { amount: row.current_bid, user: leader } : null,
    };
  }

  /**
   * The show's state with the lot on screen's price, bids and winner (the fields a one-product
   * stream had), and the lot itself once it has run.
   */
  function streamLive(row: ShowFrame, auction: AuctionLive | undefined, lot: Lot | null): StreamLive {
    const ended = row.status === 'ended';
    return {
      id: row.id,
      seq: auction?.seq ?? 0,
      status: row.status,
      endsAt: row.ends_at,
      endedAt: ended ? row.ended_at : null,
      endReason: ended ? row.end_reason : null,
      highestBid:
        auction?.leader && auction.currentBid !== null ? { amount: auction.currentBid, user: auction.leader } : null,
      bidCount: auction?.bidCount ?? 0,
      minimumBid: auction?.minimumBid ?? 0,
      winner: auction?.status === 'sold' ? auction.leader : null,
      lot: lot && lot.status !== 'waiting' ? lot : null,
    };
  }

  async function withClip(lot: Omit<Lot, 'clip'>): Promise<Lot> {
    const clips = lot.status === 'sold' ? await deps.parts.clipsOf([lot.id]) : new Map<string, never>();
    return { ...lot, clip: clips.get(lot.id) ?? null };
  }

  async function lotsWithClips(streamId: string): Promise<Lot[]> {
    const lots = await ports.auctions.lotsOf(streamId);
    const sold = lots.filter((l) => l.status === 'sold').map((l) => l.id);
    const clips = sold.length ? await deps.parts.clipsOf(sold) : new Map();
    return lots.map((l) => ({ ...l, clip: clips.get(l.id) ?? null }));
  }

  /** The show as the room sees it now: its state, and the run sheet. */
  async function screen(id: string): Promise<{ live: StreamLive; lots: Lot[] } | undefined> {
    const row = await q.findStream(db, id);
    if (!row) return undefined;
    const [auction, lots] = await Promise.all([ports.auctions.liveState(row.auction_id), lotsWithClips(id)]);
    return { live: streamLive(row, auction, lots.find((l) => l.id === row.auction_id) ?? null), lots };
  }

  /**
   * A bid's banner comes from the bid's own update and what does not change while a lot runs
   * (its terms, the show's end), read once per lot here: a running lot cannot be edited, and one
   * that had bids sells, so it never runs again with other terms.
   */
  const running = new Map<string, { frame: ShowFrame; lot: Lot }>();
  async function bidBanner(streamId: string, auction: AuctionLive): Promise<StreamLive | undefined> {
    let known = running.get(auction.id);
    if (!known) {
      const row = await q.findStream(db, streamId);
      const lot = await ports.auctions.lotOf(auction.id);
      if (!row || !lot) return undefined;
      known = { frame: row, lot: { ...lot, clip: null } };
      if (running.size >= SCREEN_CACHE) running.delete(running.keys().next().value!);
      running.set(auction.id, known);
    }
    const lot: Lot = {
      ...known.lot,
      status: 'running',
      seq: auction.seq,
      currentBid: auction.currentBid,
      bidCount: auction.bidCount,
      minimumBid: auction.minimumBid,
      leader: auction.leader,
      endsAt: auction.endsAt,
    };
    return streamLive(known.frame, auction, lot);
  }

  return { card, streamLive, withClip, lotsWithClips, screen, bidBanner };
}

export type ShowScreen = ReturnType<typeof createShowScreen>;
