import { describe, expect, it } from 'vitest';
import { normalizeKeywords } from './catalog.js';

describe('keywords', () => {
  it('split on a comma or the Arabic comma an Arabic keyboard types', () => {
    expect(normalizeKeywords('عطر، عود,Oud', 'Fragrances')).toEqual(['عطر', 'عود', 'oud', 'fragrances']);
  });
});
