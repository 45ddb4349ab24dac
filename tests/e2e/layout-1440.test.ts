/**
 * List layout at 1440x900 in Chromium, in English and in Chinese (issue: row actions out of sight). The API
 * makes a SKU, stock of it (an inbound order received in full), a second inbound order left created (the
 * row with the most actions) and an outbound order; then, for each language, on /sku/list/all,
 * /sku/inventory_list, /inbound/normal_list and /outbound/normal_list (each with at least one row):
 * - every button of the first row's operations cell lies inside the 1440x900 viewport, the page unscrolled;
 * - each of those buttons and the operations header are what shows at their centres (nothing covers them);
 * - the operations column has a header text, and every header cell spans the same x-range as its column's
 *   first body cell (within 1 px);
 * - in Chinese, no visible text of the page's main area is an English word, except codes (anything with a
 *   digit), the seeded user data (company, owner, warehouse, SKU and receiver names, country code), units
 *   (`kg`, `cm`) and `noon`/`SKU`/`ID`.
 * Screenshots in test-results/layout-1440-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addSku, consoleSession, ownerIdByName, warehouseIdByName } from './steps';

const VIEWPORT = { width: 1440, height: 900 };
const OWNER = 'Desert Rose Cosmetics';
const WAREHOUSE = 'Riyadh DC';
const SKU = { code: 'LAYOUT-ROSE', name: 'Layout Rose Lipstick', category: 'Layout Lipsticks' };
const RECEIVER = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };

/** The lists under test: route and the test id of the filter bar that shows the list is there. */
const LISTS = [
  { key: 'sku', path: '/sku/list/all', ready: 'sku-filters' },
  { key: 'inventory', path: '/sku/inventory_list', ready: 'inventory-filters' },
  { key: 'inbound', path: '/inbound/normal_list', ready: 'inbound-filters' },
  { key: 'outbound', path: '/outbound/normal_list', ready: 'outbound-filters' },
] as const;

/** English words that may show in Chinese mode: brand and field names the product keeps in Latin letters, units. */
const KEPT_WORDS = ['noon', 'SKU', 'ID', 'kg', 'cm'];

interface Box { x: number; right: number; y: number; bottom: number }

interface Measure {
  /** Bounding boxes of the first row's operations buttons (viewport coordinates); `onTop`: the button is what shows at its centre. */
  buttons: Array<Box & { text: string; onTop: boolean }>;
  /** The operations header's text, and whether the header cell is what shows at its centre (not covered by other headers). */
  operationsHeader: string;
  operationsHeaderOnTop: boolean;
  /** Per column: header cell text and x-ranges of the header cell and of the first body cell. */
  columns: Array<{ header: string; head: [number, number]; cell: [number, number] }>;
  /** The visible texts of the main area. */
  texts: string[];
  scrollX: number;
}

/** Measures the list table of the page (the first table in the main area) as the user sees it unscrolled. */
async function measure(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const main = document.querySelector('#main-content') ?? document.body;
    const table = main.querySelector('table')!;
    const onTop = (el: Element) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      return hit !== null && el.contains(hit);
    };
    const range = (el: Element): [number, number] => {
      const r = el.getBoundingClientRect();
      return [r.left, r.right];
    };
    const heads = [...table.querySelectorAll('thead tr:first-child > th')];
    const cells = [...table.querySelectorAll('tbody tr:first-child > td')];
    const ops = table.querySelector('tbody tr:first-child > td.column-operations');
    const buttons = ops
      ? [...ops.querySelectorAll('button')].map((b) => {
          const r = b.getBoundingClientRect();
          return { text: b.textContent ?? '', x: r.left, right: r.right, y: r.top, bottom: r.bottom, onTop: onTop(b) };
        })
      : [];
    const texts: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      const parent = n.parentElement;
      if (!text || !parent) continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden' || parent.getClientRects().length === 0) continue;
      texts.push(text);
    }
    const opsHead = table.querySelector('thead th.column-operations');
    return {
      buttons,
      operationsHeader: opsHead?.textContent?.trim() ?? '',
      operationsHeaderOnTop: opsHead ? onTop(opsHead) : false,
      columns: heads.map((h, i) => ({ header: h.textContent?.trim() ?? '', head: range(h), cell: cells[i] ? range(cells[i]) : [NaN, NaN] as [number, number] })),
      texts,
      scrollX: window.scrollX,
    };
  });
}

/**
 * The English words of `text`: runs of two or more Latin letters not in `allowed` (lower case). A token (between
 * spaces and punctuation) with a digit is a code (order numbers, SKU codes, dates) and has none.
 */
