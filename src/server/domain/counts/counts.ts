/**
 * Cycle counts (stocktake; issue 30; docs/counts.md): the document and its life. The manifest's `count.workflow`
 * (generated/docs/workflows.md) is DRAFT -> start -> COUNTING -> finish -> REVIEW -> approve -> APPROVED, with
 * recount (REVIEW -> COUNTING) and reject (COUNTING or REVIEW -> REJECTED); every step is a guarded transition
 * (crud/workflow.ts takeStep) with its work in the same transaction.
 *
 * Document `{warehouseId, ownerId?, zoneIds, locationIds, skuIds, remark}` through the generic add/edit/remove with
 * the hooks below: zones and locations of the warehouse, SKUs of the goods owner (when one is chosen) within the
 * caller's owner scope (400 naming the field otherwise); number `CC<yyyyMMdd><id>`; edit and remove in DRAFT only.
 * Records carry `lineCount`, `countedLines` and, for reviewers only, `differenceLines`.
 *
 * - `start {id}`: the count's locations (see {@link scopeLocations}) are frozen (counts/freeze.ts; 409 when one is
 *   frozen by another count, or holds stock picked for an outbound order not shipped yet), their stock rows locked,
 *   and one line per location row in scope with stock is written: expectedQty = its qty, lockedQty = its lockQty.
 * - `finish {id}`: lines for stock on the count's locations that has none yet (moved there while the count started)
 *   are added; lines still uncounted are taken as counted 0 (countUserName empty: "not counted").
 * - `recount {id, lineIds?}`: the chosen lines (default: every line whose count differs from the book) are opened
 *   again, their count kept as previousCountedQty and cleared; the next round counts only them.
 * - `approve {id}`: the freeze ends, the stock rows are locked, and each line posts counted - book (the location
 *   row's qty at approval, not the snapshot: see docs/counts.md) through the ledger as a change naming its location
 *   (bizType COUNT, bizNo = the count number), all in ONE transaction; a count below the units allocated there
 *   (lockQty) is a 409 naming the location and SKU, and nothing changes.
 * - `reject {id, rejectReason}`: the freeze ends; nothing moves.
 */
import { and, eq, inArray } from 'drizzle-orm';
import * as yup from 'yup';
import { count as countTable, location, sku, warehouseZone } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { BizType, CountStatus as S, LocationType, OutboundOrderStatus } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import { rules, type Lang } from '../../../shared/validation';
import { manifestLabel, meta, type CrudCall, type ResourceHooks } from '../../crud/handlers';
import { takeStep } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import type { BodyRule } from '../../http/body';
import { BizError, fieldError, fillText, stockItem } from '../../http/errors';
import { scopeIds } from '../../http/guard';
import { documentNo, requireState } from '../documents';
import { applyLedger, type LedgerChange } from '../inventory/ledger';
import { frozenError, frozenLocations } from './freeze';
import { BOOK_SQL, intArray, isReviewer, T } from './common';

type Row = Record<string, unknown>;

/** At most this many locations and lines per count (a wall-to-wall count of a large warehouse is several counts). */
export const MAX_COUNT_LOCATIONS = 10_000;
export const MAX_COUNT_LINES = 50_000;

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  zoneWarehouse: L('zone #{id} is not a zone of this warehouse', '库区 #{id} 不属于该仓库'),
  locationWarehouse: L('location #{id} is not a location of this warehouse', '库位 #{id} 不属于该仓库'),
  skuOwner: L('SKU #{id} is not a SKU of this goods owner', '商品 #{id} 不属于该货主'),
  skuScope: L('SKU #{id} does not exist or is outside your data scope', '商品 #{id} 不存在或超出您的数据权限范围'),
  nothing: L('Nothing to count: no location of the warehouse matches the chosen zones, locations, goods owner and SKUs', '没有可盘点的库位：仓库中没有库位符合所选库区、库位、货主和商品'),
  tooManyLocations: L('The count covers {n} locations; at most {max}: choose zones or locations', '盘点范围包含 {n} 个库位，最多 {max} 个：请选择库区或库位'),
  tooManyLines: L('The count would have {n} lines; at most {max}: choose zones, locations or SKUs', '盘点将有 {n} 行明细，最多 {max} 行：请选择库区、库位或商品'),
  picked: L('Location {location} holds stock picked for outbound order {order}, not shipped yet: ship or cancel it before counting the location', '库位 {location} 有出库单 {order} 已拣货未发货的库存：请先发货或取消后再盘点该库位'),
  lineOfCount: L('line #{id} is not a line of this count', '明细 #{id} 不属于该盘点单'),
  noRecount: L('No line to recount: every counted line matches the book', '没有需要重盘的明细：所有已盘明细与账面一致'),
  belowLocked: L('Location {location}, {item}: counted {counted}, but {locked} are allocated to outbound orders there; cancel or re-allocate those orders, or recount', '库位 {location}，{item}：盘点 {counted}，但该处有 {locked} 已分配给出库单；请先取消或重新分配这些出库单，或重盘'),
  remark: L('Counted {counted}, book {book}', '盘点 {counted}，账面 {book}'),
};
const docLabel = (field: string) => manifestLabel(field, meta(bindings.count))!;
/** The label of recount's `lineIds`. */
const recountLabel = L('Lines to recount', '重盘明细');

