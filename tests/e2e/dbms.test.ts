/**
 * The database query tool in Chromium (issue 15), as admin on the embedded database:
 * - the connection list (/dbms/database/list) shows the built-in connection first; its Query button opens
 *   /dbms/database/query on it;
 * - a statement typed in the editor runs with Run: the grid's columns are the result's fields and its rows the
 *   seeded owners; a result past the default row cap (1,500 rows) shows 1,000 and says "First 1,000 rows shown";
 * - an INSERT is refused with the database's own message, and so is a read of the session table (a 403, issue 26:
 *   the database's words, not the console's generic "insufficient permission");
 * - the history (/dbms/database/history/{id}) lists the statements, and Load into editor brings one back;
 * - /dbms/database/detail/{id} shows the connection read-only, /dbms/database/add the create dialog, on the list;
 *   the built-in connection's edit path shows its detail, and an unknown id is said in words on the list.
 * Screenshots in test-results/dbms-*.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughPage, openConsole, type Console } from './browser';
import { rowAction, rowActionIds } from './steps';

describe('Database query tool in Chromium', () => {
  let c: Console;
  const page = () => c.page;

  beforeAll(async () => { c = await openConsole(); });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await c.shot(`failed-dbms-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => { await c?.close(); });

  const runSql = async (sql: string) => {
    const editor = page().getByTestId('dbms-sql');
    await editor.fill(sql);
    await page().getByTestId('dbms-run').click();
  };

  it('runs a query from the connection list and shows the grid', async () => {
    await loginThroughPage(page(), c.base, undefined, undefined, '/dbms/database/list');
    await page().waitForURL(/\/dbms\/database\/list/);
    const first = page().locator('tbody tr').first();
    await first.getByText('WMS database').waitFor();
    await c.shot('dbms-10-connections');
    await rowAction(first, 'db-connection-row-query');
    await page().waitForURL(/\/dbms\/database\/query\?id=\d+/);

    await runSql('select code, name from wms_owner order by code');
    const grid = page().getByTestId('dbms-grid');
    await grid.waitFor({ timeout: 60_000 });
    expect(await grid.getByTestId('dbms-grid-column').allTextContents()).toEqual(['code', 'name']);
    const rows = grid.getByTestId('dbms-grid-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('Desert Rose Cosmetics');
    expect(await rows.nth(1).textContent()).toContain('Gulf Gadgets');
    await page().getByTestId('dbms-summary').getByText('2 rows in').waitFor();
    await c.shot('dbms-20-grid');
  });

  it('says when the row cap cut the result and shows the database\'s refusal', async () => {
    await runSql('select g as n from generate_series(1, 1500) g');
    await page().getByTestId('dbms-capped').getByText('First 1,000 rows shown').waitFor({ timeout: 60_000 });
    await expect.poll(() => page().getByTestId('dbms-grid-row').count()).toBe(1000);

    await runSql("insert into wms_company (name) values ('From the browser')");
    await page().getByTestId('dbms-error').getByText('cannot execute INSERT in a read-only transaction').waitFor({ timeout: 60_000 });
    await c.shot('dbms-30-refused');
    await runSql('select token from sys_session');
    await page().getByTestId('dbms-error').getByText('permission denied for table sys_session').waitFor({ timeout: 60_000 });
  });

  it('lists the history and loads a statement back into the editor', async () => {
    await page().getByTestId('dbms-history-link').click();
    await page().waitForURL(/\/dbms\/database\/history\/\d+/);
    const rows = page().getByTestId('dbms-history-row');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.nth(0).textContent()).toContain('permission denied for table sys_session');
    expect(await rows.nth(1).textContent()).toContain('read-only transaction');
    await c.shot('dbms-40-history');
    await rows.filter({ hasText: 'from wms_owner' }).getByTestId('dbms-history-load').click();
    await page().waitForURL(/\/dbms\/database\/query\?id=\d+/);
    await expect.poll(() => page().getByTestId('dbms-sql').inputValue()).toBe('select code, name from wms_owner order by code');
  });

  it('opens the spec\'s connection paths as the list with the dialog open: a read-only detail, the create form', async () => {
    const builtIn = (await c.t.call('/sapi/dbms/database/list', {}, await c.t.login())).data[0].id;
    await page().goto(`${c.base}/dbms/database/detail/${builtIn}`);
    const view = page().getByTestId('db-connection-view-dialog');
    await view.getByText('WMS database').first().waitFor();
    expect(await view.locator('input, textarea').count()).toBe(0); // a detail, not the edit form
    expect(page().url()).toMatch(new RegExp(`/dbms/database/detail/${builtIn}$`));
    await page().goto(`${c.base}/dbms/database/add`);
    const add = page().getByTestId('db-connection-edit-dialog');
    await add.getByRole('heading', { name: 'New database connection' }).waitFor();
    await add.getByTestId('db-connection-save-cancel').click();
    await page().waitForURL(/\/dbms\/database\/list$/);
    // the built-in connection is locked: its row offers no Edit or Delete
    const first = page().locator('tbody tr').first();
    await first.getByText('WMS database').waitFor();
    const { inline, menu } = await rowActionIds(first);
    expect([...inline, ...menu]).not.toContain('db-connection-row-edit');
    expect([...inline, ...menu]).not.toContain('db-connection-row-delete');
    // its edit path opens the read-only detail instead of a form the server would refuse
    await page().goto(`${c.base}/dbms/database/edit/${builtIn}`);
    const locked = page().getByTestId('db-connection-view-dialog');
    await locked.getByText('WMS database').first().waitFor();
    expect(await locked.locator('input, textarea').count()).toBe(0);
    // a connection that does not exist is said in words, on the list
    await page().goto(`${c.base}/dbms/database/detail/999999`);
    await page().waitForURL(/\/dbms\/database\/list$/);
    await page().locator('.MuiSnackbar-root, [role="alert"]').filter({ hasText: /not exist|not found|不存在/i }).first().waitFor();
  });
});
