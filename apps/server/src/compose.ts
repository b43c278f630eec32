import { auctionCloseFlow } from './flows/auction-close.js';
import { lateShipmentFlow } from './flows/late-shipment.js';
import { staffActionFlow } from './flows/staff-action.js';
import { unpaidWinFlow } from './flows/unpaid-win.js';
import { mailLater } from './lib/mail-later.js';
import type { ModuleContext, SouqModule } from './modules/module.js';
import {
  MODULE_ORDER,
  MODULES,
  type ModuleName,
  type ModuleParts,
  type ModulePorts,
  type ModuleServices,
} from './modules/order.js';

/** An earlier module's port, for a flow built before a later module; an error while the app is made if it is not there. */
function earlier<K extends keyof ModulePorts>(ports: Partial<ModulePorts>, name: K): ModulePorts[K] {
  const port = ports[name];
  if (!port) throw new Error(`A flow needs the ${name} port, which is not made before the module it is handed to`);
  return port as ModulePorts[K];
}

/**
 * The callbacks that set a flow off (flows/), by the module that calls them: each is built from
 * the ports of the modules made before that module, and handed to it among its needs. A module
 * never imports flows/; the flow calls back into modules only through their ports.
 */
const FLOW_CALLBACKS: { [K in ModuleName]?: (ctx: ModuleContext, ports: Partial<ModulePorts>) => object } = {
  auctions: (ctx, ports) => ({
    onClosed: auctionCloseFlow({
      accounts: earlier(ports, 'accounts'),
      orders: earlier(ports, 'orders'),
      notifications: earlier(ports, 'notifications'),
      mailLater: mailLater(ctx.mailer, ctx.log, 'auction mail failed'),
      publicUrl: ctx.config.publicUrl,
    }),
    unpaidWin: unpaidWinFlow({ clock: ctx.clock, orders: earlier(ports, 'orders') }),
  }),
  aftersale: (ctx, ports) => ({
    lateShipment: lateShipmentFlow({
      db: ctx.db,
      clock: ctx.clock,
      orders: earlier(ports, 'orders'),
      accounts: earlier(ports, 'accounts'),
    }),
  }),
  reports: (ctx, ports) => ({
    staffActions: staffActionFlow(
      {
        accounts: earlier(ports, 'accounts'),
        catalog: earlier(ports, 'catalog'),
        reviews: earlier(ports, 'reviews'),
        auctions: earlier(ports, 'auctions'),
        streams: earlier(ports, 'streams'),
      },
      ctx.media,
    ),
  }),
};

/**
 * Creates every module in the one order (`modules/order.ts`, ADR 0007), each handed the ports of
 * the earlier modules its `needs` names (a module can be handed nothing not yet made: that is an
 * error while the app is made, never a late surprise) and the flows it sets off.
 */
export function composeModules(ctx: ModuleContext) {
  const made = {} as Record<ModuleName, ModuleParts[ModuleName]>;
  const ports: Partial<Record<ModuleName, object>> = {};
  for (const name of MODULE_ORDER) {
    // Each module's needs are typed where it is defined; here they are only looked up by name.
    const module = MODULES[name] as SouqModule<any, unknown, unknown>;
    const needs: Record<string, unknown> = { ...FLOW_CALLBACKS[name]?.(ctx, ports as Partial<ModulePorts>) };
    for (const need of module.needs) {
      const port = ports[need as ModuleName];
      if (!port) throw new Error(`The ${name} module needs ${need}, which is not an earlier module with a port`);
      needs[need] = port;
    }
    const parts = module.create(ctx, needs) as ModuleParts[ModuleName];
    if (parts.port) ports[name] = parts.port;
    made[name] = parts;
  }
  const modules = made as ModuleParts;
  return {
    /** In creation order: routes, jobs and socket parts are registered in it. */
    parts: MODULE_ORDER.map((name) => modules[name]),
    services: Object.fromEntries(MODULE_ORDER.map((name) => [name, modules[name].service])) as Services,
    /** What later modules (and the tests standing in for one) may call, slots included. */
    ports: ports as ModulePorts,
  };
}

/** Every module's whole service, by name: for the app's own wiring (sessions, the socket, the demo seed) and its tests. */
export type Services = ModuleServices;
