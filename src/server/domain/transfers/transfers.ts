/**
 * Transfers between warehouses (issue 30; docs/transfers.md): one goods owner's stock moved from warehouse A
 * (`fromWarehouseId`) to warehouse B (`toWarehouseId`). The transfer rides on the outbound and inbound orders
 * that exist, so A ships with its usual steps and B receives and puts away with its usual ones:
 *
 * - CREATED: the document `{ownerId, fromWarehouseId, toWarehouseId, remark, lines: [{skuId, batchNo?, qty}]}`
 *   through the generic add/edit/remove with the hooks below (lines 1..500, SKUs of the owner, no SKU + batch
 *   twice; the two warehouses differ, are enabled and are both in the caller's scope: 403 naming the field);
 *   number `TR<yyyyMMdd><id>`; edit and remove while CREATED only (409).
 * - `confirm {id}` -> SHIPPING: an outbound order of type TRANSFER is made at A with the transfer's lines
 *   (receiver: warehouse B; platform order number = the transfer number, so the ledger's bizNoExtra names it).
 *   No stock moves yet: A allocates, picks, packs and ships that order (outbound/orders.ts).
 * - shipping that order (outbound `ship`, same transaction: {@link transferShipped}) -> IN_TRANSIT: each line's
 *   shippedQty is what the order's allocation records held, and an inbound order of type TRANSFER is made at B
 *   with one line per (transfer line, shipped batch): plannedQty = units shipped, `transferLineId` set; store
 *   order number = the transfer number. The units shipped and not received are **in transit**.
 * - receiving at B (inbound `receive`, `complete`: {@link transferReceived}) keeps each line's receivedQty; when
 *   the inbound order is completed (every unit received, or `complete` of a partial receipt) -> RECEIVED, and each
 *   line records diffQty = received - shipped (negative: missing, positive: more arrived). The transit ends then.
 * - `cancel {id}` from CREATED or SHIPPING -> CANCELLED; the outbound order is cancelled with it (its locks
 *   released at the locations its records name) in ONE transaction. Cancelling the outbound order itself cancels
 *   the transfer too. After shipping there is nothing to cancel: the goods are on the road.
 *
 * Every stock movement is the orders' own ledger call (bizType OUTBOUND_ORDER / INBOUND_ORDER, both levels).
 * Locks: a step locks the outbound (or inbound) order row first and the transfer row after it (ship, receive,
 * the outbound cancel, and this module's cancel all take them in that order), so two steps never wait on each
 * other crosswise.
 */
import { and, asc, eq, getTableName, inArray } from 'drizzle-orm';
import * as yup from 'yup';
import {
  inboundOrder, inboundOrderLine, inventory, outboundAllocation, outboundOrder, outboundOrderLine, owner, sku, transfer, transferLine, warehouse,
} from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { InboundOrderType, OutboundOrderType, Status, TransferStatus as S } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import { requestLabels, rules, type FormMode, type Lang } from '../../../shared/validation';
import { ident } from '../../crud/filters';
import { findInScope, manifestLabel, meta, type CrudCall, type ResourceHooks } from '../../crud/handlers';
import { transition } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import { BizError, fieldError, fillText } from '../../http/errors';
import { requireInScope } from '../../http/guard';
import { checkOwnerSkuLines, documentNo, linesField, PendingLines, QTY_MAX, requireState, saveNumberAndLines } from '../documents';
import { releaseOutbound } from '../outbound/orders';

type Row = Record<string, unknown>;
interface LineInput { skuId: number; batchNo?: string | null; qty: number }

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  sameWarehouse: L('must differ from the warehouse shipping the goods', '不能与调出仓库相同'),
  warehouseLocked: L('warehouse {name} is locked', '仓库 {name} 已锁定'),
  madeByTransfer: L('{no} belongs to transfer {transfer}: change or cancel the transfer', '{no} 属于调拨单 {transfer}：请修改或取消调拨单'),
  typeByTransfer: L('a transfer order is made by its transfer (Transfers)', '调拨类型的单据由调拨单生成'),
  inTransit: L('{no} receives goods in transit for transfer {transfer}: receive them, or complete the order to record what is missing', '{no} 接收调拨单 {transfer} 的在途货物：请收货，或完成入库单以记录短少'),
  noOutbound: L('Transfer {no} is not shipping (it is {state}): the outbound order cannot ship it', '调拨单 {no} 不在发货中（当前为{state}），出库单不能发货'),
  remark: L('Transfer {no}', '调拨单 {no}'),
};

