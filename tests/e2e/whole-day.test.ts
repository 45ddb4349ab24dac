/**
 * The whole day of the warehouse in Chromium (issue 5 "Proof"), in one browser session. The API makes a
 * category and a SKU of its own (a code no other test uses; no stock); then, as admin in the browser:
 * - on /inbound/normal_list an inbound order of that SKU (batch WD-1 x 10) is created in the dialog;
 * - on /func/normal_inbound_exec it is scanned and all 10 received -> Completed;
 * - /sku/inventory_list shows 10 of the batch, and /sku/inventory_log_list an "Inbound order" line of the
 *   order number (0 -> 10);
 * - on /outbound/normal_list an outbound order of 4 of the batch is created in the dialog;
 * - on /func/normal_outbound_exec it is scanned, allocated, packed through the pack dialog with a waybill
 *   (the server makes the one package) and shipped;
 * - /sku/inventory_list shows 6 with 0 locked, and /sku/inventory_log_list the two "Outbound order" lines of
 *   its number: the lock at allocation (0 -> 4) and the shipment (10 -> 6, the lock released 4 -> 0).
 * Screenshots in test-results/whole-day-*.png.
 */
import { describe, expect, it } from 'vitest';
import { loginThroughPage } from './browser';
import {
  addSku,
  allocateOnScreen,
  consoleSession,
  createInboundOrderInDialog,
  createOutboundOrderInDialog,
  inventoryQtyInList,
  logLinesFor,
  logLinesOf,
  openReceivingScreen,
  openShippingScreen,
  ownerIdByName,
  packOnScreen,
  receiveOnScreen,
  scanForShipping,
  shipOnScreen,
} from './steps';

const RUN = Date.now().toString(36).toUpperCase();
const SKU_CODE = `WD-${RUN}`;
const SKU_NAME = `Whole-day Musk ${RUN}`;
const BATCH = 'WD-1';
const OWNER = 'Desert Rose Cosmetics';
const WAREHOUSE = 'Riyadh DC';
const STORE_ORDER_NO = `WD-IN-${RUN}`;
const PLATFORM_NO = `WD-OUT-${RUN}`;
const WAYBILL = `WD-WB-${RUN}`;

describe('The whole day in Chromium: receive, then ship', () => {
  let skuId = 0;
  let inboundNo = '';
  let outboundNo = '';
  const s = consoleSession('whole-day', async ({ api }) => {
    skuId = await addSku(api, { ownerId: await ownerIdByName(api, OWNER), code: SKU_CODE, name: SKU_NAME, category: `Whole day ${RUN}`, weight: 0.3 });
    expect((await api('/sapi/wms/sku-inventory/page', { current: 1, size: 10, skuId })).total).toBe(0);
  });
  const page = () => s.page;

  it('creates an inbound order of 10 in the dialog', async () => {
    await loginThroughPage(page(), s.c.base, undefined, undefined, '/inbound/normal_list');
    await page().getByTestId('inbound-filters').waitFor();
    await createInboundOrderInDialog(s.c, { owner: OWNER, warehouse: WAREHOUSE, lines: [{ sku: SKU_CODE, batch: BATCH, qty: 10 }], storeOrderNo: STORE_ORDER_NO }, 'whole-day-01-inbound-add');
    const list = await s.api('/sapi/wms/inbound-order/page', { current: 1, size: 10, storeOrderNo: STORE_ORDER_NO });
    expect(list.total).toBe(1);
    inboundNo = list.records[0].orderNo;
    const row = page().getByTestId('inbound-row').filter({ has: page().getByText(inboundNo, { exact: true }) });
    await expect.poll(() => row.getByTestId('inbound-status').textContent()).toBe('Created');
    await s.c.shot('whole-day-02-inbound-created');
  });

  it('receives all 10 on the receiving screen', async () => {
    await openReceivingScreen(s.c);
    await receiveOnScreen(s.c, inboundNo, { shown: ['10'], status: 'Completed', shot: 'whole-day-03-received' });
  });

  it('shows 10 in the inventory list and the "Inbound order" line in the log', async () => {
    expect(await inventoryQtyInList(s.c, SKU_CODE, BATCH, { shot: 'whole-day-04-inventory-10' })).toEqual(['10', '0']);
    const log = await logLinesOf(s.c, inboundNo, 1);
    await expect.poll(() => logLinesFor(log, 'Inbound order', inboundNo).count()).toBe(1);
    await log.getByText('0 -> 10', { exact: true }).waitFor();
    await s.c.shot('whole-day-05-inbound-log');
  });

  it('creates an outbound order of 4 in the dialog', async () => {
    await page().goto(`${s.c.base}/outbound/normal_list`);
    await page().getByTestId('outbound-filters').waitFor();
    await createOutboundOrderInDialog(
      s.c,
      {
        owner: OWNER,
        warehouse: WAREHOUSE,
        platformOrderNo: PLATFORM_NO,
        receiver: { name: 'Layla Haddad', phone: '+966 5000 0101', country: 'Saudi Arabia (SA)', province: 'Riyadh', city: 'Riyadh', address: 'Olaya St 12' },
        lines: [{ sku: SKU_CODE, batch: BATCH, qty: 4 }],
      },
      'whole-day-06-outbound-add',
    );
    const list = await s.api('/sapi/wms/outbound-order/page', { current: 1, size: 10, platformOrderNo: PLATFORM_NO });
    expect(list.total).toBe(1);
    outboundNo = list.records[0].orderNo;
    expect(list.records[0].lines.map((l: { skuId: number; batchNo: string; qty: number }) => [l.skuId, l.batchNo, l.qty])).toEqual([[skuId, BATCH, 4]]);
    const row = page().getByTestId('outbound-row').filter({ has: page().getByText(outboundNo, { exact: true }) });
    await expect.poll(() => row.getByTestId('outbound-status').textContent()).toBe('Created');
    await s.c.shot('whole-day-07-outbound-created');
  });

  it('scans, allocates, packs with a waybill and ships it on the shipping screen', async () => {
    await openShippingScreen(s.c);
    const card = await scanForShipping(page(), outboundNo, 'Created');
    await allocateOnScreen(page(), outboundNo);
    await expect(card.getByTestId('shipping-line-allocated').textContent()).resolves.toBe('4');
    await s.c.shot('whole-day-08-allocated');
    await packOnScreen(s.c, outboundNo, { waybillNo: WAYBILL }, 'whole-day-09-pack');
    await s.c.shot('whole-day-10-packed');
    await shipOnScreen(page(), outboundNo);
    await s.c.shot('whole-day-11-shipped');
  });

  it('shows 6 with 0 locked in the inventory list and the "Outbound order" lines in the log', async () => {
    expect(await inventoryQtyInList(s.c, SKU_CODE, BATCH, { shot: 'whole-day-12-inventory-6' })).toEqual(['6', '0']);
    const log = await logLinesOf(s.c, outboundNo, 2);
    await expect.poll(() => logLinesFor(log, 'Outbound order', outboundNo).count()).toBe(2);
    await log.getByText('0 -> 4', { exact: true }).waitFor(); // locked by the allocation
    await log.getByText('10 -> 6', { exact: true }).waitFor(); // shipped
    await log.getByText('4 -> 0', { exact: true }).waitFor(); // the lock released by the shipment
    await s.c.shot('whole-day-13-outbound-log');
  });
});
