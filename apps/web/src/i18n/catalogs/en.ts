/*
 * Every English message of the web app, one JSON file per part of it (ADR 0035). A part's keys
 * start with its name; a new file is added here and in ar.ts.
 */
import account from './en/account.json';
import app from './en/app.json';
import auctions from './en/auctions.json';
import auth from './en/auth.json';
import cart from './en/cart.json';
import catalog from './en/catalog.json';
import categorybar from './en/categorybar.json';
import components from './en/components.json';
import feed from './en/feed.json';
import live from './en/live.json';
import notifications from './en/notifications.json';
import orders from './en/orders.json';
import product from './en/product.json';
import profiles from './en/profiles.json';
import sell from './en/sell.json';

export default {
  ...account,
  ...app,
  ...auctions,
  ...auth,
  ...cart,
  ...catalog,
  ...categorybar,
  ...components,
  ...feed,
  ...live,
  ...notifications,
  ...orders,
  ...product,
  ...profiles,
  ...sell,
};
