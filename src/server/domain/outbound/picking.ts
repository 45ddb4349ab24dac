/**
 * Location-directed picking (issue 29 step 2; docs/locations.md "Location-directed picking"): calls beside the
 * outbound order's `pick` status step (which keeps its contract), POST /sapi/wms/outbound-order/pick/<call>
 * (./routes.ts). Each works on one order in the caller's scope (404 otherwise), under the order row's lock.
 *
 * | call | code | body | answer |
 * |---|---|---|---|
 * | `pick/list` | outbound:list or outbound:allocate | `{id}` | the order's pick tasks in walk order (./stock.ts PickTask) |
 * | `pick/confirm` | outbound:allocate | `{id, allocationId, locationCode, skuCode, qty, short?}` | {@link PickResult} |
 * | `pick/reallocate` | outbound:allocate | `{id, lineId?}` | {@link PickResult} (no discrepancy) |
 *
 * `pick/confirm`: the picker at a location scans its code and the goods' code and says how many units he took
 * for one allocation record (`allocationId`, a pick task of order `id`). The order must be allocated or picking
 * (409) and becomes picking. Refused with 400 naming the field: a record of another order (`allocationId`), a
 * location code that is not the record's (`locationCode`, case-insensitive), a code that is not the record's
 * SKU code, supplier SKU or platform SKU (`skuCode`), more units than the record has left to pick, or 0 units
 * without `short` (`qty`). The record's pickedQty grows by qty.
 * With `short: true` the units the record holds beyond what is now picked were not found: in one transaction
 * the record keeps only the found units (removed when none), the rest of its lock is released at its location
 * through the ledger, a pick discrepancy is recorded (`wms_pick_discrepancy`: order, line, SKU, batch,
 * location, expected, found, short, user, time; /sapi/wms/pick-discrepancy), and the missing units are
 * reserved again where they can be: the record's inventory row first, then the line's other candidate rows
 * (./stock.ts planReservation), on lockable locations other than those the line was ever found short at. What
 * was reserved comes back as `offered` (new pick tasks), what was not as `unreserved`; the order then stays
 * picking and partially allocated (pack and ship answer 409 until pick/reallocate covers the line or the order
 * is cancelled).
 * `pick/reallocate`: for an allocated or picking order, reserves what its lines (or line `lineId`) lack, by the
 * same rules; the units reserved are credited to the line's discrepancies, oldest first (reallocatedQty).
 */
import { and, eq, getTableName, inArray } from 'drizzle-orm';
import * as yup from 'yup';
import { outboundAllocation, outboundOrder, outboundOrderLine, pickDiscrepancy, sku } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { OutboundOrderStatus as S } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import { requestLabels, rules, type Lang } from '../../../shared/validation';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import { ident } from '../../crud/filters';
import { findInScope, type CrudCall } from '../../crud/handlers';
import { actionOf, workflowOf } from '../../crud/workflow';
import { ID_BODY, type BodyRule } from '../../http/body';
import { BizError, fieldError, fillText, stockItem } from '../../http/errors';
import { scopeConditions } from '../../http/guard';
import { QTY_MAX } from '../documents';
import { applyLedger, type LedgerChange } from '../inventory/ledger';
import { readLocationRows } from '../inventory/locations';
import { skuCodeMatches } from '../sku';
import { ledgerOf, lockOrderStock, orderPickTasks, planReservation, shortLines, type NeedLine, type PickTask, type StockRow } from './stock';

