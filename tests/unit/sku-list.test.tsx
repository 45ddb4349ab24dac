// @vitest-environment jsdom
/**
 * The SKU list screen (spec 2.8, 4, 5, 6, 8, 9): the label and weight buttons need a selection; the batch
 * weight prompt's empty value shows "weight can't be null" and is still sent; buttons follow the codes of
 * spec 6; select mode hands a row back and locks its presets; the filter bar trims and joins SKU codes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, type AuthProvider, type DataProvider, type RaRecord } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { generatedMessages } from '../../generated/client/i18n';
import { appEn } from '../../src/client/i18n/app-en';
import { deepMerge, type MessageTree } from '../../src/client/providers/messages';
import { widgetMessages } from '../../src/client/widgets';
import { SkuList } from '../../src/client/screens/sku';
import { buildSkuFilter, formValuesOf, normaliseCodes } from '../../src/client/screens/sku/filters';
import { weightError } from '../../src/client/screens/sku/BatchWeightDialog';

// the console renders heavy MUI trees: allow slow machines and parallel test files more time
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = polyglotI18nProvider(
  () => deepMerge(englishMessages as unknown as MessageTree, appEn, widgetMessages.en, generatedMessages.en) as any,
  'en',
);

const SKUS: RaRecord[] = [
  {
    id: 1,
    sku: 'SKU-1',
    name: 'Red cup',
    ownerId: 3,
    ownerName: 'Owner A',
    companyName: 'Company A',
    enable: true,
    category: 'Cups',
    weight: 0.25,
    supplierNames: ['Supplier X', 'Supplier Y'],
    ecPlatforms: [1, 2],
    addDate: '2024-05-01 10:00:00',
  },
  { id: 2, sku: 'SKU-2', name: 'Blue cup', ownerId: 3, ownerName: 'Owner A', enable: false, supplierNames: [], ecPlatforms: [] },
];

function stubDataProvider(call = vi.fn(() => Promise.resolve({ updated: 1 }))) {
  const dp = {
    getList: vi.fn((resource: string) => Promise.resolve(resource === 'sku' ? { data: SKUS, total: SKUS.length } : { data: [], total: 0 })),
    getMany: vi.fn(() => Promise.resolve({ data: [] })),
    getManyReference: vi.fn(() => Promise.resolve({ data: [], total: 0 })),
    getOne: vi.fn(() => Promise.resolve({ data: SKUS[0] })),
    create: vi.fn(),
    update: vi.fn(),
    updateMany: vi.fn(),
    delete: vi.fn(() => Promise.resolve({ data: SKUS[0] })),
    deleteMany: vi.fn(),
    call,
  };
  return dp as unknown as DataProvider & { call: typeof call; getList: ReturnType<typeof vi.fn> };
}

function authWith(roles: string[]): AuthProvider {
  return {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve(roles),
  };
}

function renderList(props: Parameters<typeof SkuList>[0] = {}, roles = ['admin'], dataProvider = stubDataProvider()) {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authWith(roles)}>
      <SkuList {...props} />
    </AdminContext>,
  );
  return dataProvider;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SKU list filter', () => {
  it('trims text, joins several codes by commas and leaves out empty values and presets', () => {
    expect(normaliseCodes(' A , ,B\nC,A ')).toBe('A,B,C');
    expect(
      buildSkuFilter({ sku: ' A ,B ', name: '  cup ', addDateStart: '2024-01-02', addDateEnd: '', ownerId: 3, categoryId: null, ecPlatform: 1, enable: false }),
    ).toEqual({ sku: 'A,B', name: 'cup', addDateStart: '2024-01-02', ownerId: 3, ecPlatform: 1, enable: false });
    expect(buildSkuFilter({ ecPlatform: 2, ownerId: 4 }, { ecPlatform: 1 })).toEqual({ ownerId: 4 });
    expect(formValuesOf({ ecPlatform: 2 }, { ecPlatform: 1 }).ecPlatform).toBe(1);
  });

  it('checks the batch weight: 0..9999, at most 3 decimals', () => {
    expect(weightError('1.5', 'en')).toBeUndefined();
    expect(weightError('0', 'en')).toBeUndefined();
    expect(weightError('10000', 'en')).toBe('Weight cannot be greater than 9999');
    expect(weightError('-1', 'en')).toBe('Weight cannot be less than 0');
    expect(weightError('1.2345', 'en')).toBe('Weight can have at most 3 decimals');
    expect(weightError('abc', 'en')).toBe('Weight must be a number');
  });
});

describe('SkuList', () => {
  it('loads page 1 of 10 without a sort and shows the columns of spec 2.8', async () => {
    const dp = renderList();
    expect(await screen.findByText('SKU-1', undefined, { timeout: 5000 })).toBeTruthy();
    const [resource, params] = dp.getList.mock.calls.find((c) => c[0] === 'sku')!;
    expect(resource).toBe('sku');
    expect(params.pagination).toEqual({ page: 1, perPage: 10 });
    expect(params.sort.field).toBe('');
    expect(params.filter).toEqual({});
    expect(screen.getByText('Supplier X')).toBeTruthy();
    expect(screen.getByText('Supplier Y')).toBeTruthy();
    expect(screen.getByText('noon')).toBeTruthy();
    expect(screen.getByText('Amazon.sa')).toBeTruthy();
    expect(screen.getAllByText('Enabled').length).toBeGreaterThan(0);
    expect(screen.getByText('Disabled')).toBeTruthy();
    // only SKU and created date sort
    const headers = screen.getAllByRole('columnheader');
    const sortable = headers.filter((h) => h.querySelector('.MuiTableSortLabel-root')).map((h) => h.textContent);
    expect(sortable).toEqual(['SKU', 'Created']);
    expect((screen.getAllByTestId('sku-row-inventory')[0] as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables the label and weight buttons until rows are selected', async () => {
    renderList();
    await screen.findByText('SKU-1', undefined, { timeout: 5000 });
    const labels = (await screen.findByTestId('sku-download-labels')) as HTMLButtonElement;
    const weight = screen.getByTestId('sku-batch-weight') as HTMLButtonElement;
    expect(labels.disabled).toBe(true);
    expect(weight.disabled).toBe(true);
    const row = screen.getByText('SKU-1').closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
    await waitFor(() => expect((screen.getByTestId('sku-download-labels') as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByTestId('sku-batch-weight') as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows \"weight can't be null\" for an empty batch weight and still sends it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the rejected call
    const call = vi.fn(() => Promise.reject(new Error('Weight cannot be empty')));
    const dp = renderList({}, ['admin'], stubDataProvider(call as any));
    await screen.findByText('SKU-1', undefined, { timeout: 5000 });
    fireEvent.click(within(screen.getByText('SKU-1').closest('tr')!).getByRole('checkbox'));
    await waitFor(() => expect((screen.getByTestId('sku-batch-weight') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('sku-batch-weight'));
    fireEvent.click(await screen.findByTestId('weight-confirm'));
    expect((await screen.findAllByText("weight can't be null")).length).toBeGreaterThan(0);
    await waitFor(() => expect(dp.call).toHaveBeenCalledWith('/sapi/wms/sku/batchUpdateWeight', { ids: [1], weight: null }));
  });

  it('sends a valid batch weight, then reloads and closes the prompt; refuses an out-of-range one', async () => {
    const dp = renderList();
    await screen.findByText('SKU-1', undefined, { timeout: 5000 });
    fireEvent.click(within(screen.getByText('SKU-2').closest('tr')!).getByRole('checkbox'));
    await waitFor(() => expect((screen.getByTestId('sku-batch-weight') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('sku-batch-weight'));
    const input = await screen.findByTestId('weight-input');
    fireEvent.change(input, { target: { value: '10000' } });
    fireEvent.click(screen.getByTestId('weight-confirm'));
    expect(await screen.findByText('Weight cannot be greater than 9999')).toBeTruthy();
    expect(dp.call).not.toHaveBeenCalled();
    const loads = dp.getList.mock.calls.filter((c) => c[0] === 'sku').length;
    fireEvent.change(input, { target: { value: '1.25' } });
    fireEvent.click(screen.getByTestId('weight-confirm'));
    await waitFor(() => expect(dp.call).toHaveBeenCalledWith('/sapi/wms/sku/batchUpdateWeight', { ids: [2], weight: 1.25 }));
    await waitFor(() => expect(screen.queryByTestId('sku-weight-dialog')).toBeNull());
    await waitFor(() => expect(dp.getList.mock.calls.filter((c) => c[0] === 'sku').length).toBeGreaterThan(loads));
  });

  it('hides buttons without their codes (spec 6)', async () => {
    renderList({}, ['sku', 'sku:list']);
    await screen.findByText('SKU-1', undefined, { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('sku-add')).toBeNull();
    expect(screen.queryByTestId('sku-import-sku')).toBeNull();
    expect(screen.queryByTestId('sku-download-labels')).toBeNull();
    expect(screen.queryByTestId('sku-batch-weight')).toBeNull();
    expect(screen.queryByTestId('sku-row-edit')).toBeNull();
    expect(screen.queryByTestId('sku-row-delete')).toBeNull();
    // sub-lists need no permission
    expect(screen.getAllByTestId('sku-row-supplier').length).toBe(2);
    expect(screen.getAllByTestId('sku-row-platform').length).toBe(2);
  });

  it('searches with the filter bar from page 1 (codes joined by commas)', async () => {
    const dp = renderList();
    await screen.findByText('SKU-1', undefined, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('SKU code'), { target: { value: ' SKU-1, SKU-2 ,' } });
    fireEvent.change(screen.getByLabelText('Product name'), { target: { value: '  cup  ' } });
    fireEvent.click(screen.getByTestId('sku-search'));
    await waitFor(() => {
      const last = dp.getList.mock.calls.filter((c) => c[0] === 'sku').pop()!;
      expect(last[1].filter).toEqual({ sku: 'SKU-1,SKU-2', name: 'cup' });
      expect(last[1].pagination.page).toBe(1);
    });
  });

  it('asks before deleting and reloads after the delete', async () => {
    const dp = renderList();
    await screen.findByText('SKU-1', undefined, { timeout: 5000 });
    fireEvent.click(screen.getAllByTestId('sku-row-delete')[0]);
    expect(await screen.findByText('Delete SKU SKU-1?')).toBeTruthy();
    expect(dp.delete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dp.delete).toHaveBeenCalledWith('sku', expect.objectContaining({ id: 1 })));
  });

  it('select mode: only Select per row, presets locked into the query, no selection buttons', async () => {
    const onSelect = vi.fn();
    const dp = renderList({ showSelect: true, onSelect, ecPlatform: 1, hideTopButtons: true });
    await screen.findByText('SKU-1', undefined, { timeout: 5000 });
    const [, params] = dp.getList.mock.calls.find((c) => c[0] === 'sku')!;
    expect(params.filter).toEqual({ ecPlatform: 1 });
    expect(screen.queryByTestId('sku-top-buttons')).toBeNull();
    expect(screen.queryByTestId('sku-row-edit')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getAllByTestId('sku-row-select')[1]);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 2, sku: 'SKU-2' }));
  });
});
