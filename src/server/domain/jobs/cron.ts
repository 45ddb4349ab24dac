/**
 * Cron times of scheduled tasks, through croner (issue 15: a maintained library, not a hand-written parser).
 * Expressions have 5 fields (minute hour day month weekday) or 6 with seconds first (croner's syntax, also
 * `@daily` and friends); they are read in the server's time zone. Validation of the text itself is the
 * manifest's `pattern: cron` (src/shared/validation.ts), the same check in the console and at the edge.
 */
import { Cron } from 'croner';

/** A parsed expression, or null when croner refuses it. */
export function parseCron(expression: string): Cron | null {
  try {
    return new Cron(expression, { paused: true });
  } catch {
    return null;
  }
}

/** The next `count` fire times strictly after `after` ([] for an expression croner refuses or one that never fires again). */
export function nextFireTimes(expression: string, count: number, after: Date = new Date()): Date[] {
  const cron = parseCron(expression);
  return cron ? cron.nextRuns(count, after) : [];
}

/** The first fire time strictly after `after`, or null. */
export function nextFireTime(expression: string, after: Date = new Date()): Date | null {
  return parseCron(expression)?.nextRun(after) ?? null;
}