/** `ids` without repeats, ascending (how the scope lists are stored). */
const distinct = (ids: unknown) => [...new Set((ids as number[] | undefined) ?? [])].sort((a, b) => a - b);

/** Checks (and normalizes) the scope lists of a count being added or edited; see the module doc. */
async function checkScope(call: CrudCall, values: Row, existing: Row | null): Promise<void> {
  const { lang } = call.ctx;
  const merged = { ...(existing ?? {}), ...values };
  const warehouseId = merged.warehouseId as number;
  const ownerId = (merged.ownerId ?? null) as number | null;
  const bad = (field: string, t: { en: string; zh: string }, id: number) => fieldError(lang, { label: docLabel(field), field }, t[lang], { id });
  for (const field of ['zoneIds', 'locationIds', 'skuIds'] as const) if (values[field] !== undefined) values[field] = distinct(values[field]);
  const zoneIds = distinct(merged.zoneIds);
  if (zoneIds.length) {
    const found = new Set((await call.db.select({ id: warehouseZone.id }).from(warehouseZone).where(and(inArray(warehouseZone.id, zoneIds), eq(warehouseZone.warehouseId, warehouseId)))).map((r) => r.id));
    const miss = zoneIds.find((id) => !found.has(id));
    if (miss !== undefined) throw bad('zoneIds', texts.zoneWarehouse, miss);
  }
  const locationIds = distinct(merged.locationIds);
  if (locationIds.length) {
    const found = new Set((await call.db.select({ id: location.id }).from(location).where(and(inArray(location.id, locationIds), eq(location.warehouseId, warehouseId)))).map((r) => r.id));
    const miss = locationIds.find((id) => !found.has(id));
    if (miss !== undefined) throw bad('locationIds', texts.locationWarehouse, miss);
  }
  const skuIds = distinct(merged.skuIds);
  if (skuIds.length) {
    const owners = scopeIds(call.user, 'owner');
    const rows = await call.db.select({ id: sku.id, ownerId: sku.ownerId }).from(sku).where(inArray(sku.id, skuIds));
    const byId = new Map(rows.map((r) => [r.id, r.ownerId]));
    for (const id of skuIds) {
      const o = byId.get(id);
      if (o === undefined || (owners !== 'all' && !owners.includes(o))) throw bad('skuIds', texts.skuScope, id);
      if (ownerId !== null && o !== ownerId) throw bad('skuIds', texts.skuOwner, id);
    }
  }
}

export const countHooks: ResourceHooks = {
  async beforeWrite(call, values, existing) {
    if (existing) requireState(bindings.count, existing, [S.DRAFT], 'edit', call.ctx.lang);
    await checkScope(call, values, existing);
  },
  async afterWrite(call, values, existing) {
    if (!existing) await call.db.update(countTable).set({ countNo: documentNo('CC', values.id as number) }).where(eq(countTable.id, values.id as number));
  },
  async beforeRemove(call, existing) {
    requireState(bindings.count, existing, [S.DRAFT], 'remove', call.ctx.lang);
  },
  /** lineCount, countedLines (lines with a count), differenceLines (counted lines whose count differs from the book; reviewers only). */
  recordSql({ t, user }) {
    const lines = (where: string) => `(select count(*)::int from ${T.line} cl where cl.count_id = ${t}."id"${where})`;
    return {
      columns: [
        { key: 'lineCount', expr: lines('') },
        { key: 'countedLines', expr: lines(' and cl.counted_qty is not null') },
        { key: 'differenceLines', expr: isReviewer(user) ? lines(` and cl.counted_qty is not null and coalesce(cl.diff_qty, cl.counted_qty - ${BOOK_SQL('cl')}) <> 0`) : 'null::int' },
      ],
    };
  },
};

