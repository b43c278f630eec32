/**
 * CSV as RFC 4180 writes it, for files people open in Excel (issue 32, ADR 0041).
 *
 * - A field holding a comma, a quote, CR or LF is quoted, its quotes doubled.
 * - A field starting with = + - @ (or a tab or CR, which Excel skips before one) is a formula to a
 *   spreadsheet: a product title like `=HYPERLINK(...)` would run in the seller's Excel. Such a
 *   field gets a leading apostrophe, as OWASP advises, so it is shown as the text it is. Numbers we
 *   write ourselves (amounts, quantities) pass through `number` untouched: "-12.50" stays a number.
 * - Rows end in CRLF; the file starts with a UTF-8 BOM so Excel reads Arabic as UTF-8.
 */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text field: neutralised against formulas, quoted when it must be. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A field we made ourselves and know to be a plain number. */
export const csvNumber = (value: number | string): string => String(value);

/** One row of already-encoded fields, with its CRLF. */
export const csvRow = (fields: readonly string[]): string => `${fields.join(',')}\r\n`;

/** Fils as the decimal dirhams a spreadsheet sums: 126000 → "1260.00", -5 → "-0.05". */
export function aedDecimal(fils: number): string {
  const abs = Math.abs(Math.round(fils));
  return `${fils < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
