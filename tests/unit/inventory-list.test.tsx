// @vitest-environment jsdom
/**
 * The inventory screens (spec 2.6, 2.7, 2.10, 4, 9; issue 4) against a stub data provider: the routed list
 * generated from the manifest (`inventory.screen`: its columns, filters over query parameters, clearable sort,
 * no View / Edit / Delete / Add, the change log and Export widgets), and the hand-written list of the SKU
 * inventory dialog and the picker: the filter bar
 * sends the inventory list query (trimmed text, page reset, categoryIds array, containInventory boolean), a
 * cleared sort sends no sortProp / sortOrder, paging hides at total 0, presets lock the owner and warehouse
 * selects, select mode hands the row back, the change-log dialog shows `old -> new` with a change tag, and the
 * Export button follows sku_inventory:export.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider, type AuthProvider, type DataProvider, type RaRecord } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { generatedMessages } from '../../generated/client/i18n';
import { appEn } from '../../src/client/i18n/app-en';
import { appZh } from '../../src/client/i18n/app-zh';
import { deepMerge, type MessageTree } from '../../src/client/providers/messages';
import { toPageBody } from '../../src/client/providers/createDataProvider';
import { widgetMessages } from '../../src/client/widgets';
import { screenSource } from '../../generated/client/views/inventory';
import { screenSource as logSource } from '../../generated/client/views/inventoryLog';
import { DocumentScreen, type DocumentScreenProps } from '../../src/client/kit/screen/DocumentScreen';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { screenFilterCodec } from '../../src/client/kit/screen/ScreenFilterBar';
import { screenOf } from '../../src/client/kit/screen/spec';
import {
  InventoryPickerDialog,
  exportFilter,
  inventoryMessages,
  nextSort,
} from '../../src/client/screens/inventory';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = polyglotI18nProvider(
  () => deepMerge(englishMessages as unknown as MessageTree, appEn, widgetMessages.en, inventoryMessages.en, documentScreenMessages.en, generatedMessages.en) as any,
  'en',
);

const INVENTORY: RaRecord[] = [
  {
    id: 1,
    companyId: 1,
    companyName: 'Company A',
    warehouseId: 5,
    warehouseName: 'Riyadh DC',
    ownerId: 3,
    ownerName: 'Desert Rose',
    skuId: 7,
    sku: 'ROSE-30',
    batchNo: 'B1',
    qty: 8,
    lockQty: 2,
    addDate: '2024-05-01 10:00:00',
    skuEntity: { sku: 'ROSE-30', name: 'Rose water', goodsNo: 'G-1', category: 'Perfume', color: 'Pink', size: '30ml', weight: 0.25, goodsImageUrl: null },
    supplierNames: ['Taif Farms', 'Bulgarian Rose Co'],
    ecPlatforms: [1, 2],
  },
  {
    id: 2,
    companyName: 'Company A',
    warehouseName: 'Jeddah DC',
    ownerName: 'Desert Rose',
    skuId: 8,
    sku: 'MUSK-10',
    batchNo: '',
    qty: 0,
    lockQty: 0,
    skuEntity: { sku: 'MUSK-10', name: 'Musk' },
    supplierNames: [],
    ecPlatforms: [],
  },
];

const LOGS: RaRecord[] = [
  {
    id: 11,
    inventoryId: 1,
    warehouseName: 'Riyadh DC',
    ownerName: 'Desert Rose',
    sku: 'ROSE-30',
    originQty: 5,
    newQty: 8,
    changeQty: 3,
    originLockQty: 2,
    newLockQty: 2,
    lockChangeQty: 0,
    bizType: 3,
    bizNo: 'IJ20240501000001',
    bizNoExtra: 'Store one\nRiyadh branch',
    remark: 'count',
    addDate: '2024-05-01 10:00:00',
  },
  {
    id: 10,
    inventoryId: 1,
    originQty: 9,
    newQty: 5,
    changeQty: -4,
    originLockQty: 0,
    newLockQty: 2,
    lockChangeQty: 2,
    bizType: 2,
    bizNo: 'OUT-1',
    addDate: '2024-04-30 09:00:00',
  },
];

const REFS: Record<string, RaRecord[]> = {
  owner: [
    { id: 3, name: 'Desert Rose' },
    { id: 4, name: 'Gulf Gadgets' },
  ],
  warehouse: [
    { id: 5, name: 'Riyadh DC' },
    { id: 6, name: 'Jeddah DC' },
  ],
  skuCategory: [
    { id: 21, name: 'Perfume' },
    { id: 22, name: 'Cables' },
  ],
};

function stubDataProvider(opts: { inventoryTotal?: number; refs?: Record<string, RaRecord[]> } = {}) {
  const refs = opts.refs ?? REFS;
  const dp = {
    getList: vi.fn((resource: string) => {
      if (resource === 'inventory') return Promise.resolve({ data: opts.inventoryTotal === 0 ? [] : INVENTORY, total: opts.inventoryTotal ?? INVENTORY.length });
      if (resource === 'inventoryLog') return Promise.resolve({ data: LOGS, total: LOGS.length });
      const list = refs[resource] ?? [];
      return Promise.resolve({ data: list, total: list.length });
    }),
    getMany: vi.fn((resource: string, params: { ids: unknown[] }) =>
      Promise.resolve({ data: (refs[resource] ?? []).filter((r) => params.ids.map(String).includes(String(r.id))) }),
    ),
    getManyReference: vi.fn(() => Promise.resolve({ data: [], total: 0 })),
    getOne: vi.fn(() => Promise.resolve({ data: INVENTORY[0] })),
    create: vi.fn(),
    update: vi.fn(),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
    call: vi.fn(),
  };
  return dp as unknown as DataProvider & { getList: ReturnType<typeof vi.fn>; call: ReturnType<typeof vi.fn> };
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

function renderUi(ui: React.ReactElement, dataProvider = stubDataProvider(), roles = ['admin']) {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authWith(roles)}>
      {ui}
    </AdminContext>,
  );
  return dataProvider;
}

const inventoryCalls = (dp: ReturnType<typeof stubDataProvider>) => dp.getList.mock.calls.filter((c) => c[0] === 'inventory');
const lastInventoryCall = (dp: ReturnType<typeof stubDataProvider>) => inventoryCalls(dp).pop()![1];

/** Opens a MUI select / autocomplete inside `container` and clicks the option named `name`. */
async function pick(container: HTMLElement, name: string) {
  const box = within(container).getByRole('combobox');
  fireEvent.mouseDown(box);
  fireEvent.click(await screen.findByRole('option', { name }));
}