const T = {
  transfer: ident(getTableName(transfer)),
  line: ident(getTableName(transferLine)),
  inLine: ident(getTableName(inboundOrderLine)),
  allocation: ident(getTableName(outboundAllocation)),
  outLine: ident(getTableName(outboundOrderLine)),
  inventory: ident(getTableName(inventory)),
};

const docLabel = (field: string) => manifestLabel(field, meta(bindings.transfer))!;
const lineLabel = (field: string) => manifestLabel(field, meta(bindings.transferLine))!;

/**
 * Units of transfer line `tl` (SQL alias) in transit: shipped, not received, while its transfer `t` is IN_TRANSIT
 * (a line over-received counts 0, not less). The one definition, for the transfer records and the dashboard.
 */
export const TRANSIT_SQL = (t: string, tl: string) => `case when ${t}.status = ${S.IN_TRANSIT} then greatest(${tl}.shipped_qty - ${tl}.received_qty, 0) else 0 end`;

/** The transfer's `lines` (required on add; on edit absent = keep them). */
function transferLines(lang: Lang, mode: FormMode) {
  const r = rules(lang, 'add');
  return linesField(lang, yup.object({
    skuId: r.ref(lineLabel('skuId'), { required: true }),
    batchNo: r.string(lineLabel('batchNo'), { maxLength: 50 }),
    qty: r.number(lineLabel('qty'), { required: true, integer: true, min: 1, max: QTY_MAX }),
  }), requestLabels.lines, mode === 'add');
}

const pendingLines = new PendingLines<LineInput & { batchNo: string }>();

/** Both warehouses: different (400 on toWarehouseId), enabled (400), the receiving one in the caller's scope (403). */
async function checkWarehouses(call: CrudCall, doc: Row): Promise<void> {
  const { lang } = call.ctx;
  const from = doc.fromWarehouseId as number;
  const to = doc.toWarehouseId as number;
  // the generic write checks the shipping warehouse and the owner; the receiving warehouse is this document's own
  requireInScope(call.ctx, call.user, 'warehouse', { ...docLabel('toWarehouseId'), field: 'toWarehouseId' }, to);
  if (from === to) throw fieldError(lang, { label: docLabel('toWarehouseId'), field: 'toWarehouseId' }, texts.sameWarehouse[lang]);
  const rows = await call.db.select({ id: warehouse.id, name: warehouse.name, status: warehouse.status }).from(warehouse).where(inArray(warehouse.id, [from, to]));
  for (const field of ['fromWarehouseId', 'toWarehouseId'] as const) {
    const w = rows.find((x) => x.id === doc[field]);
    if (w && w.status !== Status.ENABLE) throw fieldError(lang, { label: docLabel(field), field }, texts.warehouseLocked[lang], { name: w.name });
  }
}

