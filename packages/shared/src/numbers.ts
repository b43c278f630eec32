/** "1234567" → "1,234,567": digits grouped in thousands, as money and quantities are shown. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * 1250.5 → "1,250.5": a non-negative quantity (a weight) with at most `maxFractionDigits`
 * decimals and no trailing zeros. Written out rather than through Intl.NumberFormat, whose first
 * use in a fresh tab costs a phone tens of milliseconds (issue 11: total blocking time).
 */
export function formatQuantity(value: number, maxFractionDigits = 3): string {
  if (!Number.isFinite(value)) return '—';
  const [whole = '0', fraction] = String(Number(value.toFixed(maxFractionDigits))).split('.');
  return fraction ? `${groupThousands(whole)}.${fraction}` : groupThousands(whole);
}

const ARABIC_INDIC = 0x0660;
const EASTERN_ARABIC_INDIC = 0x06f0;

/** ١٥٠ (Arabic-Indic) and ۱۵۰ (Persian) become 150; every other character is left as it is. */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code - (code >= EASTERN_ARABIC_INDIC ? EASTERN_ARABIC_INDIC : ARABIC_INDIC));
  });
}

/** The Arabic decimal separator, ٫ (U+066B): 1٫5 is 1.5. */
export const ARABIC_DECIMAL_SEPARATOR = '\u066B';
/** The Arabic thousands separator, ٬ (U+066C): ١٬٢٣٤ is 1,234. */
export const ARABIC_THOUSANDS_SEPARATOR = '\u066C';

/**
 * A number as a Gulf keyboard may type it, written with Western digits and separators:
 * "١٬٢٣٤٫٥٠" and "۱٬۲۳۴٫۵۰" become "1,234.50". Every other character is left as it is.
 */
export function westernNumber(text: string): string {
  return westernDigits(text)
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, ',');
}

/** Whole digits, grouped by thousands in threes or not at all, and an optional decimal part. */
const TYPED_NUMBER = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/**
 * The non-negative number a person typed, in any of the three digit sets, or null when the text
 * is not one: "1260", "١٢٦٠", "۱۲۶۰", "1,234.5", "١٬٢٣٤٫٥" are numbers; "", "-5", "+5", ".5",
 * "5.", "1e3", "0x10", "1,5" and "12 34" are not. Surrounding spaces are ignored.
 */
export function readNumber(text: string): number | null {
  const match = TYPED_NUMBER.exec(westernNumber(text).trim());
  if (!match) return null;
  const whole = match[1]!.replace(/,/g, '');
  return Number(match[2] === undefined ? whole : `${whole}.${match[2]}`);
}
