import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  BidSchema,
  CHAT_HISTORY,
  HOST_GRACE_MS,
  MAX_FILS,
  MSG,
  SCHEDULE_MAX_MS,
  STREAM_COVER_MAX_BYTES,
  parseChatBid,
  formatAED,
  type AuctionLive,
  type BidInput,
  type BidResult,
  type ChatAck,
  type ChatMessage,
  type Lot,
  type Page,
  type PageQuery,
  type StartStreamInput,
  type StreamCard,
  type StreamDetail,
  type StreamLive,
  type UserBrief,
  type VideoJoin,
} from '@souq/shared';
import type { VideoBackend } from '../../adapters/video/index.js';
import { iceServersFor, type IceSettings } from '../../adapters/video/index.js';
import type { DB, UserRow } from '../../db/schema.js';
import { withAfterCommit, type OnCommit } from '../../lib/after-commit.js';
import '../../lib/listings.js';
import type { Clock } from '../../lib/clock.js';
import { decodeCursor, encodeCursor, pageOf } from '../../lib/cursor.js';
import { refuseIfSuspended } from '../../lib/suspension.js';
import { DomainError, parseInput } from '../../lib/errors.js';
import type { Publish } from '../../lib/events.js';
import type { UploadSource } from '../../media/images.js';
import { PLACEHOLDER_IMAGE, type MediaService } from '../../media/media-service.js';
import type { AuctionsPort } from '../auctions/port.js';
import type { OrdersPort } from '../orders/port.js';
import { createRunSheet } from './lots.js';
import * as lq from './lots-queries.js';
import type { ShowParts } from './parts.js';
import * as q from './queries.js';
import { showPath } from './reminders.js';

declare module '../../lib/events.js' {
  interface DomainEvents {
    /** A stream started or ended (the live list refreshes), with its state when it ended. */
    'stream.changed': { streamId: string; live: StreamLive | null; ended: boolean };
    /** A chat line; `onlyFor`: a line holding a muted word, which only its sender sees. */
    'stream.message': { streamId: string; message: ChatMessage; onlyFor?: string };
    'stream.message-deleted': { streamId: string; messageId: string };
    'stream.viewer-removed': { streamId: string; userId: string };
  }
}

/** Per person: five chat lines in five seconds, then one a second. */
const CHAT_BURST = 5;
const CHAT_PER_SECOND = 1;

export interface StreamsDeps {
  db: Kysely<DB>;
  clock: Clock;
  media: MediaService;
  video: VideoBackend;
  ice: IceSettings;
  publish: Publish;
  log: { warn(obj: unknown, msg: string): void };
  ports: { auctions: AuctionsPort; orders: OrdersPort };
  /** Counts a chat bid refused before the bid engine sees it, as the bid route counts a malformed body. */
  bidRefused: (reason: string) => void;
  /** Buy It Now, clips, reminders and moderation, built in their own files (parts.ts). */
  parts: ShowParts;
}

/** Lots on screen whose static terms this instance knows while they run (for each bid's banner). */
const SCREEN_CACHE = 256;

const brief = (id: string | null, username: string | null, pic: string): UserBrief | null =>
  id && username ? { id, username, profilePic: pic } : null;

/**
 * A chat line's id from who sent it, their own id for it and what it says: a resend is the same
 * message, and a reused client id with other words is another message, never a lost one. A bid is
 * named by its amount, so "950" and "AED 950" resent under one id are one bid.
 */
