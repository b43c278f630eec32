/**
 * What a first visit to the shop downloads (before product photos), from the production build:
 * index.html, the entry script and stylesheet, every chunk the entry imports (modulepreload), and
 * the visitor's language's catalog, which the server names in the page (http/page-locale.ts):
 * English's first, then what an Arabic visit downloads instead.
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

/** A language's catalog chunk and what it imports that the page has not already named. */
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  { file: string; imports?: string[] }
>;
function catalogFiles(language: string): string[] {
  const found = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || found.has(chunk.file) || files.includes(chunk.file)) return;
    found.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(`src/i18n/catalogs/${language}.ts`);
  return [...found];
}
const catalogBytes = (language: string) =>
  catalogFiles(language).reduce(
    (sum, file) => {
      const data = fs.readFileSync(path.join(dist, file));
      return {
        br: sum.br + sizeOf(file, '.br', (d) => zlib.brotliCompressSync(d), data),
        gz: sum.gz + sizeOf(file, '.gz', (d) => zlib.gzipSync(d, { level: 9 }), data),
      };
    },
    { br: 0, gz: 0 },
  );
console.log(`| **total, before the catalog** | **${n(total.raw)}** | **${n(total.gz)}** | **${n(total.br)}** |`);
for (const language of ['en', 'ar']) {
  const catalog = catalogBytes(language);
  console.log(
    `\nJavaScript in ${language}: ${n(total.jsBr + catalog.br)} bytes as served (brotli; the catalog ${n(catalog.br)}), ` +
      `${n(total.jsGz + catalog.gz)} gzip; issue 11's budget: 120 KiB (122,880).`,
  );
}
