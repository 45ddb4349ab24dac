/**
 * First-load benchmark (issue 14 "First load"; documented in bench/README.md): builds the console, serves it
 * from the real app (as tests/e2e/browser.ts openConsole does: PGlite, seeded demo data plus 20 SKUs, dist/client) and
 * opens it in Chromium (playwright-core, /usr/bin/chromium, the e2e flags) with an empty cache, then prints
 * - the initial JavaScript of `/login` (the entry, its modulepreloads and whatever the page imports before
 *   the form is up) and of the first list after logging in (/sku/list/all, reached through the login page's
 *   `redirect`: the login set plus the lazy chunks the route loads), as the browser requested them: raw bytes,
 *   gzip and brotli bytes of the precompressed files the server sends, and the bytes Chromium received with
 *   the encoding it negotiated;
 * - the time from clicking "log in" to the first row of the SKU list being visible (median and worst of the
 *   runs, each in a fresh browser context: cold cache), and from navigating to /login to its form.
 * Targets: JS as sent (brotli) <= 390 KB for the first list and <= 250 KB for /login; first list visible within
 * 1 s of the login. Sizes in KB = 1000 bytes (as vite prints them); times in ms.
 *
 *   npx tsx bench/bundle.ts              # build, then 5 timed runs
 *   npx tsx bench/bundle.ts --no-build   # use the dist/client already built
 *   npx tsx bench/bundle.ts --runs 10
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { ADMIN_PASSWORD, CAPTCHA_ANSWER, startTestApp, type TestApp } from '../tests/api/harness';
import { CHROMIUM_ARGS } from '../tests/e2e/browser';

const ROOT = join(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist/client');
const LIST = '/sku/list/all';
const LIST_ROW = '.wms-sku-table tbody tr';
const TARGET = { loginKb: 250, listKb: 390, listMs: 1000 };

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;

/** One script the browser fetched: its path and what it weighs raw, precompressed and as received. */
interface Script { path: string; raw: number; gzip: number; br: number; received: number; encoding: string }

const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : undefined);

/** Records every /assets/*.js response of `page` into `into` (first request of a path only). */
function recordScripts(page: Page, into: Map<string, Script>) {
  page.on('response', (res: Response) => {
    const path = new URL(res.url()).pathname;
    if (!/^\/assets\/.*\.js$/.test(path) || into.has(path)) return;
    const file = join(DIST, path);
    const raw = sizeOf(file) ?? 0;
    const entry: Script = { path, raw, gzip: sizeOf(`${file}.gz`) ?? raw, br: sizeOf(`${file}.br`) ?? raw, received: 0, encoding: res.headers()['content-encoding'] ?? 'identity' };
    into.set(path, entry);
    void res.request().sizes().then((s) => { entry.received = s.responseBodySize; }).catch(() => {});
  });
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const sum = (list: Script[], key: 'raw' | 'gzip' | 'br' | 'received') => list.reduce((n, s) => n + s[key], 0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

interface Run { login: Script[]; list: Script[]; loginFormMs: number; listMs: number }

/** One cold run: /login?redirect=LIST, log in, wait for the list's first row. */
async function run(browser: Browser, base: string): Promise<Run> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    const scripts = new Map<string, Script>();
    recordScripts(page, scripts);
    const t0 = Date.now();
    await page.goto(`${base}/login?redirect=${encodeURIComponent(LIST)}`);
    await page.getByTestId('login-submit').waitFor({ state: 'visible' });
    const loginFormMs = Date.now() - t0;
    await page.waitForLoadState('networkidle');
    const login = [...scripts.values()];
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-captcha').fill(CAPTCHA_ANSWER);
    const t1 = Date.now();
    await page.getByTestId('login-submit').click();
    await page.locator(LIST_ROW).first().waitFor({ state: 'visible', timeout: 30_000 });
    const listMs = Date.now() - t1;
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(200); // let the last sizes() promises settle
    return { login, list: [...scripts.values()], loginFormMs, listMs };
  } finally {
    await context.close();
  }
}

function printSet(title: string, scripts: Script[], targetKb: number): boolean {
  const br = sum(scripts, 'br');
  const met = br <= targetKb * 1000;
  console.log(`\n${title}: ${scripts.length} scripts`);
  for (const s of [...scripts].sort((a, b) => b.raw - a.raw)) {
    console.log(`  ${s.path.padEnd(48)} raw ${kb(s.raw).padStart(7)}  gzip ${kb(s.gzip).padStart(6)}  br ${kb(s.br).padStart(6)}  received ${kb(s.received).padStart(6)} (${s.encoding})`);
  }
  const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');
  console.log(`  total: raw ${kb(sum(scripts, 'raw'))} KB, gzip ${kb(sum(scripts, 'gzip'))} KB, br ${kb(br)} KB; Chromium received ${kb(sum(scripts, 'received'))} KB (${encodings})`);
  console.log(`  target: as sent (br) <= ${targetKb} KB: ${met ? 'met' : 'MISSED'}`);
  return met;
}

/** A page of SKUs (20) so the list shows rows, not its empty state. */
async function seedSkus(t: TestApp) {
  const token = await t.login();
  const owners = (await t.call('/sapi/wms/owner/list', {}, token)).data;
  const category = (await t.call('/sapi/wms/sku-category/add', { name: 'Bench' }, token)).data;
  for (let i = 1; i <= 20; i++) {
    const res = await t.call('/sapi/wms/sku/add', { ownerId: owners[0].id, sku: `BENCH-${String(i).padStart(3, '0')}`, name: `Bench item ${i}`, enable: true, categoryId: category.id, weight: 0.2 }, token);
    if (res.code !== 200) throw new Error(`seeding SKUs: ${res.msg}`);
  }
}

async function main() {
  if (!args.includes('--no-build')) {
    console.log('building the console (vite build) ...');
    execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
  }
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`no build in ${DIST}`);
  const t = await startTestApp('pglite', { clientDir: DIST });
  await seedSkus(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    await run(browser, base); // warm-up: the server's first queries, Chromium's first process
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) results.push(await run(browser, base));
    const first = results[0];
    const okLogin = printSet('/login (entry + modulepreloads + its imports)', first.login, TARGET.loginKb);
    const okList = printSet(`first list after login (${LIST}: the login set + the route's lazy chunks)`, first.list, TARGET.listKb);
    const listTimes = results.map((r) => r.listMs);
    const formTimes = results.map((r) => r.loginFormMs);
    const okTime = median(listTimes) <= TARGET.listMs;
    console.log(`\ntimes over ${runs} cold runs (fresh context each), Chromium on this machine:`);
    console.log(`  navigation to /login -> form visible: median ${median(formTimes)} ms, worst ${Math.max(...formTimes)} ms`);
    console.log(`  log in click -> first list row visible: median ${median(listTimes)} ms, worst ${Math.max(...listTimes)} ms (all: ${listTimes.join(', ')})`);
    console.log(`  target: first list within ${TARGET.listMs} ms of the login (median): ${okTime ? 'met' : 'MISSED'}`);
    console.log(`\nsummary: /login ${okLogin ? 'met' : 'MISSED'}, first list size ${okList ? 'met' : 'MISSED'}, first list time ${okTime ? 'met' : 'MISSED'}`);
  } finally {
    await browser.close();
    await t.close();
  }
}

await main();
