import type { Generated } from 'kysely';

/** The catalog module's tables (ADR 0051): its row types, merged into the `DB` of `db/schema.ts`. */

export type ProductCondition = 'new' | 'used' | 'refurbished';

export interface ProductsTable {
  id: string;
  owner_id: string;
  title: string;
  title_key: string;
  description: string;
  /** The seller's Arabic title and description, beside the main ones (issue 29); null: none. */
  title_ar: Generated<string | null>;
  description_ar: Generated<string | null>;
  category: string;
  price: number;
  previous_price: number | null;
  condition: ProductCondition;
  brand: string;
  dimensions: string | null;
  weight: number;
  country_of_origin: string | null;
  /** JSON array of lowercase keywords. */
  keywords: string;
  search_text: string;
  /** JSON array of storage keys; each has a large and a thumbnail rendition. */
  images: string;
  invoice_key: string | null;
  rating: Generated<number>;
  review_count: Generated<number>;
  like_count: Generated<number>;
  sold_count: Generated<number>;
  popularity: Generated<number>;
  is_auction: Generated<number>;
  related_auction: string | null;
  created_at: string;
  /** Hidden by staff (issue 31): gone from the shop, search and feed; its owner still reads it, with the reason. */
  hidden_at: Generated<string | null>;
  hidden_reason: Generated<string | null>;
}

export interface ProductLikesTable {
  product_id: string;
  user_id: string;
  /** The product's seller and category, copied at the like: a taste signal read without a join. */
  seller_id: string;
  category: string;
  created_at: string;
}

/** Who has been counted viewing a product on a Gulf day (issue 32): `u:<user id>` or `v:<visitor hash>`. */
export interface ProductViewsTable {
  product_id: string;
  /** YYYY-MM-DD in Gulf time. */
  day: string;
  viewer: string;
}

/** A product's views on one Gulf day: one per person, counted as `product_views` gains a row. */
export interface ProductViewDaysTable {
  product_id: string;
  day: string;
  views: Generated<number>;
}

/** Each product's views over the window's 30 Gulf days (ADR 0043): +1 as counted, a day's counters off as it leaves. */
export interface ProductViewTotalsTable {
  product_id: string;
  seller_id: string;
  views: number;
}

/** One row (id 1): the first Gulf day `product_view_totals` holds. */
export interface ProductViewWindowTable {
  id: number;
  first_day: string;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first, and its `UsersTable` is `DB['users']` itself.
declare module '../../db/schema.js' {
  interface DB {
    products: import('./tables.js').ProductsTable;
    product_likes: import('./tables.js').ProductLikesTable;
    product_views: import('./tables.js').ProductViewsTable;
    product_view_days: import('./tables.js').ProductViewDaysTable;
    product_view_totals: import('./tables.js').ProductViewTotalsTable;
    product_view_window: import('./tables.js').ProductViewWindowTable;
  }
}
