/**
 * The invoice documents in Chromium (issue 32 step 3; docs/billing.md "Documents"). The API gives Desert Rose
 * Cosmetics a card with a monthly minimum of 50.00 SAR and drafts its September invoice (one minimum line); then, as
 * admin on /billing/invoice, local print off: the row's "Print invoice (PDF)" opens the PDF in a new tab (a DRAFT
 * with the total 50.00), and "Download detail (Excel)" downloads a real workbook with its two sheets and the line.
 * Screenshot in test-results/invoicedoc-list.png.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ChargeKind, Currency } from '../../generated/shared/enums';
import { pageTexts } from '../support/pdf';
import { loginThroughPage } from './browser';
import { consoleSession, ownerIdByName, printedPdf, rowAction } from './steps';

const OWNER = 'Desert Rose Cosmetics';

describe('Invoice documents in Chromium', () => {
  const s = consoleSession('invoicedoc', async ({ api }) => {
    const ownerId = await ownerIdByName(api, OWNER);
    await api('/sapi/wms/rate-card/add', { name: 'Rose minimum', ownerId, currency: Currency.SAR, validFrom: '2026-09-01', monthlyMinimum: 5000, lines: [{ kind: ChargeKind.VAS, rate: 100 }] });
    await api('/sapi/wms/invoice/run', { ownerId, month: '2026-09' });
  });

  it('prints the invoice PDF in a new tab and downloads the Excel detail', async () => {
    const { c, page } = s;
    await loginThroughPage(page, c.base, undefined, undefined, '/billing/invoice');
    await page.evaluate(() => localStorage.setItem('wms.localPrint', 'off'));
    await page.reload();
    const row = page.getByTestId('invoice-row').filter({ hasText: '2026-09' });
    await row.waitFor();
    await c.shot('invoicedoc-list');

    const text = pageTexts(await printedPdf(row, 'invoice-row-print', 'invoice')).join('\n');
    expect(text).toContain('DRAFT');
    expect(text).toContain('50.00');

    const download = page.waitForEvent('download', { timeout: 30_000 });
    await rowAction(row, 'invoice-row-detail-xlsx');
    const file = join(mkdtempSync(join(tmpdir(), 'wms-invoice-')), 'invoice.xlsx');
    await (await download).saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Invoice lines', 'Charges']);
    expect((book.worksheets[0].getRow(2).values as unknown[])).toContain('Monthly minimum top-up');
  });
});
