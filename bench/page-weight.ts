/**
 * What a first visit to the shop downloads (before product photos), from the production build.
 *
 *   npm run build && npx tsx bench/page-weight.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
// The shop page's own chunk and whatever the entry imports eagerly are fetched on the first visit too.
const assets = fs.readdirSync(path.join(dist, 'assets'));
const shop = assets.filter((f) => /^(ShopPage|ProductGrid|usePagedProducts)-.*\.js$/.test(f)).map((f) => `assets/${f}`);
const files = ['index.html', ...new Set([...entry, ...shop])];

let raw = 0;
let gz = 0;
let jsGz = 0;
console.log('| file | bytes | gzip bytes |\n|---|---:|---:|');
for (const file of files) {
  const data = fs.readFileSync(path.join(dist, file));
  const zipped = zlib.gzipSync(data, { level: 9 }).length;
  raw += data.length;
  gz += zipped;
  if (file.endsWith('.js')) jsGz += zipped;
  console.log(`| ${file.replace(/-[\w-]{8}\./, '.')} | ${data.length.toLocaleString('en')} | ${zipped.toLocaleString('en')} |`);
}
console.log(`| **total** | **${raw.toLocaleString('en')}** | **${gz.toLocaleString('en')}** |`);
console.log(`\nJavaScript: ${jsGz.toLocaleString('en')} bytes compressed (issue 11's budget: 120,000).`);
