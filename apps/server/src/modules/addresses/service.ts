import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { MSG, type SavedAddressInput, type SavedAddressView } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { addressColumns, addressOfColumns } from '../../lib/address-columns.js';
import { DomainError } from '../../lib/errors.js';
import * as q from './queries.js';

export type AddressesService = ReturnType<typeof createAddressesService>;

/** Enough for home, work and family; an address book is not a courier's manifest. */
export const ADDRESS_BOOK_MAX = 10;

type AddressRow = Selectable<DB['addresses']>;

const viewOf = (row: AddressRow): SavedAddressView => ({
  id: row.id,
  ...addressOfColumns(row),
  emirate: row.emirate as SavedAddressView['emirate'],
  phoneE164: row.phone_e164,
  isDefault: row.is_default === 1,
});

const missing = () => new DomainError('NOT_FOUND', MSG.addressNotFound);

export function createAddressesService({ db, clock }: { db: Kysely<DB>; clock: Clock }) {
  const list = async (user: UserRow) => (await q.addressesOf(db, user.id)).map(viewOf);

  return {
    list,

    /** The first address is the default; a later one only when asked. */
    async create(user: UserRow, input: SavedAddressInput): Promise<SavedAddressView> {
      const id = crypto.randomUUID();
      await db.transaction().execute(async (trx) => {
        const count = await q.countOf(trx, user.id);
        if (count >= ADDRESS_BOOK_MAX) throw new DomainError('CONFLICT', MSG.addressBookFull);
        await q.insertAddress(trx, { id, user_id: user.id, ...addressColumns(input), created_at: clock.iso() });
        if (count === 0 || input.makeDefault) await q.setDefault(trx, user.id, id);
      });
      return viewOf((await q.addressOf(db, user.id, id))!);
    },

    async update(user: UserRow, id: string, input: SavedAddressInput): Promise<SavedAddressView> {
      await db.transaction().execute(async (trx) => {
        const changed = await q.updateAddress(trx, user.id, id, addressColumns(input));
        if (!Number(changed.numUpdatedRows)) throw missing();
        if (input.makeDefault) await q.setDefault(trx, user.id, id);
      });
      return viewOf((await q.addressOf(db, user.id, id))!);
    },

    /** Removing the default makes the newest left the default, so checkout always has one to offer. */
    async remove(user: UserRow, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await q.addressOf(trx, user.id, id);
        if (!row) throw missing();
        await q.deleteAddress(trx, user.id, id);
        const next = row.is_default ? await q.newestOf(trx, user.id) : undefined;
        if (next) await q.setDefault(trx, user.id, next.id);
      });
    },

    async makeDefault(user: UserRow, id: string): Promise<SavedAddressView[]> {
      await db.transaction().execute(async (trx) => {
        if (!(await q.addressOf(trx, user.id, id))) throw missing();
        await q.setDefault(trx, user.id, id);
      });
      return list(user);
    },
  };
}