export function englishWords(text: string, allowed: Set<string>): string[] {
  return text
    .split(/[\s,:;/()|"'!?%+–…·\u3000-\u303f\uff00-\uffef]+/)
    .filter((token) => !/\d/.test(token))
    .flatMap((token) => token.match(/[A-Za-z]{2,}/g) ?? [])
    .filter((word) => !allowed.has(word.toLowerCase()));
}

describe('Lists at 1440x900: row actions in sight, headers aligned, no English in Chinese', () => {
  const userData: string[] = [SKU.code, SKU.name, SKU.category, OWNER, WAREHOUSE, ...Object.values(RECEIVER)];
  const s = consoleSession('layout-1440', async ({ api }) => {
    const ownerId = await ownerIdByName(api, OWNER);
    const warehouseId = await warehouseIdByName(api, WAREHOUSE);
    const skuId = await addSku(api, { ownerId, code: SKU.code, name: SKU.name, category: SKU.category, weight: 0.2 });
    const received = await api('/sapi/wms/inbound-order/add', { type: 1, warehouseId, ownerId, lines: [{ skuId, batchNo: 'LAYOUT-B1', plannedQty: 10 }] });
    const lineId = (await api('/sapi/wms/inbound-order/detail', { id: received.id })).lines[0].id;
    await api('/sapi/wms/inbound-order/receive', { id: received.id, lines: [{ lineId, qty: 10 }] });
    // newest first: the created order (view, edit, delete, receive, ...) is the first row
    await api('/sapi/wms/inbound-order/add', { type: 1, warehouseId, ownerId, storeOrderNo: 'LAYOUT-SHOP-1', lines: [{ skuId, batchNo: 'LAYOUT-B2', plannedQty: 5 }] });
    await api('/sapi/wms/outbound-order/add', { type: 1, warehouseId, ownerId, platformOrderNo: 'LAYOUT-PO-1', ...RECEIVER, lines: [{ skuId, batchNo: 'LAYOUT-B1', qty: 2 }] });
    // the demo company's name is user data too
    const companies = (await api('/sapi/wms/company/page', { current: 1, size: 10 })).records as Array<{ name: string }>;
    userData.push(...companies.map((c) => c.name));
    await s.page.setViewportSize(VIEWPORT);
  });
  const page = () => s.page;

  async function openList(path: string, ready: string) {
    await page().goto(`${s.c.base}${path}`);
    await page().getByTestId(ready).waitFor();
    const rows = page().locator('#main-content table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // the operations cell is filled once the row's record and the user's codes are there
    await expect.poll(() => rows.first().locator('td.column-operations button').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  }

  for (const lang of ['en', 'zh'] as const) {
    describe(lang, () => {
      it(`${lang}: a logged-in console in ${lang}`, async () => {
        // the session and the language as the console keeps them (localStorage), set on its login page
        await page().goto(`${s.c.base}/login`);
        const token = await s.c.t.login();
        await page().evaluate(([t, l]) => {
          localStorage.setItem('wms.token', t);
          localStorage.setItem('wms.language', l);
        }, [token, lang]);
        await page().goto(`${s.c.base}/`);
        await page().getByTestId('menu-dashboard').waitFor();
      });

      for (const list of LISTS) {
        it(`${lang}: ${list.path}: first row's actions in the viewport, headers over their cells, ${lang === 'zh' ? 'no English' : 'English labels'}`, async () => {
          await openList(list.path, list.ready);
          const m = await measure(page());
          await s.c.shot(`layout-1440-${lang}-${list.key}`);
          expect(m.scrollX).toBe(0);

          expect(m.buttons.length).toBeGreaterThan(0);
          const outside = m.buttons.filter((b) => b.x < 0 || b.right > VIEWPORT.width || b.y < 0 || b.bottom > VIEWPORT.height || !b.onTop);
          expect(outside).toEqual([]);

          expect(m.operationsHeader).not.toBe('');
          expect(m.operationsHeaderOnTop).toBe(true);
          const misaligned = m.columns.filter((c) => !(Math.abs(c.head[0] - c.cell[0]) <= 1 && Math.abs(c.head[1] - c.cell[1]) <= 1));
          expect(misaligned).toEqual([]);

          const allowed = new Set([...KEPT_WORDS, ...userData].flatMap((t) => englishWords(t, new Set())).map((w) => w.toLowerCase()));
          const english = m.texts.map((text) => [text, englishWords(text, allowed)] as const).filter(([, words]) => words.length > 0);
          // in English the same check finds the labels: it is not blind
          if (lang === 'zh') expect(english).toEqual([]);
          else expect(english.length).toBeGreaterThan(5);
        });
      }
    });
  }
});
