/**
 * The scanning screens of storage locations in Chromium (issue 29; src/client/screens/floor). The API makes two
 * SKUs, a zone of Riyadh DC with the storage locations FL-A, FL-B, FL-C (pick sequence 100, 200, 300) and the
 * quarantine location FL-Q, and an inbound order (A × 10, B × 6); then, as admin in the browser:
 * - the order is received on /func/normal_inbound_exec (the goods land on RECEIVING);
 * - /func/putaway_exec: B scanned (in lower case) suggests FL-A; FL-Q is refused in the server's words; FL-A
 *   puts it away. A scanned: 6 of 10 (quantity edited) to the suggestion FL-B; the 4 left to FL-C (another
 *   location than the suggested FL-B); nothing waits any more;
 * - an outbound order (A × 4, B × 2) is allocated on the shipping screen; /func/pick_exec (order scanned) walks
 *   FL-A (B) before FL-B (A) although A sorts first; the pick list PDF (pdftotext -layout) prints FL-A then FL-B,
 *   each on its SKU's row; a wrong location is refused naming the right one; each line is picked by scanning the
 *   location and the SKU with the reserved quantity; then packing and shipping on the shipping screen;
 * - a second order (A × 2, reserved on FL-B): chosen from the list, 1 of 2 found at FL-B is a short pick,
 *   confirmed explicitly: recorded, the missing unit reserved again at FL-C and picked there; the discrepancy
 *   is listed by the API;
 * - /func/move_exec: 2 of A moved from FL-C to FL-A (more than is free there is refused), confirmed as a move;
 * - a third order: nothing found at FL-A (a short pick of 0) and nowhere else: "found nowhere", Reserve on another
 *   location finds nothing, then after an adjustment of +2 (on RECEIVING) reserves them there.
 * Both levels of the ledger are checked through the API's location stock at the end. Screenshots in
 * test-results/floor-*.png.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LocationType } from '../../generated/shared/enums';
import { loginThroughPage } from './browser';
import { addSku, allocateOnScreen, consoleSession, openReceivingScreen, ownerIdByName, packOnScreen, receiveOnScreen, scanForShipping, scanInto, shipOnScreen, warehouseIdByName } from './steps';

const A = 'FLOOR-E2E-A';
const B = 'FLOOR-E2E-B';
const BATCH = 'FL1';
const WAREHOUSE = 'Riyadh DC';
const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };

/** The text of a PDF by pdftotext -layout (poppler-utils). */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'wms-floor-pdf-'));
  try {
    writeFileSync(join(dir, 'p.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'p.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Chooses `name` in the MUI select shown by `testId`. */
async function selectOption(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name, exact: true }).click();
}

describe('Putaway, picking and moves by scanning in Chromium', () => {
  let warehouseId = 0;
  let ownerId = 0;
  const sku: Record<string, number> = {};
  const loc: Record<string, number> = {};
  let inboundNo = '';
  const s = consoleSession('floor', async ({ api }) => {
    warehouseId = await warehouseIdByName(api, WAREHOUSE);
    ownerId = await ownerIdByName(api, 'Desert Rose Cosmetics');
    sku[A] = await addSku(api, { ownerId, code: A, name: 'Floor Amber Oud', category: 'E2E Floor', weight: 0.3 });
    sku[B] = await addSku(api, { ownerId, code: B, name: 'Floor Bakhoor', category: 'E2E Floor incense', weight: 0.2 });
    const zoneId = (await api('/sapi/wms/warehouse-zone/add', { warehouseId, code: 'FLZ', name: 'Floor zone' })).id;
    for (const [code, type, pickSequence] of [['FL-C', LocationType.STORAGE, 300], ['FL-A', LocationType.STORAGE, 100], ['FL-B', LocationType.STORAGE, 200], ['FL-Q', LocationType.QUARANTINE, 50]] as const)
      loc[code] = (await api('/sapi/wms/location/add', { warehouseId, zoneId, code, type, pickSequence })).id;
    const inbound = await api('/sapi/wms/inbound-order/add', { type: 1, warehouseId, ownerId, lines: [{ skuId: sku[A], batchNo: BATCH, plannedQty: 10 }, { skuId: sku[B], batchNo: BATCH, plannedQty: 6 }] });
    inboundNo = inbound.orderNo;
  });
  const page = () => s.page;
  /** Location stock of the SKU: {location code: [qty, lockQty]} (rows with stock). */
  const stockOf = async (code: string): Promise<Record<string, [number, number]>> => {
    const rows = (await s.api('/sapi/wms/location-inventory/list', { warehouseId, skuId: sku[code] })) as Array<{ locationId: number; qty: number; lockQty: number }>;
    const names = Object.fromEntries(Object.entries(loc).map(([k, v]) => [v, k]));
    return Object.fromEntries(rows.filter((r) => r.qty > 0).map((r) => [names[r.locationId] ?? 'RECEIVING', [r.qty, r.lockQty]]));
  };

  it('receives the goods onto the receiving location', async () => {
    await loginThroughPage(page(), s.c.base, undefined, undefined, '/func/normal_inbound_exec');
    await openReceivingScreen(s.c);
    await receiveOnScreen(s.c, inboundNo, { shown: ['10', '6'], status: 'Completed' });
    expect(await stockOf(A)).toEqual({ RECEIVING: [10, 0] });
  });

  it('puts the goods away by scanning SKU and location', async () => {
    await page().goto(`${s.c.base}/func/putaway_exec`);
    await page().getByTestId('putaway-exec').waitFor();
    await selectOption(page(), 'putaway-warehouse', WAREHOUSE);
    const rows = page().getByTestId('putaway-row');
    await expect.poll(() => rows.count()).toBe(2);
    await s.c.shot('floor-10-putaway-list');

    await scanInto(page(), 'putaway-scan', 'floor-e2e-b');
    await expect.poll(() => page().getByTestId('putaway-suggestion').textContent()).toBe('FL-A');
    await expect(page().getByTestId('putaway-qty').inputValue()).resolves.toBe('6');
    // the scanner is ready for the location at once; a quarantine location is refused in the server's words
    await scanInto(page(), 'putaway-target', 'FL-Q');
    await expect.poll(() => page().getByTestId('putaway-target-error').textContent()).toBe('To location: location FL-Q is a Quarantine location; choose one of: Storage, Pick face');
    await s.c.shot('floor-11-putaway-refused');
    await scanInto(page(), 'putaway-target', 'FL-A');
    await expect.poll(() => page().getByTestId('putaway-result').textContent()).toMatch(new RegExp(`^Put away 6 × ${B} on FL-A \\(PA\\d+\\)$`));
    await expect.poll(() => rows.count()).toBe(1);

    // A: 6 of its 10 to the suggestion (FL-A holds B now: the first empty one is FL-B)
    await scanInto(page(), 'putaway-scan', A);
    await expect.poll(() => page().getByTestId('putaway-suggestion').textContent()).toBe('FL-B');
    await page().getByTestId('putaway-qty').fill('6');
    await page().getByTestId('putaway-qty').press('Enter');
    await scanInto(page(), 'putaway-target', 'FL-B');
    await expect.poll(() => page().getByTestId('putaway-result').textContent()).toMatch(new RegExp(`^Put away 6 × ${A} on FL-B`));
    await expect.poll(() => rows.getByTestId('putaway-row-qty').textContent()).toBe('4');
    // the 4 left: the suggestion is where A stands already; another location is scanned
    await scanInto(page(), 'putaway-scan', A);
    await expect.poll(() => page().getByTestId('putaway-suggestion').textContent()).toBe('FL-B');
    await scanInto(page(), 'putaway-target', 'FL-C');
    await expect.poll(() => page().getByTestId('putaway-result').textContent()).toMatch(new RegExp(`^Put away 4 × ${A} on FL-C`));
    await page().getByTestId('putaway-none').waitFor();
    await s.c.shot('floor-12-putaway-done');
    expect(await stockOf(A)).toEqual({ 'FL-B': [6, 0], 'FL-C': [4, 0] });
    expect(await stockOf(B)).toEqual({ 'FL-A': [6, 0] });
  });

  it('allocates, picks by scanning location and SKU in walk order, prints the pick list by location, packs and ships', async () => {
    const order = await s.api('/sapi/wms/outbound-order/add', { warehouseId, ownerId, ...receiver, platformOrderNo: 'FLOOR-1', lines: [{ skuId: sku[A], batchNo: BATCH, qty: 4 }, { skuId: sku[B], batchNo: BATCH, qty: 2 }] });
    await page().goto(`${s.c.base}/func/normal_outbound_exec`);
    await scanForShipping(page(), order.orderNo, 'Created');
    await allocateOnScreen(page(), order.orderNo);

    await page().evaluate(() => localStorage.setItem('wms.localPrint', 'off'));
    await page().goto(`${s.c.base}/func/pick_exec`);
    await scanInto(page(), 'pick-scan', order.orderNo);
    const tasks = page().getByTestId('pick-task-location');
    await expect.poll(() => tasks.allTextContents()).toEqual(['FL-A', 'FL-B']);
    await s.c.shot('floor-20-pick-tasks');

    // the pick list PDF: the locations in pick sequence, each on its SKU's row
    const opened = page().context().waitForEvent('page');
    await page().getByTestId('pick-print').click();
    const tab = await opened;
    await tab.waitForURL(/\/sapi\/sys\/print\/file\/pickList\/\d+\?/);
    const res = await tab.request.get(tab.url());
    expect(res.headers()['content-type']).toBe('application/pdf');
    const text = pdfText(Buffer.from(await res.body()));
    await tab.close();
    expect(text).toContain(order.orderNo);
    const rowsWithLocation = text.split('\n').filter((l) => /\bFL-[A-Z]\b/.test(l));
    expect(rowsWithLocation.map((l) => /\bFL-[A-Z]\b/.exec(l)![0])).toEqual(['FL-A', 'FL-B']);
    expect(rowsWithLocation.map((l) => l.includes(B) ? B : l.includes(A) ? A : '')).toEqual([B, A]);

    // line 1 (FL-A): back from the print tab into the location field; a wrong location names the right one
    await page().getByTestId('pick-location').click();
    await expect.poll(() => page().getByTestId('pick-go-to').textContent()).toBe(`Go to FL-A: take 2 × ${B}`);
    await scanInto(page(), 'pick-location', 'FL-B');
    await expect.poll(() => page().getByTestId('pick-location-error').textContent()).toBe('FL-B is not the location of this line: take it from FL-A');
    await scanInto(page(), 'pick-location', 'FL-A');
    await scanInto(page(), 'pick-sku', A);
    await expect.poll(() => page().getByTestId('pick-sku-error').textContent()).toBe(`${A} is not SKU ${B}`);
    await scanInto(page(), 'pick-sku', B);
    await expect.poll(() => page().getByTestId('pick-qty').inputValue()).toBe('2');
    await s.c.shot('floor-21-pick-line');
    await page().getByTestId('pick-qty').press('Enter');
    await expect.poll(() => page().getByTestId('pick-result').textContent()).toBe(`Picked 2 × ${B} at FL-A`);
    // line 2 (FL-B)
    await expect.poll(() => page().getByTestId('pick-go-to').textContent()).toBe(`Go to FL-B: take 4 × ${A}`);
    await scanInto(page(), 'pick-location', 'fl-b');
    await scanInto(page(), 'pick-sku', A);
    await expect.poll(() => page().getByTestId('pick-qty').inputValue()).toBe('4');
    await page().getByTestId('pick-qty').press('Enter');
    await page().getByTestId('pick-all-done').waitFor();
    await expect.poll(() => page().getByTestId('pick-task-picked').allTextContents()).toEqual(['2', '4']);
    await s.c.shot('floor-22-picked');

    // on to the shipping screen with the order
    await page().getByTestId('pick-to-shipping').click();
    const card = page().getByTestId('shipping-order');
    await card.waitFor();
    await expect.poll(() => card.getByTestId('shipping-status').textContent()).toBe('Picking');
    await packOnScreen(s.c, order.orderNo, { waybillNo: 'FLOOR-WB-1', carrier: 'SMSA', weight: '1.5' });
    await shipOnScreen(page(), order.orderNo);
    expect(await stockOf(A)).toEqual({ 'FL-B': [2, 0], 'FL-C': [4, 0] });
    expect(await stockOf(B)).toEqual({ 'FL-A': [4, 0] });
  });

  it('confirms a short pick explicitly, then picks the unit reserved again on another location', async () => {
    const order = await s.api('/sapi/wms/outbound-order/add', { warehouseId, ownerId, ...receiver, platformOrderNo: 'FLOOR-2', lines: [{ skuId: sku[A], batchNo: BATCH, qty: 2 }] });
    await s.api('/sapi/wms/outbound-order/allocate', { id: order.id });
    await page().goto(`${s.c.base}/func/pick_exec`);
    await page().getByTestId('pick-exec').waitFor();
    await selectOption(page(), 'pick-orders', order.orderNo);
    await expect.poll(() => page().getByTestId('pick-task-location').allTextContents()).toEqual(['FL-B']);
    await scanInto(page(), 'pick-location', 'FL-B');
    await scanInto(page(), 'pick-sku', A);
    await page().getByTestId('pick-qty').fill('1');
    await page().getByTestId('pick-qty').press('Enter');
    const short = page().getByTestId('pick-short');
    await short.waitFor();
    await expect(short.textContent()).resolves.toContain('Short pick: 1 of 2 found at FL-B');
    await s.c.shot('floor-30-short');
    // the confirmation has the focus: Enter confirms
    await expect.poll(() => page().getByTestId('pick-short-confirm').evaluate((el) => el === document.activeElement)).toBe(true);
    await page().keyboard.press('Enter');
    await expect.poll(() => page().getByTestId('pick-short-done').textContent()).toBe('Short pick recorded at FL-B: 1 of 2 found');
    await expect(page().getByTestId('pick-offered').textContent()).resolves.toBe('Reserved again at: FL-C (1)');
    await expect.poll(() => page().getByTestId('pick-task-location').allTextContents()).toEqual(['FL-B', 'FL-C']);
    await s.c.shot('floor-31-offered');
    await scanInto(page(), 'pick-location', 'FL-C');
    await scanInto(page(), 'pick-sku', A);
    await expect.poll(() => page().getByTestId('pick-qty').inputValue()).toBe('1');
    await page().getByTestId('pick-qty').press('Enter');
    await page().getByTestId('pick-all-done').waitFor();
    const d = await s.api('/sapi/wms/pick-discrepancy/list', { orderId: order.id });
    expect(d.map((r: { expectedQty: number; foundQty: number; shortQty: number; reallocatedQty: number }) => [r.expectedQty, r.foundQty, r.shortQty, r.reallocatedQty])).toEqual([[2, 1, 1, 1]]);
    expect(await stockOf(A)).toEqual({ 'FL-B': [2, 1], 'FL-C': [4, 1] });
  });

  it('moves stock by scanning from-location, SKU, quantity and to-location', async () => {
    await page().goto(`${s.c.base}/func/move_exec`);
    await page().getByTestId('move-exec').waitFor();
    await selectOption(page(), 'move-warehouse', WAREHOUSE);
    await scanInto(page(), 'move-from', 'NOWHERE');
    await expect.poll(() => page().getByTestId('move-from-error').textContent()).toBe('There is no location NOWHERE in this warehouse');
    await scanInto(page(), 'move-from', 'FL-C');
    await scanInto(page(), 'move-sku', A);
    // 4 on FL-C, 1 of them picked for the open order: 3 may move
    await expect.poll(() => page().getByTestId('move-qty').inputValue()).toBe('3');
    await scanInto(page(), 'move-qty', '5');
    await expect.poll(() => page().getByTestId('move-qty-error').textContent()).toBe(`At most 3 of ${A} can move from FL-C`);
    await scanInto(page(), 'move-qty', '2');
    await scanInto(page(), 'move-to', 'FL-A');
    await expect.poll(() => page().getByTestId('move-line').count()).toBe(1);
    await expect.poll(() => page().getByTestId('move-sku').evaluate((el) => el === document.activeElement)).toBe(true);
    await s.c.shot('floor-40-move-line');
    // Enter on the empty SKU field confirms (add + confirm)
    await page().getByTestId('move-sku').press('Enter');
    await expect.poll(() => page().getByTestId('move-result').textContent()).toMatch(/^Move MV\d+ completed: 1 lines$/);
    await s.c.shot('floor-41-moved');
    expect(await stockOf(A)).toEqual({ 'FL-A': [2, 0], 'FL-B': [2, 1], 'FL-C': [2, 1] });
  });

  it('a short pick found nowhere offers a reservation on another location once stock has arrived', async () => {
    // free A now: FL-A 2, FL-B 1, FL-C 1 (the second order holds 1 each on FL-B and FL-C)
    const order = await s.api('/sapi/wms/outbound-order/add', { warehouseId, ownerId, ...receiver, platformOrderNo: 'FLOOR-3', lines: [{ skuId: sku[A], batchNo: BATCH, qty: 4 }] });
    await s.api('/sapi/wms/outbound-order/allocate', { id: order.id });
    await page().goto(`${s.c.base}/func/pick_exec`);
    await page().getByTestId('pick-exec').waitFor();
    await selectOption(page(), 'pick-orders', order.orderNo);
    await expect.poll(() => page().getByTestId('pick-task-location').allTextContents()).toEqual(['FL-A', 'FL-B', 'FL-C']);
    await scanInto(page(), 'pick-location', 'FL-A');
    await scanInto(page(), 'pick-sku', A);
    await scanInto(page(), 'pick-qty', '0');
    await page().getByTestId('pick-short-confirm').click();
    await expect.poll(() => page().getByTestId('pick-short-done').textContent()).toBe('Short pick recorded at FL-A: 0 of 2 found');
    await expect(page().getByTestId('pick-unreserved').textContent()).resolves.toContain('2 units were found nowhere');
    await expect.poll(() => page().getByTestId('pick-task-location').allTextContents()).toEqual(['FL-B', 'FL-C']);
    // nothing anywhere yet
    await page().getByTestId('pick-reallocate').click();
    await expect.poll(() => page().getByTestId('pick-nothing-reserved').textContent()).toBe('No other location holds the missing units yet');
    // 2 units arrive (an adjustment: they land on RECEIVING), then the rest is reserved there
    const gain = await s.api('/sapi/wms/inventory-judgement/add', { warehouseId, ownerId, lines: [{ skuId: sku[A], batchNo: BATCH, type: 1, qty: 2, reason: 'found' }] });
    await s.api('/sapi/wms/inventory-judgement/approve', { id: gain.id });
    await page().getByTestId('pick-reallocate').click();
    await expect.poll(() => page().getByTestId('pick-offered').textContent()).toBe('Reserved again at: RECEIVING (2)');
    await expect(page().getByTestId('pick-unreserved').count()).resolves.toBe(0);
    await expect.poll(() => page().getByTestId('pick-task-location').allTextContents()).toEqual(['RECEIVING', 'FL-B', 'FL-C']);
    await s.c.shot('floor-50-reallocated');
  });
});