/**
 * The locations count `doc` covers, ascending id: the chosen locations and the locations of the chosen zones; with
 * none chosen, every location of the warehouse except RECEIVING ones (every receipt lands there: count them by
 * choosing them), or, with a goods owner or SKUs chosen, those holding their stock (qty > 0).
 */
async function scopeLocations(tx: Db, doc: Row): Promise<number[]> {
  const rows = await rawQuery(tx, `select l.id from ${T.location} l where l.warehouse_id = $1 and case
      when cardinality($2::int[]) > 0 or cardinality($3::int[]) > 0 then l.zone_id = any($2::int[]) or l.id = any($3::int[])
      when $4::int is null and cardinality($5::int[]) = 0 then l.type <> ${LocationType.RECEIVING}
      else l.type <> ${LocationType.RECEIVING} and exists (select 1 from ${T.li} li where li.location_id = l.id and li.qty > 0
        and ($4::int is null or li.owner_id = $4::int) and (cardinality($5::int[]) = 0 or li.sku_id = any($5::int[]))) end
    order by l.id`, [doc.warehouseId, intArray(doc.zoneIds), intArray(doc.locationIds), doc.ownerId ?? null, intArray(doc.skuIds)]);
  return rows.map((r) => Number(r.id));
}

/** Stock rows in the count's scope on its locations: $1 location ids, $2 goods owner or null, $3 SKU ids ([] = all). */
const IN_SCOPE = `li.location_id = any($1::int[]) and ($2::int is null or li.owner_id = $2::int) and (cardinality($3::int[]) = 0 or li.sku_id = any($3::int[]))`;

/** start {id} (see the module doc). Returns the count, now COUNTING. */
export function startCount(call: CrudCall): Promise<Row> {
  const { lang } = call.ctx;
  return takeStep(call, 'start', S.COUNTING, { startTime: new Date(), startUserName: call.user.name.slice(0, 20) }, async (c, doc) => {
    const tx = c.db;
    const locations = await scopeLocations(tx, doc);
    if (!locations.length) throw new BizError(Code.CONFLICT, texts.nothing[lang]);
    if (locations.length > MAX_COUNT_LOCATIONS) throw new BizError(Code.CONFLICT, fillText(texts.tooManyLocations[lang], { n: locations.length, max: MAX_COUNT_LOCATIONS }));
    // the freeze: a location is in one running count at a time (the primary key; a concurrent start waits, then skips)
    const frozen = new Set((await rawQuery(tx, `insert into ${T.freeze} (location_id, count_id) select unnest($1::int[]), $2 on conflict (location_id) do nothing returning location_id`, [locations, doc.id]))
      .map((r) => Number(r.location_id)));
    if (frozen.size < locations.length) {
      const [held] = await frozenLocations(tx, locations.filter((id) => !frozen.has(id)));
      throw frozenError(lang, held?.code ?? '?', held?.countNo ?? '?');
    }
    // stock picked for an order (PICKING, PACKED) is off the shelf but still on the location's books until it ships
    const [picked] = await rawQuery(tx, `select l.code, o.order_no from ${T.li} li join ${T.location} l on l.id = li.location_id
      join "wms_outbound_allocation" a on a.inventory_id = li.inventory_id join "wms_outbound_order" o on o.id = a.order_id
      where li.location_id = any($1::int[]) and li.lock_qty > 0 and o.status = any($2::int[]) order by l.code, o.order_no limit 1`, [locations, [OutboundOrderStatus.PICKING, OutboundOrderStatus.PACKED]]);
    if (picked) throw new BizError(Code.CONFLICT, fillText(texts.picked[lang], { location: String(picked.code), order: String(picked.order_no) }));
    // the snapshot under the stock rows' locks (ascending id, the ledger's order): a ledger call in flight has committed
    await rawQuery(tx, `select i.id from ${T.inventory} i where i.id in (select li.inventory_id from ${T.li} li where li.location_id = any($1::int[])) order by i.id for update`, [locations]);
    const [{ n }] = await rawQuery(tx, `with ins as (
        insert into ${T.line} (count_id, warehouse_id, owner_id, location_id, inventory_id, sku_id, batch_no, expected_qty, locked_qty)
        select $4, li.warehouse_id, li.owner_id, li.location_id, li.inventory_id, li.sku_id, li.batch_no, li.qty, li.lock_qty
        from ${T.li} li where ${IN_SCOPE} and li.qty > 0 returning 1
      ) select count(*)::int as n from ins`, [locations, doc.ownerId ?? null, intArray(doc.skuIds), doc.id]);
    if (Number(n) > MAX_COUNT_LINES) throw new BizError(Code.CONFLICT, fillText(texts.tooManyLines[lang], { n: Number(n), max: MAX_COUNT_LINES }));
  });
}

