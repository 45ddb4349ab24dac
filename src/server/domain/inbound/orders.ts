/**
 * Inbound orders (ASN; spec 1, 2.3, 3 "Inbound order", 4, 8; issue 5). The life cycle is the manifest's
 * `inboundOrder.workflow` (see generated/docs/workflows.md); this module adds what a state machine cannot say.
 *
 * Document: {type (1 normal, 2 customer return, 3 rejected delivery), warehouseId, ownerId, storeOrderNo,
 * sourceOutboundNo, waybillNo, returnWaybillNo, plannedArrivalTime, remark, lines: [{skuId, batchNo,
 * plannedQty}]}, written through the generic add/edit/remove with the hooks below: lines (1..500, SKUs of the
 * order's owner, no SKU + batch twice) are saved with the order in one transaction; the number is
 * `IN<yyyyMMdd><id>`; a return order needs its source outbound number. Only a CREATED order may be edited or
 * removed (409 otherwise). A new normal or return order takes a place of its company's monthly quota
 * (domain/quotas.ts: 409 "Monthly limit of inbound orders reached (N)"), recreate too.
 *
 * Actions (POST /sapi/wms/inbound-order/<action>, codes from the manifest):
 * - `receive {id, lines: [{lineId, qty, batchNo?, productionDate?, expiryDate?}], overReceipt?}`: in ONE
 *   transaction (the order row locked FOR UPDATE, so receipts of one order queue): each line's receivedQty
 *   grows, stock grows through the ledger (bizType 1, bizNo = order number, bizNoExtra = store order number)
 *   into the received batch (default: the line's batch); the order becomes COMPLETED when every line has its
 *   planned quantity, else RECEIVING. Receiving more than planned is refused (409, naming the line) unless
 *   `overReceipt: true`, and then visible as receivedQty > plannedQty. The dates (`yyyy-MM-dd`, issue 30) go
 *   on the batch: checked before the transaction (an expiry-tracked SKU needs an expiry date, or a production
 *   date and a shelf life; a batch's dates never change: inventory/expiry.ts planReceiptDates, 400 naming the
 *   line and field), stored in it (storeBatchDates).
 * - `complete {id}`: closes a partly received order (the rest will not come): RECEIVING -> COMPLETED.
 * - `cancel {id}`: CREATED -> CANCELLED.
 * - `submitProblem {id, problemReason}` (reason required) -> PROBLEM; `cancelProblem {id}` -> back to
 *   RECEIVING when anything was received, else CREATED.
 * - `recreate {id}`: a CANCELLED order is copied into a new CREATED order (lines with planned quantities);
 *   returns the new order. An order is recreated once (409 naming the copy; issue 27: a second click made a
 *   duplicate open order for one store order); the step's update locks the cancelled row, so two clicks at
 *   once make one copy.
 * Lookup for the receiving screens: `scan {code, type?, by?}` finds the one order (in scope, of that type)
 * by a package number or package waybill (domain/packages.ts scanOrder: 409 "multiple packages found", with
 * by=package 404 "package does not exist"), else by its order, waybill, return waybill or store order number:
 * 404 "inbound order does not exist", 409 "multiple inbound orders found" (spec 8). The answer carries
 * `package` (the scanned package with its lines) or null. Packages: domain/packages.ts.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import * as yup from 'yup';
import { inboundOrder, inboundOrderLine, owner, sku } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { BizType, InboundOrderStatus, InboundOrderType } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import { requestLabels, rules, type FormMode, type Lang } from '../../../shared/validation';
import type { Db } from '../../db/connect';
import { findInScope, manifestLabel, meta, type CrudCall, type ResourceHooks } from '../../crud/handlers';
import type { BodyRule } from '../../http/body';
import { notAllowed, takeStep, transition, workflowOf } from '../../crud/workflow';
import { BizError, fieldError, stockItem } from '../../http/errors';
import { checkOwnerSkuLines, documentNo, linesField, linesSchema, PendingLines, QTY_MAX, requireState } from '../documents';
import { planReceiptDates, storeBatchDates } from '../inventory/expiry';
import { applyLedger } from '../inventory/ledger';
import { inboundQuota, reserveQuota } from '../quotas';
import { checkPackedLines, inboundPackages, removeOrderPackages, scanFields, scanOrder } from '../packages';
import { inboundStepEvents } from '../webhooks/events';
import { transferOrders, transferReceived } from '../transfers/transfers';

type Row = Record<string, unknown>;
interface LineInput { skuId: number; batchNo?: string | null; plannedQty: number }
interface Receipt { lineId: number; qty: number; batchNo?: string | null; productionDate?: string | null; expiryDate?: string | null }

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  sourceOutbound: L('{label} cannot be empty for a customer return', '退货入库单的{label}不能为空'),
  notLine: L('not a line of this inbound order', '不是该入库单的明细'),
  overReceipt: L(
    'Receiving {qty} of {item} would exceed the planned {planned} (already received {received}); confirm over-receipt to accept it',
    '收货 {qty} 件 {item}将超过计划数量 {planned}（已收 {received}）；如确认超收，请勾选超收',
  ),
  noOrder: L('Inbound order does not exist: {code}', '入库单不存在：{code}'),
  manyOrders: L('Multiple inbound orders found for {code}: {numbers}', '找到多个入库单（{code}）：{numbers}'),
  recreatedAlready: L('Inbound order {no} was already recreated as {copy}: work on that one', '入库单 {no} 已复制为 {copy}，请处理该单'),
};

/** The manifest label of an inbound order (line) field. */
const orderLabel = (field: string) => manifestLabel(field, meta(bindings.inboundOrder))!;
const lineLabel = (field: string) => manifestLabel(field, meta(bindings.inboundOrderLine))!;

