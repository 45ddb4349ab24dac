/**
 * Stock moves (issue 29 step 2; docs/locations.md "Putaway and moves"): stock moved from location to location
 * inside one warehouse, by document. The life cycle is the manifest's `move.workflow` (generated/docs/workflows.md).
 *
 * Document `{warehouseId, ownerId?, remark, lines: [{inventoryId | skuId + batchNo, fromLocationId,
 * toLocationId, qty}]}`, written through the generic add/edit/remove with the hooks below, lines (1..500) saved
 * with it in one transaction; the number is `MV<yyyyMMdd><id>`. A line names the stock by its inventory record,
 * or by SKU and batch (the record of that SKU's owner in the document's warehouse); it must be in the caller's
 * scope, in the document's warehouse and, when the document names an owner, of that owner (400 naming the line's
 * field). Both locations must be locations of the warehouse, and different (400). The same stock from and to the
 * same locations twice is refused (400). The owner is optional (a move may carry several owners' goods, which only
 * users of every owner see); left out, it becomes the lines' owner when they share one. Only a CREATED move may
 * be edited (lines given = replaced, left out = kept) or removed (409 otherwise). Whether the stock is there is
 * checked on confirmation, not on add: a created move is a plan.
 *
 * Actions (POST /sapi/wms/move/<action> {id}, codes from the manifest):
 * - `confirm` (move:confirm): CREATED -> COMPLETED and every line through the ledger in ONE transaction
 *   (inventory/transfer.ts: bizType MOVE, bizNo = the number, remark "<from> -> <to>"), the confirming user and
 *   time recorded. A line the stock cannot serve (a locked location, less available on the source than the line
 *   moves, no room on the target) fails the whole confirmation with its line named ("Line 2: ...") and leaves
 *   the move CREATED. Two confirmations of one move: one moves the stock, the other gets 409 (guarded step).
 * - `cancel` (move:add): CREATED -> CANCELLED; no stock moves.
 * Records carry `lines` [{id, inventoryId, ownerId, skuId, sku, skuName, batchNo, fromLocationId,
 * fromLocationCode, toLocationId, toLocationCode, qty}] in line order.
 *
 * PUTAWAY documents (type PUTAWAY, number PA...) are made COMPLETED by domain/moves/putaway.ts, one per
 * confirmed putaway; the hooks here do not make them.
 */
import { aliasedTable, and, asc, eq, inArray } from 'drizzle-orm';
import * as yup from 'yup';
import { inventory, location, move, moveLine, sku } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { BizType, MoveStatus } from '../../../../generated/shared/enums';
import { requestLabels, rules, type FormMode, type Lang } from '../../../shared/validation';
import { manifestLabel, meta, type CrudCall, type ResourceHooks } from '../../crud/handlers';
import { takeStep } from '../../crud/workflow';
import { fieldError } from '../../http/errors';
import { scopeConditions } from '../../http/guard';
import { documentNo, linesField, PendingLines, QTY_MAX, requireState } from '../documents';
import { transferStock } from '../inventory/transfer';

type Row = Record<string, unknown>;
interface LineInput { inventoryId?: number | null; skuId?: number | null; batchNo?: string | null; fromLocationId: number; toLocationId: number; qty: number }
interface CheckedLine { inventoryId: number; ownerId: number; skuId: number; batchNo: string; fromLocationId: number; toLocationId: number; qty: number }

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  lineScope: L('the inventory record is not in this move\'s warehouse and goods owner', '库存记录不属于该移库单的仓库和货主'),
  skuOwner: L('the SKU does not belong to this move\'s goods owner', 'SKU不属于该移库单的货主'),
  noStock: L('there is no stock of this SKU and batch in this warehouse', '该仓库没有此SKU和批次的库存'),
  notInWarehouse: L('the location is not in this move\'s warehouse', '库位不属于该移库单的仓库'),
  sameLocation: L('the target is the source location', '目标库位与源库位相同'),
  lineTwice: L('the same stock is moved between the same locations twice', '同一库存在相同库位之间重复移库'),
};
const lineLabel = (field: string) => manifestLabel(field, meta(bindings.moveLine))!;

