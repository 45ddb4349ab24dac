/**
 * The waybill proxy (issue 17; spec 1, 2.3 /func/create_waybill, 3): the server, never the browser, asks the
 * carrier of a configuration for a waybill for one outbound order, and lands the number and the carrier on the
 * order and its packages and the label PDF in the file storage.
 *
 * No second waybill for one request:
 * 1. under a lock of the order row, the attempt is stored first (wms_waybill, status PENDING) with its request
 *    key (the console makes one per form; the same key again is the same request), after checking that the
 *    order is allocated, picking or packed (shared/waybills.ts) and has no live waybill (PENDING, CREATED, UNKNOWN);
 * 2. the carrier is called outside any transaction, with the key in the carrier's reference field;
 * 3. a call whose outcome is unclear (timeout or reset after sending, 5xx) is never repeated blindly: the
 *    adapter's findByReference looks for the first attempt (SMSA: track by reference) and the waybill found is
 *    adopted; a carrier that cannot tell (Aramex) leaves the attempt UNKNOWN, which blocks new requests for
 *    the order until an operator checks with the carrier and cancels it;
 * 4. on success the waybill, the order and its packages change in one transaction; the label is stored after.
 * A refusal of the carrier leaves the attempt FAILED with the carrier's words and the order untouched; the
 * answer is a 400 (409 when the outcome is unknown) carrying those words, never a 500.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { carrierConfig, outboundOrder, outboundOrderLine, outboundPackage, sku, waybill, warehouse } from '../../../../generated/db/schema';
import { sysFile } from '../../db/internal-schema';
import { bindings } from '../../../../generated/server/routes';
import { enumValues, OutboundOrderStatus as S, WaybillStatus as W } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import type { Lang } from '../../../shared/validation';
import { WAYBILL_STATES } from '../../../shared/waybills';
import { findInScope, manifestLabel, meta, withDefaults, type CrudCall } from '../../crud/handlers';
import { workflowOf } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import type { BodyRule } from '../../http/body';
import { BizError, fieldError } from '../../http/errors';
import { newStorageKey, type FileStorage } from '../files/storage';
import { adapterOf, companyOf, TRANSPORT_RETRIES, type CarrierConfigRow } from './carriers';
import { CarrierError, carrierErrorText, type CarrierAdapter, type CreatedShipment, type ShipmentRequest } from './carriers/types';
import { outboundData, raiseEvents } from '../webhooks/events';

type Row = Record<string, unknown>;

/** The create form: the manifest's waybill form (spec 3 creation fields, configuration, request key). */
export interface WaybillForm {
  orderId: number; configId: number; requestKey?: string | null;
  receiverName: string; receiverPhone: string; receiverPhone2?: string | null; receiverEmail?: string | null;
  countryCode: string; province?: string | null; city: string; postcode?: string | null; address: string;
  codAmount?: number | null; codCurrency?: number | null; openBox: boolean; insured: boolean;
  insuredAmount?: number | null; insuredCurrency?: number | null; weight: number; parcels: number;
}

/** Body of /sapi/wms/waybill/create: the waybill form with the manifest's defaults filled in. */
export const createBody: BodyRule<WaybillForm> = {
  schema: (lang) => bindings.waybill.schemas.form('add', lang),
  labels: meta(bindings.waybill),
  prepare: (body) => withDefaults(meta(bindings.waybill), body),
};

/** Attempts that hold the order: no second request while one of these exists. */
const LIVE: number[] = [W.PENDING, W.CREATED, W.UNKNOWN];

const texts = {
  state: { en: '{order}: a waybill is made for orders that are {allowed}; this one is {now}', zh: '{order}：仅{allowed}的出库单可以创建运单；当前为{now}' },
  hasWaybill: { en: '{order} already has waybill {no} ({carrier}); cancel it first', zh: '{order}已有运单{no}（{carrier}），请先取消' },
  hasUnknown: { en: '{order} has a waybill request whose outcome is unknown: check with {carrier} for reference {key}, then cancel that request', zh: '{order}有一个结果未知的运单请求：请向{carrier}核实参考号{key}后取消该请求' },
  waiting: { en: 'This request is still with the carrier; wait for its answer', zh: '该请求仍在等待承运商应答' },
  keyOtherOrder: { en: '{label} was used for another order', zh: '{label}已用于另一出库单' },
  keyCancelled: { en: 'This request was cancelled; open the form again for a new one', zh: '该请求已取消，请重新打开表单' },
  otherWarehouse: { en: '{label} belongs to another warehouse than the order', zh: '{label}与出库单不属于同一仓库' },
  sealed: { en: 'the stored credentials cannot be decrypted with this installation\'s key (WMS_SECRET_KEY or secret.key changed): enter them again', zh: '无法用本安装的密钥解密已保存的凭据（WMS_SECRET_KEY 或 secret.key 已更改）：请重新输入' },
  shippedCancel: { en: '{order} is shipped: its waybill can no longer be cancelled here', zh: '{order}已发货，不能在此取消其运单' },
  pendingCancel: { en: 'This request is still with the carrier; it can be cancelled when it has waited over 5 minutes', zh: '该请求仍在等待承运商应答，超过5分钟后才可取消' },
};
const fill = (t: string, args: Record<string, string>) => t.replace(/\{(\w+)\}/g, (_, k) => args[k] ?? '');
const nameOf = (o: { id: number; orderNo: string | null }) => o.orderNo ?? `#${o.id}`;
const waybillLabel = (field: string) => ({ label: manifestLabel(field, meta(bindings.waybill))!, field });

