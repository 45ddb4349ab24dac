/**
 * Outbound orders (spec 1, 2.3, 3, 4, 8; issue 5). The life cycle is the manifest's `outboundOrder.workflow`
 * (generated/docs/workflows.md); stock moves only through the ledger with bizType 2 (OUTBOUND_ORDER) and
 * bizNo = the order number (bizNoExtra = the platform order number).
 *
 * Document: {type (1 normal, 2 noon marketplace), platformOrderNo, warehouseId, ownerId, receiver (name,
 * phone, email, country, province, city, postcode, address), codAmount + codCurrency (cents), insured +
 * insuredAmount + insuredCurrency, waybillNo, remark, lines: [{skuId, batchNo, qty}]} through the generic
 * add/edit/remove with the hooks below: lines (1..500, SKUs of the owner, no SKU + batch twice); a noon
 * order's SKUs must have a noon platform SKU ("product SKU not configured for selected e-commerce
 * platform", spec 8); a COD or insured amount needs its currency; number `OUT<yyyyMMdd><id>`. Only a
 * CREATED order may be edited or removed. A new order takes a place of its company's monthly quota
 * (domain/quotas.ts: 409 "Monthly limit of outbound orders reached (N)").
 *
 * Actions (POST /sapi/wms/outbound-order/<action>):
 * - `allocate {id}`: in ONE transaction, for each line the candidate stock rows (same warehouse, owner, SKU,
 *   and batch when the line names one; in FEFO order for expiry-tracked SKUs, earliest expiry first, expired stock
 *   and stock below the owner's minimum remaining shelf life never taken: inventory/expiry.ts; oldest first for
 *   the others) are locked FOR UPDATE in id order (read with the lines in
 *   one statement), then their location rows are read and the line takes the available quantity
 *   (qty - lockQty) of the lockable locations in pick sequence (issue 29 step 2, ./stock.ts planReservation)
 *   until it is covered; lockQty grows through the ledger at exactly those locations and
 *   `wms_outbound_allocation` records which row and location hold what (one record per location piece). Any
 *   line not covered: 409 "insufficient inventory for selected product" and nothing is locked (spec 8).
 * - `pick {id}`: status step. Picking per record by scanning, short picks: ./picking.ts (pick/list,
 *   pick/confirm, pick/reallocate).
 * - `pack {id, waybillNo?, carrier?, weight?}`: with no package yet, one package
 *   holding every line is made; else every line must be fully packed in its packages (409 otherwise).
 *   Packages themselves: domain/packages.ts (/sapi/wms/outbound-package/add ...).
 * - `ship {id}`: qty and lockQty fall by each record's quantity at the location it names (ledger), shippedTime.
 * - `cancel {id}`: from CREATED, or after allocation with the locks released at the locations the records name.
 * - pack and ship refuse (409) an order a short pick left partially allocated (./stock.ts requireFullyAllocated).
 * - `deliver {id, deliveryStatus}`: a shipped order's delivery outcome (all / partially / not delivered).
 * - `scan {code, by?}` (shipping screen, code outbound:allocate): by package number or package waybill, else
 *   by order, platform order or waybill number; 404 "outbound order does not exist", 409 "multiple outbound
 *   orders found", "multiple packages found", "package does not exist" (spec 8; packages.ts scanOrder).
 */
