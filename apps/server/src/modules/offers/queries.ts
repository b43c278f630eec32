import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { OPEN_OFFER_STATUSES, type OfferStatus } from '@souq/shared';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;
export type OfferRow = Selectable<DB['offers']>;
export type TermsRow = Selectable<DB['offer_terms']>;

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1;

export const termsOf = (db: Db, productId: string) =>
  db.selectFrom('offer_terms').selectAll().where('product_id', '=', productId).executeTakeFirst();

export const insertTerms = (db: Db, row: Insertable<DB['offer_terms']>) =>
  db.insertInto('offer_terms').values(row).execute();

/** The seller's terms, changed only while the units are no fewer than those reserved and sold. */
export async function updateTerms(
  db: Db,
  productId: string,
  row: Pick<TermsRow, 'allow' | 'floor' | 'units' | 'updated_at'>,
): Promise<boolean> {
  return changed(
    await db
      .updateTable('offer_terms')
      .set(row)
      .where('product_id', '=', productId)
      .where((eb) => eb(eb('reserved', '+', eb.ref('sold')), '<=', row.units))
      .executeTakeFirst(),
  );
}

/**
 * Holds the product's terms while an offer is made on them (a write lock on PostgreSQL; SQLite's
 * writers are one at a time anyway), and says whether offers are taken: a buyer's offers on one
 * item are counted and added one at a time, so none slips past OPEN_OFFERS_MAX.
 */
export async function holdOpenTerms(db: Db, productId: string, at: string): Promise<boolean> {
  return changed(
    await db
      .updateTable('offer_terms')
      .set({ updated_at: at })
      .where('product_id', '=', productId)
      .where('allow', '=', 1)
      .executeTakeFirst(),
  );
}

/** Takes a unit for an accepted offer: one statement, so two accepts on the last unit give exactly one. */
export async function takeUnit(db: Db, productId: string): Promise<boolean> {
  return changed(
    await db
      .updateTable('offer_terms')
      .set((eb) => ({ reserved: eb('reserved', '+', 1) }))
      .where('product_id', '=', productId)
      .where((eb) => eb(eb('reserved', '+', eb.ref('sold')), '<', eb.ref('units')))
      .executeTakeFirst(),
  );
}

/** A reserved unit goes back (the checkout lapsed) or is sold (checked out). */
export async function settleUnit(db: Db, productId: string, sold: boolean): Promise<boolean> {
  return changed(
    await db
      .updateTable('offer_terms')
      .set((eb) => ({ reserved: eb('reserved', '-', 1), ...(sold && { sold: eb('sold', '+', 1) }) }))
      .where('product_id', '=', productId)
      .where('reserved', '>', 0)
      .executeTakeFirst(),
  );
}

export const insertOffer = (db: Db, row: Insertable<DB['offers']>) => db.insertInto('offers').values(row).execute();

export const offerById = (db: Db, id: string) =>
  db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst();

/** A buyer's offers on one item still waiting for an answer. */
export async function openOffersOf(db: Db, buyerId: string, productId: string): Promise<number> {
  const row = await db
    .selectFrom('offers')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('buyer_id', '=', buyerId)
    .where('product_id', '=', productId)
    .where('status', 'in', OPEN_OFFER_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Moves an offer on from the status it was read in, and only from it: of a seller's tap, a buyer's
 * tap and the lapse job, the first to arrive wins and the others change nothing.
 */
export async function move(
  db: Db,
  id: string,
  from: OfferStatus,
  to: Partial<Pick<OfferRow, 'status' | 'declined' | 'counter_amount' | 'expires_at' | 'order_id'>> & {
    updated_at: string;
  },
  dueBy?: { notAfter?: string; before?: string },
): Promise<boolean> {
  let query = db.updateTable('offers').set(to).where('id', '=', id).where('status', '=', from);
  // Only while its time has not run out (an answer), or only once it has (the lapse).
  if (dueBy?.notAfter) query = query.where('expires_at', '>', dueBy.notAfter);
  if (dueBy?.before) query = query.where('expires_at', '<=', dueBy.before);
  return changed(await query.executeTakeFirst());
}

export const offersOf = (db: Db, side: 'buyer_id' | 'seller_id', userId: string) =>
  db
    .selectFrom('offers')
    .selectAll()
    .where(side, '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();

/** Offers whose time has run out (waiting for an answer, or accepted and not checked out), oldest first. */
export const dueOffers = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('offers')
    .selectAll()
    .where('status', 'in', [...OPEN_OFFER_STATUSES, 'accepted'])
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();

/** The next time an offer falls due, for the job's next wake-up. */
export const nextDue = async (db: Db): Promise<string | null> =>
  (
    await db
      .selectFrom('offers')
      .select('expires_at')
      .where('status', 'in', [...OPEN_OFFER_STATUSES, 'accepted'])
      .where('expires_at', 'is not', null)
      .orderBy('expires_at')
      .limit(1)
      .executeTakeFirst()
  )?.expires_at ?? null;