function stateWords(lang: Lang, states: number[]): string {
  const wf = workflowOf(bindings.outboundOrder);
  return states.map((v) => wf.states.find((s) => s.value === v)?.[lang] ?? String(v)).join(lang === 'zh' ? '、' : ', ');
}

/** ISO code of a Currency enum value (RMB is CNY). */
export function currencyCode(value: number | null | undefined): string | null {
  const key = enumValues.Currency.find((c) => c.value === value)?.key ?? null;
  return key === 'RMB' ? 'CNY' : key;
}

/** The Currency enum value of an ISO code (CNY is RMB), null when the manifest has no such currency. */
export function currencyValue(code: string): number | null {
  const key = code.toUpperCase() === 'CNY' ? 'RMB' : code.toUpperCase();
  return enumValues.Currency.find((c) => c.key === key)?.value ?? null;
}

/**
 * Creates with the recovery of step 3 above: after an unclear failure, the first attempt is looked up by
 * reference; only when the carrier says there is none is the create repeated (at most `retries` times).
 * `lookFirst`: the stored attempt already had an unclear outcome, so look before the first create.
 */
export async function createWithRecovery(adapter: CarrierAdapter, req: ShipmentRequest, retries: number, lookFirst = false): Promise<CreatedShipment> {
  if (lookFirst) {
    const found = await adapter.findByReference(req.reference);
    if (found) return found;
    if (found === undefined) throw new CarrierError('unknown', `the outcome of request ${req.reference} cannot be looked up`);
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return await adapter.create(req);
    } catch (e) {
      if (!(e instanceof CarrierError) || e.kind !== 'unknown') throw e;
      const found = await adapter.findByReference(req.reference);
      if (found) return found;
      if (found === null && attempt < retries) continue;
      throw e;
    }
  }
}

interface Claim { id: number; existing: boolean; lookFirst: boolean; config: CarrierConfigRow; order: typeof outboundOrder.$inferSelect }

/** Step 1: check and store the attempt (or find the earlier one with this key). */
async function claim(call: CrudCall, form: WaybillForm, key: string): Promise<Claim> {
  const lang = call.ctx.lang;
  await findInScope(call, bindings.outboundOrder, form.orderId);
  await findInScope(call, bindings.carrierConfig, form.configId);
  return call.db.transaction(async (tx) => {
    const [order] = await tx.select().from(outboundOrder).where(eq(outboundOrder.id, form.orderId)).for('update');
    const [config] = await tx.select().from(carrierConfig).where(eq(carrierConfig.id, form.configId));
    const [same] = await tx.select().from(waybill).where(eq(waybill.requestKey, key));
    if (same) {
      if (same.orderId !== order.id) throw fieldError(lang, waybillLabel('requestKey'), texts.keyOtherOrder[lang], {}, Code.CONFLICT);
      if (same.status === W.CREATED) return { id: same.id, existing: true, lookFirst: false, config, order };
      if (same.status === W.PENDING) throw new BizError(Code.CONFLICT, texts.waiting[lang]);
      if (same.status === W.CANCELLED) throw new BizError(Code.CONFLICT, texts.keyCancelled[lang]);
    }
    if (!WAYBILL_STATES.includes(order.status)) {
      throw new BizError(Code.CONFLICT, fill(texts.state[lang], { order: nameOf(order), allowed: stateWords(lang, [...WAYBILL_STATES]), now: stateWords(lang, [order.status]) }));
    }
    const [live] = await tx.select().from(waybill).where(and(eq(waybill.orderId, order.id), inArray(waybill.status, LIVE), ...(same ? [ne(waybill.id, same.id)] : []))).limit(1);
    if (live) {
      const liveCompany = companyOf(live.carrier ?? config.carrier);
      throw new BizError(Code.CONFLICT, live.status === W.UNKNOWN
        ? fill(texts.hasUnknown[lang], { order: nameOf(order), carrier: liveCompany, key: live.requestKey ?? '' })
        : fill(texts.hasWaybill[lang], { order: nameOf(order), no: live.waybillNo ?? '-', carrier: liveCompany }));
    }
    if (config.warehouseId !== order.warehouseId) throw fieldError(lang, waybillLabel('configId'), texts.otherWarehouse[lang]);
    const values = {
      ...form, requestKey: key, warehouseId: order.warehouseId, ownerId: order.ownerId, carrier: config.carrier,
      status: W.PENDING, message: null, waybillNo: null, updateDate: new Date(),
    };
    if (same) {
      // the same request again after a refusal (FAILED) or an unclear outcome (UNKNOWN): this row is the attempt
      await tx.update(waybill).set(values).where(eq(waybill.id, same.id));
      return { id: same.id, existing: false, lookFirst: same.status === W.UNKNOWN, config, order };
    }
    const [row] = await tx.insert(waybill).values(values).returning({ id: waybill.id });
    return { id: row.id, existing: false, lookFirst: false, config, order };
  });
}

