/**
 * The invoice documents (issue 32 step 3; docs/billing.md "Documents"): the PDF (print kind `invoice`) in English
 * and Chinese read back with `pdftotext -layout` (the project's reader when poppler-utils is missing), and the Excel
 * detail (`/sapi/wms/invoice/detail-xlsx`) read back with exceljs. An August of 6,000 charges of owner A (more than
 * one read batch), written straight into wms_charge at the card's rates, a monthly minimum above them: the draft
 * prints "DRAFT" with its lines and total to the cent, its workbook holds the month's uninvoiced charges; once
 * confirmed, the PDF carries the number and the workbook exactly the charges locked to the invoice, every one, and per
 * kind they sum to the lines (the minimum top-up and a line added by hand have none). A line added by hand (a
 * discount of -12.34 with its reason, invoice corrections) prints with its reason under its kind, in both documents. Another owner's staff get 404, a user without billing:list 403, a changed address 403. Both databases.
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChargeKind as K, Currency, InvoiceStatus } from '../../generated/shared/enums';
import type { Db } from '../../src/server/db/connect';
import { pdfText } from '../support/pdf';
import { documentFixture, testDatabases, userWith } from './harness';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const INV = '/sapi/wms/invoice';

/** The test's own money text: cents with 2 decimals and thousands commas. */
const money = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100).toLocaleString('en-US')}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

