/**
 * Monthly invoices (issue 32 step 3, first part; docs/billing.md "Invoices"). An invoice is one goods owner's month:
 *
 * - `run {ownerId, month: 'yyyy-MM'}` (billing:invoice; the task `invoiceRun` on the 1st for the month that ended):
 *   in ONE transaction, recomputes the month's uninvoiced charges (charges.ts: a rate-card correction reaches a
 *   draft), then makes the DRAFT (unique per owner and month: two runs at once make one) or remakes it: one line
 *   per charge kind (charges counted, qty and amount summed) and, when the card valid on the month's last day has
 *   a monthly minimum above the total, a MONTHLY_MINIMUM line with the difference. total = the sum of the lines.
 *   A CONFIRMED invoice is never remade (409). Charges of several currencies in one month: 409.
 * - `confirm {id}` (workflow action, billing:invoice): DRAFT -> CONFIRMED in ONE transaction: the month's
 *   uninvoiced charges are locked to the invoice (`charge.invoiceId`; a recompute never touches them again) and
 *   the lines are rebuilt from exactly the charges locked, the number `INV<yyyyMMdd><id>` given, the confirming
 *   user and time recorded. Two confirmations: one wins, the other 409.
 * Lines added by hand on a draft (corrections.ts: `line-add`, `line-remove`, with a reason) are kept by both: only
 * the lines made from charges are remade, and total = the sum of all lines. After confirmation corrections are
 * credit notes (corrections.ts `credit`).
 * Records carry `lines` [{kind, charges, qty, amount, currency, manual, reason, addUserName}] (charge lines in
 * kind order, then the manual ones) and `credited` (cents credited by credit notes).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as yup from 'yup';
import { invoice, invoiceLine, owner } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { ChargeKind, InvoiceStatus } from '../../../../generated/shared/enums';
import { lastDayOfMonth } from '../../../shared/calendar';
import { Code } from '../../../shared/envelope';
import { fieldMessage, rules } from '../../../shared/validation';
import { findInScope, manifestLabel, meta, type CrudCall, type ResourceHooks } from '../../crud/handlers';
import { takeStep } from '../../crud/workflow';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import type { BodyRule } from '../../http/body';
import { BizError, forbidden } from '../../http/errors';
import { requireInScope, scopeIds } from '../../http/guard';
import { documentNo } from '../documents';
import { ownerIds, recomputeIn, type Period } from './charges';
import { creditedOf, refreshTotal } from './corrections';
import { cardForDaySql } from './rate-cards';

type Row = Record<string, unknown>;
const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  month: L('{label} must be a month written yyyy-MM', '{label}必须是 yyyy-MM 格式的月份'),
  confirmed: L('Invoice {no} of {month} is confirmed and cannot be remade; corrections are credit notes', '{month} 的账单 {no} 已确认，不能重新生成；更正请开具贷记单'),
  currencies: L('The charges of {month} are in several currencies; one invoice has one currency', '{month} 的费用有多种币种；一张账单只能有一种币种'),
  noCurrency: L('No charges and no rate card for {month}: nothing to invoice', '{month} 没有费用也没有价卡：无可开账单'),
};
const label = (field: string) => manifestLabel(field, meta(bindings.invoice))!;

interface RunBody { ownerId: number; month: string }
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `{ownerId, month}`: the owner and a month `yyyy-MM` (400 naming the field). */
export const runBody: BodyRule<RunBody> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({
      ownerId: r.ref(label('ownerId'), { required: true }),
      month: r.string(label('month'), { required: true, maxLength: 7 })
        .test('month', fieldMessage(lang, { label: label('month') }, texts.month[lang]), (v) => v === undefined || v === null || MONTH.test(v)),
    });
  },
};

/** The days of `month` (yyyy-MM) for the owner; every warehouse (an invoice is the owner's whole month). */
function periodOf(ownerId: number, month: string): Period {
  const [, y, m] = MONTH.exec(month)!;
  return { ownerId, from: `${month}-01`, to: `${month}-${String(lastDayOfMonth(Number(y), Number(m))).padStart(2, '0')}`, warehouseIds: null };
}