/** What the carrier is told (spec 3 creation fields; shipper: the configuration's contact at the warehouse). */
async function shipmentRequest(db: Db, form: WaybillForm, key: string, c: Claim): Promise<ShipmentRequest> {
  const [wh] = await db.select().from(warehouse).where(eq(warehouse.id, c.order.warehouseId));
  const names = await db.select({ name: sku.name }).from(outboundOrderLine).innerJoin(sku, eq(sku.id, outboundOrderLine.skuId)).where(eq(outboundOrderLine.orderId, c.order.id)).orderBy(asc(outboundOrderLine.id));
  const description = [...new Set(names.map((n) => n.name))].join(', ').slice(0, 100) || nameOf(c.order);
  const money = (cents: number | null | undefined, currency: number | null | undefined) =>
    cents && cents > 0 ? { amountCents: cents, currency: currencyCode(currency) ?? 'SAR' } : null;
  return {
    reference: key,
    orderNo: nameOf(c.order),
    receiver: {
      name: form.receiverName, phone: form.receiverPhone, phone2: form.receiverPhone2, email: form.receiverEmail, countryCode: form.countryCode,
      province: form.province, city: form.city, postcode: form.postcode, address: form.address,
    },
    shipper: { name: c.config.shipperName, phone: c.config.shipperPhone, countryCode: wh?.countryCode ?? form.countryCode, city: wh?.city ?? '', address: wh?.address ?? '' },
    cod: money(form.codAmount, form.codCurrency),
    insurance: form.insured ? money(form.insuredAmount, form.insuredCurrency) : null,
    openBox: form.openBox,
    weightKg: form.weight,
    parcels: form.parcels,
    description,
    shipDate: new Date(),
  };
}

/** Step 4: the waybill, the order and its packages in one transaction; then the label in the file storage. */
async function land(call: CrudCall, storage: FileStorage, c: Claim, shipment: CreatedShipment): Promise<void> {
  const company = companyOf(c.config.carrier);
  await call.db.transaction(async (tx) => {
    // the carrier's rated cost when its answer has one in a currency we know (billing's waybill charge)
    const costCurrency = shipment.cost ? currencyValue(shipment.cost.currency) : null;
    const cost = shipment.cost && costCurrency !== null && Number.isSafeInteger(shipment.cost.amountCents) && shipment.cost.amountCents >= 0
      ? { carrierCost: shipment.cost.amountCents, carrierCostCurrency: costCurrency } : {};
    await tx.update(waybill).set({ status: W.CREATED, waybillNo: shipment.waybillNo, message: null, updateDate: new Date(), ...cost }).where(eq(waybill.id, c.id));
    const [order] = await tx.update(outboundOrder).set({ waybillNo: shipment.waybillNo, logisticsCompany: company, status3pl: null, updateDate: new Date() }).where(eq(outboundOrder.id, c.order.id)).returning();
    // waybill.created, ordered with the order's other events (webhooks/events.ts): the order row is locked now
    await raiseEvents(tx as unknown as Db, [{
      ownerId: order.ownerId, type: 'WAYBILL_CREATED', documentKey: `outboundOrder:${order.id}`,
      data: { ...outboundData(order), waybillId: c.id, carrier: c.config.carrier },
    }]);
    await tx.update(outboundPackage).set({ waybillNo: shipment.waybillNo, carrier: company, updateDate: new Date() }).where(eq(outboundPackage.orderId, c.order.id));
  });
  // the waybill exists now: a label that cannot be stored is said on the record, not as a failed request
  const key = newStorageKey('pdf');
  try {
    await storage.put(key, shipment.label);
    await call.db.insert(sysFile).values({ id: randomUUID(), path: key, originalName: `waybill-${shipment.waybillNo}.pdf`, mime: 'application/pdf', size: shipment.label.length, fileType: 3, userId: call.user.id });
    await call.db.update(waybill).set({ labelFile: key }).where(eq(waybill.id, c.id));
  } catch (e) {
    await call.db.update(waybill).set({ message: `label not stored: ${(e as Error).message}`.slice(0, 500) }).where(eq(waybill.id, c.id));
  }
}

