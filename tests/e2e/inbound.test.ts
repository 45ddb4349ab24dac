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
import { describe, expect, it } from 'vitest';
import { loginThroughPage } from './browser';
import { addSku, confirmReceiving, consoleSession, createInboundOrderInDialog, inputValues, inventoryRowOfBatch, inventoryRowsOf, logDialogOfRow, openReceivingScreen, ownerIdByName, receiveOnScreen, scanForReceiving, stockOnRow, warehouseIdByName } from './steps';

const SKU_CODE = 'IN-E2E-ROSE';
const SKU_NAME = 'E2E Inbound Rose Lipstick';
const OWNER = 'Desert Rose Cosmetics';
const WAREHOUSE = 'Riyadh DC';

describe('Inbound orders in Chromium', () => {
  let skuId = 0;
  let orderNo = '';
  let ownerId = 0;
  const s = consoleSession('inbound', async ({ api }) => {
    ownerId = await ownerIdByName(api, OWNER);
    skuId = await addSku(api, { ownerId, code: SKU_CODE, name: SKU_NAME, category: 'E2E Inbound', weight: 0.2 });
  });
  const page = () => s.page;
  const rowOf = (no: string): Locator => page().getByTestId('inbound-row').filter({ has: page().getByText(no, { exact: true }) });

  it('creates an inbound order with two lines of the SKU and lists it as created', async () => {
    await loginThroughPage(page(), s.c.base, undefined, undefined, '/inbound/normal_list');
    await page().waitForURL(/\/inbound\/normal_list/);
    await page().getByTestId('inbound-filters').waitFor();
    await s.c.shot('inbound-50-list');

    // lines need the owner first (spec 8): checked by the step
    await createInboundOrderInDialog(
      s.c,
      {
        owner: OWNER,
        warehouse: WAREHOUSE,
        lines: [
          { sku: SKU_CODE, batch: 'E2E-B1', qty: 10 },
          { sku: SKU_CODE, batch: 'E2E-B2', qty: 5 },
        ],
        storeOrderNo: 'E2E-SHOP-1',
        waybillNo: 'E2E-WB-1',
      },
      'inbound-51-add',
    );

    const list = await s.api('/sapi/wms/inbound-order/page', { current: 1, size: 10, type: 1, storeOrderNo: 'E2E-SHOP-1' });
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
    await s.c.shot('inbound-52-created');
  });

  it('receives part of it on the receiving screen: Receiving', async () => {
    await openReceivingScreen(s.c);
    await receiveOnScreen(s.c, orderNo, { shown: ['10', '5'], set: ['4', '0'], status: 'Receiving', shot: 'inbound-53-receiving' });
  });

  it('scans again and receives the rest: Completed', async () => {
    await receiveOnScreen(s.c, orderNo, { shown: ['6', '5'], status: 'Completed', shot: 'inbound-54-completed' });
    const o = (await s.api('/sapi/wms/inbound-order/page', { current: 1, size: 10, orderNo })).records[0];
    expect([o.status, o.plannedQty, o.receivedQty]).toEqual([3, 15, 15]);
  });

  it('shows the stock and an "Inbound order" log line in the inventory list', async () => {
    const invRows = await inventoryRowsOf(s.c, SKU_CODE, 2);
    expect((await stockOnRow(inventoryRowOfBatch(invRows, 'E2E-B1')))[0]).toBe('10');
    expect((await stockOnRow(inventoryRowOfBatch(invRows, 'E2E-B2')))[0]).toBe('5');
    await s.c.shot('inbound-55-inventory');

    const logRow = await logDialogOfRow(inventoryRowOfBatch(invRows, 'E2E-B1'), 2);
    await logRow.getByText('Inbound order', { exact: true }).first().waitFor();
    await logRow.getByText(orderNo, { exact: true }).first().waitFor();
    await logRow.getByText('0 -> 4', { exact: true }).waitFor();
    await logRow.getByText('4 -> 10', { exact: true }).waitFor();
    await s.c.shot('inbound-56-log');
  });

  it('receives by package: the scanned package number prefills exactly that carton', async () => {
    const warehouseId = await warehouseIdByName(s.api, WAREHOUSE);
    const order = await s.api('/sapi/wms/inbound-order/add', {
      type: 1,
      warehouseId,
      ownerId,
      lines: [
        { skuId, batchNo: 'E2E-B1', plannedQty: 3 },
        { skuId, batchNo: 'E2E-PK', plannedQty: 6 },
      ],
    });
    const pkg = await s.api('/sapi/wms/inbound-package/add', { orderId: order.id, packageNo: 'E2E-PKG-1', lines: [{ skuId, batchNo: 'E2E-PK', qty: 4 }] });

    await openReceivingScreen(s.c);
    const card = await scanForReceiving(page(), pkg.packageNo, order.orderNo);
    await expect(card.getByTestId('inbound-exec-package').textContent()).resolves.toBe('Package E2E-PKG-1');
    await expect.poll(() => inputValues(card.getByTestId('inbound-exec-qty'))).toEqual(['0', '4']);
    await s.c.shot('inbound-57-package-scanned');
    await confirmReceiving(page(), card, order.orderNo, 'Receiving');

    // the order scanned again: the package's line has received what the package holds
    await scanForReceiving(page(), order.orderNo);
    await expect(card.getByTestId('inbound-exec-package').count()).resolves.toBe(0);
    const received = card.getByTestId('inbound-exec-received');
    await expect.poll(() => received.count()).toBe(2);
    expect([await received.nth(0).textContent(), await received.nth(1).textContent()]).toEqual(['0', '4']);
    await s.c.shot('inbound-58-package-received');
    const lines = (await s.api('/sapi/wms/inbound-order/detail', { id: order.id })).lines as Array<{ batchNo: string; receivedQty: number }>;
    expect(lines.map((l) => [l.batchNo, l.receivedQty])).toEqual([
      ['E2E-B1', 0],
      ['E2E-PK', 4],
    ]);
  });
});
