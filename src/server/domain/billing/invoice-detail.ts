/**
 * The Excel detail of an invoice (issue 32 step 3; docs/billing.md "Documents"): every charge behind every line,
 * downloaded directly like a printed document (no export job: one invoice, one owner's month).
 *
 * | call | code | body / query | answer |
 * |---|---|---|---|
 * | `POST /sapi/wms/invoice/detail-xlsx` | billing:list; the invoice within the caller's owner scope (404 otherwise, like print) | `{id}` | `{url, expiresAt}`: a signed address (files/signed-url.ts `pathSigner`, 10 to 15 minutes) of the workbook in the caller's language |
 * | `GET /sapi/wms/invoice/detail-xlsx/<id>/<en\|zh>?u&exp&sig` | the signature (and its user still enabled) | | the .xlsx (attachment); 403 JSON for a bad or expired address, 404 for an invoice gone |
 *
 * The workbook (exceljs' streaming writer straight into the answer: a month may hold ~100,000 charges, read in
 * batches of {@link BATCH} by key (service day, id), so memory stays one batch whatever the month's size):
 * - sheet 1 (the manifest's `invoiceLine` name: "Invoice lines" / 账单明细): per line No., charge kind (the
 *   manifest's `ChargeKind` text), `reason` when any line has one (a manual line), charges, quantity, amount, currency;
 *   then the total (= the sum of the lines);
 * - sheet 2 (the manifest's `charge` name: "Charges" / 费用明细): per charge service day, warehouse, kind, source,
 *   source id, quantity, rate (cents per unit; markup %), amount, currency, rate card, charge id; by service day, then id.
 * Headers are the manifest's labels in the caller's language. Amounts are numbers in the currency's units with 2
 * decimals (cents / 100, format `#,##0.00`).
 *
 * Which charges: a CONFIRMED invoice's are those locked to it (`charge.invoiceId` = its id); a DRAFT's are the
 * month's uninvoiced charges of its owner (`owner_id`, `service_date` in the month, `invoice_id is null`: the same
 * selection invoices.ts groups its lines from), so per kind they add up to the lines as last run (a charge computed
 * after the run shows here until the draft is run again). A MONTHLY_MINIMUM line has no charges.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { invoice } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { generatedMessages } from '../../../../generated/client/i18n';
import { InvoiceStatus } from '../../../../generated/shared/enums';
import { lastDayOfMonth } from '../../../shared/calendar';
import { Code } from '../../../shared/envelope';
import type { Lang } from '../../../shared/validation';
import { manifestLabel, meta } from '../../crud/handlers';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import { ID_BODY } from '../../http/body';
import type { RequestContext, UserContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { scopeConditions } from '../../http/guard';
import { sapiRoute } from '../../http/sapi';
import { isEnabledUser } from '../files/signed-url';
import { enumText, invoiceLines } from './invoice-text';

export const DETAIL_PATH = '/sapi/wms/invoice/detail-xlsx';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Charges read per query. */
export const BATCH = 5000;
/**
 * Rows written between two yields to the event loop (~25 ms of work; 100,000 charges take ~4.5 s in all, measured
 * with exceljs' streaming writer: 4.3 MB of .xlsx).
 */
const YIELD_ROWS = 500;

const words = {
  no: { en: 'No.', zh: '序号' },
  reason: { en: 'Reason', zh: '原因' },
  total: { en: 'Total', zh: '合计' },
  chargeId: { en: 'Charge ID', zh: '费用ID' },
  badLink: { en: 'This download link is invalid or has expired; download again from the console', zh: '下载链接无效或已过期，请在控制台重新下载' },
};

const fieldLabel = (res: 'invoice' | 'invoiceLine' | 'charge', field: string, lang: Lang): string | undefined => manifestLabel(field, meta(bindings[res]))?.[lang];
const L = (res: 'invoice' | 'invoiceLine' | 'charge', field: string, lang: Lang): string => fieldLabel(res, field, lang) ?? field;
const sheetName = (res: 'invoiceLine' | 'charge', lang: Lang) => (generatedMessages[lang].resources as Record<string, { name: string }>)[res].name.slice(0, 31);

