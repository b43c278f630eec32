import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the lint rule is plain JavaScript, read by ESLint's config
import { moduleNameOf } from '../lint/module-order.js';
import { MODULE_ORDER } from '../src/modules/order.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const serverSrc = path.join(root, 'apps/server/src');
const architecture = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

const isSource = (name: string) => /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.mts');

function* sourceDirs(dir: string): Generator<string> {
  yield dir;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist')
      yield* sourceDirs(path.join(dir, entry.name));
}

/** `BidForm.tsx` and `bid-form.ts` are one name to a reader (and to a case-insensitive disk). */
const spoken = (name: string) =>
  name
    .replace(/\.(test\.)?(ts|tsx|mts)$/, '$1')
    .replace(/[-_]/g, '')
    .toLowerCase();

const modulesDir = path.join(serverSrc, 'modules');
const folders = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const modules = folders.map(moduleNameOf);

describe('the house', () => {
  it('has no two source files in one folder whose names differ only in case or hyphens', () => {
    const clashes: string[] = [];
    for (const base of ['apps', 'packages', 'e2e', 'bench', 'scripts'].map((d) => path.join(root, d)))
      for (const dir of sourceDirs(base)) {
        const byName = new Map<string, string[]>();
        for (const name of fs.readdirSync(dir).filter(isSource))
          byName.set(spoken(name), [...(byName.get(spoken(name)) ?? []), name]);
        for (const names of byName.values())
          if (names.length > 1) clashes.push(`${path.relative(root, dir)}: ${names.join(', ')}`);
      }
    expect(clashes).toEqual([]);
  });

  it('docs/architecture.md names the modules without a port, exactly, and every module in the order', () => {
    const without = folders
      .filter((f) => !fs.existsSync(path.join(modulesDir, f, 'port.ts')))
      .map(moduleNameOf)
      .sort();
    const said = /only the members its `port.ts` lists \(none for\s+([^)]*?),\s+which nothing after them calls\)/.exec(
      architecture,
    );
    expect(said, 'the sentence listing modules without a port').not.toBeNull();
    const listed = said![1]!.split(/,\s*|\s+and\s+/).map((m) => m.trim());
    expect(listed.sort()).toEqual(without);
    const order = /`modules\/order.ts` lists the modules in their order, ([^,]+(?:\s*→\s*[^→,]+)+),/.exec(architecture);
    expect(order, 'the sentence giving the modules’ order').not.toBeNull();
    const ordered = order![1]!.split('→').map((m) => m.trim().split(/\s/)[0]!);
    expect([...ordered].sort()).toEqual([...modules].sort());
    expect(ordered, 'the documented order is modules/order.ts’s').toEqual(MODULE_ORDER);
  });

  it('docs/architecture.md names every flow', () => {
    const flows = fs.readdirSync(path.join(serverSrc, 'flows')).filter((f) => isSource(f) && !f.includes('.test.'));
    expect(flows.filter((f) => !architecture.includes(`\`${f}\``))).toEqual([]);
  });
});
