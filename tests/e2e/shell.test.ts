/**
 * The console shell in Chromium (issue 14; spec 2.1, 2.2, 2.4, 7.1), in English and in Chinese:
 * - tabs: three pages opened from the menu make three tabs beside the pinned dashboard, titled like the page;
 *   the context menu's "close others" (in the page's language) keeps the chosen tab and the pinned one; middle
 *   click closes; a reload keeps the tabs; Refresh re-mounts the view (a typed, unsearched filter is gone and
 *   the list is loaded again);
 * - top bar: a failing call (injected with page.route) is listed in the error-log dialog with its URL; the
 *   small component size shrinks the inputs (and is kept over a reload);
 * - loading mask: shown for a slow call, never for a slow skipLoading one (the login page's captcha);
 * - at 800 px: the drawer starts closed (even after a desktop session left it open), opens over the page,
 *   closes on navigation; no error-log button; dialogs fill the screen; the page does not scroll sideways;
 * - `/auth-redirect?token=...&redirect=/sku/list/all` lands logged in on the SKU list.
 * Screenshots in test-results/shell-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appEn } from '../../src/client/i18n/app-en';
import { appZh } from '../../src/client/i18n/app-zh';
import { loginThroughPage, SHOTS } from './browser';
import { consoleSession } from './steps';
import { join } from 'node:path';

type Lang = 'en' | 'zh';
const TEXTS = { en: appEn.app.shell, zh: appZh.app.shell };
const LOCALES: Record<Lang, string> = { en: 'en-US', zh: 'zh-CN' };
/** react-admin's user-menu button (ra.auth.user_menu). */
const USER_MENU: Record<Lang, string> = { en: 'Profile', zh: '个人资料' };

/** A new browser context in `lang` (the browser's language decides the console's) at `viewport`. */
async function newPage(browser: Browser, lang: Lang, viewport = { width: 1366, height: 900 }, init?: () => void): Promise<Page> {
  const context = await browser.newContext({ locale: LOCALES[lang], viewport });
  if (init) await context.addInitScript(init);
  return context.newPage();
}

/** The view tabs' keys, in order. */
const tabKeys = (page: Page) => page.getByTestId('view-tab').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
const tabOf = (page: Page, key: string) => page.locator(`[data-testid="view-tab"][data-key="${key}"]`);

/** Opens a sidebar entry (its group expanded first when needed) and waits for the URL. */
async function openFromMenu(page: Page, group: string, item: string, url: RegExp) {
  const entry = page.getByTestId(`menu-${item}`);
  if (!(await entry.isVisible())) await page.getByTestId(`menu-${group}`).click();
  await entry.click();
  await page.waitForURL(url);
}

/** The breadcrumb's last part: the page's title. */
const pageTitle = async (page: Page) => ((await page.getByTestId('page-title').textContent()) ?? '').split(' / ').pop();

