/**
 * The console's routes in Chromium (spec 2.3, 6): `/` goes to /dashboard; /company/add and /company/edit/{id}
 * open the company list with its create / edit dialog (issue 27: one style), saving goes back to /company; a user
 * without inbound:return_list who opens /inbound/return_list (or a /func screen without inbound:receive) by
 * URL lands on /401.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { userWith } from '../api/harness';
import { loginThroughPage, SHOTS } from './browser';
import { consoleSession } from './steps';

describe('console routes in Chromium', () => {
  const s = consoleSession('routes');
  const page = () => s.page;
  const url = (path: string) => `${s.c.base}${path}`;

  it('sends / to /dashboard', async () => {
    await loginThroughPage(page(), s.c.base);
    await page().waitForURL(/\/dashboard$/);
    await page().getByTestId('dashboard').waitFor();
    await page().goto(url('/'));
    await page().waitForURL(/\/dashboard$/);
    await page().getByTestId('dashboard').waitFor();
    await s.c.shot('routes-01-dashboard');
  });

  it('adds a company in the dialog of /company/add and edits it in the dialog of /company/edit/{id}', async () => {
    await page().goto(url('/company'));
    // this month's orders out of the monthly quotas (issue 12): used / allowed, ∞ for unlimited
    await expect.poll(() => page().locator('tbody tr', { hasText: 'Demo Trading Co.' }).textContent()).toMatch(/\d+ \/ 100.*\d+ \/ 20.*\d+ \/ 500/);
    // the spec's add route is the list with the create dialog open; saving goes back to the list's route
    await page().goto(url('/company/add'));
    const dialog = page().getByTestId('company-edit-dialog');
    await dialog.getByRole('heading', { name: 'New company' }).waitFor();
    await dialog.getByTestId('company-form-name').fill('Route Test Trading');
    await s.c.shot('routes-02-company-add');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page().waitForURL(/\/company$/);
    const [added] = await s.api('/sapi/wms/company/list', { name: 'Route Test Trading' });
    expect(added).toMatchObject({ name: 'Route Test Trading' });

    await page().goto(url(`/company/edit/${added.id}`));
    await dialog.getByRole('heading', { name: 'Edit company Route Test Trading' }).waitFor();
    const name = dialog.getByTestId('company-form-name');
    await expect.poll(() => name.inputValue()).toBe('Route Test Trading');
    await name.fill('Route Test Trading LLC');
    await s.c.shot('routes-03-company-edit');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page().waitForURL(/\/company$/);
    await page().locator('tbody tr', { hasText: 'Route Test Trading LLC' }).waitFor();
    expect(await page().locator('tbody tr', { hasText: 'Route Test Trading LLC' }).textContent()).toContain('0 / ∞');
    expect((await s.api('/sapi/wms/company/detail', { id: added.id })).name).toBe('Route Test Trading LLC');

    // the row's Edit opens the same dialog on the list (no page of its own)
    await page().locator('tbody tr', { hasText: 'Route Test Trading LLC' }).getByTestId('company-row-edit').click();
    await dialog.getByRole('heading', { name: 'Edit company Route Test Trading LLC' }).waitFor();
    await dialog.getByTestId('company-save-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page().url()).toMatch(/\/company$/);
  });

  it('sends a user without inbound:return_list from /inbound/return_list to /401', async () => {
    await userWith(s.c.t, await s.c.t.login(), { codes: ['dashboard', 'inbound', 'inbound:list'], name: 'route_clerk' });
    const clerk = await (await s.c.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } })).newPage();
    try {
      await loginThroughPage(clerk, s.c.base, 'route_clerk', 'secret-1', '/inbound/normal_list');
      await clerk.waitForURL(/\/inbound\/normal_list$/);
      await clerk.getByTestId('menu-inboundOrder').waitFor();
      expect(await clerk.getByTestId('menu-inboundReturnList').count()).toBe(0);

      await clerk.goto(url('/inbound/return_list'));
      await clerk.waitForURL(/\/401\?noGoBack=true$/);
      await clerk.getByTestId('page-401').waitFor();
      await clerk.screenshot({ path: join(SHOTS, 'routes-04-clerk-401.png'), fullPage: true });

      await clerk.goto(url('/func/return_inbound_exec')); // needs inbound:receive
      await clerk.waitForURL(/\/401\?noGoBack=true$/);
      await clerk.goto(url('/'));
      await clerk.waitForURL(/\/dashboard$/); // holds `dashboard`
      await clerk.getByTestId('dashboard').waitFor();
    } finally {
      await clerk.context().close();
    }
  });
});
