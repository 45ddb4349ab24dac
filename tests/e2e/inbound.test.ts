/**
 * Inbound orders in Chromium (issue 5). The API makes a SKU with no stock; then, as admin in the browser:
 * - on /inbound/normal_list a new inbound order (owner, then warehouse; two lines of that SKU through the
 *   SKU picker: batch E2E-B1 x 10 and E2E-B2 x 5) is saved and listed as created with `15 / 0`;
 * - on /func/normal_inbound_exec the order number is scanned, 4 of the first line received -> Receiving;
 *   scanned again, the rest (defaults: 6 and 5) received -> Completed;
 * - /sku/inventory_list shows the SKU with 10 (E2E-B1) and 5 (E2E-B2), and the change log of a row names the
 *   document type "Inbound order" and the order number;
 * - receiving by package: an order (E2E-B1 x 3, E2E-PK x 6) and a package of it (E2E-PK x 4) made through the
 *   API; the package number scanned on /func/normal_inbound_exec shows "Package <no>" and starts the lines at
 *   0 and 4; confirmed -> Receiving, and the order scanned again shows 4 received on the package's line.
 * Screenshots in test-results/inbound-*.png.
 */
import type { Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughPage, openConsole, type Console } from './browser';

const SKU_CODE = 'IN-E2E-ROSE';
const SKU_NAME = 'E2E Inbound Rose Lipstick';
const OWNER = 'Desert Rose Cosmetics';
const WAREHOUSE = 'Riyadh DC';

