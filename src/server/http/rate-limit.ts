/**
 * A fixed-window request counter in the database (issue 16: the public inventory-share call is limited per
 * client address and per link). Counting in `sys_rate_hit` rather than in memory means every instance on one
 * PostgreSQL counts together (DESIGN "Databases": no per-process state), at the cost of one upsert per
 * counted request. A window is `windowMs` long and aligned to multiples of it (epoch ms); the first hit of a
 * new window deletes the windows that have ended, so the table holds about one row per active bucket.
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { sysRateHit } from '../db/internal-schema';

/** One limit: at most `max` requests per bucket within each window of `windowMs` ms. */
export interface RateRule { max: number; windowMs: number }

/** The outcome of one counted request: `allowed`, and, when not, ms until the window ends. */
export interface RateHit { allowed: boolean; hits: number; retryAfterMs: number }

/**
 * Counts one request in `bucket` (at most 120 characters, e.g. `share-ip:203.0.113.9`) and says whether it is
 * within `rule`. Requests refused are counted too (a client that keeps trying stays refused until the window
 * ends).
 */
export async function countHit(db: Db, bucket: string, rule: RateRule, now = Date.now()): Promise<RateHit> {
  const start = Math.floor(now / rule.windowMs) * rule.windowMs;
  const [row] = await db.insert(sysRateHit).values({ bucket, windowStart: new Date(start), hits: 1 })
    .onConflictDoUpdate({ target: [sysRateHit.bucket, sysRateHit.windowStart], set: { hits: sql`${sysRateHit.hits} + 1` } })
    .returning({ hits: sysRateHit.hits });
  // a new window for this bucket: windows that ended (of every bucket) are no longer read
  if (row.hits === 1) await db.delete(sysRateHit).where(lt(sysRateHit.windowStart, new Date(start - rule.windowMs)));
  return { allowed: row.hits <= rule.max, hits: row.hits, retryAfterMs: start + rule.windowMs - now };
}
