/**
 * The day arithmetic of the dashboard and the snapshot job (issue 15; src/server/domain/statistics/): the 30
 * days of the daily series end with the caller's today in the caller's zone, and start at that zone's
 * midnight; a snapshot's `date` parameter must be a real calendar day.
 */
import { describe, expect, it } from 'vitest';
import { callerDays } from '../../src/server/domain/statistics/dashboard';
import { validDay } from '../../src/server/domain/statistics/snapshot';

describe('dashboard days', () => {
  it('end with the caller\'s today and start at that zone\'s midnight 29 days before', () => {
    const now = new Date('2026-03-01T22:30:00Z');
    const utc = callerDays(now, 0, 30);
    expect([utc.dates[0], utc.dates[29], utc.dates.length]).toEqual(['2026-01-31', '2026-03-01', 30]);
    expect(utc.start.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    // at UTC+3 it is already 2 March (01:30): the window moves a day, and starts at 21:00 UTC
    const riyadh = callerDays(now, 3, 30);
    expect([riyadh.dates[0], riyadh.dates[29]]).toEqual(['2026-02-01', '2026-03-02']);
    expect(riyadh.start.toISOString()).toBe('2026-01-31T21:00:00.000Z');
    // at UTC-5 it is still 1 March (17:30)
    const newYork = callerDays(now, -5, 3);
    expect(newYork.dates).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(newYork.start.toISOString()).toBe('2026-02-27T05:00:00.000Z');
  });

  it('a snapshot date is a calendar day YYYY-MM-DD', () => {
    expect(validDay('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2025-02-29', '2025-13-01', '2025-1-01', '20250101', '', 20250101, null, undefined]) expect(validDay(bad)).toBeUndefined();
  });
});
