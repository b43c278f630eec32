/* Every Arabic message of the web app: the same files as en.ts (catalogs.test.ts holds them to it). */
import app from './ar/app.json';
import auctions from './ar/auctions.json';
import live from './ar/live.json';
import feed from './ar/feed.json';
import notifications from './ar/notifications.json';

export default { ...app, ...auctions, ...live, ...feed, ...notifications };
