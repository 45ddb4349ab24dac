/**
 * The freeze of a cycle count (issue 30; docs/counts.md "Freeze"): while a count is counting or in review, its
 * locations are frozen. This module is the one place that says what "frozen" is; the location layer of the ledger
 * (inventory/locations.ts, ledger.ts) calls it, so every flow that moves stock obeys it:
 *
 * - no new lock (allocation) on a frozen location: {@link FROZEN_SQL} is part of `LOCKABLE_SQL`;
 * - no quantity in or out (receiving onto it, putaway, moves, adjustments, shipping, picking that moves stock):
 *   the ledger refuses a change of a frozen location row with {@link frozenConflict}'s 409;
 * - releasing a lock (cancelling an order allocated before the count) moves nothing and stays allowed.
 *
 * A flow that decides on a location without a ledger call (a pick confirmed by scanning, a putaway task
 * suggested or confirmed, a move planned) calls {@link assertNotFrozen} first.
 *
 * Kept free of the count module's other imports (it is imported by the ledger's location layer): only the freeze
 * table (db/internal-schema.ts `wms_count_freeze`), the location and count tables and the error helpers.
 */
import { getTableName } from 'drizzle-orm';
import { count, location } from '../../../../generated/db/schema';
import { Code } from '../../../shared/envelope';
import type { Lang } from '../../../shared/validation';
import { ident } from '../../crud/filters';
import type { Db } from '../../db/connect';
import { wmsCountFreeze } from '../../db/internal-schema';
import { rawQuery } from '../../db/raw';
import { BizError, fillText } from '../../http/errors';

const FREEZE = ident(getTableName(wmsCountFreeze));
const LOC = ident(getTableName(location));
const COUNT = ident(getTableName(count));

/** SQL: true when the location row aliased `l` (a `wms_location` alias) is frozen by a running count. */
export const FROZEN_SQL = (l: string) => `exists (select 1 from ${FREEZE} f where f.location_id = ${l}.id)`;

const texts = {
  frozen: {
    en: 'Location {location} is frozen by cycle count {count}: no stock may be put on it, moved, allocated or picked there until the count ends',
    zh: '库位 {location} 正在盘点（{count}），盘点结束前不能上架、移库、分配或拣货',
  },
};

/** The 409 for a change on location `code` frozen by count `countNo`. */
export const frozenError = (lang: Lang, code: string, countNo: string): BizError => new BizError(Code.CONFLICT, fillText(texts.frozen[lang], { location: code, count: countNo }));

/** Which of `locationIds` are frozen: their code and the number of the count holding them (in location id order). */
export async function frozenLocations(db: Db, locationIds: number[]): Promise<Array<{ locationId: number; code: string; countNo: string }>> {
  if (!locationIds.length) return [];
  const rows = await rawQuery(db, `select f.location_id, l.code, c.count_no from ${FREEZE} f join ${LOC} l on l.id = f.location_id join ${COUNT} c on c.id = f.count_id
    where f.location_id = any($1::int[]) order by f.location_id`, [[...new Set(locationIds)]]);
  return rows.map((r) => ({ locationId: Number(r.location_id), code: String(r.code), countNo: String(r.count_no ?? '') }));
}

/** The 409 of the first frozen location among `locationIds`, or undefined when none is frozen. */
export async function frozenConflict(db: Db, locationIds: number[], lang: Lang): Promise<BizError | undefined> {
  const [first] = await frozenLocations(db, locationIds);
  return first ? frozenError(lang, first.code, first.countNo) : undefined;
}

/**
 * Throws the 409 "Location A-01 is frozen by cycle count CC...: ..." when one of `locationIds` is frozen: for flows
 * that decide on a location before (or without) a ledger call, e.g. a putaway suggestion, a pick confirmation.
 */
export async function assertNotFrozen(db: Db, locationIds: number[], lang: Lang): Promise<void> {
  const e = await frozenConflict(db, locationIds, lang);
  if (e) throw e;
}
