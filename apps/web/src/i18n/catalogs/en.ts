/*
 * The English messages every first screen needs (the shell, the shop, a product): one JSON file
 * per part of the app (ADR 0035), keys prefixed by the part. The other parts are in en-rest.ts,
 * fetched with the code of any other page (app/routes.tsx).
 */
import app from './en/app.json';
import auth from './en/auth.json';
import cart from './en/cart.json';
import catalog from './en/catalog.json';
import categorybar from './en/categorybar.json';
import components from './en/components.json';
import notifications from './en/notifications.json';
import product from './en/product.json';
import standing from './en/standing.json';

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