type Row = Record<string, unknown>;
const L = (en: string, zh: string) => ({ en, zh });
/** Labels of the request fields that are no manifest field. */
const labels = {
  allocationId: L('Pick line', '拣货行'),
  locationCode: L('Scanned location', '扫描库位'),
  qty: L('Picked quantity', '拣货数量'),
  short: L('Short pick', '短拣'),
};
const texts = {
  state: L('Picking of {order} is confirmed while it is allocated or picking; it is {state}', '{order} 仅在已分配或拣货中时可以确认拣货；当前为{state}'),
  notOfOrder: L('is not a pick line of {order}', '不是 {order} 的拣货行'),
  noLocation: L('{order}: this pick line was allocated before locations and names none; cancel and allocate the order again', '{order}：该拣货行在启用库位前分配，没有库位；请取消后重新分配'),
  wrongLocation: L('{scanned} is not the location of this pick line: take it from {expected}', '{scanned} 不是该拣货行的库位：请到 {expected} 拣货'),
  wrongSku: L('{scanned} is not {item} of this pick line', '{scanned} 不是该拣货行的{item}'),
  tooMany: L('at most {open} left to pick on this line ({picked} of {qty} picked)', '该拣货行最多还可拣 {open}（已拣 {picked} / {qty}）'),
  nothing: L('must be at least 1 unless the pick is short', '非短拣时至少为 1'),
  notLine: L('is not a line of {order}', '不是 {order} 的明细'),
  shortRemark: L('short pick at {location}: found {found} of {expected}', '{location} 短拣：应拣 {expected}，实拣 {found}'),
};
const fill = fillText;

/** The body of pick/confirm (the module doc). */
export const confirmPickBody: BodyRule<{ id: number; allocationId: number; locationCode: string; skuCode: string; qty: number; short?: boolean | null }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({
      id: r.recordId(),
      allocationId: r.ref(labels.allocationId, { required: true }),
      locationCode: r.string(labels.locationCode, { required: true, maxLength: 100 }),
      skuCode: r.string(requestLabels.skuScanCode, { required: true, maxLength: 100 }),
      qty: r.number(labels.qty, { required: true, integer: true, min: 0, max: QTY_MAX }),
      short: r.boolean(labels.short),
    });
  },
};

/** The body of pick/reallocate: the order, and optionally one of its lines. */
export const reallocateBody: BodyRule<{ id: number; lineId?: number | null }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({ id: r.recordId(), lineId: r.ref(requestLabels.lineId) });
  },
};

export const pickListBody = ID_BODY;

/** Who may read an order's pick tasks: whoever lists outbound orders or picks them. */
export const PICK_LIST_PERMISSION = `${bindings.outboundOrder.meta.permissions.list}|${actionOf(bindings.outboundOrder, 'pick').code}`;

/**
 * What pick/confirm and pick/reallocate answer: the order's status after the call, the discrepancy recorded (a
 * short pick), the pick tasks reserved elsewhere for what was missing, the units that could not be reserved,
 * and the order's pick tasks after the call.
 */
export interface PickResult { status: number; discrepancy: Row | null; offered: PickTask[]; unreserved: number; tasks: PickTask[] }

/**
 * Locks order `id` (in the caller's scope, else 404) while it is allocated or picking (else 409), moving it to
 * picking when `start`: ONE guarded UPDATE ... RETURNING, the row lock every writer of the order's allocation
 * records takes first (allocate and cancel through their workflow step).
 */
async function lockOrder(call: CrudCall, tx: Db, id: number, start: boolean): Promise<Row> {
  const t = outboundOrder;
  const [o] = await tx.update(t).set(start ? { status: S.PICKING, updateDate: new Date() } : { updateDate: new Date() })
    .where(and(eq(t.id, id), inArray(t.status, [S.ALLOCATED, S.PICKING]), ...scopeConditions(call.user, { warehouse: t.warehouseId, owner: t.ownerId })))
    .returning();
  if (o) return o;
  const found = await findInScope({ ...call, db: tx }, bindings.outboundOrder, id);
  const lang = call.ctx.lang;
  const state = workflowOf(bindings.outboundOrder).states.find((s) => s.value === found.status)?.[lang] ?? String(found.status);
  throw new BizError(Code.CONFLICT, fill(texts.state[lang], { order: String(found.orderNo), state: lang === 'zh' ? state : state.toLowerCase() }));
}

