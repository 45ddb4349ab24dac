/**
 * The waybill calls (issue 17; docs/waybills.md):
 * - `/sapi/wms/waybill/create` (outbound:waybill) the waybill form (create.ts) -> the waybill record;
 * - `/sapi/wms/waybill/bulkCreate` (outbound:waybill) `{ids, configId, requestKey}` -> one line per order
 *   `{orderId, orderNo, waybillNo, message}`: each order gets its waybill from its own receiver, COD and
 *   insurance fields, weight = its packages' weights, else its SKUs' weights times quantities; orders are
 *   independent (one refused order does not stop the others); the request key of an order is
 *   `<requestKey>:<orderId>`, so sending the same bulk request again makes no second waybill;
 * - `/sapi/wms/waybill/cancel` (outbound:waybill) `{id}` -> the waybill record;
 * - `/sapi/wms/waybill/cost` (outbound:waybill) `{id, carrierCost, carrierCostCurrency}` (cents, Currency) -> the
 *   waybill record: the carrier's cost entered by the operator when the carrier's answer gave none (or corrected).
 *   In one transaction: the waybill's uninvoiced charge (billing, WAYBILL_MARKUP_PERCENT) is dropped and the
 *   charges of the waybill's day and warehouse computed again, so the charge follows the cost at once; a charge
 *   already on a confirmed invoice: 409, nothing changed (a correction is then a credit note);
 * - `/sapi/wms/waybill/ofOrder` (outbound:list) `{id}` (order id) -> `{waybills, events}`: the order's waybill
 *   requests, newest first, and the tracking history of them, oldest first.
 * The label PDF is a stored file: `GET /sapi/sys/file/get/<labelFile>` (X-Token header or a signed address; to users
 * whose scope covers the order: files/access.ts).
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import * as yup from 'yup';
import { outboundOrder, outboundOrderLine, outboundPackage, sku } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { rules } from '../../../shared/validation';
import { findInScope, listRows, manifestLabel, meta, type CrudCall } from '../../crud/handlers';
import type { Db } from '../../db/connect';
import { checkBody, ID_BODY, type BodyRule } from '../../http/body';
import { BizError } from '../../http/errors';
import { sapiRoute } from '../../http/sapi';
import type { FileStorage } from '../files/storage';
import { cancelWaybill, createBody, createWaybill, type WaybillForm } from './create';
import { eventsOf } from './tracking';
import { computeCharges } from '../billing/charges';
import { rawQuery } from '../../db/raw';
import { ChargeKind, enumValues } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';

const CODE = 'outbound:waybill';

/** Body of bulkCreate: at most 100 orders a request. */
export const bulkBody: BodyRule<{ ids: number[]; configId: number; requestKey: string }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    const spec = meta(bindings.waybill);
    return yup.object({
      ids: r.refs(meta(bindings.outboundOrder), { required: true }).min(1, r.text('required', meta(bindings.outboundOrder))).max(100),
      configId: r.ref(manifestLabel('configId', spec)!, { required: true }),
      requestKey: r.string(manifestLabel('requestKey', spec)!, { required: true, maxLength: 50 }),
    });
  },
};

/** Body of /sapi/wms/waybill/cost: the waybill, the cost in cents (>= 0) and its currency, both required. */
export const costBody: BodyRule<{ id: number; carrierCost: number; carrierCostCurrency: number }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    const spec = meta(bindings.waybill);
    return yup.object({
      id: r.recordId(),
      carrierCost: r.money(manifestLabel('carrierCost', spec)!, { required: true, min: 0 }),
      carrierCostCurrency: r.oneOf(manifestLabel('carrierCostCurrency', spec)!, enumValues.Currency.map((c) => c.value), { required: true }),
    });
  },
  labels: meta(bindings.waybill),
};

const costTexts = {
  invoiced: { en: 'Waybill {no}: its charge is on a confirmed invoice; the cost can no longer be changed', zh: '运单 {no}：其费用已在已确认的账单中，不能再修改运费' },
};

