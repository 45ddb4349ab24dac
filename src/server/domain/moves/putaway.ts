/**
 * Putaway (issue 29 step 2; docs/locations.md "Putaway and moves"): received stock lands on the warehouse's
 * RECEIVING location (ledger.ts); a putaway moves some of one location stock row (usually on RECEIVING) to a
 * storage location, through the ledger (inventory/transfer.ts transferStock: −qty on the source, +qty on the
 * target, one call, bizType PUTAWAY).
 *
 * No stored task: the pending work is derived from the stock itself (no second truth): every location stock row
 * with qty > 0 on a RECEIVING-type location. Each confirmation is recorded as a COMPLETED move document of type
 * PUTAWAY (number PA<yyyyMMdd><id>, one line; domain/moves/moves.ts), whose number the log lines carry.
 *
 * Calls (POST, the /sapi envelope; data scope by warehouse and goods owner, as location stock has):
 * - `page` / `list` (code `putaway`), the location stock query (inventoryId, locationId, warehouseId, ownerId,
 *   skuId, batchNo; paging; sort qty, lockQty): the pending rows as location stock records (locationName = the
 *   location's code, sku = the SKU code, warehouseName, ownerName) plus `skuName` (product name), `availableQty`
 *   (qty − lockQty) and `suggestion` for the available quantity;
 * - `suggest {id | inventoryId + fromLocationId, qty?}` (code `putaway`): the same record for any location stock
 *   row, the suggestion made for `qty` (default: its available quantity); 404 when the row is not in scope;
 * - `confirm {id | inventoryId + fromLocationId, toLocationCode, skuCode, qty, remark?}` (code `putaway:confirm`):
 *   the target as scanned (its code in any case, in the row's warehouse), the SKU as scanned (its code, a supplier SKU or a
 *   platform SKU of the row's SKU), the quantity; answers the PUTAWAY move document. Refused: an unknown target
 *   code in that warehouse or a SKU code of another SKU (400 naming the field), a target that is not a STORAGE or
 *   PICK_FACE location (400: quarantine, receiving, shipping), a locked source or target, more than the source
 *   row's available quantity, more than the target's room (409; inventory/transfer.ts).
 *
 * `suggestion` (null when no location fits): `{locationId, code, type, pickSequence, capacityQty, room, reason}`:
 * 1. reason SAME_STOCK: a location already holding the same inventory row (warehouse, owner, SKU, batch) with
 *    qty > 0, other than the source, ENABLE, STORAGE or PICK_FACE, with room for the quantity (room = capacityQty −
 *    the location's summed qty; null capacity = unlimited, room null);
 * 2. else reason EMPTY: the first location of the warehouse holding nothing (no row with qty > 0), ENABLE,
 *    STORAGE or PICK_FACE, whose capacity (if any) takes the quantity;
 * each in pick sequence, then id. Suggestions are not reservations: two pending rows may get the same empty
 * location; the confirmation checks the room again under the location's lock.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import * as yup from 'yup';
import { location, move, moveLine, sku } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { BizType, LocationType, MoveStatus, MoveType, Status } from '../../../../generated/shared/enums';
import { requestLabels, rules, type Lang } from '../../../shared/validation';
import * as crud from '../../crud/handlers';
import { findInScope, manifestLabel, meta, scopeSql, type CrudCall, type ReadView } from '../../crud/handlers';
import { Params } from '../../crud/filters';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import type { BodyRule } from '../../http/body';
import { fieldError, notFound } from '../../http/errors';
import { documentNo, QTY_MAX } from '../documents';
import { transferStock } from '../inventory/transfer';
import { skuCodeMatches } from '../sku';

type Row = Record<string, unknown>;
const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  noTarget: L('there is no location {code} in this warehouse', '该仓库没有库位 {code}'),
  wrongSku: L('{code} is not a code of SKU {sku}', '{code} 不是 SKU {sku} 的编码'),
};

/** Location types a putaway may go to (and be suggested). */
export const PUTAWAY_TARGETS: number[] = [LocationType.STORAGE, LocationType.PICK_FACE];
const TARGETS_SQL = `array[${PUTAWAY_TARGETS.join(', ')}]::smallint[]`;

const lineLabel = (field: string) => manifestLabel(field, meta(bindings.moveLine))!;
const LI = '"wms_location_inventory"';
const LOC = '"wms_location"';

/**
 * The SQL (over the location stock row alias `t`) of the putaway suggestion for `qty` units (an SQL expression):
 * a json object or null (module doc).
 */
