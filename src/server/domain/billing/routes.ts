/**
 * The billing calls beyond the generic ones (issue 32 step 2; docs/billing.md "Calls"), and its daily tasks.
 *
 * | call | code | body | data |
 * |---|---|---|---|
 * | `/sapi/wms/charge/compute` | billing:compute | `{ownerId, from, to}` (days yyyy-MM-dd, from <= to, at most 366 days) | `{added, addedAmount}` (cents) |
 * | `/sapi/wms/charge/recompute` | billing:compute | same | `{before, after, difference, updated, removed, added}` (cents) |
 * | `/sapi/wms/invoice/run` | billing:invoice | `{ownerId, month}` (yyyy-MM) | the DRAFT invoice with `lines` (invoices.ts) |
 * | `/sapi/wms/invoice/confirm` | billing:invoice | `{id}` | the CONFIRMED invoice |
 * | `/sapi/wms/invoice/line-add` | billing:invoice | `{id, kind, qty?, amount, reason}` (a DRAFT; kind VAS / MANUAL / ADJUSTMENT, cents) | the invoice (corrections.ts) |
 * | `/sapi/wms/invoice/line-remove` | billing:invoice | `{id, lineId}` (a line added by hand of a DRAFT) | the invoice |
 * | `/sapi/wms/invoice/credit` | billing:invoice | `{id, kind, amount, reason}` (a CONFIRMED invoice; amount > 0 cents) | the credit note |
 * | `/sapi/wms/invoice/detail-xlsx` | billing:list | `{id}` | `{url, expiresAt}`: the signed address of the invoice's Excel detail (invoice-detail.ts) |
 *
 * The owner must be in the caller's scope (403 naming it); a caller limited to some warehouses computes only
 * those warehouses' charges. Bad input is a 400 naming the field, before anything is read.
 *
 * Tasks (domain/jobs/registry.ts): `stockSnapshot` (00:05, the day that ended; parameter `date`) and
 * `chargeCompute` (00:30: every owner's charges of the day that ended and the day before it, so an event whose UTC
 * day lags the server's day is charged the next night; parameter `date` = the last day).
 */
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { bindings } from '../../../../generated/server/routes';
import { addDays, daysBetween } from '../../../shared/calendar';
import { requestLabels, rules } from '../../../shared/validation';
import { manifestLabel, meta } from '../../crud/handlers';
import type { Db } from '../../db/connect';
import type { BodyRule } from '../../http/body';
import type { UserContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { requireInScope, scopeIds } from '../../http/guard';
import { sapiRoute } from '../../http/sapi';
import { registerJobHandler, type JobHandler } from '../jobs/registry';
import { computeCharges, ownerIds, recomputeCharges, type Period } from './charges';
import { billingDay, takeStockSnapshot } from './snapshot';
import { confirmInvoice, previousMonth, runBody, runInvoiceCall, runInvoices } from './invoices';
import { addLine, creditBody, creditInvoice, lineAddBody, lineRemoveBody, removeLine } from './corrections';
import { registerInvoiceDetailRoutes } from './invoice-detail';
import { actionOf } from '../../crud/workflow';
import { ID_BODY } from '../../http/body';
import type { CrudCall } from '../../crud/handlers';

export const CHARGE_PATH = '/sapi/wms/charge';
const CODE = 'billing:compute';
/** The longest period one call computes, in days. */
export const MAX_PERIOD_DAYS = 366;

interface PeriodBody { ownerId: number; from: string; to: string }
const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  order: L('{label} cannot be before the start', '{label}不能早于开始日期'),
  tooLong: L('{label}: a period is at most {max} days', '{label}：期间最长{max}天'),
};

/** `{ownerId, from, to}`: the owner (the charge's manifest label) and two calendar days. */
export const periodBody: BodyRule<PeriodBody> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({
      ownerId: r.ref(manifestLabel('ownerId', meta(bindings.charge))!, { required: true }),
      from: r.calendarDate(requestLabels.periodFrom, { required: true }),
      to: r.calendarDate(requestLabels.periodTo, { required: true }),
    });
  },
};

/** The checked period of a call: 400 when `to` is before `from` or the period is too long; 403 for another owner. */
function periodOf(ctx: Parameters<typeof requireInScope>[0], user: UserContext, b: PeriodBody): Period {
  const { lang } = ctx;
  const days = daysBetween(b.from, b.to);
  if (days < 0) throw fieldError(lang, { label: requestLabels.periodTo, field: 'to' }, texts.order[lang]);
  if (days >= MAX_PERIOD_DAYS) throw fieldError(lang, { label: requestLabels.periodTo, field: 'to' }, texts.tooLong[lang], { max: MAX_PERIOD_DAYS });
  requireInScope(ctx, user, 'owner', { ...manifestLabel('ownerId', meta(bindings.charge))!, field: 'ownerId' }, b.ownerId);
  const w = scopeIds(user, 'warehouse');
  return { ownerId: b.ownerId, from: b.from, to: b.to, warehouseIds: w === 'all' ? null : w };
}

