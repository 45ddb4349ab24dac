/**
 * The console under its Content-Security-Policy in Chromium (issue 12 "Headers"; src/server/http/security-headers.ts):
 * the login page with its captcha image, then the SKU list with a product thumbnail and its edit dialog, the
 * inventory list with that SKU's stock, the inbound list with its create dialog, the user list and its Unlock login button, and
 * the console in Chinese (its self-hosted CJK font). Every page must render, and the browser must report no
 * CSP violation: `securitypolicyviolation` events (collected from the first script of every page) and
 * console messages about the Content Security Policy are both counted.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughPage, openConsole, type Console } from './browser';
import { rowAction } from './steps';

const SKU_CODE = 'CSP-E2E-01';

declare global {
  interface Window { reportCspViolation?: (text: string) => void }
}

describe('the console under its Content-Security-Policy', () => {
  let c: Console;
  /** Every violation event and CSP console message of every page load, in order. */
  const seen: string[] = [];
  const page = () => c.page;
  const violations = async () => {
    // a round trip after the next frame: the reports of what was rendered so far have reached Node
    await page().evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
    return seen;
  };

  beforeAll(async () => {
    c = await openConsole();
    await page().exposeBinding('reportCspViolation', (_source, text: string) => { seen.push(text); });
    await page().addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        window.reportCspViolation?.(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
      });
    });
    page().on('console', (m) => { if (/Content Security Policy/i.test(m.text())) seen.push(`console: ${m.text()}`); });
    // a SKU with a product image (a real thumbnail on the list)
    const token = await c.t.login();
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
    const boundary = `----csp${randomBytes(6).toString('hex')}`;
    const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rose.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const up = (await c.t.app.inject({ method: 'POST', url: '/sapi/sys/file/upload?fileType=5', payload: Readable.from([body]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-upload-token': token } })).json();
    expect(up.code, up.msg).toBe(200);
    const owners = (await c.t.call('/sapi/wms/owner/list', {}, token)).data;
    const category = (await c.t.call('/sapi/wms/sku-category/add', { name: 'CSP' }, token)).data;
    const sku = await c.t.call('/sapi/wms/sku/add', { ownerId: owners[0].id, sku: SKU_CODE, name: 'CSP rose', enable: true, categoryId: category.id, weight: 0.2, goodsImageUrl: up.data.fileUrl }, token);
    expect(sku.code, sku.msg).toBe(200);
    // and stock of it (a row on the inventory list)
    const warehouses = (await c.t.call('/sapi/wms/warehouse/list', {}, token)).data;
    const judgement = await c.t.call('/sapi/wms/inventory-judgement/add', { warehouseId: warehouses[0].id, ownerId: owners[0].id, lines: [{ skuId: sku.data.id, batchNo: 'B1', type: 1, qty: 5, reason: 'count' }] }, token);
    expect(judgement.code, judgement.msg).toBe(200);
    expect((await c.t.call('/sapi/wms/inventory-judgement/approve', { id: judgement.data.id }, token)).code).toBe(200);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await c.shot(`failed-csp-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => { await c?.close(); });

  it('serves the console with the policy', async () => {
    const res = await page().goto(`${c.base}/login`);
    const policy = (await res!.allHeaders())['content-security-policy'];
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('shows the login page with its captcha image, and logs in', async () => {
    await page().goto(`${c.base}/login`);
    await page().getByTestId('login-username').waitFor();
    const captcha = page().locator('img[data-testid="login-captcha-image"]');
    await captcha.waitFor();
    await expect.poll(() => captcha.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await loginThroughPage(page(), c.base, undefined, undefined, '/sku/list/all');
    expect(await violations()).toEqual([]);
  });

  it('shows the SKU list with a product thumbnail, and its edit dialog', async () => {
    await page().waitForURL(/\/sku\/list\/all/);
    const row = page().locator('.wms-sku-table tbody tr').filter({ has: page().getByText(SKU_CODE, { exact: true }) });
    await row.waitFor();
    const thumb = row.locator('img.wms-image');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    await row.getByTestId('sku-row-edit').click();
    const dialog = page().getByTestId('sku-edit-dialog');
    await dialog.waitFor();
    await dialog.locator('input[name="name"]').waitFor();
    await c.shot('csp-10-sku-dialog');
    await page().keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await violations()).toEqual([]);
  });

  it('shows the inventory list with the SKU\'s stock and thumbnail', async () => {
    await page().goto(`${c.base}/sku/inventory_list`);
    await page().getByTestId('inventory-filters').waitFor();
    const row = page().getByTestId('inventory-row').filter({ has: page().getByText(SKU_CODE, { exact: true }) });
    await row.waitFor();
    const thumb = row.locator('img.wms-image');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    expect(await violations()).toEqual([]);
  });

  it('shows the dashboard with its charts (issue 15: @mui/x-charts draws SVG with inline styles)', async () => {
    await page().goto(`${c.base}/dashboard`);
    const chart = page().getByTestId('dashboard-chart-warehouses');
    await expect.poll(() => chart.locator('svg .MuiBarChart-element').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // only today's point (no snapshot yet): drawn as a mark
    await page().getByTestId('dashboard-chart-stock').locator('svg .MuiLineChart-mark').first().waitFor();
    expect(await violations()).toEqual([]);
  });

  it('shows the inbound list and its create dialog', async () => {
    await page().goto(`${c.base}/inbound/normal_list`);
    await page().getByTestId('inbound-add').click();
    const dialog = page().getByTestId('inbound-edit-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('inbound-form-owner').waitFor();
    await c.shot('csp-20-inbound-dialog');
    expect(await violations()).toEqual([]);
  });

  it('shows the user list; Unlock login lifts a lock of the name', async () => {
    // a lock of `clerk` as ten failures would leave it (default rules: that would take 40 s of waits)
    const admin = await c.t.login();
    await c.t.call('/sapi/sys/user/add', { name: 'clerk', password: 'secret-1', roleIds: [], warehouseIds: [-1], ownerIds: [-1] }, admin);
    await c.t.database.db.execute(sql`insert into sys_login_attempt (user_name, ip, outcome, locked_until) values ('clerk', '10.9.9.9', 'lock_user', now() + interval '15 minutes')`);
    await page().goto(`${c.base}/user`);
    const row = page().locator('tr').filter({ has: page().getByText('clerk', { exact: true }) });
    await rowAction(row, 'user-row-unlock-login');
    await page().getByText('Login of clerk unlocked').waitFor();
    await expect(page().url()).toMatch(/\/user$/); // the click did not open the row
    await rowAction(row, 'user-row-unlock-login');
    await page().getByText('Logins of clerk were not locked').waitFor();
    expect(await violations()).toEqual([]);
  });

  it('shows the console in Chinese with its own font', async () => {
    await page().getByRole('button', { name: /English/ }).click();
    await page().getByRole('menuitem', { name: '中文' }).click();
    await page().getByText('用户名').first().waitFor();
    await page().evaluate(() => document.fonts.ready);
    const loaded = await page().evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family));
    expect(loaded.some((f) => /Noto Sans SC/i.test(f))).toBe(true);
    await c.shot('csp-30-chinese');
    expect(await violations()).toEqual([]);
  });
});
