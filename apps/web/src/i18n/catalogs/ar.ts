/* The Arabic of every first screen: the same parts as en.ts (catalogs.test.ts holds the files to it). */
import { ARABIC_FIRST } from '@souq/shared/i18n/ar-first';
import app from './ar/app.json';
import auth from './ar/auth.json';
import cart from './ar/cart.json';
import catalog from './ar/catalog.json';
import categorybar from './ar/categorybar.json';
import components from './ar/components.json';
import notifications from './ar/notifications.json';
import product from './ar/product.json';
import standing from './ar/standing.json';

export default {
  ...app,
  ...auth,
  ...cart,
  ...catalog,
  ...categorybar,
  ...components,
  ...notifications,
  ...product,
  ...standing,
};

/** The server's own Arabic for the messages a first screen may show, for `m()` (useT.ts); the rest come with ar-rest.ts. */
export const sharedWords = ARABIC_FIRST;
