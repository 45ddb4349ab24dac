/**
 * What the cycle count modules share (issue 30; docs/counts.md): table names for their SQL, the book quantity of a
 * count line, who is a reviewer (sees what the books expect), and the guarded read of a count being counted.
 */
import { getTableName } from 'drizzle-orm';
import { count, countLine, inventory, location, locationInventory, sku, warehouseZone } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { CountStatus } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import type { ResourceSpec } from '../../../shared/resource-meta';
import type { Lang } from '../../../shared/validation';
import { ident } from '../../crud/filters';
import { findInScope, type CrudCall } from '../../crud/handlers';
import { actionOf, workflowOf } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import { wmsCountFreeze } from '../../db/internal-schema';
import { rawQuery } from '../../db/raw';
import type { UserContext } from '../../http/context';
import { BizError, fillText, notFound } from '../../http/errors';

type Row = Record<string, unknown>;

/** Quoted table names for the modules' plain SQL. */
export const T = {
  count: ident(getTableName(count)),
  line: ident(getTableName(countLine)),
  freeze: ident(getTableName(wmsCountFreeze)),
  location: ident(getTableName(location)),
  zone: ident(getTableName(warehouseZone)),
  li: ident(getTableName(locationInventory)),
  inventory: ident(getTableName(inventory)),
  sku: ident(getTableName(sku)),
};

/**
 * SQL: the book quantity now of count line `cl` (a `wms_count_line` alias): the qty of its location row (location,
 * goods owner, SKU, batch; the location fixes the warehouse), 0 when there is none.
 */
export const BOOK_SQL = (cl: string) => `coalesce((select li.qty from ${T.li} li where li.location_id = ${cl}.location_id and li.owner_id = ${cl}.owner_id
  and li.sku_id = ${cl}.sku_id and li.batch_no = ${cl}.batch_no), 0)`;

/** The code of a count's reviewer (manifest: approve), who sees expected and book quantities. */
export const REVIEW_CODE = actionOf(bindings.count, 'approve').code;
/** Who may read a count's lines and locations: counters (manifest: finish) and reviewers. */
export const COUNTER_CODES = [...new Set([actionOf(bindings.count, 'finish').code, REVIEW_CODE])].join('|');

/** True when `user` may see what the books expect (admin or the review code): never a blind counter. */
export const isReviewer = (user: UserContext) => user.isAdmin || user.codes.has(REVIEW_CODE);

/** Count `id` in the caller's warehouse and owner scope (404 otherwise), as the API writes it. */
export const countInScope = (call: CrudCall, id: unknown): Promise<Row> => findInScope(call, bindings.count, id);

const texts = {
  notCounting: { en: '{count} is not being counted: it is {state}', zh: '{count} 不在盘点中：当前为{state}' },
};

/** The label of a count state in `lang`. */
export const stateText = (v: number, lang: Lang) => workflowOf(bindings.count).states.find((s) => s.value === v)?.[lang] ?? String(v);

/** The 409 "CC... is not being counted: it is in review" for a count in state `status`. */
export const notCounting = (lang: Lang, countNo: string, status: number) =>
  new BizError(Code.CONFLICT, fillText(texts.notCounting[lang], { count: countNo, state: stateText(status, lang).toLowerCase() }));

/** A count as the counting calls hold it (see {@link lockCounting}). */
export interface CountingDoc { id: number; countNo: string; warehouseId: number; ownerId: number | null; skuIds: number[]; recountRound: number }

/**
 * Count `id` read FOR SHARE, answered only while it is COUNTING (409 "CC... is not being counted: it is in
 * review" otherwise). Counters entering quantities at once share the lock; finish, approve and reject (an UPDATE of
 * the row) wait for them, and an entry arriving after one of them finds the new state: no count lands after the
 * counting ended. The caller checked the scope (countInScope).
 */
export async function lockCounting(tx: Db, id: number, lang: Lang): Promise<CountingDoc> {
  const [r] = await rawQuery(tx, `select id, count_no, warehouse_id, owner_id, sku_ids, recount_round, status from ${T.count} where id = $1 for share`, [id]);
  if (!r) throw notFound(lang, `${(bindings.count.meta as ResourceSpec)[lang]} #${id}`);
  if (Number(r.status) !== CountStatus.COUNTING) throw notCounting(lang, String(r.count_no ?? `#${id}`), Number(r.status));
  return {
    id, countNo: String(r.count_no), warehouseId: Number(r.warehouse_id), ownerId: r.owner_id === null ? null : Number(r.owner_id),
    skuIds: intArray(r.sku_ids), recountRound: Number(r.recount_round),
  };
}

/** An int[] column as the drivers give it (an array; PGlite/pg may also give '{1,2}' text). */
export function intArray(v: unknown): number[] {
  if (Array.isArray(v)) return v.map(Number);
  if (typeof v === 'string') return v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return [];
}