import { and, asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import * as yup from 'yup';
import { ecPlatformSku, outboundAllocation, outboundOrder, outboundOrderLine, outboundPackage, owner, sku } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { DeliveryStatus, EcPlatform, OutboundOrderStatus as S, OutboundOrderType } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import { requestLabels, rules, type FormMode, type Lang } from '../../../shared/validation';
import { rawQuery } from '../../db/raw';
import { ident } from '../../crud/filters';
import { findInScope, manifestLabel, meta, type CrudCall, type ResourceHooks } from '../../crud/handlers';
import type { BodyRule } from '../../http/body';
import { takeStep, transition } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import { BizError, fieldError, fillText, stockItem, text } from '../../http/errors';
import { checkOwnerSkuLines, linesField, PendingLines, QTY_MAX, requireState, saveNumberAndLines } from '../documents';
import { insertRowsSql } from '../imports/bulk-insert';
import { applyLedger } from '../inventory/ledger';
import { readLocationRows } from '../inventory/locations';
import { reserveQuota } from '../quotas';
import { checkPackedLines, insertPackage, outboundPackages, removeOrderPackages, scanFields, scanOrder, unpackedLines } from '../packages';
import { outboundStepEvents } from '../webhooks/events';
import { allocationChanges, lockOrderStock, planReservation, requireFullyAllocated } from './stock';
import { transferOrders, transferOutboundCancelled, transferShipped } from '../transfers/transfers';

type Row = Record<string, unknown>;
interface LineInput { skuId: number; batchNo?: string | null; qty: number }

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  noPlatformSku: L('product SKU not configured for selected e-commerce platform (noon): {skus}', '所选电商平台（noon）未配置商品SKU：{skus}'),
  currency: L('choose the currency of the amount', '请选择金额的币种'),
  notPacked: L('Not every line is packed: {item} has {packed} of {qty} in packages', '明细未全部装箱：{item}已装 {packed} / {qty}'),
  noOrder: L('Outbound order does not exist: {code}', '出库单不存在：{code}'),
  manyOrders: L('Multiple outbound orders found for {code}: {numbers}', '找到多个出库单（{code}）：{numbers}'),
  expired: L('{n} of {sku} are expired', '{sku} 有 {n} 件已过期'),
  belowShelfLife: L('{n} of {sku} are expired or below the minimum remaining shelf life ({days} days)', '{sku} 有 {n} 件已过期或低于最低剩余保质期（{days} 天）'),
};
const fill = fillText;

/** The manifest label of an outbound order, line or package field. */
const orderLabel = (field: string) => manifestLabel(field, meta(bindings.outboundOrder))!;
const lineLabel = (field: string) => manifestLabel(field, meta(bindings.outboundOrderLine))!;
const packageLabel = (field: string) => manifestLabel(field, meta(bindings.outboundPackage))!;

/** The order's `lines` (required on add; on edit absent = keep them). */
function orderLines(lang: Lang, mode: FormMode) {
  const r = rules(lang, 'add');
  return linesField(lang, yup.object({
    skuId: r.ref(lineLabel('skuId'), { required: true }),
    batchNo: r.string(lineLabel('batchNo'), { maxLength: 50 }),
    qty: r.number(lineLabel('qty'), { required: true, integer: true, min: 1, max: QTY_MAX }),
  }), requestLabels.lines, mode === 'add');
}

const pendingLines = new PendingLines<LineInput & { batchNo: string }>();

