/**
 * Stock moved from one location to another of the same warehouse (issue 29 step 2; docs/locations.md "Putaway
 * and moves"): the ledger's move. At the inventory level a transfer changes nothing; one level beneath it is two
 * named-location changes of the same inventory row, −qty on the source location row and +qty on the target's,
 * written by ONE ledger call (ledger.ts applyLedger: one statement, two log lines naming the locations, chained
 * origin → origin − qty → origin on the inventory row). Putaway (domain/moves/putaway.ts) and stock moves
 * (domain/moves/moves.ts) both go through {@link transferStock}.
 *
 * Locks, in the caller's transaction, in a fixed order:
 * 1. the inventory rows of the transfers (ascending id, FOR UPDATE): the ledger's own order, so a transfer and any
 *    other ledger call on the same rows queue the same way; and every writer of a location row holds its inventory
 *    row's lock, so the source rows read after it stay true until COMMIT;
 * 2. the locations named (sources and targets, ascending id, FOR NO KEY UPDATE): the capacity of a target is the
 *    sum over every inventory row on it, which no inventory lock covers; every transfer into a location holds its
 *    lock, so two transfers of different inventory rows into one location queue, and the sum read after the lock
 *    is what the target holds (additions that name no location land on RECEIVING; capacity binds putaway and
 *    moves, the calls that choose a location). Sources are locked too: a location locked (status LOCK, e.g. for a
 *    count) while a transfer runs waits for it, so nothing leaves or enters a locked location.
 * Then, in new statements (READ COMMITTED: they see everything committed before the locks were granted), the
 * locations and the source rows are read and the transfers checked in order (each seeing the earlier ones):
 * - every location in the inventory row's warehouse (400 naming the field), target not the source (400);
 * - neither location locked (409), the target of a type the caller allows (`targetTypes`, 400);
 * - the source row's available quantity (qty − lockQty) covers the quantity (409, spec 8's "insufficient
 *   inventory" naming the SKU, batch and location);
 * - the target's capacity (capacityQty − its summed qty; null capacity = unlimited) covers it (409).
 * The ledger statement's guards (qty + d >= 0, lockQty <= qty at both levels) and the CHECK constraints stay
 * the last line: under these locks they never fire, and a change that slipped past would still be refused.
 *
 * The caller must not, earlier in the same transaction, insert rows referencing these inventory rows or locations
 * (e.g. a move line): their foreign keys take KEY SHARE locks, which conflict with FOR UPDATE, and two such
 * transactions would deadlock on one inventory row. Write those rows after the transfer.
 */
import { getTableName } from 'drizzle-orm';
import { inventory, location, locationInventory, sku } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { generatedMessages } from '../../../../generated/client/i18n';
import { Code } from '../../../shared/envelope';
import { enumValues, Status, type BizType } from '../../../../generated/shared/enums';
import type { FieldRef, Lang } from '../../../shared/validation';
import { ident } from '../../crud/filters';
import { manifestLabel, meta } from '../../crud/handlers';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import { fieldError, fillText, notFound, stockItem, text } from '../../http/errors';
import { applyLedger, type LedgerResult } from './ledger';

const INV = ident(getTableName(inventory));
const LOC = ident(getTableName(location));
const LI = ident(getTableName(locationInventory));
const SKU = ident(getTableName(sku));

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  notInWarehouse: L('the location is not in the warehouse of the stock', '库位不属于该库存所在仓库'),
  sameLocation: L('the target is the source location', '目标库位与源库位相同'),
  locked: L('location {code} is locked: nothing moves in or out of it', '库位 {code} 已锁定，不能移入或移出'),
  targetType: L('location {code} is a {type} location; choose one of: {allowed}', '库位 {code} 是{type}库位，请选择：{allowed}'),
  capacity: L('location {code} has room for {room} more units; {qty} requested', '库位 {code} 还可容纳 {room} 件，需要 {qty} 件'),
  onLocation: L('{item} on {code}', '{item}在库位 {code}'),
};

