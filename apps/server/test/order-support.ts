import type { Insertable } from 'kysely';
import type { DB } from '../src/db/schema.js';
import { awaitingAddressOrder } from '../src/modules/orders/queries.js';
import type { TestApp } from './support.js';

/**
 * An order row written straight to the database, without lines (e.g. one that already claims an
 * auction, so the close's own insert fails): the orders module's row, in the status asked for.
 */
export const insertBareOrder = (
  t: TestApp,
  order: Parameters<typeof awaitingAddressOrder>[0],
  status: Insertable<DB['orders']>['status'],
) =>
  t.database.db
    .insertInto('orders')
    .values({ ...awaitingAddressOrder(order), status })
    .execute();