export const outboundOrderHooks: ResourceHooks = {
  bodyFields: (lang, mode) => ({ lines: orderLines(lang, mode) }),
  /** allocate, ship, deliver: outbound.allocated, .shipped, .delivered webhook events in the step's transaction. */
  afterStep: (call, action, order) => outboundStepEvents(call.db, action, order),
  async beforeWrite(call, values, existing) {
    const lang = call.ctx.lang;
    if (existing) requireState(bindings.outboundOrder, existing, [S.CREATED], 'edit', lang);
    if (existing) await transferOrders.refuseChange(call.db, lang, 'outbound', existing);
    else transferOrders.refuseType(lang, orderLabel('type'), values.type, OutboundOrderType.TRANSFER);
    const merged = { ...existing, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) };
    for (const [amount, currency] of [['codAmount', 'codCurrency'], ['insuredAmount', 'insuredCurrency']] as const) {
      if (merged[amount] && !merged[currency]) throw fieldError(lang, { label: orderLabel(currency), field: currency }, texts.currency[lang]);
    }
    const ownerId = merged.ownerId as number;
    if (!existing) {
      const [o] = await call.db.select({ companyId: owner.companyId }).from(owner).where(eq(owner.id, ownerId));
      if (o) values.companyId = o.companyId;
    }
    if (existing && call.body.lines === undefined) return;
    const lines = call.body.lines as LineInput[];
    const checked = await checkOwnerSkuLines(call.db, lang, ownerId, lines);
    if (merged.type === OutboundOrderType.NOON) {
      const ids = [...new Set(checked.map((l) => l.skuId))];
      const withNoon = new Set((await call.db.select({ skuId: ecPlatformSku.skuId }).from(ecPlatformSku)
        .where(and(inArray(ecPlatformSku.skuId, ids), eq(ecPlatformSku.ecPlatform, EcPlatform.NOON)))).map((x) => x.skuId));
      const missing = ids.filter((id) => !withNoon.has(id));
      if (missing.length) {
        const codes = (await call.db.select({ sku: sku.sku }).from(sku).where(inArray(sku.id, missing)).orderBy(sku.sku)).map((x) => x.sku);
        throw fieldError(lang, { label: requestLabels.lines, field: 'lines' }, texts.noPlatformSku[lang], { skus: codes.join(', ') });
      }
    }
    if (existing) await checkPackedLines(call.db, outboundPackages, existing.id as number, checked, lang);
    pendingLines.set(call.body, checked);
    // last: the company's monthly quota (409), which locks its row until COMMIT when it is limited
    if (!existing && values.companyId) await reserveQuota(call.db, lang, 'outbound', values.companyId as number);
  },
  afterWrite: (call, values, existing) => saveNumberAndLines(call, values, existing, {
    table: outboundOrder, idColumn: outboundOrder.id, numberKey: 'orderNo', prefix: 'OUT', lineTable: outboundOrderLine, parentColumn: outboundOrderLine.orderId, pending: pendingLines,
    lineRow: (doc, l) => ({ orderId: doc.id, warehouseId: doc.warehouseId, ownerId: doc.ownerId, skuId: l.skuId, batchNo: l.batchNo, qty: l.qty }),
  }),
  async beforeRemove(call, existing) {
    requireState(bindings.outboundOrder, existing, [S.CREATED], 'remove', call.ctx.lang);
    await transferOrders.refuseChange(call.db, call.ctx.lang, 'outbound', existing);
    await removeOrderPackages(call.db, outboundPackages, existing.id as number);
    await call.db.delete(outboundOrderLine).where(eq(outboundOrderLine.orderId, existing.id as number));
  },
  /** Each order carries its `lines` (SKU code and name, batch, qty, allocated and picked qty) and the total qty. */
  async decorate(call, rows) {
    const ids = rows.map((r) => r.id as number);
    if (!ids.length) return;
    const lines = (await rawQuery(call.db, ORDER_LINES, [ids])) as Array<{ id: number; orderId: number; skuId: number; sku: string; skuName: string; batchNo: string; qty: number; allocatedQty: number; pickedQty: number }>;
    for (const r of rows) {
      r.lines = lines.filter((l) => l.orderId === r.id).map(({ orderId: _o, ...l }) => l);
      r.qty = (r.lines as typeof lines).reduce((s, l) => s + l.qty, 0);
    }
  },
};

/** The lines of the orders `$1` (int[]) with their SKU code and name, allocated and picked units, in line order (decorate). */
const ORDER_LINES = `select l.id, l.order_id as "orderId", l.sku_id as "skuId", s.sku, s.name as "skuName", l.batch_no as "batchNo", l.qty, a."allocatedQty", a."pickedQty"
  from ${ident(getTableName(outboundOrderLine))} l join ${ident(getTableName(sku))} s on s.id = l.sku_id
  cross join lateral (select coalesce(sum(a.qty), 0)::int as "allocatedQty", coalesce(sum(a.picked_qty), 0)::int as "pickedQty"
    from ${ident(getTableName(outboundAllocation))} a where a.line_id = l.id) a
  where l.order_id = any($1::int[]) order by l.id`;

