import { ARABIC_LATER } from '@souq/shared/i18n/ar-later';
/* The Arabic of every other page: the same parts as en-rest.ts. */
import account from './ar/account.json';
import addresses from './ar/addresses.json';
import admin from './ar/admin.json';
import auctions from './ar/auctions.json';
import feed from './ar/feed.json';
import host from './ar/host.json';
import live from './ar/live.json';
import orders from './ar/orders.json';
import profiles from './ar/profiles.json';
import reports from './ar/reports.json';
import sell from './ar/sell.json';
import show from './ar/show.json';
import aftersale from './ar/aftersale.json';
import wins from './ar/wins.json';
import backoffice from './ar/backoffice.json';
import searches from './ar/searches.json';
import dashboard from './ar/dashboard.json';
import delivery from './ar/delivery.json';
import offers from './ar/offers.json';
import replay from './ar/replay.json';
import privacy from './ar/privacy.json';
import push from './ar/push.json';

export default {
  ...account,
  ...addresses,
  ...admin,
  ...auctions,
  ...feed,
  ...host,
  ...live,
  ...orders,
  ...profiles,
  ...reports,
  ...sell,
  ...show,
  ...aftersale,
  ...wins,
  ...backoffice,
  ...searches,
  ...dashboard,
  ...delivery,
  ...offers,
  ...replay,
  ...privacy,
  ...push,
};

/** The server's Arabic for the messages of the parts a first screen never shows (cash on delivery, offers, shows, push). */
export const laterWords = ARABIC_LATER;
