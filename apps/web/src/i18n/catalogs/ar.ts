/* Every Arabic message of the web app: the same files as en.ts (catalogs.test.ts holds them to it). */
import app from './ar/app.json';
import cart from './ar/cart.json';
import catalog from './ar/catalog.json';
import categorybar from './ar/categorybar.json';
import components from './ar/components.json';
import orders from './ar/orders.json';
import product from './ar/product.json';

export default { ...app, ...cart, ...catalog, ...categorybar, ...components, ...orders, ...product };
