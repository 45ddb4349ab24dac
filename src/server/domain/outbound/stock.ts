/**
 * The stock of an outbound order, location by location (issue 29 step 2; docs/locations.md "Location-directed
 * picking"). An allocation record (`wms_outbound_allocation`) is one (order line, inventory row, location) with
 * the units it holds locked there (`qty`) and the units confirmed picked (`pickedQty`). This module:
 * - {@link lockOrderStock}: the order's lines and, locked FOR UPDATE in ascending id (the ledger's order), the
 *   stock rows that could serve them, in one statement;
 * - {@link planReservation}: which location rows take the locks: per line, over its candidate rows (same SKU,
 *   the line's batch when it names one; FEFO for expiry-tracked SKUs, expired and short-dated rows refused, else
 *   oldest row first: inventory/expiry.ts), over each row's location rows in pick sequence, then
 *   id, only lockable ones (enabled, not QUARANTINE: locations.ts spreadChange), never more than a row's
 *   available qty - lockQty; the plan is named ledger changes (one per location piece) and the allocation
 *   records to write, so ship and cancel later name exactly those locations;
 * - {@link allocationChanges}: the named ledger changes that ship or release what the records hold;
 * - {@link orderPickTasks}: the records as a pick list (location code and pick sequence, SKU, batch), in walk
 *   order, for the pick confirmation screen and the pick list PDF (print/documents.ts);
 * - {@link requireFullyAllocated}: pack and ship refuse an order a short pick left partially allocated.
 * Stock moves only through the ledger (inventory/ledger.ts), bizType 2 (OUTBOUND_ORDER), bizNo = order number.
 */
import { getTableName } from 'drizzle-orm';
import { inventory, location, outboundAllocation, outboundOrderLine, sku } from '../../../../generated/db/schema';
import { BizType } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import type { Lang } from '../../../shared/validation';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import { ident } from '../../crud/filters';
import { BizError, fillText, stockItem } from '../../http/errors';
import type { LedgerChange } from '../inventory/ledger';
import { expiryDateSql, FEFO_ORDER, FEFO_ROWS, serverToday } from '../inventory/expiry';
import { spreadChange, type LocRow } from '../inventory/locations';

type Row = Record<string, unknown>;
const ALLOCATION = ident(getTableName(outboundAllocation));
const LINE = ident(getTableName(outboundOrderLine));
const INVENTORY = ident(getTableName(inventory));
const SKU = ident(getTableName(sku));
const LOCATION = ident(getTableName(location));

const texts = {
  shortLine: {
    en: '{order}: {item} has {allocated} of {qty} allocated after a short pick; reserve the rest (pick/reallocate) or cancel the order',
    zh: '{order}：{item}短拣后仅分配 {allocated} / {qty}；请重新分配（pick/reallocate）或取消出库单',
  },
};

/** The ledger fields of an order's stock movements: bizType 2, its number, its platform order number. */
export const ledgerOf = (order: Row) => ({ bizType: BizType.OUTBOUND_ORDER, bizNo: order.orderNo as string, bizNoExtra: (order.platformOrderNo as string | null) ?? null });

/** An order line as reservation sees it; `qty` is what is still to reserve. */
export interface NeedLine { id: number; skuId: number; batchNo: string; qty: number }
/**
 * A stock row that may serve lines; `blocked`: the expiry rules refuse it (expired or below the owner's minimum
 * remaining shelf life, `minDays`; issue 30).
 */
export interface StockRow { id: number; skuId: number; batchNo: string; blocked?: boolean; minDays?: number | null }

/**
 * The statement of {@link lockOrderStock}: $1 order id, $2 warehouse id, $3 goods owner id, $4 more inventory ids
 * to lock, $5 today; the rows in the order allocation takes them (FEFO / FIFO, inventory/expiry.ts).
 */
const LINES_AND_LOCKED_STOCK = `
  with l as (
    select id, sku_id as "skuId", batch_no as "batchNo", qty from ${LINE} where order_id = $1
  ), c as materialized (
    select id, sku_id as "skuId", batch_no as "batchNo" from ${INVENTORY}
    where (warehouse_id = $2 and owner_id = $3 and sku_id in (select "skuId" from l) and qty > lock_qty) or id = any($4::int[])
    order by id for update
  )
  select coalesce((select json_agg(l order by l.id) from l), '[]') as lines,
    coalesce((select json_agg(e order by ${FEFO_ORDER}) from ${FEFO_ROWS('$3', '$5')} e), '[]') as rows`;

