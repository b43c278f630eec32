/* Every Arabic message of the web app: the same files as en.ts (catalogs.test.ts holds them to it). */
import account from './ar/account.json';
import app from './ar/app.json';
import auctions from './ar/auctions.json';
import auth from './ar/auth.json';
import cart from './ar/cart.json';
import catalog from './ar/catalog.json';
import categorybar from './ar/categorybar.json';
import components from './ar/components.json';
import feed from './ar/feed.json';
import live from './ar/live.json';
import notifications from './ar/notifications.json';
import orders from './ar/orders.json';
import product from './ar/product.json';
import profiles from './ar/profiles.json';
import sell from './ar/sell.json';
import { ARABIC } from '@souq/shared/i18n/ar';

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

/** The server's own Arabic for its messages, for `m()` (useT.ts). */
export const sharedWords = ARABIC;