/** Throws 404 unless invoice `id` exists within the user's owner scope (the code was checked by the route). */
async function checkInvoice(db: Db, ctx: RequestContext, user: UserContext, id: number): Promise<void> {
  const [row] = await db.select({ id: invoice.id }).from(invoice).where(and(eq(invoice.id, id), ...scopeConditions(user, { owner: invoice.ownerId })));
  if (!row) throw notFound(ctx.lang, `${bindings.invoice.meta[ctx.lang]} #${id}`);
}

/** The charges of the invoice (module doc: locked to it, or a draft's month uninvoiced) after key (day, id), one batch. */
async function chargeBatch(db: Db, inv: { id: number; confirmed: boolean; ownerId: number; from: string; to: string }, after: [string, number] | null) {
  // each query names only the values it uses (a parameter no clause types is refused by PostgreSQL)
  const [where, values] = inv.confirmed
    ? ['c.invoice_id = $1::int', [inv.id]]
    : ['c.owner_id = $1::int and c.service_date between $2::date and $3::date and c.invoice_id is null', [inv.ownerId, inv.from, inv.to]];
  const n = values.length;
  const key = after ? ` and (c.service_date, c.id) > ($${n + 1}::date, $${n + 2}::int)` : '';
  return rawQuery(db, `select c.id, c.service_date::text as day, w.name as warehouse, c.kind, c.source_type, c.source_id, c.qty::text as qty, c.rate::text as rate,
      c.amount::text as amount, c.currency, r.name as card
    from wms_charge c left join wms_warehouse w on w.id = c.warehouse_id left join wms_rate_card r on r.id = c.rate_card_id
    where ${where}${key}
    order by c.service_date, c.id limit ${BATCH}`, after ? [...values, ...after] : values);
}

/** Cents as a number of currency units (2 decimals exactly representable enough for Excel's display). */
const units = (cents: number | string) => Number(cents) / 100;
const MONEY_FMT = '#,##0.00';

/**
 * Writes the workbook of invoice `id` (which exists) into `out` and ends it; waits for `out` to drain between
 * batches (a slow download holds the reading, not memory). Throws on a database or writer failure.
 */
