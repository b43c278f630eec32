import { describe, expect, it } from 'vitest';
import { parseChatBid, westernDigits } from './live.js';

describe('chat bids', () => {
  it.each([
    ['150', 150_00],
    ['  150  ', 150_00],
    ['١٥٠', 150_00],
    ['۱۵۰', 150_00],
    ['AED 150', 150_00],
    ['aed150', 150_00],
    ['150 AED', 150_00],
    ['د.إ 150', 150_00],
    ['150 د.إ', 150_00],
    ['١٥٠ د.إ', 150_00],
    ['1,500', 1_500_00],
    ['1,500,000', 1_500_000_00],
    ['١٬٥٠٠', 1_500_00],
    ['۱۲٬۰۰۰', 12_000_00],
    ['150.5', 150_50],
    ['150.50', 150_50],
    ['١٥٠٫٥٠', 150_50],
    ['0', 0],
    ['000150', 150_00],
    ['AED\u00a0150', 150_00],
  ])('%j is a bid of %i fils', (text, fils) => {
    expect(parseChatBid(text)).toBe(fils);
  });

  it.each([
    ['150 please'],
    ['lot 150'],
    ['I bid 150'],
    ['-5'],
    ['+150'],
    ['1,5'],
    ['1,50,000'],
    ['150.555'],
    ['15 0'],
    ['AED'],
    [''],
    ['   '],
    ['1e5'],
    ['0x10'],
    ['١٥٠ please'],
    ['💯'],
    ['AED AED 150'],
    // Only Western, Arabic-Indic and Persian digits bid (ADR 0030): not what Unicode folds into digits.
    ['１５０'],
    ['①⑤⓪'],
    ['¹⁵⁰'],
    ['𝟏𝟓𝟎'],
    ['㉑'],
    ['₁₅₀'],
  ])('%j is chat, not a bid', (text) => {
    expect(parseChatBid(text)).toBeNull();
  });

  it('refuses, rather than chats, a number too long to be a price', () => {
    expect(parseChatBid('99999999999999999999')).toBe(Number.POSITIVE_INFINITY);
    expect(parseChatBid('999999999999')).toBe(999_999_999_999_00);
  });

  it('turns both Arabic digit sets into Western ones and leaves the rest', () => {
    expect(westernDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ abc')).toBe('0123456789 0123456789 abc');
  });
});
