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
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughPage, openConsole, type Console } from './browser';

const SKU_CODE = 'OUT-E2E-OUD';
const SKU_NAME = 'E2E Shipping Oud Oil';
const BATCH = 'E2E-S1';

describe('Shipping in Chromium', () => {
  let c: Console;
  let token = '';
  let orderId = 0;
  let orderNo = '';
  const page = () => c.page;
  const ok = async (path: string, body: object) => {
    const res = await c.t.call(path, body, token);
    if (res.code !== 200) throw new Error(`${path}: ${res.msg}`);
    return res.data;
  };
  const result = () => page().getByTestId('shipping-result');

  beforeAll(async () => {
    c = await openConsole();
    token = await c.t.login();
    const warehouse = (await ok('/sapi/wms/warehouse/page', { current: 1, size: 10, status: 1 })).records[0];
    const owners = (await ok('/sapi/wms/owner/page', { current: 1, size: 10, status: 1 })).records as Array<{ id: number; name: string }>;
    const owner = owners.find((o) => o.name === 'Desert Rose Cosmetics') ?? owners[0];
    const category = await ok('/sapi/wms/sku-category/add', { name: 'E2E Shipping' });
    const sku = await ok('/sapi/wms/sku/add', { ownerId: owner.id, sku: SKU_CODE, name: SKU_NAME, enable: true, categoryId: category.id, weight: 0.5 });
    const judgement = await ok('/sapi/wms/inventory-judgement/add', {
      warehouseId: warehouse.id,
      ownerId: owner.id,
      lines: [{ skuId: sku.id, batchNo: BATCH, type: 1, qty: 10, reason: 'opening stock' }],
    });
    await ok('/sapi/wms/inventory-judgement/approve', { id: judgement.id });
    const order = await ok('/sapi/wms/outbound-order/add', {
      warehouseId: warehouse.id,
      ownerId: owner.id,
      platformOrderNo: 'E2E-NOON-1',
      receiverName: 'Sara Ali',
      receiverPhone: '+966 5555 1234',
      countryCode: 'SA',
      city: 'Riyadh',
      address: 'King Fahd Rd 1',
      lines: [{ skuId: sku.id, batchNo: BATCH, qty: 4 }],
    });
    orderId = order.id;
    orderNo = order.orderNo;
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await c.shot(`failed-shipping-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => {
    await c?.close();
  });

  it('scans the order and allocates it', async () => {
    await loginThroughPage(page(), c.base, undefined, undefined, '/func/normal_outbound_exec');
    await page().waitForURL(/\/func\/normal_outbound_exec/);
    const scan = page().getByTestId('shipping-scan');
    await expect.poll(() => scan.evaluate((el) => el === document.activeElement)).toBe(true);
    await scan.fill('NO-SUCH-ORDER');
    await scan.press('Enter');
    await expect(page().getByTestId('shipping-scan-error').textContent()).resolves.toBe('Outbound order does not exist: NO-SUCH-ORDER');
    await scan.fill(orderNo);
    await scan.press('Enter');
    const card = page().getByTestId('shipping-order');
    await card.waitFor();
    await expect(card.getByTestId('shipping-order-no').textContent()).resolves.toBe(orderNo);
    await expect(card.getByTestId('shipping-status').textContent()).resolves.toBe('Created');
    await card.getByTestId('shipping-no-packages').waitFor();
    await c.shot('shipping-60-scanned');

    await card.getByTestId('shipping-allocate').click();
    await expect(result().textContent()).resolves.toBe(`Order ${orderNo} is now Allocated`);
    await expect(card.getByTestId('shipping-line-allocated').textContent()).resolves.toBe('4');
    await c.shot('shipping-61-allocated');
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
    await c.shot('shipping-62-package');
    await dialog.getByTestId('package-save').click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    const pkgRow = page().getByTestId('shipping-package');
    await expect.poll(() => pkgRow.count()).toBe(1);
    await expect(pkgRow.getByTestId('shipping-package-contents-line').textContent()).resolves.toBe(`${SKU_CODE} (${BATCH}) × 4`);

    await page().getByTestId('shipping-pack').click();
    const pack = page().getByTestId('shipping-pack-dialog');
    await pack.waitFor();
    await pack.getByTestId('shipping-pack-confirm').click();
    await pack.waitFor({ state: 'hidden', timeout: 20_000 });
    await expect(result().textContent()).resolves.toBe(`Order ${orderNo} is now Packed`);
    await expect(page().getByTestId('shipping-order-waybill-no').textContent()).resolves.toBe('E2E-WB-OUT-1');
    await c.shot('shipping-63-packed');
  });

  it('ships after a confirmation and is ready for the next scan', async () => {
    await page().getByTestId('shipping-ship').click();
    await page().getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => result().textContent(), { timeout: 15_000 }).toBe(`Shipped: order ${orderNo}. Scan the next order.`);
    await expect(page().getByTestId('shipping-order').count()).resolves.toBe(0);
    const scan = page().getByTestId('shipping-scan');
    await expect(scan.inputValue()).resolves.toBe('');
    await expect.poll(() => scan.evaluate((el) => el === document.activeElement)).toBe(true);
    await c.shot('shipping-64-shipped');
    const o = await ok('/sapi/wms/outbound-order/detail', { id: orderId });
    expect([o.status, o.waybillNo, o.lines[0].allocatedQty]).toEqual([5, 'E2E-WB-OUT-1', 4]);
  });

  it('shows the lower stock and the "Outbound order" log lines', async () => {
    await page().goto(`${c.base}/sku/inventory_list`);
    await page().getByTestId('inventory-filters').waitFor();
    const text = page().getByTestId('inventory-filter-sku').locator('input');
    await text.fill(SKU_CODE);
    await text.press('Enter');
    const invRows = page().getByTestId('inventory-row');
    await expect.poll(() => invRows.count(), { timeout: 10_000 }).toBe(1);
    await expect(invRows.locator('td.column-qty').textContent()).resolves.toBe('6');
    await c.shot('shipping-65-inventory');

    await page().goto(`${c.base}/sku/inventory_log_list`);
    await page().getByTestId('inventory-log-filters').waitFor();
    await page().getByTestId('inventory-log-filter-biz-no').locator('input').fill(orderNo);
    await page().getByTestId('inventory-log-search').click();
    const logRows = page().getByTestId('inventory-log-row');
    await expect.poll(() => logRows.count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => logRows.getByText('Outbound order', { exact: true }).count()).toBe(2);
    await logRows.getByText('10 -> 6', { exact: true }).waitFor();
    await c.shot('shipping-66-log');
  });

  it('lists the package on /outbound/pack/list, found by the order number', async () => {
    await page().goto(`${c.base}/outbound/pack/list`);
    await page().getByTestId('package-filters').waitFor();
    await page().getByTestId('package-filter-order-no').locator('input').fill(orderNo);
    await page().getByTestId('package-search').click();
    const rows = page().getByTestId('package-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    await rows.getByText(orderNo, { exact: true }).waitFor();
    await rows.getByText('E2E-WB-OUT-1', { exact: true }).waitFor();
    await expect(rows.getByTestId('package-contents-line').textContent()).resolves.toBe(`${SKU_CODE} (${BATCH}) × 4`);
    await expect(rows.getByTestId('package-dimensions').textContent()).resolves.toBe('30 × 20 × 10');
    await c.shot('shipping-67-pack-list');
  });
});