/** The generated inventory list (resources.yaml inventory.screen). */
const Generated = (props: Partial<DocumentScreenProps>) => <DocumentScreen source={screenSource} resource="inventory" storeKey={false} {...props} />;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('inventory filter (pure)', () => {
  it('builds the log filter: document number trimmed, type as a number, days; empty values left out', () => {
    const codec = screenFilterCodec(screenOf(logSource, 'inventoryLog', 'record', { inventoryId: 1 }));
    expect(codec.toFilter({ bizNo: ' IJ1 ', bizType: '3', addDateStart: '2024-05-01', addDateEnd: '' })).toEqual({ bizNo: 'IJ1', bizType: 3, addDateStart: '2024-05-01' });
  });

  it('a third click on a sorted column clears the sort, which sends no sortProp / sortOrder', () => {
    expect(nextSort({ field: '', order: 'ASC' }, { field: 'qty', order: 'ASC' })).toEqual({ field: 'qty', order: 'ASC' });
    expect(nextSort({ field: 'qty', order: 'ASC' }, { field: 'qty', order: 'DESC' })).toEqual({ field: 'qty', order: 'DESC' });
    expect(nextSort({ field: 'qty', order: 'DESC' }, { field: 'qty', order: 'ASC' })).toEqual({ field: '', order: 'ASC' });
    expect(nextSort({ field: 'qty', order: 'DESC' }, { field: 'lockQty', order: 'ASC' })).toEqual({ field: 'lockQty', order: 'ASC' });
    const body = toPageBody({ pagination: { page: 1, perPage: 10 }, sort: { field: '', order: 'ASC' }, filter: { sku: 'x' } });
    expect(body).not.toHaveProperty('sortProp');
    expect(body).not.toHaveProperty('sortOrder');
    expect(exportFilter({ sku: 'x' }, { skuId: 7 }, { field: 'lockQty', order: 'DESC' })).toEqual({ sku: 'x', skuId: 7, sortProp: 'lockQty', sortOrder: 'desc' });
    expect(exportFilter({ sku: 'x' }, {}, { field: '', order: 'ASC' })).toEqual({ sku: 'x' });
  });
});

