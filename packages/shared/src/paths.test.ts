import { describe, expect, it } from 'vitest';
import { productIdInPath, productPath } from './paths.js';

describe('productIdInPath', () => {
  it('reads the id from a product page in any case, with or without a trailing slash', () => {
    expect(productIdInPath('/product/abc')).toBe('abc');
    expect(productIdInPath('/Product/abc/')).toBe('abc');
    expect(productIdInPath('/product/a%20b')).toBe('a b');
  });

  it('reads back what productPath writes', () => {
    for (const id of ['3f0c0c9e-5a8e-4f5e-9a57-6c1d2d0b7a11', 'a b/c'])
      expect(productIdInPath(productPath(id))).toBe(id);
  });

  it('is null for any other path, and for a malformed escape', () => {
    for (const path of ['/', '/product/', '/product/a/b', '/products/abc', '/auction/abc', '/product/%E0%A4%A'])
      expect(productIdInPath(path)).toBeNull();
  });
});
