import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

type Limit = 'max-lines-per-function' | 'max-lines';

/** The files eslint.config.js lets pass `rule` (issue 44's list of closures to split, now empty). */
async function exceptions(rule: Limit): Promise<string[]> {
  const config = (await import(new URL('eslint.config.js', `file://${root}`).href)) as { default: Linter.Config[] };
  return config.default.filter((c) => c.rules?.[rule] === 'off').flatMap((b) => b.files as string[]);
}

/** Every source file `max-lines` covers (apps/ and packages/ src, not tests, not migrations), from the root. */
function sourceFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && file !== path.join(root, 'apps/server/src/db/migrations')) walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(file.slice(root.length));
    }
  };
  for (const top of ['apps', 'packages'])
    for (const pkg of fs.readdirSync(path.join(root, top))) {
      const src = path.join(root, top, pkg, 'src');
      if (fs.existsSync(src)) walk(src);
    }
  return found;
}

/** No exceptions: issue 44's list of long functions is done, and the tables' row types went to their modules (ADR 0051). */
describe('the long-function and long-file limits', { timeout: 120_000 }, () => {
  // Every closure on issue 44's list was split: a function over 120 lines is refused everywhere but the tests.
  it('have no exceptions for long functions', async () => {
    expect(await exceptions('max-lines-per-function')).toEqual([]);
  });

  // The last long file, db/schema.ts, became each module's tables.ts: a file over 400 lines is refused everywhere.
  it('have no exceptions for long files, and no source file runs over 400 lines', async () => {
    expect(await exceptions('max-lines')).toEqual([]);
    const files = sourceFiles();
    expect(files).toContain('apps/server/src/db/schema.ts');
    const long = files.filter(
      (f) => fs.readFileSync(path.join(root, f), 'utf8').replace(/\n$/, '').split('\n').length > 400,
    );
    expect(long).toEqual([]);
  });
});