/** allocate (see module doc). Returns the allocated order. */
export async function allocateOutbound(call: CrudCall): Promise<Row> {
  const lang = call.ctx.lang;
  return takeStep(call, 'allocate', S.ALLOCATED, {}, async (c, order) => {
    const tx = c.db;
    const { lines, rows } = await lockOrderStock(tx, order);
    // the rows are locked: their location rows read now stay true until COMMIT (locations.ts)
    const plan = planReservation(order, lines, rows, await readLocationRows(tx, rows.map((r) => r.id)));
    const short = lines.find((l) => plan.short.get(l.id)! > 0);
    if (short) {
      const [s] = await tx.select({ sku: sku.sku }).from(sku).where(eq(sku.id, short.skuId));
      const missing = plan.short.get(short.id)!;
      const message = text(lang, 'insufficientAvailable', { item: stockItem(lang, s.sku, short.batchNo), available: String(short.qty - missing), requested: String(short.qty) });
      // units the expiry rules kept from the line (issue 30): the 409 says so
      const refused = plan.refused.get(short.id) ?? 0;
      const minDays = rows.find((r) => r.skuId === short.skuId)?.minDays;
      const why = refused ? fill((minDays ? texts.belowShelfLife : texts.expired)[lang], { n: refused, sku: s.sku, days: minDays ?? 0 }) : '';
      throw new BizError(Code.CONFLICT, why ? `${message}${lang === 'zh' ? '；' : '; '}${why}` : message);
    }
    // the allocation records ride in the ledger's statement: one round trip less while the rows are locked
    await applyLedger(tx, plan.changes, lang, plan.records.length ? insertRowsSql(outboundAllocation, plan.records) : undefined);
  });
}

/** ship {id}: allocated stock leaves the warehouse from the locations the records name. Returns the shipped order. */
export const shipOutbound = (call: CrudCall): Promise<Row> => takeStep(call, 'ship', S.SHIPPED, { shippedTime: new Date() }, async (c, order) => {
  await requireFullyAllocated(c.db, order, call.ctx.lang);
  await applyLedger(c.db, await allocationChanges(c.db, order, true), call.ctx.lang);
  // a transfer's order: the shipped units go in transit and the receipt at the other warehouse is made
  if (order.type === OutboundOrderType.TRANSFER) await transferShipped(c.db, order, call.ctx.lang);
});

/**
 * The guarded cancel step of `order` (a row of the call's transaction `c`, binding outboundOrder) with its work:
 * the locks released where the records hold them (ledger), the records dropped, and a transfer's order
 * cancelling its transfer (transfers/transfers.ts). 409 when the order's state does not allow cancel.
 */
export async function releaseOutbound(c: CrudCall, order: Row): Promise<void> {
  await transition(c, order.id, 'cancel', S.CANCELLED);
  // the allocation records go in the ledger's statement (see allocate)
  const drop = sql`delete from ${outboundAllocation} where ${outboundAllocation.orderId} = ${order.id as number}`;
  await applyLedger(c.db, await allocationChanges(c.db, order, false), c.ctx.lang, drop);
  if (order.type === OutboundOrderType.TRANSFER) await transferOutboundCancelled(c.db, order.id as number);
}

/** cancel {id}: releases the locks of an allocated order where the records hold them. Returns the cancelled order. */
export async function cancelOutbound(call: CrudCall): Promise<Row> {
  const found = await findInScope(call, bindings.outboundOrder, call.body.id);
  await call.db.transaction(async (tx) => releaseOutbound({ ...call, db: tx as unknown as Db }, found));
  return findInScope(call, bindings.outboundOrder, found.id);
}

/** pick {id}: a status step. */
export const pickOutbound = (call: CrudCall): Promise<Row> => takeStep(call, 'pick', S.PICKING);

