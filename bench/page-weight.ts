/**
 * What a first visit to the shop downloads (before product photos), from the production build:
 * index.html, the entry script and stylesheet, and every chunk the entry imports (modulepreload).
 * Scripts and styles are served as the build compressed them (brotli, else gzip: vite.config.ts).
 *
 *   npm run build && npx tsx bench/page-weight.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [
  'index.html',
  ...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!)),
];

const sizeOf = (file: string, ext: string, make: (data: Buffer) => Buffer, data: Buffer) => {
  const built = path.join(dist, file + ext);
  return fs.existsSync(built) ? fs.statSync(built).size : make(data).length;
};

const total = { raw: 0, gz: 0, br: 0, jsBr: 0, jsGz: 0 };
console.log('| file | bytes | gzip | brotli (as served) |\n|---|---:|---:|---:|');
for (const file of files) {
  const data = fs.readFileSync(path.join(dist, file));
  const gz = sizeOf(file, '.gz', (d) => zlib.gzipSync(d, { level: 9 }), data);
  const br = sizeOf(file, '.br', (d) => zlib.brotliCompressSync(d), data);
  total.raw += data.length;
  total.gz += gz;
  total.br += br;
  if (file.endsWith('.js')) {
    total.jsBr += br;
    total.jsGz += gz;
  }
  console.log(
    `| ${file.replace(/-[\w-]{8}\./, '.')} | ${data.length.toLocaleString('en')} | ${gz.toLocaleString('en')} | ${br.toLocaleString('en')} |`,
  );
}
const n = (x: number) => x.toLocaleString('en');
console.log(`| **total** | **${n(total.raw)}** | **${n(total.gz)}** | **${n(total.br)}** |`);
console.log(
  `\nJavaScript: ${n(total.jsBr)} bytes as served (brotli), ${n(total.jsGz)} gzip; issue 11's budget: 120,000.`,
);
