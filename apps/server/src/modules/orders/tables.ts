import type { Generated } from 'kysely';

/** The orders module's tables (ADR 0051): its row types, merged into the `DB` of `db/schema.ts`. */

export interface OrdersTable {
  id: string;
  buyer_id: string;
  idempotency_key: string;
  status: string;
  payment_method: string;
  subtotal: number;
  vat: number;
  total: number;
  emirate: string;
  area: string;
  street: string;
  /** The mobile as the buyer typed it (shown); `phone_e164` is the same number to call. */
  phone: string;
  /** Issue 46: what finds the door. Empty or null on orders placed before they were asked. */
  building: Generated<string>;
  flat: Generated<string>;
  landmark: Generated<string>;
  phone_e164: Generated<string | null>;
  latitude: Generated<number | null>;
  longitude: Generated<number | null>;
  makani: Generated<string | null>;
  created_at: string;
  /** The auction this order is the winner's of; null for cart orders and show orders (their lines say). */
  auction_id: string | null;
  /** The show whose wins and purchases this order gathers (issue 30); null otherwise. */
  stream_id: Generated<string | null>;
  /** SHA-256 of the normalised cart and address; null for orders placed before it was kept. */
  request_hash: string | null;
  /** A won order's completion deadline (issue 31); null for cart orders. */
  complete_by: Generated<string | null>;
  /** When the 24-hours-left and 2-hours-left reminders went out. */
  reminded_day_at: Generated<string | null>;
  reminded_hours_at: Generated<string | null>;
  /** Why a cancelled order was cancelled: 'unpaid' (the deadline passed) or 'buyer_asked' (the seller agreed). */
  cancel_reason: Generated<string | null>;
  /** When the buyer asked the seller to cancel; cleared when the seller declines. */
  cancel_asked_at: Generated<string | null>;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  position: number;
  product_id: string | null;
  seller_id: string;
  title: string;
  /** The product photo's image key at the time of sale; null shows the placeholder. */
  image_key: string | null;
  unit_price: number;
  quantity: number;
  line_total: number;
  /** The seller's part of the order (FULFILMENT_STATUSES in @souq/shared). */
  status: Generated<string>;
  status_at: string | null;
  /** The auction (a timed auction or a show's lot) this line was won at; null for bought lines. */
  auction_id: Generated<string | null>;
  /** The seller ships by then: SHIP_WITHIN_HOURS after the order had its address (issue 31); null before. */
  ship_by: Generated<string | null>;
  /** When it was marked shipped; kept after delivery, for the seller's on-time share. */
  shipped_at: Generated<string | null>;
  /** When the buyer was told it is late (once). */
  late_at: Generated<string | null>;
  /** The Gulf day it was sold (its order placed, or a show's win added): the dashboard's sales read by it (ADR 0043). */
  sale_day: string | null;
}

/** A seller's last document number in one series ('INV' or 'CN'): gap-free, bumped in the issuing transaction. */
export interface InvoiceSequencesTable {
  seller_id: string;
  series: string;
  last_number: number;
}

/** An invoice or credit note (`credits_id` set) as issued: `document` is its JSON snapshot (ADR 0042). */
export interface InvoicesTable {
  id: string;
  seller_id: string;
  series: string;
  seq: number;
  number: string;
  order_id: string;
  buyer_id: string;
  credits_id: string | null;
  issued_at: string;
  subtotal: number;
  vat: number;
  total: number;
  document: string;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first, and its `UsersTable` is `DB['users']` itself.
declare module '../../db/schema.js' {
  interface DB {
    orders: import('./tables.js').OrdersTable;
    order_lines: import('./tables.js').OrderLinesTable;
    invoice_sequences: import('./tables.js').InvoiceSequencesTable;
    invoices: import('./tables.js').InvoicesTable;
  }
}
