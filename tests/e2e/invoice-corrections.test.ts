/**
 * Invoice corrections in Chromium (issue 32 step 3; docs/billing.md "Invoices"). The API gives Desert Rose
 * Cosmetics a card with a monthly minimum of 50.00 SAR and drafts its October invoice (one minimum line); then, as
 * admin on /billing/invoice:
 * - "Add line" on the draft: a value-added service line of 12.50 with a reason, listed in the dialog at once; the
 *   invoice's total becomes 62.50 and its View lists both lines with the reason;
 * - once confirmed (API), "Credit note" makes a credit of 10.00, listed on /billing/credit_note with its reason.
 * Screenshots in test-results/invoice-*.png.
 */
import { describe, expect, it } from 'vitest';
import { ChargeKind, Currency } from '../../generated/shared/enums';
import { loginThroughPage } from './browser';
import { consoleSession, ownerIdByName, rowAction } from './steps';

const OWNER = 'Desert Rose Cosmetics';

describe('Invoice corrections in Chromium', () => {
  let invoiceId = 0;
  const s = consoleSession('invoice', async ({ api }) => {
    const ownerId = await ownerIdByName(api, OWNER);
    await api('/sapi/wms/rate-card/add', { name: 'Rose minimum', ownerId, currency: Currency.SAR, validFrom: '2026-10-01', monthlyMinimum: 5000, lines: [{ kind: ChargeKind.VAS, rate: 100 }] });
    invoiceId = (await api('/sapi/wms/invoice/run', { ownerId, month: '2026-10' })).id;
  });

  it('adds a line by hand to the draft and shows it in the View', async () => {
    const { c, page, api } = s;
    await loginThroughPage(page, c.base, undefined, undefined, '/billing/invoice');
    const row = page.getByTestId('invoice-row').filter({ hasText: '2026-10' });
    await row.waitFor();
    await rowAction(row, 'invoice-row-add-line');
    const dialog = page.getByTestId('invoice-correct-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('invoice-correct-qty').fill('2');
    await dialog.getByTestId('invoice-correct-amount').fill('12.50');
    await dialog.getByTestId('invoice-correct-reason').fill('Gift wrapping');
    await dialog.getByTestId('invoice-correct-save').click();
    await expect.poll(() => dialog.textContent()).toContain('Gift wrapping');
    await c.shot('invoice-add-line');
    expect((await api('/sapi/wms/invoice/detail', { id: invoiceId })).total).toBe(6250);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => row.textContent()).toContain('62.50');
    await rowAction(row, 'invoice-row-view');
    const lines = page.getByTestId('invoice-view-lines');
    await lines.waitFor();
    const text = await lines.textContent();
    expect(text).toContain('Monthly minimum top-up');
    expect(text).toContain('Value-added service (manual)');
    expect(text).toContain('Gift wrapping');
    expect(text).toContain('Reason');
    await c.shot('invoice-view-lines');
    await page.getByTestId('invoice-view-close').click();
  });

  it('makes a credit note of the confirmed invoice, listed under Credit notes', async () => {
    const { c, page, api } = s;
    await api('/sapi/wms/invoice/confirm', { id: invoiceId });
    await page.reload();
    const row = page.getByTestId('invoice-row').filter({ hasText: '2026-10' });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('INV');
    await rowAction(row, 'invoice-row-credit');
    const dialog = page.getByTestId('invoice-correct-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('62.50');
    await dialog.getByTestId('invoice-correct-amount').fill('10');
    await dialog.getByTestId('invoice-correct-reason').fill('Damaged wrapping');
    await dialog.getByTestId('invoice-correct-save').click();
    await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0);
    const [note] = await api('/sapi/wms/credit-note/list', { invoiceId });
    expect(note).toMatchObject({ total: -1000, reason: 'Damaged wrapping', kind: ChargeKind.ADJUSTMENT });
    await page.goto(`${c.base}/billing/credit_note`);
    const noteRow = page.getByTestId('credit-note-row').filter({ hasText: 'Damaged wrapping' });
    await noteRow.waitFor({ timeout: 20_000 });
    expect(await noteRow.textContent()).toContain('-10.00');
    expect(await noteRow.textContent()).toContain(note.creditNo);
    await c.shot('invoice-credit-note');
  });
});