describe('inventory messages', () => {
  const keys = (tree: unknown, prefix = ''): string[] =>
    typeof tree !== 'object' || tree === null ? [prefix] : Object.entries(tree).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  it('en and zh hold the same keys under app.inventory, with the same placeholders and no plural forms in zh', () => {
    const en = keys(inventoryMessages.en).sort();
    expect(keys(inventoryMessages.zh).sort()).toEqual(en);
    expect(en.every((k) => k.startsWith('app.inventory.'))).toBe(true);
    const get = (tree: unknown, key: string) => key.split('.').reduce<any>((n, k) => n?.[k], tree);
    for (const key of en) {
      const e = get(inventoryMessages.en, key) as string;
      const z = get(inventoryMessages.zh, key) as string;
      expect(z.includes('||||'), key).toBe(false);
      expect((z.match(/%\{\w+\}/g) ?? []).sort(), key).toEqual((e.match(/%\{\w+\}/g) ?? []).sort());
    }
    // no clash with the app catalogue
    expect((appEn.app as Record<string, unknown>).inventory).toBeUndefined();
    expect((appZh.app as Record<string, unknown>).inventory).toBeUndefined();
  });
});

describe('the inventory list in a dialog (preset, picker)', () => {
  it('hides the paging when the total is 0 and shows it otherwise', async () => {
    renderUi(<Generated />, stubDataProvider({ inventoryTotal: 0 }));
    await screen.findByTestId('inventory-filters');
    await screen.findByText(/^No Inventory found/);
    expect(document.querySelector('.MuiTablePagination-root')).toBeNull();
    cleanup();
    renderUi(<Generated />, stubDataProvider({ inventoryTotal: 25 }));
    await screen.findByText('ROSE-30');
    expect(document.querySelector('.MuiTablePagination-root')).not.toBeNull();
    expect(screen.getByText('1-10 of 25')).toBeTruthy();
  });

  it('presets lock the owner and warehouse selects and go into every query', async () => {
    const dp = renderUi(<Generated inDialog preset={{ skuId: 7, companyId: 1, ownerId: 3, warehouseId: 5, containInventory: true, ecPlatform: 1 }} />);
    await screen.findByText('ROSE-30');
    expect(lastInventoryCall(dp).filter).toEqual({ skuId: 7, companyId: 1, ownerId: 3, warehouseId: 5, containInventory: true, ecPlatform: 1 });
    const owner = within(screen.getByTestId('inventory-filter-owner')).getByRole('combobox') as HTMLInputElement;
    const warehouse = within(screen.getByTestId('inventory-filter-warehouse')).getByRole('combobox') as HTMLInputElement;
    expect(owner.disabled).toBe(true);
    expect(warehouse.disabled).toBe(true);
    await waitFor(() => expect(owner.value).toBe('Desert Rose'));
    await waitFor(() => expect(warehouse.value).toBe('Riyadh DC'));
    expect(within(screen.getByTestId('inventory-filter-contain-inventory')).getByRole('combobox').getAttribute('aria-disabled')).toBe('true');
    expect(within(screen.getByTestId('inventory-filter-ec-platform')).getByRole('combobox').getAttribute('aria-disabled')).toBe('true');
    // a search keeps the preset
    fireEvent.change(screen.getByLabelText('SKU or product name'), { target: { value: 'rose' } });
    fireEvent.click(screen.getByTestId('inventory-search'));
    await waitFor(() => expect(lastInventoryCall(dp).filter).toEqual({ sku: 'rose', skuId: 7, companyId: 1, ownerId: 3, warehouseId: 5, containInventory: true, ecPlatform: 1 }));
  });

  it('in a dialog opened from a row, the filter form does not start from that row', async () => {
    const dp = renderUi(
      <RecordContextProvider value={{ id: 7, sku: 'ROSE-30', name: 'Rose water', ownerId: 3, warehouseId: 5, batchNo: 'X' }}>
        <Generated inDialog preset={{ skuId: 7 }} />
      </RecordContextProvider>,
    );
    await screen.findAllByTestId('inventory-row');
    expect((screen.getByLabelText('SKU or product name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Batch number') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByTestId('inventory-search'));
    await waitFor(() => expect(inventoryCalls(dp).length).toBeGreaterThan(1));
    expect(lastInventoryCall(dp).filter).toEqual({ skuId: 7 });
  });

  it('select mode: a Select button per row hands the record back; no export, no change log', async () => {
    const onSelect = vi.fn();
    renderUi(<Generated onSelect={onSelect} />);
    await screen.findByText('ROSE-30');
    expect(screen.queryByTestId('inventory-export')).toBeNull();
    expect(screen.queryByTestId('inventory-row-log')).toBeNull();
    fireEvent.click(screen.getAllByTestId('inventory-row-select')[1]);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 2, sku: 'MUSK-10' }));
  });

  it('the inventory picker dialog shows the list in select mode with its preset', async () => {
    const onSelect = vi.fn();
    const dp = renderUi(<InventoryPickerDialog open onClose={() => undefined} onSelect={onSelect} preset={{ warehouseId: 5, ownerId: 3, containInventory: true }} />);
    const dialog = await screen.findByTestId('inventory-picker-dialog');
    expect(within(dialog).getByText('Select inventory')).toBeTruthy();
    await within(dialog).findByText('ROSE-30');
    expect(lastInventoryCall(dp).filter).toEqual({ warehouseId: 5, ownerId: 3, containInventory: true });
    fireEvent.click(within(dialog).getAllByTestId('inventory-row-select')[0]);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

});

