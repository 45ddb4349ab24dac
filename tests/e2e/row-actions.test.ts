/**
 * Row actions that scale (issue 27 item 3), in Chromium at 1366x768, in English and Chinese. The API adds 10
 * SKUs, their stock (one approved adjustment), 10 inbound and 10 outbound orders; then on /sku/list/all,
 * /sku/inventory_list, /inbound/normal_list and /outbound/normal_list:
 * - the first row is at most 72 px high and at least 8 rows lie fully in sight (inside the viewport and the
 *   table's own scroll box); the page never scrolls sideways;
 * - no row shows more than two action buttons besides its menu's; the actions cell keeps its width (nothing
 *   in it overflows) and has a background of its own (it sits over the columns scrolling under it);
 * - an inbound order's menu holds the rest of its actions, destructive ones last after a divider;
 * - Cancel asks "Cancel inbound order IN...?" / "确定取消入库单 IN... 吗？": "Keep order" leaves the order created,
 *   "Cancel order" cancels it (read back through the API).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { JudgementType } from '../../generated/shared/enums';
import { loginThroughPage } from './browser';
import { addSku, consoleSession, openRowMenu, ownerIdByName, rowAction, rowActionIds, warehouseIdByName } from './steps';

const OWNER = 'Desert Rose Cosmetics';
const COUNT = 10;
const RECEIVER = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };
const LISTS = [
  { path: '/sku/list/all', row: 'sku-row' },
  { path: '/sku/inventory_list', row: 'inventory-row' },
  { path: '/inbound/normal_list', row: 'inbound-row' },
  { path: '/outbound/normal_list', row: 'outbound-row' },
];
/** The cancel prompt's texts (resources.yaml inboundOrder.screen.actions.cancel.confirm). */
const CANCEL = {
  en: { title: (no: string) => `Cancel inbound order ${no}?`, keep: 'Keep order', ok: 'Cancel order' },
  zh: { title: (no: string) => `确定取消入库单 ${no} 吗？`, keep: '保留订单', ok: '取消订单' },
} as const;

interface Measure {
  rows: number;
  firstHeight: number;
  inSight: number;
  mostInline: number;
  pageWidth: number;
  innerWidth: number;
  cellOverflow: number;
  cellBackground: string;
}

/** The list's rows as shown (see the module doc). */
function measure(page: Page, rowTestId: string): Promise<Measure> {
  return page.evaluate((testId) => {
    const rows = [...document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];
    const box = rows[0]?.closest('.RaDatagrid-tableWrapper')?.getBoundingClientRect();
    const bottom = Math.min(window.innerHeight, box?.bottom ?? window.innerHeight);
    const inSight = rows.filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= 0 && b.bottom <= bottom + 0.5;
    }).length;
    const cells = rows.map((r) => r.querySelector<HTMLElement>('td.column-operations'));
    const inline = cells.map((c) => [...(c?.querySelectorAll('[class*="-row-actions"] > button, [class*="-row-actions"] > span > button') ?? [])].filter((b) => !b.getAttribute('data-testid')?.endsWith('-row-more')).length);
    const first = cells[0];
    return {
      rows: rows.length,
      firstHeight: rows[0]?.getBoundingClientRect().height ?? 0,
      inSight,
      mostInline: Math.max(0, ...inline),
      pageWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      cellOverflow: first ? first.scrollWidth - first.clientWidth : 0,
      cellBackground: first ? getComputedStyle(first).backgroundColor : '',
    };
  }, rowTestId);
}

