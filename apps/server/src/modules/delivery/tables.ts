import type { Generated } from 'kysely';

/** The delivery module's tables (issue 46, ADR 0051): merged into the `DB` of `db/schema.ts`. */

export interface DeliveryAttemptsTable {
  id: string;
  line_id: string;
  order_id: string;
  seller_id: string;
  buyer_id: string;
  /** DELIVERY_OUTCOMES in @souq/shared. */
  outcome: string;
  /** The buyer's reason for a refusal; the seller's note otherwise. */
  reason: string;
  created_at: string;
  /** The buyer's answer to a failed attempt (when to come), or their dispute of a refusal. */
  replied_at: string | null;
  reply_note: string | null;
  address_changed: Generated<number>;
  disputed_at: string | null;
  dispute_note: string | null;
  /** Staff's word on a disputed refusal: 'stands' or 'withdrawn'. */
  decision: string | null;
  decided_at: string | null;
}

/** Staff lifted a buyer's COD block: refusals recorded before `lifted_at` no longer count. */
export interface CodBlockLiftsTable {
  id: string;
  buyer_id: string;
  staff_id: string | null;
  reason: string;
  lifted_at: string;
}

// Named through this file: inside the block a bare name finds db/schema.ts's exports first (ADR 0051).
declare module '../../db/schema.js' {
  interface DB {
    delivery_attempts: import('./tables.js').DeliveryAttemptsTable;
    cod_block_lifts: import('./tables.js').CodBlockLiftsTable;
  }
}
