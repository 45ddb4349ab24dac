/**
 * Invoice corrections (issue 32 step 3; docs/billing.md "Invoices"): lines added by hand on a DRAFT, and credit
 * notes once the invoice is CONFIRMED. Every call takes the invoice as `id` (like `confirm`), needs
 * `billing:invoice` and the invoice's owner in the caller's scope (otherwise 404, as the generic detail); bad input
 * is a 400 naming the field, checked at the edge and before any transaction.
 *
 * | call | body | data |
 * |---|---|---|
 * | `/sapi/wms/invoice/line-add` | `{id, kind, qty?, amount, reason}`: kind VAS, MANUAL or ADJUSTMENT; qty >= 0 (default 1, 6 decimals); amount in cents of the invoice's currency, negative only on an ADJUSTMENT (a discount); reason 1..200 characters | the invoice with `lines` |
 * | `/sapi/wms/invoice/line-remove` | `{id, lineId}`: a line added by hand of that invoice | the invoice with `lines` |
 * | `/sapi/wms/invoice/credit` | `{id, kind, amount, reason}`: amount > 0 cents to credit, kind the charge kind it corrects | the credit note |
 *
 * - A manual line (`invoiceLine.manual`, its `reason` and the adding user's name `addUserName`) is kept when the
 *   draft is remade or confirmed (invoices.ts deletes only the lines made from charges); the invoice's total is
 *   always the sum of all its lines. A manual line does not count towards the monthly minimum (the top-up is the
 *   card's minimum less the charges). A line on a CONFIRMED invoice is never added or removed: 409.
 * - A credit note (`creditNote`, table wms_credit_note) is one correction of one CONFIRMED invoice with one reason
 *   (several corrections: several notes, each numbered): CONFIRMED at once, numbered `CN<yyyyMMdd><id>`, its
 *   `total` = -amount (negative cents, the invoice's currency). The credits of an invoice never exceed its total:
 *   the invoice row is locked while the earlier credits are summed, so two credits at once cannot both pass the
 *   cap (409 in words with what is left). A DRAFT is corrected with lines, not credited: 409.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as yup from 'yup';
import { creditNote, invoiceLine } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { ChargeKind, InvoiceStatus } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import { rules } from '../../../shared/validation';
import { findInScope, manifestLabel, meta, type CrudCall } from '../../crud/handlers';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import type { BodyRule } from '../../http/body';
import { BizError, fieldError } from '../../http/errors';
import { documentNo } from '../documents';
import { money } from './invoice-text';

type Row = Record<string, unknown>;
const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  negative: L('{label} can be negative only on an adjustment (a discount)', '{label}只有调整行可以为负数（折扣）'),
  notDraft: L('Invoice {no} of {month} is confirmed: its lines no longer change; corrections are credit notes', '{month} 的账单 {no} 已确认，明细不能再更改；更正请开具贷记单'),
  notConfirmed: L('The invoice of {month} is a draft: correct it with lines; credit notes are for confirmed invoices', '{month} 的账单是草稿：请用明细更正；贷记单只用于已确认的账单'),
  notManual: L('Line #{line} was made from the charges; only a line added by hand can be removed', '明细 #{line} 由费用生成；只能删除手工添加的明细'),
  noLine: L('Invoice {no} has no line #{line}', '账单 {no} 没有明细 #{line}'),
  tooMuch: L('Invoice {no} can be credited at most {left} more (total {total}, credited {credited})', '账单 {no} 最多还能贷记 {left}（合计 {total}，已贷记 {credited}）'),
};
/** The charge kinds a line added by hand may have. */
export const MANUAL_KINDS = [ChargeKind.VAS, ChargeKind.MANUAL, ChargeKind.ADJUSTMENT] as const;
/** The largest amount of one manual line or credit note, in cents (a billion in the currency's main unit). */
export const MAX_CORRECTION_CENTS = 100_000_000_000;
const ALL_KINDS: number[] = Object.values(ChargeKind);
const lineLabel = (field: string) => manifestLabel(field, meta(bindings.invoiceLine))!;
const creditLabel = (field: string) => manifestLabel(field, meta(bindings.creditNote))!;

export interface LineAddBody { id: number; kind: number; qty?: number | null; amount: number; reason: string }
export interface LineRemoveBody { id: number; lineId: number }
export interface CreditBody { id: number; kind: number; amount: number; reason: string }

/** `{id, kind, qty?, amount, reason}` (module doc); a negative amount on another kind than ADJUSTMENT: see {@link addLine}. */
export const lineAddBody: BodyRule<LineAddBody> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({
      id: r.recordId(),
      kind: r.oneOf(lineLabel('kind'), [...MANUAL_KINDS], { required: true }),
      qty: r.number(lineLabel('qty'), { min: 0, max: 1_000_000_000, decimals: 6 }),
      amount: r.money(lineLabel('amount'), { required: true, min: -MAX_CORRECTION_CENTS, max: MAX_CORRECTION_CENTS }),
      reason: r.string(lineLabel('reason'), { required: true, maxLength: 200 }),
    });
  },
};

/** `{id, lineId}`: the invoice and its line added by hand. */
export const lineRemoveBody: BodyRule<LineRemoveBody> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({ id: r.recordId(), lineId: r.recordId({ en: 'Line', zh: '明细' }) });
  },
};

/** `{id, kind, amount, reason}`: amount 1..MAX_CORRECTION_CENTS cents to credit. */
export const creditBody: BodyRule<CreditBody> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({
      id: r.recordId(),
      kind: r.oneOf(creditLabel('kind'), ALL_KINDS, { required: true }),
      amount: r.money({ en: 'Amount to credit', zh: '贷记金额' }, { required: true, min: 1, max: MAX_CORRECTION_CENTS }),
      reason: r.string(creditLabel('reason'), { required: true, maxLength: 200 }),
    });
  },
};

