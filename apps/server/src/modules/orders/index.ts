import { defineModule, fillersOf, hookSlot, portOf } from '../module.js';
import { ORDERS_PORT } from './port.js';
import { ordersRoutes } from './routes.js';
import type { OrdersDeps } from './deps.js';
import { createOrdersService, type ClipSource, type CodBlock } from './service.js';

export const ordersModule = defineModule(
  ['catalog', 'profiles'],
  (ctx, needs: Pick<OrdersDeps, 'catalog' | 'profiles'>) => {
    const slots = { clipSource: hookSlot<ClipSource>(), codBlock: hookSlot<CodBlock>() };
    const service = createOrdersService({
      db: ctx.db,
      dialect: ctx.dialect,
      clock: ctx.clock,
      winCompleteMs: ctx.config.winCompleteMs,
      catalog: needs.catalog,
      profiles: needs.profiles,
      media: ctx.media,
      mail: { mailer: ctx.mailer, publicUrl: ctx.config.publicUrl, log: ctx.log },
      shipWithinMs: ctx.config.aftersale.shipWithinMs,
      clipSources: slots.clipSource.hooks,
      cod: {
        maxOrderFils: ctx.config.cod.maxOrderFils,
        maxOpenOrders: ctx.config.cod.maxOpenOrders,
        blocks: slots.codBlock.hooks,
      },
    });
    return {
      service,
      port: { ...portOf(service, ORDERS_PORT), slots: fillersOf(slots) },
      routes: ordersRoutes(service),
    };
  },
);
