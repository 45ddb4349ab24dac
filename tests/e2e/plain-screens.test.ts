/**
 * One console style for the plain resources (issue 27 item 4), in Chromium as admin: every plain resource in the
 * menu (the screens the manifest loader derives: company ... database connections) opens on its menu route
 * with the screens' filter bar and table; Add opens the create dialog "New <one>" with Save and Cancel, and
 * Cancel closes it without writing; a row's Edit opens "Edit <one> <represent>" the same way; Delete asks
 * "Delete <one> <represent>?"; the user dialog hides one's own password, status, roles and scope. In Chinese the titles read 新增仓库 / 编辑仓库 X / 删除仓库 X？. The spec's
 * routes (2.3) open the list with the dialog open: /user/add, /dbms/database/edit/{id}, and
 * /dbms/database/detail/{id} a read-only detail; closing the dialog goes to the list's route.
 * Screenshots in test-results/plain-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { loginThroughPage } from './browser';
import { consoleSession, rowAction } from './steps';

/** Each plain resource of the menu: its list route, test id stem, API path, singular name, and a row to edit (its represent). */
const PLAIN = [
  { name: 'company', route: '/company', tid: 'company', path: '/sapi/wms/company', one: 'company', row: 'Demo Trading Co.' },
  { name: 'warehouse', route: '/warehouse/list', tid: 'warehouse', path: '/sapi/wms/warehouse', one: 'warehouse', row: 'Riyadh DC' },
  { name: 'owner', route: '/owner/list', tid: 'owner', path: '/sapi/wms/owner', one: 'goods owner', row: undefined },
  { name: 'skuCategory', route: '/sku/category_list', tid: 'sku-category', path: '/sapi/wms/sku-category', one: 'SKU category', row: 'Plain category' },
  { name: 'carrierConfig', route: '/outbound/carrier_config', tid: 'carrier-config', path: '/sapi/wms/carrier-config', one: 'carrier configuration', row: 'Plain carrier' },
  { name: 'country', route: '/bas/country', tid: 'country', path: '/sapi/bas/country', one: 'country', row: undefined },
  { name: 'province', route: '/bas/province', tid: 'province', path: '/sapi/bas/province', one: 'province', row: undefined },
  { name: 'city', route: '/bas/city', tid: 'city', path: '/sapi/bas/city', one: 'city', row: undefined },
  { name: 'role', route: '/role/list', tid: 'role', path: '/sapi/sys/role', one: 'role', row: undefined },
  { name: 'permission', route: '/permission/list', tid: 'permission', path: '/sapi/sys/permission', one: 'permission', row: undefined },
  { name: 'user', route: '/user', tid: 'user', path: '/sapi/sys/user', one: 'user', row: 'plain_clerk' },
  { name: 'dbConnection', route: '/dbms/database/list', tid: 'db-connection', path: '/sapi/dbms/database', one: 'database connection', row: 'Plain reporting' },
] as const;

