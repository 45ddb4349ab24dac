/**
 * Printing in Chromium (issue 16 "Browser tests"): the local print plugin (print-plugin/print-plugin.mjs) runs
 * in test mode for the console's origin, writing every PDF it receives to a folder. As admin:
 * - the top bar's print menu turns local print on and points the console at the plugin's address;
 * - Print > Pick list on an outbound order's row sends the document to the plugin: the folder then holds a
 *   PDF whose text holds the order number, and the console says it was sent;
 * - with the plugin stopped, the same click shows the spec 8 message;
 * - with local print off, the PDF opens in a new tab instead.
 * Screenshots in test-results/print-*.png.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPlugin } from '../../print-plugin/print-plugin.mjs';
import { pageTexts } from '../support/pdf';
import { loginThroughPage } from './browser';
import { addSku, consoleSession, ownerIdByName, rowAction, warehouseIdByName } from './steps';

const FAILED = 'Printing failed: check that the local print plugin is enabled';

describe('Printing in Chromium', () => {
  let orderNo = '';
  let plugin: Server | undefined;
  let pluginBase = '';
  const folder = mkdtempSync(join(tmpdir(), 'wms-print-e2e-'));
  const s = consoleSession('print', async ({ api, c }) => {
    const ownerId = await ownerIdByName(api, 'Desert Rose Cosmetics');
    const warehouseId = await warehouseIdByName(api, 'Riyadh DC');
    const skuId = await addSku(api, { ownerId, code: 'PRINT-E2E-1', name: 'E2E print lipstick', category: 'E2E Print', weight: 0.2 });
    const order = await api('/sapi/wms/outbound-order/add', {
      warehouseId, ownerId, receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1',
      lines: [{ skuId, batchNo: 'PB-1', qty: 2 }],
    });
    orderNo = order.orderNo;
    plugin = createPlugin({ consoleOrigin: c.base, testDir: folder, log: () => {} });
    await new Promise<void>((r) => plugin!.listen(0, '127.0.0.1', () => r()));
    pluginBase = `http://127.0.0.1:${(plugin.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (plugin?.listening) await new Promise((r) => plugin!.close(r));
    rmSync(folder, { recursive: true, force: true });
  });
  const page = () => s.page;
  const rowOf = () => page().getByTestId('outbound-row').filter({ has: page().getByText(orderNo, { exact: true }) });
  const printPickList = async () => {
    // each document is an item of the row's menu
    await rowAction(rowOf(), 'print-pickList');
  };

  it('turns local print on in the top bar and points it at the plugin', async () => {
    await loginThroughPage(page(), s.c.base);
    await page().getByTestId('print-menu-button').click();
    await page().getByTestId('local-print-toggle').click();
    const address = page().getByTestId('print-plugin-address');
    await address.fill(pluginBase);
    await address.press('Enter');
    await expect.poll(() => page().evaluate(() => [localStorage.getItem('wms.localPrint'), localStorage.getItem('wms.printPluginAddress')])).toEqual(['on', pluginBase]);
    expect(await page().getByTestId('print-plugin-download').getAttribute('href')).toBe('/static/print-plugin.zip');
    await page().keyboard.press('Escape');
  });

  it('prints a pick list through the plugin: the folder holds a PDF with the order number', async () => {
    await page().goto(`${s.c.base}/outbound/normal_list`);
    await rowOf().waitFor();
    await printPickList();
    await page().getByText('Sent to the printer').waitFor();
    await s.c.shot('print-sent');
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    const pdf = readFileSync(join(folder, files[0]));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pageTexts(pdf).join('\n');
    expect(text).toContain(orderNo);
    expect(text).toContain('PRINT-E2E-1');
  });

  it('with the plugin stopped, shows the spec 8 message', async () => {
    await new Promise((r) => plugin!.close(r));
    await printPickList();
    await page().getByText(FAILED).waitFor();
    await s.c.shot('print-failed');
    expect(readdirSync(folder)).toHaveLength(1);
  });

  it('with local print off, opens the PDF in a new tab', async () => {
    await page().evaluate(() => localStorage.setItem('wms.localPrint', 'off'));
    await page().reload();
    await rowOf().waitFor();
    const opened = page().context().waitForEvent('page');
    await printPickList();
    const tab = await opened;
    await tab.waitForURL(/\/sapi\/sys\/print\/file\/pickList\/\d+\?/);
    const res = await tab.request.get(tab.url());
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect(pageTexts(Buffer.from(await res.body())).join('\n')).toContain(orderNo);
    await tab.close();
  });
});
