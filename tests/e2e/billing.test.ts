/**
 * 3PL billing end to end in Chromium, in English and in Chinese (issue 32 "A browser test: rate card -> billing
 * run -> review -> confirm -> PDF and Excel downloaded, in en and zh"; docs/billing.md). For one goods owner per
 * language (en: Desert Rose Cosmetics, zh: Gulf Gadgets), as admin:
 * 1. Billing > Rate cards > Add: a card in SAR from the 1st of last month with two prices, inbound per order 5.00
 *    and inbound per unit 1.50, typed in the manifest dialog;
 * 2. the month's activity (API): one inbound order of 10 units received today;
 * 3. Billing > Invoices > Billing run for the owner and this month: the draft's total is said (20.00);
 * 4. its View lists the two lines (kind, qty, amount) in the page's language;
 * 5. Confirm invoice (asked): numbered INV..., Confirmed;
 * 6. the invoice PDF and its Excel detail are downloaded and read back (pdftotext; exceljs);
 * and the dashboard's revenue table shows the confirmed month to the operator.
 * The month is today's UTC month (the receipt's service day). Screenshots test-results/billing-<lang>-*.png.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generatedMessages } from '../../generated/client/i18n';
import { billingMessages } from '../../src/client/screens/billing/messages';
import { loginThroughPage, SHOTS } from './browser';
import { pdfText } from '../support/pdf';
import { addSku, chooseOption, consoleSession, ownerIdByName, printedPdf, rowAction, warehouseIdByName } from './steps';

type Lang = 'en' | 'zh';
const OWNERS: Record<Lang, string> = { en: 'Desert Rose Cosmetics', zh: 'Gulf Gadgets' };
const enums = (lang: Lang) => generatedMessages[lang].enums as unknown as Record<string, Record<string, string>>;
const texts = (lang: Lang) => billingMessages[lang].app.billing;
/** Today's UTC month, yyyy-MM: the service month of a receipt made now. */
const MONTH = new Date().toISOString().slice(0, 7);
/** The 1st of last month (the card is valid from it), yyyy-MM-dd. */
const CARD_FROM = (() => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
})();