describe('Inventory change-log dialog', () => {
  it('opens from a row, filtered by its inventoryId, and shows old -> new with a change tag', async () => {
    const dp = renderUi(<Generated />);
    await screen.findByText('ROSE-30');
    fireEvent.click(screen.getAllByTestId('inventory-row-log')[0]);
    const dialog = await screen.findByTestId('inventory-log-dialog');
    expect(within(dialog).getByText('Change log of ROSE-30')).toBeTruthy();
    await within(dialog).findByText('5 -> 8');
    const logCall = dp.getList.mock.calls.filter((c) => c[0] === 'inventoryLog').pop()![1];
    expect(logCall.filter).toEqual({ inventoryId: 1 });
    expect(logCall.pagination).toEqual({ page: 1, perPage: 10 });
    expect(logCall.sort.field).toBe('');
    const rows = within(dialog).getAllByTestId('inventory-log-row');
    const first = within(rows[0]);
    expect(first.getByText('+3').closest('.MuiChip-colorSuccess')).not.toBeNull();
    expect(first.getByText('2 -> 2')).toBeTruthy(); // locked quantity unchanged: no tag
    expect(first.getAllByTestId('change-tag')).toHaveLength(1);
    expect(first.getByText('Inventory adjustment')).toBeTruthy();
    expect(first.getByText('IJ20240501000001')).toBeTruthy();
    expect(first.getByText('count')).toBeTruthy();
    const store = first.getByText(/Store one/);
    expect(store.textContent).toBe('Store one\nRiyadh branch');
    // its lines kept, none wrapped (issue 27: one line a row unless the text has lines)
    expect(getComputedStyle(store).whiteSpace).toBe('pre');
    const second = within(rows[1]);
    expect(second.getByText('9 -> 5')).toBeTruthy();
    expect(second.getByText('-4').closest('.MuiChip-colorError')).not.toBeNull();
    expect(second.getByText('+2')).toBeTruthy();
    expect(second.getByText('Outbound order')).toBeTruthy();
    // a click outside does not close it; Escape does
    fireEvent.click(document.querySelector('[data-testid="inventory-log-dialog"] .MuiBackdrop-root')!);
    expect(screen.getByTestId('inventory-log-dialog')).toBeTruthy();
    // columns of spec 2.7 (no warehouse / owner / SKU: the dialog is about one record)
    expect(within(dialog).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'No.', 'Quantity change', 'Locked quantity change', 'Document type', 'Document number', 'Remark', 'Store info', 'Created',
    ]);
  });

  // the date-time range is MUI X's picker, driven in a browser (tests/e2e/zh-screens.test.ts); its bounds: filter-bounds.test.ts
  it('filters by document number and type, keeping the inventoryId', async () => {
    const dp = renderUi(<Generated />);
    await screen.findByText('ROSE-30');
    fireEvent.click(screen.getAllByTestId('inventory-row-log')[0]);
    const dialog = await screen.findByTestId('inventory-log-dialog');
    await within(dialog).findByText('5 -> 8');
    fireEvent.change(within(dialog).getByLabelText('Document number'), { target: { value: ' IJ1 ' } });
    await pick(within(dialog).getByTestId('inventory-log-filter-biz-type'), 'Inventory adjustment');
    fireEvent.click(within(dialog).getByTestId('inventory-log-search'));
    await waitFor(() => {
      const last = dp.getList.mock.calls.filter((c) => c[0] === 'inventoryLog').pop()![1];
      expect(last.filter).toEqual({ inventoryId: 1, bizNo: 'IJ1', bizType: 3 });
      expect(last.pagination.page).toBe(1);
    });
    // the inventory list's own filter is untouched
    expect(lastInventoryCall(dp).filter).toEqual({});
  });
});