/** The invoice `id`, locked for the rest of the transaction. */
async function lockInvoice(tx: Db, id: number): Promise<Row> {
  const [inv] = await rawQuery(tx, 'select id, owner_id, company_id, month, status, currency, total::text as total, invoice_no from wms_invoice where id = $1 for update', [id]);
  return inv;
}

/** total = the sum of the invoice's lines (module doc). */
export async function refreshTotal(tx: Db, invoiceId: number): Promise<void> {
  await rawQuery(tx, 'update wms_invoice set total = (select coalesce(sum(amount), 0) from wms_invoice_line where invoice_id = $1), update_date = now() where id = $1', [invoiceId]);
}

const draftOnly = (lang: 'en' | 'zh', inv: Row) => {
  if (Number(inv.status) !== InvoiceStatus.DRAFT) throw new BizError(Code.CONFLICT, texts.notDraft[lang].replace('{no}', String(inv.invoice_no ?? '')).replace('{month}', String(inv.month)));
};

/** line-add (module doc): the line, with the caller's name, on a DRAFT; the total refreshed. @throws 400 / 404 / 409. */
export async function addLine(call: CrudCall): Promise<Row> {
  const b = call.body as unknown as LineAddBody;
  const { lang } = call.ctx;
  if (b.amount < 0 && b.kind !== ChargeKind.ADJUSTMENT) throw fieldError(lang, { label: lineLabel('amount'), field: 'amount' }, texts.negative[lang]);
  await findInScope(call, bindings.invoice, b.id);
  await call.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const inv = await lockInvoice(tx, b.id);
    draftOnly(lang, inv);
    await tx.insert(invoiceLine).values({
      invoiceId: b.id, ownerId: Number(inv.owner_id), kind: b.kind, charges: 0, qty: b.qty ?? 1, amount: b.amount, currency: Number(inv.currency),
      manual: true, reason: b.reason, addUserName: call.user.name.slice(0, 20),
    });
    await refreshTotal(tx, b.id);
  });
  return findInScope(call, bindings.invoice, b.id);
}

/** line-remove (module doc): a line added by hand of a DRAFT; the total refreshed. @throws 404 / 409. */
export async function removeLine(call: CrudCall): Promise<Row> {
  const b = call.body as unknown as LineRemoveBody;
  const { lang } = call.ctx;
  await findInScope(call, bindings.invoice, b.id);
  await call.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const inv = await lockInvoice(tx, b.id);
    const no = String(inv.invoice_no ?? `#${b.id}`);
    const [line] = await tx.select({ manual: invoiceLine.manual }).from(invoiceLine).where(and(eq(invoiceLine.id, b.lineId), eq(invoiceLine.invoiceId, b.id)));
    if (!line) throw new BizError(Code.NOT_FOUND, texts.noLine[lang].replace('{no}', no).replace('{line}', String(b.lineId)));
    draftOnly(lang, inv);
    if (!line.manual) throw new BizError(Code.CONFLICT, texts.notManual[lang].replace('{line}', String(b.lineId)));
    await tx.delete(invoiceLine).where(eq(invoiceLine.id, b.lineId));
    await refreshTotal(tx, b.id);
  });
  return findInScope(call, bindings.invoice, b.id);
}

/** credit (module doc): a CONFIRMED credit note of a CONFIRMED invoice, within what is left to credit. @throws 400 / 404 / 409. */
export async function creditInvoice(call: CrudCall): Promise<Row> {
  const b = call.body as unknown as CreditBody;
  const { lang } = call.ctx;
  await findInScope(call, bindings.invoice, b.id);
  const id = await call.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const inv = await lockInvoice(tx, b.id);
    if (Number(inv.status) !== InvoiceStatus.CONFIRMED) throw new BizError(Code.CONFLICT, texts.notConfirmed[lang].replace('{month}', String(inv.month)));
    const [c] = await rawQuery(tx, 'select coalesce(sum(total), 0)::text as credited from wms_credit_note where invoice_id = $1', [b.id]);
    const total = Number(inv.total);
    const credited = -Number(c.credited);
    const left = Math.max(0, total - credited);
    if (b.amount > left) {
      throw new BizError(Code.CONFLICT, texts.tooMuch[lang].replace('{no}', String(inv.invoice_no)).replace('{left}', money(left)).replace('{total}', money(total)).replace('{credited}', money(credited)));
    }
    const [note] = await tx.insert(creditNote).values({
      invoiceId: b.id, ownerId: Number(inv.owner_id), companyId: inv.company_id === null ? null : Number(inv.company_id), month: String(inv.month),
      status: InvoiceStatus.CONFIRMED, kind: b.kind, currency: Number(inv.currency), total: -b.amount, reason: b.reason, addUserName: call.user.name.slice(0, 20),
    }).returning({ id: creditNote.id });
    await tx.update(creditNote).set({ creditNo: documentNo('CN', note.id), updateDate: new Date() }).where(eq(creditNote.id, note.id));
    return note.id;
  });
  return findInScope(call, bindings.creditNote, id);
}

/** The credited cents (a positive number) of each invoice in `ids`. */
export async function creditedOf(db: Db, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!ids.length) return out;
  const rows = await db.select({ invoiceId: creditNote.invoiceId, total: sql<string>`coalesce(sum(${creditNote.total}), 0)::text` })
    .from(creditNote).where(inArray(creditNote.invoiceId, ids)).groupBy(creditNote.invoiceId);
  for (const r of rows) out.set(r.invoiceId, -Number(r.total));
  return out;
}