/** The month's uninvoiced charges grouped by kind; `lock` = also lock them to `invoiceId` (the groups are exactly those). */
const groupSql = (lock: boolean) => `
  with c as (${lock
    ? 'update wms_charge set invoice_id = $4, update_date = now() where owner_id = $1 and service_date between $2::date and $3::date and invoice_id is null returning kind, qty, amount, currency'
    : 'select kind, qty, amount, currency from wms_charge where owner_id = $1 and service_date between $2::date and $3::date and invoice_id is null and $4::int is not null'})
  select kind, currency, count(*)::int as charges, sum(qty)::text as qty, sum(amount)::text as amount from c group by kind, currency order by kind`;

/**
 * Writes the invoice's lines from the month's charges (module doc) and its total, currency and company; `lock`
 * locks the charges to it. Throws 409 for several currencies or nothing to invoice in.
 */
async function writeLines(tx: Db, lang: 'en' | 'zh', inv: { id: number; ownerId: number; month: string }, lock: boolean): Promise<void> {
  const p = periodOf(inv.ownerId, inv.month);
  const groups = await rawQuery(tx, groupSql(lock), [p.ownerId, p.from, p.to, inv.id]);
  const [card] = await rawQuery(tx, `select c.currency, c.monthly_minimum::text as minimum from wms_rate_card c where c.id = ${cardForDaySql('$1', '$2::date')}`, [p.ownerId, p.to]);
  const currencies = new Set(groups.map((g) => Number(g.currency)));
  if (currencies.size > 1) throw new BizError(Code.CONFLICT, texts.currencies[lang].replace('{month}', inv.month));
  // a month with nothing charged and no card but lines added by hand keeps the draft's currency
  const [kept] = await rawQuery(tx, 'select i.currency from wms_invoice i where i.id = $1 and exists (select 1 from wms_invoice_line l where l.invoice_id = i.id and l.manual)', [inv.id]);
  const currency = groups.length ? Number(groups[0].currency) : card ? Number(card.currency) : kept ? Number(kept.currency) : null;
  if (currency === null) throw new BizError(Code.CONFLICT, texts.noCurrency[lang].replace('{month}', inv.month));
  const lines = groups.map((g) => ({ kind: Number(g.kind), charges: Number(g.charges), qty: Number(g.qty), amount: Number(g.amount) }));
  const charged = lines.reduce((a, l) => a + l.amount, 0);
  const minimum = card && Number(card.currency) === currency ? Number(card.minimum) : 0;
  if (minimum > charged) lines.push({ kind: ChargeKind.MONTHLY_MINIMUM, charges: 0, qty: 1, amount: minimum - charged });
  // the lines made from charges are remade; the lines added by hand (corrections.ts) stay, in the invoice's currency
  await tx.delete(invoiceLine).where(and(eq(invoiceLine.invoiceId, inv.id), eq(invoiceLine.manual, false)));
  await tx.update(invoiceLine).set({ currency }).where(eq(invoiceLine.invoiceId, inv.id));
  if (lines.length) await tx.insert(invoiceLine).values(lines.map((l) => ({ invoiceId: inv.id, ownerId: inv.ownerId, currency, ...l })));
  const [o] = await tx.select({ companyId: owner.companyId }).from(owner).where(eq(owner.id, inv.ownerId));
  await tx.update(invoice).set({ currency, companyId: o?.companyId ?? null, updateDate: new Date() }).where(eq(invoice.id, inv.id));
  await refreshTotal(tx, inv.id);
}

/**
 * Makes or remakes the DRAFT invoice of one owner's month in ONE transaction (module doc). Does not check scope:
 * the call and the task do. @returns the invoice id. @throws 409 confirmed / several currencies / nothing to invoice.
 */