describe('the generated inventory list (resources.yaml inventory.screen)', () => {
  it('codes its filters: texts trimmed, ids and the platform as numbers, in stock as a boolean, categories as an id array', () => {
    const codec = screenFilterCodec(screenOf(screenSource, 'inventory'));
    expect(codec.toFilter({ sku: ' rose ', ownerId: '3', warehouseId: null, batchNo: ' ', containInventory: 'false', ecPlatform: '1', categoryIds: ['21', 22] })).toEqual({
      sku: 'rose', ownerId: 3, containInventory: false, ecPlatform: 1, categoryIds: [21, 22],
    });
    expect(codec.toFilter({ containInventory: null, categoryIds: [] })).toEqual({});
    expect(codec.toValues({ containInventory: true, categoryIds: [21] })).toMatchObject({ containInventory: true, categoryIds: [21], sku: '' });
  });

  it('loads page 1 of 10 without a sort, shows the columns of spec 2.6 and offers only the change log', async () => {
    const dp = renderUi(<Generated />);
    expect(await screen.findByText('ROSE-30')).toBeTruthy();
    const params = lastInventoryCall(dp);
    expect(params.pagination).toEqual({ page: 1, perPage: 10 });
    expect(params.sort.field).toBe('');
    expect(params.filter).toEqual({});
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'No.', 'Company', 'Warehouse', 'Goods owner', 'SKU', 'Image', 'Quantity', 'Locked quantity', 'Product name', 'Goods number',
      'Category', 'Colour', 'Size', 'Weight (kg)', 'Batch number', 'Expiry date', 'Suppliers', 'Platforms', 'Operations',
    ]);
    const sortable = screen.getAllByRole('columnheader').filter((h) => h.querySelector('.MuiTableSortLabel-root')).map((h) => h.textContent);
    expect(sortable).toEqual(['Quantity', 'Locked quantity']);
    const rows = screen.getAllByTestId('inventory-row');
    const first = within(rows[0]);
    for (const text of ['Rose water', 'G-1', 'Perfume', '0.25', 'Taif Farms', 'Bulgarian Rose Co', 'noon', 'Amazon.sa']) expect(first.getByText(text)).toBeTruthy();
    // read-only: the change log only, no Add
    expect(screen.getAllByTestId('inventory-row-log')).toHaveLength(2);
    for (const id of ['inventory-row-view', 'inventory-row-edit', 'inventory-row-delete', 'inventory-add']) expect(screen.queryByTestId(id)).toBeNull();
    expect(await screen.findByTestId('inventory-export')).toBeTruthy();
  });

  it('filters by text, in stock, platform and categories from page 1; Reset clears', async () => {
    const dp = renderUi(<Generated />, stubDataProvider({ inventoryTotal: 25 }));
    await screen.findByText('ROSE-30');
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastInventoryCall(dp).pagination.page).toBe(2));
    fireEvent.change(within(screen.getByTestId('inventory-filter-sku')).getByRole('textbox'), { target: { value: '  rose  ' } });
    await pick(screen.getByTestId('inventory-filter-contain-inventory'), 'No');
    await pick(screen.getByTestId('inventory-filter-ec-platform'), 'noon');
    const categories = within(screen.getByTestId('inventory-filter-category-ids')).getByRole('combobox');
    fireEvent.mouseDown(categories);
    fireEvent.change(categories, { target: { value: 'Per' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Perfume' }));
    fireEvent.click(screen.getByTestId('inventory-search'));
    await waitFor(() => expect(lastInventoryCall(dp).filter).toEqual({ sku: 'rose', containInventory: false, ecPlatform: 1, categoryIds: [21] }));
    expect(lastInventoryCall(dp).pagination.page).toBe(1);
    fireEvent.click(screen.getByTestId('inventory-reset'));
    await waitFor(() => expect(lastInventoryCall(dp).filter).toEqual({}));
  });

  it('sorts by quantity ascending, descending, then clears the sort', async () => {
    const dp = renderUi(<Generated />);
    await screen.findByText('ROSE-30');
    const header = () => screen.getAllByRole('columnheader').find((h) => h.textContent === 'Locked quantity')!.querySelector('.MuiTableSortLabel-root') as HTMLElement;
    fireEvent.click(header());
    await waitFor(() => expect(lastInventoryCall(dp).sort).toEqual({ field: 'lockQty', order: 'ASC' }));
    fireEvent.click(header());
    await waitFor(() => expect(lastInventoryCall(dp).sort).toEqual({ field: 'lockQty', order: 'DESC' }));
    fireEvent.click(header());
    await waitFor(() => expect(lastInventoryCall(dp).sort.field).toBe(''));
  });

  it("opens a row's change log, filtered by its inventoryId; Export follows sku_inventory:export", async () => {
    const dp = renderUi(<Generated />, stubDataProvider(), ['sku_inventory:list']);
    await screen.findByText('ROSE-30');
    fireEvent.click(screen.getAllByTestId('inventory-row-log')[0]);
    const dialog = await screen.findByTestId('inventory-log-dialog');
    expect(within(dialog).getByText('Change log of ROSE-30')).toBeTruthy();
    await waitFor(() => expect(dp.getList.mock.calls.filter((c) => c[0] === 'inventoryLog').pop()![1].filter).toEqual({ inventoryId: 1 }));
    expect(screen.queryByTestId('inventory-export')).toBeNull();
  });
});