export function registerBillingRoutes(app: FastifyInstance, db: Db): void {
  sapiRoute(app, db, `${CHARGE_PATH}/compute`, CODE, { body: periodBody }, (a) => computeCharges(db, periodOf(a.ctx, a.user, a.body)));
  sapiRoute(app, db, `${CHARGE_PATH}/recompute`, CODE, { body: periodBody }, (a) => recomputeCharges(db, periodOf(a.ctx, a.user, a.body)));
  const b = bindings.invoice;
  const invoiceCall = (a: { ctx: CrudCall['ctx']; user: UserContext; body: unknown }): CrudCall => ({ db, ctx: a.ctx, user: a.user, binding: b, body: a.body as CrudCall['body'] });
  sapiRoute(app, db, `${b.meta.path}/run`, actionOf(b, 'confirm').code, { body: runBody }, (a) => runInvoiceCall(invoiceCall(a)));
  sapiRoute(app, db, `${b.meta.path}/confirm`, actionOf(b, 'confirm').code, { body: ID_BODY }, (a) => confirmInvoice(invoiceCall(a)));
  // corrections (corrections.ts): lines added by hand on a draft, credit notes of a confirmed invoice
  sapiRoute(app, db, `${b.meta.path}/line-add`, actionOf(b, 'confirm').code, { body: lineAddBody }, (a) => addLine(invoiceCall(a)));
  sapiRoute(app, db, `${b.meta.path}/line-remove`, actionOf(b, 'confirm').code, { body: lineRemoveBody }, (a) => removeLine(invoiceCall(a)));
  sapiRoute(app, db, `${b.meta.path}/credit`, actionOf(b, 'confirm').code, { body: creditBody }, (a) => creditInvoice(invoiceCall(a)));
  // the invoice's Excel detail (invoice-detail.ts); its PDF is the print kind `invoice` (../print/invoice.ts)
  registerInvoiceDetailRoutes(app, db);
}

export const stockSnapshotJob: JobHandler = {
  bean: 'stockSnapshot',
  title: { en: 'Nightly stock snapshot for storage billing', zh: '每日库存快照（仓储计费）' },
  defaults: { name: { en: 'Nightly stock snapshot', zh: '每日库存快照' }, cron: '5 0 * * *' },
  async run({ db, params, signal, fireTime }) {
    const day = billingDay(params, fireTime);
    signal.throwIfAborted();
    const n = await takeStockSnapshot(db, day);
    return { en: `${day}: ${n} snapshot row(s)`, zh: `${day}：${n} 条快照` };
  },
};

export const chargeComputeJob: JobHandler = {
  bean: 'chargeCompute',
  title: { en: 'Compute the charges of the day that ended', zh: '计算前一天的费用' },
  defaults: { name: { en: 'Daily charge computation', zh: '每日费用计算' }, cron: '30 0 * * *' },
  async run({ db, params, signal, fireTime }) {
    const to = billingDay(params, fireTime);
    const from = addDays(to, -1);
    let added = 0;
    for (const ownerId of await ownerIds(db)) {
      signal.throwIfAborted();
      added += (await computeCharges(db, { ownerId, from, to, warehouseIds: null })).added;
    }
    return { en: `${from}..${to}: ${added} charge(s) added`, zh: `${from}..${to}：新增 ${added} 条费用` };
  },
};

export const invoiceRunJob: JobHandler = {
  bean: 'invoiceRun',
  title: { en: 'Draft the invoices of the month that ended', zh: '生成上月账单草稿' },
  defaults: { name: { en: 'Monthly billing run', zh: '每月计费运行' }, cron: '0 2 1 * *' },
  async run({ db, params, signal, fireTime }) {
    const month = params.month === undefined ? previousMonth(fireTime) : typeof params.month === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(params.month) ? params.month : undefined;
    if (!month) throw new Error(`month must be yyyy-MM, not ${JSON.stringify(params.month)}`);
    const n = await runInvoices(db, month, signal);
    return { en: `${month}: ${n} draft invoice(s) made or remade`, zh: `${month}：生成或刷新 ${n} 张账单草稿` };
  },
};

registerJobHandler(invoiceRunJob);
registerJobHandler(stockSnapshotJob);
registerJobHandler(chargeComputeJob);
