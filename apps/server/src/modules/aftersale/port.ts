import type { Transaction } from 'kysely';
import type { DB, UserRow } from '../../db/schema.js';
import type { Told } from './tell.js';

export type { Told } from './tell.js';
export { ORDERS_PATH, SALES_PATH } from './emails.js';

/**
 * Nothing after after-sale calls it, so its port has no members; it declares what it is handed.
 * A step of an after-sale flow: `step` runs in a transaction and says whom to tell (bell and mail,
 * in their language), who are told in that same transaction.
 */
export type TellingStep = (step: (trx: Transaction<DB>) => Promise<Told[]>) => Promise<void>;

/** The shipping deadline (flows/late-shipment.ts): the job that tells buyers, and their cancel. */
export interface LateShipment {
  /** Tells the buyers of lines that have just become late; how soon to run again. */
  tellLate(): Promise<number | void>;
  /** The buyer cancels a late, unshipped line; its seller is told. */
  cancelLate(buyer: UserRow, lineId: string): Promise<{ ok: true }>;
}

/** The flow as the module is handed it: completed with the module's own way of telling people. */
export type LateShipmentFlow = (inStep: TellingStep) => LateShipment;
