import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { MSG } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { gulfDay, gulfDayBefore } from '../../lib/gulf-time.js';
import { createViewBuffer, type PendingView } from './view-buffer.js';
import * as q from './views-queries.js';

/** "Views (30 days)" in My Account (issue 32). */
export const VIEW_WINDOW_DAYS = 30;

/**
 * Who a view is counted for (ADR 0041): a signed-in person by their id; someone signed out by the
 * first-party visitor cookie the beacon sets, hashed so the table holds nothing a request could
 * present. Prefixed so the two can never collide.
 */
export function viewerKey(user: UserRow | null, visitorId: string): string {
  if (user) return `u:${user.id}`;
  return `v:${crypto.createHash('sha256').update(visitorId).digest('base64url')}`;
}

export type ViewsService = ReturnType<typeof createViewsService>;

/**
 * Writes a batch of views: the marks not stored yet, then the counters and totals they add to, in
 * one transaction, so a viewer's mark and their count are stored together or not at all.
 */
async function writeViews(db: Kysely<DB>, views: PendingView[]): Promise<void> {
  const owners = new Map(views.map((v) => [v.productId, v.ownerId]));
  await db.transaction().execute(async (trx) => {
    const marked = await q.markViewedBatch(
      trx,
      views.map((v) => ({ product_id: v.productId, day: v.day, viewer: v.viewer })),
    );
    if (marked.length === 0) return;
    const days = new Map<string, { product_id: string; day: string; views: number }>();
    const totals = new Map<string, { product_id: string; seller_id: string; views: number }>();
    for (const { product_id, day } of marked) {
      const key = `${product_id} ${day}`;
      days.set(key, { product_id, day, views: (days.get(key)?.views ?? 0) + 1 });
      totals.set(product_id, {
        product_id,
        seller_id: owners.get(product_id)!,
        views: (totals.get(product_id)?.views ?? 0) + 1,
      });
    }
    await q.addToDays(trx, [...days.values()]);
    await q.addToTotals(trx, [...totals.values()]);
  });
}

/** Product page views, one per person per product per Gulf day, kept as day counters for dashboards. */
export function createViewsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  log?: { error(o: object, m: string): void };
}) {
  const { db } = deps;
  const buffer = createViewBuffer(deps.clock, (views) =>
    writeViews(db, views).catch((err: unknown) =>
      deps.log?.error({ err, views: views.length }, 'writing views failed'),
    ),
  );
  return {
    /**
     * Counts one view unless this viewer was counted for the product today. It waits in memory
     * with the others of the last second and is written with them (ADR 0044); a viewer counted
     * already, in the batch or before it, is not counted again. The owner's own visits are not
     * counted (they are not demand).
     */
    async record(productId: string, user: UserRow | null, visitorId: string): Promise<void> {
      const product = await q.viewableProduct(db, productId);
      if (!product) throw new DomainError('NOT_FOUND', MSG.productNotFound);
      if (user && product.owner_id === user.id) return;
      buffer.add({
        productId,
        ownerId: product.owner_id,
        day: gulfDay(deps.clock.now()),
        viewer: viewerKey(user, visitorId),
      });
    },

    /** Writes the views still in memory: on a clean shutdown, and before reading figures. */
    flush: () => buffer.flush(),

    /**
     * Drops the marks of days before yesterday (kept a day longer than needed, so a beacon sent
     * just before midnight and answered just after still finds its own). Counters are kept.
     */
    async sweep(): Promise<void> {
      await q.deleteMarksBefore(db, gulfDayBefore(deps.clock.now(), 1));
    },

    /**
     * Moves the 30-day totals' window to today's: each day that has left it is taken out, one
     * transaction per day (a job; the first run after Gulf midnight does it). Until it runs the
     * totals hold the day before too.
     */
    async rollWindow(): Promise<void> {
      const first = gulfDayBefore(deps.clock.now(), VIEW_WINDOW_DAYS - 1);
      for (;;) {
        const start = await q.windowStart(db);
        if (!start || start >= first) return;
        const next = new Date(Date.parse(`${start}T00:00:00Z`) + 24 * 3600_000).toISOString().slice(0, 10);
        await db.transaction().execute((trx) => q.dropDay(trx, start, next));
      }
    },

    /** The seller's views per product over the last 30 Gulf days, today included. */
    async mine(seller: UserRow) {
      // This instance's last second of views first: the seller sees what they just caused.
      await buffer.flush();
      const from = gulfDayBefore(deps.clock.now(), VIEW_WINDOW_DAYS - 1);
      const rows = await q.viewsOfSeller(db, seller.id, from);
      return {
        days: VIEW_WINDOW_DAYS,
        products: rows.map((r) => ({ productId: r.product_id, views: Number(r.views) })),
      };
    },
  };
}
