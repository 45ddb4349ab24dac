/**
 * Scanning line by line in Chromium (issue 27 item 8), with a wedge-scanner-like input (the code typed fast, then
 * Enter, scan after scan without waiting). The API makes SKUs SCAN-A (supplier SKU SUP-A-77, noon platform SKU
 * N-SCAN-A), SCAN-B and SCAN-C of one owner and an inbound order of SCAN-A x 3 and SCAN-B x 2; then, as admin:
 * - receiving: the order scanned on /func/normal_inbound_exec; line scans count "receive now" from 0 by SKU code,
 *   supplier SKU (in lower case), platform SKU and `2*SCAN-B`; an unknown code, a SKU not on the order and an
 *   over-receipt are refused at the scan (red field, message naming the code, nothing counted); progress per line
 *   and in total; the receipt is confirmed and the stock of both SKUs rises by the counts;
 * - order form: a new outbound order's lines scanned in (a line per SKU, +1 on its line by another of its codes,
 *   an unknown code refused) and saved with those quantities;
 * - shipping: that order allocated; on /func/normal_outbound_exec Pack waits while a started count is incomplete,
 *   more than ordered is refused, and Pack is offered once every line is scanned.
 * Screenshots in test-results/scan-*.png.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EcPlatform } from '../../generated/shared/enums';
import { loginThroughPage } from './browser';
import { addSku, allocateOnScreen, confirmReceiving, consoleSession, fillOwnerAndWarehouse, fillReceiver, inputValues, openOrderDialog, openReceivingScreen, openShippingScreen, ownerIdByName, saveOrderDialog, scanForReceiving, scanForShipping, warehouseIdByName } from './steps';

const OWNER = 'Desert Rose Cosmetics';
const WAREHOUSE = 'Riyadh DC';

/** Types each code as a wedge scanner does (fast, then Enter), without waiting between scans; then waits until the box answered them all. */
async function wedgeScan(page: Page, testId: string, codes: string[]) {
  const input = page.getByTestId(testId);
  const box = page.getByTestId(`${testId}-box`);
  const before = Number(await box.getAttribute('data-scans'));
  await input.focus();
  for (const code of codes) {
    await page.keyboard.type(code, { delay: 5 });
    await page.keyboard.press('Enter');
  }
  await expect.poll(async () => Number(await box.getAttribute('data-scans')), { timeout: 15_000 }).toBe(before + codes.length);
}

/** The last scan's signal (ok / refused), its message (visible), and whether the field is marked invalid (red). */
async function lastScan(page: Page, testId: string): Promise<{ signal: string | null; message: string | null; invalid: string | null }> {
  expect(await page.getByTestId(`${testId}-message`).isVisible()).toBe(true);
  return {
    signal: await page.getByTestId(`${testId}-box`).getAttribute('data-signal'),
    message: await page.getByTestId(`${testId}-message`).textContent(),
    invalid: await page.getByTestId(testId).getAttribute('aria-invalid'),
  };
}

const texts = (l: Locator) => l.evaluateAll((els) => els.map((e) => e.textContent ?? ''));

