import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageModules } from './routes';

const WEB_ROOT = path.resolve(import.meta.dirname, '../..');

describe('pageModules', () => {
  it('names the file of the page at a path, as the build manifest keys it', () => {
    expect(pageModules('/product/abc')).toEqual(['src/routes/ProductPage.tsx']);
    expect(pageModules('/Auction/7')).toEqual(['src/routes/AuctionPage.tsx']);
    expect(pageModules('/no/such/page')).toEqual(['src/routes/NotFoundPage.tsx']);
    // The shop's code is in the entry: nothing more to name.
    expect(pageModules('/')).toEqual([]);
  });

  it('names files that exist', () => {
    for (const p of [
      '/foryou',
      '/Login',
      '/search',
      '/MyAccount',
      '/auction',
      '/cart',
      '/checkout',
      '/live',
      '/livestream/1',
      '/settings',
    ]) {
      for (const file of pageModules(p)) expect(fs.existsSync(path.join(WEB_ROOT, file)), file).toBe(true);
    }
  });
});
