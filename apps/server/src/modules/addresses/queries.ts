import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A person's addresses, the default first, then the newest. */
export const addressesOf = (db: Db, userId: string) =>
  db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const addressOf = (db: Db, userId: string, id: string) =>
  db.selectFrom('addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

export async function countOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const insertAddress = (db: Db, row: Insertable<DB['addresses']>) =>
  db.insertInto('addresses').values(row).execute();

export const updateAddress = (db: Db, userId: string, id: string, row: Partial<Insertable<DB['addresses']>>) =>
  db.updateTable('addresses').set(row).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

export const deleteAddress = (db: Db, userId: string, id: string) =>
  db.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/** Makes `id` the default and every other address of the person not, in one statement. */
export const setDefault = (db: Db, userId: string, id: string) =>
  db
    .updateTable('addresses')
    .set((eb) => ({ is_default: eb.case().when('id', '=', id).then(1).else(0).end() }))
    .where('user_id', '=', userId)
    .execute();

/** The newest address, to become the default when the default is removed. */
export const newestOf = (db: Db, userId: string) =>
  db
    .selectFrom('addresses')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