export const transferHooks: ResourceHooks = {
  bodyFields: (lang, mode) => ({ lines: transferLines(lang, mode) }),
  async beforeWrite(call, values, existing) {
    const lang = call.ctx.lang;
    if (existing) requireState(bindings.transfer, existing, [S.CREATED], 'edit', lang);
    const merged = { ...existing, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) };
    await checkWarehouses(call, merged);
    const ownerId = merged.ownerId as number;
    if (!existing) {
      const [o] = await call.db.select({ companyId: owner.companyId }).from(owner).where(eq(owner.id, ownerId));
      if (o) values.companyId = o.companyId;
    }
    if (existing && call.body.lines === undefined) return;
    pendingLines.set(call.body, await checkOwnerSkuLines(call.db, lang, ownerId, call.body.lines as LineInput[]));
  },
  afterWrite: (call, values, existing) => saveNumberAndLines(call, values, existing, {
    table: transfer, idColumn: transfer.id, numberKey: 'transferNo', prefix: 'TR', lineTable: transferLine, parentColumn: transferLine.transferId, pending: pendingLines,
    lineRow: (doc, l) => ({ transferId: doc.id, fromWarehouseId: doc.fromWarehouseId, ownerId: doc.ownerId, skuId: l.skuId, batchNo: l.batchNo, qty: l.qty }),
  }),
  async beforeRemove(call, existing) {
    requireState(bindings.transfer, existing, [S.CREATED], 'remove', call.ctx.lang);
    requireInScope(call.ctx, call.user, 'warehouse', { ...docLabel('toWarehouseId'), field: 'toWarehouseId' }, existing.toWarehouseId);
    await call.db.delete(transferLine).where(eq(transferLine.transferId, existing.id as number));
  },
  /** qty, shippedQty, transitQty, receivedQty (sums of the lines) and diffQty (sum of the recorded differences; null before). */
  recordSql({ t }) {
    const sum = (expr: string) => `(select coalesce(sum(${expr}), 0)::int from ${T.line} tl where tl.transfer_id = ${t}."id")`;
    return {
      columns: [
        { key: 'qty', expr: sum('tl.qty') },
        { key: 'shippedQty', expr: sum('tl.shipped_qty') },
        { key: 'transitQty', expr: sum(TRANSIT_SQL(t, 'tl')) },
        { key: 'receivedQty', expr: sum('tl.received_qty') },
        { key: 'diffQty', expr: `case when ${t}.status = ${S.RECEIVED} then ${sum('tl.diff_qty')} end` },
      ],
    };
  },
  /** Each transfer carries its `lines`: SKU code and name, batch, qty, shippedQty, receivedQty, diffQty. */
  async decorate(call, rows) {
    const ids = rows.map((r) => r.id as number);
    if (!ids.length) return;
    const lines = await call.db.select({
      id: transferLine.id, transferId: transferLine.transferId, skuId: transferLine.skuId, sku: sku.sku, skuName: sku.name, batchNo: transferLine.batchNo,
      qty: transferLine.qty, shippedQty: transferLine.shippedQty, receivedQty: transferLine.receivedQty, diffQty: transferLine.diffQty,
    }).from(transferLine).innerJoin(sku, eq(sku.id, transferLine.skuId)).where(inArray(transferLine.transferId, ids)).orderBy(asc(transferLine.id));
    for (const r of rows) r.lines = lines.filter((l) => l.transferId === r.id).map(({ transferId: _t, ...l }) => l);
  },
};

const asTx = (call: CrudCall, tx: unknown): CrudCall => ({ ...call, db: tx as Db });

/** The transfer of `call.body.id` in the caller's scope (404), with the receiving warehouse in it too (403). */
async function transferInScope(call: CrudCall): Promise<Row> {
  const doc = await findInScope(call, bindings.transfer, call.body.id);
  requireInScope(call.ctx, call.user, 'warehouse', { ...docLabel('toWarehouseId'), field: 'toWarehouseId' }, doc.toWarehouseId);
  return doc;
}

/** confirm {id} (module doc): the outbound order at A. Returns the transfer (SHIPPING). */
export async function confirmTransfer(call: CrudCall): Promise<Row> {
  const lang = call.ctx.lang;
  const found = await transferInScope(call);
  const [to] = await call.db.select().from(warehouse).where(eq(warehouse.id, found.toWarehouseId as number));
  await call.db.transaction(async (txRaw) => {
    const c = asTx(call, txRaw);
    const doc = await transition(c, found.id, 'confirm', S.SHIPPING);
    const [{ id }] = await c.db.insert(outboundOrder).values({
      type: OutboundOrderType.TRANSFER, platformOrderNo: doc.transferNo as string, companyId: doc.companyId as number | null,
      warehouseId: doc.fromWarehouseId as number, ownerId: doc.ownerId as number,
      receiverName: to.name, receiverPhone: '-', countryCode: to.countryCode ?? '', province: to.province, city: to.city, address: to.address ?? to.name,
      remark: fillText(texts.remark[lang], { no: doc.transferNo as string }),
    }).returning({ id: outboundOrder.id });
    await c.db.update(outboundOrder).set({ orderNo: documentNo('OUT', id) }).where(eq(outboundOrder.id, id));
    await rawQuery(c.db, `insert into ${T.outLine} (order_id, warehouse_id, owner_id, sku_id, batch_no, qty)
      select $1, from_warehouse_id, owner_id, sku_id, batch_no, qty from ${T.line} where transfer_id = $2 order by id`, [id, doc.id]);
    await c.db.update(transfer).set({ outboundOrderId: id }).where(eq(transfer.id, doc.id as number));
  });
  return findInScope(call, bindings.transfer, found.id);
}

