import { auctionCloseFlow } from './flows/auction-close.js';
import { mailLater } from './lib/mail-later.js';
import { accountsModule } from './modules/accounts/index.js';
import { aftersaleModule } from './modules/aftersale/index.js';
import { alertsModule } from './modules/alerts/index.js';
import { auctionsModule } from './modules/auctions/index.js';
import { catalogModule } from './modules/catalog/index.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { feedModule } from './modules/feed/index.js';
import type { ModuleContext } from './modules/module.js';
import { notificationsModule } from './modules/notifications/index.js';
import { ordersModule } from './modules/orders/index.js';
import { privacyModule } from './modules/privacy/index.js';
import { profilesModule } from './modules/profiles/index.js';
import { reportsModule } from './modules/reports/index.js';
import { reviewsModule } from './modules/reviews/index.js';
import { streamsModule } from './modules/streams/index.js';

/**
 * Creates every module in the order of ADR 0007, each handed the ports of the modules before it
 * that it needs (a module can be handed nothing not yet made), and the flows that span modules
 * (flows/), which modules call through the callbacks they are handed here. The same order is the
 * lint rule's (eslint.config.js, `souq/module-order`); a test keeps the two the same.
 */
export function composeModules(ctx: ModuleContext) {
  const accounts = accountsModule.create(ctx, {});
  const profiles = profilesModule.create(ctx, { accounts: accounts.port });
  const catalog = catalogModule.create(ctx, { profiles: profiles.port });
  const reviews = reviewsModule.create(ctx, { catalog: catalog.port });
  const orders = ordersModule.create(ctx, { catalog: catalog.port, profiles: profiles.port });
  const notifications = notificationsModule.create(ctx, {});
  const auctions = auctionsModule.create(ctx, {
    accounts: accounts.port,
    catalog: catalog.port,
    orders: orders.port,
    notifications: notifications.port,
    onClosed: auctionCloseFlow({
      accounts: accounts.port,
      orders: orders.port,
      notifications: notifications.port,
      mailLater: mailLater(ctx.mailer, ctx.log, 'auction mail failed'),
      publicUrl: ctx.config.publicUrl,
    }),
  });
  const streams = streamsModule.create(ctx, {
    accounts: accounts.port,
    orders: orders.port,
    auctions: auctions.port,
    catalog: catalog.port,
    profiles: profiles.port,
    notifications: notifications.port,
  });
  const feed = feedModule.create(ctx, {
    profiles: profiles.port,
    catalog: catalog.port,
    orders: orders.port,
    auctions: auctions.port,
  });
  const aftersale = aftersaleModule.create(ctx, {
    accounts: accounts.port,
    orders: orders.port,
    notifications: notifications.port,
  });

  const reports = reportsModule.create(ctx, {
    accounts: accounts.port,
    catalog: catalog.port,
    reviews: reviews.port,
    auctions: auctions.port,
    streams: streams.port,
  });
  const alerts = alertsModule.create(ctx, { accounts: accounts.port, notifications: notifications.port });
  const dashboard = dashboardModule.create(ctx, {});
  const privacy = privacyModule.create(ctx, { accounts: accounts.port, notifications: notifications.port });

  const modules = {
    accounts,
    profiles,
    catalog,
    reviews,
    orders,
    notifications,
    auctions,
    streams,
    feed,
    aftersale,
    reports,
    alerts,
    dashboard,
    privacy,
  };
  return {
    /** In creation order: routes, jobs and socket parts are registered in it. */
    parts: Object.values(modules),
    services: {
      accounts: accounts.service,
      profiles: profiles.service,
      catalog: catalog.service,
      reviews: reviews.service,
      orders: orders.service,
      notifications: notifications.service,
      auctions: auctions.service,
      streams: streams.service,
      feed: feed.service,
      aftersale: aftersale.service,
      reports: reports.service,
      alerts: alerts.service,
      dashboard: dashboard.service,
      privacy: privacy.service,
    },
  };
}

/** Every module's whole service, by name: for the app's own wiring (sessions, the socket, the demo seed) and its tests. */
export type Services = ReturnType<typeof composeModules>['services'];
