/**
 * API keys in the console (issue 31), in Chromium as admin: System > API keys > Add makes a key for a goods owner
 * with every warehouse and one scope; the key is shown once (the reveal dialog) and works at once against
 * `/api/v1` within its scope (403 outside it); the list shows only its prefix; Revoke asks, naming the key, and
 * the same key is refused (401) right after. Screenshots in test-results/api-keys-*.png.
 */
import { describe, expect, it } from 'vitest';
import { loginThroughPage } from './browser';
import { chooseOption, consoleSession, ownerIdByName, rowAction } from './steps';

const OWNER = 'Desert Rose Cosmetics';

describe('API keys: made, shown once, used, revoked', () => {
  const s = consoleSession('api-keys', async ({ api }) => {
    await ownerIdByName(api, OWNER); // the demo owner is there
  });
  const page = () => s.page;
  /** A GET of the owner API with `key`: the HTTP status. */
  const get = async (path: string, key: string) => (await fetch(`${s.c.base}/api/v1${path}`, { headers: { Authorization: `Bearer ${key}` } })).status;

  it('makes a key in the dialog, shows it once, and it works until revoked', async () => {
    await loginThroughPage(page(), s.c.base, undefined, undefined, '/api_key/list');
    await page().waitForURL(/\/api_key\/list$/);
    await page().getByTestId('api-key-add').click();
    const dialog = page().getByTestId('api-key-edit-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('api-key-form-name').fill('Shop ERP');
    await chooseOption(page(), dialog.getByTestId('api-key-form-owner'), OWNER);
    await dialog.getByTestId('api-key-form-warehouse-ids').getByRole('switch').check(); // every warehouse
    await dialog.getByTestId('api-key-form-scopes').getByLabel('Read SKUs (skus:read)').check();
    await s.c.shot('api-keys-01-dialog');
    await dialog.getByTestId('api-key-save').click();

    const reveal = page().getByTestId('api-key-reveal-dialog');
    await reveal.waitFor();
    const key = await reveal.getByTestId('api-key-reveal-value').locator('input').inputValue();
    expect(key).toMatch(/^wms_live_[A-Za-z0-9_-]{40,}$/);
    await s.c.shot('api-keys-02-shown-once');
    await reveal.getByTestId('api-key-reveal-close').click();
    await reveal.waitFor({ state: 'hidden' });

    expect(await get('/skus', key)).toBe(200);
    expect(await get('/stock', key)).toBe(403); // stock:read was not chosen

    const row = page().getByTestId('api-key-table').locator('tbody tr', { hasText: 'Shop ERP' }).first();
    await row.waitFor();
    expect(await row.textContent()).not.toContain(key); // the list shows the prefix only
    expect(await row.textContent()).toContain(key.slice(0, 17));

    const prompt = page().getByTestId('api-key-row-revoke-confirm');
    await rowAction(row, 'api-key-row-revoke');
    await prompt.getByText('Revoke API key Shop ERP? Calls with it stop at once.', { exact: true }).waitFor();
    await prompt.getByRole('button', { name: 'Revoke key' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await expect.poll(() => get('/skus', key), { timeout: 10_000 }).toBe(401);
    await s.c.shot('api-keys-03-revoked');
  }, 120_000);
});