/** One movement: `qty` units (whole, >= 1) of inventory row `inventoryId` from one location row to another. */
export interface Transfer {
  inventoryId: number;
  fromLocationId: number;
  toLocationId: number;
  qty: number;
  /**
   * Where an error about this transfer points: the request field of its source, target and quantity (default: the
   * move line fields fromLocationId, toLocationId, qty; with `line`, "Line n: ...").
   */
  at?: { line?: number; from?: FieldRef; to?: FieldRef; qty?: FieldRef };
}

export interface TransferOptions {
  bizType: BizType;
  /** The document number of the log lines (the move's number). */
  bizNo: string;
  /** Location types a target may have (LocationType values); absent = any. */
  targetTypes?: number[];
  lang: Lang;
}

const lineLabel = (field: string) => manifestLabel(field, meta(bindings.moveLine))!;
/** Where an error points for transfer `t`'s `which` field. */
function place(t: Transfer, which: 'from' | 'to' | 'qty'): FieldRef {
  const own = t.at?.[which];
  if (own) return { ...own, line: t.at?.line };
  const field = which === 'from' ? 'fromLocationId' : which === 'to' ? 'toLocationId' : 'qty';
  // a document line's message names its line ("Line 2: ..."); a single call's names the field
  return t.at?.line !== undefined ? { line: t.at.line, field } : { label: lineLabel(field), field };
}

interface InvRow { id: number; warehouseId: number; sku: string; batchNo: string }
interface LocRow { id: number; warehouseId: number; code: string; type: number; status: number; capacity: number | null; used: number }

const LOCK_INVENTORY = `select i.id, i.warehouse_id, i.batch_no, s.sku from ${INV} i join ${SKU} s on s.id = i.sku_id
  where i.id = any($1::int[]) order by i.id for update of i`;
const LOCK_LOCATIONS = `select id from ${LOC} where id = any($1::int[]) order by id for no key update`;
const READ_LOCATIONS = `select l.id, l.warehouse_id, l.code, l.type, l.status, l.capacity_qty,
  coalesce((select sum(x.qty) from ${LI} x where x.location_id = l.id), 0)::int as used from ${LOC} l where l.id = any($1::int[])`;
const READ_SOURCES = `select inventory_id, location_id, qty, lock_qty from ${LI} where inventory_id = any($1::int[]) and location_id = any($2::int[])`;

/** A location type's label ("Quarantine" / "隔离区"). */
function typeLabel(v: number, lang: Lang): string {
  const key = enumValues.LocationType.find((e) => e.value === v)?.key;
  return key ? (generatedMessages[lang].enums.LocationType as Record<string, string>)[key] : String(v);
}

/**
 * Moves every transfer through the ledger in ONE call, inside `tx` (see the module doc for locks and checks).
 * Log lines: bizType and bizNo from `opts`, remark "<from code> -> <to code>", one per location row changed.
 * Returns the ledger's results (per change: the inventory row before/after and the location rows it changed).
 * Errors: 404 unknown inventory row, 400 a location of another warehouse / the same location / a target type not
 * allowed, 409 locked location / insufficient available quantity on the source / target capacity; any error
 * leaves the caller's transaction to roll back.
 */
