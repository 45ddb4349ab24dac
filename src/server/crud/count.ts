/**
 * Page totals that scale (issue 13 "Counts that scale"; spec 7 page data `{records, current, total}`).
 *
 * An exact `count(*)` reads every matching row: 5,000,000 log lines take ~300-450 ms on this machine, for a
 * number nobody reads exactly. A page call therefore counts at most {@link COUNT_CAP} + 1 matching rows:
 *
 *   SELECT count(*) FROM (SELECT 1 FROM <table> WHERE <page where> LIMIT 10001) capped
 *
 * - up to 10,000 matching rows the total is exact (the same number as before);
 * - above, the answer is `total: 10000, totalCapped: true` ("10,000 or more"; the console pager shows
 *   "10,000+" / "10,000+ 条"). `totalCapped` is an ADDED field of the page answer, present only when true,
 *   so a client that knows only spec 7's `{records, current, total}` still reads a valid lower bound.
 *
 * The cost is bounded by the cap (an index-only or sequential scan that stops after 10,001 rows, a few ms)
 * whatever the filter, so there is no "weak filter" heuristic to tune and no estimate (pg_class.reltuples) that
 * could be off: below the cap the number is exact, above it the pager says so. The SKU count call (spec 7.2
 * `/sapi/wms/sku/count`, crud/handlers.ts countRecords) stays exact: it is an explicit request for the number.
 *
 * Use: the one statement of a page counts with crud/records-sql.ts `countSql(table, where, COUNT_CAP)`, and
 * {@link pageTotal} turns that number into the answer's total.
 */

/** Rows counted exactly; one more means "more than this" (issue 13: "10,000+"). */
export const COUNT_CAP = 10_000;

/** The total of a page answer: exact, or the cap with `totalCapped: true` when more rows match. */
export interface PageTotal { total: number; totalCapped?: true }

/**
 * The page answer's total from a capped count `counted` (at most cap + 1). `seen` is a lower bound the
 * caller knows (offset + records returned): a page read beyond the cap still gets a total that covers it.
 */
export function pageTotal(counted: number | string, seen = 0, cap = COUNT_CAP): PageTotal {
  const n = Number(counted);
  return n > cap ? { total: Math.max(cap, seen), totalCapped: true } : { total: n };
}