export async function runInvoice(db: Db, lang: 'en' | 'zh', ownerId: number, month: string): Promise<number> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await recomputeIn(tx, periodOf(ownerId, month));
    await rawQuery(tx, `insert into wms_invoice (owner_id, month, status, currency, total) values ($1, $2, ${InvoiceStatus.DRAFT}, 1, 0)
      on conflict (owner_id, month) do nothing`, [ownerId, month]);
    const [inv] = await rawQuery(tx, 'select id, status, invoice_no from wms_invoice where owner_id = $1 and month = $2 for update', [ownerId, month]);
    if (Number(inv.status) !== InvoiceStatus.DRAFT) {
      throw new BizError(Code.CONFLICT, texts.confirmed[lang].replace('{no}', String(inv.invoice_no)).replace('{month}', month));
    }
    await writeLines(tx, lang, { id: Number(inv.id), ownerId, month }, false);
    return Number(inv.id);
  });
}

/** run {ownerId, month} as a call: the owner in the caller's scope (403), every warehouse of it (an operator call). */
export async function runInvoiceCall(call: CrudCall): Promise<Row> {
  const b = call.body as unknown as RunBody;
  requireInScope(call.ctx, call.user, 'owner', { ...label('ownerId'), field: 'ownerId' }, b.ownerId);
  // an invoice bills every warehouse of the owner: only a caller of every warehouse makes one
  if (scopeIds(call.user, 'warehouse') !== 'all') throw forbidden(call.ctx.lang);
  const id = await runInvoice(call.db, call.ctx.lang, b.ownerId, b.month);
  return findInScope(call, bindings.invoice, id);
}

/** confirm {id}: DRAFT -> CONFIRMED, the charges locked and the lines rebuilt from them (module doc). */
export function confirmInvoice(call: CrudCall): Promise<Row> {
  return takeStep(call, 'confirm', InvoiceStatus.CONFIRMED, { confirmUserName: call.user.name.slice(0, 20), confirmDate: new Date() }, async (c, doc) => {
    const id = doc.id as number;
    await writeLines(c.db, call.ctx.lang, { id, ownerId: doc.ownerId as number, month: doc.month as string }, true);
    await c.db.update(invoice).set({ invoiceNo: documentNo('INV', id) }).where(eq(invoice.id, id));
  });
}

export const invoiceHooks: ResourceHooks = {
  /**
   * Each invoice carries its `lines` (the lines made from charges in kind order, then those added by hand in the
   * order added: {id, kind, charges, qty, amount, currency, manual, reason, addUserName}) and `credited`: the
   * cents its credit notes took off (a positive number; 0 without any).
   */
  async decorate(call, rows) {
    const ids = rows.map((r) => r.id as number);
    if (!ids.length) return;
    const lines = await call.db.select({ id: invoiceLine.id, invoiceId: invoiceLine.invoiceId, kind: invoiceLine.kind, charges: invoiceLine.charges, qty: invoiceLine.qty, amount: invoiceLine.amount, currency: invoiceLine.currency, manual: invoiceLine.manual, reason: invoiceLine.reason, addUserName: invoiceLine.addUserName })
      .from(invoiceLine).where(inArray(invoiceLine.invoiceId, ids)).orderBy(asc(invoiceLine.manual), asc(invoiceLine.kind), asc(invoiceLine.id));
    const credited = await creditedOf(call.db, ids);
    for (const r of rows) {
      r.lines = lines.filter((l) => l.invoiceId === r.id).map(({ invoiceId: _i, ...l }) => l as Row);
      r.credited = credited.get(r.id as number) ?? 0;
    }
  },
};

/** The month before the one `at` is in, yyyy-MM (server zone). */
export function previousMonth(at: Date): string {
  const d = new Date(at.getFullYear(), at.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/** Drafts for every owner with charges or a card in `month`: owners with nothing to invoice are skipped. */
export async function runInvoices(db: Db, month: string, signal: AbortSignal): Promise<number> {
  let made = 0;
  for (const ownerId of await ownerIds(db)) {
    signal.throwIfAborted();
    try {
      await runInvoice(db, 'en', ownerId, month);
      made++;
    } catch (e) {
      if (!(e instanceof BizError) || e.code !== Code.CONFLICT) throw e;
    }
  }
  return made;
}
