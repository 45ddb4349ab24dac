// @vitest-environment jsdom
/**
 * PermissionTreeInput and permissionTree.ts (spec 3 permission: code, type menu/button, parent; spec 6
 * permissions of type menu or button, menu filtered recursively; spec 1 labels in the current language).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Form, ResourceContextProvider, useLocaleState, type DataProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { generatedMessages } from '../../generated/client/i18n';
import {
  PermissionTreeInput,
  buildPermissionTree,
  checkState,
  toggleNode,
  widgetMessages,
  type PermissionRecord,
} from '../../src/client/widgets';

const PERMISSIONS: PermissionRecord[] = [
  { id: 1, code: 'sku', name: 'SKU', nameZh: '商品', type: 1, parentCode: null },
  { id: 2, code: 'sku:list', name: 'SKU list', nameZh: '商品列表', type: 1, parentCode: 'sku' },
  { id: 3, code: 'sku:add', name: 'Add SKU', nameZh: '新增商品', type: 2, parentCode: 'sku:list' },
  { id: 4, code: 'warehouse', name: 'Warehouses', nameZh: '仓库', type: 1, parentCode: null },
  { id: 5, code: 'warehouse:add', name: 'Add warehouse', nameZh: '新增仓库', type: 2, parentCode: 'warehouse' },
  { id: 6, code: 'warehouse:edit', name: 'Edit warehouse', nameZh: '编辑仓库', type: 2, parentCode: 'warehouse' },
  { id: 7, code: 'warehouse:list', name: 'Warehouse list', nameZh: '仓库列表', type: 1, parentCode: 'warehouse' },
];

function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('permissionTree', () => {
  const tree = buildPermissionTree(PERMISSIONS);
  const node = (code: string) => tree.byCode.get(code)!;

  it('links nodes by parentCode', () => {
    expect(tree.roots.map((n) => n.code)).toEqual(['sku', 'warehouse']);
    expect(node('sku').children.map((n) => n.code)).toEqual(['sku:list']);
    expect(node('sku:list').children.map((n) => n.code)).toEqual(['sku:add']);
    expect(node('warehouse').children.map((n) => n.code)).toEqual(['warehouse:add', 'warehouse:edit', 'warehouse:list']);
  });

  it('makes roots of unknown parents, self parents and cycles', () => {
    const t = buildPermissionTree([
      { id: 1, code: 'a', parentCode: 'missing' },
      { id: 2, code: 'b', parentCode: 'b' },
      { id: 3, code: 'c', parentCode: 'd' },
      { id: 4, code: 'd', parentCode: 'c' },
    ]);
    expect(t.roots.map((n) => n.code).sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('checking a node adds it, its descendants and its ancestors; unchecking clears them', () => {
    expect(toggleNode(node('sku'), ['x'])).toEqual(['x', 'sku', 'sku:list', 'sku:add']);
    expect(toggleNode(node('sku:add'), [])).toEqual(['sku', 'sku:list', 'sku:add']);
    expect(toggleNode(node('sku'), ['x', 'sku', 'sku:list', 'sku:add'])).toEqual(['x']);
    // unchecking the last checked member drops the ancestors left empty
    expect(toggleNode(node('sku:add'), ['sku', 'sku:list', 'sku:add'])).toEqual([]);
    expect(toggleNode(node('warehouse:add'), ['warehouse', 'warehouse:add', 'warehouse:list'])).toEqual(['warehouse', 'warehouse:list']);
  });

  it('leaves codes the editor cannot grant as they are (issue 26)', () => {
    const held = (code: string) => code.startsWith('warehouse');
    expect(toggleNode(node('sku'), ['x'], held)).toEqual(['x']);
    expect(toggleNode(node('warehouse'), ['sku:add'], held)).toEqual(['sku:add', 'warehouse', 'warehouse:add', 'warehouse:edit', 'warehouse:list']);
    // clearing a group keeps the codes beyond the editor (the server refuses to edit such a role anyway)
    expect(toggleNode(node('warehouse'), ['warehouse', 'warehouse:add', 'warehouse:edit', 'warehouse:list'], (c) => c !== 'warehouse:edit')).toEqual(['warehouse:edit']);
  });

  it('a group is checked when all of it is, indeterminate when some of it is', () => {
    const all = new Set(['warehouse', 'warehouse:add', 'warehouse:edit', 'warehouse:list']);
    expect(checkState(node('warehouse'), all)).toEqual({ checked: true, indeterminate: false });
    expect(checkState(node('warehouse'), new Set(['warehouse', 'warehouse:list']))).toEqual({ checked: false, indeterminate: true });
    expect(checkState(node('warehouse'), new Set())).toEqual({ checked: false, indeterminate: false });
    expect(checkState(node('warehouse:add'), all)).toEqual({ checked: true, indeterminate: false });
  });
});

describe('widget messages', () => {
  it('has the permission tree texts in both languages', () => {
    expect(keys(widgetMessages.zh).sort()).toEqual(keys(widgetMessages.en).sort());
    expect(widgetMessages.en.wms.widgets.permissionTree.expandAll).toBe('Expand all');
    expect(widgetMessages.zh.wms.widgets.permissionTree.collapseAll).toBe('全部折叠');
  });
});

const i18nProvider = polyglotI18nProvider(
  // the type tags are the manifest's enum labels (enums.PermissionType.*)
  (locale) => (locale === 'zh' ? { ...englishMessages, ...widgetMessages.zh, ...generatedMessages.zh } : { ...englishMessages, ...widgetMessages.en, ...generatedMessages.en }),
  'en',
  [
    { locale: 'en', name: 'English' },
    { locale: 'zh', name: '中文' },
  ],
);

function stubDataProvider(): DataProvider {
  return {
    getList: vi.fn(() => Promise.resolve({ data: PERMISSIONS, total: PERMISSIONS.length })),
    getMany: vi.fn(() => Promise.resolve({ data: [] })),
    getManyReference: vi.fn(() => Promise.resolve({ data: [], total: 0 })),
    getOne: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
  } as unknown as DataProvider;
}

const LocaleSwitch = () => {
  const [, setLocale] = useLocaleState();
  return <button onClick={() => setLocale('zh')}>zh</button>;
};

function renderTree(value: string[], held?: string[]) {
  const dataProvider = stubDataProvider();
  const onSubmit = vi.fn();
  const authProvider = held && { login: async () => {}, logout: async () => {}, checkAuth: async () => {}, checkError: async () => {}, getPermissions: async () => held };
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authProvider}>
      <ResourceContextProvider value="role">
        <Form record={{ id: 1, permissionCodes: value }} onSubmit={onSubmit}>
          <PermissionTreeInput source="permissionCodes" label="Permissions" />
          <button type="submit">submit</button>
        </Form>
        <LocaleSwitch />
      </ResourceContextProvider>
    </AdminContext>,
  );
  const submit = async () => {
    fireEvent.click(screen.getByText('submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    return onSubmit.mock.calls[onSubmit.mock.calls.length - 1][0].permissionCodes as string[];
  };
  return { dataProvider, submit };
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const indeterminate = (name: string) => box(name).getAttribute('data-indeterminate') === 'true';

afterEach(cleanup);

describe('PermissionTreeInput', () => {
  it('offers only the codes the editor holds (issue 26)', async () => {
    renderTree([], ['warehouse', 'warehouse:list']);
    await waitFor(() => expect(box('SKU').disabled).toBe(true));
    expect(box('Warehouse list').disabled).toBe(false);
    expect(box('Add warehouse').disabled).toBe(true);
  });

  it('loads all permissions sorted by code and shows tags, names and codes', async () => {
    const { dataProvider } = renderTree([]);
    await screen.findByRole('checkbox', { name: 'Warehouses' });
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'permission',
      expect.objectContaining({ pagination: { page: 1, perPage: 500 }, sort: { field: 'code', order: 'ASC' } }),
    );
    const row = screen.getByTestId('permission-node-warehouse:add');
    expect(within(row).getByText('Button')).toBeTruthy();
    expect(within(row).getByText('warehouse:add')).toBeTruthy();
    expect(within(screen.getByTestId('permission-node-sku')).getAllByText('Menu').length).toBeGreaterThan(0);
  });

  it('checks a parent with all its descendants, shows indeterminate after unchecking one, submits the codes', async () => {
    const { submit } = renderTree(['warehouse', 'warehouse:list', 'role']);
    await screen.findByRole('checkbox', { name: 'Warehouses' });
    expect(indeterminate('Warehouses')).toBe(true);
    expect(box('Warehouses').checked).toBe(false);
    expect(box('Warehouse list').checked).toBe(true);

    fireEvent.click(box('Warehouses'));
    for (const name of ['Warehouses', 'Add warehouse', 'Edit warehouse', 'Warehouse list']) expect(box(name).checked, name).toBe(true);
    expect(indeterminate('Warehouses')).toBe(false);

    fireEvent.click(box('Edit warehouse'));
    expect(box('Edit warehouse').checked).toBe(false);
    expect(indeterminate('Warehouses')).toBe(true);
    expect(box('SKU').checked).toBe(false);

    const codes = await submit();
    expect([...codes].sort()).toEqual(['role', 'warehouse', 'warehouse:add', 'warehouse:list']);
  });

  it('checking a child adds its ancestors; unchecking the parent clears everything', async () => {
    const { submit } = renderTree([]);
    await screen.findByRole('checkbox', { name: 'Add SKU' });
    fireEvent.click(box('Add warehouse'));
    expect(indeterminate('Warehouses')).toBe(true);
    expect([...(await submit())].sort()).toEqual(['warehouse', 'warehouse:add']);
    fireEvent.click(box('Add warehouse'));
    expect(indeterminate('Warehouses')).toBe(false);
    expect(box('Warehouses').checked).toBe(false);

    fireEvent.click(box('Add SKU'));
    expect(box('Add SKU').checked).toBe(true);
    // sku:list has one child, now all checked
    expect(box('SKU list').checked).toBe(true);
    expect(box('SKU').checked).toBe(true);
    fireEvent.click(box('SKU'));
    for (const name of ['SKU', 'SKU list', 'Add SKU']) expect(box(name).checked, name).toBe(false);
    expect(indeterminate('SKU')).toBe(false);
  });

  it('filters by name or code and expands / collapses all', async () => {
    renderTree([]);
    await screen.findByRole('checkbox', { name: 'Warehouses' });

    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.queryByRole('checkbox', { name: 'Add warehouse' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Warehouses' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByRole('checkbox', { name: 'Add warehouse' })).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Collapse' })[0]);
    expect(screen.queryByRole('checkbox', { name: 'SKU list' })).toBeNull();

    fireEvent.change(screen.getByTestId('permission-filter'), { target: { value: 'ADD' } });
    // matches and their ancestors; collapsed groups on the way open
    expect(screen.getByRole('checkbox', { name: 'Add SKU' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'SKU list' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Add warehouse' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Edit warehouse' })).toBeNull();

    fireEvent.change(screen.getByTestId('permission-filter'), { target: { value: 'warehouse:ed' } });
    expect(screen.getByRole('checkbox', { name: 'Edit warehouse' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'SKU' })).toBeNull();

    fireEvent.change(screen.getByTestId('permission-filter'), { target: { value: 'nothing like it' } });
    expect(screen.getByText('No matching permissions')).toBeTruthy();
  });

  it('shows nameZh in Chinese', async () => {
    renderTree([]);
    await screen.findByRole('checkbox', { name: 'Warehouses' });
    await act(async () => {
      fireEvent.click(screen.getByText('zh'));
    });
    expect(await screen.findByRole('checkbox', { name: '仓库' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '全部展开' })).toBeTruthy();
    expect(within(screen.getByTestId('permission-node-warehouse:add')).getByText('按钮')).toBeTruthy();
  });
});
