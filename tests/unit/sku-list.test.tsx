// @vitest-environment jsdom
/**
 * The SKU lists generated from the manifest (`sku.screen`; spec 2.8, 4, 5, 6, 8, 9): the columns and tags;
 * the label and weight buttons need a selection; the batch weight prompt's empty value shows "weight can't be
 * null" and is still sent; buttons follow the codes of spec 6; the picker mode hands a row back and locks its
 * presets; the filter bar trims and joins SKU codes; the noon view's platform is a locked preset.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RaRecord } from 'react-admin';
import { screenSource } from '../../generated/client/views/sku';
import { DocumentScreen, type DocumentScreenProps } from '../../src/client/kit/screen/DocumentScreen';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { screenFilterCodec } from '../../src/client/kit/screen/ScreenFilterBar';
import { screenOf } from '../../src/client/kit/screen/spec';
import { weightError } from '../../src/client/screens/sku';
import { clickRowAction, i18nOf, renderWithAdmin, rowActions, rowOf, stubDataProvider } from './console-harness';

// the console renders heavy MUI trees: allow slow machines and parallel test files more time
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = i18nOf(documentScreenMessages);

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
    inventoryQty: 12,
    supplierNames: ['Supplier X', 'Supplier Y'],
    ecPlatforms: [1, 2],
    addDate: '2024-05-01 10:00:00',
  },
  { id: 2, sku: 'SKU-2', name: 'Blue cup', ownerId: 3, ownerName: 'Owner A', enable: false, supplierNames: [], ecPlatforms: [] },
];

function renderList(props: Partial<DocumentScreenProps> = {}, roles = ['admin'], call = vi.fn((..._a: unknown[]) => Promise.resolve<unknown>({ updated: 1 }))) {
  const dataProvider = stubDataProvider({ sku: SKUS }, call);
  renderWithAdmin(<DocumentScreen source={screenSource} resource="sku" view="all" storeKey={false} {...props} />, { roles, dataProvider, i18nProvider });
  return dataProvider;
}

const skuPages = (dp: ReturnType<typeof renderList>) => dp.getList.mock.calls.filter((c) => c[0] === 'sku');
const selectRow = (code: string) => fireEvent.click(within(rowOf('sku-row', code)).getByRole('checkbox'));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SKU list filter and rules', () => {
  it('trims text, joins several codes by commas and leaves out empty values; the noon preset stays out', () => {
    const all = screenFilterCodec(screenOf(screenSource, 'sku', 'all'));
    expect(all.toFilter({ sku: ' A , ,B\nC,A ', name: '  cup ', addDateStart: '2024-01-02', addDateEnd: '', ownerId: 3, categoryId: null, ecPlatform: 1, enable: false })).toEqual({
      sku: 'A,B,C',
      name: 'cup',
      addDateStart: '2024-01-02',
      ownerId: 3,
      ecPlatform: 1,
      enable: false,
    });
    const noon = screenOf(screenSource, 'sku', 'noon');
    expect(noon.filter).toEqual({ ecPlatform: 1 });
    expect(screenFilterCodec(noon).toFilter({ ecPlatform: 2, ownerId: 4 })).toEqual({ ownerId: 4 });
    expect((screenFilterCodec(noon).toValues({ ecPlatform: 2 }) as { ecPlatform: number }).ecPlatform).toBe(1);
  });

  it("checks the batch weight with the manifest's rule: 0..9999, at most 3 decimals", () => {
    expect(weightError('1.5', 'en')).toBeUndefined();
    expect(weightError('0', 'en')).toBeUndefined();
    expect(weightError('10000', 'en')).toBe('Weight (kg) cannot be greater than 9999');
    expect(weightError('-1', 'en')).toBe('Weight (kg) cannot be less than 0');
    expect(weightError('1.2345', 'en')).toBe('Weight (kg) can have at most 3 decimals');
    expect(weightError('abc', 'en')).toBe('Weight (kg) must be a number');
  });
});

describe('SKU list', () => {
  it('loads page 1 of 10 without a sort and shows the columns of spec 2.8', async () => {
    const dp = renderList();
    expect(await screen.findByText('SKU-1', undefined, { timeout: 10_000 })).toBeTruthy();
    const [, params] = skuPages(dp)[0];
    expect(params.pagination).toEqual({ page: 1, perPage: 10 });
    expect(params.sort.field).toBe('');
    expect(params.filter).toEqual({});
    for (const text of ['Supplier X', 'Supplier Y', 'noon', 'Amazon.sa', 'Cups', '12', 'Disabled']) expect(screen.getByText(text)).toBeTruthy();
    expect(within(rowOf('sku-row', 'SKU-1')).getByTestId('sku-enable').textContent).toBe('Enabled');
    // only SKU and created date sort
    const headers = screen.getAllByRole('columnheader');
    const sortable = headers.filter((h) => h.querySelector('.MuiTableSortLabel-root')).map((h) => h.textContent);
    expect(sortable).toEqual(['SKU', 'Created']);
    // spec 2.8 row actions: no View; edit and the inventory inline (manifest `inline`), then the children's lists,
    // the labels and, apart, delete in the row's menu
    expect(await rowActions(rowOf('sku-row', 'SKU-1'))).toMatchObject({ inline: ['sku-row-edit', 'sku-row-inventory'], menu: ['sku-row-supplier-sku', 'sku-row-ec-platform-sku', 'sku-row-labels', 'sku-row-delete'] });
  });

  it('disables the label and weight buttons until rows are selected, and counts the selection', async () => {
    renderList();
    await screen.findByText('SKU-1', undefined, { timeout: 5000 });
    const labels = (await screen.findByTestId('sku-download-labels')) as HTMLButtonElement;
    expect(labels.disabled).toBe(true);
    expect((screen.getByTestId('sku-batch-weight') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('sku-selection')).toBeNull();
    selectRow('SKU-1');
    await waitFor(() => expect((screen.getByTestId('sku-download-labels') as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByTestId('sku-batch-weight') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('sku-selection').textContent).toBe('1 item selected');
  });

  it("shows \"weight can't be null\" for an empty batch weight and still sends it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the rejected call
    const call = vi.fn((..._a: unknown[]) => Promise.reject(new Error('Weight cannot be empty')));
    const dp = renderList({}, ['admin'], call);
    await screen.findByText('SKU-1', undefined, { timeout: 5000 });
    selectRow('SKU-1');
    await waitFor(() => expect((screen.getByTestId('sku-batch-weight') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('sku-batch-weight'));
    fireEvent.click(await screen.findByTestId('weight-confirm'));
    expect((await screen.findAllByText("weight can't be null")).length).toBeGreaterThan(0);
    await waitFor(() => expect(dp.call).toHaveBeenCalledWith('/sapi/wms/sku/batchUpdateWeight', { ids: [1], weight: null }));
  });

  it('sends a valid batch weight, then reloads, clears the selection and closes the prompt; refuses an out-of-range one', async () => {
    const dp = renderList();
    await screen.findByText('SKU-1', undefined, { timeout: 5000 });
    selectRow('SKU-2');
    await waitFor(() => expect((screen.getByTestId('sku-batch-weight') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('sku-batch-weight'));
    const input = await screen.findByTestId('weight-input');
    fireEvent.change(input, { target: { value: '10000' } });
    fireEvent.click(screen.getByTestId('weight-confirm'));
    expect(await screen.findByText('Weight (kg) cannot be greater than 9999')).toBeTruthy();
    expect(dp.call).not.toHaveBeenCalled();
    const loads = skuPages(dp).length;
    fireEvent.change(input, { target: { value: '1.25' } });
    fireEvent.click(screen.getByTestId('weight-confirm'));
    await waitFor(() => expect(dp.call).toHaveBeenCalledWith('/sapi/wms/sku/batchUpdateWeight', { ids: [2], weight: 1.25 }));
    await waitFor(() => expect(screen.queryByTestId('sku-weight-dialog')).toBeNull());
    await waitFor(() => expect(skuPages(dp).length).toBeGreaterThan(loads));
    await waitFor(() => expect(screen.queryByTestId('sku-selection')).toBeNull());
  });

  it('hides buttons without their codes (spec 6)', async () => {
    renderList({}, ['sku', 'sku:list']);
    await screen.findByText('SKU-1', undefined, { timeout: 5000 });
    await waitFor(() => expect(screen.getAllByTestId('sku-row-inventory').length).toBe(2));
    for (const id of ['sku-add', 'sku-import-sku', 'sku-download-labels', 'sku-batch-weight']) expect(screen.queryByTestId(id), id).toBeNull();
    // the children's lists and the inventory need the list code only; no edit, delete or labels
    for (const no of ['SKU-1', 'SKU-2']) expect((await rowActions(rowOf('sku-row', no))).all).toEqual(['sku-row-inventory', 'sku-row-supplier-sku', 'sku-row-ec-platform-sku']);
  });

  it('searches with the filter bar from page 1 (codes joined by commas)', async () => {
    const dp = renderList();
    await screen.findByText('SKU-1', undefined, { timeout: 5000 });
    fireEvent.change(within(screen.getByTestId('sku-filter-sku')).getByRole('combobox'), { target: { value: ' SKU-1, SKU-2 ,' } });
    fireEvent.change(screen.getByLabelText('Product name'), { target: { value: '  cup  ' } });
    fireEvent.click(screen.getByTestId('sku-search'));
    await waitFor(() => {
      const last = skuPages(dp).pop()!;
      expect(last[1].filter).toEqual({ sku: 'SKU-1,SKU-2', name: 'cup' });
      expect(last[1].pagination.page).toBe(1);
    });
  });

  it('asks before deleting and reloads after the delete, with the selection cleared (issue 27)', async () => {
    const dp = renderList();
    await screen.findByText('SKU-1', undefined, { timeout: 5000 });
    selectRow('SKU-1');
    await waitFor(() => expect(screen.getByTestId('sku-selection').textContent).toBe('1 item selected'));
    await clickRowAction(rowOf('sku-row', 'SKU-1'), 'sku-row-delete');
    expect(await screen.findByText('Delete SKU SKU-1?')).toBeTruthy();
    expect(dp.call).not.toHaveBeenCalled();
    const loads = skuPages(dp).length;
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(dp.call).toHaveBeenCalledWith('/sapi/wms/sku/remove', { id: 1 }));
    await waitFor(() => expect(skuPages(dp).length).toBeGreaterThan(loads));
    await waitFor(() => expect(screen.queryByTestId('sku-selection')).toBeNull());
  });

  it('picker mode: only Select per row, presets locked into the query, no top buttons nor checkboxes', async () => {
    const onSelect = vi.fn();
    const dp = renderList({ inDialog: true, onSelect, preset: { ecPlatform: 1, ownerId: undefined } });
    await screen.findByText('SKU-1', undefined, { timeout: 5000 });
    expect(skuPages(dp)[0][1].filter).toEqual({ ecPlatform: 1 });
    expect(screen.queryByTestId('sku-top-buttons')).toBeNull();
    expect(screen.queryByTestId('sku-row-edit')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getAllByTestId('sku-row-select')[1]);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 2, sku: 'SKU-2' }));
  });
});