describe('Inbound orders in Chromium', () => {
  let c: Console;
  let token = '';
  let skuId = 0;
  let orderNo = '';
  let ownerId = 0;
  const page = () => c.page;
  const ok = async (path: string, body: object) => {
    const res = await c.t.call(path, body, token);
    if (res.code !== 200) throw new Error(`${path}: ${res.msg}`);
    return res.data;
  };
  const rowOf = (no: string): Locator => page().getByTestId('inbound-row').filter({ has: page().getByText(no, { exact: true }) });

  async function pickSku(line: Locator) {
    await line.getByTestId('inbound-line-sku-picker').locator('input').first().click();
    const picker = page().getByTestId('sku-picker-dialog');
    await picker.waitFor();
    await picker.locator('input[name="sku"]').fill(SKU_CODE);
    await picker.getByTestId('sku-search').click();
    const skuRow = picker.locator('.wms-sku-table tbody tr').filter({ has: page().getByText(SKU_CODE, { exact: true }) });
    await skuRow.getByTestId('sku-row-select').click();
    await picker.waitFor({ state: 'hidden' });
  }

  async function scanAndReceive(expectQty: string[], setQty: string[] | null, expectStatus: string, shot: string) {
    const scan = page().getByTestId('inbound-scan');
    await expect.poll(() => scan.evaluate((el) => el === document.activeElement)).toBe(true);
    await scan.fill(orderNo);
    await scan.press('Enter');
    const order = page().getByTestId('inbound-exec-order');
    await order.waitFor();
    await expect(order.getByTestId('inbound-header-no').textContent()).resolves.toBe(orderNo);
    const qty = order.getByTestId('inbound-exec-qty');
    await expect.poll(() => qty.count()).toBe(2);
    expect([await qty.nth(0).inputValue(), await qty.nth(1).inputValue()]).toEqual(expectQty);
    if (setQty) for (let i = 0; i < setQty.length; i++) await qty.nth(i).fill(setQty[i]);
    await c.shot(`${shot}-scanned`);
    await order.getByTestId('inbound-receive-confirm').click();
    const result = page().getByTestId('inbound-receive-result');
    await result.waitFor({ timeout: 15_000 });
    await expect(result.textContent()).resolves.toContain(`${orderNo} is now ${expectStatus}`);
    await expect(order.count()).resolves.toBe(0);
    await expect(scan.inputValue()).resolves.toBe('');
    await c.shot(shot);
  }

  beforeAll(async () => {
    c = await openConsole();
    token = await c.t.login();
    const owners = (await ok('/sapi/wms/owner/page', { current: 1, size: 10, status: 1 })).records as Array<{ id: number; name: string }>;
    const owner = owners.find((o) => o.name === OWNER)!;
    ownerId = owner.id;
    const category = await ok('/sapi/wms/sku-category/add', { name: 'E2E Inbound' });
    const sku = await ok('/sapi/wms/sku/add', { ownerId: owner.id, sku: SKU_CODE, name: SKU_NAME, enable: true, categoryId: category.id, weight: 0.2 });
    skuId = sku.id;
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await c.shot(`failed-inbound-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => {
    await c?.close();
  });

  it('creates an inbound order with two lines of the SKU and lists it as created', async () => {
    await loginThroughPage(page(), c.base, undefined, undefined, '/inbound/normal_list');
    await page().waitForURL(/\/inbound\/normal_list/);
    await page().getByTestId('inbound-filters').waitFor();
    await c.shot('inbound-50-list');

    await page().getByTestId('inbound-add').click();
    const dialog = page().getByTestId('inbound-edit-dialog');
    await dialog.waitFor();
    // lines need the owner first (spec 8)
    await dialog.getByTestId('inbound-add-line').click();
    await page().getByText('Select owner first').first().waitFor();
    const owner = dialog.getByTestId('inbound-form-owner').getByRole('combobox');
    await owner.click();
    await owner.fill('Desert');
    await page().getByRole('option', { name: OWNER }).click();
    const warehouse = dialog.getByTestId('inbound-form-warehouse').getByRole('combobox');
    await warehouse.click();
    await warehouse.fill('Riyadh');
    await page().getByRole('option', { name: WAREHOUSE }).click();
    await expect.poll(() => warehouse.inputValue()).toBe(WAREHOUSE);

    await dialog.getByTestId('inbound-add-line').click();
    await dialog.getByTestId('inbound-add-line').click();
    const lines = dialog.getByTestId('inbound-line');
    await expect.poll(() => lines.count()).toBe(2);
    for (const [i, batch, qty] of [[0, 'E2E-B1', '10'], [1, 'E2E-B2', '5']] as const) {
      await pickSku(lines.nth(i));
      await lines.nth(i).getByTestId('inbound-line-batch').fill(batch);
      await lines.nth(i).getByTestId('inbound-line-qty').fill(qty);
    }
    await dialog.getByTestId('inbound-form-store-order-no').fill('E2E-SHOP-1');
    await dialog.getByTestId('inbound-form-waybill-no').fill('E2E-WB-1');
    await c.shot('inbound-51-add');
    await dialog.getByTestId('inbound-save').click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    await page().getByText('Operation successful').first().waitFor();

    const list = await ok('/sapi/wms/inbound-order/page', { current: 1, size: 10, type: 1, storeOrderNo: 'E2E-SHOP-1' });
    expect(list.total).toBe(1);
    orderNo = list.records[0].orderNo;
    expect(list.records[0].lines.map((l: { skuId: number; batchNo: string; plannedQty: number }) => [l.skuId, l.batchNo, l.plannedQty])).toEqual([
      [skuId, 'E2E-B1', 10],
      [skuId, 'E2E-B2', 5],
    ]);
    const row = rowOf(orderNo);
    await row.waitFor();
    await expect(row.getByTestId('inbound-status').textContent()).resolves.toBe('Created');
    await expect(row.getByTestId('inbound-qty').textContent()).resolves.toBe('15 / 0');
    await row.getByTestId('inbound-row-receive').waitFor();
    await c.shot('inbound-52-created');
  });

  it('receives part of it on the receiving screen: Receiving', async () => {
    await page().goto(`${c.base}/func/normal_inbound_exec`);
    await page().getByTestId('inbound-scan').waitFor();
    await scanAndReceive(['10', '5'], ['4', '0'], 'Receiving', 'inbound-53-receiving');
  });

  it('scans again and receives the rest: Completed', async () => {
    await scanAndReceive(['6', '5'], null, 'Completed', 'inbound-54-completed');
    const o = (await ok('/sapi/wms/inbound-order/page', { current: 1, size: 10, orderNo })).records[0];
    expect([o.status, o.plannedQty, o.receivedQty]).toEqual([3, 15, 15]);
  });

  it('shows the stock and an "Inbound order" log line in the inventory list', async () => {
    await page().goto(`${c.base}/sku/inventory_list`);
    await page().getByTestId('inventory-filters').waitFor();
    const text = page().getByTestId('inventory-filter-sku').locator('input');
    await text.fill(SKU_CODE);
    await text.press('Enter');
    const invRows = page().getByTestId('inventory-row');
    await expect.poll(() => invRows.count(), { timeout: 10_000 }).toBe(2);
    const byBatch = async (batch: string) => invRows.filter({ has: page().locator('td.column-batchNo', { hasText: batch }) });
    await expect((await byBatch('E2E-B1')).locator('td.column-qty').textContent()).resolves.toBe('10');
    await expect((await byBatch('E2E-B2')).locator('td.column-qty').textContent()).resolves.toBe('5');
    await c.shot('inbound-55-inventory');

    await (await byBatch('E2E-B1')).getByTestId('inventory-row-log').click();
    const dialog = page().getByTestId('inventory-log-dialog');
    await dialog.waitFor();
    const logRow = dialog.getByTestId('inventory-log-dialog-row');
    await expect.poll(() => logRow.count(), { timeout: 10_000 }).toBe(2);
    await logRow.getByText('Inbound order', { exact: true }).first().waitFor();
    await logRow.getByText(orderNo, { exact: true }).first().waitFor();
    await logRow.getByText('0 -> 4', { exact: true }).waitFor();
    await logRow.getByText('4 -> 10', { exact: true }).waitFor();
    await c.shot('inbound-56-log');
  });

  it('receives by package: the scanned package number prefills exactly that carton', async () => {
    const warehouses = (await ok('/sapi/wms/warehouse/list', {})) as Array<{ id: number; name: string }>;
    const warehouseId = warehouses.find((w) => w.name === WAREHOUSE)!.id;
    const order = await ok('/sapi/wms/inbound-order/add', {
      type: 1,
      warehouseId,
      ownerId,
      lines: [
        { skuId, batchNo: 'E2E-B1', plannedQty: 3 },
        { skuId, batchNo: 'E2E-PK', plannedQty: 6 },
      ],
    });
    const pkg = await ok('/sapi/wms/inbound-package/add', { orderId: order.id, packageNo: 'E2E-PKG-1', lines: [{ skuId, batchNo: 'E2E-PK', qty: 4 }] });

    await page().goto(`${c.base}/func/normal_inbound_exec`);
    const scan = page().getByTestId('inbound-scan');
    await expect.poll(() => scan.evaluate((el) => el === document.activeElement)).toBe(true);
    await scan.fill(pkg.packageNo);
    await scan.press('Enter');
    const card = page().getByTestId('inbound-exec-order');
    await card.waitFor();
    await expect(card.getByTestId('inbound-header-no').textContent()).resolves.toBe(order.orderNo);
    await expect(card.getByTestId('inbound-exec-package').textContent()).resolves.toBe('Package E2E-PKG-1');
    const qty = card.getByTestId('inbound-exec-qty');
    await expect.poll(() => qty.count()).toBe(2);
    expect([await qty.nth(0).inputValue(), await qty.nth(1).inputValue()]).toEqual(['0', '4']);
    await c.shot('inbound-57-package-scanned');
    await card.getByTestId('inbound-receive-confirm').click();
    const result = page().getByTestId('inbound-receive-result');
    await result.waitFor({ timeout: 15_000 });
    await expect(result.textContent()).resolves.toContain(`${order.orderNo} is now Receiving`);
    await expect(card.count()).resolves.toBe(0);

    // the order scanned again: the package's line has received what the package holds
    await scan.fill(order.orderNo);
    await scan.press('Enter');
    await card.waitFor();
    await expect(card.getByTestId('inbound-exec-package').count()).resolves.toBe(0);
    const received = card.getByTestId('inbound-exec-received');
    await expect.poll(() => received.count()).toBe(2);
    expect([await received.nth(0).textContent(), await received.nth(1).textContent()]).toEqual(['0', '4']);
    await c.shot('inbound-58-package-received');
    const lines = (await ok('/sapi/wms/inbound-order/detail', { id: order.id })).lines as Array<{ batchNo: string; receivedQty: number }>;
    expect(lines.map((l) => [l.batchNo, l.receivedQty])).toEqual([
      ['E2E-B1', 0],
      ['E2E-PK', 4],
    ]);
  });
});
