// `npm start`: build the web app if its sources changed, then run the server in this same
// process, so SIGTERM and SIGINT reach it directly. package.json starts it with `exec`: npm runs
// scripts under `sh -c`, and a shell waiting for its command dies of SIGTERM without passing it on.
import { buildWebIfStale } from './build-web.mjs';

buildWebIfStale();
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