describe('console shell in Chromium', () => {
  const s = consoleSession('shell');
  const url = (path: string) => `${s.c.base}${path}`;

  for (const lang of ['en', 'zh'] as const) {
    const t = TEXTS[lang];

    it(`${lang}: tabs — three pages, close others, pinned dashboard, middle click, reload, refresh`, async () => {
      const page = await newPage(s.c.browser, lang);
      try {
        await loginThroughPage(page, s.c.base);
        await page.waitForURL(/\/dashboard$/);
        await openFromMenu(page, 'basic', 'warehouse', /\/warehouse\/list$/);
        await page.locator('tbody tr').first().waitFor();
        await openFromMenu(page, 'basic', 'owner', /\/owner\/list$/);
        // a page left before its chunk arrived was never shown and gets no tab: wait for this one's
        await tabOf(page, '/owner/list').waitFor();
        await openFromMenu(page, 'goods', 'sku', /\/sku\/list\/all$/);
        await page.getByTestId('sku-filters').waitFor();
        await expect.poll(() => tabKeys(page)).toEqual(['/dashboard', '/warehouse/list', '/owner/list', '/sku/list/all']);
        await expect(tabOf(page, '/dashboard').getAttribute('data-pinned')).resolves.toBe('true');
        // titled like the page, the shown one selected
        await expect(tabOf(page, '/sku/list/all').textContent()).resolves.toBe(await pageTitle(page));
        await expect(tabOf(page, '/sku/list/all').getAttribute('aria-selected')).resolves.toBe('true');
        await page.screenshot({ path: join(SHOTS, `shell-${lang}-01-tabs.png`) });

        // a click on a tab shows its page
        await tabOf(page, '/warehouse/list').click();
        await page.waitForURL(/\/warehouse\/list$/);
        await expect(tabOf(page, '/warehouse/list').textContent()).resolves.toBe(await pageTitle(page));

        // close others from the context menu (its texts in the page's language)
        await tabOf(page, '/owner/list').click({ button: 'right' });
        const menu = page.getByRole('menu');
        await expect(menu.getByRole('menuitem').allTextContents()).resolves.toEqual([t.tabs.refresh, t.tabs.close, t.tabs.close_others, t.tabs.close_all]);
        await menu.getByRole('menuitem', { name: t.tabs.close_others }).click();
        await page.waitForURL(/\/owner\/list$/);
        await expect.poll(() => tabKeys(page)).toEqual(['/dashboard', '/owner/list']);

        // the pinned tab: no Close, close all keeps it
        await tabOf(page, '/dashboard').click({ button: 'right' });
        await expect(page.getByTestId('tab-menu-close').getAttribute('aria-disabled')).resolves.toBe('true');
        await page.keyboard.press('Escape');
        await tabOf(page, '/dashboard').click({ button: 'middle' });
        await expect.poll(() => tabKeys(page)).toEqual(['/dashboard', '/owner/list']);

        // middle click closes; the shown page goes to its neighbour
        await openFromMenu(page, 'basic', 'warehouse', /\/warehouse\/list$/);
        await expect.poll(() => tabKeys(page)).toEqual(['/dashboard', '/owner/list', '/warehouse/list']);
        await tabOf(page, '/warehouse/list').click({ button: 'middle' });
        await page.waitForURL(/\/owner\/list$/);
        await expect.poll(() => tabKeys(page)).toEqual(['/dashboard', '/owner/list']);

        // a reload keeps the tabs
        await page.reload();
        await page.getByTestId('tabs-bar').waitFor();
        await expect.poll(() => tabKeys(page)).toEqual(['/dashboard', '/owner/list']);

        // refresh re-mounts the view: a typed filter that was not searched is gone, the list is asked again
        await openFromMenu(page, 'goods', 'sku', /\/sku\/list\/all$/);
        const typed = page.getByTestId('sku-filters').locator('input[name="sku"]');
        await typed.fill('not searched');
        const asked = page.waitForRequest((r) => r.url().endsWith('/sapi/wms/sku/page'));
        await tabOf(page, '/sku/list/all').click({ button: 'right' });
        await page.getByRole('menuitem', { name: t.tabs.refresh }).click();
        await asked;
        await page.waitForURL(/\/sku\/list\/all$/);
        await expect.poll(() => page.getByTestId('sku-filters').locator('input[name="sku"]').inputValue()).toBe('');
        await expect.poll(() => tabKeys(page)).toEqual(['/dashboard', '/owner/list', '/sku/list/all']);
        await page.screenshot({ path: join(SHOTS, `shell-${lang}-02-refreshed.png`) });
      } finally {
        await page.context().close();
      }
    });

    it(`${lang}: top bar — a failing call in the error log with its URL; the small size shrinks the inputs`, async () => {
      const page = await newPage(s.c.browser, lang);
      try {
        await loginThroughPage(page, s.c.base, 'admin', undefined, '/owner/list');
        await page.waitForURL(/\/owner\/list$/);
        await page.locator('tbody tr').first().waitFor();
        await page.route('**/sapi/wms/warehouse/page', (route) =>
          route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: 'Injected failure', data: null }) }),
        );
        await openFromMenu(page, 'basic', 'warehouse', /\/warehouse\/list$/);
        await page.getByText('Injected failure').first().waitFor();
        await page.unroute('**/sapi/wms/warehouse/page');
        const button = page.getByTestId('error-log-button');
        await expect.poll(async () => Number(await page.getByTestId('error-log-count').locator('.MuiBadge-badge').textContent())).toBeGreaterThanOrEqual(1);
        await button.click();
        const dialog = page.getByTestId('error-log-dialog');
        await dialog.waitFor();
        const row = dialog.getByTestId('error-log-row').filter({ hasText: 'Injected failure' }).first();
        await expect(row.getByTestId('error-log-url').textContent()).resolves.toBe('/sapi/wms/warehouse/page');
        await expect(row.getByTestId('error-log-info').textContent()).resolves.toBe('POST, code 500');
        for (const header of [t.error_log.message, t.error_log.info, t.error_log.url, t.error_log.stack]) await dialog.getByText(header, { exact: true }).waitFor();
        await page.screenshot({ path: join(SHOTS, `shell-${lang}-03-error-log.png`) });
        await dialog.getByTestId('error-log-close').click();
        await dialog.waitFor({ state: 'hidden' });

        // component size: the filter inputs and the buttons get smaller, and stay so after a reload
        await page.reload();
        const input = page.locator('form .MuiFilledInput-root').first();
        await input.waitFor();
        const before = (await input.boundingBox())!.height;
        await page.getByTestId('size-menu-button').click();
        await page.getByRole('menuitemradio', { name: t.size.small }).click();
        await expect.poll(async () => (await input.boundingBox())!.height).toBeLessThan(before - 6);
        await page.reload();
        await input.waitFor();
        await expect.poll(async () => (await input.boundingBox())!.height).toBeLessThan(before - 6);
        await page.screenshot({ path: join(SHOTS, `shell-${lang}-04-small.png`) });
        await page.getByTestId('size-menu-button').click();
        await page.getByRole('menuitemradio', { name: t.size.default }).click();
        await expect.poll(async () => Math.round((await input.boundingBox())!.height)).toBe(Math.round(before));

        // the local-print toggle is kept per browser
        await page.getByTestId('print-menu-button').click();
        const toggle = page.getByTestId('local-print-toggle');
        await expect(toggle.getAttribute('aria-checked')).resolves.toBe('false');
        await toggle.click();
        await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
        await expect(page.evaluate(() => localStorage.getItem('wms.localPrint'))).resolves.toBe('on');
      } finally {
        await page.context().close();
      }
    });

    it(`${lang}: the loading mask shows for a slow call and not for a slow skipLoading one`, async () => {
      const page = await newPage(s.c.browser, lang);
      try {
        // the login page's captcha is a skipLoading call
        let captchaAsked = false;
        await page.route('**/sapi/captcha/get', async (route) => {
          captchaAsked = true;
          await new Promise((r) => setTimeout(r, 1500));
          await route.continue().catch(() => {}); // the page may have gone on meanwhile
        });
        await page.goto(url('/login'));
        const mask = page.getByTestId('loading-mask');
        const seen: number[] = [];
        await expect.poll(() => captchaAsked).toBe(true);
        for (let i = 0; i < 10; i++) {
          seen.push(await mask.count());
          await page.waitForTimeout(100);
        }
        expect(seen.every((n) => n === 0)).toBe(true);
        await page.getByTestId('login-captcha-image').waitFor();
        await page.unroute('**/sapi/captcha/get');

        await loginThroughPage(page, s.c.base, 'admin', undefined, '/owner/list');
        await page.locator('tbody tr').first().waitFor();
        await page.route('**/sapi/wms/warehouse/page', async (route) => {
          await new Promise((r) => setTimeout(r, 1500));
          await route.continue().catch(() => {});
        });
        await openFromMenu(page, 'basic', 'warehouse', /\/warehouse\/list$/);
        await mask.waitFor({ timeout: 1400 });
        await expect(mask.getAttribute('aria-label')).resolves.toBe(t.loading);
        await page.screenshot({ path: join(SHOTS, `shell-${lang}-05-mask.png`) });
        await mask.waitFor({ state: 'hidden' });
        await page.locator('tbody tr').first().waitFor();
        await page.unroute('**/sapi/wms/warehouse/page');
      } finally {
        await page.context().close();
      }
    });

    it(`${lang}: at 800 px the drawer starts closed, opens over the page and closes on navigation; dialogs fill the screen`, async () => {
      // a desktop session left react-admin's sidebar open
      const page = await newPage(s.c.browser, lang, { width: 800, height: 900 }, () => localStorage.setItem('RaStore.sidebar.open', 'true'));
      try {
        await loginThroughPage(page, s.c.base, 'admin', undefined, '/sku/list/all');
        await page.getByTestId('sku-filters').waitFor();
        const dashboardEntry = page.getByTestId('menu-dashboard');
        await expect(dashboardEntry.isVisible()).resolves.toBe(false);
        await expect(page.getByTestId('error-log-button').count()).resolves.toBe(0);
        // the page does not scroll sideways: wide content scrolls inside its card
        await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(800);

        await page.locator('header button').first().click(); // the sidebar toggle
        await dashboardEntry.waitFor();
        // over the page: the content did not move
        const content = await page.locator('#main-content').boundingBox();
        expect(content!.x).toBeLessThan(20);
        await page.screenshot({ path: join(SHOTS, `shell-${lang}-06-drawer.png`) });
        await dashboardEntry.click();
        await page.waitForURL(/\/dashboard$/);
        await dashboardEntry.waitFor({ state: 'hidden' });

        // a dialog fills the screen
        await page.getByRole('button', { name: USER_MENU[lang] }).click();
        await page.getByTestId('user-menu-change-password').click();
        const paper = page.locator('.MuiDialog-paper');
        await paper.waitFor();
        const box = (await paper.boundingBox())!;
        expect([box.x, box.y, box.width, box.height].map(Math.round)).toEqual([0, 0, 800, 900]);
        await page.screenshot({ path: join(SHOTS, `shell-${lang}-07-dialog.png`) });
      } finally {
        await page.context().close();
      }
    });

    it(`${lang}: a stale token goes to the login page with spec 8's message, never /401`, async () => {
      // the stale token is put there once, before the first load (not again on a reload)
      const page = await newPage(s.c.browser, lang, undefined, () => {
        if (sessionStorage.getItem('stale-seeded')) return;
        sessionStorage.setItem('stale-seeded', '1');
        localStorage.setItem('wms.token', 'ab'.repeat(32));
      });
      try {
        const visited: string[] = [];
        page.on('framenavigated', (f) => {
          if (f === page.mainFrame()) visited.push(new URL(f.url()).pathname);
        });
        await page.goto(url('/sku/inventory_list'));
        await page.waitForURL(/\/login\?redirect=%2Fsku%2Finventory_list$/);
        await expect.poll(() => page.getByTestId('login-session-ended').textContent()).toBe(lang === 'zh' ? '验证失败，请重新登录' : 'Verification failed, please login again');
        expect(visited).not.toContain('/401');
      } finally {
        await page.context().close();
      }
    });

    it(`${lang}: /auth-redirect?token=...&redirect=/sku/list/all lands logged in on the SKU list`, async () => {
      const page = await newPage(s.c.browser, lang);
      try {
        const token = await s.c.t.login();
        const visited: string[] = [];
        page.on('framenavigated', (f) => {
          if (f === page.mainFrame()) visited.push(new URL(f.url()).pathname);
        });
        await page.goto(url(`/auth-redirect?token=${encodeURIComponent(token)}&redirect=${encodeURIComponent('/sku/list/all')}`));
        await page.waitForURL(/\/sku\/list\/all$/);
        await page.getByTestId('sku-filters').waitFor();
        expect(visited).not.toContain('/login');
        await expect(page.evaluate(() => localStorage.getItem('wms.token'))).resolves.toBe(token);
        await expect.poll(() => tabKeys(page)).toEqual(['/dashboard', '/sku/list/all']);
      } finally {
        await page.context().close();
      }
    });
  }
});
