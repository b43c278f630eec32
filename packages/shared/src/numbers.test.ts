import { describe, expect, it } from 'vitest';
import { formatQuantity, groupThousands, readNumber, westernDigits, westernNumber } from './numbers.js';

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

describe('westernDigits', () => {
  it('turns Arabic-Indic and Persian digits into 0-9 and leaves the rest', () => {
    expect(westernDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ abc 42')).toBe('0123456789 0123456789 abc 42');
  });
});

describe('westernNumber', () => {
  it('also turns the Arabic decimal and thousands separators into . and ,', () => {
    expect(westernNumber('١٬٢٣٤٫٥٠')).toBe('1,234.50');
    expect(westernNumber('۱٬۲۳۴٫۵')).toBe('1,234.5');
    expect(westernNumber('1,234.50')).toBe('1,234.50');
  });
});

describe('readNumber', () => {
  it.each([
    ['1260', 1260],
    ['١٢٦٠', 1260],
    ['۱۲۶۰', 1260],
    ['١٬٢٦٠', 1260],
    ['1,260', 1260],
    ['1,234,567', 1234567],
    ['١٬٢٣٤٫٥٠', 1234.5],
    ['۰٫۵', 0.5],
    ['0.15', 0.15],
    ['٢', 2],
    [' ١٢ ', 12],
    ['1٬234', 1234],
    ['0', 0],
  ])('reads %j as %d', (text, value) => expect(readNumber(text)).toBe(value));

  it.each([
    '',
    ' ',
    'abc',
    '-5',
    '+5',
    '-٥',
    '.5',
    '٫٥',
    '5.',
    '1e3',
    '0x10',
    '0b11',
    '1,5',
    '1,2345',
    '12 34',
    '١٢a',
    '①',
  ])('refuses %j', (text) => expect(readNumber(text)).toBeNull());
});