/**
 * The order's lines (by id, `qty` = ordered units) and, locked FOR UPDATE in ascending id, every stock row that
 * could serve them (same warehouse, owner, a line's SKU, something unlocked) plus the rows `alsoLock` (rows the
 * caller releases in the same transaction): ONE statement (issue 13 "Write path"). Take every inventory lock of
 * a transaction here, before its first ledger call, so the locks come in one ascending sweep.
 */
export async function lockOrderStock(tx: Db, order: Row, alsoLock: number[] = []): Promise<{ lines: NeedLine[]; rows: StockRow[] }> {
  const [r] = await rawQuery(tx, LINES_AND_LOCKED_STOCK, [order.id, order.warehouseId, order.ownerId, alsoLock, serverToday()]);
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return { lines: json<NeedLine[]>(r.lines), rows: json<StockRow[]>(r.rows) };
}

/** An allocation record to write (orderId, lineId, inventoryId, warehouseId, ownerId, locationId, qty). */
export type AllocationRecord = typeof outboundAllocation.$inferInsert;

/**
 * Plans locks for `needs` (module doc): per line in the order given, over `rows` serving it (`prefer` first,
 * then in the order given: lockOrderStock's FEFO / FIFO; `blocked` rows never) and their location rows `locs` (readLocationRows: pick sequence, then id; their simulated
 * state is updated, so lines sharing a row see what earlier lines took), skipping locations for which
 * `skip(lineId, locationId)` holds. Returns the named ledger changes (lock +n per location piece), the
 * allocation records (one per piece) and, per line id, the units no location could take (`short`) and the units
 * the expiry rules kept from it (`refused`: what blocked rows could have given).
 */
export function planReservation(order: Row, needs: NeedLine[], rows: StockRow[], locs: Map<number, LocRow[]>, skip?: (lineId: number, locationId: number) => boolean, prefer?: number): { changes: LedgerChange[]; records: AllocationRecord[]; short: Map<number, number>; refused: Map<number, number> } {
  const changes: LedgerChange[] = [];
  const records: AllocationRecord[] = [];
  const short = new Map<number, number>();
  const refused = new Map<number, number>();
  const ordered = prefer === undefined ? rows : [...rows].sort((a, b) => Number(b.id === prefer) - Number(a.id === prefer));
  for (const line of needs) {
    let need = line.qty;
    for (const r of ordered) {
      if (need <= 0) break;
      if (r.skuId !== line.skuId || (line.batchNo && r.batchNo !== line.batchNo)) continue;
      // a skipped location is seen as not lockable; the others are the shared state objects
      const view = (locs.get(r.id) ?? []).map((x) => (skip?.(line.id, x.locationId) ? { ...x, lockable: false } : x));
      const room = view.reduce((s, x) => s + (x.lockable ? Math.max(x.qty - x.lockQty, 0) : 0), 0);
      if (r.blocked) {
        refused.set(line.id, (refused.get(line.id) ?? 0) + room);
        continue;
      }
      const take = Math.min(need, room);
      if (take <= 0) continue;
      need -= take;
      for (const part of spreadChange(view, 0, take).parts) {
        changes.push({ target: { inventoryId: r.id }, locationId: part.locationId, qtyChange: 0, lockQtyChange: part.dl, ...ledgerOf(order) });
        records.push({ orderId: order.id as number, lineId: line.id, inventoryId: r.id, warehouseId: order.warehouseId as number, ownerId: order.ownerId as number, locationId: part.locationId, qty: part.dl });
      }
    }
    short.set(line.id, need);
  }
  return { changes, records, short, refused };
}

/**
 * The ledger changes that ship (qty and lockQty down) or release (lockQty down) what the order's allocation
 * records hold, one per (inventory row, location) named on them. A record without a location (allocated before
 * locations and not placed by migration 0023) is spread over the row's locations holding locks, as step 1 did.
 */
