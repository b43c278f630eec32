import { describe, expect, it } from 'vitest';
import { filsToAmount, formatAED, parseAmountToFils } from './money.js';

describe('formatAED', () => {
  it.each([
    [123450, 'AED 1,234.50'],
    [0, 'AED 0.00'],
    [5, 'AED 0.05'],
    [99, 'AED 0.99'],
    [100, 'AED 1.00'],
    [99999, 'AED 999.99'],
    [100000, 'AED 1,000.00'],
    [123456789, 'AED 1,234,567.89'],
    [-123450, '-AED 1,234.50'],
    [-5, '-AED 0.05'],
    [-0, 'AED 0.00'],
  ])('formats %d fils as %j', (fils, text) => {
    expect(formatAED(fils)).toBe(text);
  });

  it('adds without float artefacts: 10 + 20 fils is AED 0.30', () => {
    expect(formatAED(10 + 20)).toBe('AED 0.30');
  });

  it('shows a dash for a value that is not a number', () => {
    expect(formatAED(Number.NaN)).toBe('AED —');
    expect(formatAED(Number.POSITIVE_INFINITY)).toBe('AED —');
  });
});

describe('parseAmountToFils', () => {
  it.each([
    ['99', 9900],
    ['1,234.5', 123450],
    ['1,234.50', 123450],
    ['0.05', 5],
    ['0', 0],
    ['  12.30 ', 1230],
    ['1000000', 100000000],
  ])('reads %j as %d fils', (input, fils) => {
    expect(parseAmountToFils(input)).toBe(fils);
  });

  it.each(['', ' ', 'abc', '12abc', '-5', '+5', '1.234', '.5', '5.', '1e3', '12 34', 'AED 5', '99999999999999999'])(
    'refuses %j',
    (input) => {
      expect(parseAmountToFils(input)).toBeNull();
    },
  );

  it.each([
    ['١٢٦٠', 126000],
    ['۱۲۶۰', 126000],
    ['١٬٢٣٤٫٥٠', 123450],
    ['۱٬۲۳۴٫۵', 123450],
    ['١٢٫٣', 1230],
    ['1٬234.50', 123450],
    [' ٩٩ ', 9900],
  ])('reads Arabic-Indic and Persian digits and separators: %j is %d fils', (input, fils) => {
    expect(parseAmountToFils(input)).toBe(fils);
  });

  it.each(['-١٢', '١٫٢٣٤', '٫٥', '١٢٫', 'د.إ ٥'])('refuses %j', (input) => {
    expect(parseAmountToFils(input)).toBeNull();
  });

  it('round-trips through formatAED', () => {
    expect(formatAED(parseAmountToFils('1,234.56')!)).toBe('AED 1,234.56');
  });
});

describe('filsToAmount', () => {
  it.each([
    [129900, '1299'],
    [129950, '1299.50'],
    [5, '0.05'],
    [100, '1'],
  ])('writes %d fils as %j, which parses back to the same amount', (fils, text) => {
    expect(filsToAmount(fils)).toBe(text);
    expect(parseAmountToFils(text)).toBe(fils);
  });
});
