import { describe, expect, it } from 'vitest';
import { visualRuns } from './pdf-text.js';

const runs = (text: string) => visualRuns(text).map((r) => [r.text, r.level]);

/** The bidi algorithm's runs in the order they are drawn, left to right (ADR 0042). */
describe('visualRuns', () => {
  it('keeps a line in one direction as one run', () => {
    expect(runs('Tax Invoice')).toEqual([['Tax Invoice', 0]]);
    expect(runs('فاتورة ضريبية')).toEqual([['فاتورة ضريبية', 1]]);
    expect(runs('')).toEqual([]);
  });

  it('draws an English label then its Arabic, as written, in a left-to-right line', () => {
    expect(runs('TRN / الرقم الضريبي')).toEqual([
      ['TRN / ', 0],
      ['الرقم الضريبي', 1],
    ]);
  });

  it('draws an Arabic title with a Latin word and digits inside from the right: its first words rightmost', () => {
    // An Arabic paragraph (level 1) with Latin and digits at level 2; each run keeps its logical text.
    expect(runs('ساعة (Rolex) أصلية 2')).toEqual([
      ['2', 2],
      [') أصلية ', 1],
      ['Rolex', 2],
      ['ساعة (', 1],
    ]);
  });
});