/** The order's `lines` (required on add; on edit absent = keep them). */
function orderLines(lang: Lang, mode: FormMode) {
  const r = rules(lang, 'add');
  return linesField(lang, yup.object({
    skuId: r.ref(lineLabel('skuId'), { required: true }),
    batchNo: r.string(lineLabel('batchNo'), { maxLength: 50 }),
    plannedQty: r.number(lineLabel('plannedQty'), { required: true, integer: true, min: 1, max: QTY_MAX }),
  }), requestLabels.lines, mode === 'add');
}

const pendingLines = new PendingLines<LineInput & { batchNo: string }>();

async function insertLines(db: Db, order: Row, lines: Array<LineInput & { batchNo: string }>) {
  if (!lines.length) return;
  await db.insert(inboundOrderLine).values(lines.map((l) => ({
    orderId: order.id as number, warehouseId: order.warehouseId as number, ownerId: order.ownerId as number, skuId: l.skuId, batchNo: l.batchNo, plannedQty: l.plannedQty,
  })));
}

export const inboundOrderHooks: ResourceHooks = {
  bodyFields: (lang, mode) => ({ lines: orderLines(lang, mode) }),
  /** receive: an inbound.received webhook event in the receipt's transaction. */
  afterStep: (call, action, order) => inboundStepEvents(call.db, action, order),
  async beforeWrite(call, values, existing) {
    const lang = call.ctx.lang;
    if (existing) requireState(bindings.inboundOrder, existing, [InboundOrderStatus.CREATED], 'edit', lang);
    if (existing) await transferOrders.refuseChange(call.db, lang, 'inbound', existing);
    else transferOrders.refuseType(lang, orderLabel('type'), values.type, InboundOrderType.TRANSFER);
    const type = (existing?.type ?? values.type ?? InboundOrderType.NORMAL) as number;
    const sourceOutboundNo = values.sourceOutboundNo === undefined ? existing?.sourceOutboundNo : values.sourceOutboundNo;
    if (type === InboundOrderType.RETURN && !sourceOutboundNo) throw fieldError(lang, { label: orderLabel('sourceOutboundNo'), field: 'sourceOutboundNo' }, texts.sourceOutbound[lang]);
    const ownerId = (existing?.ownerId ?? values.ownerId) as number;
    if (!existing) {
      const [o] = await call.db.select({ companyId: owner.companyId }).from(owner).where(eq(owner.id, ownerId));
      if (o) values.companyId = o.companyId;
    }
    // on edit, lines are optional: absent = keep them
    if (existing && call.body.lines === undefined) return;
    const lines = call.body.lines as LineInput[];
    const checked = await checkOwnerSkuLines(call.db, lang, ownerId, lines);
    if (existing) await checkPackedLines(call.db, inboundPackages, existing.id as number, checked, lang);
    pendingLines.set(call.body, checked);
    // last: the company's monthly quota (409), which locks its row until COMMIT when it is limited
    const quota = existing ? undefined : inboundQuota(type);
    if (quota && values.companyId) await reserveQuota(call.db, lang, quota, values.companyId as number);
  },
  async afterWrite(call, values, existing) {
    const id = (existing?.id ?? values.id) as number;
    if (!existing) await call.db.update(inboundOrder).set({ orderNo: documentNo('IN', id) }).where(eq(inboundOrder.id, id));
    if (existing && call.body.lines === undefined) return;
    await call.db.delete(inboundOrderLine).where(eq(inboundOrderLine.orderId, id));
    await insertLines(call.db, { ...(existing ?? values), id }, pendingLines.take(call.body));
  },
  async beforeRemove(call, existing) {
    requireState(bindings.inboundOrder, existing, [InboundOrderStatus.CREATED], 'remove', call.ctx.lang);
    await transferOrders.refuseChange(call.db, call.ctx.lang, 'inbound', existing);
    await removeOrderPackages(call.db, inboundPackages, existing.id as number);
    await call.db.delete(inboundOrderLine).where(eq(inboundOrderLine.orderId, existing.id as number));
  },
  /** Each order carries its `lines` (SKU code and name, batch, planned and received) and their totals. */
  async decorate(call, rows) {
    const ids = rows.map((r) => r.id as number);
    if (!ids.length) return;
    const lines = await call.db.select({
      id: inboundOrderLine.id, orderId: inboundOrderLine.orderId, skuId: inboundOrderLine.skuId, sku: sku.sku, skuName: sku.name,
      batchNo: inboundOrderLine.batchNo, plannedQty: inboundOrderLine.plannedQty, receivedQty: inboundOrderLine.receivedQty,
    }).from(inboundOrderLine).innerJoin(sku, eq(sku.id, inboundOrderLine.skuId))
      .where(inArray(inboundOrderLine.orderId, ids)).orderBy(asc(inboundOrderLine.id));
    for (const r of rows) {
      r.lines = lines.filter((l) => l.orderId === r.id).map(({ orderId: _o, ...l }) => l);
      r.plannedQty = (r.lines as typeof lines).reduce((s, l) => s + l.plannedQty, 0);
      r.receivedQty = (r.lines as typeof lines).reduce((s, l) => s + l.receivedQty, 0);
    }
  },
};

