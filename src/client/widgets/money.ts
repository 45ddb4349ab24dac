/**
 * Money conversions (spec 1: amounts are stored in cents and shown divided by 100). Shared by MoneyField
 * and MoneyInput.
 */

/** Cents -> text with 2 decimals (`12345` -> `"123.45"`); empty or non-numeric -> `''`. */
export function centsToText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? (n / 100).toFixed(2) : '';
}

/** Entered amount -> cents, rounded (`"123.456"` -> `12346`); empty or non-numeric -> `null`. */
export function textToCents(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}
