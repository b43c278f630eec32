/* Every Arabic message of the web app: the same files as en.ts (catalogs.test.ts holds them to it). */
import app from './ar/app.json';
import components from './ar/components.json';
import catalog from './ar/catalog.json';
import product from './ar/product.json';
import cart from './ar/cart.json';
import orders from './ar/orders.json';

export default { ...app, ...components, ...catalog, ...product, ...cart, ...orders };
