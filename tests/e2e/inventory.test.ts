/**
 * Inventory in Chromium (issue 4): the API makes stock (a SKU, an inventory adjustment of +12 in batch B1,
 * approved); then, as admin in the browser: the inventory list opened from the menu and filtered by the SKU
 * text shows the row with quantity 12; its change log shows `0 -> 12` as an inventory adjustment; the
 * standalone log list finds the adjustment by its number; the SKU list's "view inventory" dialog shows the
 * same stock, locked to the SKU's owner, with the SKU's product image; the export downloads a real xlsx.
 * Issue 26 item 7: every address the browser requests (pages, calls, images, the download) is recorded, and
 * none carries `token=` (images and the download go by signed addresses). One screenshot per screen in
 * test-results/.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import type { Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughPage, openConsole, type Console } from './browser';

const SKU_CODE = 'INV-E2E-ROSE';
const SKU_NAME = 'E2E Inventory Rose Water';

describe('Inventory in Chromium', () => {
  let c: Console;
  let judgementNo = '';
  let ownerName = '';
  /** Every address the browser asked for, in any tab of the console (the download opens one). */
  const requested: string[] = [];
  const page = () => c.page;
  const inventoryRows = (scope: { getByTestId(id: string): Locator } = page()) => scope.getByTestId('inventory-row');

  beforeAll(async () => {
    c = await openConsole();
    page().context().on('request', (r) => { requested.push(r.url()); });
    // a download opened by a link may not show as a request of any page: its address is kept too
    page().on('download', (d) => { requested.push(d.url()); });
    const token = await c.t.login();
    const ok = async (path: string, body: object) => {
      const res = await c.t.call(path, body, token);
      if (res.code !== 200) throw new Error(`${path}: ${res.msg}`);
      return res.data;
    };
    const warehouses = (await ok('/sapi/wms/warehouse/page', { current: 1, size: 10, status: 1 })).records;
    const owners = (await ok('/sapi/wms/owner/page', { current: 1, size: 10, status: 1 })).records;
    const owner = owners.find((o: { name: string }) => o.name === 'Desert Rose Cosmetics') ?? owners[0];
    ownerName = owner.name;
    const category = await ok('/sapi/wms/sku-category/add', { name: 'E2E Inventory' });
    // a product image (a thumbnail on the SKU and inventory lists)
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
    const boundary = `----inv${randomBytes(6).toString('hex')}`;
    const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rose.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const up = (await c.t.app.inject({ method: 'POST', url: '/sapi/sys/file/upload?fileType=5', payload: Readable.from([body]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-upload-token': token } })).json();
    if (up.code !== 200) throw new Error(`upload: ${up.msg}`);
    const sku = await ok('/sapi/wms/sku/add', { ownerId: owner.id, sku: SKU_CODE, name: SKU_NAME, enable: true, categoryId: category.id, weight: 0.3, goodsImageUrl: up.data.fileUrl });
    const judgement = await ok('/sapi/wms/inventory-judgement/add', {
      warehouseId: warehouses[0].id,
      ownerId: owner.id,
      lines: [{ skuId: sku.id, batchNo: 'B1', type: 1, qty: 12, reason: 'count' }],
    });
    judgementNo = judgement.judgementNo ?? '';
    await ok('/sapi/wms/inventory-judgement/approve', { id: judgement.id });
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await c.shot(`failed-inventory-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => {
    await c?.close();
  });

  it('opens the inventory list from the menu and finds the SKU with quantity 12', async () => {
    await loginThroughPage(page(), c.base);
    await page().getByTestId('menu-goods').click();
    await page().getByTestId('menu-inventory').click();
    await page().waitForURL(/\/sku\/inventory_list/);
    await page().getByTestId('inventory-filters').waitFor();
    const text = page().getByTestId('inventory-filter-sku').locator('input');
    await text.fill(`  ${SKU_CODE.toLowerCase()} `);
    await text.press('Enter');
    await expect.poll(() => inventoryRows().count(), { timeout: 10_000 }).toBe(1);
    const row = inventoryRows().first();
    await row.getByText(SKU_CODE, { exact: true }).waitFor();
    await expect(row.locator('td.column-qty').textContent()).resolves.toBe('12');
    await expect(row.locator('td.column-lockQty').textContent()).resolves.toBe('0');
    await expect(row.locator('td.column-batchNo').textContent()).resolves.toBe('B1');
    await row.getByText(SKU_NAME).waitFor();
    await row.getByText(ownerName).waitFor();
    await c.shot('inventory-30-list');
  });

  it("shows the row's change log: 0 -> 12, an inventory adjustment", async () => {
    await inventoryRows().first().getByTestId('inventory-row-log').click();
    const dialog = page().getByTestId('inventory-log-dialog');
    await dialog.waitFor();
    const logRow = dialog.getByTestId('inventory-log-row');
    await expect.poll(() => logRow.count(), { timeout: 10_000 }).toBe(1);
    await logRow.getByText('0 -> 12', { exact: true }).waitFor();
    await logRow.getByText('+12', { exact: true }).waitFor();
    await logRow.getByText('Inventory adjustment', { exact: true }).waitFor();
    if (judgementNo) await logRow.getByText(judgementNo, { exact: true }).waitFor();
    await logRow.getByText('count', { exact: true }).waitFor();
    await c.shot('inventory-31-change-log');
    // a click outside does not close it; the close button does
    await page().mouse.click(5, 5);
    await expect(dialog.isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('finds the adjustment in the standalone inventory log list', async () => {
    await page().getByTestId('menu-inventoryLog').click();
    await page().waitForURL(/\/sku\/inventory_log_list/);
    await page().getByTestId('inventory-log-filters').waitFor();
    if (judgementNo) {
      const bizNo = page().getByTestId('inventory-log-filter-biz-no').locator('input');
      await bizNo.fill(judgementNo);
      await page().getByTestId('inventory-log-search').click();
      await expect.poll(() => page().getByTestId('inventory-log-row').count(), { timeout: 10_000 }).toBe(1);
    }
    const row = page().getByTestId('inventory-log-row').filter({ hasText: SKU_CODE }).first();
    await row.getByText('0 -> 12', { exact: true }).waitFor();
    await row.getByText('Inventory adjustment', { exact: true }).waitFor();
    await row.getByText(ownerName, { exact: true }).waitFor();
    await c.shot('inventory-32-log-list');
  });

  it("opens the SKU list's view-inventory dialog for the SKU", async () => {
    await page().getByTestId('menu-sku').click();
    await page().waitForURL(/\/sku\/list\/all/);
    await page().locator('input[name="sku"]').fill(SKU_CODE);
    await page().getByTestId('sku-search').click();
    const skuRow = page().locator('.wms-sku-table tbody tr').filter({ has: page().getByText(SKU_CODE, { exact: true }) });
    await skuRow.waitFor();
    await expect.poll(() => page().locator('.wms-sku-table tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await expect(skuRow.locator('td.column-inventoryQty').textContent()).resolves.toBe('12');
    const thumb = skuRow.locator('img.wms-image');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    expect(await thumb.getAttribute('src')).toMatch(/^\/sapi\/sys\/file\/get\/[^?]+_60x60\.[a-z]+\?u=\d+&exp=\d+&sig=/); // the 60x60 thumbnail (spec 9)
    await skuRow.getByTestId('sku-row-inventory').click();
    const dialog = page().getByTestId('sku-inventory-dialog');
    await dialog.waitFor();
    await dialog.getByText(`Inventory of ${SKU_CODE}`).waitFor();
    await expect.poll(() => inventoryRows(dialog).count(), { timeout: 10_000 }).toBe(1);
    const row = inventoryRows(dialog).first();
    await expect(row.locator('td.column-qty').textContent()).resolves.toBe('12');
    const owner = dialog.getByTestId('inventory-filter-owner').getByRole('combobox');
    await expect(owner.isDisabled()).resolves.toBe(true);
    await expect.poll(() => owner.inputValue()).toBe(ownerName);
    // the filter form does not start from the SKU row the dialog was opened from
    await expect(dialog.getByTestId('inventory-filter-sku').locator('input').inputValue()).resolves.toBe('');
    await c.shot('inventory-33-sku-dialog');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('exports the filtered inventory list and receives a real xlsx with that row', async () => {
    await page().goto(`${c.base}/sku/inventory_list`);
    const text = page().getByTestId('inventory-filter-sku').locator('input');
    await text.fill(SKU_CODE);
    await text.press('Enter');
    await expect.poll(() => inventoryRows().count(), { timeout: 10_000 }).toBe(1);
    const download = page().waitForEvent('download', { timeout: 30_000 });
    await page().getByTestId('inventory-export').click();
    const file = join(mkdtempSync(join(tmpdir(), 'wms-export-')), 'inventory.xlsx');
    await (await download).saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toContain('SKU');
    expect(sheet.rowCount).toBe(2); // the header and the one filtered row
    const row = values(2);
    expect(row).toContain(SKU_CODE);
    expect(row).toContain(12);
    expect(row).toContain('B1');
  });

  it('never puts a token in an address it requests (issue 26): images and the download are signed', async () => {
    const paths = requested.map((u) => new URL(u));
    // the screens above did load an image and the export's file
    expect(paths.some((u) => u.pathname.startsWith('/sapi/sys/file/get/') && u.searchParams.has('sig'))).toBe(true);
    expect(paths.some((u) => u.pathname.startsWith('/sapi/sys/fileExport/download/') && u.searchParams.has('sig'))).toBe(true);
    // the public share page's own address carries a share token (spec 2.1); nothing else may carry one
    const withToken = requested.filter((u) => /[?&]token=/i.test(u) && new URL(u).pathname !== '/inventoryShare');
    expect(withToken).toEqual([]);
  });
});