/** finish {id} (see the module doc). Returns the count, now in REVIEW. */
export function finishCount(call: CrudCall): Promise<Row> {
  return takeStep(call, 'finish', S.REVIEW, { finishTime: new Date() }, async (c, doc) => {
    const tx = c.db;
    const locations = (await rawQuery(tx, `select location_id from ${T.freeze} where count_id = $1`, [doc.id])).map((r) => Number(r.location_id));
    // stock that reached a counted location while the count started (a ledger call in flight then): a line too
    await rawQuery(tx, `insert into ${T.line} (count_id, warehouse_id, owner_id, location_id, inventory_id, sku_id, batch_no, expected_qty, locked_qty)
      select $4, li.warehouse_id, li.owner_id, li.location_id, li.inventory_id, li.sku_id, li.batch_no, li.qty, li.lock_qty from ${T.li} li
      where ${IN_SCOPE} and li.qty > 0 on conflict (count_id, location_id, sku_id, batch_no) do nothing`, [locations, doc.ownerId ?? null, intArray(doc.skuIds), doc.id]);
    await rawQuery(tx, `update ${T.line} set counted_qty = coalesce(counted_qty, 0), recounting = false, update_date = now()
      where count_id = $1 and (counted_qty is null or recounting)`, [doc.id]);
  });
}

/** The body of recount: `{id, lineIds?}` (lines of the count; left out: every line whose count differs from the book). */
export const recountBody: BodyRule<{ id: number; lineIds?: number[] }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({ id: r.recordId(), lineIds: r.refs(recountLabel).max(MAX_COUNT_LINES, r.text('maxItems', recountLabel, { max: MAX_COUNT_LINES })) });
  },
};

/** recount {id, lineIds?} (see the module doc). Returns the count, COUNTING again. */
export function recountCount(call: CrudCall): Promise<Row> {
  const { lang } = call.ctx;
  const lineIds = (call.body.lineIds as number[] | undefined) ?? [];
  return takeStep(call, 'recount', S.COUNTING, {}, async (c, doc) => {
    const tx = c.db;
    let chosen: number[];
    if (lineIds.length) {
      const ids = [...new Set(lineIds)];
      const own = new Set((await rawQuery(tx, `select id from ${T.line} where count_id = $1 and id = any($2::int[])`, [doc.id, ids])).map((r) => Number(r.id)));
      const miss = ids.find((id) => !own.has(id));
      if (miss !== undefined) throw fieldError(lang, { label: recountLabel, field: 'lineIds' }, texts.lineOfCount[lang], { id: miss });
      chosen = ids;
    } else {
      chosen = (await rawQuery(tx, `select cl.id from ${T.line} cl where cl.count_id = $1 and cl.counted_qty <> ${BOOK_SQL('cl')}`, [doc.id])).map((r) => Number(r.id));
      if (!chosen.length) throw new BizError(Code.CONFLICT, texts.noRecount[lang]);
    }
    await rawQuery(tx, `update ${T.count} set recount_round = recount_round + 1 where id = $1`, [doc.id]);
    await rawQuery(tx, `update ${T.line} set previous_counted_qty = counted_qty, counted_qty = null, count_user_name = null, count_time = null,
      recounting = true, recounts = recounts + 1, update_date = now() where count_id = $1 and id = any($2::int[])`, [doc.id, chosen]);
  });
}

/** Ends the freeze of count `id` (approve, reject). */
const release = (tx: Db, id: unknown) => rawQuery(tx, `delete from ${T.freeze} where count_id = $1`, [id]);