describe('Row actions at 1366x768: one-line rows, two buttons and a menu, named prompts', () => {
  const inbound: Array<{ id: number; orderNo: string }> = [];
  const s = consoleSession('row-actions', async ({ api }) => {
    const ownerId = await ownerIdByName(api, OWNER);
    const warehouseId = await warehouseIdByName(api, 'Riyadh DC');
    const skus: number[] = [];
    for (let i = 1; i <= COUNT; i++) skus.push(await addSku(api, { ownerId, code: `RA-${String(i).padStart(2, '0')}`, name: `Row action product ${i}`, category: `Row actions ${i}`, weight: 0.1 }));
    const adjustment = await api('/sapi/wms/inventory-judgement/add', { warehouseId, ownerId, lines: skus.map((skuId) => ({ skuId, batchNo: 'RA1', qty: 20, type: JudgementType.GAIN })) });
    await api('/sapi/wms/inventory-judgement/approve', { id: adjustment.id });
    for (const skuId of skus) {
      inbound.push(await api('/sapi/wms/inbound-order/add', { type: 1, warehouseId, ownerId, lines: [{ skuId, batchNo: 'RA2', plannedQty: 5 }] }));
      await api('/sapi/wms/outbound-order/add', { type: 1, warehouseId, ownerId, ...RECEIVER, lines: [{ skuId, batchNo: 'RA1', qty: 1 }] });
    }
  });

  /** A 1366x768 page logged in with the console in `lang`. */
  async function pageIn(lang: 'en' | 'zh'): Promise<Page> {
    const page = await (await s.c.browser.newContext({ locale: lang === 'en' ? 'en-US' : 'zh-CN', viewport: { width: 1366, height: 768 } })).newPage();
    await page.goto(`${s.c.base}/login`);
    await page.evaluate((l) => localStorage.setItem('wms.language', l), lang);
    await loginThroughPage(page, s.c.base);
    // the console is up (the session stored) before the test moves on
    await page.getByTestId('tabs-bar').waitFor({ timeout: 20_000 });
    return page;
  }

  /** Opens `path` and waits for at least 8 rows with their actions. */
  async function openList(page: Page, path: string, row: string): Promise<Locator> {
    await page.goto(`${s.c.base}${path}`);
    const rows = page.getByTestId(row);
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(8).catch(async (e) => {
      await page.screenshot({ path: `test-results/failed-row-actions-list${path.replace(/\//g, '-')}.png` });
      throw e;
    });
    await expect.poll(() => rows.first().locator('td.column-operations button').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    return rows;
  }

  for (const lang of ['en', 'zh'] as const) {
    it(`${lang}: rows one line high, 8 in sight, at most two buttons inline on the four lists`, async () => {
      const page = await pageIn(lang);
      try {
        const misfits: string[] = [];
        for (const list of LISTS) {
          await openList(page, list.path, list.row);
          const m = await measure(page, list.row);
          if (m.firstHeight > 72) misfits.push(`${list.path}: first row ${m.firstHeight} px high`);
          if (m.inSight < 8) misfits.push(`${list.path}: ${m.inSight} rows in sight`);
          if (m.mostInline > 2) misfits.push(`${list.path}: ${m.mostInline} buttons inline`);
          if (m.pageWidth > m.innerWidth) misfits.push(`${list.path}: page ${m.pageWidth} px wide`);
          if (m.cellOverflow > 0) misfits.push(`${list.path}: actions overflow their cell by ${m.cellOverflow} px`);
          if (/rgba\(0, 0, 0, 0\)|transparent/.test(m.cellBackground) || !m.cellBackground) misfits.push(`${list.path}: actions cell without a background`);
          await page.screenshot({ path: `test-results/row-actions-${lang}-${list.row}.png` });
        }
        expect(misfits).toEqual([]);
      } finally {
        await page.context().close();
      }
    });

    it(`${lang}: an inbound order's menu holds the rest; Cancel asks, naming the order; Keep order keeps it, Cancel order cancels it`, async () => {
      const page = await pageIn(lang);
      const order = inbound[lang === 'en' ? 0 : 1];
      const status = async () => (await s.api('/sapi/wms/inbound-order/detail', { id: order.id })).status as number;
      try {
        await openList(page, '/inbound/normal_list', 'inbound-row');
        const row = page.getByTestId('inbound-row').filter({ has: page.getByText(order.orderNo, { exact: true }) });
        await row.waitFor();
        // a created order: Receive and Edit inline, the rest in the menu with the destructive ones last, after a divider
        expect(await rowActionIds(row)).toEqual({
          inline: ['inbound-row-receive', 'inbound-row-edit'],
          menu: ['inbound-row-view', 'inbound-row-create-package', 'inbound-row-print', 'inbound-row-delete', 'inbound-row-cancel', 'inbound-row-submitProblem'],
        });
        await row.locator('[data-testid$="-row-more"]').click();
        await expect(openRowMenu(page).locator('hr + [data-testid="inbound-row-delete"]').count()).resolves.toBe(1);
        await page.keyboard.press('Escape');
        await expect.poll(() => openRowMenu(page).count()).toBe(0);

        const t = CANCEL[lang];
        const prompt = page.getByTestId('inbound-row-cancel-confirm');
        await rowAction(row, 'inbound-row-cancel');
        await prompt.getByText(t.title(order.orderNo), { exact: true }).waitFor();
        await page.screenshot({ path: `test-results/row-actions-${lang}-cancel-prompt.png` });
        await prompt.getByRole('button', { name: t.keep }).click();
        await prompt.waitFor({ state: 'hidden' });
        expect(await status()).toBe(1);

        await rowAction(row, 'inbound-row-cancel');
        await prompt.getByText(t.title(order.orderNo), { exact: true }).waitFor();
        await prompt.getByRole('button', { name: t.ok }).click();
        await prompt.waitFor({ state: 'hidden' });
        await expect.poll(status, { timeout: 10_000 }).toBe(4);
        // cancelled: no Cancel any more, Recreate offered instead
        await expect.poll(async () => { const a = await rowActionIds(row); return [...a.inline, ...a.menu]; }, { timeout: 10_000 }).toContain('inbound-row-recreate');
        const after = await rowActionIds(row);
        expect([...after.inline, ...after.menu]).not.toContain('inbound-row-cancel');
      } finally {
        await page.context().close();
      }
    });
  }
});