/** The move's `lines` (required on add; on edit absent = keep them). */
function moveLines(lang: Lang, mode: FormMode) {
  const r = rules(lang, 'add');
  return linesField(lang, yup.object({
    inventoryId: r.ref(lineLabel('inventoryId')),
    skuId: r.ref(lineLabel('skuId')).when('inventoryId', { is: (v: unknown) => v === undefined || v === null, then: (s) => s.required(r.text('required', requestLabels.inventoryOrSku)) }),
    batchNo: r.string(lineLabel('batchNo'), { maxLength: 50 }),
    fromLocationId: r.ref(lineLabel('fromLocationId'), { required: true }),
    toLocationId: r.ref(lineLabel('toLocationId'), { required: true }),
    qty: r.number(lineLabel('qty'), { required: true, integer: true, min: 1, max: QTY_MAX }),
  }), requestLabels.moveLines, mode === 'add');
}

/**
 * The lines checked against the document (module doc): each resolved to its inventory record, in the caller's
 * scope, the warehouse and (when given) the owner; locations of the warehouse. Throws 400 naming line and field.
 */
async function checkLines(call: CrudCall, warehouseId: number, ownerId: number | null, lines: LineInput[]): Promise<CheckedLine[]> {
  const { db, user, ctx: { lang } } = call;
  const scope = scopeConditions(user, { warehouse: inventory.warehouseId, owner: inventory.ownerId });
  const ids = [...new Set(lines.map((l) => l.inventoryId).filter((x): x is number => !!x))];
  const byId = new Map((ids.length ? await db.select({ id: inventory.id, warehouseId: inventory.warehouseId, ownerId: inventory.ownerId, skuId: inventory.skuId, batchNo: inventory.batchNo })
    .from(inventory).where(and(inArray(inventory.id, ids), ...scope)) : []).map((r) => [r.id, r]));
  const skuIds = [...new Set(lines.filter((l) => !l.inventoryId).map((l) => l.skuId as number))];
  const skus = new Map((skuIds.length ? await db.select({ id: sku.id, ownerId: sku.ownerId }).from(sku)
    .where(and(inArray(sku.id, skuIds), ...scopeConditions(user, { owner: sku.ownerId }))) : []).map((r) => [r.id, r]));
  const keyed = skuIds.length ? await db.select({ id: inventory.id, ownerId: inventory.ownerId, skuId: inventory.skuId, batchNo: inventory.batchNo }).from(inventory)
    .where(and(eq(inventory.warehouseId, warehouseId), inArray(inventory.skuId, skuIds), ...scope)) : [];
  const locIds = [...new Set(lines.flatMap((l) => [l.fromLocationId, l.toLocationId]))];
  const here = new Set((await db.select({ id: location.id }).from(location).where(and(inArray(location.id, locIds), eq(location.warehouseId, warehouseId)))).map((r) => r.id));
  const seen = new Set<string>();
  return lines.map((l, i): CheckedLine => {
    let stock: { id: number; ownerId: number; skuId: number; batchNo: string };
    if (l.inventoryId) {
      const inv = byId.get(l.inventoryId);
      if (!inv || inv.warehouseId !== warehouseId || (ownerId !== null && inv.ownerId !== ownerId)) throw fieldError(lang, { line: i, field: 'inventoryId' }, texts.lineScope[lang]);
      stock = inv;
    } else {
      const s = skus.get(l.skuId as number);
      if (!s || (ownerId !== null && s.ownerId !== ownerId)) throw fieldError(lang, { line: i, field: 'skuId' }, texts.skuOwner[lang]);
      const batchNo = (l.batchNo ?? '').trim();
      const inv = keyed.find((k) => k.skuId === s.id && k.ownerId === s.ownerId && k.batchNo === batchNo);
      if (!inv) throw fieldError(lang, { line: i, field: 'skuId' }, texts.noStock[lang]);
      stock = inv;
    }
    for (const field of ['fromLocationId', 'toLocationId'] as const) {
      if (!here.has(l[field])) throw fieldError(lang, { line: i, field }, texts.notInWarehouse[lang]);
    }
    if (l.fromLocationId === l.toLocationId) throw fieldError(lang, { line: i, field: 'toLocationId' }, texts.sameLocation[lang]);
    const key = `${stock.id}/${l.fromLocationId}/${l.toLocationId}`;
    if (seen.has(key)) throw fieldError(lang, { line: i, field: 'lines' }, texts.lineTwice[lang]);
    seen.add(key);
    return { inventoryId: stock.id, ownerId: stock.ownerId, skuId: stock.skuId, batchNo: stock.batchNo, fromLocationId: l.fromLocationId, toLocationId: l.toLocationId, qty: l.qty };
  });
}

