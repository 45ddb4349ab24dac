// @vitest-environment jsdom
/**
 * Form widgets of src/client/widgets: StringsInput, MoneyInput, EnumInput, AllOrSomeInput, ProvinceInput,
 * CityInput, useFormResolver, widgetMessages (spec 1, 2.5, 2.10, 3, 5, 9).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import * as yup from 'yup';
import { IMAGE_ACCEPT } from '../../src/shared/files';
import { AdminContext, Form, ResourceContextProvider, TextInput, useLocaleState, type AuthProvider, type DataProvider, type RaRecord } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { yupResolver } from '@hookform/resolvers/yup';
import { rules } from '../../src/shared/validation';

vi.mock('../../generated/shared/enums', () => ({
  Status: { ENABLE: 1, LOCK: -1 },
  enumValues: { Status: [{ key: 'ENABLE', value: 1 }, { key: 'LOCK', value: -1 }] },
}));

import {
  AllOrSomeInput,
  GrantableRolesInput,
  isImageFile,
  CityInput,
  CountryInput,
  EnumInput,
  MoneyInput,
  ProvinceInput,
  StringsInput,
  formatLines,
  parseLines,
  useFormResolver,
  widgetMessages,
} from '../../src/client/widgets';

const i18nProvider = polyglotI18nProvider(
  (locale) =>
    locale === 'zh'
      ? { ...englishMessages, ...widgetMessages.zh }
      : { ...englishMessages, enums: { Status: { ENABLE: 'Enabled', LOCK: 'Locked' } }, ...widgetMessages.en },
  'en',
  [
    { locale: 'en', name: 'English' },
    { locale: 'zh', name: '中文' },
  ],
);

type GetList = (resource: string, params: { filter: Record<string, unknown> }) => Promise<{ data: RaRecord[]; total: number }>;

function stubDataProvider(getList?: GetList, getMany?: DataProvider['getMany']): DataProvider {
  const empty = () => Promise.resolve({ data: [], total: 0 });
  return {
    getList: vi.fn(getList ?? empty),
    getMany: vi.fn(getMany ?? (() => Promise.resolve({ data: [] }))),
    getManyReference: vi.fn(empty),
    getOne: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
  } as unknown as DataProvider;
}

/** A react-admin Form with a submit button; returns the submit spy. */
function renderForm(children: ReactNode, record: Record<string, unknown> = {}, dataProvider = stubDataProvider(), authProvider?: AuthProvider) {
  const onSubmit = vi.fn();
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authProvider}>
      <ResourceContextProvider value="user">
        <Form record={record} onSubmit={onSubmit}>
          {children}
          <button type="submit">submit</button>
        </Form>
      </ResourceContextProvider>
    </AdminContext>,
  );
  const submit = async () => {
    fireEvent.click(screen.getByText('submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    return onSubmit.mock.calls[onSubmit.mock.calls.length - 1][0] as Record<string, unknown>;
  };
  return { onSubmit, submit };
}

afterEach(cleanup);

describe('widgetMessages', () => {
  it('has the same keys in en and zh, with the Chinese texts of the brief', () => {
    expect(Object.keys(widgetMessages.zh.wms.widgets).sort()).toEqual(Object.keys(widgetMessages.en.wms.widgets).sort());
    expect(widgetMessages.zh.wms.widgets).toMatchObject({ all: '全部', lock: '锁定', unlock: '解锁', selectCountryFirst: '请先选择国家', selectProvinceFirst: '请先选择省/州' });
    expect(widgetMessages.en.wms.widgets.tooLong).toContain('%{max}');
    expect(widgetMessages.zh.wms.widgets.tooLong).toBe('最多%{max}个字符');
  });
});

describe('StringsInput', () => {
  it('parses lines: trimmed, blank lines dropped', () => {
    expect(parseLines('  a  \n\n   \r\n b\n')).toEqual(['a', 'b']);
    expect(parseLines('')).toEqual([]);
    expect(formatLines(['x', 'y'])).toBe('x\ny');
  });

  it('shows the array one value per line and submits the cleaned array', async () => {
    const { submit } = renderForm(<StringsInput source="names" label="Names" />, { names: ['one', 'two'] });
    const box = screen.getByLabelText('Names') as HTMLTextAreaElement;
    expect(box.value).toBe('one\ntwo');
    fireEvent.change(box, { target: { value: '  alpha \n\n beta\n   \n' } });
    // the typed text stays as typed (a new line is not swallowed)
    expect(box.value).toBe('  alpha \n\n beta\n   \n');
    expect((await submit()).names).toEqual(['alpha', 'beta']);
  });

  it('rejects more than 10000 characters', async () => {
    const { onSubmit } = renderForm(<StringsInput source="names" label="Names" />);
    fireEvent.change(screen.getByLabelText('Names'), { target: { value: 'x'.repeat(10001) } });
    fireEvent.click(screen.getByText('submit'));
    expect(await screen.findByText('At most 10000 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('MoneyInput', () => {
  it('edits cents as amounts and stores cents', async () => {
    const { submit } = renderForm(<MoneyInput source="amount" label="Amount" />, { amount: 12345 });
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(input.value).toBe('123.45');
    fireEvent.change(input, { target: { value: '7.5' } });
    expect((await submit()).amount).toBe(750);
  });

  it('refuses an amount with more than 2 decimals with the money rule, never rounding it (issue 26)', async () => {
    const onSubmit = vi.fn();
    const schema = yup.object({ amount: rules('en', 'add', 'input').money({ en: 'Cash on delivery', zh: '代收货款' }, { min: 0 }) });
    render(
      <AdminContext dataProvider={stubDataProvider()} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="user">
          <Form record={{ amount: 100 }} onSubmit={onSubmit} resolver={yupResolver(schema)}>
            <MoneyInput source="amount" label="Amount" />
            <button type="submit">submit</button>
          </Form>
        </ResourceContextProvider>
      </AdminContext>,
    );
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '25.505' } });
    fireEvent.click(screen.getByText('submit'));
    expect(await screen.findByText('Cash on delivery can have at most 2 decimals')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input.value).toBe('25.505'); // shown as typed, not as a rounded 25.51
    fireEvent.change(input, { target: { value: '25.50' } });
    fireEvent.click(screen.getByText('submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].amount).toBe(2550);
  });
});

describe('EnumInput', () => {
  it('offers the translated enum values', async () => {
    renderForm(<EnumInput source="status" enumName="Status" label="Status" />, { status: -1 });
    expect(await screen.findByText('Locked')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['Enabled', 'Locked']));
  });
});

describe('AllOrSomeInput', () => {
  it('switch on means [-1]; off shows the multi-select of enabled records', async () => {
    const dataProvider = stubDataProvider(() => Promise.resolve({ data: [{ id: 3, name: 'Dubai hub' }], total: 1 }));
    const { submit } = renderForm(<AllOrSomeInput source="warehouseIds" reference="warehouse" label="Warehouses" />, { warehouseIds: [-1] }, dataProvider);
    const toggle = screen.getByRole('switch', { name: 'All' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.queryByRole('combobox')).toBeNull();

    fireEvent.click(toggle);
    await screen.findByRole('combobox');
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenCalledWith('warehouse', expect.objectContaining({ filter: expect.objectContaining({ status: 1 }) })),
    );
    expect((await submit()).warehouseIds).toEqual([]);

    fireEvent.click(screen.getByRole('switch', { name: 'All' }));
    expect((await submit()).warehouseIds).toEqual([-1]);
  });

  it('offers "all" only to an editor whose own scope is all (issue 26)', async () => {
    const editor = (warehouseIds: number[]): AuthProvider => ({
      login: async () => {}, logout: async () => {}, checkAuth: async () => {}, checkError: async () => {}, getPermissions: async () => ['user'],
      getIdentity: async () => ({ id: 9, user: { id: 9, roles: ['user'], warehouseIds, ownerIds: [1] } }),
    });
    renderForm(<AllOrSomeInput source="warehouseIds" reference="warehouse" />, {}, stubDataProvider(), editor([3]));
    await waitFor(() => expect((screen.getByRole('switch', { name: 'All' }) as HTMLInputElement).disabled).toBe(true));
    cleanup();
    renderForm(<AllOrSomeInput source="warehouseIds" reference="warehouse" />, {}, stubDataProvider(), editor([-1]));
    await new Promise((ok) => setTimeout(ok, 50));
    expect((screen.getByRole('switch', { name: 'All' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('starts off with an empty list in a create form', async () => {
    const { submit } = renderForm(<AllOrSomeInput source="ownerIds" reference="owner" />);
    expect((screen.getByRole('switch', { name: 'All' }) as HTMLInputElement).checked).toBe(false);
    expect((await submit()).ownerIds).toEqual([]);
  });
});

describe('GrantableRolesInput', () => {
  it('offers only the roles the editor may grant, keeping the ones the record holds (issue 26)', async () => {
    const roles = [
      { id: 1, code: 'admin', name: 'Administrator', permissionCodes: [] },
      { id: 2, code: 'clerk', name: 'Clerk', permissionCodes: ['user'] },
      { id: 3, code: 'stock', name: 'Stock keeper', permissionCodes: ['sku'] },
      { id: 4, code: 'sku', name: 'Coded like a permission', permissionCodes: [] },
      { id: 5, code: 'old', name: 'Held already', permissionCodes: ['dbms'] },
    ];
    const auth: AuthProvider = { login: async () => {}, logout: async () => {}, checkAuth: async () => {}, checkError: async () => {}, getPermissions: async () => ['user'] };
    renderForm(<GrantableRolesInput source="roleIds" label="Roles" />, { id: 7, roleIds: [5] }, stubDataProvider(() => Promise.resolve({ data: roles, total: roles.length })), auth);
    const box = await screen.findByRole('combobox');
    await screen.findByText('Held already'); // the record's role shows as chosen
    fireEvent.mouseDown(box);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(await screen.findByRole('option', { name: 'Clerk' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Administrator' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Stock keeper' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Coded like a permission' })).toBeNull();
  });
});

describe('CountryInput', () => {
  it('lists countries by English name and stores the country code', async () => {
    const dataProvider = stubDataProvider((resource) =>
      Promise.resolve(
        resource === 'country'
          ? { data: [{ id: 1, countryCode: 'AE', enName: 'United Arab Emirates' }, { id: 2, countryCode: 'SA', enName: 'Saudi Arabia' }], total: 2 }
          : { data: [], total: 0 },
      ),
    );
    const { submit } = renderForm(<CountryInput source="countryCode" label="Country" />, { countryCode: 'SA' }, dataProvider);
    await waitFor(() => expect((screen.getByLabelText('Country') as HTMLInputElement).value).toBe('Saudi Arabia (SA)'));
    expect(dataProvider.getList).toHaveBeenCalledWith('country', expect.objectContaining({ pagination: { page: 1, perPage: 500 }, sort: { field: 'enName', order: 'ASC' } }));
    fireEvent.mouseDown(screen.getByLabelText('Country'));
    fireEvent.click(await screen.findByText('United Arab Emirates (AE)'));
    expect((await submit()).countryCode).toBe('AE');
  });
});

describe('ProvinceInput and CityInput', () => {
  const getList: GetList = (resource, { filter }) => {
    if (resource === 'province') {
      return Promise.resolve(filter.countryCode === 'AE' ? { data: [{ id: 1, countryCode: 'AE', enName: 'Dubai' }], total: 1 } : { data: [], total: 0 });
    }
    if (resource === 'city') return Promise.resolve({ data: [{ id: 9, name: 'Jebel Ali' }], total: 1 });
    return Promise.resolve({ data: [], total: 0 });
  };

  it('is disabled until a country is chosen, then auto-picks the only option and clears on a country change', async () => {
    const dataProvider = stubDataProvider(getList);
    const { submit } = renderForm(
      <>
        <TextInput source="countryCode" label="Country" />
        <ProvinceInput source="province" label="Province" />
        <CityInput source="city" label="City" />
      </>,
      {},
      dataProvider,
    );
    expect(screen.getAllByText('Please select a country first')).toHaveLength(2);
    expect((screen.getByLabelText('Province') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('City') as HTMLInputElement).disabled).toBe(true);
    expect(dataProvider.getList).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'AE' } });
    await waitFor(() => expect((screen.getByLabelText('Province') as HTMLInputElement).value).toBe('Dubai'));
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Jebel Ali'));

    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'SA' } });
    await waitFor(() => expect((screen.getByLabelText('Province') as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe(''));
    expect(screen.getByText('Please select a province/state first')).toBeTruthy();
    const values = await submit();
    expect(values).toMatchObject({ countryCode: 'SA' });
    expect(values.province ?? null).toBeNull();
    expect(values.city ?? null).toBeNull();
  });

  it('follows the country field of the form', async () => {
    const dataProvider = stubDataProvider(getList);
    const { submit } = renderForm(
      <>
        <ProvinceInput source="province" label="Province" />
        <CityInput source="city" label="City" />
      </>,
      { countryCode: 'AE' },
      dataProvider,
    );
    await waitFor(() => expect((screen.getByLabelText('Province') as HTMLInputElement).value).toBe('Dubai'));
    expect(dataProvider.getList).toHaveBeenCalledWith('province', expect.objectContaining({ filter: { countryCode: 'AE' } }));
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Jebel Ali'));
    expect(dataProvider.getList).toHaveBeenCalledWith('city', expect.objectContaining({ filter: { countryCode: 'AE', provinceName: 'Dubai' }, pagination: { page: 1, perPage: 50 } }));
    const values = await submit();
    expect(values).toMatchObject({ countryCode: 'AE', province: 'Dubai', city: 'Jebel Ali' });
    // typing searches the server on name
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Jeb' } });
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenCalledWith('city', expect.objectContaining({ filter: { countryCode: 'AE', provinceName: 'Dubai', name: 'Jeb' } })),
    );
  });

  it('keeps the stored province of a loaded record', async () => {
    const dataProvider = stubDataProvider(getList);
    renderForm(<ProvinceInput source="province" label="Province" />, { countryCode: 'SA', province: 'Riyadh' }, dataProvider);
    await waitFor(() => expect(dataProvider.getList).toHaveBeenCalled());
    await waitFor(() => expect((screen.getByLabelText('Province') as HTMLInputElement).value).toBe('Riyadh'));
  });
});

describe('useFormResolver', () => {
  const factory = vi.fn((mode: 'add' | 'edit', lang: 'en' | 'zh') =>
    yup.object({ name: mode === 'add' ? yup.string().required(lang === 'zh' ? '名称不能为空' : 'Name cannot be empty') : yup.string() }),
  );

  function Probe() {
    const resolver = useFormResolver(factory, 'add');
    const [, setLocale] = useLocaleState();
    return (
      <>
        <button onClick={() => setLocale('zh')}>zh</button>
        <button
          onClick={async () => {
            const result = await resolver({ name: '' }, undefined, { fields: {}, shouldUseNativeValidation: false });
            document.title = String((result.errors as Record<string, { message?: string }>).name?.message);
          }}
        >
          check
        </button>
      </>
    );
  }

  it('builds the schema for the mode and the current language', async () => {
    render(
      <AdminContext dataProvider={stubDataProvider()} i18nProvider={i18nProvider}>
        <Probe />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByText('check'));
    await waitFor(() => expect(document.title).toBe('Name cannot be empty'));
    expect(factory).toHaveBeenLastCalledWith('add', 'en', 'input');
    await act(async () => {
      fireEvent.click(screen.getByText('zh'));
    });
    await waitFor(() => expect(factory).toHaveBeenLastCalledWith('add', 'zh', 'input'));
    fireEvent.click(screen.getByText('check'));
    await waitFor(() => expect(document.title).toBe('名称不能为空'));
  });
});

describe('image chooser', () => {
  it('offers and takes only the image types the server accepts (issue 27)', () => {
    expect(IMAGE_ACCEPT).toBe('image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp');
    expect(isImageFile(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe(false);
    expect(isImageFile(new File(['x'], 'a.bmp', { type: '' }))).toBe(false);
    expect(isImageFile(new File(['x'], 'a.PNG', { type: '' }))).toBe(true);
    expect(isImageFile(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBe(true);
  });
});
