import type { Kysely } from 'kysely';
import { REHEARSAL_BIDDERS, REHEARSAL_PACES, type RehearsalPace } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { AccountsPort } from '../accounts/port.js';
import type { AuctionsPort } from '../auctions/port.js';

export interface RehearsalBiddersDeps {
  db: Kysely<DB>;
  clock: Clock;
  accounts: Pick<AccountsPort, 'simulatedBidders'>;
  auctions: Pick<AuctionsPort, 'placeBid' | 'liveState'>;
  log: { warn(obj: unknown, msg: string): void };
  /** 0 ≤ random() < 1: the bidders' jitter and choice (a seam for tests). */
  random?: () => number;
}

/** Rehearsals that are live, each with its lot on screen and pace. */
const liveRehearsals = (db: Kysely<DB>) =>
  db
    .selectFrom('streams')
    .select(['id', 'auction_id', 'rehearsal_pace'])
    .where('status', '=', 'live')
    .where('rehearsal_pace', 'is not', null)
    .execute();

/**
 * A rehearsal's simulated bidders (issue 47): while a rehearsal's lot runs, one of a handful of
 * accounts nobody signs in to bids the next minimum at about the pace the host chose (half to one
 * and a half times its mean, so the rhythm is not a metronome), never against itself. They bid
 * through the same engine as people, so the host learns the real timers and soft close; the
 * lot's flag (ADR 0056) keeps every bell, order and figure out of it. `bench/show-fanout` drives
 * the same bids as its load.
 */
export function createRehearsalBidders(deps: RehearsalBiddersDeps) {
  const random = deps.random ?? Math.random;
  /** When each rehearsal's next simulated bid is due, by show. */
  const due = new Map<string, number>();
  let bidders: UserRow[] | undefined;

  const gap = (pace: RehearsalPace) => REHEARSAL_PACES[pace] * (0.5 + random());

  /** One bid on a lot, from a simulated bidder who is not leading; false when none could be placed. */
  async function bidOn(lotId: string): Promise<boolean> {
    bidders ??= await deps.accounts.simulatedBidders(REHEARSAL_BIDDERS);
    const lot = await deps.auctions.liveState(lotId);
    if (!lot || lot.status !== 'open') return false;
    const free = bidders.filter((b) => b.id !== lot.leader?.id);
    const bidder = free[Math.floor(random() * free.length)];
    if (!bidder) return false;
    try {
      await deps.auctions.placeBid(bidder, lotId, { amount: lot.minimumBid });
      return true;
    } catch (error) {
      // Outbid or closed in between: this bid is simply not made, as a person's would not be.
      if (!(error instanceof DomainError)) deps.log.warn({ err: error }, 'a simulated bid failed');
      return false;
    }
  }

  return {
    bidOn,

    /** The job's run: each live rehearsal whose next bid is due gets one; answers when to look again. */
    async bidDue(): Promise<number> {
      const now = deps.clock.now().getTime();
      const live = await liveRehearsals(deps.db);
      const seen = new Set(live.map((r) => r.id));
      for (const id of due.keys()) if (!seen.has(id)) due.delete(id);
      for (const show of live) {
        const pace = show.rehearsal_pace!;
        const at = due.get(show.id) ?? now + gap(pace);
        if (at > now) {
          due.set(show.id, at);
          continue;
        }
        due.set(show.id, now + gap(pace));
        await bidOn(show.auction_id);
      }
      return live.length ? Math.max(50, Math.min(...[...due.values()].map((at) => at - now))) : 1000;
    },
  };
}
