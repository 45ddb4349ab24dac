/**
 * Inventory adjustments (inventory judgement; spec 2.3 /sku/inventory_judgement_list, 4 "gain, loss, approved,
 * rejected", 5 "rejection reason cannot be empty", 8 insufficient inventory; issue 4).
 *
 * A document {warehouseId, ownerId, remark, lines: [{inventoryId | (skuId, batchNo), type (JudgementType
 * GAIN 1 | LOSS 2), qty (whole units >= 1), reason}]} is written through the generic add/edit/remove with
 * the hooks below. A line names an inventory record (in the caller's scope and in the document's warehouse
 * and owner), or a SKU of the document's owner plus a batch number: a stock count may find goods the
 * warehouse has no record of, and approval makes the record. Lines (1..500, no stock row twice) are saved
 * with the document in one transaction; the number is `IJ<yyyyMMdd><id, 6 digits>`. Only a PENDING
 * document may be edited or removed.
 *
 * `approve {id}`: PENDING -> APPROVED and every line goes through the ledger (bizType 3, bizNo = number,
 * remark = reason) in ONE transaction; a loss larger than the available quantity (qty - lockQty) fails the
 * whole approval with 409 and leaves the document pending. `reject {id, rejectReason}`: PENDING -> REJECTED;
 * the reason is required. Both are workflow actions of the manifest, taken through crud/workflow.ts
 * `transition` (a guarded UPDATE ... WHERE status IN from), so two concurrent approvals of one document
 * cannot both apply it.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as yup from 'yup';
import { inventory, inventoryJudgement, inventoryJudgementLine, owner, sku } from '../../../../generated/db/schema';
import { BizType, JudgementStatus, JudgementType } from '../../../../generated/shared/enums';
import { bindings } from '../../../../generated/server/routes';
import { requestLabels, rules, type Lang } from '../../../shared/validation';
import { manifestLabel, meta, type CrudCall, type ResourceHooks } from '../../crud/handlers';
import type { BodyRule } from '../../http/body';
import { takeStep } from '../../crud/workflow';
import { fieldError } from '../../http/errors';
import { scopeConditions } from '../../http/guard';
import { documentNo, linesField, PendingLines, QTY_MAX, requireState } from '../documents';
import { applyLedger } from './ledger';

type Row = Record<string, unknown>;
interface LineInput { inventoryId?: number | null; skuId?: number | null; batchNo?: string | null; type: number; qty: number; reason?: string | null }
interface CheckedLine extends LineInput { skuId: number; batchNo: string }

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  lineScope: L('the inventory record is not in this adjustment\'s warehouse and goods owner', '库存记录不属于该调整单的仓库和货主'),
  skuOwner: L('the SKU does not belong to this adjustment\'s goods owner', 'SKU不属于该调整单的货主'),
  lineTwice: L('the same SKU and batch are listed twice', '同一SKU和批次重复'),
};
/** The manifest label of an adjustment (line) field. */
const docLabel = (field: string) => manifestLabel(field, meta(bindings.inventoryJudgement))!;
const lineLabel = (field: string) => manifestLabel(field, meta(bindings.inventoryJudgementLine))!;

/** The document's `lines`, required on add and edit (an edit replaces them). */
function judgementLines(lang: Lang) {
  const r = rules(lang, 'add');
  return linesField(lang, yup.object({
    inventoryId: r.ref(lineLabel('inventoryId')),
    skuId: r.ref(lineLabel('skuId')).when('inventoryId', { is: (v: unknown) => v === undefined || v === null, then: (s) => s.required(r.text('required', requestLabels.inventoryOrSku)) }),
    batchNo: r.string(lineLabel('batchNo'), { maxLength: 50 }),
    type: r.oneOf(lineLabel('type'), Object.values(JudgementType), { required: true }),
    qty: r.number(lineLabel('qty'), { required: true, integer: true, min: 1, max: QTY_MAX }),
    reason: r.string(lineLabel('reason'), { maxLength: 200 }),
  }), requestLabels.judgementLines);
}

const pendingLines = new PendingLines<CheckedLine>();

