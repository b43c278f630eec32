/* Every Arabic message of the web app: the same files as en.ts (catalogs.test.ts holds them to it). */
import app from './ar/app.json';
import account from './ar/account.json';
import auth from './ar/auth.json';
import profiles from './ar/profiles.json';
import sell from './ar/sell.json';

export default { ...app, ...account, ...auth, ...profiles, ...sell };
