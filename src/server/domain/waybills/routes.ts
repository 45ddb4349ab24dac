/**
 * The waybill calls (issue 17; docs/waybills.md):
 * - `/sapi/wms/waybill/create` (outbound:waybill) the waybill form (create.ts) -> the waybill record;
 * - `/sapi/wms/waybill/bulkCreate` (outbound:waybill) `{ids, configId, requestKey}` -> one line per order
 *   `{orderId, orderNo, waybillNo, message}`: each order gets its waybill from its own receiver, COD and
 *   insurance fields, weight = its packages' weights, else its SKUs' weights times quantities; orders are
 *   independent (one refused order does not stop the others); the request key of an order is
 *   `<requestKey>:<orderId>`, so sending the same bulk request again makes no second waybill;
 * - `/sapi/wms/waybill/cancel` (outbound:waybill) `{id}` -> the waybill record;
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
  sapiRoute(app, db, `${b.meta.path}/ofOrder`, bindings.outboundOrder.meta.permissions.list, { body: ID_BODY }, async (a) => {
    await findInScope(call(a), bindings.outboundOrder, a.body.id);
    const waybills = (await listRows(call({ ...a, body: { orderId: a.body.id, sortProp: 'id', sortOrder: 'desc' } }))) as Array<{ id: number }>;
    const events = await eventsOf(db, waybills.map((w) => w.id));
    return { waybills, events: events.map((e) => ({ waybillId: e.waybillId, at: e.at.toISOString(), code: e.code, description: e.description, location: e.location })) };
  });
}
