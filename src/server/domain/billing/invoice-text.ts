/**
 * What the invoice documents share (issue 32 step 3; docs/billing.md "Documents"): the PDF (../print/invoice.ts)
 * and the Excel detail (./invoice-detail.ts). Apart from both so that the Excel call does not load pdfkit and the
 * PDF does not load exceljs.
 *
 * - {@link money}: integer cents as text with the currency's 2 decimals (`123456` -> `1,234.56`, `-5` -> `-0.05`);
 * - {@link enumKey} / {@link enumText}: an enum value's key, and its text of the manifest (generated/client/i18n.ts) in a language;
 * - {@link invoiceLines}: an invoice's lines as stored, every column (so a column added later, e.g. a manual
 *   line's `reason`), in the invoice record's order.
 */
import { generatedMessages } from '../../../../generated/client/i18n';
import { enumValues } from '../../../../generated/shared/enums';
import type { Lang } from '../../../shared/validation';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';

/** Integer cents as `1,234.56` (2 decimals, every currency of the manifest's `Currency` has 2; sign kept). */
export function money(cents: number | string | bigint): string {
  const c = BigInt(cents);
  const neg = c < 0n;
  const abs = neg ? -c : c;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** The key of value `value` of enum `name` (`Currency` 1 -> `SAR`), undefined when unknown. */
export const enumKey = (name: string, value: unknown): string | undefined => enumValues[name]?.find((v) => v.value === Number(value))?.key;

/** The manifest's text of value `value` of enum `name` in `lang` (the value itself when unknown). */
export function enumText(name: string, value: unknown, lang: Lang): string {
  const key = enumKey(name, value);
  const texts = (generatedMessages[lang].enums as Record<string, Record<string, string>>)[name];
  return (key && texts?.[key]) || String(value ?? '');
}

/** One stored invoice line: the manifest's fields; `reason` (a line added by hand, corrections.ts) read defensively. */
export interface InvoiceLineRow { id: number; kind: number; charges: number; qty: string; amount: number; currency: number; reason: string | null }

/**
 * Every column of the row(s) of `table` matching `where` as JSON objects (`to_jsonb(t)`): a column added later (a
 * line's `reason`, an owner's address) comes along, and the answer's type stays one jsonb column, so a prepared
 * statement stays valid when the table changes (PostgreSQL refuses a cached `select *` whose columns changed).
 */
export async function rowsAsJson(db: Db, table: 'wms_invoice' | 'wms_invoice_line' | 'wms_owner' | 'wms_company', where: string, values: unknown[], order = 't.id'): Promise<Array<Record<string, unknown>>> {
  const rows = await rawQuery(db, `select to_jsonb(t)::text as j from ${table} t where ${where} order by ${order}`, values);
  return rows.map((r) => JSON.parse(String(r.j)) as Record<string, unknown>);
}

/**
 * The lines of invoice `id` in the order of the invoice's record (invoices.ts): the lines made from charges in kind
 * order, then the lines added by hand (`manual`, corrections.ts) in the order added; every column, so `reason` is there.
 */
export async function invoiceLines(db: Db, id: number): Promise<InvoiceLineRow[]> {
  const rows = await rowsAsJson(db, 'wms_invoice_line', 't.invoice_id = $1::int', [id], 't.manual, case when t.manual then 0 else t.kind end, t.id');
  return rows.map((r) => ({
    id: Number(r.id), kind: Number(r.kind), charges: Number(r.charges), qty: String(r.qty), amount: Number(r.amount), currency: Number(r.currency),
    reason: typeof r.reason === 'string' && r.reason.trim() ? r.reason : null,
  }));
}

/** A quantity of up to 6 decimals as stored (numeric text), trailing zeros dropped: `7.000000` -> `7`. */
export function qtyText(q: string | number): string {
  const s = String(q);
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}