const asTx = (call: CrudCall, tx: unknown): CrudCall => ({ ...call, db: tx as Db });
const orderOf = (call: CrudCall) => findInScope(call, bindings.inboundOrder, call.body.id);

const batchLabel = (field: string) => manifestLabel(field, meta(bindings.batch))!;

/** The body of receive: `{id, lines: [{lineId, qty, batchNo?, productionDate?, expiryDate?}], overReceipt?}`. */
export const receiveBody: BodyRule<{ id: number; lines: Receipt[]; overReceipt?: boolean }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return linesSchema(lang, yup.object({
      lineId: r.ref(requestLabels.lineId, { required: true }),
      qty: r.number(lineLabel('receivedQty'), { required: true, integer: true, min: 1, max: QTY_MAX }),
      batchNo: r.string(lineLabel('batchNo'), { maxLength: 50 }),
      productionDate: r.calendarDate(batchLabel('productionDate')),
      expiryDate: r.calendarDate(batchLabel('expiryDate')),
    })).shape({ id: r.recordId(), overReceipt: r.boolean(requestLabels.overReceipt) });
  },
};

/** The batch dates of a receipt (inventory/expiry.ts), checked before the transaction: each line's SKU and batch as received. */
async function receiptDates(call: CrudCall, order: Row, receipts: Receipt[]) {
  const ids = receipts.map((e) => e.lineId);
  const lines = await call.db.select({ id: inboundOrderLine.id, skuId: inboundOrderLine.skuId, batchNo: inboundOrderLine.batchNo })
    .from(inboundOrderLine).where(and(eq(inboundOrderLine.orderId, order.id as number), inArray(inboundOrderLine.id, ids)));
  const byId = new Map(lines.map((l) => [l.id, l]));
  return planReceiptDates(call.db, call.ctx.lang, order.ownerId as number, receipts.flatMap((e, index) => {
    const l = byId.get(e.lineId);
    return l ? [{ index, skuId: l.skuId, batchNo: e.batchNo ?? l.batchNo, productionDate: e.productionDate, expiryDate: e.expiryDate }] : [];
  }));
}

