/**
 * SKUs in Chromium (issue 3): as admin, fill the downloaded SKU import template with exceljs and import it
 * through the import dialog; find one SKU with the multi-line multi-input; edit its name; add a noon platform
 * SKU in its platform SKU dialog; download its noon label (a PDF). The API confirms the edit and the platform.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughPage, openConsole, type Console } from './browser';
import { rowAction } from './steps';

describe('SKUs in Chromium', () => {
  let c: Console;
  let dir: string;
  let importFile: string;
  const page = () => c.page;
  const rows = () => page().locator('.wms-sku-table tbody tr');
  const row = (code: string): Locator => rows().filter({ has: page().getByText(code, { exact: true }) });
  const codesShown = async () => (await rows().locator('td.column-sku').allTextContents()).map((s) => s.trim()).sort();

  beforeAll(async () => {
    c = await openConsole();
    dir = mkdtempSync(join(tmpdir(), 'wms-sku-e2e-'));
    await c.t.call('/sapi/wms/sku-category/add', { name: 'Lipstick' }, await c.t.login());
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await c.shot(`failed-sku-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => {
    await c?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('fills the downloaded import template with exceljs', async () => {
    const res = await fetch(`${c.base}/static/templates/sku-import.xlsx`);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    // header titles are '<English> / <中文>'; find the columns by their English part
    const col: Record<string, number> = {};
    ws.getRow(1).eachCell((cell, n) => { col[String(cell.value).split(' / ')[0].trim()] = n; });
    expect(Object.keys(col)).toEqual(expect.arrayContaining(['SKU', 'Product name', 'Category', 'Weight (kg)']));
    if (ws.rowCount > 1) ws.spliceRows(2, ws.rowCount - 1); // drop the example row
    const data = [
      ['E2E-001', 'E2E Matte Lipstick Red', 0.05],
      ['E2E-002', 'E2E Matte Lipstick Nude', 0.06],
      ['E2E-003', 'E2E Gloss Lipstick Pink', 0.07],
    ] as const;
    data.forEach(([sku, name, weight], i) => {
      const r = ws.getRow(i + 2);
      r.getCell(col.SKU).value = sku;
      r.getCell(col['Product name']).value = name;
      r.getCell(col.Category).value = 'Lipstick';
      r.getCell(col['Weight (kg)']).value = weight;
      r.commit();
    });
    importFile = join(dir, 'sku-import-e2e.xlsx');
    await wb.xlsx.writeFile(importFile);
  });

  it('imports the file through the SKU import dialog', async () => {
    await loginThroughPage(page(), c.base, undefined, undefined, '/sku/list/all');
    await page().waitForURL(/\/sku\/list\/all$/);
    await page().getByTestId('sku-import-sku').click();
    const dialog = page().getByTestId('sku-import-dialog');
    await dialog.waitFor();
    const owner = dialog.getByRole('combobox').first();
    await owner.click();
    await owner.fill('Desert');
    await page().getByRole('option', { name: 'Desert Rose Cosmetics' }).click();
    await dialog.locator('input[type=file]').setInputFiles(importFile);
    await dialog.getByText('sku-import-e2e.xlsx').waitFor();
    await c.shot('20-sku-import');
    await dialog.getByTestId('import-confirm').click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    for (const code of ['E2E-001', 'E2E-002', 'E2E-003']) await row(code).waitFor();
    await c.shot('21-sku-imported');
  });

  it('finds SKUs with the multi-line multi-input', async () => {
    await page().getByTestId('multi-line-open-sku').click();
    const lines = page().getByTestId('multi-line-dialog-sku');
    await lines.locator('textarea').first().fill('E2E-002\nE2E-003');
    await lines.getByRole('button', { name: 'Confirm' }).click();
    await lines.waitFor({ state: 'hidden' });
    await expect(page().locator('input[name="sku"]').inputValue()).resolves.toBe('E2E-002,E2E-003');
    await page().getByTestId('sku-search').click();
    await expect.poll(codesShown, { timeout: 10_000 }).toEqual(['E2E-002', 'E2E-003']);
    await c.shot('22-sku-multi-line');
  });

  it('edits the name of E2E-002', async () => {
    await row('E2E-002').getByTestId('sku-row-edit').click();
    const dialog = page().getByTestId('sku-edit-dialog');
    const name = dialog.locator('input[name="name"]');
    await expect.poll(() => name.inputValue()).toBe('E2E Matte Lipstick Nude');
    await name.fill('E2E Velvet Lipstick Nude');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row('E2E-002').getByText('E2E Velvet Lipstick Nude').waitFor();
    await c.shot('23-sku-edited');
  });

  it('adds a noon platform SKU to E2E-002', async () => {
    await rowAction(row('E2E-002'), 'sku-row-ec-platform-sku');
    const dialog = page().getByTestId('ec-platform-sku-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('ec-platform-sku-add').click();
    const form = page().getByTestId('ec-platform-sku-edit-dialog');
    await form.getByRole('combobox').first().click();
    await page().getByRole('option', { name: /^noon$/i }).click();
    await form.locator('input[name="ecPlatformSku"]').fill('NOON-E2E-002');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    const table = dialog.getByTestId('ec-platform-sku-table');
    await table.getByText('NOON-E2E-002').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    await c.shot('24-sku-platform');
  });

  it('downloads the noon label of E2E-002 as a PDF', async () => {
    const dialog = page().getByTestId('ec-platform-sku-dialog');
    const platformRow = dialog.getByTestId('ec-platform-sku-table').locator('tbody tr').filter({ hasText: 'NOON-E2E-002' });
    const [download] = await Promise.all([
      page().waitForEvent('download', { timeout: 20_000 }),
      platformRow.getByRole('button', { name: 'Download label' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the edit and the platform through the API', async () => {
    const token = await c.t.login();
    const found = await c.t.call('/sapi/wms/sku/page', { sku: 'E2E-002' }, token);
    expect(found.data.records).toHaveLength(1);
    expect(found.data.records[0].name).toBe('E2E Velvet Lipstick Nude');
    expect(found.data.records[0].ecPlatforms).toContain(1);
  });
});
