import { mailLater } from '../../lib/mail-later.js';
import { defineModule } from '../module.js';
import type { NotificationsPort } from '../notifications/port.js';
import type { OrdersPort } from '../orders/port.js';
import type { DeliveryDeps } from './deps.js';
import { deliveryRoutes } from './routes.js';
import { createDeliveryService } from './service.js';

/**
 * Cash on delivery at the door (issue 46): attempts the seller records on orders' lines (through
 * orders' port), the buyer's replies and disputes, staff's decisions and lifts, and the refusals
 * that block COD, which it tells checkout through orders' `codBlock` slot. Nothing after it calls it.
 */
export const deliveryModule = defineModule(
  ['accounts', 'orders', 'notifications'],
  (
    ctx,
    needs: {
      accounts: DeliveryDeps['accounts'];
      orders: DeliveryDeps['orders'] & Pick<OrdersPort, 'slots'>;
      notifications: Pick<NotificationsPort, 'notify'>;
    },
  ) => {
    const service = createDeliveryService({
      db: ctx.db,
      clock: ctx.clock,
      orders: needs.orders,
      accounts: needs.accounts,
      notifications: needs.notifications,
      mailLater: mailLater(ctx.mailer, ctx.log, 'delivery mail failed'),
      publicUrl: ctx.config.publicUrl,
      cod: ctx.config.cod,
    });
    needs.orders.slots.codBlock(service.blockedUntil);
    return { service, routes: deliveryRoutes(service) };
  },
);
