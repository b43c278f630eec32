import { MSG } from '@souq/shared';
import { describe, expect, it } from 'vitest';
import { formatAgo, formatGulfClock, formatGulfDate, formatGulfDateTime, formatGulfShort } from './dates';

// 2026-11-21 10:00:09 UTC is 14:00:09 in Dubai, whatever zone the machine running this is in.
const ISO = '2026-11-21T10:00:09.000Z';

describe('Gulf-time dates', () => {
  it('formats every shape in Asia/Dubai', () => {
    expect(formatGulfDateTime(ISO, 'en')).toBe('Sat, 21 Nov 2026, 14:00 GST');
    expect(formatGulfShort(ISO, 'en')).toBe('21 Nov, 14:00:09');
    expect(formatGulfClock(ISO, 'en')).toBe('14:00:09');
    expect(formatGulfDate(ISO, 'en')).toBe('21 Nov 2026');
  });

  it("takes the Gulf day, not the machine's, for a late-evening UTC time", () => {
    expect(formatGulfDate('2026-11-21T22:30:00.000Z', 'en')).toBe('22 Nov 2026');
  });

  it("shows 'Invalid date' for a date that does not parse", () => {
    for (const format of [formatGulfDateTime, formatGulfShort, formatGulfClock, formatGulfDate])
      expect(format('soon', 'en')).toBe(MSG.invalidDate);
  });

  it('says how long ago, in words', () => {
    const now = Date.parse(ISO);
    expect(formatAgo(ISO, now + 10_000, 'en')).toBe('just now');
    expect(formatAgo(ISO, now + 5 * 60_000, 'en')).toBe('5 minutes ago');
    expect(formatAgo(ISO, now + 3 * 3600_000, 'en')).toBe('3 hours ago');
    expect(formatAgo(ISO, now + 26 * 3600_000, 'en')).toBe('yesterday');
  });

  it('writes them in Arabic with Western digits, still in Gulf time', () => {
    const now = Date.parse(ISO);
    const bare = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '');
    expect(bare(formatGulfDateTime(ISO, 'ar'))).toBe('السبت، 21 نوفمبر 2026، 14:00 بتوقيت الخليج');
    expect(bare(formatGulfDate('2026-11-21T22:30:00.000Z', 'ar'))).toBe('22 نوفمبر 2026');
    expect(bare(formatGulfClock(ISO, 'ar'))).toBe('14:00:09');
    expect(formatGulfShort(ISO, 'ar')).toMatch(/^21 نوفمبر.*14:00:09$/);
    expect(formatAgo(ISO, now + 10_000, 'ar')).toBe('الآن');
    expect(bare(formatAgo(ISO, now + 5 * 60_000, 'ar'))).toBe('قبل 5 دقائق');
    expect(bare(formatAgo(ISO, now + 26 * 3600_000, 'ar'))).toBe('أمس');
    expect(formatGulfDate('soon', 'ar')).toBe(MSG.invalidDate);
    // English is unchanged by the Arabic formatters made alongside.
    expect(formatGulfDateTime(ISO, 'en')).toBe('Sat, 21 Nov 2026, 14:00 GST');
  });
});