export function suggestionSql(t: string, qty: string): string {
  const fields = (reason: string, room: string) => `json_build_object('locationId', l."id", 'code', l."code", 'type', l."type", 'pickSequence', l."pick_sequence",
    'capacityQty', l."capacity_qty", 'room', ${room}, 'reason', '${reason}')`;
  const usable = `l."status" = ${Status.ENABLE} and l."type" = any(${TARGETS_SQL})`;
  return `coalesce((select ${fields('SAME_STOCK', 'l."capacity_qty" - u."used"')}
      from ${LI} x join ${LOC} l on l."id" = x."location_id"
      cross join lateral (select coalesce(sum(y."qty"), 0)::int as "used" from ${LI} y where y."location_id" = l."id") u
      where x."inventory_id" = ${t}."inventory_id" and x."qty" > 0 and x."location_id" <> ${t}."location_id" and ${usable}
        and (l."capacity_qty" is null or l."capacity_qty" - u."used" >= ${qty})
      order by l."pick_sequence", l."id" limit 1),
    (select ${fields('EMPTY', 'l."capacity_qty"')} from ${LOC} l
      where l."warehouse_id" = ${t}."warehouse_id" and l."id" <> ${t}."location_id" and ${usable}
        and (l."capacity_qty" is null or l."capacity_qty" >= ${qty})
        and not exists (select 1 from ${LI} y where y."location_id" = l."id" and y."qty" > 0)
      order by l."pick_sequence", l."id" limit 1))`;
}

/** The decorations of a putaway record: product name, available quantity, the suggestion for `qty` (SQL; default available). */
function putawayView(qty?: number, pendingOnly = true): ReadView {
  return {
    filterSql: (_p, t) => (pendingOnly
      ? [`${t}."qty" > 0`, `exists (select 1 from ${LOC} pl where pl."id" = ${t}."location_id" and pl."type" = ${LocationType.RECEIVING})`]
      : []),
    recordSql: ({ p, t, refAlias }) => ({
      columns: [
        { key: 'skuName', expr: `${refAlias('skuId')}."name"` },
        { key: 'availableQty', expr: `(${t}."qty" - ${t}."lock_qty")` },
        { key: 'suggestion', expr: suggestionSql(t, qty === undefined ? `(${t}."qty" - ${t}."lock_qty")` : `${p.add(qty)}::int`) },
      ],
    }),
  };
}

const stockCall = (call: CrudCall, body: Row = call.body): CrudCall => ({ ...call, binding: bindings.locationInventory, body });

/** The pending putaways, a page (spec 7's `{records, current, total}`; module doc). */
export const pendingPage = (call: CrudCall) => crud.page(stockCall(call), putawayView());
/** The pending putaways, the first 1000 (module doc). */
export const pendingList = (call: CrudCall) => crud.list(stockCall(call), putawayView());

interface Source { id?: number | null; inventoryId?: number | null; fromLocationId?: number | null }

/** The source fields of suggest and confirm: `id` (a location stock record), or `inventoryId` and `fromLocationId`. */
function sourceFields(lang: Lang) {
  const r = rules(lang, 'add');
  const nil = (v: unknown) => v === undefined || v === null;
  const needed = <S extends yup.Schema>(s: S) => s.when('id', { is: nil, then: (x) => x.required(r.text('required', requestLabels.putawaySource)) });
  return {
    id: r.ref(requestLabels.id),
    inventoryId: needed(r.ref(lineLabel('inventoryId'))),
    fromLocationId: needed(r.ref(lineLabel('fromLocationId'))),
  };
}

/** The location stock query naming the source row. */
const sourceQuery = (s: Source): Row => (s.id ? { ids: [s.id] } : { inventoryId: s.inventoryId, locationId: s.fromLocationId });
const noSource = (lang: Lang) => {
  const one = meta(bindings.locationInventory).one![lang];
  return notFound(lang, one.charAt(0).toUpperCase() + one.slice(1));
};

/** The body of suggest: the source and an optional quantity. */
export const suggestBody: BodyRule<Source & { qty?: number }> = {
  schema: (lang) => yup.object({ ...sourceFields(lang), qty: rules(lang, 'add').number(lineLabel('qty'), { integer: true, min: 1, max: QTY_MAX }) }),
};

/** suggest (suggestBody; module doc): the source record with its suggestion. */
export async function suggestPutaway(call: CrudCall) {
  const q = call.body as Source & { qty?: number | null };
  const found = await crud.queryOne(stockCall(call, sourceQuery(q)), putawayView(q.qty ?? undefined, false));
  if (!found) throw noSource(call.ctx.lang);
  return found;
}

interface ConfirmForm extends Source { toLocationCode: string; skuCode: string; qty: number; remark?: string | null }

