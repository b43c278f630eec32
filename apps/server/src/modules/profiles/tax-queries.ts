import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A seller's tax details (issue 32, ADR 0042), or undefined before they saved any. */
export const taxDetails = (db: Db, userId: string) =>
  db
    .selectFrom('seller_tax_details')
    .select(['user_id', 'legal_name', 'address', 'trn'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const taxDetailsOf = (db: Db, userIds: string[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('seller_tax_details')
        .select(['user_id', 'legal_name', 'address', 'trn'])
        .where('user_id', 'in', userIds)
        .execute();

export const saveTaxDetails = (
  db: Db,
  row: { user_id: string; legal_name: string; address: string; trn: string | null; updated_at: string },
) =>
  db
    .insertInto('seller_tax_details')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        legal_name: row.legal_name,
        address: row.address,
        trn: row.trn,
        updated_at: row.updated_at,
      }),
    )
    .execute();
