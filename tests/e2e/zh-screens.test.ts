/**
 * No English in the Chinese console (issue 27 item 13): in a zh-CN browser, the task list, the task log (after a
 * run of a seeded task), the dashboard, the scanning screens of issue 29 (putaway, picking, moves), the public share
 * page and the SKU list's date-time range filter show no English word except data users typed (warehouse, owner and SKU names, codes) and the field's own terms
 * (SKU, WMS, SQL, HTTP, Bean, Cron, JSON). The date-time range filter shows `yyyy-MM-dd HH:mm` and its picker speaks
 * Chinese. Screenshots in test-results/zh-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { JudgementType } from '../../generated/shared/enums';
import { loginThroughPage } from './browser';
import { addSku, consoleSession, ownerIdByName, warehouseIdByName } from './steps';

/** Words of the product's own vocabulary that stay Latin in Chinese. */
const TERMS = ['SKU', 'WMS', 'Bean', 'Cron', 'JSON', 'ID', 'URL', 'SQL', 'HTTP', 'noon', 'admin', 'kg'];

describe('Chinese screens in Chromium', () => {
  let data = new Set<string>();
  let shareLink = '';
  const s = consoleSession('zh', async ({ api, c }) => {
    const ownerId = await ownerIdByName(api, 'Desert Rose Cosmetics');
    const warehouseId = await warehouseIdByName(api, 'Riyadh DC');
    const skuId = await addSku(api, { ownerId, code: 'ZH-OUD', name: 'Oud Oil', category: 'Oils', weight: 0.3 });
    const d = await api('/sapi/wms/inventory-judgement/add', { warehouseId, ownerId, lines: [{ skuId, batchNo: 'B1', qty: 5, type: JudgementType.GAIN }] });
    await api('/sapi/wms/inventory-judgement/approve', { id: d.id });
    const share = await api('/sapi/wms/inventory-share/add', { title: '玫瑰库存', ownerId, warehouseId });
    shareLink = `${c.base}/inventoryShare?token=${share.token}`;
    // what users typed: its words may be Latin
    const names = [
      ...((await api('/sapi/wms/warehouse/list', {})) as Array<{ name: string; code: string; city?: string }>).flatMap((w) => [w.name, w.code, w.city ?? '']),
      ...((await api('/sapi/wms/owner/list', {})) as Array<{ name: string; code: string }>).flatMap((o) => [o.name, o.code]),
      ...((await api('/sapi/wms/company/list', {})) as Array<{ name: string }>).map((o) => o.name),
      ...((await api('/sapi/sys/job/list', {})) as Array<{ beanName: string }>).map((j) => j.beanName),
      'ZH-OUD Oud Oil Oils B1',
    ];
    data = new Set(names.join(' ').split(/[^A-Za-z]+/).filter(Boolean));
    const retention = ((await api('/sapi/sys/job/list', {})) as Array<{ id: number; beanName: string }>).find((j) => j.beanName === 'jobLogRetention')!;
    await api('/sapi/sys/job/runNow', { id: retention.id });
  });

  /** The Latin words of the page's visible text that are neither terms nor data. */
  const englishOn = async (page: Page): Promise<string[]> => {
    const text = await page.locator('body').innerText();
    const words = text.match(/[A-Za-z]{2,}/g) ?? [];
    // instance names of the task log are host:pid:random
    return [...new Set(words)].filter((w) => !TERMS.includes(w) && !data.has(w) && !/^[a-f0-9]+$/.test(w) && !text.includes(`${w}:`));
  };

  const zhPage = async () => (await s.c.browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } })).newPage();

  it('task list, task log and dashboard show no English words', async () => {
    const page = await zhPage();
    await loginThroughPage(page, s.c.base, undefined, undefined, '/job/list');
    await page.waitForURL(/\/job\/list/);
    await page.getByText('删除过期的任务日志').first().waitFor();
    expect(await englishOn(page)).toEqual([]);
    await page.goto(`${s.c.base}/job/log/list`);
    await page.getByText(/已删除 \d+ 条超过 30 天的任务日志/).first().waitFor({ timeout: 20_000 });
    await page.screenshot({ path: 'test-results/zh-job-log.png' });
    expect(await englishOn(page)).toEqual([]);
    await page.goto(`${s.c.base}/dashboard`);
    await page.getByTestId('dashboard-stat-onHand-value').waitFor();
    await page.getByTestId('dashboard-chart-warehouses').locator('svg').first().waitFor();
    await page.screenshot({ path: 'test-results/zh-dashboard.png' });
    expect(await englishOn(page)).toEqual([]);
    await page.context().close();
  });

  it('the scanning screens (putaway, picking, moves) show no English words', async () => {
    const page = await zhPage();
    await loginThroughPage(page, s.c.base, undefined, undefined, '/func/putaway_exec');
    await page.getByTestId('putaway-exec').waitFor();
    await page.getByTestId('putaway-warehouse').click();
    await page.getByRole('option', { name: 'Riyadh DC', exact: true }).click();
    // the adjustment's 5 units wait on the receiving location; chosen, with no storage location to suggest
    await page.getByTestId('putaway-row').first().click();
    await page.getByTestId('putaway-no-suggestion').waitFor();
    await page.screenshot({ path: 'test-results/zh-putaway.png' });
    expect(await englishOn(page)).toEqual([]);
    await page.goto(`${s.c.base}/func/pick_exec`);
    await page.getByTestId('pick-exec').waitFor();
    expect(await englishOn(page)).toEqual([]);
    await page.goto(`${s.c.base}/func/move_exec`);
    await page.getByTestId('move-warehouse').click();
    await page.getByRole('option', { name: 'Riyadh DC', exact: true }).click();
    await page.getByTestId('move-from').fill('Q-9');
    await page.getByTestId('move-from').press('Enter');
    await page.getByTestId('move-from-error').waitFor();
    await page.screenshot({ path: 'test-results/zh-move.png' });
    expect(await englishOn(page)).toEqual([]);
    await page.context().close();
  });

  it('the public share page shows no English words', async () => {
    const page = await zhPage();
    await page.goto(shareLink);
    await page.getByText('玫瑰库存').first().waitFor();
    await page.getByText('ZH-OUD').first().waitFor();
    await page.screenshot({ path: 'test-results/zh-share.png' });
    expect(await englishOn(page)).toEqual([]);
    await page.context().close();
  });

  it('the date-time range filter reads yyyy-MM-dd HH:mm with a Chinese picker, and filters by the instant', async () => {
    const page = await zhPage();
    await loginThroughPage(page, s.c.base, undefined, undefined, '/sku/list/all');
    await page.getByText('ZH-OUD').first().waitFor();
    const start = page.getByTestId('sku-filter-add-date-start');
    await start.click();
    // the picker loads on first touch; its field takes the digits section by section, in the displayed order
    await start.getByRole('spinbutton').first().click();
    await page.keyboard.type('203001010930');
    await expect.poll(() => start.locator('input').inputValue()).toBe('2030-01-01 09:30');
    await page.keyboard.press('Escape');
    await page.getByTestId('sku-search').click();
    await page.getByText('ZH-OUD').first().waitFor({ state: 'hidden' });
    await page.getByTestId('sku-reset').click();
    await page.getByText('ZH-OUD').first().waitFor();
    // the calendar speaks Chinese
    const end = page.getByTestId('sku-filter-add-date-end');
    await end.click();
    await end.getByRole('button').first().click();
    await page.getByRole('dialog').or(page.getByRole('tooltip')).getByText(/\d{4}年|月/).first().waitFor();
    await page.screenshot({ path: 'test-results/zh-date-picker.png' });
    await page.context().close();
  });
});