export const judgementHooks: ResourceHooks = {
  bodyFields: (lang) => ({ lines: judgementLines(lang) }),
  async beforeWrite(call, values, existing) {
    if (existing) requireState(bindings.inventoryJudgement, existing, [JudgementStatus.PENDING], 'edit', call.ctx.lang);
    const lang = call.ctx.lang;
    const lines = call.body.lines as LineInput[];
    const warehouseId = (existing?.warehouseId ?? values.warehouseId) as number;
    const ownerId = (existing?.ownerId ?? values.ownerId) as number;
    if (!existing) {
      const [o] = await call.db.select({ companyId: owner.companyId }).from(owner).where(eq(owner.id, ownerId));
      if (o) values.companyId = o.companyId;
    }
    const ids = lines.map((l) => l.inventoryId).filter((x): x is number => !!x);
    const rows = ids.length ? await call.db.select({ id: inventory.id, warehouseId: inventory.warehouseId, ownerId: inventory.ownerId, skuId: inventory.skuId, batchNo: inventory.batchNo })
      .from(inventory).where(and(inArray(inventory.id, ids), ...scopeConditions(call.user, { warehouse: inventory.warehouseId, owner: inventory.ownerId }))) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const skuIds = lines.filter((l) => !l.inventoryId).map((l) => l.skuId as number);
    const ownSkus = new Set(skuIds.length ? (await call.db.select({ id: sku.id }).from(sku).where(and(inArray(sku.id, skuIds), eq(sku.ownerId, ownerId)))).map((x) => x.id) : []);
    const seen = new Set<string>();
    const checked = lines.map((l, i): CheckedLine => {
      let line: CheckedLine;
      if (l.inventoryId) {
        const inv = byId.get(l.inventoryId);
        if (!inv || inv.warehouseId !== warehouseId || inv.ownerId !== ownerId) throw fieldError(lang, { line: i, field: 'inventoryId' }, texts.lineScope[lang]);
        line = { ...l, skuId: inv.skuId, batchNo: inv.batchNo };
      } else {
        if (!ownSkus.has(l.skuId as number)) throw fieldError(lang, { line: i, field: 'skuId' }, texts.skuOwner[lang]);
        line = { ...l, skuId: l.skuId as number, batchNo: l.batchNo ?? '' };
      }
      const key = `${line.skuId}/${line.batchNo}`;
      if (seen.has(key)) throw fieldError(lang, { line: i, field: 'lines' }, texts.lineTwice[lang]);
      seen.add(key);
      return line;
    });
    pendingLines.set(call.body, checked);
  },
  async afterWrite(call, values, existing) {
    const id = (existing?.id ?? values.id) as number;
    if (!existing) await call.db.update(inventoryJudgement).set({ judgementNo: documentNo('IJ', id) }).where(eq(inventoryJudgement.id, id));
    const lines = pendingLines.take(call.body);
    const doc = existing ?? values;
    await call.db.delete(inventoryJudgementLine).where(eq(inventoryJudgementLine.judgementId, id));
    await call.db.insert(inventoryJudgementLine).values(lines.map((l) => ({
      judgementId: id, inventoryId: l.inventoryId ?? null, warehouseId: doc.warehouseId as number, ownerId: doc.ownerId as number,
      skuId: l.skuId, batchNo: l.batchNo, type: l.type, qty: l.qty, reason: l.reason ?? null,
    })));
  },
  async beforeRemove(call, existing) {
    requireState(bindings.inventoryJudgement, existing, [JudgementStatus.PENDING], 'remove', call.ctx.lang);
    await call.db.delete(inventoryJudgementLine).where(eq(inventoryJudgementLine.judgementId, existing.id as number));
  },
  /** Each document carries its `lines` with SKU code, product name and the record's current qty and lockQty. */
  async decorate(call, rows) {
    const ids = rows.map((r) => r.id as number);
    if (!ids.length) return;
    const lines = await call.db.select({
      id: inventoryJudgementLine.id, judgementId: inventoryJudgementLine.judgementId, inventoryId: inventoryJudgementLine.inventoryId,
      skuId: inventoryJudgementLine.skuId, sku: sku.sku, skuName: sku.name, batchNo: inventoryJudgementLine.batchNo,
      type: inventoryJudgementLine.type, qty: inventoryJudgementLine.qty, reason: inventoryJudgementLine.reason,
      inventoryQty: inventory.qty, inventoryLockQty: inventory.lockQty,
    }).from(inventoryJudgementLine)
      .innerJoin(sku, eq(sku.id, inventoryJudgementLine.skuId)).leftJoin(inventory, eq(inventory.id, inventoryJudgementLine.inventoryId))
      .where(inArray(inventoryJudgementLine.judgementId, ids)).orderBy(asc(inventoryJudgementLine.id));
    for (const r of rows) r.lines = lines.filter((l) => l.judgementId === r.id).map(({ judgementId: _j, ...l }) => l);
  },
};

/** Takes a workflow action (manifest: PENDING -> APPROVED / REJECTED) as the caller, then `more` in the same transaction. */
function review(call: CrudCall, action: 'approve' | 'reject', set: Row = {}, more?: (tx: CrudCall, doc: Row) => Promise<void>): Promise<Row> {
  const to = action === 'approve' ? JudgementStatus.APPROVED : JudgementStatus.REJECTED;
  return takeStep(call, action, to, { ...set, auditUserName: call.user.name.slice(0, 20), auditDate: new Date() }, more);
}

/**
 * POST /sapi/wms/inventory-judgement/approve {id}: applies every line through the ledger (see module doc).
 * Returns the approved document. Errors: 404, 409 not pending, 409 insufficient inventory (nothing changes).
 */
export async function approveJudgement(call: CrudCall): Promise<Row> {
  return review(call, 'approve', {}, async (c, doc) => {
    const tx = c.db;
    const lines = await tx.select().from(inventoryJudgementLine).where(eq(inventoryJudgementLine.judgementId, doc.id as number)).orderBy(asc(inventoryJudgementLine.id));
    await applyLedger(tx, lines.map((l) => ({
      target: { warehouseId: l.warehouseId, ownerId: l.ownerId, skuId: l.skuId, batchNo: l.batchNo },
      qtyChange: l.type === JudgementType.GAIN ? l.qty : -l.qty,
      lockQtyChange: 0,
      bizType: BizType.INVENTORY_JUDGEMENT,
      bizNo: doc.judgementNo as string,
      remark: l.reason,
    })), call.ctx.lang);
  });
}

/** The body of reject: `{id, rejectReason}`, the reason required (spec 5). */
export const rejectBody: BodyRule<{ id: number; rejectReason: string }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({ id: r.recordId(), rejectReason: r.string(docLabel('rejectReason'), { maxLength: 200, required: true }) });
  },
};

/** POST /sapi/wms/inventory-judgement/reject (rejectBody). */
export async function rejectJudgement(call: CrudCall): Promise<Row> {
  const { rejectReason } = call.body as { rejectReason: string };
  return review(call, 'reject', { rejectReason });
}
