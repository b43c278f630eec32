import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, type Token } from '@messageformat/parser';

const dir = path.dirname(new URL(import.meta.url).pathname);
const read = (locale: string) =>
  Object.fromEntries(
    fs
      .readdirSync(path.join(dir, locale))
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file,
        JSON.parse(fs.readFileSync(path.join(dir, locale, file), 'utf8')) as Record<string, string>,
      ]),
  );
const en = read('en');
const ar = read('ar');

/** The plural categories a message's `plural` selectors name, per argument. */
function plurals(message: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'plural' || token.type === 'selectordinal') {
        found.set(token.arg, new Set(token.cases.map((c) => c.key)));
        token.cases.forEach((c) => walk(c.tokens));
      } else if (token.type === 'select') token.cases.forEach((c) => walk(c.tokens));
    }
  };
  walk(parse(message));
  return found;
}
const ARABIC_PLURALS = ['zero', 'one', 'two', 'few', 'many', 'other'];
const args = (message: string) =>
  [...message.matchAll(/\{\s*([a-zA-Z_]\w*)\s*[,}]/g)]
    .map((m) => m[1])
    .sort()
    .filter((a, i, all) => all[i - 1] !== a);

describe('message catalogs', () => {
  it('has the same files in both languages', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  for (const file of Object.keys(en)) {
    it(`${file}: every key in both languages, with the same placeholders`, () => {
      expect(Object.keys(ar[file] ?? {}).sort()).toEqual(Object.keys(en[file]!).sort());
      for (const [key, english] of Object.entries(en[file]!)) {
        const arabic = ar[file]![key]!;
        expect(arabic.trim(), key).not.toBe('');
        expect(args(arabic), key).toEqual(args(english));
      }
    });

    it(`${file}: Arabic plurals name all six forms`, () => {
      for (const [key, arabic] of Object.entries(ar[file] ?? {})) {
        for (const [arg, cases] of plurals(arabic)) {
          const named = ARABIC_PLURALS.filter((form) => cases.has(form));
          expect(named, `${key} {${arg}}`).toEqual(ARABIC_PLURALS);
        }
      }
    });

    it(`${file}: keys start with the file's name`, () => {
      const prefix = `${file.replace(/\.json$/, '')}.`;
      for (const key of Object.keys(en[file]!)) expect(key.startsWith(prefix), key).toBe(true);
    });
  }
});

describe('the two chunks of each language', () => {
  const imported = (file: string) =>
    [...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/from '\.\/(?:en|ar)\/([\w-]+)\.json'/g)].map(
      (m) => m[1],
    );
  it('hold every part once, the same parts first in both languages', () => {
    const [core, rest] = [imported('en.ts'), imported('en-rest.ts')];
    expect(imported('ar.ts')).toEqual(core);
    expect(imported('ar-rest.ts')).toEqual(rest);
    expect([...core, ...rest].sort()).toEqual(
      Object.keys(en)
        .map((file) => file.replace(/\.json$/, ''))
        .sort(),
    );
  });
});
