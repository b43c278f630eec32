import type { Kysely } from 'kysely';
import type { TaxDetails, TaxDetailsInput } from '@souq/shared';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import * as q from './tax-queries.js';

/** What an invoice names its seller by, as Settings holds it: `trn` null for a seller not registered for VAT. */
export interface SellerTaxDetails {
  legalName: string;
  address: string;
  trn: string | null;
}

/**
 * A seller's tax details (issue 32, ADR 0042): the person's own, in Settings; orders reads them
 * through the port as it issues an invoice, in its own transaction, and copies them into it.
 */
export function createTaxDetails(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db } = deps;
  return {
    async taxDetails(userId: string): Promise<TaxDetails> {
      const row = await q.taxDetails(db, userId);
      return { legalName: row?.legal_name ?? '', address: row?.address ?? '', trn: row?.trn ?? null };
    },

    async saveTaxDetails(userId: string, input: TaxDetailsInput): Promise<TaxDetails> {
      await q.saveTaxDetails(db, {
        user_id: userId,
        legal_name: input.legalName,
        address: input.address,
        trn: input.trn,
        updated_at: deps.clock.iso(),
      });
      return { legalName: input.legalName, address: input.address, trn: input.trn };
    },

    /** The sellers' details, by id; a seller who saved none is missing from the map. */
    async taxDetailsOf(runner: Kysely<DB>, sellerIds: string[]): Promise<Map<string, SellerTaxDetails>> {
      const rows = await q.taxDetailsOf(runner, sellerIds);
      return new Map(rows.map((r) => [r.user_id, { legalName: r.legal_name, address: r.address, trn: r.trn }]));
    },
  };
}
