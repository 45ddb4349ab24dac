/**
 * The console in Debian's Chromium (issue 2): log in through the page and its captcha, create a warehouse,
 * find it with a filter, lock it, switch to Chinese and see Chinese labels. The console is built first, so
 * the test always covers the current sources; screenshots go to test-results/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, ADMIN_PASSWORD, CAPTCHA_ANSWER, type TestApp } from '../api/harness';

const ROOT = join(import.meta.dirname, '../..');
const SHOTS = join(ROOT, 'test-results');
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

describe('console in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let base: string;
  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

  beforeAll(async () => {
    execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
    mkdirSync(SHOTS, { recursive: true });
    t = await startTestApp('pglite', { clientDir: join(ROOT, 'dist/client') });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    page = await (await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } })).newPage();
  });
  afterEach(async (c) => {
    if (c.task.result?.state === 'fail') await shot(`failed-${c.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('redirects to the login page with the wanted path, then logs in through the captcha', async () => {
    await page.goto(`${base}/warehouse/list`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain('redirect=/warehouse/list');
    await expect(page.getByTestId('login-captcha-image').getAttribute('src')).resolves.toMatch(/^data:image\/svg\+xml/);
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Username cannot be empty').first().isVisible()).resolves.toBe(true);
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-captcha').fill(CAPTCHA_ANSWER);
    await shot('01-login');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/warehouse\/list$/);
    await page.getByText('Riyadh DC').waitFor();
    await expect(page.title()).resolves.toBe('Warehouses - WMS');
    await shot('02-warehouses');
  });

  it('creates a warehouse, finds it with a filter and locks it', async () => {
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(/\/warehouse\/create$/);
    await page.locator('input[name="code"]').fill('E2E01');
    await page.locator('input[name="name"]').fill('E2E Test Warehouse');
    await shot('03-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/warehouse$/);
    await page.locator('form input[name="name"]').fill('E2E Test');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    const row = page.locator('tbody tr').first();
    await expect(row.textContent()).resolves.toContain('E2E Test Warehouse');
    await row.getByRole('button', { name: 'Lock' }).click();
    await row.getByText('Locked').waitFor();
    await row.getByRole('button', { name: 'Unlock' }).waitFor();
    await shot('04-locked');
    const stored = await t.call('/sapi/wms/warehouse/page', { code: 'E2E01' }, await t.login());
    expect(stored.data.records[0]).toMatchObject({ name: 'E2E Test Warehouse', status: -1 });
  });

  it('switches to Chinese and shows Chinese labels', async () => {
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.getByText('仓库名称').first().waitFor();
    await expect(page.locator('body').textContent()).resolves.toContain('锁定');
    await expect(page.title()).resolves.toBe('仓库 - WMS');
    await shot('05-chinese');
    await page.reload();
    await page.getByText('仓库名称').first().waitFor(); // the preference is kept
  });
});
