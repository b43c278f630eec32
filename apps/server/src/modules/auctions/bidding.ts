import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  IdempotencyKeySchema,
  alreadyHighest,
  auctionPath,
  MSG,
  SOFT_CLOSE_MS,
  LOT_SOFT_CLOSE_MS,
  bidAtLeast,
  formatAED,
  type AuctionUpdate,
  type BidEntry,
  type BidInput,
  type BidResult,
  type UserBrief,
} from '@souq/shared';
import type { DialectName } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import { withAfterCommit, type OnCommit } from '../../lib/after-commit.js';
import type { Clock } from '../../lib/clock.js';
import { refuseIfSuspended } from '../../lib/suspension.js';
import { DomainError } from '../../lib/errors.js';
import type { DomainEvent } from '../../lib/events.js';
import { laneBatches, type Settled } from '../../lib/lane-batches.js';
import { recipientLocale } from '../../lib/locale.js';
import { Lru } from '../../lib/lru.js';
import type { MailLater } from '../../lib/mail-later.js';
import type { AccountsPort } from '../accounts/port.js';
import type { NewNotification, NotificationsPort } from '../notifications/port.js';
import { outbidMail } from './emails.js';
import { resolveBid } from './engine.js';
import { brief, live } from './live.js';
import { bidReceivedNews, outbidNews } from './news.js';
import * as bq from './bid-queries.js';
import * as q from './queries.js';

const OUTBID_MAIL_WINDOW_MS = 15 * 60_000;
/** Auctions whose state a process remembers between batches: the ones being bid on. */
const REMEMBERED_AUCTIONS = 256;

/**
 * A rule another module keeps about who may bid on an auction (a stream's host removing a viewer):
 * the bidders it refuses, with why. It reads inside the batch's transaction, so a refusal stored
 * before the batch is seen by it.
 */
export type BidGate = (
  runner: Kysely<DB>,
  auction: { id: string; streamId: string | null },
  bidderIds: string[],
) => Promise<ReadonlyMap<string, DomainError>>;

export interface BiddingDeps {
  db: Kysely<DB>;
  dialect: DialectName;
  clock: Clock;
  publicUrl: string;
  /** The auction's change, to the watchers (in order with closes and cancellations). */
  publishChange: (event: Extract<DomainEvent, { type: 'auction.changed' }>) => void;
  /** The statement that stores notifications with the batch's writes, and what rings the bells once they have committed. */
  notifications: NotificationsPort['notifyWith'];
  /** Where to mail the outbid. */
  contactsOf: AccountsPort['contactsOf'];
  mailLater: MailLater;
  /** A picture's browser URL from its stored key (media service). */
  avatarUrl: (key: string | null) => string;
  /** Why this bidder may not bid now, from their row (unpaid-win strikes), or null. */
  biddingRefusal: (user: UserRow, now: string) => DomainError | null;
  /** Other modules' rules on who may bid, read at each batch (the list fills as modules start). */
  gates: readonly BidGate[];
  /** Told of every bid's fate, for the metrics. */
  counts: BidCounts;
}

export interface BidCounts {
  accepted(): void;
  /** `reason`: the refusal's error code, or 'internal' for a fault. */
  refused(reason: string): void;
}

/** A bid that has passed its own checks and waits for its auction's batch. */
interface PendingBid {
  user: UserRow;
  amount: number;
  maxAmount?: number;
  key?: string;
  requestHash: string;
}

const NONE_REFUSED: ReadonlyMap<string, DomainError> = new Map();

/** The batch was decided before the auction's end but would commit at or after it. */
class EndPassedBeforeCommit extends Error {}

/**
 * Remembered state refused a bid in a way the write cannot check: closed (another instance's bid
 * may have moved the end) or already leading (another's may have taken the lead).
 */
class RefusedOnRememberedState extends Error {}

type AuctionState = q.AuctionWithPeople;

/** What a batch answers, and the auction as it left it. */
interface Written {
  outcomes: Array<Settled<BidResult>>;
  after: AuctionState;
}

/**
 * Bids (ADR 0026): the bids that arrive together on one auction are decided together, in memory,
 * and written in one transaction: the new price, the bid rows (each with the next sequence
 * number), the bidders' maxima, the notifications, the outbid-mail slots and the idempotency
 * records, one statement on PostgreSQL. Nobody hears back before it commits. A retry with the same
 * Idempotency-Key gets the first answer and bids nothing more.
 *
 * A batch is decided on the auction as this process's last batch left it, without reading or
 * locking it: the write's WHERE names the sequence number it was decided on, and every change to
 * an auction (a bid, a close, a cancellation) moves that number. If the write does not go
 * through, or fails, the batch is decided again on the auction read under its lock. On
 * PostgreSQL such a batch needs no transaction: its writes are one statement, which commits alone.
 */
