/**
 * Outbound orders in Chromium. The API makes a SKU and puts 10 of it in stock (an inbound order of batch
 * OUT-E2E-B1, received through the API); then, as admin in the browser:
 * - on /outbound/normal_list a new outbound order (owner, then warehouse; receiver with country, province and
 *   city; COD 125.50 SAR; one line of that SKU through the SKU picker: batch OUT-E2E-B1 x 4) is saved, sent in
 *   cents, and listed as created;
 * - Allocate on its row (after the confirmation) makes it allocated; the inventory list shows qty 10, locked 4;
 * - Ship on its row makes it shipped; the inventory list shows qty 6, locked 0, and the change log of the row
 *   names the document type "Outbound order" and the order number for the lock and the shipment;
 * - /outbound/nano_list (noon) lists only noon orders, so not this one.
 * Screenshots in test-results/outbound-*.png.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginThroughPage } from './browser';
import {
  addOrderLine,
  consoleSession,
  addSku,
  fillOwnerAndWarehouse,
  fillReceiver,
  inventoryQtyInList,
  logDialogOfRow,
  logLinesFor,
  openOrderDialog,
  ownerIdByName,
  rowAction,
  rowActionIds,
  saveOrderDialog,
  warehouseIdByName,
} from './steps';

const SKU_CODE = 'OUT-E2E-ROSE';
const SKU_NAME = 'E2E Outbound Rose Lipstick';
const BATCH = 'OUT-E2E-B1';
const OWNER = 'Desert Rose Cosmetics';
const WAREHOUSE = 'Riyadh DC';
const PLATFORM_NO = 'E2E-PO-1';

describe('Outbound orders in Chromium', () => {
  let skuId = 0;
  let orderNo = '';
  const s = consoleSession('outbound', async ({ api }) => {
    const ownerId = await ownerIdByName(api, OWNER);
    const warehouseId = await warehouseIdByName(api, WAREHOUSE);
    skuId = await addSku(api, { ownerId, code: SKU_CODE, name: SKU_NAME, category: 'E2E Outbound', weight: 0.2 });
    // stock through the API: an inbound order of 10, received in full
    const inbound = await api('/sapi/wms/inbound-order/add', { type: 1, warehouseId, ownerId, lines: [{ skuId, batchNo: BATCH, plannedQty: 10 }] });
    const lineId = (await api('/sapi/wms/inbound-order/detail', { id: inbound.id })).lines[0].id;
    await api('/sapi/wms/inbound-order/receive', { id: inbound.id, lines: [{ lineId, qty: 10 }] });
    expect((await stock()).map((st) => [st.batchNo, st.qty, st.lockQty])).toEqual([[BATCH, 10, 0]]);
  });
  const page = () => s.page;
  const rowOf = (no: string): Locator => page().getByTestId('outbound-row').filter({ has: page().getByText(no, { exact: true }) });
  const stock = async () => (await s.api('/sapi/wms/sku-inventory/page', { current: 1, size: 10, skuId })).records as Array<{ batchNo: string; qty: number; lockQty: number }>;

  /** The inventory list row of the SKU's batch: [qty, lockQty] as shown. */
  const shownStock = (shot: string) => inventoryQtyInList(s.c, SKU_CODE, BATCH, { shot });

  /** The buttons' labels (resources.yaml outboundOrder.workflow), which the confirmation repeats. */
  const ACTION_LABELS = { allocate: 'Allocate', ship: 'Ship' } as const;

  async function confirmOnRow(action: keyof typeof ACTION_LABELS, status: string, shot: string) {
    await page().goto(`${s.c.base}/outbound/normal_list`);
    const row = rowOf(orderNo);
    await row.waitFor();
    await rowAction(row, `outbound-row-${action}`);
    const confirm = page().getByTestId(`outbound-row-${action}-confirm`);
    await confirm.getByText(`${ACTION_LABELS[action]} ${orderNo}?`, { exact: true }).waitFor();
    await confirm.getByRole('button', { name: ACTION_LABELS[action] }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page().getByText('Operation successful').first().waitFor();
    await expect.poll(() => rowOf(orderNo).getByTestId('outbound-status').textContent(), { timeout: 10_000 }).toBe(status);
    await s.c.shot(shot);
  }

  it('creates an outbound order for 4 of the stock and lists it as created', async () => {
    await loginThroughPage(page(), s.c.base, undefined, undefined, '/outbound/normal_list');
    await page().waitForURL(/\/outbound\/normal_list/);
    await page().getByTestId('outbound-filters').waitFor();
    await s.c.shot('outbound-60-list');

    const dialog = await openOrderDialog(page(), 'outbound');
    // lines need the owner first (spec 8): checked by the step
    await fillOwnerAndWarehouse(page(), dialog, 'outbound', OWNER, WAREHOUSE);
    await dialog.getByTestId('outbound-form-platform-order-no').fill(PLATFORM_NO);
    await fillReceiver(page(), dialog, { name: 'Sara Ali', phone: '+966 5555 1234', country: 'Saudi Arabia (SA)', province: 'Riyadh', city: 'Riyadh', address: 'King Fahd Rd 1' });
    await dialog.getByTestId('outbound-form-cod-amount').fill('125.50');
    await dialog.getByTestId('outbound-form-cod-currency').getByRole('combobox').click();
    await page().getByRole('option', { name: 'SAR', exact: true }).click();

    const line = await addOrderLine(page(), dialog, 'outbound', { sku: SKU_CODE, batch: BATCH });
    // quantity rules (spec 5) before anything is sent
    await dialog.getByTestId('outbound-save').click();
    await dialog.getByText('Quantity cannot be empty').waitFor();
    await line.getByTestId('outbound-line-qty').fill('4');
    await s.c.shot('outbound-61-add');
    await saveOrderDialog(page(), dialog, 'outbound');

    const list = await s.api('/sapi/wms/outbound-order/page', { current: 1, size: 10, type: 1, platformOrderNo: PLATFORM_NO });
    expect(list.total).toBe(1);
    const o = list.records[0];
    orderNo = o.orderNo;
    expect([o.status, o.receiverName, o.countryCode, o.province, o.city, o.codAmount, o.codCurrency, o.qty]).toEqual([1, 'Sara Ali', 'SA', 'Riyadh', 'Riyadh', 12550, 1, 4]);
    expect(o.lines.map((l: { skuId: number; batchNo: string; qty: number }) => [l.skuId, l.batchNo, l.qty])).toEqual([[skuId, BATCH, 4]]);
    const row = rowOf(orderNo);
    await row.waitFor();
    await expect(row.getByTestId('outbound-status').textContent()).resolves.toBe('Created');
    await expect(row.getByTestId('outbound-cod-amount').textContent()).resolves.toBe('125.50 SAR');
    await row.getByTestId('outbound-row-allocate').waitFor();
    await s.c.shot('outbound-62-created');
  });

  it('allocates it from the list row: 4 locked in the inventory list', async () => {
    await confirmOnRow('allocate', 'Allocated', 'outbound-63-allocated');
    await rowAction(rowOf(orderNo), 'outbound-row-view');
    const view = page().getByTestId('outbound-view-dialog');
    await view.waitFor();
    await expect(view.getByTestId('outbound-view-allocated').textContent()).resolves.toBe('4');
    await view.getByTestId('outbound-view-close').click();
    expect(await shownStock('outbound-64-locked')).toEqual(['10', '4']);
  });

  it('ships it from the list row: the quantity falls and the log names the outbound order', async () => {
    await confirmOnRow('ship', 'Shipped', 'outbound-65-shipped');
    const { inline, menu } = await rowActionIds(rowOf(orderNo));
    expect(inline).toContain('outbound-row-view');
    expect([...inline, ...menu]).not.toContain('outbound-row-cancel');
    expect(await shownStock('outbound-66-inventory')).toEqual(['6', '0']);
    expect((await stock()).map((st) => [st.qty, st.lockQty])).toEqual([[6, 0]]);

    const logRow = await logDialogOfRow(page().getByTestId('inventory-row').first(), 3);
    await expect.poll(() => logLinesFor(logRow, 'Outbound order').count()).toBe(2);
    await expect.poll(() => logLinesFor(logRow, 'Outbound order', orderNo).count()).toBe(2);
    await logRow.getByText('0 -> 4', { exact: true }).waitFor(); // locked by the allocation
    await logRow.getByText('10 -> 6', { exact: true }).waitFor(); // shipped
    await logRow.getByText('4 -> 0', { exact: true }).waitFor(); // lock released by the shipment
    await s.c.shot('outbound-67-log');
  });

  it('the noon list (/outbound/nano_list) shows noon orders only', async () => {
    await page().goto(`${s.c.base}/outbound/nano_list`);
    await page().getByTestId('outbound-filters').waitFor();
    await page().getByText('noon outbound orders').first().waitFor();
    const noon = await s.api('/sapi/wms/outbound-order/page', { current: 1, size: 10, type: 2 });
    await expect.poll(() => page().getByTestId('outbound-row').count(), { timeout: 10_000 }).toBe(noon.records.length);
    await expect(rowOf(orderNo).count()).resolves.toBe(0);
    await s.c.shot('outbound-68-noon');
  });
});