/** cancel {id} (module doc): the transfer and its outbound order (locks released). Returns the transfer (CANCELLED). */
export async function cancelTransfer(call: CrudCall): Promise<Row> {
  const found = await transferInScope(call);
  await call.db.transaction(async (txRaw) => {
    const c = asTx(call, txRaw);
    // the outbound order first (the order every step takes: see the module doc); then the transfer's guarded step
    if (found.outboundOrderId) {
      const [order] = await c.db.select().from(outboundOrder).where(eq(outboundOrder.id, found.outboundOrderId as number)).for('update');
      await transition(c, found.id, 'cancel', S.CANCELLED);
      await releaseOutbound({ ...c, binding: bindings.outboundOrder }, order as unknown as Row);
    } else {
      await transition(c, found.id, 'cancel', S.CANCELLED);
    }
  });
  return findInScope(call, bindings.transfer, found.id);
}

/** The transfer an order belongs to (outbound or inbound side), or undefined. */
async function transferOf(tx: Db, side: 'outbound' | 'inbound', orderId: number) {
  const [t] = await tx.select().from(transfer).where(eq(side === 'outbound' ? transfer.outboundOrderId : transfer.inboundOrderId, orderId));
  return t;
}

/**
 * In the outbound ship step of a TRANSFER order, after the ledger took the stock out (same transaction): the
 * transfer goes IN_TRANSIT, its lines take the units the allocation records held, and the inbound order at B is
 * made with one line per (transfer line, shipped batch). 409 when the transfer is not SHIPPING.
 */
export async function transferShipped(tx: Db, order: Row, lang: Lang): Promise<void> {
  const now = new Date();
  const [t] = await tx.update(transfer).set({ status: S.IN_TRANSIT, shippedTime: now, updateDate: now })
    .where(and(eq(transfer.outboundOrderId, order.id as number), eq(transfer.status, S.SHIPPING))).returning();
  if (!t) {
    const other = await transferOf(tx, 'outbound', order.id as number);
    const state = other ? (meta(bindings.transfer).workflow!.states.find((s) => s.value === other.status)?.[lang] ?? String(other.status)) : '-';
    throw new BizError(Code.CONFLICT, fillText(texts.noOutbound[lang], { no: other?.transferNo ?? String(order.orderNo), state }));
  }
  // what shipped, per transfer line (matched by SKU and batch: lines are unique by both) and batch
  const shipped = (await rawQuery(tx, `select tl.id as "lineId", i.sku_id as "skuId", i.batch_no as "batchNo", sum(a.qty)::int as qty
      from ${T.allocation} a join ${T.outLine} ol on ol.id = a.line_id join ${T.inventory} i on i.id = a.inventory_id
      join ${T.line} tl on tl.transfer_id = $2 and tl.sku_id = ol.sku_id and tl.batch_no = ol.batch_no
      where a.order_id = $1 group by tl.id, i.sku_id, i.batch_no order by tl.id, i.batch_no`, [order.id, t.id])) as Array<{ lineId: number; skuId: number; batchNo: string; qty: number }>;
  await rawQuery(tx, `update ${T.line} tl set shipped_qty = coalesce((select sum(a.qty) from ${T.allocation} a join ${T.outLine} ol on ol.id = a.line_id
      where a.order_id = $1 and ol.sku_id = tl.sku_id and ol.batch_no = tl.batch_no), 0)::int, update_date = now() where tl.transfer_id = $2`, [order.id, t.id]);
  const [{ id }] = await tx.insert(inboundOrder).values({
    type: InboundOrderType.TRANSFER, companyId: t.companyId, warehouseId: t.toWarehouseId, ownerId: t.ownerId,
    storeOrderNo: t.transferNo, sourceOutboundNo: order.orderNo as string, waybillNo: (order.waybillNo as string | null) ?? null,
    remark: fillText(texts.remark[lang], { no: t.transferNo ?? '' }),
  }).returning({ id: inboundOrder.id });
  await tx.update(inboundOrder).set({ orderNo: documentNo('IN', id) }).where(eq(inboundOrder.id, id));
  if (shipped.length) {
    await tx.insert(inboundOrderLine).values(shipped.map((s) => ({
      orderId: id, warehouseId: t.toWarehouseId, ownerId: t.ownerId, skuId: s.skuId, batchNo: s.batchNo, plannedQty: s.qty, transferLineId: s.lineId,
    })));
  }
  await tx.update(transfer).set({ inboundOrderId: id }).where(eq(transfer.id, t.id));
}

