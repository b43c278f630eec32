/**
 * What a first visit to the shop downloads (before product photos), from the production build:
 * index.html, the entry script and stylesheet, every chunk the entry imports (modulepreload), and
 * the visitor's language's catalog, which the server names in the page (http/page-locale.ts):
 * English's first, then what an Arabic visit downloads instead. e2e/first-visit-weight.test.ts
 * holds the same count to the budget; `npm run bench:vitals` adds each response's headers.
 *
 *   npm run build && npx tsx bench/page-weight.ts
 */
import path from 'node:path';
import { FIRST_VISIT_JS_BUDGET, firstVisitWeight } from './support/first-visit.js';

const weight = firstVisitWeight(path.resolve(import.meta.dirname, '../apps/web/dist'));
const n = (x: number) => x.toLocaleString('en');
const sum = (key: 'raw' | 'gz' | 'br') => weight.page.reduce((s, w) => s + w[key], 0);

console.log('| file | bytes | gzip | brotli (as served) |\n|---|---:|---:|---:|');
for (const w of weight.page)
  console.log(`| ${w.file.replace(/-[\w-]{8}\./, '.')} | ${n(w.raw)} | ${n(w.gz)} | ${n(w.br)} |`);
console.log(`| **total, before the catalog** | **${n(sum('raw'))}** | **${n(sum('gz'))}** | **${n(sum('br'))}** |`);
for (const language of ['en', 'ar'] as const) {
  const js = weight[language];
  console.log(
    `\nJavaScript in ${language}: ${n(js.jsBr)} bytes as served (brotli; the catalog ${n(js.catalogBr)}), ` +
      `${n(js.jsGz)} gzip; issue 11's budget: 120 KiB (${n(FIRST_VISIT_JS_BUDGET)}).`,
  );
}