export function createBidding(deps: BiddingDeps) {
  const { db, dialect, clock } = deps;
  const remembered = new Lru<string, AuctionState>(REMEMBERED_AUCTIONS);

  /** Every gate's refusals for this batch's bidders; the first gate to refuse a bidder says why. */
  async function refusedBidders(
    runner: Kysely<DB>,
    row: AuctionState,
    pending: PendingBid[],
  ): Promise<ReadonlyMap<string, DomainError>> {
    if (!deps.gates.length) return NONE_REFUSED;
    const bidderIds = [...new Set(pending.map((p) => p.user.id))];
    const all = new Map<string, DomainError>();
    for (const gate of deps.gates) {
      for (const [userId, error] of await gate(runner, { id: row.id, streamId: row.stream_id }, bidderIds))
        if (!all.has(userId)) all.set(userId, error);
    }
    return all;
  }

  /**
   * `runner` runs the batch's statements: its transaction, or, for a batch on remembered state on
   * PostgreSQL, the pool itself, since the batch's writes are then one statement that commits alone.
   */
  async function decideAndWrite(
    runner: Kysely<DB>,
    id: string,
    pending: PendingBid[],
    onCommit: OnCommit,
    known: AuctionState | undefined,
  ): Promise<Written> {
    const alone = !runner.isTransaction;
    const row = known ?? (await q.lockAuction(runner, id, dialect));
    if (!row) throw new DomainError('NOT_FOUND', MSG.auctionNotFound);
    const scope = `bid:${id}`;
    const keys = [...new Set(pending.flatMap((p) => (p.key ? [p.key] : [])))];
    // A retry racing its first attempt sees that attempt's key once it commits: under the lock, by
    // waiting for it; on remembered state, its record's insert fails and the batch is decided again.
    const answered = new Map(
      (await q.findIdempotent(runner, scope, keys)).map((r) => [
        `${r.user_id} ${r.key}`,
        { hash: r.request_hash, result: JSON.parse(r.response) as BidResult },
      ]),
    );
    const refused = await refusedBidders(runner, row, pending);

    const nowMs = clock.now().getTime();
    const now = new Date(nowMs).toISOString();
    const state = { ...row };
    const names = new Map<string, UserBrief>();
    // The remembered state keeps the leader's picture as its key, as the row does; names carry URLs.
    const avatars = new Map<string, string | null>();
    // Their languages, for the news and mail of whoever is outbid (the leader before, or a bidder here).
    const locales = new Map<string, string | null>([[row.seller_id, row.seller_locale]]);
    if (row.leader_id) locales.set(row.leader_id, row.leader_locale);
    const previousLeader = brief(row.leader_id, row.leader_username, deps.avatarUrl(row.leader_avatar));
    if (previousLeader) {
      names.set(previousLeader.id, previousLeader);
      avatars.set(previousLeader.id, row.leader_avatar);
    }
    for (const { user } of pending) {
      names.set(user.id, { id: user.id, username: user.username, profilePic: deps.avatarUrl(user.avatar_key) });
      avatars.set(user.id, user.avatar_key);
      locales.set(user.id, user.locale);
    }
    const bidRows: DB['bids'][] = [];
    const maxBids = new Map<string, DB['auction_max_bids']>();
    /** Who was outbid, and the price that outbid them last. */
    const outbid = new Map<string, number>();
    const idempotent: DB['idempotency_keys'][] = [];

    function decide({ user, amount, maxAmount, key, requestHash }: PendingBid): BidResult {
      if (key) {
        const prior = answered.get(`${user.id} ${key}`);
        if (prior) {
          if (prior.hash !== requestHash) throw new DomainError('IDEMPOTENCY_KEY_REUSED', MSG.idempotencyKeyReused);
          return prior.result;
        }
      }
      if (state.status !== 'open' || state.ends_at <= now) {
        if (known) throw new RefusedOnRememberedState();
        // A show's lot still on the run sheet has not ended: it has not begun.
        throw new DomainError('CONFLICT', state.status === 'pending' ? MSG.lotNotStarted : MSG.bidClosed);
      }
      // Hidden by staff (issue 31): the listing is gone, so is its bidding.
      if (state.hidden_at !== null) {
        if (known) throw new RefusedOnRememberedState();
        throw new DomainError('CONFLICT', MSG.listingHidden);
      }
      if (state.seller_id === user.id) throw new DomainError('FORBIDDEN', MSG.bidOwnAuction);
      const refusal = deps.biddingRefusal(user, now) ?? refused.get(user.id);
      if (refusal) throw refusal;
      const outcome = resolveBid(
        {
          startingBid: state.starting_bid,
          reservePrice: state.reserve_price,
          currentBid: state.current_bid,
          leaderId: state.leader_id,
          leaderMax: state.leader_max,
        },
        { bidderId: user.id, amount, maxAmount },
      );
      if (outcome.kind === 'too-low') {
        const message = bidAtLeast(formatAED(outcome.minimum));
        throw new DomainError('VALIDATION_FAILED', message, { amount: message });
      }
      if (outcome.kind === 'cap-reached')
        throw new DomainError('CONFLICT', MSG.bidCapReached, { amount: MSG.bidCapReached });
      if (outcome.kind === 'max-not-raised') {
        if (known) throw new RefusedOnRememberedState();
        const message = alreadyHighest(formatAED(outcome.currentMax));
        throw new DomainError('VALIDATION_FAILED', message, { amount: message });
      }

      const placed = outcome.bids.length;
      outcome.bids.forEach((b, i) =>
        bidRows.push({
          auction_id: id,
          seq: state.seq + 1 + i,
          bidder_id: b.bidderId,
          amount: b.amount,
          auto: b.auto ? 1 : 0,
          created_at: now,
        }),
      );
      // A show's lot runs for seconds, so its soft close is seconds too (ADR 0036).
      const softMs = state.kind === 'live' ? LOT_SOFT_CLOSE_MS : SOFT_CLOSE_MS;
      if (placed > 0 && state.closing_style === 'soft' && Date.parse(state.ends_at) - nowMs < softMs)
        state.ends_at = new Date(nowMs + softMs).toISOString();
      state.seq += placed;
      state.bid_count += placed;
      state.current_bid = outcome.currentBid;
      state.sort_price = outcome.currentBid;
      state.leader_id = outcome.leaderId;
      state.leader_max = outcome.leaderMax;
      maxBids.set(user.id, {
        auction_id: id,
        bidder_id: user.id,
        max_amount: outcome.bidderMax,
        placed_seq: state.seq,
      });
      if (outcome.outbidId && outcome.outbidId !== user.id) outbid.set(outcome.outbidId, outcome.currentBid);

      const leading = outcome.leaderId === user.id;
      const result: BidResult = {
        auction: live(state, names.get(outcome.leaderId) ?? null),
        leading,
        myMaxBid: outcome.bidderMax,
        message: !leading ? MSG.outbidAtOnce : placed === 0 ? MSG.maxRaised : MSG.bidPlaced,
      };
      if (key) {
        answered.set(`${user.id} ${key}`, { hash: requestHash, result });
        idempotent.push({
          user_id: user.id,
          scope,
          key,
          request_hash: requestHash,
          response: JSON.stringify(result),
          created_at: now,
        });
      }
      return result;
    }

    // Bids that arrived together have no order between them: lowest first, so that each is
    // weighed against the ones below it (a tie keeps the order of arrival).
    const order = pending
      .map((_, i) => i)
      .sort(
        (a, b) =>
          (pending[a]!.maxAmount ?? pending[a]!.amount) - (pending[b]!.maxAmount ?? pending[b]!.amount) || a - b,
      );
    const outcomes: Array<Settled<BidResult>> = new Array(pending.length);
    for (const i of order) {
      try {
        outcomes[i] = { ok: true, value: decide(pending[i]!) };
      } catch (error) {
        if (error instanceof RefusedOnRememberedState) throw error;
        outcomes[i] = { ok: false, error };
      }
    }
    // Every accepted bid records its bidder's maximum: none recorded, nothing to write.
    if (!maxBids.size) return { outcomes, after: row };

    const change = {
      id,
      expectedSeq: row.seq,
      // Alone, the statement commits as it runs: the end must not have come by the time it is sent.
      now: alone ? clock.now().toISOString() : now,
      current_bid: state.current_bid!,
      sort_price: state.sort_price,
      leader_id: state.leader_id!,
      leader_max: state.leader_max!,
      bids: state.seq - row.seq,
      ends_at: state.ends_at,
    };
    const link = auctionPath(id);
    const localeOf = (userId: string) => recipientLocale(locales.get(userId));
    const news: NewNotification[] = [...outbid].map(([userId, price]) => ({
      userId,
      kind: 'outbid',
      subject: id,
      ...outbidNews(localeOf(userId), row.title, price),
      link,
    }));
    if (bidRows.length) {
      news.push({
        userId: row.seller_id,
        kind: 'bid_received',
        subject: id,
        ...bidReceivedNews(localeOf(row.seller_id), row.title, state.current_bid!, state.bid_count),
        link,
      });
    }
    const notifications = deps.notifications(runner, onCommit, news);
    const written = await bq.applyBatch(runner, dialect, change, bidRows, [...maxBids.values()], {
      notifications: notifications.query,
      mailSlots: q.takeMailSlots(
        runner,
        [...outbid.keys()],
        `outbid:${id}`,
        now,
        new Date(nowMs - OUTBID_MAIL_WINDOW_MS).toISOString(),
      ),
      idempotent: q.recordIdempotent(runner, idempotent),
    });
    if (!written) throw new DomainError('CONFLICT', MSG.bidClosed);
    notifications.stored(written.notifications);
    for (const contact of await deps.contactsOf(
      runner,
      written.mailSlots.map((r) => r.user_id),
    )) {
      deps.mailLater(
        onCommit,
        outbidMail(
          deps.publicUrl,
          contact.email,
          contact.username,
          row.title,
          id,
          outbid.get(contact.id)!,
          recipientLocale(contact.locale),
        ),
      );
    }
    if (bidRows.length) {
      const bids: BidEntry[] = bidRows.map((r) => ({
        seq: r.seq,
        amount: r.amount,
        auto: r.auto === 1,
        createdAt: r.created_at,
        bidder: names.get(r.bidder_id)!,
      }));
      const update: AuctionUpdate = {
        auction: live(state, names.get(state.leader_id!) ?? null),
        bids,
        reason: 'bid',
        serverTime: now,
      };
      onCommit(() => deps.publishChange({ type: 'auction.changed', auctionId: id, streamId: row.stream_id, update }));
    }
    // Decided before the end is not enough: a bid counts only if it is stored before it. (A
    // statement alone commits as it runs: its WHERE held the clock's reading as it was sent.)
    if (!alone && clock.now().getTime() >= Date.parse(row.ends_at)) throw new EndPassedBeforeCommit();
    const leader = names.get(state.leader_id!);
    return {
      outcomes,
      after: {
        ...state,
        leader_username: leader?.username ?? null,
        leader_avatar: avatars.get(state.leader_id!) ?? null,
        leader_locale: locales.get(state.leader_id!) ?? null,
      },
    };
  }

  async function placeBatch(id: string, pending: PendingBid[]): Promise<Array<Settled<BidResult>>> {
    for (;;) {
      const known = remembered.get(id);
      try {
        const { outcomes, after } = await withAfterCommit((onCommit) =>
          known && dialect === 'postgres'
            ? decideAndWrite(db, id, pending, onCommit, known)
            : db.transaction().execute((trx) => decideAndWrite(trx, id, pending, onCommit, known)),
        );
        remembered.set(id, after);
        return outcomes;
      } catch (error) {
        // Nothing was stored. Decided on remembered state, the auction has moved on (another
        // instance's bids) or a retry's first attempt has committed elsewhere: read it and decide
        // again. Decided again past the end, every new bid is refused as closed, while a retry of
        // one stored earlier still gets its first answer.
        if (known) {
          remembered.deleteIf(id, known);
          continue;
        }
        if (!(error instanceof EndPassedBeforeCommit)) throw error;
      }
    }
  }

  const place = laneBatches(placeBatch);

  return {
    /** `input` is parsed where the bid came in: the route by its contract, a chat line by the streams module. */
    async placeBid(user: UserRow, id: string, input: BidInput, idempotencyKey?: string): Promise<BidResult> {
      try {
        // Suspended by staff (issue 31): the session's own row says so, no query needed.
        refuseIfSuspended(user, clock.iso());
        const key = idempotencyKey === undefined ? undefined : IdempotencyKeySchema.safeParse(idempotencyKey);
        if (key && !key.success) throw new DomainError('VALIDATION_FAILED', MSG.idempotencyKeyInvalid);
        // What a retry must repeat to get the first answer; only a bid sent with a key is compared.
        const requestHash = key
          ? crypto
              .createHash('sha256')
              .update(JSON.stringify([id, input.amount, input.maxAmount ?? null]))
              .digest('hex')
          : '';
        const result = await place(id, {
          user,
          amount: input.amount,
          maxAmount: input.maxAmount,
          key: key?.data,
          requestHash,
        });
        deps.counts.accepted();
        return result;
      } catch (error) {
        deps.counts.refused(error instanceof DomainError ? error.code : 'internal');
        throw error;
      }
    },
  };
}
