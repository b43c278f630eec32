/* Every Arabic message of the web app: the same files as en.ts (catalogs.test.ts holds them to it). */
import app from './ar/app.json';
import categorybar from './ar/categorybar.json';

export default { ...app, ...categorybar };
