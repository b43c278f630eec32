import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { biddingSuspendedUntil, suspensionDay, type MyStrikes, type StruckPeople } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import type { AccountsPort } from '../accounts/port.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import * as sq from './strike-queries.js';

type Db = Kysely<DB> | Transaction<DB>;

/** The strike rule's numbers, from the configuration (ADR 0037). */
export interface StrikeRule {
  /** Two strikes this close together suspend bidding… */
  windowMs: number;
  /** …for this long after the second. */
  suspensionMs: number;
}

/**
 * When a person's bidding suspension ends, from their strikes' times (ascending): each strike that
 * comes within the window of the one before it suspends them until `suspensionMs` after it. Null
 * when no suspension runs at `now`.
 */
export function suspensionEnd(times: readonly string[], rule: StrikeRule, now: number): Date | null {
  let until = 0;
  for (let i = 1; i < times.length; i++) {
    const at = Date.parse(times[i]!);
    if (at - Date.parse(times[i - 1]!) <= rule.windowMs) until = Math.max(until, at + rule.suspensionMs);
  }
  return until > now ? new Date(until) : null;
}

/** The day a suspension ends, as the refusal names it: Gulf time, YYYY-MM-DD (the browser says it the same way). */
export const gulfDay = (at: Date) => suspensionDay(at);

export function createStrikes(deps: {
  db: Kysely<DB>;
  clock: Clock;
  rule: StrikeRule;
  accounts: Pick<AccountsPort, 'raiseBiddingSuspension'>;
}) {
  const { db, clock, rule, accounts } = deps;
  /** Strikes older than this can no longer start or extend a suspension. */
  const relevantSince = () => clock.iso(-(rule.windowMs + rule.suspensionMs));

  /** Each of these people's suspension end, if one runs now. */
  async function suspensions(runner: Db, userIds: string[]): Promise<Map<string, Date>> {
    const out = new Map<string, Date>();
    if (!userIds.length) return out;
    const rows = await sq.strikesSince(runner, userIds, relevantSince());
    const byUser = new Map<string, string[]>();
    for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.created_at]);
    for (const [userId, times] of byUser) {
      const end = suspensionEnd(times, rule, clock.now().getTime());
      if (end) out.set(userId, end);
    }
    return out;
  }

  /** The refusal a suspended bidder gets, naming the day it ends. */
  const refusal = (end: Date) => new DomainError('FORBIDDEN', biddingSuspendedUntil(gulfDay(end)));

  /** Writes what these people's strikes add up to on their rows, where every bid reads it. */
  async function keepOnRows(runner: Db, userIds: string[]): Promise<void> {
    for (const [userId, end] of await suspensions(runner, userIds))
      await accounts.raiseBiddingSuspension(runner, userId, end.toISOString());
  }

  return {
    /** One strike for an order cancelled as unpaid, in the cancel's transaction (once per order). */
    async strike(trx: Transaction<DB>, userId: string, orderId: string, title: string): Promise<void> {
      await sq.insertStrike(trx, {
        id: crypto.randomUUID(),
        user_id: userId,
        order_id: orderId,
        title,
        created_at: clock.iso(),
      });
      await keepOnRows(trx, [userId]);
    },

    /**
     * Every bid (the HTTP route, a chat bid, a pre-bid placed as its lot starts) is refused while
     * the bidder's strikes suspend them: read from the row the bid came with, no query.
     */
    refusalOf(user: Pick<UserRow, 'bidding_suspended_until'>, now: string): DomainError | null {
      const until = user.bidding_suspended_until;
      return until && until > now ? refusal(new Date(until)) : null;
    },

    /**
     * Works every recent striker's suspension out again (a job): rows from before the column, and a
     * strike whose transaction raced another's. Only ever moves an end later.
     */
    async keepSuspensionsOnRows(): Promise<void> {
      await keepOnRows(db, await sq.strikersSince(db, relevantSince()));
    },

    /** Throws the suspended bidder's refusal (a pre-bid left on a waiting lot). */
    async assertMayBid(userId: string): Promise<void> {
      const end = (await suspensions(db, [userId])).get(userId);
      if (end) throw refusal(end);
    },

    /** A person's own strikes and suspension: only ever answered to them. */
    async mine(userId: string): Promise<MyStrikes> {
      const rows = await sq.strikesOf(db, userId, 50);
      const end = (await suspensions(db, [userId])).get(userId);
      return {
        strikes: rows.map((r) => ({ id: r.id, title: r.title, createdAt: r.created_at })),
        suspendedUntil: end ? end.toISOString() : null,
      };
    },

    /** Staff: everyone with a strike within the window, most recent first. */
    async struckPeople(avatarUrl: (key: string | null) => string): Promise<StruckPeople> {
      const rows = await sq.strikesWithPeopleSince(db, relevantSince(), 2000);
      const byUser = new Map<string, { username: string; avatar: string | null; times: string[] }>();
      for (const r of rows) {
        const person = byUser.get(r.id) ?? { username: r.username, avatar: r.avatar_key, times: [] };
        person.times.push(r.created_at);
        byUser.set(r.id, person);
      }
      const windowStart = clock.iso(-rule.windowMs);
      const now = clock.now().getTime();
      const people = [...byUser]
        .map(([id, p]) => {
          const end = suspensionEnd(p.times, rule, now);
          return {
            user: { id, username: p.username, profilePic: avatarUrl(p.avatar) },
            strikes: p.times.filter((t) => t > windowStart).length,
            lastStrikeAt: p.times.at(-1)!,
            suspendedUntil: end ? end.toISOString() : null,
          };
        })
        .filter((p) => p.strikes > 0 || p.suspendedUntil)
        .sort((a, b) => (a.lastStrikeAt < b.lastStrikeAt ? 1 : -1));
      return { people };
    },
  };
}

export type Strikes = ReturnType<typeof createStrikes>;