describe('plain resources in the screens kit', () => {
  const s = consoleSession('plain', async (s) => {
    const warehouseId = (await s.api('/sapi/wms/warehouse/list', {}))[0].id;
    await s.api('/sapi/wms/sku-category/add', { name: 'Plain category' });
    await s.api('/sapi/wms/carrier-config/add', { name: 'Plain carrier', carrier: 2, warehouseId, apiKey: 'plain-key', shipperName: 'Plain', shipperPhone: '+966110000000' });
    await s.api('/sapi/sys/user/add', { name: 'plain_clerk', password: 'secret-1', roleIds: [], warehouseIds: [-1], ownerIds: [-1] });
    await s.api('/sapi/dbms/database/add', { name: 'Plain reporting', host: '127.0.0.1', port: 5432, database: 'reports', username: 'reader', password: 'pw-1' });
  });
  const page = () => s.page;
  const url = (path: string) => `${s.c.base}${path}`;
  /** How many records the resource holds (the API's total). */
  const total = async (path: string) => (await s.api(`${path}/page`, { pageNum: 1, pageSize: 1 })).total as number;
  const dialogTitle = (dialog: Locator) => dialog.locator('h2').first().textContent();

  it('opens every plain resource\'s create and edit in a dialog with Save and Cancel; Cancel writes nothing', async () => {
    await loginThroughPage(page(), s.c.base, undefined, undefined, '/company');
    await page().waitForURL(/\/company$/);
    for (const r of PLAIN) {
      await page().goto(url(r.route));
      const table = page().getByTestId(`${r.tid}-table`);
      await page().getByTestId(`${r.tid}-filters`).waitFor();
      await table.locator('tbody tr').first().waitFor();
      expect(await page().getByText('Add filter', { exact: false }).count(), r.name).toBe(0); // react-admin's page is gone
      const before = await total(r.path);

      await page().getByTestId(`${r.tid}-add`).click();
      const dialog = page().getByTestId(`${r.tid}-edit-dialog`);
      await dialog.waitFor();
      await expect.poll(() => dialogTitle(dialog), { message: r.name }).toBe(`New ${r.one}`);
      await dialog.getByTestId(`${r.tid}-save`).waitFor();
      await dialog.getByTestId(`${r.tid}-save-cancel`).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(page().url(), r.name).toBe(url(r.route));
      expect(await total(r.path), r.name).toBe(before);

      const row = r.row ? table.locator('tbody tr', { hasText: r.row }).first() : table.locator('tbody tr', { has: page().getByTestId(`${r.tid}-row-edit`) }).first();
      if (r.row) await page().getByTestId(`${r.tid}-filter-name`).locator('input').fill(r.row.split(' ')[0]);
      if (r.row) await page().getByTestId(`${r.tid}-search`).click();
      await rowAction(row, `${r.tid}-row-edit`);
      await dialog.waitFor();
      await expect.poll(() => dialogTitle(dialog), { message: r.name }).toMatch(new RegExp(`^Edit ${r.one} ${r.row ?? '\\S'}`));
      await dialog.getByTestId(`${r.tid}-save-cancel`).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await total(r.path), r.name).toBe(before);
      if (r.name === 'warehouse') await s.c.shot('plain-01-warehouse-list');
    }
  }, 240_000);

  it('asks "Delete warehouse Riyadh DC?" and titles the dialogs in Chinese', async () => {
    await page().goto(url('/warehouse/list'));
    const row = page().getByTestId('warehouse-table').locator('tbody tr', { hasText: 'Riyadh DC' }).first();
    await rowAction(row, 'warehouse-row-delete');
    const confirm = page().getByRole('dialog');
    await confirm.getByText('Delete warehouse Riyadh DC?').waitFor();
    await confirm.getByRole('button', { name: /cancel|keep/i }).first().click();
    await confirm.waitFor({ state: 'hidden' });

    await page().getByRole('button', { name: /English/ }).click();
    await page().getByRole('menuitem', { name: '中文' }).click();
    await page().getByTestId('warehouse-add').click();
    const dialog = page().getByTestId('warehouse-edit-dialog');
    await expect.poll(() => dialogTitle(dialog)).toBe('新增仓库');
    await dialog.getByTestId('warehouse-save-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    await rowAction(row, 'warehouse-row-edit');
    await expect.poll(() => dialogTitle(dialog)).toBe('编辑仓库 Riyadh DC');
    await s.c.shot('plain-02-warehouse-edit-zh');
    await dialog.getByTestId('warehouse-save-cancel').click();
    await rowAction(row, 'warehouse-row-delete');
    await page().getByRole('dialog').getByText('删除仓库 Riyadh DC？').waitFor();
    await page().keyboard.press('Escape');
    await page().getByRole('button', { name: /中文/ }).click();
    await page().getByRole('menuitem', { name: 'English' }).click();
    await page().getByTestId('warehouse-add').getByText('Add').waitFor();
  });

  it('hides one\'s own password, status, roles and scope in the user dialog (spec 2.5), shows them for others', async () => {
    await page().goto(url('/user'));
    const dialog = page().getByTestId('user-edit-dialog');
    const shown = async () => {
      await dialog.getByTestId('user-form-name').waitFor();
      const parts = ['password', 'status', 'role-ids', 'warehouse-ids', 'owner-ids'];
      return Promise.all(parts.map(async (p) => `${p}:${await dialog.getByTestId(`user-form-${p}`).count()}`));
    };
    const table = page().getByTestId('user-table');
    await rowAction(table.locator('tbody tr', { hasText: 'plain_clerk' }), 'user-row-edit');
    await expect.poll(shown).toEqual(['password:1', 'status:1', 'role-ids:1', 'warehouse-ids:1', 'owner-ids:1']);
    await dialog.getByTestId('user-save-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    await page().getByTestId('user-reset').click(); // the name filter kept from the first test
    const self = table.locator('tbody tr').filter({ has: page().getByText('admin', { exact: true }) });
    await rowAction(self, 'user-row-edit');
    await expect.poll(() => dialogTitle(dialog)).toBe('Edit user admin');
    await expect.poll(shown).toEqual(['password:0', 'status:0', 'role-ids:0', 'warehouse-ids:0', 'owner-ids:0']);
    await dialog.getByTestId('user-save-cancel').click();
  });

  it('opens the spec\'s add, edit and read-only detail routes as the list with the dialog open', async () => {
    const [conn] = await s.api('/sapi/dbms/database/list', { name: 'Plain reporting' });
    await page().goto(url(`/dbms/database/detail/${conn.id}`));
    const view = page().getByTestId('db-connection-view-dialog');
    await view.waitFor();
    await view.getByText('Plain reporting').first().waitFor();
    await view.getByText('reports').first().waitFor();
    expect(await view.locator('input, textarea').count()).toBe(0); // read-only: no form
    expect(await page().getByTestId('db-connection-save').count()).toBe(0);
    expect(await view.textContent()).not.toContain('pw-1');
    await s.c.shot('plain-03-dbms-detail');
    await view.getByTestId('db-connection-view-close').click();
    await page().waitForURL(/\/dbms\/database\/list$/);

    await page().goto(url(`/dbms/database/edit/${conn.id}`));
    const edit = page().getByTestId('db-connection-edit-dialog');
    await expect.poll(() => dialogTitle(edit)).toBe('Edit database connection Plain reporting');
    await expect.poll(() => edit.getByTestId('db-connection-form-host').inputValue()).toBe('127.0.0.1');
    await edit.getByTestId('db-connection-form-port').fill('5433');
    await edit.getByTestId('db-connection-save').click();
    await page().waitForURL(/\/dbms\/database\/list$/);
    await page().getByText('Operation successful').first().waitFor();
    const saved = await s.api('/sapi/dbms/database/detail', { id: conn.id });
    expect(saved).toMatchObject({ port: 5433, host: '127.0.0.1' });

    await page().goto(url('/user/add'));
    const add = page().getByTestId('user-edit-dialog');
    await expect.poll(() => dialogTitle(add)).toBe('New user');
    await add.getByTestId('user-save-cancel').click();
    await page().waitForURL(/\/user$/);
  });
});