describe('3PL billing in Chromium', () => {
  const ids: Partial<Record<Lang, { ownerId: number; invoiceId?: number; invoiceNo?: string }>> = {};
  const s = consoleSession('billing', async ({ api }) => {
    const warehouseId = await warehouseIdByName(api, 'Riyadh DC');
    for (const lang of ['en', 'zh'] as const) {
      const ownerId = await ownerIdByName(api, OWNERS[lang]);
      ids[lang] = { ownerId };
      const skuId = await addSku(api, { ownerId, code: `E2E-BILL-${lang.toUpperCase()}`, name: `Billing ${lang}`, category: `E2E Billing ${lang}`, weight: 0.5 });
      const order = await api('/sapi/wms/inbound-order/add', { warehouseId, ownerId, storeOrderNo: `BILL-${lang}`, lines: [{ skuId, plannedQty: 10 }] });
      await api('/sapi/wms/inbound-order/receive', { id: order.id, lines: [{ lineId: order.lines[0].id, qty: 10 }] });
    }
  });

  /** A page in `lang`, logged in and on `path`. */
  const pageIn = async (lang: Lang, path: string): Promise<Page> => {
    if (lang === 'en') {
      await loginThroughPage(s.page, s.c.base, undefined, undefined, path);
      return s.page;
    }
    const page = await (await s.c.browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, acceptDownloads: true })).newPage();
    await loginThroughPage(page, s.c.base, undefined, undefined, path);
    return page;
  };
  const pages: Partial<Record<Lang, Page>> = {};
  const shot = (lang: Lang, name: string) => pages[lang]!.screenshot({ path: `${SHOTS}/billing-${lang}-${name}.png`, fullPage: true });

  for (const lang of ['en', 'zh'] as const) {
    const kind = (k: string) => enums(lang).ChargeKind[k];

    it(`${lang}: makes a rate card in the console`, async () => {
      const page = (pages[lang] = await pageIn(lang, '/billing/rate_card'));
      await page.getByTestId('rate-card-add').click();
      const dialog = page.getByTestId('rate-card-edit-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('rate-card-form-name').fill(`Card ${lang}`);
      await chooseOption(page, dialog.getByTestId('rate-card-form-owner'), OWNERS[lang]);
      await dialog.getByTestId('rate-card-form-currency').getByRole('combobox').click();
      await page.getByRole('option', { name: enums(lang).Currency.SAR, exact: true }).click();
      await dialog.getByTestId('rate-card-form-valid-from').fill(CARD_FROM);
      const lines = dialog.getByTestId('rate-card-line');
      for (const [i, [k, rate]] of ([['INBOUND_ORDER', '500'], ['INBOUND_UNIT', '150']] as const).entries()) {
        await dialog.getByTestId('rate-card-add-line').click();
        await expect.poll(() => lines.count()).toBe(i + 1);
        const line = lines.nth(i);
        await line.getByTestId('rate-card-line-kind').getByRole('combobox').click();
        await page.getByRole('option', { name: kind(k), exact: true }).click();
        await line.getByTestId('rate-card-line-rate').fill(rate);
      }
      await shot(lang, '01-rate-card');
      await dialog.getByTestId('rate-card-save').click();
      await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
      const [card] = await s.api('/sapi/wms/rate-card/list', { ownerId: ids[lang]!.ownerId });
      expect(card).toMatchObject({ name: `Card ${lang}`, validFrom: CARD_FROM, currency: 1 });
      expect(card.lines.map((l: Record<string, unknown>) => [l.kind, Number(l.rate)])).toEqual([[4, 500], [6, 150]]);
    }, 120_000);

    it(`${lang}: runs billing for the month and reviews the draft`, async () => {
      const page = pages[lang]!;
      await page.goto(`${s.c.base}/billing/invoice`);
      await page.getByTestId('invoice-run').click();
      const dialog = page.getByTestId('invoice-run-dialog');
      await dialog.waitFor();
      await chooseOption(page, dialog, OWNERS[lang]);
      await dialog.getByTestId('invoice-run-month').fill(MONTH);
      await dialog.getByTestId('invoice-run-confirm').click();
      await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
      const said = texts(lang).run_done.replace('%{month}', MONTH).replace('%{total}', `20.00 ${enums(lang).Currency.SAR}`);
      await page.getByText(said).first().waitFor();
      const [inv] = await s.api('/sapi/wms/invoice/list', { ownerId: ids[lang]!.ownerId, month: MONTH });
      expect(inv).toMatchObject({ status: 1, total: 2000, currency: 1 });
      ids[lang]!.invoiceId = inv.id;

      const row = page.getByTestId('invoice-row').filter({ hasText: OWNERS[lang] }).filter({ hasText: MONTH });
      await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('20.00');
      await rowAction(row, 'invoice-row-view');
      const view = page.getByTestId('invoice-view-lines');
      await view.waitFor();
      const lines = await view.getByTestId('invoice-view-line').allTextContents();
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain(kind('INBOUND_ORDER'));
      expect(lines[0]).toContain('5.00');
      expect(lines[1]).toContain(kind('INBOUND_UNIT'));
      expect(lines[1]).toContain('15.00');
      await shot(lang, '02-draft');
      await page.getByTestId('invoice-view-close').click();
    }, 120_000);

    it(`${lang}: confirms the invoice`, async () => {
      const page = pages[lang]!;
      const row = page.getByTestId('invoice-row').filter({ hasText: OWNERS[lang] }).filter({ hasText: MONTH });
      await rowAction(row, 'invoice-row-confirm');
      const prompt = page.getByTestId('invoice-row-confirm-confirm');
      await prompt.waitFor();
      await prompt.getByRole('button', { name: lang === 'en' ? 'Confirm invoice' : '确认账单' }).click();
      await prompt.waitFor({ state: 'hidden' });
      const inv = await s.api('/sapi/wms/invoice/detail', { id: ids[lang]!.invoiceId });
      expect(inv).toMatchObject({ status: 2, total: 2000 });
      expect(inv.invoiceNo).toMatch(/^INV\d{14}$/);
      ids[lang]!.invoiceNo = inv.invoiceNo;
      await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain(inv.invoiceNo);
      expect(await row.textContent()).toContain(enums(lang).InvoiceStatus.CONFIRMED);
      await shot(lang, '03-confirmed');
    }, 120_000);

    it(`${lang}: downloads the invoice PDF and its Excel detail, in the page's language`, async () => {
      const page = pages[lang]!;
      await page.evaluate(() => localStorage.setItem('wms.localPrint', 'off'));
      await page.reload();
      const no = ids[lang]!.invoiceNo!;
      const row = page.getByTestId('invoice-row').filter({ hasText: no });
      await row.waitFor({ timeout: 20_000 });
      const text = pdfText(await printedPdf(row, 'invoice-row-print', 'invoice'));
      const dir = mkdtempSync(join(tmpdir(), 'wms-billing-'));
      for (const expected of [no, OWNERS[lang], kind('INBOUND_ORDER'), kind('INBOUND_UNIT'), '5.00', '15.00', '20.00']) expect(text).toContain(expected);

      const download = page.waitForEvent('download', { timeout: 30_000 });
      await rowAction(row, 'invoice-row-detail-xlsx');
      const file = join(dir, 'invoice.xlsx');
      await (await download).saveAs(file);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(file);
      const sheets = generatedMessages[lang].resources as unknown as Record<string, { name: string }>;
      expect(book.worksheets.map((w) => w.name)).toEqual([sheets.invoiceLine.name, sheets.charge.name]);
      const charges: unknown[][] = [];
      book.worksheets[1].eachRow((r, n) => { if (n > 1) charges.push((r.values as unknown[]).slice(1)); });
      // one charge per kind: the order (5.00) and its 10 units (15.00)
      expect(charges).toHaveLength(2);
      expect(charges.map((r) => r.find((v) => v === kind('INBOUND_ORDER') || v === kind('INBOUND_UNIT'))).sort()).toEqual([kind('INBOUND_ORDER'), kind('INBOUND_UNIT')].sort());
      await shot(lang, '04-documents');
    }, 120_000);
  }

  it('en: the dashboard shows the operator the revenue of the month', async () => {
    const page = pages.en!;
    await page.goto(`${s.c.base}/dashboard`);
    const cell = page.getByTestId(`dashboard-revenue-${ids.en!.ownerId}-${MONTH}`);
    await cell.waitFor({ timeout: 20_000 });
    expect(await cell.textContent()).toContain('20.00');
    expect(await cell.textContent()).toContain('Confirmed');
    await shot('en', '05-dashboard-revenue');
  }, 120_000);
});
