import fs from 'node:fs';
import path from 'node:path';
import { root } from '../../scripts/build-web.mjs';

export type Lang = 'en' | 'ar';

const catalog = (lang: Lang): Record<string, string> =>
  Object.assign(
    {},
    ...fs
      .readdirSync(path.join(root, `apps/web/src/i18n/catalogs/${lang}`))
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(root, `apps/web/src/i18n/catalogs/${lang}`, f), 'utf8'))),
  );
const WORDS = { en: catalog('en'), ar: catalog('ar') };

/** A message of the web app in the language under test, read from the catalogs it is built from. */
export const say = (lang: Lang, key: string): string => {
  const text = WORDS[lang][key];
  if (text === undefined) throw new Error(`no ${lang} for ${key}`);
  return text;
};
