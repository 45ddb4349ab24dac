// @vitest-environment jsdom
/**
 * The inventory routes in the assembled console (spec 2.3, 2.6, 2.8, 2.9; issue 4): /sku/inventory_list shows
 * the inventory list generated from the manifest (page call current 1, size 10, no sort), /sku/inventory_log_list the
 * standalone log list with warehouse, owner and SKU columns, and the SKU list's "view inventory" opens the
 * inventory of that SKU (preset skuId, companyId, ownerId) in a dialog.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../src/client/App';
import { i18nProvider } from '../../src/client/providers/i18nProvider';
import { setToken } from '../../src/client/providers/session';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 40_000 });

const bodies: Array<{ url: string; body: any }> = [];

const INVENTORY = {
  id: 1, companyName: 'Company A', warehouseName: 'Riyadh DC', ownerName: 'Desert Rose', skuId: 7, sku: 'ROSE-30', batchNo: 'B1', qty: 12, lockQty: 0,
  skuEntity: { sku: 'ROSE-30', name: 'Rose water' }, supplierNames: [], ecPlatforms: [],
};
const LOG = { id: 11, inventoryId: 1, warehouseName: 'Riyadh DC', ownerName: 'Desert Rose', sku: 'ROSE-30', originQty: 0, newQty: 12, changeQty: 12, originLockQty: 0, newLockQty: 0, lockChangeQty: 0, bizType: 3, bizNo: 'IJ1', addDate: '2024-05-01 10:00:00' };

beforeEach(async () => {
  localStorage.clear();
  bodies.length = 0;
  await i18nProvider.changeLocale('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      bodies.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      let data: unknown = null;
      if (url === '/sapi/sys/user/current/detail') data = { id: 1, name: 'Ann', roles: ['admin'] };
      else if (url === '/sapi/wms/sku-inventory/page') data = { records: [INVENTORY], current: 1, total: 1 };
      else if (url === '/sapi/wms/sku-inventory-log/page') data = { records: [LOG], current: 1, total: 1 };
      else if (url === '/sapi/wms/sku/page')
        data = { records: [{ id: 7, sku: 'ROSE-30', name: 'Rose water', companyId: 2, ownerId: 3, inventoryQty: 12, enable: true, supplierNames: [], ecPlatforms: [] }], current: 1, total: 1 };
      else if (url.endsWith('/page')) data = { records: [], current: 1, total: 0 };
      else if (url.endsWith('/list')) data = [];
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pages = (path: string) => bodies.filter((b) => b.url === path);

describe('inventory routes', () => {
  it('/sku/inventory_list shows the inventory list', async () => {
    setToken('T');
    window.history.pushState({}, '', '/sku/inventory_list');
    render(<App />);
    expect(await screen.findByTestId('inventory-filters')).toBeTruthy();
    const row = (await screen.findAllByTestId('inventory-row'))[0];
    expect(within(row).getByText('ROSE-30')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    const first = pages('/sapi/wms/sku-inventory/page')[0].body;
    expect(first).toMatchObject({ current: 1, size: 10 });
    expect(first).not.toHaveProperty('sortProp');
    expect(first).not.toHaveProperty('sortOrder');
    expect(screen.getByTestId('inventory-export')).toBeTruthy();
  });

  it('/sku/inventory_log_list shows the standalone log list', async () => {
    setToken('T');
    window.history.pushState({}, '', '/sku/inventory_log_list');
    render(<App />);
    expect(await screen.findByTestId('inventory-log-filters')).toBeTruthy();
    const row = (await screen.findAllByTestId('inventory-log-row'))[0];
    expect(within(row).getByText('0 -> 12')).toBeTruthy();
    expect(within(row).getByText('+12')).toBeTruthy();
    expect(within(row).getByText('Inventory adjustment')).toBeTruthy();
    expect(within(row).getByText('Riyadh DC')).toBeTruthy();
    expect(within(row).getByText('Desert Rose')).toBeTruthy();
    expect(within(row).getByText('ROSE-30')).toBeTruthy();
    const first = pages('/sapi/wms/sku-inventory-log/page')[0].body;
    expect(first).toMatchObject({ current: 1, size: 10 });
    expect(first).not.toHaveProperty('inventoryId');
    expect(first).not.toHaveProperty('sortProp');
    // the manifest's list (inventoryLog.screen): identity columns, no operations
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'No.', 'Warehouse', 'Goods owner', 'SKU', 'Quantity change', 'Locked quantity change', 'Document type', 'Document number', 'Remark', 'Store info', 'Created',
    ]);
    for (const part of ['warehouse', 'owner', 'biz-no', 'biz-type', 'add-date-start', 'add-date-end']) expect(screen.getByTestId(`inventory-log-filter-${part}`)).toBeTruthy();
    // the SKU filter looks SKUs up by their code and sends the id
    const sku = within(screen.getByTestId('inventory-log-filter-sku')).getByRole('combobox');
    fireEvent.mouseDown(sku);
    fireEvent.change(sku, { target: { value: 'ROSE' } });
    await waitFor(() => expect(pages('/sapi/wms/sku/page').some((b) => b.body?.sku === 'ROSE')).toBe(true));
    fireEvent.click(await screen.findByRole('option', { name: 'ROSE-30' }));
    fireEvent.click(screen.getByTestId('inventory-log-search'));
    await waitFor(() => expect(pages('/sapi/wms/sku-inventory-log/page').pop()!.body).toMatchObject({ skuId: 7, current: 1 }));
  });

  it("the SKU list's view inventory opens that SKU's inventory (skuId, companyId, ownerId locked)", async () => {
    setToken('T');
    window.history.pushState({}, '', '/sku/list/all');
    render(<App />);
    const button = await screen.findByTestId('sku-row-inventory');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    // the SKU list's inventory column (spec 2.8), right after the image
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers[headers.indexOf('Image') + 1]).toBe('Inventory');
    fireEvent.click(button);
    const dialog = await screen.findByTestId('sku-inventory-dialog');
    expect(within(dialog).getByText('Inventory of ROSE-30')).toBeTruthy();
    await within(dialog).findAllByTestId('inventory-row');
    await waitFor(() => expect(pages('/sapi/wms/sku-inventory/page').pop()!.body).toMatchObject({ skuId: 7, companyId: 2, ownerId: 3, current: 1, size: 10 }));
    const owner = within(within(dialog).getByTestId('inventory-filter-owner')).getByRole('combobox') as HTMLInputElement;
    expect(owner.disabled).toBe(true);
  });
});
