/**
 * Shipping in Chromium (issue 5). The API makes stock (a SKU, an inventory adjustment of +10 in batch
 * E2E-S1, approved) and an outbound order of 4; then, as admin in the browser:
 * - on /func/normal_outbound_exec the order number is scanned (Created), allocated (4 allocated), a package
 *   is added with waybill, carrier, weight and size (contents default to the 4 unpacked), the order is packed
 *   and shipped after a confirmation: "Shipped", the scan box empty and focused;
 * - /sku/inventory_list shows 6 left; /sku/inventory_log_list finds two "Outbound order" lines of the order
 *   (the lock at allocation, the shipment);
 * - /outbound/pack/list finds the package by the order number, with its contents.
 * Screenshots in test-results/shipping-*.png.
 */
import { describe, expect, it } from 'vitest';
import { loginThroughPage } from './browser';
import {
  addSku,
  allocateOnScreen,
  consoleSession,
  inventoryQtyInList,
  logLinesFor,
  logLinesOf,
  ownerIdByName,
  packOnScreen,
  scanForShipping,
  scanInto,
  shipOnScreen,
  warehouseIdByName,
} from './steps';

const SKU_CODE = 'OUT-E2E-OUD';
const SKU_NAME = 'E2E Shipping Oud Oil';
const BATCH = 'E2E-S1';

describe('Shipping in Chromium', () => {
  let orderId = 0;
  let orderNo = '';
  const s = consoleSession('shipping', async ({ api }) => {
    const warehouseId = await warehouseIdByName(api, 'Riyadh DC');
    const ownerId = await ownerIdByName(api, 'Desert Rose Cosmetics');
    const skuId = await addSku(api, { ownerId, code: SKU_CODE, name: SKU_NAME, category: 'E2E Shipping', weight: 0.5 });
    const judgement = await api('/sapi/wms/inventory-judgement/add', {
      warehouseId,
      ownerId,
      lines: [{ skuId, batchNo: BATCH, type: 1, qty: 10, reason: 'opening stock' }],
    });
    await api('/sapi/wms/inventory-judgement/approve', { id: judgement.id });
    const order = await api('/sapi/wms/outbound-order/add', {
      warehouseId,
      ownerId,
      platformOrderNo: 'E2E-NOON-1',
      receiverName: 'Sara Ali',
      receiverPhone: '+966 5555 1234',
      countryCode: 'SA',
      city: 'Riyadh',
      address: 'King Fahd Rd 1',
      lines: [{ skuId, batchNo: BATCH, qty: 4 }],
    });
    orderId = order.id;
    orderNo = order.orderNo;
  });
  const page = () => s.page;

  it('scans the order and allocates it', async () => {
    await loginThroughPage(page(), s.c.base, undefined, undefined, '/func/normal_outbound_exec');
    await page().waitForURL(/\/func\/normal_outbound_exec/);
    await scanInto(page(), 'shipping-scan', 'NO-SUCH-ORDER');
    await expect(page().getByTestId('shipping-scan-error').textContent()).resolves.toBe('Outbound order does not exist: NO-SUCH-ORDER');
    const card = await scanForShipping(page(), orderNo, 'Created');
    await card.getByTestId('shipping-no-packages').waitFor();
    await s.c.shot('shipping-60-scanned');

    await allocateOnScreen(page(), orderNo);
    await expect(card.getByTestId('shipping-line-allocated').textContent()).resolves.toBe('4');
    await s.c.shot('shipping-61-allocated');
  });

  it('adds a package of the unpacked lines, then packs', async () => {
    await page().getByTestId('shipping-add-package').click();
    const dialog = page().getByTestId('package-dialog');
    await dialog.waitFor();
    const qty = dialog.getByTestId('package-content-qty');
    await expect.poll(() => qty.inputValue()).toBe('4');
    await dialog.getByTestId('package-form-waybillNo').fill('E2E-WB-OUT-1');
    await dialog.getByTestId('package-form-carrier').fill('SMSA');
    await dialog.getByTestId('package-form-weight').fill('1.25');
    for (const [side, v] of [['length', '30'], ['width', '20'], ['height', '10']]) await dialog.getByTestId(`package-form-${side}`).fill(v);
    await s.c.shot('shipping-62-package');
    await dialog.getByTestId('package-save').click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    const pkgRow = page().getByTestId('shipping-package');
    await expect.poll(() => pkgRow.count()).toBe(1);
    await expect(pkgRow.getByTestId('shipping-package-contents-line').textContent()).resolves.toBe(`${SKU_CODE} (${BATCH}) × 4`);

    // every line packed already: the pack dialog needs nothing more, the package's waybill is the order's
    await packOnScreen(s.c, orderNo);
    await expect(page().getByTestId('shipping-order-waybill-no').textContent()).resolves.toBe('E2E-WB-OUT-1');
    await s.c.shot('shipping-63-packed');
  });

  it('ships after a confirmation and is ready for the next scan', async () => {
    await shipOnScreen(page(), orderNo);
    await s.c.shot('shipping-64-shipped');
    const o = await s.api('/sapi/wms/outbound-order/detail', { id: orderId });
    expect([o.status, o.waybillNo, o.lines[0].allocatedQty]).toEqual([5, 'E2E-WB-OUT-1', 4]);
  });

  it('shows the lower stock and the "Outbound order" log lines', async () => {
    expect(await inventoryQtyInList(s.c, SKU_CODE, BATCH, { shot: 'shipping-65-inventory' })).toEqual(['6', '0']);

    const logRows = await logLinesOf(s.c, orderNo, 2);
    await expect.poll(() => logLinesFor(logRows, 'Outbound order', orderNo).count()).toBe(2);
    await logRows.getByText('10 -> 6', { exact: true }).waitFor();
    await s.c.shot('shipping-66-log');
  });

  it('lists the package on /outbound/pack/list, found by the order number', async () => {
    await page().goto(`${s.c.base}/outbound/pack/list`);
    await page().getByTestId('package-filters').waitFor();
    await page().getByTestId('package-filter-order-no').locator('input').fill(orderNo);
    await page().getByTestId('package-search').click();
    const rows = page().getByTestId('package-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    await rows.getByText(orderNo, { exact: true }).waitFor();
    await rows.getByText('E2E-WB-OUT-1', { exact: true }).waitFor();
    await expect(rows.getByTestId('package-contents-line').textContent()).resolves.toBe(`${SKU_CODE} (${BATCH}) × 4`);
    await expect(rows.getByTestId('package-dimensions').textContent()).resolves.toBe('30 × 20 × 10');
    await s.c.shot('shipping-67-pack-list');
  });
});