/** receive (receiveBody; see module doc). Returns the order after receiving. */
export async function receiveInbound(call: CrudCall): Promise<Row> {
  const lang = call.ctx.lang;
  const form = call.body as { lines: Receipt[]; overReceipt?: boolean };
  const found = await orderOf(call);
  const { id } = found;
  const dates = await receiptDates(call, found, form.lines);
  await call.db.transaction(async (txRaw) => {
    const c = asTx(call, txRaw);
    const tx = c.db;
    await tx.execute(sql`select 1 from ${inboundOrder} where ${inboundOrder.id} = ${id as number} for update`);
    const order = await orderOf(c);
    if (!workflowOf(bindings.inboundOrder).actions.find((a) => a.name === 'receive')!.from.includes(order.status as number)) throw notAllowed(bindings.inboundOrder, 'receive', order, lang);
    const moves = [];
    for (const [i, e] of form.lines.entries()) {
      const guard = form.overReceipt ? undefined : sql`${inboundOrderLine.receivedQty} + ${e.qty} <= ${inboundOrderLine.plannedQty}`;
      const [line] = await tx.update(inboundOrderLine).set({ receivedQty: sql`${inboundOrderLine.receivedQty} + ${e.qty}`, updateDate: new Date() })
        .where(and(eq(inboundOrderLine.id, e.lineId), eq(inboundOrderLine.orderId, id as number), guard))
        .returning({ skuId: inboundOrderLine.skuId, batchNo: inboundOrderLine.batchNo });
      if (!line) {
        const [l] = await tx.select({ planned: inboundOrderLine.plannedQty, received: inboundOrderLine.receivedQty, batchNo: inboundOrderLine.batchNo, sku: sku.sku })
          .from(inboundOrderLine).innerJoin(sku, eq(sku.id, inboundOrderLine.skuId)).where(and(eq(inboundOrderLine.id, e.lineId), eq(inboundOrderLine.orderId, id as number)));
        if (!l) throw fieldError(lang, { line: i, field: 'lineId' }, texts.notLine[lang]);
        throw fieldError(lang, { line: i, field: 'qty' }, texts.overReceipt[lang], { qty: e.qty, item: stockItem(lang, l.sku, l.batchNo), planned: l.planned, received: l.received }, Code.CONFLICT);
      }
      moves.push({ warehouseId: order.warehouseId as number, ownerId: order.ownerId as number, skuId: line.skuId, batchNo: e.batchNo ?? line.batchNo, qty: e.qty });
    }
    await storeBatchDates(tx, lang, order.ownerId as number, dates);
    await applyLedger(tx, moves.map((m) => ({
      target: { warehouseId: m.warehouseId, ownerId: m.ownerId, skuId: m.skuId, batchNo: m.batchNo },
      qtyChange: m.qty, lockQtyChange: 0, bizType: BizType.INBOUND_ORDER, bizNo: order.orderNo as string, bizNoExtra: (order.storeOrderNo as string | null) ?? null,
    })), lang);
    const [{ open }] = await tx.select({ open: sql<number>`count(*)::int` }).from(inboundOrderLine)
      .where(and(eq(inboundOrderLine.orderId, id as number), lt(inboundOrderLine.receivedQty, inboundOrderLine.plannedQty)));
    const done = Number(open) === 0;
    await transition(c, id, 'receive', done ? InboundOrderStatus.COMPLETED : InboundOrderStatus.RECEIVING, done ? { completionTime: new Date() } : {});
    // a transfer's receipt: its lines follow, and a completed receipt ends the transit (transfers/transfers.ts)
    if (order.type === InboundOrderType.TRANSFER) await transferReceived(tx, id as number, done);
  });
  return orderOf(call);
}

/** complete, cancel, cancelProblem: one guarded step; returns the order after it. */
export async function stepInbound(call: CrudCall, action: 'complete' | 'cancel' | 'cancelProblem'): Promise<Row> {
  if (action === 'complete') {
    return takeStep(call, action, InboundOrderStatus.COMPLETED, { completionTime: new Date() }, async (c, order) => {
      if (order.type === InboundOrderType.TRANSFER) await transferReceived(c.db, order.id as number, true);
    });
  }
  // a transfer's receipt is not cancelled: the goods are on the road (complete it to record what is missing)
  if (action === 'cancel') return takeStep(call, action, InboundOrderStatus.CANCELLED, {}, (c, order) => transferOrders.refuseInboundCancel(c.db, call.ctx.lang, order));
  await call.db.transaction(async (txRaw) => {
    const c = asTx(call, txRaw);
    const order = await orderOf(c);
    const [{ received }] = await c.db.select({ received: sql<number>`coalesce(sum(${inboundOrderLine.receivedQty}), 0)::int` }).from(inboundOrderLine).where(eq(inboundOrderLine.orderId, order.id as number));
    await transition(c, order.id, action, Number(received) > 0 ? InboundOrderStatus.RECEIVING : InboundOrderStatus.CREATED, { problemReason: null });
  });
  return orderOf(call);
}

