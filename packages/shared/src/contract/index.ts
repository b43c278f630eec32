import { accounts } from './accounts.js';
import { admin } from './admin.js';
import { aftersale } from './aftersale.js';
import { reports } from './reports.js';
import { savedSearches } from './saved-searches.js';
import { auctions } from './auctions.js';
import { catalog } from './catalog.js';
import { dashboard } from './dashboard.js';
import type { Endpoint } from './endpoint.js';
import { feed } from './feed.js';
import { notifications } from './notifications.js';
import { orders } from './orders.js';
import { privacy } from './privacy.js';
import { profiles } from './profiles.js';
import { reviews } from './reviews.js';
import { shows } from './shows.js';
import { streams } from './streams.js';
import { system } from './system.js';
import { wins } from './wins.js';

export * from './endpoint.js';

/** Every HTTP endpoint the server answers, by module. */
export const API = {
  accounts,
  admin,
  reports,
  auctions,
  catalog,
  feed,
  notifications,
  orders,
  profiles,
  reviews,
  streams,
  shows,
  system,
  aftersale,
  wins,
  savedSearches,
  dashboard,
  privacy,
};

/** The same, as one list. */
export const ENDPOINTS: readonly Endpoint[] = Object.values(API).flatMap((group) => Object.values(group) as Endpoint[]);
export * from './openapi.js';