describe('Scanning lines in Chromium', () => {
  const sku: Record<'A' | 'B' | 'C', number> = { A: 0, B: 0, C: 0 };
  let ownerId = 0;
  let warehouseId = 0;
  let inboundNo = '';
  let outboundNo = '';
  const s = consoleSession('scan', async ({ api }) => {
    ownerId = await ownerIdByName(api, OWNER);
    warehouseId = await warehouseIdByName(api, WAREHOUSE);
    sku.A = await addSku(api, { ownerId, code: 'SCAN-A', name: 'Scan Rose Oil', category: 'E2E Scan A', weight: 0.2 });
    sku.B = await addSku(api, { ownerId, code: 'SCAN-B', name: 'Scan Musk', category: 'E2E Scan B', weight: 0.1 });
    sku.C = await addSku(api, { ownerId, code: 'SCAN-C', name: 'Scan Amber', category: 'E2E Scan C', weight: 0.1 });
    await api('/sapi/wms/supplier-sku/add', { skuId: sku.A, supplierName: 'Taif Farms', supplierSku: 'SUP-A-77' });
    await api('/sapi/wms/ec-platform-sku/add', { skuId: sku.A, ecPlatform: EcPlatform.NOON, ecPlatformSku: 'N-SCAN-A' });
    const order = await api('/sapi/wms/inbound-order/add', { type: 1, warehouseId, ownerId, lines: [{ skuId: sku.A, batchNo: 'SC-1', plannedQty: 3 }, { skuId: sku.B, batchNo: 'SC-1', plannedQty: 2 }] });
    inboundNo = order.orderNo;
  });
  const page = () => s.page;
  const stockOf = async (skuId: number) => ((await s.api('/sapi/wms/sku-inventory/list', { skuId, warehouseId })) as Array<{ qty: number }>).reduce((n, r) => n + r.qty, 0);

  it('receives an order scanned line by line; refuses unknown, off-order and over-receipt scans at the scan', async () => {
    await loginThroughPage(page(), s.c.base, undefined, undefined, '/func/normal_inbound_exec');
    await openReceivingScreen(s.c);
    const card = await scanForReceiving(page(), inboundNo);
    const qty = card.getByTestId('inbound-exec-qty');
    const progress = card.getByTestId('inbound-scan-progress');
    // before any line scan: "receive now" is what remains
    await expect.poll(() => inputValues(qty)).toEqual(['3', '2']);
    await expect.poll(() => page().getByTestId('inbound-line-scan').evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(page().getByTestId('inbound-line-scan').evaluate((el) => el.closest('.MuiFormControl-root')?.textContent ?? '')).resolves.toContain('type 3*CODE to count 3');

    // the first scan counts from 0
    await wedgeScan(page(), 'inbound-line-scan', ['SCAN-A']);
    expect(await inputValues(qty)).toEqual(['1', '0']);
    expect(await lastScan(page(), 'inbound-line-scan')).toEqual({ signal: 'ok', message: 'SCAN-A: +1, 1 / 3 (SCAN-A)', invalid: 'false' });

    // unknown code, and a SKU of the owner that is not on the order: refused, named, nothing counted
    await wedgeScan(page(), 'inbound-line-scan', ['NO-SUCH-CODE']);
    expect(await lastScan(page(), 'inbound-line-scan')).toEqual({ signal: 'refused', message: 'Refused: NO-SUCH-CODE is no SKU, supplier SKU, platform SKU or barcode of this goods owner', invalid: 'true' });
    await s.c.shot('scan-01-unknown');
    await wedgeScan(page(), 'inbound-line-scan', ['SCAN-C']);
    expect(await lastScan(page(), 'inbound-line-scan')).toEqual({ signal: 'refused', message: 'Refused: SCAN-C (SCAN-C) is not on this order', invalid: 'true' });
    expect(await inputValues(qty)).toEqual(['1', '0']);

    // supplier SKU (lower case), platform SKU and 2*SCAN-B, fast one after another: the order is complete
    await wedgeScan(page(), 'inbound-line-scan', ['sup-a-77', 'N-SCAN-A', '2*SCAN-B']);
    expect(await inputValues(qty)).toEqual(['3', '2']);
    expect(await lastScan(page(), 'inbound-line-scan')).toMatchObject({ signal: 'ok', message: 'SCAN-B: +2, 2 / 2 (SCAN-B)' });
    expect(await texts(card.getByTestId('inbound-exec-progress'))).toEqual(['3 / 3', '2 / 2']);
    expect([await progress.getAttribute('data-reached'), await progress.getAttribute('data-planned')]).toEqual(['5', '5']);
    await expect(progress.textContent()).resolves.toBe('Scanned 5 / 5');

    // one more: over-receipt refused at the scan, the count unchanged
    await wedgeScan(page(), 'inbound-line-scan', ['SCAN-A']);
    expect(await lastScan(page(), 'inbound-line-scan')).toEqual({ signal: 'refused', message: 'Refused: SCAN-A would be more than planned (3 / 3, 0 left)', invalid: 'true' });
    expect(await inputValues(qty)).toEqual(['3', '2']);
    await s.c.shot('scan-02-complete');

    const before = [await stockOf(sku.A), await stockOf(sku.B)];
    await confirmReceiving(page(), card, inboundNo, 'Completed');
    expect([await stockOf(sku.A), await stockOf(sku.B)]).toEqual([before[0] + 3, before[1] + 2]);
    const lines = (await s.api('/sapi/wms/inbound-order/page', { current: 1, size: 10, orderNo: inboundNo })).records[0].lines as Array<{ skuId: number; receivedQty: number }>;
    expect(lines.map((l) => [l.skuId, l.receivedQty])).toEqual([[sku.A, 3], [sku.B, 2]]);
  });

  it('scans the lines of a new outbound order into its form', async () => {
    await page().goto(`${s.c.base}/outbound/normal_list`);
    await page().getByTestId('outbound-filters').waitFor();
    const dialog = await openOrderDialog(page(), 'outbound');
    await fillOwnerAndWarehouse(page(), dialog, 'outbound', OWNER, WAREHOUSE);
    await dialog.getByTestId('outbound-form-platform-order-no').fill('E2E-SCAN-1');
    await fillReceiver(page(), dialog, { name: 'Sara Ali', phone: '+966 5555 1234', country: 'Saudi Arabia (SA)', address: 'King Fahd Rd 1' });

    await wedgeScan(page(), 'outbound-line-scan', ['SCAN-A', 'n-scan-a', 'SCAN-B', 'NO-SUCH-CODE']);
    expect(await lastScan(page(), 'outbound-line-scan')).toEqual({ signal: 'refused', message: 'Refused: NO-SUCH-CODE is no SKU, supplier SKU, platform SKU or barcode of this goods owner', invalid: 'true' });
    const lines = dialog.getByTestId('outbound-line');
    await expect.poll(() => lines.count()).toBe(2);
    expect(await inputValues(dialog.getByTestId('outbound-line-qty'))).toEqual(['2', '1']);
    await expect.poll(() => inputValues(dialog.getByTestId('outbound-line-sku-picker').locator('input'))).toEqual(['SCAN-A (Scan Rose Oil)', 'SCAN-B (Scan Musk)']);
    // the picker stays
    await dialog.getByTestId('outbound-add-line').waitFor();
    await s.c.shot('scan-03-form');
    await saveOrderDialog(page(), dialog, 'outbound');

    const o = (await s.api('/sapi/wms/outbound-order/page', { current: 1, size: 10, platformOrderNo: 'E2E-SCAN-1' })).records[0];
    outboundNo = o.orderNo;
    expect(o.lines.map((l: { skuId: number; qty: number }) => [l.skuId, l.qty])).toEqual([[sku.A, 2], [sku.B, 1]]);
  });

  it('checks the picked goods on the shipping screen: Pack waits for a complete count, more than ordered refused', async () => {
    await openShippingScreen(s.c);
    await scanForShipping(page(), outboundNo, 'Created');
    await allocateOnScreen(page(), outboundNo);
    await wedgeScan(page(), 'shipping-line-scan', ['SCAN-A']);
    await page().getByTestId('shipping-count-open').waitFor();
    expect(await page().getByTestId('shipping-pack').isDisabled()).toBe(true);
    await wedgeScan(page(), 'shipping-line-scan', ['2*SCAN-A']);
    expect(await lastScan(page(), 'shipping-line-scan')).toEqual({ signal: 'refused', message: 'Refused: SCAN-A would be more than ordered (1 / 2, 1 left)', invalid: 'true' });
    await wedgeScan(page(), 'shipping-line-scan', ['SUP-A-77', 'SCAN-B']);
    expect(await texts(page().getByTestId('shipping-line-scanned'))).toEqual(['2 / 2', '1 / 1']);
    await expect(page().getByTestId('shipping-scan-progress').textContent()).resolves.toBe('Scanned 3 / 3');
    await expect.poll(() => page().getByTestId('shipping-count-open').count()).toBe(0);
    expect(await page().getByTestId('shipping-pack').isEnabled()).toBe(true);
    await s.c.shot('scan-04-shipping');
  });
});
