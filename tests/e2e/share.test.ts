/**
 * Inventory sharing in Chromium (issue 16). The API adds two SKUs of Desert Rose Cosmetics with stock in Riyadh
 * DC (one of another owner too); then, as admin on /sku/inventory_share_list:
 * - a new share (title, owner; all the owner's SKUs; columns Available + Batch number) is saved and its link
 *   shown once in the copy-link dialog;
 * - the link opened in a fresh browser context (no login, no stored token) shows the title, the owner and the
 *   stock (available = quantity - locked per batch), never the other owner's SKU; search narrows it; a
 *   phone-sized context shows the rows as cards and the page in Chinese after the language switch;
 * - Revoke link (confirmed) on the share's row: the same link now shows the neutral message.
 * Screenshots in test-results/share-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS } from './browser';
import { chooseOption, consoleSession, ownerIdByName, rowAction, rowActionIds, warehouseIdByName, addSku } from './steps';
import { JudgementType } from '../../generated/shared/enums';
import { join } from 'node:path';
import { loginThroughPage } from './browser';

const OWNER = 'Desert Rose Cosmetics';
const TITLE = 'Rose stock for buyers';

describe('Inventory sharing in Chromium', () => {
  const s = consoleSession('share', async ({ api }) => {
    const ownerId = await ownerIdByName(api, OWNER);
    const warehouseId = await warehouseIdByName(api, 'Riyadh DC');
    const owners = (await api('/sapi/wms/owner/list', {})) as Array<{ id: number; name: string }>;
    const other = owners.find((o) => o.name !== OWNER)!.id;
    const rose = await addSku(api, { ownerId, code: 'SH-ROSE', name: 'Share Rose Oil', category: 'Share oils', weight: 0.2 });
    const musk = await addSku(api, { ownerId, code: 'SH-MUSK', name: 'Share White Musk', category: 'Share musks', weight: 0.2 });
    const foreign = await addSku(api, { ownerId: other, code: 'SH-OTHER', name: 'Share Other Owner', category: 'Share others', weight: 0.2 });
    for (const [owner, skuId, qty, batchNo] of [[ownerId, rose, 12, 'R1'], [ownerId, musk, 7, 'M1'], [other, foreign, 50, '']] as const) {
      const d = await api('/sapi/wms/inventory-judgement/add', { warehouseId, ownerId: owner, lines: [{ skuId, batchNo, qty, type: JudgementType.GAIN }] });
      await api('/sapi/wms/inventory-judgement/approve', { id: d.id });
    }
  });
  let link = '';
  const freshPage = async (browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> =>
    (await browser.newContext({ locale: 'en-US', viewport })).newPage();

  it('creates a share and shows its link once', async () => {
    const { c, page } = s;
    await loginThroughPage(page, c.base, undefined, undefined, '/sku/inventory_share_list');
    await page.waitForURL(/\/sku\/inventory_share_list/);
    await page.getByTestId('share-add').click();
    const dialog = page.getByTestId('share-edit-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('share-form-title').fill(TITLE);
    await chooseOption(page, dialog.getByTestId('share-form-owner'), OWNER, 'Desert');
    await dialog.getByTestId('share-form-columns').getByLabel('Batch number').check();
    await dialog.getByTestId('share-save').click();
    const linkDialog = page.getByTestId('share-link-dialog');
    await linkDialog.waitFor({ timeout: 20_000 });
    link = await linkDialog.getByTestId('share-link-input').inputValue();
    expect(link).toMatch(new RegExp(`^${c.base}/inventoryShare\\?token=[A-Za-z0-9_-]{43}$`));
    await c.shot('share-link');
    await linkDialog.getByTestId('share-link-close').click();
    const row = page.getByTestId('share-row').filter({ hasText: TITLE });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Available');
  });

  it('shows the stock to someone without an account', async () => {
    const viewer = await freshPage(s.c.browser);
    await viewer.goto(link);
    await expect.poll(() => viewer.getByTestId('public-share-title').textContent(), { timeout: 20_000 }).toBe(TITLE);
    expect(await viewer.getByTestId('public-share-owner').textContent()).toContain(OWNER);
    const rows = viewer.getByTestId('public-share-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await viewer.getByTestId('public-share-table').locator('thead').textContent()).toBe('SKUProduct nameAvailableBatch number');
    expect((await rows.allTextContents()).sort()).toEqual(['SH-MUSKShare White Musk7M1', 'SH-ROSEShare Rose Oil12R1']);
    expect(await viewer.getByTestId('public-share-page').textContent()).not.toContain('SH-OTHER');
    expect(await viewer.evaluate(() => localStorage.getItem('wms.token'))).toBeNull();
    await viewer.getByTestId('public-share-search').fill('musk');
    await viewer.getByTestId('public-share-search-button').click();
    await expect.poll(() => rows.count()).toBe(1);
    await viewer.screenshot({ path: join(SHOTS, 'share-public.png'), fullPage: true });
    await viewer.context().close();

    // a phone: cards instead of a table; the language select switches the page to Chinese
    const phone = await freshPage(s.c.browser, { width: 390, height: 844 });
    await phone.goto(link);
    await phone.getByTestId('public-share-cards').waitFor({ timeout: 20_000 });
    expect(await phone.getByTestId('public-share-row').count()).toBe(2);
    await phone.getByTestId('public-share-language').getByRole('button').click();
    await phone.getByRole('menuitem', { name: '中文' }).click();
    await expect.poll(() => phone.getByTestId('public-share-owner').textContent()).toContain('分享方');
    // no English left in Chinese: the pager's range, and the language button on one line (issue 27)
    expect(await phone.getByTestId('public-share-pager').textContent()).toContain('第 1-2 条，共 2 条');
    expect(await phone.getByTestId('public-share-pager').textContent()).not.toMatch(/\bof\b/);
    const button = await phone.getByTestId('public-share-language').getByRole('button').boundingBox();
    expect(button!.height).toBeLessThan(48);
    await phone.screenshot({ path: join(SHOTS, 'share-phone-zh.png'), fullPage: true });
    await phone.context().close();
  });

  it('a revoked link shows the neutral message', async () => {
    const { c, page } = s;
    const row = page.getByTestId('share-row').filter({ hasText: TITLE });
    await rowAction(row, 'share-row-revoke');
    await page.getByTestId('share-row-revoke-confirm').getByRole('button', { name: 'Revoke link' }).click();
    await page.getByText('Link revoked').first().waitFor();
    await expect.poll(async () => { const a = await rowActionIds(row); return [...a.inline, ...a.menu]; }).not.toContain('share-row-revoke');
    await c.shot('share-revoked-list');
    const viewer = await freshPage(c.browser);
    await viewer.goto(link);
    const message = viewer.getByTestId('public-share-message');
    await message.waitFor({ timeout: 20_000 });
    expect(await message.textContent()).toBe('This link is not valid: it may have expired or been revoked. Ask the sender for a new one');
    expect(await viewer.getByTestId('public-share-row').count()).toBe(0);
    await viewer.screenshot({ path: join(SHOTS, 'share-revoked.png'), fullPage: true });
    await viewer.context().close();
  });
});
