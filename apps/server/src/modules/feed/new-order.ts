import crypto from 'node:crypto';
import type { UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { createCandidates, type CandidatePorts } from './candidates.js';
import type { FeedOrder } from './kept-orders.js';
import * as q from './queries.js';
import { arrange, emptyTaste, score } from './ranking.js';
import { tasteOf, type TasteDeps } from './taste.js';

/** One session's fixed order holds this many items; the counter's total. */
const SESSION_ITEMS = 300;

export interface NewOrderDeps extends TasteDeps {
  clock: Clock;
  ports: TasteDeps['ports'] & CandidatePorts;
}

/** Builds a new order and stores it as the session its pages are read from. */
export function createOrderBuilder(deps: NewOrderDeps) {
  const { db, clock } = deps;
  const candidatesFor = createCandidates(clock, deps.ports);

  /** The order of a new session: ranked for the person (or by popularity and freshness when signed out). */
  async function rank(viewer: Pick<UserRow, 'id'> | null, seed: string): Promise<string[]> {
    const none = new Set<string>();
    const { taste, seen, gone } = viewer
      ? await tasteOf(deps, viewer.id)
      : { taste: emptyTaste(), seen: none, gone: none };
    const candidates = (await candidatesFor(viewer?.id ?? null, taste)).filter((c) => !gone.has(c.key));
    const scores = score(candidates, taste, clock.now().getTime());
    const news = arrange(
      candidates.filter((c) => !seen.has(c.key)),
      scores,
      { limit: SESSION_ITEMS, seed },
    );
    // Once the news runs out, what they have seen comes round again rather than an end to the feed
    // (a small shop, or someone who has swiped through it all).
    const again = arrange(
      candidates.filter((c) => seen.has(c.key)),
      scores,
      { limit: SESSION_ITEMS - news.length, seed },
    );
    return [...news, ...again].map((c) => c.key);
  }

  return async function buildOrder(viewer: Pick<UserRow, 'id'> | null): Promise<FeedOrder> {
    const sessionId = crypto.randomUUID();
    const keys = await rank(viewer, sessionId);
    await q.insertSession(db, {
      id: sessionId,
      user_id: viewer?.id ?? null,
      items: JSON.stringify(keys),
      created_at: clock.iso(),
    });
    return { sessionId, keys };
  };
}
