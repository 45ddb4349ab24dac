/**
 * Waybill creation in Chromium (issue 17). The API makes stock, an allocated outbound order and an SMSA
 * Express configuration whose API address is the local SMSA double (tests/api/carriers/smsa-fake.ts); then,
 * as admin in the browser, on /func/create_waybill:
 * - the order number is scanned and the form comes prefilled from the order (receiver, phone, city);
 * - with a weight typed, "Create waybill" asks the carrier (through the server) and shows the waybill number,
 *   which is the double's shipment and is on the order, in the outbound list's row;
 * - the label link downloads the stored PDF (the double's label, byte for byte);
 * - on the shipping screen's Pack step, "Create waybill" asks the carrier for a second order and fills the
 *   waybill number and carrier, which packing puts on the order;
 * - the configuration list shows the configuration (its API key is never sent back), the waybill list both waybills.
 * Screenshots in test-results/waybill-*.png.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Carrier } from '../../generated/shared/enums';
import { LABEL_PDF } from '../api/carriers/fake-server';
import { SMSA_KEY, startSmsaFake, type SmsaFake } from '../api/carriers/smsa-fake';
import { loginThroughPage } from './browser';
import { addSku, consoleSession, ownerIdByName, scanForShipping, scanInto, shippingResultIs, warehouseIdByName } from './steps';

describe('Waybill creation in Chromium', () => {
  let smsa: SmsaFake;
  let orderId = 0;
  let orderNo = '';
  let packOrderId = 0;
  let packOrderNo = '';
  const s = consoleSession('waybill', async ({ api }) => {
    smsa = await startSmsaFake();
    const warehouseId = await warehouseIdByName(api, 'Riyadh DC');
    await api('/sapi/wms/warehouse/edit', { id: warehouseId, countryCode: 'SA', city: 'Riyadh', address: 'Second Industrial City, Street 12' });
    const ownerId = await ownerIdByName(api, 'Desert Rose Cosmetics');
    const skuId = await addSku(api, { ownerId, code: 'WB-E2E-OUD', name: 'E2E Waybill Oud', category: 'E2E Waybill', weight: 0.4 });
    const judgement = await api('/sapi/wms/inventory-judgement/add', { warehouseId, ownerId, lines: [{ skuId, batchNo: '', type: 1, qty: 5, reason: 'opening stock' }] });
    await api('/sapi/wms/inventory-judgement/approve', { id: judgement.id });
    const order = await api('/sapi/wms/outbound-order/add', {
      warehouseId, ownerId, platformOrderNo: 'E2E-WB-1', receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234',
      countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Road 120, Olaya', codAmount: 9900, codCurrency: 1, lines: [{ skuId, batchNo: '', qty: 2 }],
    });
    await api('/sapi/wms/outbound-order/allocate', { id: order.id });
    orderId = order.id;
    orderNo = order.orderNo;
    const second = await api('/sapi/wms/outbound-order/add', {
      warehouseId, ownerId, receiverName: 'Omar Saleh', receiverPhone: '+966 5000 4321', countryCode: 'SA', city: 'Jeddah',
      address: 'Tahlia Street 45, Al Andalus', lines: [{ skuId, batchNo: '', qty: 1 }],
    });
    await api('/sapi/wms/outbound-order/allocate', { id: second.id });
    packOrderId = second.id;
    packOrderNo = second.orderNo;
    await api('/sapi/wms/carrier-config/add', {
      name: 'SMSA Riyadh', carrier: Carrier.SMSA, warehouseId, isDefault: true, testEnv: true, baseUrl: smsa.url, apiKey: SMSA_KEY,
      shipperName: 'Gulf 3PL Riyadh', shipperPhone: '+966110000000', timeoutSeconds: 5,
    });
  });
  afterAll(async () => { await smsa?.close(); });
  const page = () => s.page;

  it('creates a waybill for an allocated order against the carrier and shows its number', async () => {
    await loginThroughPage(page(), s.c.base, undefined, undefined, '/func/create_waybill');
    await page().waitForURL(/\/func\/create_waybill/);
    await scanInto(page(), 'waybill-scan', orderNo);
    const form = page().getByTestId('waybill-form');
    await form.waitFor();
    await expect.poll(() => form.getByTestId('waybill-form-receiverName').inputValue()).toBe('Sara Ali');
    await expect(form.getByTestId('waybill-form-codAmount').inputValue()).resolves.toBe('99.00');
    await form.getByTestId('waybill-form-weight').fill('0.8');
    await s.c.shot('waybill-70-form');
    await form.getByTestId('waybill-form-submit').click();
    const number = page().getByTestId('waybill-number');
    await number.waitFor({ timeout: 20_000 });
    const no = (await number.textContent()) ?? '';
    expect([...smsa.shipments.keys()]).toEqual([no]);
    expect(smsa.shipments.get(no)!.request).toMatchObject({ CODAmount: 99, Weight: 0.8, ConsigneeAddress: { ContactName: 'Sara Ali' } });
    await s.c.shot('waybill-71-created');
    const o = await s.api('/sapi/wms/outbound-order/detail', { id: orderId });
    expect([o.waybillNo, o.logisticsCompany]).toEqual([no, 'SMSA Express']);

    await page().goto(`${s.c.base}/outbound/normal_list`);
    const row = page().getByTestId('outbound-row').filter({ hasText: orderNo });
    await row.getByText(no, { exact: true }).waitFor({ timeout: 20_000 });
    await s.c.shot('waybill-72-list');
  });

  it('downloads the stored label PDF', async () => {
    await page().goto(`${s.c.base}/func/create_waybill?orderId=${orderId}`);
    const link = page().getByTestId('waybill-download');
    await link.waitFor({ timeout: 20_000 });
    const href = await link.getAttribute('href');
    const res = await page().request.get(`${s.c.base}${href}`);
    expect([res.status(), res.headers()['content-type']]).toEqual([200, 'application/pdf']);
    expect(Buffer.from(await res.body()).equals(LABEL_PDF)).toBe(true);
  });

  it('asks for the waybill from the Pack step of the shipping screen', async () => {
    await page().goto(`${s.c.base}/func/normal_outbound_exec`);
    await scanForShipping(page(), packOrderNo, 'Allocated');
    await page().getByTestId('shipping-pack').click();
    const dialog = page().getByTestId('shipping-pack-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('shipping-pack-create-waybill').click();
    const form = dialog.getByTestId('shipping-waybill');
    await expect.poll(() => form.getByTestId('shipping-waybill-city').inputValue()).toBe('Jeddah');
    await form.getByTestId('shipping-waybill-weight').fill('0.4');
    await form.getByTestId('shipping-waybill-submit').click();
    const waybillNo = dialog.getByTestId('shipping-pack-waybillNo');
    await expect.poll(() => waybillNo.inputValue(), { timeout: 20_000 }).not.toBe('');
    const no = await waybillNo.inputValue();
    await expect(dialog.getByTestId('shipping-pack-carrier').inputValue()).resolves.toBe('SMSA Express');
    await s.c.shot('waybill-73-pack-step');
    await dialog.getByTestId('shipping-pack-confirm').click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    await shippingResultIs(page(), `Order ${packOrderNo} is now Packed`);
    const o = await s.api('/sapi/wms/outbound-order/detail', { id: packOrderId });
    expect([o.waybillNo, smsa.shipments.has(no)]).toEqual([no, true]);
  });

  it('lists the configuration without its key, and both waybills', async () => {
    await page().goto(`${s.c.base}/outbound/carrier_config`);
    await page().getByText('SMSA Riyadh', { exact: true }).waitFor({ timeout: 20_000 });
    await s.c.shot('waybill-74-configs');
    await page().goto(`${s.c.base}/outbound/waybill_list`);
    for (const no of smsa.shipments.keys()) await page().getByText(no, { exact: true }).waitFor({ timeout: 20_000 });
    await s.c.shot('waybill-75-waybills');
    const configs = await s.api('/sapi/wms/carrier-config/list', {});
    expect(configs.map((c: Record<string, unknown>) => 'apiKey' in c)).toEqual([false]);
  });
});