/**
 * pack {id, waybillNo?, carrier?, weight?} (see module doc): with no package yet, one package holding every
 * line is made with the waybill, carrier and weight given; otherwise every line must be fully packed
 * (409 naming the first that is not). The order's waybill becomes the given one, else its first package's.
 */
export const packBody: BodyRule<{ id: number; waybillNo?: string | null; carrier?: string | null; weight?: number | null }> = {
  schema: (lang) => {
    const r = rules(lang, 'edit');
    return yup.object({
      id: r.recordId(),
      waybillNo: r.string(packageLabel('waybillNo'), { maxLength: 50 }),
      carrier: r.string(packageLabel('carrier'), { maxLength: 50 }),
      weight: r.number(packageLabel('weight'), { min: 0, max: 99999, decimals: 3 }),
    });
  },
};

/** pack (packBody; see the doc above). */
export async function packOutbound(call: CrudCall): Promise<Row> {
  const lang = call.ctx.lang;
  const form = call.body as { waybillNo?: string | null; carrier?: string | null; weight?: number | null };
  return takeStep(call, 'pack', S.PACKED, {}, async (c, order) => {
    const id = order.id as number;
    await requireFullyAllocated(c.db, order, lang);
    const open = await unpackedLines(c.db, outboundPackages, id);
    const [{ packages }] = await c.db.select({ packages: sql<number>`count(*)::int` }).from(outboundPackage).where(eq(outboundPackage.orderId, id));
    if (Number(packages) === 0) {
      await insertPackage(c.db, outboundPackages, order, { waybillNo: form.waybillNo ?? null, carrier: form.carrier ?? null, weight: form.weight ?? null }, open.map((l) => ({ skuId: l.skuId, batchNo: l.batchNo, qty: l.qty })));
    } else if (open.length) {
      const [s] = await c.db.select({ sku: sku.sku }).from(sku).where(eq(sku.id, open[0].skuId));
      throw new BizError(Code.CONFLICT, fill(texts.notPacked[lang], { item: stockItem(lang, s.sku, open[0].batchNo), packed: String(open[0].packed), qty: String(open[0].qty) }));
    }
    const [first] = await c.db.select({ waybillNo: outboundPackage.waybillNo }).from(outboundPackage).where(eq(outboundPackage.orderId, id)).orderBy(asc(outboundPackage.id)).limit(1);
    const waybillNo = form.waybillNo ?? first?.waybillNo ?? null;
    if (waybillNo) await c.db.update(outboundOrder).set({ waybillNo }).where(eq(outboundOrder.id, id));
  });
}

/** The body of deliver: `{id, deliveryStatus}`. */
export const deliverBody: BodyRule<{ id: number; deliveryStatus: number }> = {
  schema: (lang) => {
    const r = rules(lang, 'add'); // 'add': required fields are required
    return yup.object({ id: r.recordId(), deliveryStatus: r.oneOf(orderLabel('deliveryStatus'), Object.values(DeliveryStatus), { required: true }) });
  },
};

/** deliver (deliverBody): the carrier's outcome of a shipped order (spec 4 delivery labels). */
export async function deliverOutbound(call: CrudCall): Promise<Row> {
  const { deliveryStatus } = call.body as { deliveryStatus: number };
  return takeStep(call, 'deliver', S.SHIPPED, { deliveryStatus });
}

/** The body of scan: `{code, by?}`. */
export const scanBody: BodyRule<{ code: string; by?: 'order' | 'package' }> = { schema: (lang) => yup.object(scanFields(lang, requestLabels.outboundScanCode)) };

/** scan (scanBody) for the shipping screen (see module doc): the order with its lines and scanned package. */
export async function scanOutbound(call: CrudCall): Promise<Row> {
  const q = call.body as { code: string; by?: 'order' | 'package' };
  return scanOrder(call, {
    kind: outboundPackages,
    orderNumbers: [outboundOrder.orderNo, outboundOrder.platformOrderNo, outboundOrder.waybillNo],
    noOrder: texts.noOrder, manyOrders: texts.manyOrders,
  }, q.code, q.by);
}
