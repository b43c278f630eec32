import { accountsModule } from './accounts/index.js';
import { addressesModule } from './addresses/index.js';
import { aftersaleModule } from './aftersale/index.js';
import { auctionsModule } from './auctions/index.js';
import { catalogModule } from './catalog/index.js';
import { dashboardModule } from './dashboard/index.js';
import { deliveryModule } from './delivery/index.js';
import { feedModule } from './feed/index.js';
import type { SouqModule } from './module.js';
import { notificationsModule } from './notifications/index.js';
import { offersModule } from './offers/index.js';
import { ordersModule } from './orders/index.js';
import { privacyModule } from './privacy/index.js';
import { profilesModule } from './profiles/index.js';
import { pushModule } from './push/index.js';
import { reportsModule } from './reports/index.js';
import { reviewsModule } from './reviews/index.js';
import { savedSearchesModule } from './saved-searches/index.js';
import { streamsModule } from './streams/index.js';

/**
 * Every module, in the one order they depend in (ADR 0007, ADR 0048): a module may use only those
 * above it. compose.ts creates them in it and app.ts registers their parts in it; the lint rule
 * `souq/module-order` reads this list from this file (keep it one `name: nameModule,` per line);
 * a new module is one line here.
 */
export const MODULES = {
  accounts: accountsModule,
  profiles: profilesModule,
  catalog: catalogModule,
  reviews: reviewsModule,
  orders: ordersModule,
  notifications: notificationsModule,
  push: pushModule,
  auctions: auctionsModule,
  streams: streamsModule,
  feed: feedModule,
  aftersale: aftersaleModule,
  delivery: deliveryModule,
  offers: offersModule,
  reports: reportsModule,
  savedSearches: savedSearchesModule,
  addresses: addressesModule,
  dashboard: dashboardModule,
  privacy: privacyModule,
};

export type ModuleName = keyof typeof MODULES;
export const MODULE_ORDER = Object.keys(MODULES) as ModuleName[];

type PartsOf<M> = M extends SouqModule<any, any, any> ? ReturnType<M['create']> : never;

/** What each module's `create` returned, by name. */
export type ModuleParts = { [K in ModuleName]: PartsOf<(typeof MODULES)[K]> };
/** Every module's whole service, by name. */
export type ModuleServices = { [K in ModuleName]: ModuleParts[K]['service'] };
/** The ports of the modules that give one, by name. */
export type ModulePorts = {
  [K in ModuleName as ModuleParts[K]['port'] extends object ? K : never]: NonNullable<ModuleParts[K]['port']>;
};

type NeedsOf<M> = M extends SouqModule<infer N, any, any> ? N : never;
/** The modules whose needs, by name, are not what those modules' ports give (never, while all fit). */
type MisfitNeeds = {
  [K in ModuleName]: ModulePorts extends {
    [N in Extract<keyof NeedsOf<(typeof MODULES)[K]>, keyof ModulePorts>]: NeedsOf<(typeof MODULES)[K]>[N];
  }
    ? never
    : K;
}[ModuleName];
// Fails to compile, naming the module, when a module reads a port under a name that gives another shape.
export const everyNeedFits: [MisfitNeeds] extends [never] ? true : MisfitNeeds = true;