export async function transferStock(tx: Db, transfers: Transfer[], opts: TransferOptions): Promise<LedgerResult[]> {
  const { lang } = opts;
  if (!transfers.length) return [];
  const invIds = [...new Set(transfers.map((t) => t.inventoryId))].sort((a, b) => a - b);
  const locIds = [...new Set(transfers.flatMap((t) => [t.fromLocationId, t.toLocationId]))].sort((a, b) => a - b);
  const invs = new Map<number, InvRow>((await rawQuery(tx, LOCK_INVENTORY, [invIds]))
    .map((r) => [Number(r.id), { id: Number(r.id), warehouseId: Number(r.warehouse_id), sku: String(r.sku), batchNo: String(r.batch_no) }]));
  const missing = invIds.find((id) => !invs.has(id));
  if (missing !== undefined) throw notFound(lang, `${meta(bindings.inventory).one?.[lang] ?? meta(bindings.inventory)[lang]} #${missing}`);
  await rawQuery(tx, LOCK_LOCATIONS, [locIds]);
  const locs = new Map<number, LocRow>((await rawQuery(tx, READ_LOCATIONS, [locIds])).map((r) => [Number(r.id), {
    id: Number(r.id), warehouseId: Number(r.warehouse_id), code: String(r.code), type: Number(r.type), status: Number(r.status),
    capacity: r.capacity_qty === null ? null : Number(r.capacity_qty), used: Number(r.used),
  }]));
  // available qty - lockQty per (inventory row, location), as the transfers before each one leave it
  const avail = new Map<string, number>();
  for (const r of await rawQuery(tx, READ_SOURCES, [invIds, locIds])) avail.set(`${r.inventory_id}/${r.location_id}`, Number(r.qty) - Number(r.lock_qty));

  const changes = [];
  for (const t of transfers) {
    const inv = invs.get(t.inventoryId)!;
    const from = locs.get(t.fromLocationId);
    const to = locs.get(t.toLocationId);
    for (const [which, l] of [['from', from], ['to', to]] as const) {
      if (!l || l.warehouseId !== inv.warehouseId) throw fieldError(lang, place(t, which), texts.notInWarehouse[lang]);
    }
    if (from!.id === to!.id) throw fieldError(lang, place(t, 'to'), texts.sameLocation[lang]);
    for (const [which, l] of [['from', from!], ['to', to!]] as const) {
      if (l.status === Status.LOCK) throw fieldError(lang, place(t, which), texts.locked[lang], { code: l.code }, Code.CONFLICT);
    }
    if (opts.targetTypes && !opts.targetTypes.includes(to!.type)) {
      throw fieldError(lang, place(t, 'to'), texts.targetType[lang], { code: to!.code, type: typeLabel(to!.type, lang), allowed: opts.targetTypes.map((v) => typeLabel(v, lang)).join(lang === 'zh' ? '、' : ', ') });
    }
    const fromKey = `${t.inventoryId}/${from!.id}`;
    const available = avail.get(fromKey) ?? 0;
    if (available < t.qty) {
      // spec 8's message, naming the location; a document line's with its line first
      const item = fillText(texts.onLocation[lang], { item: stockItem(lang, inv.sku, inv.batchNo), code: from!.code });
      const msg = text(lang, 'insufficientAvailable', { item, available: String(Math.max(available, 0)), requested: String(t.qty) });
      throw fieldError(lang, { line: t.at?.line, field: place(t, 'qty').field }, '{msg}', { msg }, Code.CONFLICT);
    }
    if (to!.capacity !== null && to!.used + t.qty > to!.capacity) {
      throw fieldError(lang, place(t, 'to'), texts.capacity[lang], { code: to!.code, room: Math.max(to!.capacity - to!.used, 0), qty: t.qty }, Code.CONFLICT);
    }
    avail.set(fromKey, available - t.qty);
    const toKey = `${t.inventoryId}/${to!.id}`;
    avail.set(toKey, (avail.get(toKey) ?? 0) + t.qty);
    from!.used -= t.qty;
    to!.used += t.qty;
    const remark = `${from!.code} -> ${to!.code}`;
    changes.push(
      { target: { inventoryId: t.inventoryId }, locationId: from!.id, qtyChange: -t.qty, lockQtyChange: 0, bizType: opts.bizType, bizNo: opts.bizNo, remark },
      { target: { inventoryId: t.inventoryId }, locationId: to!.id, qtyChange: t.qty, lockQtyChange: 0, bizType: opts.bizType, bizNo: opts.bizNo, remark },
    );
  }
  return applyLedger(tx, changes, lang);
}
