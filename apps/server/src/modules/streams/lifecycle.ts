import type { Transaction } from 'kysely';
import { HOST_GRACE_MS, MSG } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import { withAfterCommit, type OnCommit } from '../../lib/after-commit.js';
import { DomainError } from '../../lib/errors.js';
import { type RunSheet } from './lots.js';
import type { ShowAccess, StreamsDeps } from './show-deps.js';
import type { ShowScreen } from './show-screen.js';
import * as q from './queries.js';

/**
 * A show's life: started live or for later, gone live, kept alive by its host's page, and ended
 * once, whatever ends it (the host, its timer, its host gone, a suspension), with its bidding stopped.
 */
export function createLifecycle(
  deps: StreamsDeps & { access: ShowAccess; screen: ShowScreen; runSheet: Pick<RunSheet, 'closeRunSheet'> },
) {
  const { db, clock, ports } = deps;
  const { hosted } = deps.access;
  const { screen } = deps.screen;
  const { runSheet } = deps;

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
    end,
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
  };
}
