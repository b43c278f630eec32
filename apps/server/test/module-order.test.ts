import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the lint rule is plain JavaScript, read by ESLint's config
import { readModuleOrder } from '../lint/module-order.js';
import { MODULE_ORDER, MODULES } from '../src/modules/order.js';
import { startTestApp, type TestApp } from './support.js';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** What `souq/module-order` says of `code` as if it were the file at `file` (from the repository's root). */
async function complaints(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'souq/module-order').map((m) => m.message);
}

describe('the module order (ADR 0007), as the lint rule keeps it', () => {
  it('lets a module import the ports of modules before it, and its own files', async () => {
    const code = [
      "import type { CatalogPort } from '../catalog/port.js';",
      "import type { ProfilesPort } from '../../modules/profiles/port.js';",
      "import { createOrdersService } from './service.js';",
      "import { defineModule } from '../module.js';",
      'export type Used = [CatalogPort, ProfilesPort, typeof createOrdersService, typeof defineModule];',
    ].join('\n');
    expect(await complaints('apps/server/src/modules/orders/index.ts', code)).toEqual([]);
  });

  it('refuses a module importing a later module, in any form', async () => {
    const code = [
      "import type { AuctionsPort } from '../auctions/port.js';",
      "export * from '../feed/port.js';",
      "export type Later = import('../streams/port.js').Anything;",
      'export const later = () => import("../reviews/index.js");',
      'export type Used = AuctionsPort;',
    ].join('\n');
    const said = await complaints('apps/server/src/modules/catalog/product-page.ts', code);
    expect(said).toHaveLength(4);
    expect(said[0]).toMatch(
      /^catalog may not import auctions, which comes after it \(accounts → profiles → catalog → reviews/,
    );
  });

  it('knows a module in a hyphenated folder by its name (saved-searches/ holds savedSearches)', async () => {
    const early =
      "import type { SavedSearchesService } from '../saved-searches/service.js';\nexport type U = SavedSearchesService;";
    expect(await complaints('apps/server/src/modules/catalog/product-page.ts', early)).toEqual([
      expect.stringMatching(/^catalog may not import savedSearches, which comes after it/),
    ]);
    const late = "import type { CatalogPort } from '../catalog/port.js';\nexport type U = CatalogPort;";
    expect(await complaints('apps/server/src/modules/saved-searches/words.ts', late)).toEqual([]);
  });

  it('refuses an earlier module’s files other than its port, queries above all', async () => {
    const code = [
      "import type { CatalogService } from '../catalog/service.js';",
      "import * as q from '../catalog/queries.js';",
      'export type Used = [CatalogService, typeof q];',
    ].join('\n');
    const said = await complaints('apps/server/src/modules/orders/service.ts', code);
    expect(said).toEqual([
      expect.stringMatching(/^Of catalog, import only its port \(catalog\/port\.ts\), not catalog\/service\.js/),
      expect.stringMatching(/not catalog\/queries\.js/),
    ]);
  });

  it('keeps flows apart: modules never import them, and they import modules’ ports only', async () => {
    expect(
      await complaints(
        'apps/server/src/modules/auctions/service.ts',
        "export { auctionCloseFlow } from '../../flows/auction-close.js';",
      ),
    ).toEqual([expect.stringMatching(/^Modules do not import flows\//)]);
    const flow = [
      "import type { OrdersPort } from '../modules/orders/port.js';",
      "import type { OrdersService } from '../modules/orders/service.js';",
      'export type Used = [OrdersPort, OrdersService];',
    ].join('\n');
    expect(await complaints('apps/server/src/flows/checkout.ts', flow)).toEqual([
      expect.stringMatching(/^Of orders, import only its port/),
    ]);
  });

  describe('and the order the app creates its modules in', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('sqlite');
    });
    afterAll(() => t.close());

    it('is the rule’s', async () => {
      const config = (await eslint.calculateConfigForFile(
        path.join(root, 'apps/server/src/modules/catalog/index.ts'),
      )) as { rules: Record<string, [unknown, { order: string[] }]> };
      expect(Object.keys(t.services)).toEqual(config.rules['souq/module-order']![1].order);
      expect(config.rules['souq/module-order']![1].order).toEqual(MODULE_ORDER);
    });

    it('hands each module only ports of modules before it, by the names its needs list', () => {
      for (const [at, name] of MODULE_ORDER.entries())
        for (const need of MODULES[name].needs)
          expect(MODULE_ORDER.indexOf(need as (typeof MODULE_ORDER)[number]), `${name} needs ${need}`).toBeLessThan(at);
    });

    it('is read from modules/order.ts, and a list the rule cannot read fails the lint', () => {
      const reshaped = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'souq-order-')), 'order.ts');
      fs.writeFileSync(reshaped, 'export const MODULES = Object.fromEntries(list);\n');
      expect(() => readModuleOrder(reshaped)).toThrow(/no MODULES list/);
    });
  });
});
