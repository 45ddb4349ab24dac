/**
 * Users, roles and permissions in Chromium (issue 6): the admin creates a role by ticking codes in the
 * permission tree and an owner-scoped user holding it; that user logs in, sees only the permitted menu
 * entries and their own owner's data, is sent to /401 on a forbidden route, and changes their password.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughPage, openConsole, SHOTS, type Console } from './browser';

describe('roles and an owner-scoped user in Chromium', () => {
  let c: Console;
  let clerk: Page;
  beforeAll(async () => { c = await openConsole(); });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await c.shot(`failed-roles-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => { await c?.close(); });

  const pick = async (page: Page, label: string, typed: string, option: string) => {
    const box = page.getByRole('combobox', { name: label });
    await box.click();
    await box.fill(typed);
    await page.getByRole('option', { name: option }).click();
  };

  it('creates a role in the permission tree', async () => {
    const page = c.page;
    await loginThroughPage(page, c.base, undefined, undefined, '/role/add');
    await page.waitForURL(/\/role\/add$/);
    const dialog = page.getByTestId('role-edit-dialog'); // the role list with the create dialog open
    await dialog.getByRole('heading', { name: 'New role' }).waitFor();
    await dialog.getByTestId('role-form-code').fill('owner_clerk');
    await dialog.getByTestId('role-form-name').fill('Owner clerk');
    await page.getByTestId('permission-node-owner:list').locator('input[type="checkbox"]').first().check();
    await page.getByTestId('permission-node-warehouse:list').locator('input[type="checkbox"]').first().check();
    await c.shot('10-role-create');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/role\/list$/);
    const token = await c.t.login();
    const role = (await c.t.call('/sapi/sys/role/list', { code: 'owner_clerk' }, token)).data[0];
    expect(role.permissionCodes).toEqual(expect.arrayContaining(['owner', 'owner:list', 'warehouse', 'warehouse:list']));
    expect(role.permissionCodes).not.toContain('company:list');
  });

  it('creates a user limited to one goods owner', async () => {
    const page = c.page;
    await page.goto(`${c.base}/user/add`);
    const dialog = page.getByTestId('user-edit-dialog');
    await dialog.getByRole('heading', { name: 'New user' }).waitFor();
    await dialog.getByTestId('user-form-name').fill('clerk_a');
    await dialog.getByTestId('user-form-password').fill('clerk-pass-1');
    await pick(page, 'Roles', 'Owner', 'Owner clerk');
    await page.getByRole('switch', { name: 'All' }).first().check();
    await pick(page, 'Goods owners', 'Desert', 'Desert Rose Cosmetics');
    await c.shot('11-user-create');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/user$/);
    const token = await c.t.login();
    const user = (await c.t.call('/sapi/sys/user/list', { name: 'clerk_a' }, token)).data[0];
    expect(user).toMatchObject({ warehouseIds: [-1], status: 1 });
    expect(user.ownerIds).toHaveLength(1);
  });

  it('shows that user only the permitted menu and their own owner', async () => {
    clerk = await (await c.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } })).newPage();
    await loginThroughPage(clerk, c.base, 'clerk_a', 'clerk-pass-1', '/owner/list');
    await clerk.getByText('Desert Rose Cosmetics').waitFor();
    expect(await clerk.getByText('Gulf Gadgets').count()).toBe(0);
    expect(await clerk.getByTestId('menu-owner').count()).toBe(1);
    expect(await clerk.getByTestId('menu-warehouse').count()).toBe(1);
    for (const hidden of ['menu-company', 'menu-user', 'menu-role', 'menu-skuCategory']) expect(await clerk.getByTestId(hidden).count(), hidden).toBe(0);
    expect(await clerk.getByTestId('owner-add').count()).toBe(0); // no owner:add
    await clerk.screenshot({ path: join(SHOTS, '12-clerk-owners.png'), fullPage: true });
    await clerk.goto(`${c.base}/company`);
    await clerk.waitForURL(/\/401/);
  });

  it('lets that user change their password', async () => {
    await clerk.goto(`${c.base}/owner/list`);
    await clerk.getByText('Desert Rose Cosmetics').waitFor();
    await clerk.getByRole('button', { name: 'Profile' }).click(); // react-admin's user menu (ra.auth.user_menu)
    await clerk.getByTestId('user-menu-change-password').click();
    await clerk.getByTestId('password-old').fill('clerk-pass-1');
    await clerk.getByTestId('password-new').fill('clerk-pass-2');
    await clerk.getByTestId('password-confirm').fill('clerk-pass-2');
    await clerk.getByTestId('password-submit').click();
    await clerk.getByText('Operation Successful').waitFor();
    await expect(c.t.login('clerk_a', 'clerk-pass-2')).resolves.toBeTypeOf('string');
    await expect(c.t.login('clerk_a', 'clerk-pass-1')).rejects.toThrow();
  });
});
