/**
 * The dashboard in Chromium (issue 15 "see the dashboard charts in English and Chinese"): on a small data set
 * (stock by adjustment in one warehouse, a receipt in the other, a shipment, yesterday's inventory snapshot)
 * the admin sees the stat cards with the figures of the overview call and the three charts drawn (SVG marks,
 * legends and warehouse names) in the page's language; a goods owner's user with nothing in stock sees the
 * empty states in words. The warehouse and owner lists show their statistics columns.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appEn } from '../../src/client/i18n/app-en';
import { appZh } from '../../src/client/i18n/app-zh';
import { generatedMessages } from '../../generated/client/i18n';
import { JudgementType } from '../../generated/shared/enums';
import { inventorySnapshotJob, serverDay } from '../../src/server/domain/statistics/snapshot';
import { userWith } from '../api/harness';
import { loginThroughPage, SHOTS } from './browser';
import { consoleSession } from './steps';

type Lang = 'en' | 'zh';
const TEXTS = { en: appEn.app.dashboard, zh: appZh.app.dashboard };
const FIELDS = { en: generatedMessages.en.resources, zh: generatedMessages.zh.resources } as unknown as Record<Lang, Record<string, { fields: Record<string, string> }>>;
const LOCALES: Record<Lang, string> = { en: 'en-US', zh: 'zh-CN' };

async function newPage(browser: Browser, lang: Lang): Promise<Page> {
  return (await browser.newContext({ locale: LOCALES[lang], viewport: { width: 1440, height: 1000 } })).newPage();
}

describe('dashboard in Chromium', () => {
  let w1Name = '', w2Name = '';
  const s = consoleSession('dashboard', async ({ api, c }) => {
    const owners: Array<{ id: number; code: string }> = await api('/sapi/wms/owner/list', {});
    const ownerA = owners.find((o) => o.code === 'OWN-A')!.id;
    const [w1, w2] = await api('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' });
    [w1Name, w2Name] = [w1.name, w2.name];
    const categoryId = (await api('/sapi/wms/sku-category/add', { name: 'Dashboard goods' })).id;
    const sku = await api('/sapi/wms/sku/add', { ownerId: ownerA, sku: 'DASH-1', name: 'Dashboard product', enable: true, categoryId, weight: 1 });
    const j = await api('/sapi/wms/inventory-judgement/add', { warehouseId: w1.id, ownerId: ownerA, lines: [{ skuId: sku.id, batchNo: '', qty: 40, type: JudgementType.GAIN }] });
    await api('/sapi/wms/inventory-judgement/approve', { id: j.id });
    // yesterday's snapshot: the trend has a point before today
    await inventorySnapshotJob.run({ db: c.t.database.db, params: { date: serverDay(new Date(Date.now() - 86_400_000)) }, signal: new AbortController().signal, fireTime: new Date(), dataDir: '' });
    const inbound = await api('/sapi/wms/inbound-order/add', { warehouseId: w2.id, ownerId: ownerA, storeOrderNo: 'DASH-IN', lines: [{ skuId: sku.id, plannedQty: 12 }] });
    await api('/sapi/wms/inbound-order/receive', { id: inbound.id, lines: [{ lineId: inbound.lines[0].id, qty: 12 }] });
    const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };
    const out = await api('/sapi/wms/outbound-order/add', { warehouseId: w1.id, ownerId: ownerA, ...receiver, lines: [{ skuId: sku.id, qty: 5 }] });
    await api('/sapi/wms/outbound-order/allocate', { id: out.id });
    await api('/sapi/wms/outbound-order/ship', { id: out.id });
    // a goods owner with nothing yet, and its user
    const owner = await api('/sapi/wms/owner/add', { code: 'OWN-EMPTY', name: 'Empty Owner', companyId: (await api('/sapi/wms/owner/detail', { id: ownerA })).companyId });
    await userWith(c.t, await c.t.login(), { codes: ['dashboard'], ownerIds: [owner.id], name: 'dash_empty' });
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`${lang}: stat cards and the three charts, in the page's language`, async () => {
      const t = TEXTS[lang];
      const page = await newPage(s.c.browser, lang);
      try {
        await loginThroughPage(page, s.c.base);
        await page.waitForURL(/\/dashboard$/);
        const stat = (key: string) => page.getByTestId(`dashboard-stat-${key}-value`);
        // 40 adjusted + 12 received - 5 shipped
        await expect.poll(() => stat('onHand').textContent(), { timeout: 10_000 }).toBe('47');
        expect(await stat('receivedToday').textContent()).toBe('12');
        expect(await stat('shippedToday').textContent()).toBe('5');
        expect(await page.getByTestId('dashboard-stat-inboundOpen').textContent()).toContain(t.inbound_open);
        expect(await page.getByTestId('dashboard-stat-available').textContent()).toContain(FIELDS[lang].warehouse.fields.availableQty);

        const warehouses = page.getByTestId('dashboard-chart-warehouses');
        await warehouses.getByText(t.chart_warehouses).waitFor();
        // bars are drawn (SVG rects/paths inside the chart), with the warehouse names on the axis and the legend in the language
        await expect.poll(() => warehouses.locator('svg .MuiBarChart-element').count(), { timeout: 10_000 }).toBeGreaterThan(0);
        await warehouses.locator('svg').getByText(w1Name, { exact: true }).waitFor();
        await warehouses.locator('svg').getByText(w2Name, { exact: true }).waitFor();
        await warehouses.getByText(FIELDS[lang].warehouse.fields.lockedQty).first().waitFor();

        const daily = page.getByTestId('dashboard-chart-daily');
        await daily.getByText(t.chart_daily).waitFor();
        await daily.getByText(t.units_received).first().waitFor();
        await daily.getByText(t.units_shipped).first().waitFor();
        await expect.poll(() => daily.locator('svg .MuiBarChart-element').count(), { timeout: 10_000 }).toBeGreaterThan(0);

        const stock = page.getByTestId('dashboard-chart-stock');
        await stock.getByText(t.chart_stock).waitFor();
        await expect.poll(() => stock.locator('svg .MuiLineChart-line').count(), { timeout: 10_000 }).toBeGreaterThan(0);
        expect(await page.getByTestId('dashboard-chart-stock-hint').count()).toBe(0); // yesterday's snapshot is there
        await page.screenshot({ path: join(SHOTS, `dashboard-${lang}-01-charts.png`), fullPage: true });
      } finally {
        await page.context().close();
      }
    });
  }

  it('en: a goods owner with nothing yet sees the empty states in words', async () => {
    const page = await newPage(s.c.browser, 'en');
    try {
      await loginThroughPage(page, s.c.base, 'dash_empty', 'secret-1');
      await page.waitForURL(/\/dashboard$/);
      await expect.poll(() => page.getByTestId('dashboard-stat-onHand-value').textContent(), { timeout: 10_000 }).toBe('0');
      expect(await page.getByTestId('dashboard-chart-warehouses-empty').textContent()).toBe(TEXTS.en.empty_warehouses);
      expect(await page.getByTestId('dashboard-chart-daily-empty').textContent()).toBe(TEXTS.en.empty_daily);
      expect(await page.getByTestId('dashboard-chart-stock-hint').textContent()).toBe(TEXTS.en.trend_hint);
      await page.screenshot({ path: join(SHOTS, 'dashboard-en-02-empty.png'), fullPage: true });
    } finally {
      await page.context().close();
    }
  });

  it('en: the warehouse and owner lists show their statistics', async () => {
    await loginThroughPage(s.page, s.c.base, undefined, undefined, '/warehouse/list');
    const cells = (row: ReturnType<Page['locator']>, fields: string[]) => Promise.all(fields.map(async (f) => (await row.locator(`td.column-${f}`).textContent())?.trim()));
    const w1Row = s.page.locator('tbody tr', { hasText: w1Name });
    // w1: 35 available (40 - 5 shipped), nothing locked, one category
    await expect.poll(() => cells(w1Row, ['availableQty', 'lockedQty', 'categoryCount']), { timeout: 10_000 }).toEqual(['35', '0', '1']);
    await s.page.goto(`${s.c.base}/owner/list`);
    // OWN-A: 1 product, 47 on hand, 1 inbound and 1 outbound order
    await expect.poll(() => cells(s.page.locator('tbody tr', { hasText: 'OWN-A' }), ['skuCount', 'inventoryQty', 'inboundCount', 'outboundCount']), { timeout: 10_000 }).toEqual(['1', '47', '1', '1']);
    await s.c.shot('dashboard-03-lists');
  });
});