/** The body of submitProblem: `{id, problemReason}`, the reason required. */
export const problemBody: BodyRule<{ id: number; problemReason: string }> = {
  schema: (lang) => yup.object({ id: rules(lang, 'add').recordId(), problemReason: rules(lang, 'add').string(orderLabel('problemReason'), { maxLength: 200, required: true }) }),
};

/** submitProblem (problemBody). */
export async function submitInboundProblem(call: CrudCall): Promise<Row> {
  const { problemReason } = call.body as { problemReason: string };
  return takeStep(call, 'submitProblem', InboundOrderStatus.PROBLEM, { problemReason });
}

/** recreate {id}: a new CREATED order copied from a cancelled one (see module doc). Returns the new order. */
export async function recreateInbound(call: CrudCall): Promise<Row> {
  const newId = await call.db.transaction(async (txRaw) => {
    const c = asTx(call, txRaw);
    const old = await transition(c, call.body.id, 'recreate', InboundOrderStatus.CANCELLED);
    const [copy] = await c.db.select({ orderNo: inboundOrder.orderNo }).from(inboundOrder).where(eq(inboundOrder.recreatedFromId, old.id as number)).limit(1);
    if (copy) throw new BizError(Code.CONFLICT, texts.recreatedAlready[call.ctx.lang].replace('{no}', String(old.orderNo)).replace('{copy}', String(copy.orderNo)));
    const quota = inboundQuota(old.type as number);
    if (quota) await reserveQuota(c.db, call.ctx.lang, quota, old.companyId as number); // a new order of this month
    const [{ id }] = await c.db.insert(inboundOrder).values({
      type: old.type as number, companyId: old.companyId as number, warehouseId: old.warehouseId as number, ownerId: old.ownerId as number,
      storeOrderNo: old.storeOrderNo as string | null, sourceOutboundNo: old.sourceOutboundNo as string | null, waybillNo: old.waybillNo as string | null,
      returnWaybillNo: old.returnWaybillNo as string | null, plannedArrivalTime: old.plannedArrivalTime ? new Date(old.plannedArrivalTime as string) : null, remark: old.remark as string | null, recreatedFromId: old.id as number,
    }).returning({ id: inboundOrder.id });
    await c.db.update(inboundOrder).set({ orderNo: documentNo('IN', id) }).where(eq(inboundOrder.id, id));
    const lines = await c.db.select().from(inboundOrderLine).where(eq(inboundOrderLine.orderId, old.id as number)).orderBy(asc(inboundOrderLine.id));
    await insertLines(c.db, { id, warehouseId: old.warehouseId, ownerId: old.ownerId }, lines.map((l) => ({ skuId: l.skuId, batchNo: l.batchNo, plannedQty: l.plannedQty })));
    return id;
  });
  return findInScope(call, bindings.inboundOrder, newId);
}

/** The body of scan: `{code, type?, by?}`. */
export const scanBody: BodyRule<{ code: string; type?: number; by?: 'order' | 'package' }> = {
  schema: (lang) => yup.object({
    ...scanFields(lang, requestLabels.inboundScanCode),
    type: rules(lang, 'add').oneOf(orderLabel('type'), Object.values(InboundOrderType)),
  }),
};

/**
 * The order types a scan of `type` finds: the normal receiving screen also receives the inbound side of a transfer
 * between warehouses (docs/transfers.md), which arrives like an announced delivery.
 */
const SCANNED_AS: Record<number, number[]> = { [InboundOrderType.NORMAL]: [InboundOrderType.NORMAL, InboundOrderType.TRANSFER] };

/** scan (scanBody; see module doc): the one matching order with its lines, and the scanned package if any. */
export async function scanInbound(call: CrudCall): Promise<Row> {
  const q = call.body as { code: string; type?: number; by?: 'order' | 'package' };
  return scanOrder(call, {
    kind: inboundPackages,
    orderNumbers: [inboundOrder.orderNo, inboundOrder.waybillNo, inboundOrder.returnWaybillNo, inboundOrder.storeOrderNo],
    where: q.type ? inArray(inboundOrder.type, SCANNED_AS[q.type] ?? [q.type]) : undefined,
    noOrder: texts.noOrder, manyOrders: texts.manyOrders,
  }, q.code, q.by);
}