/** pick/list {id}: the order's pick tasks in walk order (404 out of scope). */
export async function pickList(call: CrudCall): Promise<PickTask[]> {
  const order = await findInScope(call, bindings.outboundOrder, call.body.id);
  return orderPickTasks(call.db, order.id as number);
}

const DISCREPANCY = ident(getTableName(pickDiscrepancy));
/** $1 line ids: the locations each line was found short at. */
const SHORT_AT = `select line_id, location_id from ${DISCREPANCY} where line_id = any($1::int[])`;
/** $1 line id, $2 units reserved for it: credited to its discrepancies still open, oldest first. */
const CREDIT = `with d as (
    select id, short_qty - reallocated_qty as open,
      coalesce(sum(short_qty - reallocated_qty) over (order by id rows between unbounded preceding and 1 preceding), 0) as before
    from ${DISCREPANCY} where line_id = $1 and reallocated_qty < short_qty
  )
  update ${DISCREPANCY} p set reallocated_qty = p.reallocated_qty + least(d.open, $2 - d.before), update_date = now()
  from d where p.id = d.id and d.before < $2`;

/**
 * Reserves `needs` (units each line lacks) over the locked `rows` (./stock.ts planReservation; `prefer` first),
 * skipping every location a line was found short at, and applies `before` (e.g. the release of a short pick) in
 * the same ledger call. Writes the new allocation records and credits the lines' discrepancies. Returns the new
 * records as pick tasks and the units left unreserved.
 */
async function reserveMissing(tx: Db, lang: Lang, order: Row, needs: NeedLine[], rows: StockRow[], before: LedgerChange[], prefer?: number): Promise<{ offered: PickTask[]; unreserved: number }> {
  const shortAt = new Set((await rawQuery(tx, SHORT_AT, [needs.map((n) => n.id)])).map((r) => `${r.line_id}/${r.location_id}`));
  const plan = planReservation(order, needs, rows, await readLocationRows(tx, rows.map((r) => r.id)), (line, loc) => shortAt.has(`${line}/${loc}`), prefer);
  await applyLedger(tx, [...before, ...plan.changes], lang);
  const ids = plan.records.length ? (await tx.insert(outboundAllocation).values(plan.records).returning({ id: outboundAllocation.id })).map((r) => r.id) : [];
  let unreserved = 0;
  for (const n of needs) {
    const missing = plan.short.get(n.id) ?? n.qty;
    unreserved += missing;
    if (n.qty > missing) await rawQuery(tx, CREDIT, [n.id, n.qty - missing]);
  }
  const offered = ids.length ? (await orderPickTasks(tx, order.id as number)).filter((t) => ids.includes(t.id)) : [];
  return { offered, unreserved };
}

