import { describe, expect, it } from 'vitest';
import { alreadyHighest, bidAtLeast, MSG } from '../messages.js';
import { formatAED } from '../money.js';
import { localizeFields, localizeMessage } from './localize.js';
import { ARABIC, MSG_AR, bidsLabelAr } from './messages-ar.js';

describe('the Arabic catalog', () => {
  it('translates every message, keeping its numbers', () => {
    const numbers = (text: string) => (text.match(/\d[\d,.]*\d|\d/g) ?? []).sort();
    for (const key of Object.keys(MSG) as Array<keyof typeof MSG>) {
      expect(MSG_AR[key], key).toMatch(/[\u0600-\u06FF]/);
      expect(numbers(MSG_AR[key]), key).toEqual(numbers(MSG[key]));
    }
  });

  it('writes amounts the Gulf way: Western digits, د.إ after them', () => {
    expect(MSG_AR.priceTooLarge).toContain('10,000,000 د.إ');
    expect(MSG_AR.bidCapReached).toContain('10,000,000.00 د.إ');
    expect(MSG_AR.bidCapReached).toContain('Souq');
  });
});

describe('localizeMessage', () => {
  it('answers English unchanged', () => {
    expect(localizeMessage(MSG.bidTooLow, 'en', ARABIC)).toBe(MSG.bidTooLow);
  });

  it('turns every MSG value into its Arabic', () => {
    for (const key of Object.keys(MSG) as Array<keyof typeof MSG>)
      expect(localizeMessage(MSG[key], 'ar', ARABIC), key).toBe(MSG_AR[key]);
  });

  it('rebuilds the messages that carry an amount', () => {
    expect(localizeMessage(bidAtLeast(formatAED(126_000)), 'ar', ARABIC)).toBe(
      'يجب أن تكون قيمة المزايدة أعلى من المزايدة الحالية. زايد بمبلغ 1,260.00 د.إ على الأقل.',
    );
    expect(localizeMessage(alreadyHighest(formatAED(150_050)), 'ar', ARABIC)).toBe(
      'لديك أعلى مزايدة بالفعل، والحد الأقصى لمزايدتك 1,500.50 د.إ.',
    );
  });

  it('leaves text it does not know alone', () => {
    expect(localizeMessage('body must be object', 'ar', ARABIC)).toBe('body must be object');
    expect(localizeMessage('', 'ar', ARABIC)).toBe('');
  });

  it('translates each field of an error', () => {
    expect(localizeFields({ email: MSG.invalidEmail, x: 'other' }, 'ar', ARABIC)).toEqual({
      email: MSG_AR.invalidEmail,
      x: 'other',
    });
  });
});

describe('bidsLabelAr', () => {
  it('follows Arabic plural rules, with Western digits', () => {
    expect([0, 1, 2, 3, 10, 11, 99, 100, 102, 1000, 1011].map(bidsLabelAr)).toEqual([
      'لا مزايدات',
      'مزايدة واحدة',
      'مزايدتان',
      '3 مزايدات',
      '10 مزايدات',
      '11 مزايدة',
      '99 مزايدة',
      '100 مزايدة',
      '102 مزايدة',
      '1,000 مزايدة',
      '1,011 مزايدة',
    ]);
  });
});