/**
 * In an inbound step of a TRANSFER order (receive, complete), after its lines changed (same transaction): the
 * transfer lines' receivedQty follow the inbound lines; `completed` (the inbound order is COMPLETED now) ends the
 * transit: diffQty = received - shipped per line, the transfer RECEIVED.
 */
export async function transferReceived(tx: Db, inboundOrderId: number, completed: boolean): Promise<void> {
  const t = await transferOf(tx, 'inbound', inboundOrderId);
  if (!t) return;
  await rawQuery(tx, `update ${T.line} tl set received_qty = r.qty, diff_qty = case when $2 then r.qty - tl.shipped_qty end, update_date = now()
      from (select l.id, coalesce((select sum(il.received_qty) from ${T.inLine} il where il.transfer_line_id = l.id), 0)::int as qty
        from ${T.line} l where l.transfer_id = $1) r
      where tl.id = r.id`, [t.id, completed]);
  if (completed) {
    const now = new Date();
    await tx.update(transfer).set({ status: S.RECEIVED, receivedTime: now, updateDate: now }).where(and(eq(transfer.id, t.id), eq(transfer.status, S.IN_TRANSIT)));
  }
}

/** In the outbound cancel step (same transaction): the transfer of a cancelled TRANSFER order is cancelled too. */
export async function transferOutboundCancelled(tx: Db, orderId: number): Promise<void> {
  await tx.update(transfer).set({ status: S.CANCELLED, updateDate: new Date() })
    .where(and(eq(transfer.outboundOrderId, orderId), inArray(transfer.status, [S.CREATED, S.SHIPPING])));
}

/**
 * The rules the order modules apply to TRANSFER orders (made and changed by their transfer only): a client may
 * not add one (400 naming the type), edit or delete one (409 naming the transfer), nor cancel the inbound side
 * (409: the goods are on the road; complete it to record what is missing).
 */
export const transferOrders = {
  refuseType(lang: Lang, label: { en: string; zh: string }, type: unknown, transferType: number): void {
    if (type === transferType) throw fieldError(lang, { label, field: 'type' }, texts.typeByTransfer[lang]);
  },
  async refuseChange(tx: Db, lang: Lang, side: 'outbound' | 'inbound', order: Row): Promise<void> {
    const type = side === 'outbound' ? OutboundOrderType.TRANSFER : InboundOrderType.TRANSFER;
    if (order.type !== type) return;
    const t = await transferOf(tx, side, order.id as number);
    throw new BizError(Code.CONFLICT, fillText(texts.madeByTransfer[lang], { no: String(order.orderNo), transfer: t?.transferNo ?? '-' }));
  },
  async refuseInboundCancel(tx: Db, lang: Lang, order: Row): Promise<void> {
    if (order.type !== InboundOrderType.TRANSFER) return;
    const t = await transferOf(tx, 'inbound', order.id as number);
    throw new BizError(Code.CONFLICT, fillText(texts.inTransit[lang], { no: String(order.orderNo), transfer: t?.transferNo ?? '-' }));
  },
};

/** The tables of {@link TRANSIT_SQL} (quoted names) for the dashboard's figure. */
export const transitTables = { transfer: T.transfer, line: T.line };
