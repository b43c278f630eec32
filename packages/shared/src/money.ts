import type { Locale } from './i18n/locale.js';
import { groupThousands, westernNumber } from './numbers.js';

/**
 * Money travels as integer fils (1 AED = 100 fils). This is the one place it becomes text,
 * so integer arithmetic is used to avoid float artefacts such as 0.1 + 0.2.
 */
export function formatAED(fils: number): string {
  if (!Number.isFinite(fils)) return 'AED —';
  return `${fils < 0 ? '-' : ''}AED ${amountDigits(fils)}`;
}

/** "1,260.00" of a sum in fils, unsigned. */
function amountDigits(fils: number): string {
  const abs = Math.round(Math.abs(fils));
  const whole = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${groupThousands(whole.toString())}.${cents}`;
}

/** The dirham's sign as Gulf stores write it in Arabic, after the amount. */
export const AED_AR = 'د.إ';

/**
 * The one price formatter (issue 29). English keeps the spec's "AED 1,260.00"; Arabic writes
 * "1,260.00 د.إ" with Western digits, as noon and Amazon.ae do. Shown inside Arabic text, a
 * price sits in its own <bdi> (components/Money.tsx) so its digits never reorder.
 */
export function formatMoney(fils: number, locale: Locale): string {
  if (locale !== 'ar') return formatAED(fils);
  if (!Number.isFinite(fils)) return `— ${AED_AR}`;
  return `${fils < 0 ? '-' : ''}${amountDigits(fils)} ${AED_AR}`;
}

/**
 * Parses what a person types ("1,234.5", "99") into fils; null when it is not an amount. Arabic-Indic
 * and Persian digits and the Arabic separators are read too: "١٬٢٣٤٫٥" is 123450 fils.
 */
export function parseAmountToFils(input: string): number | null {
  const cleaned = westernNumber(input).replace(/,/g, '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, frac = ''] = cleaned.split('.');
  const fils = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(fils) ? fils : null;
}

/** Fils back to what a person would type: 129900 → "1299", 129950 → "1299.50". */
export function filsToAmount(fils: number): string {
  const whole = Math.floor(fils / 100);
  const cents = fils % 100;
  return cents ? `${whole}.${String(cents).padStart(2, '0')}` : String(whole);
}