/** pick/confirm (confirmPickBody; the module doc). */
export async function confirmPick(call: CrudCall): Promise<PickResult> {
  const lang = call.ctx.lang;
  const form = call.body as { id: number; allocationId: number; locationCode: string; skuCode: string; qty: number; short?: boolean | null };
  if (form.qty === 0 && !form.short) throw fieldError(lang, { label: labels.qty, field: 'qty' }, texts.nothing[lang]);
  return call.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const order = await lockOrder(call, tx, form.id, true);
    const task = (await orderPickTasks(tx, order.id as number)).find((x) => x.id === form.allocationId);
    if (!task) throw fieldError(lang, { label: labels.allocationId, field: 'allocationId' }, texts.notOfOrder[lang], { order: String(order.orderNo) });
    if (task.locationId === null || task.locationCode === null) throw new BizError(Code.CONFLICT, fill(texts.noLocation[lang], { order: String(order.orderNo) }));
    if (form.locationCode.toLowerCase() !== task.locationCode.toLowerCase()) {
      throw fieldError(lang, { label: labels.locationCode, field: 'locationCode' }, texts.wrongLocation[lang], { scanned: form.locationCode, expected: task.locationCode });
    }
    const [match] = await tx.select({ id: sku.id }).from(sku).where(and(eq(sku.id, task.skuId), skuCodeMatches(form.skuCode)));
    if (!match) throw fieldError(lang, { label: requestLabels.skuScanCode, field: 'skuCode' }, texts.wrongSku[lang], { scanned: form.skuCode, item: stockItem(lang, task.sku, task.batchNo) });
    const open = task.qty - task.pickedQty;
    if (form.qty > open) throw fieldError(lang, { label: labels.qty, field: 'qty' }, texts.tooMany[lang], { open, picked: task.pickedQty, qty: task.qty });
    const picked = task.pickedQty + form.qty;
    const missing = form.short ? task.qty - picked : 0;
    if (missing === 0) {
      await tx.update(outboundAllocation).set({ pickedQty: picked, updateDate: new Date() }).where(eq(outboundAllocation.id, task.id));
      return { status: order.status as number, discrepancy: null, offered: [], unreserved: 0, tasks: await orderPickTasks(tx, order.id as number) };
    }
    // short: every inventory lock of this transaction in one ascending sweep, before the first ledger call
    const { lines, rows } = await lockOrderStock(tx, order, [task.inventoryId]);
    const line = lines.find((l) => l.id === task.lineId)!;
    if (picked > 0) await tx.update(outboundAllocation).set({ qty: picked, pickedQty: picked, updateDate: new Date() }).where(eq(outboundAllocation.id, task.id));
    else await tx.delete(outboundAllocation).where(eq(outboundAllocation.id, task.id));
    const [d] = await tx.insert(pickDiscrepancy).values({
      orderId: order.id as number, lineId: task.lineId, warehouseId: order.warehouseId as number, ownerId: order.ownerId as number, inventoryId: task.inventoryId,
      skuId: task.skuId, batchNo: task.batchNo, locationId: task.locationId, expectedQty: task.qty, foundQty: picked, shortQty: missing, userId: call.user.id, userName: call.user.name,
    }).returning({ id: pickDiscrepancy.id });
    const release: LedgerChange = {
      target: { inventoryId: task.inventoryId }, locationId: task.locationId, qtyChange: 0, lockQtyChange: -missing, ...ledgerOf(order),
      remark: fill(texts.shortRemark[lang], { location: task.locationCode, found: picked, expected: task.qty }),
    };
    const { offered, unreserved } = await reserveMissing(tx, lang, order, [{ ...line, qty: missing }], rows, [release], task.inventoryId);
    const [discrepancy] = await tx.select().from(pickDiscrepancy).where(eq(pickDiscrepancy.id, d.id));
    return { status: order.status as number, discrepancy, offered, unreserved, tasks: await orderPickTasks(tx, order.id as number) };
  });
}

/** pick/reallocate (reallocateBody; the module doc). */
export async function reallocatePick(call: CrudCall): Promise<PickResult> {
  const lang = call.ctx.lang;
  const form = call.body as { id: number; lineId?: number | null };
  return call.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const order = await lockOrder(call, tx, form.id, false);
    let short = await shortLines(tx, order.id as number);
    if (form.lineId != null) {
      const [own] = await tx.select({ id: outboundOrderLine.id }).from(outboundOrderLine).where(and(eq(outboundOrderLine.id, form.lineId), eq(outboundOrderLine.orderId, order.id as number)));
      if (!own) throw fieldError(lang, { label: requestLabels.lineId, field: 'lineId' }, texts.notLine[lang], { order: String(order.orderNo) });
      short = short.filter((l) => l.id === form.lineId);
    }
    const result = { offered: [] as PickTask[], unreserved: 0 };
    if (short.length) {
      const { rows } = await lockOrderStock(tx, order);
      Object.assign(result, await reserveMissing(tx, lang, order, short.map((l) => ({ id: l.id, skuId: l.skuId, batchNo: l.batchNo, qty: l.qty - l.allocated })), rows, []));
    }
    return { status: order.status as number, discrepancy: null, ...result, tasks: await orderPickTasks(tx, order.id as number) };
  });
}
