import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Issue 11's budget: the JavaScript of a first visit to the shop, as served. */
export const FIRST_VISIT_JS_BUDGET = 120 * 1024;

export interface FileWeight {
  file: string;
  raw: number;
  gz: number;
  br: number;
}

/**
 * What a first visit to the shop downloads (before product photos), from a production build in
 * `dist`: index.html, the entry script and stylesheet, every chunk the entry imports
 * (modulepreload), and each language's catalog, which the server names in the page
 * (http/page-locale.ts). Sizes are as the build compressed them (brotli, else gzip: vite.config.ts).
 */
export function firstVisitWeight(dist: string) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [
    'index.html',
    ...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!)),
  ];
  const weigh = (file: string): FileWeight => {
    const data = fs.readFileSync(path.join(dist, file));
    const built = (ext: string, make: (d: Buffer) => Buffer) =>
      fs.existsSync(path.join(dist, file + ext)) ? fs.statSync(path.join(dist, file + ext)).size : make(data).length;
    return {
      file,
      raw: data.length,
      gz: built('.gz', (d) => zlib.gzipSync(d, { level: 9 })),
      br: built('.br', (d) => zlib.brotliCompressSync(d)),
    };
  };
  const page = files.map(weigh);
  const scripts = page.filter((w) => w.file.endsWith('.js'));

  /** A language's catalog chunk and what it imports that the page has not already named. */
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const catalog = (language: string) => {
    const found = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || found.has(chunk.file) || files.includes(chunk.file)) return;
      found.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    visit(`src/i18n/catalogs/${language}.ts`);
    const weights = [...found].map(weigh);
    return { br: weights.reduce((s, w) => s + w.br, 0), gz: weights.reduce((s, w) => s + w.gz, 0) };
  };
  const jsBr = scripts.reduce((s, w) => s + w.br, 0);
  const jsGz = scripts.reduce((s, w) => s + w.gz, 0);
  const inLanguage = (language: 'en' | 'ar') => {
    const c = catalog(language);
    return { catalogBr: c.br, jsBr: jsBr + c.br, jsGz: jsGz + c.gz };
  };
  return { page, en: inLanguage('en'), ar: inLanguage('ar') };
}
