// Builds the web app when any of its sources is newer than the last build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The browser's build and the server's render of first screens (ADR 0025), built together.
const builtFiles = [path.join(root, 'apps/web/dist/index.html'), path.join(root, 'apps/web/dist-ssr/entry-server.js')];
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newest(path.join(p, name))));
}

export function buildWebIfStale() {
  const built = Math.min(...builtFiles.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
  if (built >= Math.max(...sources.map(newest))) return false;
  console.log('Building the web app…');
  // A test runner sets NODE_ENV=test, which Vite would carry into the bundle (React's dev build).
  execFileSync('npm', ['run', 'build', '-w', '@souq/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return true;
}
