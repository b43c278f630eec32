// `npm start`: build the web app if its sources changed, then run the server in this same
// process (so SIGTERM and SIGINT reach it directly).
import { buildWebIfStale } from './build-web.mjs';

buildWebIfStale();
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