const pendingLines = new PendingLines<CheckedLine>();

export const moveHooks: ResourceHooks = {
  bodyFields: (lang, mode) => ({ lines: moveLines(lang, mode) }),
  async beforeWrite(call, values, existing) {
    if (existing) requireState(bindings.move, existing, [MoveStatus.CREATED], 'edit', call.ctx.lang);
    if (existing && call.body.lines === undefined) return;
    const warehouseId = (existing?.warehouseId ?? values.warehouseId) as number;
    const ownerId = ((existing ? existing.ownerId : values.ownerId) ?? null) as number | null;
    const checked = await checkLines(call, warehouseId, ownerId, call.body.lines as LineInput[]);
    // no owner given: the lines' one owner, when they share one
    const owners = new Set(checked.map((l) => l.ownerId));
    if (!existing && ownerId === null && owners.size === 1) values.ownerId = [...owners][0];
    pendingLines.set(call.body, checked);
  },
  async afterWrite(call, values, existing) {
    const id = (existing?.id ?? values.id) as number;
    if (!existing) await call.db.update(move).set({ moveNo: documentNo('MV', id) }).where(eq(move.id, id));
    if (existing && call.body.lines === undefined) return;
    const warehouseId = (existing?.warehouseId ?? values.warehouseId) as number;
    await call.db.delete(moveLine).where(eq(moveLine.moveId, id));
    await call.db.insert(moveLine).values(pendingLines.take(call.body).map((l) => ({ moveId: id, warehouseId, ...l })));
  },
  async beforeRemove(call, existing) {
    requireState(bindings.move, existing, [MoveStatus.CREATED], 'remove', call.ctx.lang);
    await call.db.delete(moveLine).where(eq(moveLine.moveId, existing.id as number));
  },
  /** Each move carries its `lines` with SKU code and name and the locations' codes. */
  async decorate(call, rows) {
    const ids = rows.map((r) => r.id as number);
    if (!ids.length) return;
    const from = aliasedTable(location, 'from_location');
    const to = aliasedTable(location, 'to_location');
    const lines = await call.db.select({
      id: moveLine.id, moveId: moveLine.moveId, inventoryId: moveLine.inventoryId, ownerId: moveLine.ownerId, skuId: moveLine.skuId, sku: sku.sku, skuName: sku.name,
      batchNo: moveLine.batchNo, fromLocationId: moveLine.fromLocationId, fromLocationCode: from.code, toLocationId: moveLine.toLocationId, toLocationCode: to.code, qty: moveLine.qty,
    }).from(moveLine).innerJoin(sku, eq(sku.id, moveLine.skuId))
      .innerJoin(from, eq(from.id, moveLine.fromLocationId)).innerJoin(to, eq(to.id, moveLine.toLocationId))
      .where(inArray(moveLine.moveId, ids)).orderBy(asc(moveLine.id));
    for (const r of rows) r.lines = lines.filter((l) => l.moveId === r.id).map(({ moveId: _m, ...l }) => l);
  },
};

/** confirm {id} (module doc): returns the completed move. Errors: 404, 409 not created, 400/409 a line (nothing moves). */
export function confirmMove(call: CrudCall): Promise<Row> {
  return takeStep(call, 'confirm', MoveStatus.COMPLETED, { confirmUserName: call.user.name.slice(0, 20), confirmDate: new Date() }, async (c, doc) => {
    const lines = await c.db.select().from(moveLine).where(eq(moveLine.moveId, doc.id as number)).orderBy(asc(moveLine.id));
    await transferStock(c.db, lines.map((l, i) => ({ inventoryId: l.inventoryId, fromLocationId: l.fromLocationId, toLocationId: l.toLocationId, qty: l.qty, at: { line: i } })),
      { bizType: BizType.MOVE, bizNo: doc.moveNo as string, lang: call.ctx.lang });
  });
}

/** cancel {id}: CREATED -> CANCELLED (no stock moves). */
export const cancelMove = (call: CrudCall): Promise<Row> => takeStep(call, 'cancel', MoveStatus.CANCELLED);

