import type { Generated } from 'kysely';

/** The addresses module's table (issue 46, ADR 0051): a person's address book, merged into the `DB` of `db/schema.ts`. */

export interface AddressesTable {
  id: string;
  user_id: string;
  emirate: string;
  area: string;
  street: string;
  /** The building's name or the villa's number. */
  building: string;
  flat: Generated<string>;
  /** What a courier looks for ("next to Carrefour"). */
  landmark: Generated<string>;
  /** The mobile as its owner typed it, for showing. */
  phone: string;
  /** The same mobile in E.164, for calling. */
  phone_e164: string;
  latitude: number | null;
  longitude: number | null;
  /** Dubai's 10-digit building entrance code. */
  makani: string | null;
  /** 1 for the one address checkout offers first. */
  is_default: Generated<number>;
  created_at: string;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first, and its `UsersTable` is `DB['users']` itself.
declare module '../../db/schema.js' {
  interface DB {
    addresses: import('./tables.js').AddressesTable;
  }
}