export async function writeInvoiceDetail(db: Db, id: number, lang: Lang, out: PassThrough): Promise<void> {
  const [row] = await rawQuery(db, 'select id, owner_id, month, status, currency from wms_invoice where id = $1', [id]);
  const [y, m] = String(row.month).split('-').map(Number);
  const inv = {
    id, confirmed: Number(row.status) === InvoiceStatus.CONFIRMED, ownerId: Number(row.owner_id),
    from: `${row.month}-01`, to: `${row.month}-${String(lastDayOfMonth(y, m)).padStart(2, '0')}`,
  };
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const lines = await invoiceLines(db, id);
  const withReason = lines.some((l) => l.reason);
  const ls = wb.addWorksheet(sheetName('invoiceLine', lang), { views: [{ state: 'frozen', ySplit: 1 }] });
  ls.columns = [
    { header: words.no[lang], width: 6 },
    { header: L('invoiceLine', 'kind', lang), width: 32 },
    ...(withReason ? [{ header: fieldLabel('invoiceLine', 'reason', lang) ?? words.reason[lang], width: 40 }] : []),
    { header: L('invoiceLine', 'charges', lang), width: 10 },
    { header: L('invoiceLine', 'qty', lang), width: 14 },
    { header: L('invoiceLine', 'amount', lang), width: 16, style: { numFmt: MONEY_FMT } },
    { header: L('invoiceLine', 'currency', lang), width: 12 },
  ];
  const currency = enumText('Currency', row.currency, lang);
  for (const [i, l] of lines.entries()) {
    ls.addRow([i + 1, enumText('ChargeKind', l.kind, lang), ...(withReason ? [l.reason ?? ''] : []), l.charges, Number(l.qty), units(l.amount), currency]).commit();
  }
  const total = lines.reduce((a, l) => a + l.amount, 0);
  ls.addRow(['', words.total[lang], ...(withReason ? [''] : []), lines.reduce((a, l) => a + l.charges, 0), null, units(total), currency]).commit();
  ls.commit();

  const cs = wb.addWorksheet(sheetName('charge', lang), { views: [{ state: 'frozen', ySplit: 1 }] });
  const C = (f: string) => L('charge', f, lang);
  cs.columns = [
    { header: C('serviceDate'), width: 12 }, { header: C('warehouseId'), width: 18 }, { header: C('kind'), width: 30 }, { header: C('sourceType'), width: 18 },
    { header: C('sourceId'), width: 12 }, { header: C('qty'), width: 12 }, { header: C('rate'), width: 14 }, { header: C('amount'), width: 14, style: { numFmt: MONEY_FMT } },
    { header: C('currency'), width: 10 }, { header: C('rateCardId'), width: 24 }, { header: words.chargeId[lang], width: 10 },
  ];
  const kinds = new Map<number, string>();
  const kindText = (k: number) => kinds.get(k) ?? (kinds.set(k, enumText('ChargeKind', k, lang)), kinds.get(k)!);
  const currencies = new Map<number, string>();
  const currencyText = (c: number) => currencies.get(c) ?? (currencies.set(c, enumText('Currency', c, lang)), currencies.get(c)!);
  let after: [string, number] | null = null;
  for (;;) {
    const batch = await chargeBatch(db, inv, after);
    for (const [i, c] of batch.entries()) {
      // exceljs' rows cost ~45 us each on this thread: yield every YIELD_ROWS so other requests are not held up
      if (i > 0 && i % YIELD_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
      cs.addRow([String(c.day), c.warehouse ?? '', kindText(Number(c.kind)), String(c.source_type), Number(c.source_id), Number(c.qty), Number(c.rate), units(String(c.amount)), currencyText(Number(c.currency)), c.card ?? '', Number(c.id)]).commit();
    }
    if (batch.length < BATCH) break;
    const last = batch[batch.length - 1];
    after = [String(last.day), Number(last.id)];
    while (out.writableNeedDrain && !out.destroyed) await once(out, 'drain');
    if (out.destroyed) return;
  }
  cs.commit();
  await wb.commit();
}

/** The file name: `invoice-<number>.xlsx`, a draft `invoice-draft-<owner id>-<month>.xlsx`. */
async function fileName(db: Db, id: number): Promise<string> {
  const [r] = await rawQuery(db, 'select invoice_no, owner_id, month from wms_invoice where id = $1', [id]);
  return r.invoice_no ? `invoice-${String(r.invoice_no).replace(/[^A-Za-z0-9_-]/g, '')}.xlsx` : `invoice-draft-${Number(r.owner_id)}-${String(r.month)}.xlsx`;
}

/** The two calls of the module doc. */
export function registerInvoiceDetailRoutes(app: FastifyInstance, db: Db): void {
  sapiRoute(app, db, DETAIL_PATH, bindings.invoice.meta.permissions.list!, { body: ID_BODY }, async ({ ctx, user, body }) => {
    await checkInvoice(db, ctx, user, body.id);
    return app.pathSigner().url(`${DETAIL_PATH}/${body.id}/${ctx.lang}`, user.id);
  });

  app.get(`${DETAIL_PATH}/:id/:lang`, async (req: FastifyRequest, reply: FastifyReply) => {
    const { id, lang: l } = req.params as { id: string; lang: string };
    const lang: Lang = l === 'zh' ? 'zh' : 'en';
    const signed = /^\d{1,10}$/.test(id) && (l === 'en' || l === 'zh') ? app.pathSigner().check(`${DETAIL_PATH}/${id}/${l}`, req.query) : null;
    if (!signed || !(await isEnabledUser(db, signed.userId))) {
      return reply.status(403).header('cache-control', 'no-store').send({ code: Code.FORBIDDEN, msg: words.badLink[lang], data: null });
    }
    const [row] = await db.select({ id: invoice.id }).from(invoice).where(eq(invoice.id, Number(id)));
    if (!row) return reply.status(404).send({ code: Code.NOT_FOUND, msg: notFound(lang, `${bindings.invoice.meta[lang]} #${id}`).message, data: null });
    const out = new PassThrough({ highWaterMark: 1024 * 1024 });
    writeInvoiceDetail(db, Number(id), lang, out).catch((e: unknown) => {
      req.log.error({ err: e }, 'invoice detail failed');
      out.destroy(e instanceof Error ? e : new Error(String(e)));
    });
    return reply
      .header('content-type', XLSX_MIME)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${await fileName(db, Number(id))}"`)
      .send(out);
  });
}
