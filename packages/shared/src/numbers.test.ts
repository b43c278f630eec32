import { describe, expect, it } from 'vitest';
import { formatQuantity, groupThousands } from './numbers.js';

describe('groupThousands', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['1234567', '1,234,567'],
  ])('%s → %s', (digits, shown) => expect(groupThousands(digits)).toBe(shown));
});

describe('formatQuantity', () => {
  it.each([
    [1, '1'],
    [0.25, '0.25'],
    [1.5, '1.5'],
    [2.0001, '2'],
    [0.0004, '0'],
    [1.2346, '1.235'],
    [1250.5, '1,250.5'],
    [100_000, '100,000'],
    [Number.NaN, '—'],
  ])('%s → %s', (value, shown) => expect(formatQuantity(value)).toBe(shown));

  it('takes fewer decimals when asked', () => expect(formatQuantity(1.26, 1)).toBe('1.3'));
});
