import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { MailLater } from '../../lib/mail-later.js';
import type { AccountsPort } from '../accounts/port.js';
import type { NotificationsPort } from '../notifications/port.js';
import type { OrdersPort } from '../orders/port.js';

export type Trx = Transaction<DB>;

/** What the delivery module is made from: orders' lines through their port, the telling, COD's limits. */
export interface DeliveryDeps {
  db: Kysely<DB>;
  clock: Clock;
  orders: Pick<OrdersPort, 'deliveryLines' | 'deliverLine' | 'cancelUndelivered' | 'correctAddress' | 'openOrdersOf'>;
  accounts: Pick<AccountsPort, 'contactsOf' | 'recordStaffAction'>;
  notifications: Pick<NotificationsPort, 'notify'>;
  mailLater: MailLater;
  publicUrl: string;
  /** COD_MAX_AED in fils, COD_MAX_OPEN_ORDERS and COD_MAX_REFUSALS (issue 46). */
  cod: { maxOrderFils: number; maxOpenOrders: number; maxRefusals: number };
}
