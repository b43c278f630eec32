/** The offers module's tables (ADR 0053, ADR 0051): merged into the `DB` of `db/schema.ts`. */

/** A product's terms for offers, set by its seller; `reserved + sold <= units` always. */
export interface OfferTermsTable {
  product_id: string;
  seller_id: string;
  allow: number;
  /** In fils: an offer under it is declined at once. Never shown to buyers. */
  floor: number | null;
  /** How many units the seller sells through offers in all. */
  units: number;
  /** Held by accepted offers waiting for their checkout. */
  reserved: number;
  /** Checked out into orders. */
  sold: number;
  updated_at: string;
}

export interface OffersTable {
  id: string;
  product_id: string;
  buyer_id: string;
  seller_id: string;
  /** The product's title and price as the offer was made (its photo is read from the catalog: photos change). */
  title: string;
  list_price: number;
  amount: number;
  counter_amount: number | null;
  /** OFFER_STATUSES in @souq/shared. */
  status: string;
  /** OFFER_DECLINES, once declined. */
  declined: string | null;
  created_at: string;
  updated_at: string;
  /** When it lapses unanswered, or (accepted) when its unit goes back unless checked out. */
  expires_at: string | null;
  order_id: string | null;
}

// Named through this file: inside the block a bare name finds db/schema.ts's exports first (ADR 0051).
declare module '../../db/schema.js' {
  interface DB {
    offer_terms: import('./tables.js').OfferTermsTable;
    offers: import('./tables.js').OffersTable;
  }
}
