/**
 * Pages fit the screen (issue 27 "Pages fit"): at 1366x768 and 1440x900, in English and Chinese, every menu route
 * of the admin is opened in turn, so that from the ninth route on at least 8 other tabs are open. On each:
 * - the document never scrolls sideways (`scrollWidth <= innerWidth`): tabs scroll within their bar and wide
 *   tables within their card;
 * - the list's Create / Add button, where it has one, lies inside the viewport;
 * - the active tab is fully visible inside the tabs bar (checked once 12 or more tabs are open).
 * Screenshots of failures: test-results/failed-fit-*.png.
 */
import { describe, expect, it } from 'vitest';
import { menuTree, type MenuNode } from '../../generated/client/menu';
import { loginThroughPage, openConsole } from './browser';

const VIEWPORTS = [{ width: 1366, height: 768 }, { width: 1440, height: 900 }];
const routesOf = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [...(n.route ? [n.route] : []), ...routesOf(n.children ?? [])]);
const ROUTES = routesOf(menuTree);

interface Fit { scrollWidth: number; innerWidth: number; add?: { left: number; right: number }; tab?: { left: number; right: number; barLeft: number; barRight: number }; tabs: number }

describe('pages fit at 1366 and 1440 px with many tabs open', () => {
  it('has the menu routes to walk', () => expect(ROUTES.length).toBeGreaterThan(20));

  for (const viewport of VIEWPORTS) {
    for (const lang of viewport.width === 1366 ? ['en', 'zh'] : ['en']) {
      it(`${viewport.width}x${viewport.height} ${lang}: no page wider than the screen, Create and the active tab in view`, async () => {
        const c = await openConsole();
        try {
          const { page, base } = c;
          await page.setViewportSize(viewport);
          const misfits: string[] = [];
          // a call that failed on the way (any envelope code but 200, or no answer) and a page that left the route
          // (e.g. to /login after a failed user check) are reported with the route: the fit checks mean nothing
          // there. Watched from the login on: the first user check runs on the page the login opens.
          const failedCalls: string[] = [];
          page.on('response', (res) => {
            const path = new URL(res.url()).pathname;
            if (!path.startsWith('/sapi/')) return;
            void res.json().then((body: { code?: number; msg?: string }) => {
              if (body?.code !== 200) failedCalls.push(`${path} -> ${body?.code} ${body?.msg ?? ''}`);
            }, () => {});
          });
          page.on('requestfailed', (req) => {
            const path = new URL(req.url()).pathname;
            if (path.startsWith('/sapi/')) failedCalls.push(`${path} -> no answer (${req.failure()?.errorText ?? '?'})`);
          });
          await page.goto(`${base}/login`);
          await page.evaluate((l) => localStorage.setItem('wms.language', l), lang);
          await loginThroughPage(page, base);
          // The session sometimes ended right after the login on a loaded CI machine (every route then opened the
          // login page; not reproduced here). That is a session matter, not a layout one: it is printed with what
          // the calls answered, and the walk logs in once more; a session lost during the walk still fails below.
          await page.waitForLoadState('networkidle');
          if (!(await page.evaluate(() => localStorage.getItem('wms.token')))) {
            console.warn(`fit ${viewport.width} ${lang}: the session ended right after the login at ${page.url()}; calls: ${failedCalls.join('; ') || 'none failed'}`);
            await loginThroughPage(page, base);
            await page.waitForLoadState('networkidle');
          }
          for (const route of ROUTES) {
            await page.goto(`${base}${route}`);
            await page.waitForLoadState('networkidle');
            await page.waitForTimeout(500);
            const landed = new URL(page.url()).pathname;
            if (landed === '/login') misfits.push(`${route}: landed on ${page.url()} after ${failedCalls.join('; ') || 'no failed call'}`);
            const fit: Fit = await page.evaluate(() => {
              const box = (el: Element | null | undefined) => (el ? el.getBoundingClientRect() : undefined);
              const add = [...document.querySelectorAll('main a, main button')].find((b) => /^(create|add|新建|新增|创建)$/i.test((b.textContent ?? '').trim()) || b.getAttribute('aria-label')?.match(/^(create|新建|创建)$/i));
              const bar = box(document.querySelector('[data-testid="tabs-bar"] .MuiTabs-scroller'));
              const tab = box(document.querySelector('[data-testid="tabs-bar"] [role="tab"][aria-selected="true"]'));
              const a = box(add);
              return {
                scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
                add: a && { left: a.left, right: a.right },
                tab: tab && bar && { left: tab.left, right: tab.right, barLeft: bar.left, barRight: bar.right },
                tabs: document.querySelectorAll('[data-testid="view-tab"]').length,
              };
            });
            if (fit.scrollWidth > fit.innerWidth) misfits.push(`${route}: page ${fit.scrollWidth} px wide`);
            if (fit.add && (fit.add.left < 0 || fit.add.right > fit.innerWidth)) misfits.push(`${route}: Create at ${fit.add.left}-${fit.add.right}`);
            // the bar settles after the page (titles arrive, MUI's 300 ms scroll, the scroll buttons appear): give it 3 s
            const tabInView = () => page.waitForFunction(() => {
              const bar = document.querySelector('[data-testid="tabs-bar"] .MuiTabs-scroller')?.getBoundingClientRect();
              const tab = document.querySelector('[data-testid="tabs-bar"] [role="tab"][aria-selected="true"]')?.getBoundingClientRect();
              return !bar || !tab || (tab.left >= bar.left - 1 && tab.right <= bar.right + 1);
            }, undefined, { timeout: 3000 }).then(() => true, () => false);
            if (fit.tabs >= 12 && fit.tab && (fit.tab.left < fit.tab.barLeft - 1 || fit.tab.right > fit.tab.barRight + 1) && !(await tabInView())) misfits.push(`${route}: active tab at ${fit.tab.left}-${fit.tab.right}, bar ${fit.tab.barLeft}-${fit.tab.barRight}`);
          }
          if (misfits.length) await c.shot(`failed-fit-${viewport.width}-${lang}`);
          expect(misfits).toEqual([]);
          await expect.poll(() => page.locator('[data-testid="view-tab"]').count(), { timeout: 10_000, message: `open tabs at ${page.url()}; failed calls: ${failedCalls.join('; ') || 'none'}` }).toBeGreaterThanOrEqual(9);
        } finally {
          await c.close();
        }
      });
    }
  }
});
