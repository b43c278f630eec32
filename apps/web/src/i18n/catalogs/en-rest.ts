/* The English of every other page: fetched with its code, never on a first visit to the shop. */
import account from './en/account.json';
import addresses from './en/addresses.json';
import admin from './en/admin.json';
import auctions from './en/auctions.json';
import feed from './en/feed.json';
import host from './en/host.json';
import live from './en/live.json';
import orders from './en/orders.json';
import profiles from './en/profiles.json';
import reports from './en/reports.json';
import sell from './en/sell.json';
import show from './en/show.json';
import aftersale from './en/aftersale.json';
import wins from './en/wins.json';
import backoffice from './en/backoffice.json';
import searches from './en/searches.json';
import dashboard from './en/dashboard.json';
import delivery from './en/delivery.json';
import offers from './en/offers.json';
import replay from './en/replay.json';
import privacy from './en/privacy.json';
import push from './en/push.json';

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