function messageId(streamId: string, userId: string, clientId: string, content: string): string {
  const h = crypto.createHash('sha256').update(`${streamId}|${userId}|${clientId}|${content}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * The amount a chat bid put on the public bid list, which is all its line may show: the price it
 * set when it leads, its own amount when a rival's maximum answered it at once, and nothing when
 * the leader only raised their hidden maximum.
 */
function publicAmount(result: BidResult, typed: number): number | null {
  if (result.message === MSG.maxRaised) return null;
  return result.leading ? result.auction.currentBid : typed;
}

const NONE_REFUSED: ReadonlyMap<string, DomainError> = new Map();

export type StreamsService = ReturnType<typeof createStreamsService>;

export function createStreamsService(deps: StreamsDeps) {
  const { db, clock, media, ports } = deps;
  const chatBuckets = new Map<string, { tokens: number; at: number }>();

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

  type ShowFrame = Pick<q.StreamRow, 'id' | 'status' | 'ends_at' | 'ended_at' | 'end_reason'>;

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

  const toMessage = (r: Awaited<ReturnType<typeof q.recentMessages>>[number]): ChatMessage => ({
    id: r.id,
    kind: r.kind,
    text: r.text,
    amount: r.amount,
    user: { id: r.user_id, username: r.username, profilePic: media.avatarUrl(r.avatar_key) },
    lotTitle: r.lot_title,
    createdAt: r.created_at,
  });

  /**
   * Stores a chat line once (a resend finds it stored) and shows it to the room; a hidden one
   * (a muted word) only to its sender, so nobody learns it was hidden.
   */
  async function post(
    streamId: string,
    message: ChatMessage,
    bid?: { leading: boolean; message: string },
    hidden = false,
  ): Promise<ChatAck> {
    const stored = await q.insertMessage(db, {
      id: message.id,
      stream_id: streamId,
      user_id: message.user.id,
      kind: message.kind,
      text: message.text,
      amount: message.amount,
      created_at: message.createdAt,
      deleted_at: null,
      hidden: hidden ? 1 : 0,
    });
    if (stored)
      deps.publish({ type: 'stream.message', streamId, message, ...(hidden ? { onlyFor: message.user.id } : {}) });
    return { ok: true, message, ...(bid ? { bid } : {}) };
  }

  async function mustFind(id: string) {
    const row = await q.findStream(db, id);
    if (!row) throw new DomainError('NOT_FOUND', MSG.streamNotFound);
    return row;
  }

  async function hosted(user: UserRow, id: string) {
    const row = await mustFind(id);
    if (row.host_id !== user.id) throw new DomainError('FORBIDDEN', MSG.notStreamHost);
    return row;
  }

  /** The host, or one of the host's moderators. */
  async function moderated(user: UserRow, id: string) {
    const row = await mustFind(id);
    if (!(await deps.parts.canModerate(user.id, row))) throw new DomainError('FORBIDDEN', MSG.notModerator);
    return row;
  }

  const runSheet = createRunSheet({
    db,
    clock,
    publish: deps.publish,
    log: deps.log,
    auctions: ports.auctions,
    avatarUrl: media.avatarUrl,
    mustFind,
    hosted,
    withClip,
  });

  /** Opens the video room of a show that has just gone live; without it nobody can watch, so it ends. */
  async function openVideo(id: string, log: StreamsDeps['log']): Promise<void> {
    try {
      const room = await deps.video.openRoom({ id, videoRoom: null });
      if (room !== null) await q.setVideoRoom(db, id, room);
    } catch (error) {
      log.warn({ err: error }, 'opening the video room failed');
      await end(id, 'host');
      throw new DomainError('SERVICE_UNAVAILABLE', `Error starting stream: ${(error as Error).message}`);
    }
  }

  function takeChatToken(userId: string): boolean {
    const now = clock.now().getTime();
    const bucket = chatBuckets.get(userId) ?? { tokens: CHAT_BURST, at: now };
    bucket.tokens = Math.min(CHAT_BURST, bucket.tokens + ((now - bucket.at) / 1000) * CHAT_PER_SECOND);
    bucket.at = now;
    chatBuckets.set(userId, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /**
   * Ends a live (or scheduled) stream in the caller's transaction, and stops its bidding there: the
   * running lot closes with its highest bid winning (its order made), so a host cannot walk away
   * from a sale, and the lots never run go back to the shop. False when something else ended it first.
   */
  async function endIn(trx: Transaction<DB>, id: string, reason: 'host' | 'timer' | 'abandoned', onCommit: OnCommit) {
    if (!(await q.endStream(trx, id, clock.iso(), reason))) return false;
    await runSheet.closeRunSheet(trx, id, onCommit);
    return true;
  }

  /** After an end commits: the room and the live list are told, and the video room closes. */
  async function announceEnd(row: Pick<q.StreamRow, 'id' | 'video_room'>): Promise<void> {
    deps.publish({ type: 'stream.changed', streamId: row.id, live: (await screen(row.id))?.live ?? null, ended: true });
    deps.video
      .closeRoom({ id: row.id, videoRoom: row.video_room })
      .catch((err: unknown) => deps.log.warn({ err }, 'closing the video room failed'));
  }

  /** Ends a stream once, whatever ended it (the host's End, its timer, its host gone, a suspension). */
  async function end(id: string, reason: 'host' | 'timer' | 'abandoned'): Promise<boolean> {
    const ended = await withAfterCommit((onCommit) =>
      db.transaction().execute(async (trx: Transaction<DB>) => {
        const row = await q.findStream(trx, id);
        // A scheduled show the host calls off ends as a live one does: its lots go back to the shop.
        if (!row || row.status === 'ended') return undefined;
        return (await endIn(trx, id, reason, onCommit)) ? row : undefined;
      }),
    );
    if (!ended) return false;
    await announceEnd(ended);
    return true;
  }

  return {
    /**
     * Host start: the show goes live at once, or is announced for later (`scheduledFor`), with its
     * run sheet. The one-product form is a show of one lot, run for the show's length from the start.
     * `log`: the request's logger, so a failure's line carries the request id (ADR 0029).
     */
    async start(
      host: UserRow,
      input: StartStreamInput,
      cover: { source: UploadSource; bytes: number } | undefined,
      log: StreamsDeps['log'] = deps.log,
    ): Promise<{ id: string }> {
      if (cover && cover.bytes > STREAM_COVER_MAX_BYTES)
        throw new DomainError('VALIDATION_FAILED', MSG.streamCoverTooLarge, { cover: MSG.streamCoverTooLarge });
      const now = clock.now();
      const planned = input.scheduledFor === undefined ? undefined : Date.parse(input.scheduledFor);
      if (planned !== undefined && planned <= now.getTime())
        throw new DomainError('VALIDATION_FAILED', MSG.chooseShowTime, { scheduledFor: MSG.chooseShowTime });
      if (planned !== undefined && planned - now.getTime() > SCHEDULE_MAX_MS)
        throw new DomainError('VALIDATION_FAILED', MSG.showTimeTooFar, { scheduledFor: MSG.showTimeTooFar });
      const live = planned === undefined;
      if (live && (await q.liveStreamOf(db, host.id))) throw new DomainError('CONFLICT', MSG.alreadyStreaming);
      const lengthMs = input.durationMinutes * 60_000;
      const startsAt = new Date(planned ?? now.getTime());
      const endsAt = new Date(startsAt.getTime() + lengthMs);
      const lots = [
        ...(input.productId !== undefined && input.startingBid !== undefined
          ? [
              {
                productId: input.productId,
                startingBid: input.startingBid,
                seconds: lengthMs / 1000,
                closingStyle: 'sudden' as const,
              },
            ]
          : []),
        ...(input.lots ?? []),
      ].map((lot) => ({ ...lot, id: crypto.randomUUID() }));
      const [coverKey] = cover ? await media.storeImages('covers', [cover.source]) : [undefined];
      const id = crypto.randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          for (const [position, lot] of lots.entries())
            await ports.auctions.addLot(trx, host, lot.productId, {
              ...lot,
              streamId: id,
              position,
              // The one-product show's lot runs as the show goes live.
              runUntil: live && position === 0 && input.productId !== undefined ? endsAt : undefined,
            });
          await q.insertStream(trx, {
            id,
            host_id: host.id,
            title: input.title,
            cover_key: coverKey ?? null,
            auction_id: lots[0]!.id,
            status: live ? 'live' : 'scheduled',
            scheduled_for: live ? null : startsAt.toISOString(),
            started_at: startsAt.toISOString(),
            ends_at: endsAt.toISOString(),
            ended_at: null,
            end_reason: null,
            host_seen_at: now.toISOString(),
            video_room: null,
            created_at: now.toISOString(),
          });
        });
      } catch (error) {
        if (coverKey) await media.removeImages([coverKey]);
        throw error;
      }
      if (live) await openVideo(id, log);
      deps.publish({ type: 'stream.changed', streamId: id, live: null, ended: false });
      // A show is a listing too: saved searches for auctions hear of it by its title (ADR 0040).
      deps.publish({
        type: 'listing.published',
        listing: {
          kind: 'show',
          id,
          sellerId: host.id,
          title: input.title,
          texts: [input.title],
          category: null,
          price: null,
          link: showPath(id),
        },
      });
      return { id };
    },

    /**
     * The host goes live with a scheduled show: it starts now and lasts as long as planned, and
     * (after the commit) the reminded viewers and the host's followers are told.
     */
    async goLive(host: UserRow, id: string, log: StreamsDeps['log'] = deps.log): Promise<void> {
      const row = await hosted(host, id);
      if (row.status !== 'scheduled') throw new DomainError('CONFLICT', MSG.showNotScheduled);
      if (await q.liveStreamOf(db, host.id)) throw new DomainError('CONFLICT', MSG.alreadyStreaming);
      const lengthMs = Date.parse(row.ends_at) - Date.parse(row.started_at);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        if (!(await q.goLive(trx, id, now.toISOString(), new Date(now.getTime() + lengthMs).toISOString())))
          throw new DomainError('CONFLICT', MSG.showNotScheduled);
        // A one-product show's lot runs for the show's length from its start, as when it went live at once.
        const lots = await ports.auctions.lotsOf(id, trx);
        if (lots.length === 1 && lots[0]!.seconds * 1000 === lengthMs) await ports.auctions.openLot(trx, lots[0]!.id);
      });
      await openVideo(id, log);
      deps.publish({ type: 'stream.changed', streamId: id, live: (await screen(id))?.live ?? null, ended: false });
      deps.publish({ type: 'stream.lots', streamId: id });
      await deps.parts
        .onShowLive({ ...row, title: row.title })
        .catch((err: unknown) => log.warn({ err }, 'telling followers a show went live failed'));
    },

    /** Scheduled shows, soonest first. */
    async upcoming(): Promise<{ items: StreamCard[] }> {
      return { items: (await q.upcoming(db, 24)).map(card) };
    },

    async list({ cursor }: PageQuery): Promise<Page<StreamCard>> {
      const after = decodeCursor(cursor);
      if (after && (typeof after[0] !== 'string' || !/^[01]\|/.test(after[0])))
        throw new DomainError('VALIDATION_FAILED', MSG.invalidCursor);
      const rows = await q.listPage(db, 25, after);
      return pageOf(rows, 24, card, (r) => encodeCursor(`${r.live_rank}|${r.created_at}`, r.id));
    },

    async detail(viewer: UserRow | null, id: string): Promise<StreamDetail> {
      const row = await mustFind(id);
      const [auction, messages, removed, lots, pins, room, myPrebids] = await Promise.all([
        ports.auctions.liveState(row.auction_id),
        q.recentMessages(db, id, CHAT_HISTORY, viewer?.id ?? null),
        viewer ? q.isBanned(db, id, viewer.id) : false,
        lotsWithClips(id),
        deps.parts.pinsOf(id),
        deps.parts.room(viewer, row),
        viewer ? lq.myPrebids(db, id, viewer.id) : {},
      ]);
      const isHost = viewer?.id === row.host_id;
      // A viewer's own order from the show (every win and purchase in one); for the host, the lot on screen's.
      const order = !viewer
        ? undefined
        : isHost
          ? await ports.orders.orderOfAuction(row.auction_id)
          : await ports.orders.showOrderOf(viewer.id, id);
      return {
        ...card(row),
        ...streamLive(row, auction, lots.find((l) => l.id === row.auction_id) ?? null),
        auctionId: row.auction_id,
        product: { id: row.product_id, title: row.product_title, image: media.firstImageOf(row.product_images) },
        serverTime: clock.iso(),
        isHost,
        removed,
        recentMessages: messages.map(toMessage),
        order: order ? { id: order.id, status: order.status } : null,
        lots,
        pins,
        myPrebids,
        ...room,
      };
    },

    endByHost: async (host: UserRow, id: string) => {
      const row = await hosted(host, id);
      if (row.status === 'ended') throw new DomainError('CONFLICT', MSG.streamNotLive);
      await end(id, 'host');
    },

    /**
     * The job's one run: streams past their timer end (the timer), and streams whose host has been
     * gone past the grace period end too. Returns how soon the next one may be due.
     */
    async endDue(): Promise<number> {
      const now = clock.now().getTime();
      const due = await q.dueStreams(db, new Date(now).toISOString(), new Date(now - HOST_GRACE_MS).toISOString());
      for (const s of due) await end(s.id, s.ends_at <= new Date(now).toISOString() ? 'timer' : 'abandoned');
      const next = await q.nextDeadline(db);
      if (!next) return Number.POSITIVE_INFINITY;
      return Math.max(0, Math.min(Date.parse(next.ends_at), Date.parse(next.host_seen_at) + HOST_GRACE_MS) - now);
    },

    /** The host page is still open (a reload is not leaving). */
    async heartbeat(userId: string, streamId: string): Promise<void> {
      await q.markHostSeen(db, streamId, userId, clock.iso());
    },

    /**
     * The room's count as it went out (at most every two seconds per show): kept when it is the
     * show's highest yet, for the seller's dashboard (ADR 0043). With several instances each
     * counts the whole room (the adapter's roomSize), so the peak is the room's, not one instance's.
     */
    async notePeakViewers(streamId: string, count: number): Promise<void> {
      await q.raisePeakViewers(db, streamId, count);
    },

    /** Who may watch: anyone, except a person the host removed. Returns whether this person hosts it, and whether it is live. */
    async admit(userId: string | null, streamId: string): Promise<{ isHost: boolean; live: boolean }> {
      const row = await mustFind(streamId);
      if (userId && (await q.isBanned(db, streamId, userId))) throw new DomainError('FORBIDDEN', MSG.removedFromStream);
      return { isHost: userId === row.host_id, live: row.status === 'live' };
    },

    /**
     * A chat line from a signed-in person, as the protocol's schema made it (trimmed, 1–500
     * characters). A line that is only a number is a bid, decided by the auction's bid engine
     * (verified email, not the host, stream live, at least one step up); a refused bid is not
     * posted, and the sender hears why. Anything else is chat.
     */
    async chat(user: UserRow, streamId: string, line: string, clientId: string): Promise<ChatAck> {
      // Suspended by staff (issue 31): no chatting, whatever the room.
      refuseIfSuspended(user, clock.iso());
      const row = await mustFind(streamId);
      if (row.status === 'scheduled') throw new DomainError('CONFLICT', MSG.showNotLiveYet);
      if (row.status !== 'live') throw new DomainError('CONFLICT', MSG.streamNotLive);
      if (await q.isBanned(db, streamId, user.id)) throw new DomainError('FORBIDDEN', MSG.removedFromStream);
      if (!takeChatToken(user.id)) throw new DomainError('RATE_LIMITED', MSG.chatRateLimited);
      // A muted sender is refused here; a line with a muted word is kept, for its sender's eyes only.
      const { hidden } = await deps.parts.chatCheck(user, row, line);
      const typed = parseChatBid(line);
      const sender = { id: user.id, username: user.username, profilePic: media.avatarUrl(user.avatar_key) };
      if (typed === null)
        return post(
          streamId,
          {
            id: messageId(streamId, user.id, clientId, `chat|${line}`),
            kind: 'chat',
            text: line,
            amount: null,
            user: sender,
            createdAt: clock.iso(),
          },
          undefined,
          hidden,
        );

      if (user.id === row.host_id) throw new DomainError('FORBIDDEN', MSG.hostCannotBid);
      if (!user.email_verified_at) throw new DomainError('EMAIL_NOT_VERIFIED', MSG.verificationRequired);
      // A number too long to be a price is still a bid, refused in the bid schema's own words.
      const amount = Number.isFinite(typed) ? typed : MAX_FILS + 1;
      // The line's number enters as a bid here, so it is parsed here, as the bid route's body is.
      let offer: BidInput;
      try {
        offer = parseInput(BidSchema, { amount });
      } catch (error) {
        deps.bidRefused('VALIDATION_FAILED');
        throw error;
      }
      const result = await ports.auctions.placeBid(user, row.auction_id, offer, clientId).catch((error: unknown) => {
        // The client id is the bid's Idempotency-Key: another amount under it is another message reusing it.
        throw error instanceof DomainError && error.code === 'IDEMPOTENCY_KEY_REUSED'
          ? new DomainError('CONFLICT', MSG.chatIdReused)
          : error;
      });
      const bid = { leading: result.leading, message: result.message };
      const shown = publicAmount(result, amount);
      const base = {
        id: messageId(streamId, user.id, clientId, `bid|${amount}`),
        kind: 'bid' as const,
        user: sender,
        createdAt: clock.iso(),
      };
      // A raised maximum is the bidder's secret: their own line says it, nobody else's chat does.
      if (shown === null) return { ok: true, message: { ...base, text: line, amount }, bid };
      return post(streamId, { ...base, text: shown === amount ? line : formatAED(shown), amount: shown }, bid);
    },

    /** Who may bid on a stream's auction, however they bid: nobody the host removed from it. */
    async bidGate(
      runner: Kysely<DB>,
      auction: { streamId: string | null },
      bidderIds: string[],
    ): Promise<ReadonlyMap<string, DomainError>> {
      if (!auction.streamId) return NONE_REFUSED;
      const banned = await q.bannedAmong(runner, auction.streamId, bidderIds);
      return new Map(banned.map((userId) => [userId, new DomainError('FORBIDDEN', MSG.removedCannotBid)]));
    },

    /** Video signalling is for a live stream only: an ended one's room is closed. */
    async mustBeLive(streamId: string): Promise<void> {
      if ((await mustFind(streamId)).status !== 'live') throw new DomainError('CONFLICT', MSG.streamNotLive);
    },

    async deleteMessage(moderator: UserRow, streamId: string, messageId: string): Promise<void> {
      await moderated(moderator, streamId);
      if (!(await q.deleteMessage(db, streamId, messageId, clock.iso())))
        throw new DomainError('NOT_FOUND', MSG.notFound);
      deps.publish({ type: 'stream.message-deleted', streamId, messageId });
    },

    /** The host or a moderator removes a viewer: out of the room now, and no chat, bids or video in this stream again. */
    async removeViewer(moderator: UserRow, streamId: string, userId: string): Promise<void> {
      const row = await moderated(moderator, streamId);
      if (userId === row.host_id || userId === moderator.id) throw new DomainError('VALIDATION_FAILED', MSG.notFound);
      if (!(await q.userBrief(db, userId))) throw new DomainError('NOT_FOUND', MSG.userNotFound);
      await q.insertBan(db, streamId, userId, clock.iso());
      // The ban stands even if the SFU cannot be told now: their next video join is refused here.
      await deps.video
        .removePerson?.({ id: streamId, videoRoom: row.video_room }, userId)
        .catch((err: unknown) => deps.log.warn({ err }, 'removing a viewer from the video room failed'));
      deps.publish({ type: 'stream.viewer-removed', streamId, userId });
    },

    /** How this person's browser joins the video: the host publishes, the rest watch. */
    async video(viewer: UserRow | null, streamId: string): Promise<VideoJoin> {
      const row = await mustFind(streamId);
      if (viewer && (await q.isBanned(db, streamId, viewer.id)))
        throw new DomainError('FORBIDDEN', MSG.removedFromStream);
      const role = viewer?.id === row.host_id ? 'publisher' : 'subscriber';
      // An ended stream has no video for anyone; asking the SFU would bring its closed room back.
      if (row.status !== 'live') throw new DomainError('CONFLICT', MSG.streamNotLive);
      return deps.video.join(
        { id: row.id, videoRoom: row.video_room },
        { userId: viewer?.id ?? null, role },
        iceServersFor(deps.ice, viewer?.id ?? null, clock.now()),
      );
    },

    /** The stored files streams use: both renditions of every cover. */
    async referencedUploads(): Promise<string[]> {
      return (await q.coverKeys(db)).flatMap((key) => media.filesOfImage(key));
    },

    /**
     * Staff suspended a host (issue 31): every show of theirs live or scheduled ends in the
     * suspension's transaction, as the host's End does, and the rooms and /live hear it once it
     * commits. Answers how many ended.
     */
    async endShowsOf(trx: Transaction<DB>, hostId: string, onCommit: OnCommit): Promise<number> {
      let ended = 0;
      for (const row of await q.showsNotEndedOf(trx, hostId)) {
        if (!(await endIn(trx, row.id, 'host', onCommit))) continue;
        ended++;
        onCommit(() => {
          announceEnd(row).catch((err: unknown) => deps.log.warn({ err }, 'announcing a show’s end failed'));
        });
      }
      return ended;
    },

    /**
     * A lot left its show outside the run sheet's own paths (staff hid it, issue 31), in the
     * caller's transaction: when it was the lot on screen the first lot left takes its place, and
     * the room hears the run sheet and the screen once it commits.
     */
    async lotWithdrawn(trx: Transaction<DB>, streamId: string, lotId: string, onCommit: OnCommit): Promise<void> {
      const row = await q.findStream(trx, streamId);
      if (row?.auction_id === lotId) {
        const next = (await ports.auctions.lotsOf(streamId, trx))[0];
        if (next) await q.putOnScreen(trx, streamId, next.id);
      }
      onCommit(() => deps.publish({ type: 'stream.lots', streamId }));
    },

    bidBanner,
    screen,
    addLot: runSheet.addLot,
    editLot: runSheet.editLot,
    dropLot: runSheet.dropLot,
    reorderLots: runSheet.reorderLots,
    startLot: runSheet.startLot,
    prebid: runSheet.prebid,
    /** Registered with the auctions module: a lot's close posts the hammer line and tells the room. */
    onLotClosed: runSheet.onLotClosed,
  };
}
