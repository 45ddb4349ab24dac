/**
 * Money conversions (spec 1: amounts are stored in cents and shown divided by 100). Shared by MoneyField
 * and MoneyInput.
 */
import { fitsDecimals } from '../../shared/validation';

/**
 * Cents -> text with 2 decimals (`12345` -> `"123.45"`); empty or non-numeric -> `''`. A fraction of a cent (an
 * amount typed with more decimals, refused by the money rule) is shown as typed (`2550.5` -> `"25.505"`), not rounded.
 */
export function centsToText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return '';
  return Number.isInteger(n) ? (n / 100).toFixed(2) : String(n / 100);
}

/**
 * Entered amount -> cents (`"123.45"` -> `12345`); empty or non-numeric -> `null`. Never rounded (issue 26): an
 * amount with more than 2 decimals becomes a fraction of a cent (`"25.505"` -> `2550.5`), which the money rule
 * (shared/validation.ts `money`) refuses with "at most 2 decimals", as the server does.
 */
export function textToCents(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n)) return null;
  // n * 100 alone is not exact: 0.29 * 100 = 28.999999999999996
  return fitsDecimals(n, 2) ? Math.round(n * 100) : n * 100;
}
