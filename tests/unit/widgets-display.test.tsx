// @vitest-environment jsdom
/**
 * Display widgets of src/client/widgets: EnumField, YesNoField, MoneyField, RefsField, LockToggleButton,
 * ListPagination (spec 1, 2.6, 2.10, 3, 4, 9).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  AdminContext,
  ListContextProvider,
  RecordContextProvider,
  ResourceContextProvider,
  useList,
  type AuthProvider,
  type DataProvider,
  type RaRecord,
} from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

vi.mock('../../generated/shared/enums', () => ({
  Status: { ENABLE: 1, LOCK: -1 },
  enumValues: { Status: [{ key: 'ENABLE', value: 1 }, { key: 'LOCK', value: -1 }] },
}));

import {
  EnumField,
  ListPagination,
  LockToggleButton,
  MoneyField,
  RefsField,
  YesNoField,
  centsToText,
  textToCents,
  widgetMessages,
} from '../../src/client/widgets';

const i18nProvider = polyglotI18nProvider(
  () => ({ ...englishMessages, enums: { Status: { ENABLE: 'Enabled', LOCK: 'Locked' } }, ...widgetMessages.en }),
  'en',
);

function stubDataProvider(extra: Record<string, unknown> = {}): DataProvider {
  const empty = () => Promise.resolve({ data: [], total: 0 });
  return {
    getList: vi.fn(empty),
    getMany: vi.fn(() => Promise.resolve({ data: [] })),
    getManyReference: vi.fn(empty),
    getOne: vi.fn(() => Promise.resolve({ data: { id: 0 } })),
    create: vi.fn(),
    update: vi.fn(),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
    ...extra,
  } as unknown as DataProvider;
}

function renderIn(node: ReactNode, opts: { record?: RaRecord; resource?: string; dataProvider?: DataProvider; authProvider?: AuthProvider } = {}) {
  const { record, resource = 'warehouse', dataProvider = stubDataProvider(), authProvider } = opts;
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authProvider}>
      <ResourceContextProvider value={resource}>
        <RecordContextProvider value={record}>{node}</RecordContextProvider>
      </ResourceContextProvider>
    </AdminContext>,
  );
}

afterEach(cleanup);

describe('EnumField', () => {
  it('shows the translated label of the stored value', async () => {
    renderIn(<EnumField source="status" enumName="Status" />, { record: { id: 1, status: 1 } });
    const chip = await screen.findByText('Enabled');
    expect(chip.closest('.MuiChip-root')?.className).toContain('MuiChip-colorSuccess');
  });

  it('shows LOCK as a default (grey) chip', async () => {
    renderIn(<EnumField source="status" enumName="Status" />, { record: { id: 1, status: -1 } });
    const chip = await screen.findByText('Locked');
    expect(chip.closest('.MuiChip-root')?.className).toContain('MuiChip-colorDefault');
  });
});

describe('YesNoField', () => {
  it('follows the locale texts of ra.boolean', async () => {
    renderIn(
      <>
        <YesNoField source="a" />|<YesNoField source="b" />
      </>,
      { record: { id: 1, a: true, b: false } },
    );
    expect(await screen.findByText('Yes')).toBeTruthy();
    expect(screen.getByText('No')).toBeTruthy();
  });
});

describe('MoneyField', () => {
  it('shows cents divided by 100 with 2 decimals', async () => {
    renderIn(<MoneyField source="amount" />, { record: { id: 1, amount: 12345 } });
    expect(await screen.findByText('123.45')).toBeTruthy();
  });

  it('converts both ways', () => {
    expect(centsToText(100)).toBe('1.00');
    expect(centsToText(null)).toBe('');
    expect(centsToText(2550.5)).toBe('25.505'); // an amount the money rule refuses is shown as typed
    expect(textToCents('123.456')).toBe(12345.6); // never rounded: the money rule refuses it (issue 26)
    expect(textToCents(0.29)).toBe(29);
    expect(textToCents('')).toBeNull();
  });
});

describe('RefsField', () => {
  it('shows one All chip for [-1] with allowAll', async () => {
    const dataProvider = stubDataProvider();
    renderIn(<RefsField source="warehouseIds" reference="warehouse" allowAll />, { record: { id: 1, warehouseIds: [-1] }, resource: 'user', dataProvider });
    expect(await screen.findByText('All')).toBeTruthy();
    expect(dataProvider.getMany).not.toHaveBeenCalled();
  });

  it('shows the referenced records otherwise', async () => {
    const dataProvider = stubDataProvider({
      getMany: vi.fn(() => Promise.resolve({ data: [{ id: 3, name: 'Dubai hub' }, { id: 4, name: 'Riyadh hub' }] })),
    });
    renderIn(<RefsField source="warehouseIds" reference="warehouse" allowAll />, { record: { id: 1, warehouseIds: [3, 4] }, resource: 'user', dataProvider });
    expect(await screen.findByText('Dubai hub')).toBeTruthy();
    expect(screen.getByText('Riyadh hub')).toBeTruthy();
    expect(dataProvider.getMany).toHaveBeenCalledWith('warehouse', expect.objectContaining({ ids: [3, 4] }));
  });
});

describe('LockToggleButton', () => {
  it('locks an enabled record without triggering the row click', async () => {
    const lock = vi.fn(() => Promise.resolve({ data: { id: 7, status: -1 } }));
    const unlock = vi.fn();
    const rowClick = vi.fn();
    const dataProvider = stubDataProvider({ lock, unlock });
    renderIn(
      <div onClick={rowClick}>
        <LockToggleButton />
      </div>,
      { record: { id: 7, status: 1, name: 'Riyadh DC' }, dataProvider },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Lock' }));
    // asks first, naming the record (issue 27); Keep enabled changes nothing
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Lock warehouse Riyadh DC?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep enabled' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(lock).toHaveBeenCalledWith('warehouse', { id: 7 }));
    expect(unlock).not.toHaveBeenCalled();
    expect(rowClick).not.toHaveBeenCalled();
  });

  it('unlocks a locked record', async () => {
    const unlock = vi.fn(() => Promise.resolve({ data: { id: 8, status: 1 } }));
    const dataProvider = stubDataProvider({ lock: vi.fn(), unlock });
    renderIn(<LockToggleButton />, { record: { id: 8, status: -1 }, dataProvider });
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(unlock).toHaveBeenCalledWith('warehouse', { id: 8 }));
  });

  it('is hidden without the permission', async () => {
    const canAccess = vi.fn(() => Promise.resolve(false));
    const authProvider: AuthProvider = {
      login: () => Promise.resolve(),
      logout: () => Promise.resolve(),
      checkAuth: () => Promise.resolve(),
      checkError: () => Promise.resolve(),
      canAccess,
    };
    renderIn(<LockToggleButton />, { record: { id: 7, status: 1 }, authProvider });
    await waitFor(() => expect(canAccess).toHaveBeenCalledWith(expect.objectContaining({ resource: 'warehouse', action: 'lock' })));
    expect(screen.queryByRole('button')).toBeNull();
  });
});

function PagedList({ data, children, total, meta }: { data: RaRecord[]; children: ReactNode; total?: number; meta?: unknown }) {
  const context = useList({ data, perPage: 10 });
  // total / meta as a server page answer sets them (the client-side list knows only its own rows)
  return <ListContextProvider value={{ ...context, ...(total !== undefined ? { total } : {}), meta } as typeof context}>{children}</ListContextProvider>;
}

describe('ListPagination', () => {
  it('renders nothing when the total is 0', async () => {
    const { container } = renderIn(
      <PagedList data={[]}>
        <ListPagination />
      </PagedList>,
    );
    await waitFor(() => expect(container.querySelector('.MuiToolbar-root')).toBeNull());
    expect(container.querySelector('.MuiTablePagination-root')).toBeNull();
  });

  it('offers the page sizes of spec 9 when there are records', async () => {
    const { container } = renderIn(
      <PagedList data={[{ id: 1 }, { id: 2 }, { id: 3 }]}>
        <ListPagination />
      </PagedList>,
    );
    await waitFor(() => expect(container.querySelector('.MuiTablePagination-root')).not.toBeNull());
    expect(screen.getByText('1-3 of 3')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['10', '20', '30', '50', '100', '500']);
  });

  it('says "10,000+" when the server capped the total (meta.totalCapped), and the exact total otherwise', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1 }));
    renderIn(<PagedList data={rows} total={10000} meta={{ totalCapped: true }}><ListPagination /></PagedList>);
    expect(await screen.findByText('1-10 of 10,000+')).toBeTruthy();
    cleanup();
    renderIn(<PagedList data={rows} total={10000}><ListPagination /></PagedList>);
    expect(await screen.findByText('1-10 of 10000')).toBeTruthy();
  });
});

describe('capped pager text', () => {
  it('has the same placeholders in both languages, "条" in Chinese', () => {
    expect(widgetMessages.zh.wms.widgets.cappedRange).toMatch(/%\{total\}\+ 条$/);
    for (const m of [widgetMessages.en, widgetMessages.zh]) expect(m.wms.widgets.cappedRange.match(/%\{\w+\}/g)).toEqual(['%{offsetBegin}', '%{offsetEnd}', '%{total}']);
  });
});
