/**
 * Inventory adjustments in Chromium (issue 4). The API makes a SKU with no stock; then, as admin in the
 * browser on /sku/inventory_judgement_list:
 * - a new adjustment (owner, then warehouse; "Add SKU" through the SKU picker) with a gain of 7 is saved and
 *   listed as pending with `+7 / -0`; approving it (after the confirmation) makes it approved;
 * - the inventory list (/sku/inventory_list) shows the SKU with quantity 7 (and the API agrees);
 * - a second adjustment with a loss of 10 on that inventory record ("Add from inventory" through the
 *   inventory picker, current quantity 7 shown) cannot be approved: the insufficient-inventory msg shows and
 *   the document stays pending; it is then rejected, which needs a reason.
 * Screenshots in test-results/judgement-*.png.
 */
import type { Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughPage, openConsole, type Console } from './browser';
import { rowAction, rowActionIds } from './steps';

const SKU_CODE = 'IJ-E2E-ROSE';
const SKU_NAME = 'E2E Adjustment Rose Lipstick';
const OWNER = 'Desert Rose Cosmetics';
const WAREHOUSE = 'Riyadh DC';

describe('Inventory adjustments in Chromium', () => {
  let c: Console;
  let token = '';
  let skuId = 0;
  const judgementNos: string[] = [];
  const page = () => c.page;
  const rows = () => page().getByTestId('judgement-row');
  const rowOf = (no: string): Locator => rows().filter({ has: page().getByText(no, { exact: true }) });
  const ok = async (path: string, body: object) => {
    const res = await c.t.call(path, body, token);
    if (res.code !== 200) throw new Error(`${path}: ${res.msg}`);
    return res.data;
  };
  const inventoryOfSku = async () => (await ok('/sapi/wms/sku-inventory/page', { current: 1, size: 10, skuId })).records as Array<{ id: number; qty: number; lockQty: number }>;

  /** Opens the Add dialog and picks the owner, then the warehouse. */
  async function openAddDialog(): Promise<Locator> {
    await page().getByTestId('judgement-add').click();
    const dialog = page().getByTestId('judgement-edit-dialog');
    await dialog.waitFor();
    const owner = dialog.getByTestId('judgement-form-owner').getByRole('combobox');
    await owner.click();
    await owner.fill('Desert');
    await page().getByRole('option', { name: OWNER }).click();
    const warehouse = dialog.getByTestId('judgement-form-warehouse').getByRole('combobox');
    await warehouse.click();
    await warehouse.fill('Riyadh');
    await page().getByRole('option', { name: WAREHOUSE }).click();
    await expect.poll(() => warehouse.inputValue()).toBe(WAREHOUSE);
    return dialog;
  }

  /** Saves the dialog and returns the number of the new (top) adjustment. */
  async function saveNew(dialog: Locator): Promise<string> {
    const before = (await ok('/sapi/wms/inventory-judgement/page', { current: 1, size: 1 })).total as number;
    await dialog.getByTestId('judgement-save').click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    await page().getByText('Operation successful').first().waitFor();
    const list = await ok('/sapi/wms/inventory-judgement/page', { current: 1, size: 1 });
    expect(list.total).toBe(before + 1);
    const no = list.records[0].judgementNo as string;
    judgementNos.push(no);
    await rowOf(no).waitFor();
    return no;
  }

  async function approve(no: string) {
    await rowAction(rowOf(no), 'judgement-row-approve');
    const confirm = page().getByTestId('judgement-row-approve-confirm');
    await confirm.getByText(`Approve ${no}?`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await confirm.waitFor({ state: 'hidden' });
  }

  beforeAll(async () => {
    c = await openConsole();
    token = await c.t.login();
    const owners = (await ok('/sapi/wms/owner/page', { current: 1, size: 10, status: 1 })).records as Array<{ id: number; name: string }>;
    const owner = owners.find((o) => o.name === OWNER)!;
    const category = await ok('/sapi/wms/sku-category/add', { name: 'E2E Adjustment' });
    const sku = await ok('/sapi/wms/sku/add', { ownerId: owner.id, sku: SKU_CODE, name: SKU_NAME, enable: true, categoryId: category.id, weight: 0.2 });
    skuId = sku.id;
    expect(await inventoryOfSku()).toEqual([]);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await c.shot(`failed-judgement-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => {
    await c?.close();
  });

  it('creates an adjustment with a gain of 7 through "Add SKU" and lists it as pending', async () => {
    await loginThroughPage(page(), c.base, undefined, undefined, '/sku/inventory_judgement_list');
    await page().waitForURL(/\/sku\/inventory_judgement_list/);
    await page().getByTestId('judgement-filters').waitFor();
    await c.shot('judgement-40-list-empty');

    const dialog = await openAddDialog();
    await dialog.getByTestId('judgement-add-sku').click();
    const line = dialog.getByTestId('judgement-line');
    await expect.poll(() => line.count()).toBe(1);
    // the SKU picker lists the chosen owner's SKUs
    await line.getByTestId('judgement-line-sku-picker').locator('input').first().click();
    const picker = page().getByTestId('sku-picker-dialog');
    await picker.waitFor();
    await picker.locator('input[name="sku"]').fill(SKU_CODE);
    await picker.getByTestId('sku-search').click();
    const skuRow = picker.locator('.wms-sku-table tbody tr').filter({ has: page().getByText(SKU_CODE, { exact: true }) });
    await skuRow.getByTestId('sku-row-select').click();
    await picker.waitFor({ state: 'hidden' });
    await expect.poll(() => line.getByTestId('judgement-line-sku-picker').locator('input').first().inputValue()).toBe(`${SKU_CODE} (${SKU_NAME})`);

    // quantity rules (spec 5) before anything is sent
    await dialog.getByTestId('judgement-save').click();
    await dialog.getByText('Quantity cannot be empty').waitFor();
    await line.getByTestId('judgement-line-qty').fill('0');
    await dialog.getByTestId('judgement-save').click();
    await dialog.getByText('Quantity cannot be less than 1').waitFor();

    await line.getByTestId('judgement-line-qty').fill('7');
    await line.getByTestId('judgement-line-reason').fill('Found in aisle 3');
    await dialog.getByTestId('judgement-form-remark').fill('E2E cycle count');
    await c.shot('judgement-41-add-sku');
    const no = await saveNew(dialog);

    const row = rowOf(no);
    await expect(row.getByTestId('judgement-status').textContent()).resolves.toBe('Pending');
    await row.getByText('+7 / -0').waitFor();
    await row.getByText(OWNER, { exact: true }).waitFor();
    await row.getByText(WAREHOUSE, { exact: true }).waitFor();
    await c.shot('judgement-42-pending');
  });

  it('finds it by number (Enter searches) and shows its lines', async () => {
    const no = judgementNos[0];
    const input = page().getByTestId('judgement-filter-judgement-no').locator('input');
    await input.fill(` ${no} `);
    await input.press('Enter');
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(1);
    await rowAction(rowOf(no), 'judgement-row-view');
    const view = page().getByTestId('judgement-view-dialog');
    await view.waitFor();
    const viewLine = view.getByTestId('judgement-view-line');
    await expect.poll(() => viewLine.count()).toBe(1);
    // the SKU cell holds the code over the product name
    await viewLine.getByText(SKU_CODE).waitFor();
    await viewLine.getByText('+7', { exact: true }).waitFor();
    await c.shot('judgement-43-view');
    await view.getByTestId('judgement-view-close').click();
    await view.waitFor({ state: 'hidden' });
    await page().getByTestId('judgement-reset').click();
  });

  it('approves it, which makes the stock', async () => {
    const no = judgementNos[0];
    await approve(no);
    await page().getByText('Operation successful').first().waitFor();
    await expect.poll(() => rowOf(no).getByTestId('judgement-status').textContent(), { timeout: 10_000 }).toBe('Approved');
    await rowOf(no).getByText('admin', { exact: true }).waitFor();
    const after = await rowActionIds(rowOf(no));
    expect([...after.inline, ...after.menu]).toEqual(['judgement-row-view']);
    await c.shot('judgement-44-approved');
    const stock = await inventoryOfSku();
    expect(stock.map((s) => s.qty)).toEqual([7]);
  });

  it('shows quantity 7 in the inventory list', async () => {
    await page().goto(`${c.base}/sku/inventory_list`);
    await page().getByTestId('inventory-filters').waitFor();
    const text = page().getByTestId('inventory-filter-sku').locator('input');
    await text.fill(SKU_CODE);
    await text.press('Enter');
    const invRows = page().getByTestId('inventory-row');
    await expect.poll(() => invRows.count(), { timeout: 10_000 }).toBe(1);
    await invRows.first().getByText(SKU_NAME).waitFor();
    await expect(invRows.first().locator('td.column-qty').textContent()).resolves.toBe('7');
    await c.shot('judgement-45-inventory');
  });

  it('cannot approve a loss of 10 on that record: insufficient inventory, still pending', async () => {
    await page().goto(`${c.base}/sku/inventory_judgement_list`);
    await page().getByTestId('judgement-filters').waitFor();
    const dialog = await openAddDialog();
    await dialog.getByTestId('judgement-add-from-inventory').click();
    const picker = page().getByTestId('inventory-picker-dialog');
    await picker.waitFor();
    const pickRow = picker.getByTestId('inventory-row').filter({ hasText: SKU_CODE });
    await pickRow.getByTestId('inventory-row-select').click();
    if (await picker.isVisible()) await picker.waitFor({ state: 'hidden' });
    const line = dialog.getByTestId('judgement-line');
    await expect.poll(() => line.count()).toBe(1);
    await expect(line.getAttribute('data-line-kind')).resolves.toBe('inventory');
    await expect(line.getByTestId('judgement-line-sku').textContent()).resolves.toBe(SKU_CODE);
    await expect(line.getByTestId('judgement-line-inventory-qty').textContent()).resolves.toBe('7');
    await line.getByTestId('judgement-line-type').getByRole('combobox').click();
    await page().getByRole('option', { name: 'Loss' }).click();
    await line.getByTestId('judgement-line-qty').fill('10');
    await line.getByTestId('judgement-line-reason').fill('Damaged');
    await c.shot('judgement-46-add-loss');
    const no = await saveNew(dialog);
    await rowOf(no).getByText('+0 / -10').waitFor();

    await approve(no);
    await page().getByText('Insufficient inventory for selected product', { exact: false }).first().waitFor();
    await c.shot('judgement-47-insufficient');
    await expect.poll(() => rowOf(no).getByTestId('judgement-status').textContent()).toBe('Pending');
    const doc = await ok('/sapi/wms/inventory-judgement/page', { current: 1, size: 10, judgementNo: no });
    expect(doc.records[0].status).toBe(1);
    expect((await inventoryOfSku()).map((s) => s.qty)).toEqual([7]);
  });

  it('rejects it only with a reason', async () => {
    const no = judgementNos[1];
    await rowAction(rowOf(no), 'judgement-row-reject');
    const dialog = page().getByTestId('judgement-reject-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('judgement-reject-confirm').click();
    await dialog.getByText('Rejection reason cannot be empty').waitFor();
    await c.shot('judgement-48-reject-empty');
    await dialog.getByTestId('judgement-reject-reason').fill('Recount shows 7 units');
    await dialog.getByTestId('judgement-reject-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rowOf(no).getByTestId('judgement-status').textContent(), { timeout: 10_000 }).toBe('Rejected');
    await rowOf(no).getByText('Recount shows 7 units', { exact: true }).waitFor();
    const after = await rowActionIds(rowOf(no));
    expect([...after.inline, ...after.menu]).not.toContain('judgement-row-reject');
    await c.shot('judgement-49-rejected');
    expect((await inventoryOfSku()).map((s) => s.qty)).toEqual([7]);
  });
});
