/* The English of every other page: fetched with its code, never on a first visit to the shop. */
import account from './en/account.json';
import auctions from './en/auctions.json';
import feed from './en/feed.json';
import host from './en/host.json';
import live from './en/live.json';
import orders from './en/orders.json';
import profiles from './en/profiles.json';
import sell from './en/sell.json';
import show from './en/show.json';
import wins from './en/wins.json';

export default {
  ...account,
  ...auctions,
  ...feed,
  ...host,
  ...live,
  ...orders,
  ...profiles,
  ...sell,
  ...show,
  ...wins,
};