/**
 * /sapi/wms/waybill/create (code outbound:waybill): the body is {@link createBody}; the answer the waybill
 * record (waybillNo, carrier, labelFile: the label's key under /sapi/sys/file/get/).
 * @throws BizError 400 with the carrier's words when it refuses, 409 when the outcome is unknown or the order
 *   cannot take a waybill (state, live waybill), 404 outside the caller's scope.
 */
export async function createWaybill(call: CrudCall, storage: FileStorage): Promise<Row> {
  const lang = call.ctx.lang;
  const form = call.body as unknown as WaybillForm;
  const key = form.requestKey || randomUUID();
  const c = await claim(call, form, key);
  if (c.existing) return findInScope(call, bindings.waybill, c.id);
  const company = companyOf(c.config.carrier);
  let shipment: CreatedShipment;
  try {
    let adapter: CarrierAdapter;
    try { adapter = adapterOf(c.config); } catch { throw new CarrierError('auth', texts.sealed[lang]); }
    shipment = await createWithRecovery(adapter, await shipmentRequest(call.db, form, key, c), TRANSPORT_RETRIES, c.lookFirst);
  } catch (e) {
    const ce = e instanceof CarrierError ? e : null;
    // an error of ours after the request may have left: the outcome is not known
    await call.db.update(waybill).set({ status: ce && ce.kind !== 'unknown' ? W.FAILED : W.UNKNOWN, message: (ce ? ce.message : String((e as Error).message)).slice(0, 500), updateDate: new Date() }).where(eq(waybill.id, c.id));
    if (!ce) throw e;
    throw new BizError(ce.kind === 'unknown' ? Code.CONFLICT : Code.BAD_REQUEST, carrierErrorText(ce, company, lang));
  }
  await land(call, storage, c, shipment);
  return findInScope(call, bindings.waybill, c.id);
}

/**
 * /sapi/wms/waybill/cancel {id} (code outbound:waybill): a created waybill is cancelled with the carrier where
 * its API can (the answer's `message` says when it cannot) and taken off its order and packages; a failed or
 * unknown attempt is closed (an operator checked with the carrier); a pending one only after 5 minutes.
 * @throws BizError 409 when the order is shipped or the attempt is still pending.
 */
export async function cancelWaybill(call: CrudCall): Promise<Row> {
  const lang = call.ctx.lang;
  const record = await findInScope(call, bindings.waybill, call.body.id);
  const [wb] = await call.db.select().from(waybill).where(eq(waybill.id, record.id as number));
  if (wb.status === W.CANCELLED) return record;
  if (wb.status === W.PENDING && Date.now() - wb.updateDate.getTime() < 5 * 60_000) throw new BizError(Code.CONFLICT, texts.pendingCancel[lang]);
  const [order] = await call.db.select().from(outboundOrder).where(eq(outboundOrder.id, wb.orderId));
  let message: string | null = null;
  if (wb.status === W.CREATED) {
    if (order.status === S.SHIPPED) throw new BizError(Code.CONFLICT, fill(texts.shippedCancel[lang], { order: nameOf(order) }));
    const [config] = await call.db.select().from(carrierConfig).where(eq(carrierConfig.id, wb.configId));
    try {
      message = (await adapterOf(config).cancel(wb.waybillNo!)).message;
    } catch (e) {
      if (e instanceof CarrierError) throw new BizError(Code.BAD_REQUEST, carrierErrorText(e, companyOf(config.carrier), lang));
      throw e;
    }
  }
  await call.db.transaction(async (tx) => {
    await tx.update(waybill).set({ status: W.CANCELLED, message: message?.slice(0, 500) ?? wb.message, updateDate: new Date() }).where(eq(waybill.id, wb.id));
    if (wb.status === W.CREATED && wb.waybillNo && order.waybillNo === wb.waybillNo) {
      await tx.update(outboundOrder).set({ waybillNo: null, logisticsCompany: null, status3pl: null, updateDate: new Date() }).where(eq(outboundOrder.id, order.id));
      await tx.update(outboundPackage).set({ waybillNo: null, carrier: null, updateDate: new Date() }).where(and(eq(outboundPackage.orderId, order.id), eq(outboundPackage.waybillNo, wb.waybillNo)));
    }
  });
  return findInScope(call, bindings.waybill, wb.id);
}