/** approve {id} (see the module doc). Returns the approved count. Errors: 404, 409 state, 409 below the locked units. */
export function approveCount(call: CrudCall): Promise<Row> {
  const { lang } = call.ctx;
  return takeStep(call, 'approve', S.APPROVED, { auditUserName: call.user.name.slice(0, 20), auditDate: new Date() }, async (c, doc) => {
    const tx = c.db;
    // this transaction no longer sees the freeze: the postings below name the counted locations
    await release(tx, doc.id);
    // the stock rows of every line, locked in ascending id (the ledger's order), then their location rows read
    await rawQuery(tx, `select i.id from ${T.inventory} i join (select distinct warehouse_id, owner_id, sku_id, batch_no from ${T.line} where count_id = $1) k
      on i.warehouse_id = k.warehouse_id and i.owner_id = k.owner_id and i.sku_id = k.sku_id and i.batch_no = k.batch_no order by i.id for update of i`, [doc.id]);
    const lines = await rawQuery(tx, `select cl.id, cl.warehouse_id, cl.owner_id, cl.sku_id, cl.batch_no, cl.location_id, cl.counted_qty, i.id as inventory_id,
        coalesce(li.qty, 0) as book, coalesce(li.lock_qty, 0) as locked, l.code, s.sku
      from ${T.line} cl join ${T.location} l on l.id = cl.location_id join ${T.sku} s on s.id = cl.sku_id
      left join ${T.inventory} i on i.warehouse_id = cl.warehouse_id and i.owner_id = cl.owner_id and i.sku_id = cl.sku_id and i.batch_no = cl.batch_no
      left join ${T.li} li on li.inventory_id = i.id and li.location_id = cl.location_id
      where cl.count_id = $1 order by cl.id`, [doc.id]);
    const changes: LedgerChange[] = [];
    const moved: Row[] = [];
    for (const l of lines) {
      const counted = Number(l.counted_qty ?? 0);
      const book = Number(l.book);
      const locked = Number(l.locked);
      // the count may not take the row below what outbound orders hold there (docs/counts.md "Locks")
      if (counted < locked) {
        throw new BizError(Code.CONFLICT, fillText(texts.belowLocked[lang], { location: String(l.code), item: stockItem(lang, String(l.sku), String(l.batch_no)), counted, locked }));
      }
      if (counted === book) continue;
      moved.push(l);
      changes.push({
        target: l.inventory_id === null ? { warehouseId: Number(l.warehouse_id), ownerId: Number(l.owner_id), skuId: Number(l.sku_id), batchNo: String(l.batch_no) } : { inventoryId: Number(l.inventory_id) },
        locationId: Number(l.location_id), qtyChange: counted - book, lockQtyChange: 0, bizType: BizType.COUNT, bizNo: String(doc.countNo),
        remark: fillText(texts.remark[lang], { counted, book }),
      });
    }
    const results = await applyLedger(tx, changes, lang);
    const inventoryOf = new Map(moved.map((l, j) => [Number(l.id), results[j]?.inventoryId ?? null]));
    await rawQuery(tx, `update ${T.line} cl set book_qty = v.book, diff_qty = coalesce(cl.counted_qty, 0) - v.book, inventory_id = coalesce(v.inv, cl.inventory_id), update_date = now()
      from unnest($1::int[], $2::int[], $3::int[]) as v(id, book, inv) where cl.id = v.id`,
    [lines.map((l) => Number(l.id)), lines.map((l) => Number(l.book)), lines.map((l) => inventoryOf.get(Number(l.id)) ?? (l.inventory_id === null ? null : Number(l.inventory_id)))]);
  });
}

/** The body of reject: `{id, rejectReason}`, the reason required (spec 5). */
export const rejectCountBody: BodyRule<{ id: number; rejectReason: string }> = {
  schema: (lang: Lang) => {
    const r = rules(lang, 'add');
    return yup.object({ id: r.recordId(), rejectReason: r.string(docLabel('rejectReason'), { maxLength: 200, required: true }) });
  },
};

/** reject {id, rejectReason} (see the module doc). Returns the rejected count. */
export function rejectCount(call: CrudCall): Promise<Row> {
  const { rejectReason } = call.body as { rejectReason: string };
  return takeStep(call, 'reject', S.REJECTED, { rejectReason, auditUserName: call.user.name.slice(0, 20), auditDate: new Date() }, async (c, doc) => {
    await release(c.db, doc.id);
  });
}
