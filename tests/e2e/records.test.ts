/**
 * Request records and HTTP exception logs in Chromium (issue 15): as admin, after logging in through the page,
 * - /request_record/list (System menu) lists the calls the console just made; filtered by path `user/login`
 *   it shows the login call with the name typed, and its View dialog shows the body with the password and the
 *   captcha answer redacted, monospaced;
 * - /exception_http_log/list lists an exception line (written as the recorder writes them) and its View
 *   dialog shows the whole stack, monospaced, line breaks kept.
 * Screenshots in test-results/records-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exceptionHttpLog } from '../../generated/db/schema';
import { recorderOf } from '../../src/server/app';
import { ADMIN_PASSWORD, CAPTCHA_ANSWER } from '../api/harness';
import { loginThroughPage, openConsole, type Console } from './browser';

const STACK = 'Error: e2e stack marker\n    at handler (/srv/wms/src/server/app.ts:101:7)\n    at next (/srv/wms/node_modules/fastify/lib/hooks.js:10:3)';

describe('Request records and HTTP exception logs in Chromium', () => {
  let c: Console;
  const page = () => c.page;
  beforeAll(async () => {
    c = await openConsole();
    await c.t.database.db.insert(exceptionHttpLog).values({ userName: 'admin', method: 'POST', path: '/sapi/e2e/broken', message: 'Error: e2e stack marker', stack: STACK, body: '{"note":"e2e"}', ip: '127.0.0.1' });
    await loginThroughPage(page(), c.base, 'admin', ADMIN_PASSWORD, '/request_record/list');
  }, 120_000);
  afterAll(async () => {
    await c?.close();
  });

  it('lists the login call with its redacted body', async () => {
    await page().waitForURL(/\/request_record\/list/);
    await recorderOf(c.t.app)!.flush();
    const path = page().getByTestId('request-record-filter-path').locator('input');
    await path.fill('user/login');
    await page().getByTestId('request-record-search').click();
    const row = page().getByTestId('request-record-row').filter({ hasText: '/sapi/sys/user/login' }).first();
    await row.waitFor();
    await row.getByText('admin', { exact: true }).waitFor();
    await row.getByTestId('request-record-row-view').click();
    const body = page().getByTestId('request-record-text-body');
    await body.waitFor();
    const text = (await body.textContent()) ?? '';
    expect(text).toContain('"password": "[redacted]"');
    expect(text).toContain('"captcha": "[redacted]"');
    expect(text).not.toContain(ADMIN_PASSWORD);
    expect(text).not.toContain(CAPTCHA_ANSWER);
    expect(await body.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('monospace');
    await c.shot('records-1-request-body');
    await page().getByTestId('request-record-view-close').click();
  });

  it('shows an exception line with its whole stack', async () => {
    await page().getByTestId('menu-exceptionHttpLog').click();
    await page().waitForURL(/\/exception_http_log\/list/);
    const row = page().getByTestId('exception-log-row').filter({ hasText: '/sapi/e2e/broken' });
    await row.waitFor();
    await row.getByText('Error: e2e stack marker').waitFor();
    await row.getByTestId('exception-log-row-view').click();
    const stack = page().getByTestId('exception-log-text-stack');
    await stack.waitFor();
    expect(await stack.textContent()).toBe(STACK);
    await page().getByTestId('exception-log-text-body').getByText('"note": "e2e"').waitFor();
    expect(await stack.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
    expect(await stack.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('monospace');
    await c.shot('records-2-exception-stack');
  });
});
