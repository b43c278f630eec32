import type { UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { keptFor } from '../../lib/kept-for.js';

/** A ranked order of the feed, stored as a session whose cursor every page after the first reads. */
export interface FeedOrder {
  sessionId: string;
  keys: string[];
}

/** A person's order is built again in the background once this old (or at once after "Not interested"). */
export const ORDER_KEPT_MS = 60_000;
/** People whose orders are kept in memory; the least recently seen are dropped first. */
const ORDERS_KEPT = 20_000;
/** Builds waiting their turn: past this, a person keeps the order they have (or everyone's) until next time. */
export const BUILDS_QUEUED = 200;
/** Everyone's order: the one for visitors, and for a signed-in person whose own is not built yet. */
const EVERYONE = '';

/** One build at a time, at most `max` waiting: a rush of new people cannot pile work onto the server. */
function buildQueue(max: number) {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const run = <T>(build: () => Promise<T>): Promise<T> => {
    if (waiting >= max) return Promise.reject(new Error('the feed build queue is full'));
    waiting++;
    const done = tail.then(build).finally(() => waiting--);
    tail = done.catch(() => undefined);
    return done;
  };
  return Object.assign(run, { settled: () => tail });
}

/**
 * The feed's first pages served from orders built off the request path (issue 43): a person's
 * first page is their kept order, or, until it is built, everyone's, while their own is built in
 * the background (a bounded queue, one build at a time). Orders are built again once a minute old,
 * in the background, while the old one is still given out; "Not interested" builds at once.
 */
export function keptOrders(clock: Clock, build: (viewer: Pick<UserRow, 'id'> | null) => Promise<FeedOrder>) {
  const kept = keptFor<FeedOrder>(clock, ORDER_KEPT_MS, ORDERS_KEPT);
  const queued = buildQueue(BUILDS_QUEUED);
  const everyone = () => kept(EVERYONE, () => build(null));
  return {
    /** The order a first page reads: never waits for a person's own build. */
    async first(viewer: UserRow | null): Promise<FeedOrder> {
      if (!viewer) return everyone();
      // Starts their build (or its refresh) if none is under way; a full queue is tried again next time.
      kept(viewer.id, () => queued(() => build(viewer))).catch(() => undefined);
      return kept.available(viewer.id) ?? everyone();
    },
    /**
     * The person's own order while it is fresh: what their first page reads, with no build to start.
     * Undefined while they have none, or theirs is due for its refresh (which a first page starts).
     */
    fresh(viewer: Pick<UserRow, 'id'>): FeedOrder | undefined {
      return kept.peek(viewer.id)?.value;
    },
    /** Resolves once every build queued so far has finished (for tests and a clean shutdown). */
    settled: () => queued.settled().then(() => undefined),
    /** Builds the person's order now, after a signal that must show in their next first page. */
    async rebuild(viewer: Pick<UserRow, 'id'>): Promise<void> {
      kept.forget(viewer.id);
      // The signal that asked for it is stored already: a failed build is tried again by their next first page.
      await kept(viewer.id, () => build(viewer)).catch(() => undefined);
    },
  };
}
