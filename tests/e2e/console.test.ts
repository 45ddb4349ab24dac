/**
 * The console in Debian's Chromium (issue 2): log in through the page and its captcha, create a warehouse in
 * its dialog, find it with a filter, lock it, switch to Chinese and see Chinese labels. The console is built first, so
 * the test always covers the current sources; screenshots go to test-results/.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, CAPTCHA_ANSWER } from '../api/harness';
import { openConsole, type Console } from './browser';
import { rowAction, rowActionIds } from './steps';

describe('console in Chromium', () => {
  let c: Console;
  const page = () => c.page;
  beforeAll(async () => { c = await openConsole(); });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await c.shot(`failed-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => { await c?.close(); });

  it('redirects to the login page with the wanted path, then logs in through the captcha', async () => {
    await page().goto(`${c.base}/warehouse/list`);
    await page().waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(page().url())).toContain('redirect=/warehouse/list');
    const captcha = page().locator('img[data-testid="login-captcha-image"]');
    await captcha.waitFor();
    expect(await captcha.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await page().getByTestId('login-submit').click();
    await expect(page().getByText('Username cannot be empty').first().isVisible()).resolves.toBe(true);
    await page().getByTestId('login-username').fill('admin');
    await page().getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page().getByTestId('login-captcha').fill(CAPTCHA_ANSWER);
    await c.shot('01-login');
    await page().getByTestId('login-submit').click();
    await page().waitForURL(/\/warehouse\/list$/);
    await page().getByText('Riyadh DC').waitFor();
    await expect(page().title()).resolves.toBe('Warehouses - WMS');
    await c.shot('02-warehouses');
  });

  it('creates a warehouse, finds it with a filter and locks it', async () => {
    await page().getByTestId('warehouse-add').click();
    const dialog = page().getByTestId('warehouse-edit-dialog');
    await dialog.getByRole('heading', { name: 'New warehouse' }).waitFor();
    await dialog.getByTestId('warehouse-form-code').fill('E2E01');
    await dialog.getByTestId('warehouse-form-name').fill('E2E Test Warehouse');
    await c.shot('03-create');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page().getByText('Operation successful').first().waitFor();
    expect(page().url()).toMatch(/\/warehouse\/list$/);
    await page().getByTestId('warehouse-filter-name').locator('input').fill('E2E Test');
    await page().getByTestId('warehouse-search').click();
    await page().waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    const row = page().locator('tbody tr').first();
    await expect(row.textContent()).resolves.toContain('E2E Test Warehouse');
    await rowAction(row, 'warehouse-row-lock');
    await page().getByRole('dialog').getByRole('button', { name: 'Lock' }).click(); // asks first (issue 27)
    await row.getByText('Locked').waitFor();
    const { inline, menu } = await rowActionIds(row);
    expect([...inline, ...menu]).toContain('warehouse-row-unlock');
    await c.shot('04-locked');
    const stored = await c.t.call('/sapi/wms/warehouse/page', { code: 'E2E01' }, await c.t.login());
    expect(stored.data.records[0]).toMatchObject({ name: 'E2E Test Warehouse', status: -1 });
  });

  it('switches to Chinese and shows Chinese labels', async () => {
    await page().getByRole('button', { name: /English/ }).click();
    await page().getByRole('menuitem', { name: '中文' }).click();
    await page().getByText('仓库名称').first().waitFor();
    await expect(page().locator('body').textContent()).resolves.toContain('锁定');
    await expect(page().title()).resolves.toBe('仓库 - WMS');
    await c.shot('05-chinese');
    await page().reload();
    await page().getByText('仓库名称').first().waitFor(); // the preference is kept
  });
});
