/**
 * Calendar dates as text `yyyy-MM-dd` (issue 30: a batch's production and expiry dates; the `date` field type
 * of the manifest). A calendar date has no time and no zone: it is never turned into an instant, so it reads
 * the same in every time zone. Arithmetic goes through UTC midnight, where every day has 24 hours.
 */

const DAY_MS = 86_400_000;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC midnight of a real calendar date `yyyy-MM-dd` (year 0001..9999), else undefined (`2025-02-29`, `2025-13-01`). */
function utcOf(text: string): Date | undefined {
  const m = DATE_TEXT.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1) return undefined;
  const at = new Date(0);
  at.setUTCFullYear(y, mo - 1, d); // not Date.UTC: it reads years 0..99 as 1900..1999
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d ? at : undefined;
}

/** `yyyy-MM-dd` of a UTC midnight. */
function textOf(at: Date): string {
  return `${String(at.getUTCFullYear()).padStart(4, '0')}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-${String(at.getUTCDate()).padStart(2, '0')}`;
}

/** Whether `text` is a real calendar date `yyyy-MM-dd` (the month's days and leap years counted). */
export function isCalendarDate(text: unknown): text is string {
  return typeof text === 'string' && utcOf(text) !== undefined;
}

/** The calendar date `y-m-d` (month 1..12, day 1..31) as text, or undefined when there is no such day. */
export function calendarDate(y: number, m: number, d: number): string | undefined {
  const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isCalendarDate(text) ? text : undefined;
}

/** The last day of month `m` (1..12) of year `y`, e.g. 2024, 2 -> 29. */
export function lastDayOfMonth(y: number, m: number): number {
  const at = new Date(0);
  at.setUTCFullYear(y, m, 0);
  return at.getUTCDate();
}

/**
 * `day` (`yyyy-MM-dd`) plus `days` (negative: back).
 * @throws RangeError when `day` is no calendar date.
 */
export function addDays(day: string, days: number): string {
  const at = utcOf(day);
  if (!at) throw new RangeError(`not a calendar date: ${day}`);
  return textOf(new Date(at.getTime() + days * DAY_MS));
}

/**
 * Whole days from `from` to `to` (both `yyyy-MM-dd`): positive when `to` is later.
 * @throws RangeError when either is no calendar date.
 */
export function daysBetween(from: string, to: string): number {
  const [a, b] = [utcOf(from), utcOf(to)];
  if (!a || !b) throw new RangeError(`not a calendar date: ${a ? to : from}`);
  return Math.round((b.getTime() - a.getTime()) / DAY_MS);
}

/** The calendar date of the instant `at` in the zone of this process (the server's configured zone, TZ). */
export function localDay(at: Date = new Date()): string {
  return `${String(at.getFullYear()).padStart(4, '0')}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}