describe.each(testDatabases())('invoice documents on %s', (kind) => {
  const f = documentFixture();
  const { call, ok } = f;
  let ownerA: number, ownerB: number, w1: number, invoiceId: number;
  const db = () => f.t.database.db as unknown as Db;
  const rows = async (q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: Rec[] }).rows;
  const get = (url: string) => f.t.app.inject({ method: 'GET', url });
  const RATES: Record<number, number> = { [K.STORAGE_UNIT_DAY]: 0.3333, [K.OUTBOUND_UNIT]: 7.25, [K.INBOUND_ORDER]: 500 };
  const MINIMUM = 1_000_000;
  const DISCOUNT = 1234;
  const REASON = 'Agreed discount for August';
  const LABELS: Record<number, string> = { [K.STORAGE_UNIT_DAY]: 'Storage per unit-day', [K.OUTBOUND_UNIT]: 'Outbound per unit', [K.INBOUND_ORDER]: 'Inbound per order', [K.MONTHLY_MINIMUM]: 'Monthly minimum top-up', [K.ADJUSTMENT]: 'Adjustment' };

  const pdf = async (id: number, lang: 'en' | 'zh', token = f.admin) => {
    const minted = await call('/sapi/sys/print/url', { document: 'invoice', id }, token, { 'x-lang': lang });
    expect(minted.code, minted.msg).toBe(200);
    const res = await get(minted.data.url);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type'], res.body.slice(0, 300)).toBe('application/pdf');
    return pdfText(res.rawPayload);
  };
  const workbook = async (id: number, lang: 'en' | 'zh', token = f.admin) => {
    const minted = await call(`${INV}/detail-xlsx`, { id }, token, { 'x-lang': lang });
    expect(minted.code, minted.msg).toBe(200);
    const res = await get(minted.data.url);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return { wb, disposition: String(res.headers['content-disposition']) };
  };
  /** Data rows of a sheet (the header row left out) as arrays from column 1. */
  const data = (ws: ExcelJS.Worksheet) => {
    const out: unknown[][] = [];
    ws.eachRow((r, n) => { if (n > 1) out.push((r.values as unknown[]).slice(1)); });
    return out;
  };
  /** The month's charges of owner A, from the database: per kind [count, amount]. */
  const byKind = async (where: ReturnType<typeof sql>) => new Map((await rows(sql`select kind, count(*)::int as n, sum(amount)::text as amount from wms_charge where ${where} group by kind`)).map((r) => [Number(r.kind), { n: Number(r.n), amount: Number(r.amount) }]));

  beforeAll(async () => {
    ({ ownerA, ownerB, w1 } = await f.setUp(kind, { ROSE: 'A' }));
    const card = await ok('/sapi/wms/rate-card/add', {
      name: 'Desert Rose 2026', ownerId: ownerA, currency: Currency.SAR, validFrom: '2026-07-01', monthlyMinimum: MINIMUM,
      lines: Object.entries(RATES).map(([k, rate]) => ({ kind: Number(k), rate })),
    });
    // 6,000 charges of August at the card's rates (amount = qty x rate rounded half away from zero, as charges.ts does)
    const add = (k: number, n: number, qty: string) => db().execute(sql.raw(`insert into wms_charge (owner_id, warehouse_id, kind, source_type, source_id, service_date, qty, rate, amount, currency, rate_card_id)
      select ${ownerA}, ${w1}, ${k}, 'test', g, date '2026-08-01' + (g % 31), ${qty}, ${RATES[k]}, round((${qty}) * ${RATES[k]}), ${Currency.SAR}, ${card.id} from generate_series(1, ${n}) g`));
    await add(K.STORAGE_UNIT_DAY, 3000, '(g % 50) + 1');
    await add(K.OUTBOUND_UNIT, 2000, '(g % 5) + 1');
    await add(K.INBOUND_ORDER, 1000, '1');
    invoiceId = (await ok(`${INV}/run`, { ownerId: ownerA, month: '2026-08' })).id;
    // a discount added by hand (corrections.ts): no charges, a negative amount, a reason
    await ok(`${INV}/line-add`, { id: invoiceId, kind: K.ADJUSTMENT, amount: -DISCOUNT, reason: REASON });
  }, 180_000);
  afterAll(() => f.close());

  it('the draft: PDF in English says DRAFT with every line and the total to the cent; its workbook holds the month\'s uninvoiced charges', async () => {
    const inv = await ok(`${INV}/detail`, { id: invoiceId });
    expect(inv.status).toBe(InvoiceStatus.DRAFT);
    const lines = inv.lines as Rec[];
    expect(lines.map((l) => l.kind)).toEqual([K.STORAGE_UNIT_DAY, K.OUTBOUND_UNIT, K.INBOUND_ORDER, K.MONTHLY_MINIMUM, K.ADJUSTMENT].sort((a, b) => a - b));
    const total = lines.reduce((a, l) => a + l.amount, 0);
    // the minimum tops the charges up; the discount comes off after it
    expect(total).toBe(MINIMUM - DISCOUNT);
    expect(inv.total).toBe(total);
    const text = await pdf(invoiceId, 'en');
    expect(text).toContain('Invoice');
    expect(text).toContain('DRAFT');
    expect(text).toContain('(OWN-A)');
    expect(text).toContain('2026-08');
    expect(text).toMatch(new RegExp(`Total\\s+6000\\s+${money(total).replace('.', '\\.')}`));
    for (const l of lines) expect(text).toMatch(new RegExp(`${LABELS[l.kind]}\\s+${l.charges}\\s+\\S+\\s+${money(l.amount).replace('.', '\\.')}`));
    expect(text).toContain('-12.34');
    // the reason on the row under its line
    expect(text).toMatch(new RegExp(`Adjustment[^\\n]*\\n\\s*${REASON}`));
    const { wb, disposition } = await workbook(invoiceId, 'en');
    expect(disposition).toContain(`invoice-draft-${ownerA}-2026-08.xlsx`);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Invoice lines', 'Charges']);
    expect(data(wb.worksheets[1])).toHaveLength(6000);
  });

  it('confirmed: the PDF carries the number in English and Chinese; the workbook holds every charge locked to it, and per kind they sum to the lines', async () => {
    const inv = await ok(`${INV}/confirm`, { id: invoiceId });
    expect(inv.status).toBe(InvoiceStatus.CONFIRMED);
    const lines = inv.lines as Rec[];
    const total = lines.reduce((a, l) => a + l.amount, 0);
    const en = await pdf(invoiceId, 'en');
    expect(en).toContain(inv.invoiceNo);
    expect(en).not.toContain('DRAFT');
    expect(en).toMatch(new RegExp(`Total\\s+6000\\s+${money(total).replace('.', '\\.')}`));
    const zh = await pdf(invoiceId, 'zh');
    expect(zh).toContain(inv.invoiceNo);
    expect(zh).toContain('账单');
    expect(zh).toContain('仓储费（每件每天）');
    expect(zh).toContain('月最低消费补足');
    expect(zh).toMatch(new RegExp(`合计\\s+6000\\s+${money(total).replace('.', '\\.')}`));

    const locked = await byKind(sql`invoice_id = ${invoiceId}`);
    expect([...locked.values()].reduce((a, k) => a + k.n, 0)).toBe(6000);
    for (const lang of ['en', 'zh'] as const) {
      const { wb, disposition } = await workbook(invoiceId, lang);
      expect(disposition).toContain(`invoice-${inv.invoiceNo}.xlsx`);
      const [ls, cs] = wb.worksheets;
      expect(cs.name).toBe(lang === 'en' ? 'Charges' : '费用明细');
      expect((cs.getRow(1).values as unknown[]).slice(1, 4)).toEqual(lang === 'en' ? ['Service date', 'Warehouse', 'Charge kind'] : ['服务日期', '仓库', '计费项目']);
      const charges = data(cs);
      expect(charges).toHaveLength(6000);
      // every charge once (last column: the charge id)
      const ids = new Set(charges.map((r) => r[10]));
      const stored = await rows(sql`select id from wms_charge where invoice_id = ${invoiceId}`);
      expect(ids).toEqual(new Set(stored.map((r) => Number(r.id))));
      // per kind (column 3: the kind's text) the amounts (column 8, currency units) sum to the line, in cents
      const kindText = (k: number) => String((data(ls).find((r) => r[0] === lines.findIndex((l) => l.kind === k) + 1) ?? [])[1]);
      for (const l of lines) {
        const mine = charges.filter((r) => r[2] === kindText(l.kind));
        if (l.kind === K.MONTHLY_MINIMUM || l.manual) { expect(l.charges).toBe(0); expect(mine).toHaveLength(0); continue; }
        expect(mine).toHaveLength(l.charges);
        expect(mine.reduce((a, r) => a + Math.round(Number(r[7]) * 100), 0)).toBe(l.amount);
        expect(locked.get(l.kind)).toEqual({ n: l.charges, amount: l.amount });
      }
      // the lines sheet: one row per line and the total
      const lineRows = data(ls);
      // (columns: No., kind, reason, charges, qty, amount, currency: a line has a reason)
      expect((ls.getRow(1).values as unknown[])[3]).toBe(lang === 'en' ? 'Reason' : '原因');
      expect(lineRows).toHaveLength(lines.length + 1);
      expect(Math.round(Number(lineRows.at(-1)![5]) * 100)).toBe(total);
      expect(lineRows.slice(0, -1).map((r) => Math.round(Number(r[5]) * 100))).toEqual(lines.map((l) => l.amount));
      expect(lineRows.find((r) => r[2] === REASON)).toBeTruthy();
    }
  });

  it('owner scope: another owner\'s staff get 404, a user without billing:list 403, a changed address 403', async () => {
    const other = (await userWith(f.t, f.admin, { codes: ['billing', 'billing:list'], ownerIds: [ownerB] })).token;
    expect((await call('/sapi/sys/print/url', { document: 'invoice', id: invoiceId }, other)).code).toBe(404);
    expect((await call(`${INV}/detail-xlsx`, { id: invoiceId }, other)).code).toBe(404);
    const none = (await userWith(f.t, f.admin, { codes: ['outbound', 'outbound:list'] })).token;
    expect((await call('/sapi/sys/print/url', { document: 'invoice', id: invoiceId }, none)).code).toBe(403);
    expect((await call(`${INV}/detail-xlsx`, { id: invoiceId }, none)).code).toBe(403);
    // the owner's own staff print and download their invoice
    const own = (await userWith(f.t, f.admin, { codes: ['billing', 'billing:list'], ownerIds: [ownerA] })).token;
    expect(await pdf(invoiceId, 'en', own)).toContain('Invoice');
    expect(data((await workbook(invoiceId, 'en', own)).wb.worksheets[1])).toHaveLength(6000);
    const minted = await ok(`${INV}/detail-xlsx`, { id: invoiceId });
    expect((await get(minted.url.replace(`/${invoiceId}/en`, `/${invoiceId}/zh`))).statusCode).toBe(403);
    expect((await get(minted.url.replace('sig=', 'sig=x'))).statusCode).toBe(403);
    expect((await call(`${INV}/detail-xlsx`, { id: 'x' })).code).toBe(400);
    expect((await call(`${INV}/detail-xlsx`, { id: 99999999 })).code).toBe(404);
  });
});