export async function allocationChanges(tx: Db, order: Row, ship: boolean): Promise<LedgerChange[]> {
  const held = await rawQuery(tx, `select inventory_id, location_id, sum(qty)::int as qty from ${ALLOCATION} where order_id = $1 group by inventory_id, location_id`, [order.id]);
  return held.map((h) => ({
    target: { inventoryId: Number(h.inventory_id) }, locationId: h.location_id === null ? null : Number(h.location_id),
    qtyChange: ship ? -Number(h.qty) : 0, lockQtyChange: -Number(h.qty), ...ledgerOf(order),
  }));
}

/** One allocation record as a pick task: where to go, what to take, how much is held and already picked. */
export interface PickTask {
  id: number; lineId: number; inventoryId: number; skuId: number; sku: string; skuName: string; batchNo: string;
  locationId: number | null; locationCode: string | null; pickSequence: number | null; qty: number; pickedQty: number;
  /** The batch's expiry date (`yyyy-MM-dd`), or null (issue 30). */
  expiryDate: string | null;
}

/** $1 order id: its allocation records in walk order (pick sequence, location code, SKU, batch, id). */
const PICK_TASKS = `select a.id, a.line_id as "lineId", a.inventory_id as "inventoryId", i.sku_id as "skuId", s.sku, s.name as "skuName",
    i.batch_no as "batchNo", a.location_id as "locationId", l.code as "locationCode", l.pick_sequence as "pickSequence", a.qty, a.picked_qty as "pickedQty",
    ${expiryDateSql('i')} as "expiryDate"
  from ${ALLOCATION} a join ${INVENTORY} i on i.id = a.inventory_id join ${SKU} s on s.id = i.sku_id left join ${LOCATION} l on l.id = a.location_id
  where a.order_id = $1 order by l.pick_sequence nulls last, l.code nulls last, s.sku, i.batch_no, a.id`;

/** The pick tasks of order `orderId` in walk order ({@link PickTask}); the caller checked the order's scope. */
export async function orderPickTasks(db: Db, orderId: number): Promise<PickTask[]> {
  return (await rawQuery(db, PICK_TASKS, [orderId])).map((r) => ({
    id: Number(r.id), lineId: Number(r.lineId), inventoryId: Number(r.inventoryId), skuId: Number(r.skuId), sku: String(r.sku), skuName: String(r.skuName),
    batchNo: String(r.batchNo ?? ''), locationId: r.locationId === null ? null : Number(r.locationId), locationCode: (r.locationCode as string | null) ?? null,
    pickSequence: r.pickSequence === null ? null : Number(r.pickSequence), qty: Number(r.qty), pickedQty: Number(r.pickedQty),
    expiryDate: (r.expiryDate as string | null) ?? null,
  }));
}

/** $1 order id: its lines with fewer units allocated than ordered, with the SKU code (line order). */
const SHORT_LINES = `select * from (
    select l.id, l.qty, l.sku_id as "skuId", s.sku, l.batch_no as "batchNo", coalesce((select sum(a.qty) from ${ALLOCATION} a where a.line_id = l.id), 0)::int as allocated
    from ${LINE} l join ${SKU} s on s.id = l.sku_id where l.order_id = $1
  ) x where allocated < qty order by id`;

/** The order's lines allocated below their quantity (after a short pick): [{id, qty, skuId, sku, batchNo, allocated}]. */
export async function shortLines(tx: Db, orderId: number): Promise<Array<{ id: number; qty: number; skuId: number; sku: string; batchNo: string; allocated: number }>> {
  return (await rawQuery(tx, SHORT_LINES, [orderId]))
    .map((r) => ({ id: Number(r.id), qty: Number(r.qty), skuId: Number(r.skuId), sku: String(r.sku), batchNo: String(r.batchNo ?? ''), allocated: Number(r.allocated) }));
}

/**
 * 409 when a line of `order` holds fewer units than ordered (a short pick nothing else could cover): pack and
 * ship wait for pick/reallocate or a cancel (docs/locations.md). Allocation itself is all or nothing.
 */
export async function requireFullyAllocated(tx: Db, order: Row, lang: Lang): Promise<void> {
  const [line] = await shortLines(tx, order.id as number);
  if (!line) return;
  throw new BizError(Code.CONFLICT, fillText(texts.shortLine[lang], { order: String(order.orderNo), item: stockItem(lang, line.sku, line.batchNo), allocated: line.allocated, qty: line.qty }));
}
