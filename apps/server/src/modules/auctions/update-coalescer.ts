import { seqBefore, type AuctionUpdate } from '@souq/shared';
import { perTurn } from '../../lib/per-turn.js';

interface Change {
  auctionId: string;
  update: AuctionUpdate;
}

/**
 * Bids on one auction commit in groups (ADR 0026), and each would otherwise reach every watcher
 * as a message of its own: a hot auction with thousands watching would send thousands of socket
 * writes per bid. Changes published in the same turn of the event loop go out on the next one,
 * one message per run of consecutive bids: the latest state with every bid row of the run.
 * Clients already take an update that moves the sequence by as many bids as it carries.
 */
export function coalesceChanges<E extends Change>(publish: (event: E) => void): (event: E) => void {
  const publishNextTurn = perTurn((batch: E[]) => {
    for (const merged of mergeRuns(batch)) publish(merged);
  });
  return (event) => void publishNextTurn(event);
}

/** Consecutive bid updates of one auction become one; everything else keeps its place and order. */
export function mergeRuns<E extends Change>(events: E[]): E[] {
  const out: E[] = [];
  const lastOf = new Map<string, number>();
  for (const event of events) {
    const at = lastOf.get(event.auctionId);
    const last = at === undefined ? undefined : out[at]!;
    const follows =
      last !== undefined &&
      last.update.reason === 'bid' &&
      event.update.reason === 'bid' &&
      event.update.bids.length > 0 &&
      seqBefore(event.update) === last.update.auction.seq;
    if (follows) {
      out[at!] = { ...event, update: { ...event.update, bids: [...last.update.bids, ...event.update.bids] } };
    } else {
      lastOf.set(event.auctionId, out.push(event) - 1);
    }
  }
  return out;
}
