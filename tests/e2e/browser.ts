/**
 * Browser-test harness: serves the console (built once per run by tests/e2e/global-setup.ts) from a
 * real app on an in-memory PGlite, and launches Debian's Chromium through playwright-core with the flags
 * this machine needs. Screenshots go to test-results/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ADMIN_PASSWORD, CAPTCHA_ANSWER, startTestApp, type TestApp } from '../api/harness';

export const ROOT = join(import.meta.dirname, '../..');
export const SHOTS = join(ROOT, 'test-results');
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export interface Console { t: TestApp; base: string; browser: Browser; page: Page; shot(name: string): Promise<unknown>; close(): Promise<void> }

export async function openConsole(): Promise<Console> {
  mkdirSync(SHOTS, { recursive: true });
  const t = await startTestApp('pglite', { clientDir: join(ROOT, 'dist/client') });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await (await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } })).newPage();
  return {
    t, base, browser, page,
    shot: (name) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true }),
    close: async () => { await browser.close(); await t.close(); },
  };
}

/** Logs in through the login page (the test captcha answer) and waits to leave /login. */
export async function loginThroughPage(page: Page, base: string, username = 'admin', password = ADMIN_PASSWORD, path = '/') {
  await page.goto(`${base}${path}`);
  await page.waitForURL(/\/login/);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-captcha').fill(CAPTCHA_ANSWER);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}
