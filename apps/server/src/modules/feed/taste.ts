import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AuctionsPort } from '../auctions/port.js';
import type { CatalogPort } from '../catalog/port.js';
import type { OrdersPort } from '../orders/port.js';
import type { ProfilesPort } from '../profiles/port.js';
import * as q from './queries.js';
import { SIGNAL_WEIGHTS, addSignal, emptyTaste, type Taste } from './ranking.js';

/** How many of each recent signal a taste is made from. */
const RECENT = 300;

export interface TasteDeps {
  db: Kysely<DB>;
  ports: {
    catalog: Pick<CatalogPort, 'likedSignals' | 'ownersOf'>;
    orders: Pick<OrdersPort, 'purchaseSignals'>;
    auctions: Pick<AuctionsPort, 'bidSignals'>;
    profiles: Pick<ProfilesPort, 'followedIds'>;
  };
}

/** A person's taste from everything they did, and what they already have (left out of the feed). */
export async function tasteOf(
  deps: TasteDeps,
  userId: string,
): Promise<{ taste: Taste; seen: Set<string>; gone: Set<string> }> {
  const [likes, purchases, bids, opens, followed, hidden] = await Promise.all([
    deps.ports.catalog.likedSignals(userId, RECENT),
    deps.ports.orders.purchaseSignals(userId, 100),
    deps.ports.auctions.bidSignals(userId, RECENT),
    q.recentOpens(deps.db, userId, RECENT),
    deps.ports.profiles.followedIds(userId),
    q.hiddenBy(deps.db, userId, RECENT),
  ]);
  const bought = purchases.flatMap((p) => (p.product_id ? [p.product_id] : []));
  const categories = new Map((await deps.ports.catalog.ownersOf(bought)).map((p) => [p.id, p.category]));
  const taste = emptyTaste();
  for (const l of likes) addSignal(taste, { sellerId: l.seller_id, category: l.category }, SIGNAL_WEIGHTS.like);
  for (const p of purchases)
    addSignal(
      taste,
      { sellerId: p.seller_id, category: p.product_id ? (categories.get(p.product_id) ?? null) : null },
      SIGNAL_WEIGHTS.order,
    );
  for (const b of bids) addSignal(taste, { sellerId: b.seller_id, category: b.category }, SIGNAL_WEIGHTS.bid);
  for (const o of opens) addSignal(taste, { sellerId: o.seller_id, category: o.category }, SIGNAL_WEIGHTS.open);
  for (const id of followed) {
    taste.followed.add(id);
    taste.sellers.set(id, (taste.sellers.get(id) ?? 0) + SIGNAL_WEIGHTS.follow);
  }
  for (const h of hidden) {
    taste.hiddenSellers.add(h.seller_id);
    taste.hiddenCategories.set(h.category, (taste.hiddenCategories.get(h.category) ?? 0) + 1);
  }
  // What they liked or opened is not news to them: it comes after what is. What they bought or
  // waved away does not come at all.
  const seen = new Set([...likes.map((l) => `p:${l.product_id}`), ...opens.map((o) => `p:${o.item_id}`)]);
  const gone = new Set([
    ...bought.map((id) => `p:${id}`),
    ...hidden.flatMap((h) => [`p:${h.item_id}`, `a:${h.item_id}`]),
  ]);
  return { taste, seen, gone };
}