/** The body of confirm (module doc). */
export const confirmBody: BodyRule<ConfirmForm> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({
      ...sourceFields(lang),
      toLocationCode: r.string(lineLabel('toLocationId'), { required: true, maxLength: 30 }),
      skuCode: r.string(requestLabels.skuScanCode, { required: true, maxLength: 100 }),
      qty: r.number(lineLabel('qty'), { required: true, integer: true, min: 1, max: QTY_MAX }),
      remark: r.string(manifestLabel('remark', meta(bindings.move))!, { maxLength: 200 }),
    });
  },
};

/** The source row in the caller's scope (404 otherwise), with what a confirmation needs. */
async function sourceRow(call: CrudCall, s: Source) {
  const p = new Params();
  const where = s.id ? [`t."id" = ${p.add(s.id)}`] : [`t."inventory_id" = ${p.add(s.inventoryId)}`, `t."location_id" = ${p.add(s.fromLocationId)}`];
  const [row] = await rawQuery(call.db, `select t."id", t."inventory_id", t."location_id", t."warehouse_id", t."owner_id", t."sku_id", t."batch_no", s."sku"
    from ${LI} t join "wms_sku" s on s."id" = t."sku_id" where ${[...where, ...scopeSql(bindings.locationInventory, call.user, p, 't')].join(' and ')}`, p.values);
  if (!row) throw noSource(call.ctx.lang);
  return { inventoryId: Number(row.inventory_id), locationId: Number(row.location_id), warehouseId: Number(row.warehouse_id), ownerId: Number(row.owner_id), skuId: Number(row.sku_id), batchNo: String(row.batch_no), sku: String(row.sku) };
}

/**
 * confirm (confirmBody; module doc): checks the scans, then in ONE transaction records the PUTAWAY move document
 * and moves the stock through the ledger. Answers the move document with its line.
 */
export async function confirmPutaway(call: CrudCall): Promise<Row> {
  const lang = call.ctx.lang;
  const form = call.body as unknown as ConfirmForm;
  const src = await sourceRow(call, form);
  // a typed code in any case finds its location, as pick/confirm and counting do; an exact match wins a tie
  const [target] = await call.db.select({ id: location.id }).from(location)
    .where(and(eq(location.warehouseId, src.warehouseId), sql`lower(${location.code}) = lower(${form.toLocationCode})`))
    .orderBy(desc(sql`${location.code} = ${form.toLocationCode}`), location.id).limit(1);
  if (!target) throw fieldError(lang, { label: lineLabel('toLocationId'), field: 'toLocationCode' }, texts.noTarget[lang], { code: form.toLocationCode });
  const [scanned] = await call.db.select({ id: sku.id }).from(sku).where(and(eq(sku.id, src.skuId), skuCodeMatches(form.skuCode)));
  if (!scanned) throw fieldError(lang, { label: requestLabels.skuScanCode, field: 'skuCode' }, texts.wrongSku[lang], { code: form.skuCode, sku: src.sku });
  const id = await call.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [doc] = await tx.insert(move).values({
      type: MoveType.PUTAWAY, status: MoveStatus.COMPLETED, warehouseId: src.warehouseId, ownerId: src.ownerId, remark: form.remark ?? null,
      confirmUserName: call.user.name.slice(0, 20), confirmDate: new Date(),
    }).returning({ id: move.id });
    const moveNo = documentNo('PA', doc.id);
    await tx.update(move).set({ moveNo }).where(eq(move.id, doc.id));
    // the stock first: the line's foreign keys would take KEY SHARE locks on the inventory row and the locations
    // before transferStock takes its own in their order (two putaways of one row would then deadlock)
    await transferStock(tx, [{
      inventoryId: src.inventoryId, fromLocationId: src.locationId, toLocationId: target.id, qty: form.qty,
      at: { from: { label: lineLabel('fromLocationId'), field: 'fromLocationId' }, to: { label: lineLabel('toLocationId'), field: 'toLocationCode' }, qty: { label: lineLabel('qty'), field: 'qty' } },
    }], { bizType: BizType.PUTAWAY, bizNo: moveNo, targetTypes: PUTAWAY_TARGETS, lang });
    await tx.insert(moveLine).values({
      moveId: doc.id, warehouseId: src.warehouseId, ownerId: src.ownerId, inventoryId: src.inventoryId, skuId: src.skuId, batchNo: src.batchNo,
      fromLocationId: src.locationId, toLocationId: target.id, qty: form.qty,
    });
    return doc.id;
  });
  return findInScope(call, bindings.move, id);
}

