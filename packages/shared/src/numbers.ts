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
