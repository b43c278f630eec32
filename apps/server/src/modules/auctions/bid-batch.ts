import type { Kysely } from 'kysely';
import { auctionPath, MSG, type AuctionUpdate, type BidEntry, type BidResult, type UserBrief } from '@souq/shared';
import type { DialectName } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import { type OnCommit } from '../../lib/after-commit.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { DomainEvent } from '../../lib/events.js';
import { type Settled } from '../../lib/lane-batches.js';
import { recipientLocale } from '../../lib/locale.js';
import type { MailLater } from '../../lib/mail-later.js';
import type { AccountsPort } from '../accounts/port.js';
import type { NewNotification, NotificationsPort } from '../notifications/port.js';
import { outbidMail } from './emails.js';
import { brief, live } from './live.js';
import { bidReceivedNews, outbidNews } from './news.js';
import * as bq from './bid-queries.js';
import * as q from './queries.js';

import {
  EndPassedBeforeCommit,
  NONE_REFUSED,
  RefusedOnRememberedState,
  decide,
  type AuctionState,
  type Batch,
  type PendingBid,
  type Written,
} from './bid-decide.js';

export { EndPassedBeforeCommit, type AuctionState, type PendingBid } from './bid-decide.js';

const OUTBID_MAIL_WINDOW_MS = 15 * 60_000;

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

/** Every gate's refusals for this batch's bidders; the first gate to refuse a bidder says why. */
async function refusedBidders(
  gates: readonly BidGate[],
  runner: Kysely<DB>,
  row: AuctionState,
  pending: PendingBid[],
): Promise<ReadonlyMap<string, DomainError>> {
  if (!gates.length) return NONE_REFUSED;
  const bidderIds = [...new Set(pending.map((p) => p.user.id))];
  const all = new Map<string, DomainError>();
  for (const gate of gates) {
    for (const [userId, error] of await gate(runner, { id: row.id, streamId: row.stream_id }, bidderIds))
      if (!all.has(userId)) all.set(userId, error);
  }
  return all;
}

/** The bells a batch rings: each outbid bidder's, and the seller's when bids were placed; none in a rehearsal. */
function batchNews(
  id: string,
  row: AuctionState,
  state: AuctionState,
  outbid: ReadonlyMap<string, number>,
  placed: boolean,
  locales: ReadonlyMap<string, string | null>,
): NewNotification[] {
  if (row.rehearsal === 1) return [];
  const link = auctionPath(id);
  const localeOf = (userId: string) => recipientLocale(locales.get(userId));
  const news: NewNotification[] = [...outbid].map(([userId, price]) => ({
    userId,
    kind: 'outbid',
    subject: id,
    ...outbidNews(localeOf(userId), row.title, price),
    link,
  }));
  if (placed) {
    news.push({
      userId: row.seller_id,
      kind: 'bid_received',
      subject: id,
      ...bidReceivedNews(localeOf(row.seller_id), row.title, state.current_bid!, state.bid_count),
      link,
    });
  }
  return news;
}

/** Mails the outbid bidders whose slot the batch took (one mail per window), once it commits. */
async function mailTheOutbid(
  deps: BiddingDeps,
  runner: Kysely<DB>,
  onCommit: OnCommit,
  userIds: string[],
  row: AuctionState,
  outbid: ReadonlyMap<string, number>,
): Promise<void> {
  const id = row.id;
  for (const contact of await deps.contactsOf(runner, userIds)) {
    deps.mailLater(onCommit, {
      ...outbidMail(
        deps.publicUrl,
        contact.email,
        contact.username,
        row.title,
        id,
        outbid.get(contact.id)!,
        recipientLocale(contact.locale),
      ),
      about: { userId: contact.id, kind: 'outbid' },
    });
  }
}

/** The watchers hear the batch's bids and the auction as they left it, once it commits. */
function publishBids(
  deps: BiddingDeps,
  row: AuctionState,
  state: AuctionState,
  bidRows: DB['bids'][],
  names: ReadonlyMap<string, UserBrief>,
  now: string,
  onCommit: OnCommit,
): void {
  const id = row.id;
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

/**
 * The people a batch names: the leader before it and every bidder in it, with their pictures (the
 * remembered state keeps the leader's as its key, as the row does; names carry URLs) and their
 * languages, for the news and mail of whoever is outbid.
 */
function peopleOf(deps: Pick<BiddingDeps, 'avatarUrl'>, row: AuctionState, pending: PendingBid[]) {
  const names = new Map<string, UserBrief>();
  const avatars = new Map<string, string | null>();
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
  return { names, avatars, locales };
}

/**
 * `runner` runs the batch's statements: its transaction, or, for a batch on remembered state on
 * PostgreSQL, the pool itself, since the batch's writes are then one statement that commits alone.
 */
export async function decideAndWrite(
  deps: BiddingDeps,
  runner: Kysely<DB>,
  id: string,
  pending: PendingBid[],
  onCommit: OnCommit,
  known: AuctionState | undefined,
): Promise<Written> {
  const { dialect, clock } = deps;
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
  const refused = await refusedBidders(deps.gates, runner, row, pending);

  const nowMs = clock.now().getTime();
  const now = new Date(nowMs).toISOString();
  const state = { ...row };
  const { names, avatars, locales } = peopleOf(deps, row, pending);
  const bidRows: DB['bids'][] = [];
  const maxBids = new Map<string, DB['auction_max_bids']>();
  /** Who was outbid, and the price that outbid them last. */
  const outbid = new Map<string, number>();
  const idempotent: DB['idempotency_keys'][] = [];
  const batch: Batch = {
    id,
    scope,
    known,
    now,
    nowMs,
    state,
    answered,
    refused,
    names,
    bidRows,
    maxBids,
    outbid,
    idempotent,
    biddingRefusal: deps.biddingRefusal,
  };

  // Bids that arrived together have no order between them: lowest first, so that each is
  // weighed against the ones below it (a tie keeps the order of arrival).
  const order = pending
    .map((_, i) => i)
    .sort(
      (a, b) => (pending[a]!.maxAmount ?? pending[a]!.amount) - (pending[b]!.maxAmount ?? pending[b]!.amount) || a - b,
    );
  const outcomes: Array<Settled<BidResult>> = new Array(pending.length);
  for (const i of order) {
    try {
      outcomes[i] = { ok: true, value: decide(batch, pending[i]!) };
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
  const news = batchNews(id, row, state, outbid, bidRows.length > 0, locales);
  const notifications = deps.notifications(runner, onCommit, news);
  const written = await bq.applyBatch(runner, dialect, change, bidRows, [...maxBids.values()], {
    notifications: notifications.query,
    mailSlots: q.takeMailSlots(
      runner,
      // A rehearsal's bids (issue 47) are simulated: nobody is mailed of them, nor rung (batchNews).
      row.rehearsal === 1 ? [] : [...outbid.keys()],
      `outbid:${id}`,
      now,
      new Date(nowMs - OUTBID_MAIL_WINDOW_MS).toISOString(),
    ),
    idempotent: q.recordIdempotent(runner, idempotent),
  });
  if (!written) throw new DomainError('CONFLICT', MSG.bidClosed);
  notifications.stored(written.notifications);
  await mailTheOutbid(
    deps,
    runner,
    onCommit,
    written.mailSlots.map((r) => r.user_id),
    row,
    outbid,
  );
  if (bidRows.length) publishBids(deps, row, state, bidRows, names, now, onCommit);
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