/** The waybill form an order gives by itself (bulk): its receiver, COD, insurance and weight. */
async function formOfOrder(db: Db, orderId: number, configId: number, requestKey: string): Promise<Record<string, unknown>> {
  const [o] = await db.select().from(outboundOrder).where(eq(outboundOrder.id, orderId));
  const [packed] = await db.select({ kg: sql<string | null>`sum(${outboundPackage.weight})`, n: sql<number>`count(*)::int` }).from(outboundPackage).where(eq(outboundPackage.orderId, orderId));
  const [goods] = await db.select({ kg: sql<string | null>`sum(${sku.weight} * ${outboundOrderLine.qty})` }).from(outboundOrderLine).innerJoin(sku, eq(sku.id, outboundOrderLine.skuId)).where(eq(outboundOrderLine.orderId, orderId));
  const weight = Number(packed.kg ?? 0) > 0 ? Number(packed.kg) : Number(goods.kg ?? 0);
  return {
    orderId, configId, requestKey, receiverName: o.receiverName, receiverPhone: o.receiverPhone, receiverEmail: o.receiverEmail,
    countryCode: o.countryCode, province: o.province, city: o.city, postcode: o.postcode, address: o.address,
    codAmount: o.codAmount, codCurrency: o.codCurrency, insured: o.insured, insuredAmount: o.insuredAmount, insuredCurrency: o.insuredCurrency,
    openBox: false, weight: Math.round(weight * 1000) / 1000, parcels: Math.max(1, Number(packed.n)),
  };
}

export function registerWaybillRoutes(app: FastifyInstance, db: Db, storage: FileStorage): void {
  const b = bindings.waybill;
  const call = (a: { ctx: CrudCall['ctx']; user: CrudCall['user']; body: unknown }): CrudCall => ({ db, ctx: a.ctx, user: a.user, binding: b, body: a.body as Record<string, unknown> });
  sapiRoute(app, db, `${b.meta.path}/create`, CODE, { body: createBody }, (a) => createWaybill(call(a), storage));
  sapiRoute(app, db, `${b.meta.path}/cancel`, CODE, { body: ID_BODY }, (a) => cancelWaybill(call(a)));
  sapiRoute(app, db, `${b.meta.path}/bulkCreate`, CODE, { body: bulkBody }, async (a) => {
    const out: Array<{ orderId: number; orderNo: string | null; waybillNo: string | null; message: string | null }> = [];
    for (const orderId of a.body.ids) {
      let orderNo: string | null = null;
      try {
        const order = await findInScope(call(a), bindings.outboundOrder, orderId);
        orderNo = order.orderNo as string;
        // the order's own fields go through the create form's rule, so a gap (no weight, no city) is said in words
        const form = await checkBody(createBody, await formOfOrder(db, orderId, a.body.configId, `${a.body.requestKey}:${orderId}`), a.ctx.lang);
        const made = await createWaybill(call({ ...a, body: form as WaybillForm }), storage);
        out.push({ orderId, orderNo, waybillNo: made.waybillNo as string, message: null });
      } catch (e) {
        if (!(e instanceof BizError)) throw e;
        out.push({ orderId, orderNo, waybillNo: null, message: e.message });
      }
    }
    return out;
  });
  sapiRoute(app, db, `${b.meta.path}/cost`, CODE, { body: costBody }, async (a) => {
    const wb = await findInScope(call(a), b, a.body.id);
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [w] = await rawQuery(tx, `select w.id, o.owner_id, o.warehouse_id, to_char((w.add_date at time zone 'UTC')::date, 'YYYY-MM-DD') as day
        from wms_waybill w join wms_outbound_order o on o.id = w.order_id where w.id = $1 for update of w`, [a.body.id]);
      const charged = await rawQuery(tx, `select id, invoice_id from wms_charge where kind = $1 and source_type = 'waybill' and source_id = $2 for update`, [ChargeKind.WAYBILL_MARKUP_PERCENT, a.body.id]);
      if (charged.some((c) => c.invoice_id !== null)) throw new BizError(Code.CONFLICT, costTexts.invoiced[a.ctx.lang].replace('{no}', String(wb.waybillNo ?? `#${wb.id}`)));
      await rawQuery(tx, `delete from wms_charge where kind = $1 and source_type = 'waybill' and source_id = $2`, [ChargeKind.WAYBILL_MARKUP_PERCENT, a.body.id]);
      await rawQuery(tx, `update wms_waybill set carrier_cost = $2, carrier_cost_currency = $3, update_date = now() where id = $1`, [a.body.id, a.body.carrierCost, a.body.carrierCostCurrency]);
      await computeCharges(tx, { ownerId: Number(w.owner_id), from: String(w.day), to: String(w.day), warehouseIds: [Number(w.warehouse_id)] });
    });
    return findInScope(call(a), b, a.body.id);
  });
  sapiRoute(app, db, `${b.meta.path}/ofOrder`, bindings.outboundOrder.meta.permissions.list, { body: ID_BODY }, async (a) => {
    await findInScope(call(a), bindings.outboundOrder, a.body.id);
    const waybills = (await listRows(call({ ...a, body: { orderId: a.body.id, sortProp: 'id', sortOrder: 'desc' } }))) as Array<{ id: number }>;
    const events = await eventsOf(db, waybills.map((w) => w.id));
    return { waybills, events: events.map((e) => ({ waybillId: e.waybillId, at: e.at.toISOString(), code: e.code, description: e.description, location: e.location })) };
  });
}
