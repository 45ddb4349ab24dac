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
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughPage, openConsole, type Console } from './browser';

const SKU_CODE = 'OUT-E2E-ROSE';
const SKU_NAME = 'E2E Outbound Rose Lipstick';
const BATCH = 'OUT-E2E-B1';
const OWNER = 'Desert Rose Cosmetics';
const WAREHOUSE = 'Riyadh DC';
const PLATFORM_NO = 'E2E-PO-1';

describe('Outbound orders in Chromium', () => {
  let c: Console;
  let token = '';
  let skuId = 0;
  let orderNo = '';
  const page = () => c.page;
  const ok = async (path: string, body: object) => {
    const res = await c.t.call(path, body, token);
    if (res.code !== 200) throw new Error(`${path}: ${res.msg}`);
    return res.data;
  };
  const rowOf = (no: string): Locator => page().getByTestId('outbound-row').filter({ has: page().getByText(no, { exact: true }) });
  const stock = async () => (await ok('/sapi/wms/sku-inventory/page', { current: 1, size: 10, skuId })).records as Array<{ batchNo: string; qty: number; lockQty: number }>;

  /** Picks `option` in the autocomplete inside `box` after typing `text`. */
  async function choose(box: Locator, text: string, option: string) {
    const input = box.getByRole('combobox');
    await input.click();
    await input.fill(text);
    await page().getByRole('option', { name: option, exact: true }).click();
    await expect.poll(() => input.inputValue()).toBe(option);
  }

  /** The inventory list row of the SKU's batch: [qty, lockQty] as shown. */
  async function shownStock(shot: string): Promise<[string, string]> {
    await page().goto(`${c.base}/sku/inventory_list`);
    await page().getByTestId('inventory-filters').waitFor();
    const text = page().getByTestId('inventory-filter-sku').locator('input');
    await text.fill(SKU_CODE);
    await text.press('Enter');
    const invRows = page().getByTestId('inventory-row');
    await expect.poll(() => invRows.count(), { timeout: 10_000 }).toBe(1);
    await invRows.first().locator('td.column-batchNo', { hasText: BATCH }).waitFor();
    await c.shot(shot);
    return [(await invRows.first().locator('td.column-qty').textContent()) ?? '', (await invRows.first().locator('td.column-lockQty').textContent()) ?? ''];
  }

  async function rowAction(action: 'allocate' | 'ship', status: string, shot: string) {
    await page().goto(`${c.base}/outbound/normal_list`);
    const row = rowOf(orderNo);
    await row.waitFor();
    await row.getByTestId(`outbound-row-${action}`).click();
    const confirm = page().getByTestId(`outbound-row-${action}-confirm`);
    await confirm.getByText(`outbound order ${orderNo}?`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page().getByText('Operation successful').first().waitFor();
    await expect.poll(() => rowOf(orderNo).getByTestId('outbound-status').textContent(), { timeout: 10_000 }).toBe(status);
    await c.shot(shot);
  }

  beforeAll(async () => {
    c = await openConsole();
    token = await c.t.login();
    const owners = (await ok('/sapi/wms/owner/page', { current: 1, size: 10, status: 1 })).records as Array<{ id: number; name: string }>;
    const ownerId = owners.find((o) => o.name === OWNER)!.id;
    const warehouses = (await ok('/sapi/wms/warehouse/page', { current: 1, size: 10, status: 1 })).records as Array<{ id: number; name: string }>;
    const warehouseId = warehouses.find((w) => w.name === WAREHOUSE)!.id;
    const category = await ok('/sapi/wms/sku-category/add', { name: 'E2E Outbound' });
    skuId = (await ok('/sapi/wms/sku/add', { ownerId, sku: SKU_CODE, name: SKU_NAME, enable: true, categoryId: category.id, weight: 0.2 })).id;
    // stock through the API: an inbound order of 10, received in full
    const inbound = await ok('/sapi/wms/inbound-order/add', { type: 1, warehouseId, ownerId, lines: [{ skuId, batchNo: BATCH, plannedQty: 10 }] });
    const lineId = (await ok('/sapi/wms/inbound-order/detail', { id: inbound.id })).lines[0].id;
    await ok('/sapi/wms/inbound-order/receive', { id: inbound.id, lines: [{ lineId, qty: 10 }] });
    expect((await stock()).map((s) => [s.batchNo, s.qty, s.lockQty])).toEqual([[BATCH, 10, 0]]);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await c.shot(`failed-outbound-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => {
    await c?.close();
  });

  it('creates an outbound order for 4 of the stock and lists it as created', async () => {
    await loginThroughPage(page(), c.base, undefined, undefined, '/outbound/normal_list');
    await page().waitForURL(/\/outbound\/normal_list/);
    await page().getByTestId('outbound-filters').waitFor();
    await c.shot('outbound-60-list');

    await page().getByTestId('outbound-add').click();
    const dialog = page().getByTestId('outbound-edit-dialog');
    await dialog.waitFor();
    // lines need the owner first (spec 8)
    await dialog.getByTestId('outbound-add-line').click();
    await page().getByText('Select owner first').first().waitFor();
    await choose(dialog.getByTestId('outbound-form-owner'), 'Desert', OWNER);
    await choose(dialog.getByTestId('outbound-form-warehouse'), 'Riyadh', WAREHOUSE);

    await dialog.getByTestId('outbound-form-platform-order-no').fill(PLATFORM_NO);
    await dialog.getByTestId('outbound-form-receiver-name').fill('Sara Ali');
    await dialog.getByTestId('outbound-form-receiver-phone').fill('+966 5555 1234');
    await choose(dialog.getByTestId('outbound-form-country'), 'Saudi', 'Saudi Arabia (SA)');
    await choose(dialog.getByTestId('outbound-form-province'), 'Riyadh', 'Riyadh');
    await choose(dialog.getByTestId('outbound-form-city'), 'Riyadh', 'Riyadh');
    await dialog.getByTestId('outbound-form-address').fill('King Fahd Rd 1');
    await dialog.getByTestId('outbound-form-cod-amount').fill('125.50');
    await dialog.getByTestId('outbound-form-cod-currency').getByRole('combobox').click();
    await page().getByRole('option', { name: 'SAR', exact: true }).click();

    await dialog.getByTestId('outbound-add-line').click();
    const line = dialog.getByTestId('outbound-line');
    await expect.poll(() => line.count()).toBe(1);
    await line.getByTestId('outbound-line-sku-picker').locator('input').first().click();
    const picker = page().getByTestId('sku-picker-dialog');
    await picker.waitFor();
    await picker.locator('input[name="sku"]').fill(SKU_CODE);
    await picker.getByTestId('sku-search').click();
    await picker.locator('.wms-sku-table tbody tr').filter({ has: page().getByText(SKU_CODE, { exact: true }) }).getByTestId('sku-row-select').click();
    await picker.waitFor({ state: 'hidden' });
    await line.getByTestId('outbound-line-batch').fill(BATCH);
    // quantity rules (spec 5) before anything is sent
    await dialog.getByTestId('outbound-save').click();
    await dialog.getByText('Quantity required').waitFor();
    await line.getByTestId('outbound-line-qty').fill('4');
    await c.shot('outbound-61-add');
    await dialog.getByTestId('outbound-save').click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    await page().getByText('Operation successful').first().waitFor();

    const list = await ok('/sapi/wms/outbound-order/page', { current: 1, size: 10, type: 1, platformOrderNo: PLATFORM_NO });
    expect(list.total).toBe(1);
    const o = list.records[0];
    orderNo = o.orderNo;
    expect([o.status, o.receiverName, o.countryCode, o.province, o.city, o.codAmount, o.codCurrency, o.qty]).toEqual([1, 'Sara Ali', 'SA', 'Riyadh', 'Riyadh', 12550, 1, 4]);
    expect(o.lines.map((l: { skuId: number; batchNo: string; qty: number }) => [l.skuId, l.batchNo, l.qty])).toEqual([[skuId, BATCH, 4]]);
    const row = rowOf(orderNo);
    await row.waitFor();
    await expect(row.getByTestId('outbound-status').textContent()).resolves.toBe('Created');
    await expect(row.getByTestId('outbound-cod').textContent()).resolves.toBe('125.50 SAR');
    await row.getByTestId('outbound-row-allocate').waitFor();
    await c.shot('outbound-62-created');
  });

  it('allocates it from the list row: 4 locked in the inventory list', async () => {
    await rowAction('allocate', 'Allocated', 'outbound-63-allocated');
    await rowOf(orderNo).getByTestId('outbound-row-view').click();
    const view = page().getByTestId('outbound-view-dialog');
    await view.waitFor();
    await expect(view.getByTestId('outbound-view-allocated').textContent()).resolves.toBe('4');
    await view.getByTestId('outbound-view-close').click();
    expect(await shownStock('outbound-64-locked')).toEqual(['10', '4']);
  });

  it('ships it from the list row: the quantity falls and the log names the outbound order', async () => {
    await rowAction('ship', 'Shipped', 'outbound-65-shipped');
    await expect(rowOf(orderNo).getByTestId('outbound-row-view').count()).resolves.toBe(1);
    await expect(rowOf(orderNo).getByTestId('outbound-row-cancel').count()).resolves.toBe(0);
    expect(await shownStock('outbound-66-inventory')).toEqual(['6', '0']);
    expect((await stock()).map((s) => [s.qty, s.lockQty])).toEqual([[6, 0]]);

    await page().getByTestId('inventory-row').first().getByTestId('inventory-row-log').click();
    const dialog = page().getByTestId('inventory-log-dialog');
    await dialog.waitFor();
    const logRow = dialog.getByTestId('inventory-log-dialog-row');
    await expect.poll(() => logRow.count(), { timeout: 10_000 }).toBe(3);
    const outboundRows = logRow.filter({ has: page().getByText('Outbound order', { exact: true }) });
    await expect.poll(() => outboundRows.count()).toBe(2);
    await expect.poll(() => outboundRows.filter({ has: page().getByText(orderNo, { exact: true }) }).count()).toBe(2);
    await logRow.getByText('0 -> 4', { exact: true }).waitFor(); // locked by the allocation
    await logRow.getByText('10 -> 6', { exact: true }).waitFor(); // shipped
    await logRow.getByText('4 -> 0', { exact: true }).waitFor(); // lock released by the shipment
    await c.shot('outbound-67-log');
  });

  it('the noon list (/outbound/nano_list) shows noon orders only', async () => {
    await page().goto(`${c.base}/outbound/nano_list`);
    await page().getByTestId('outbound-filters').waitFor();
    await page().getByText('noon outbound orders').first().waitFor();
    const noon = await ok('/sapi/wms/outbound-order/page', { current: 1, size: 10, type: 2 });
    await expect.poll(() => page().getByTestId('outbound-row').count(), { timeout: 10_000 }).toBe(noon.records.length);
    await expect(rowOf(orderNo).count()).resolves.toBe(0);
    await c.shot('outbound-68-noon');
  });
});
