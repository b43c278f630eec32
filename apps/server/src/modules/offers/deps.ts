import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { MailLater } from '../../lib/mail-later.js';
import type { MediaService } from '../../media/media-service.js';
import type { AccountsPort } from '../accounts/port.js';
import type { CatalogPort } from '../catalog/port.js';
import type { NotificationsPort } from '../notifications/port.js';
import type { OrdersPort } from '../orders/port.js';

export type Trx = Transaction<DB>;

/** What the offers module is made from: the catalog's prices, orders' port for the order, and the telling. */
export interface OffersDeps {
  db: Kysely<DB>;
  clock: Clock;
  catalog: Pick<CatalogPort, 'pricesFor'>;
  orders: Pick<OrdersPort, 'createForOffer' | 'orderOf'>;
  accounts: Pick<AccountsPort, 'contactsOf'>;
  notifications: Pick<NotificationsPort, 'notify'>;
  media: Pick<MediaService, 'thumbUrl'>;
  mailLater: MailLater;
  publicUrl: string;
  /** OFFER_HOURS, in ms: how long an offer or a counter waits for its answer. */
  offerMs: number;
}
