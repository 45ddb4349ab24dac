/**
 * Shared scaffolding of the console's unit tests: a stub data provider (records by resource plus a `call`
 * stub), an English i18n provider merged like the console's (react-admin + app + widgets + the given screen
 * modules + generated), an <AdminContext> render with an auth provider holding the given roles, and small
 * queries (`rowOf`, `actionIds`, `keysOf`, `stubCall`, `callsTo`).
 */
import type { ReactNode } from 'react';
import { expect, vi, type Mock } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Notification, type AuthProvider, type DataProvider, type I18nProvider, type RaRecord } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { generatedMessages } from '../../generated/client/i18n';
import { appEn } from '../../src/client/i18n/app-en';
import { deepMerge, type MessageTree } from '../../src/client/providers/messages';
import { widgetMessages } from '../../src/client/widgets';

/** A screen's messages module ({en, zh}); only `en` is used. */
/** The labels of the document forms' owner and warehouse selects: required, so react-admin marks them (" *"). */
export const REQUIRED_OWNER = /^Goods owner\s*\*$/;
export const REQUIRED_WAREHOUSE = /^Warehouse\s*\*$/;

export interface MessageModule {
  en: object;
}

/** English messages as the console merges them: react-admin, app, widgets, then `modules` in order, generated last. */
export function enMessagesOf(...modules: MessageModule[]): MessageTree {
  return deepMerge(englishMessages as unknown as MessageTree, appEn, widgetMessages.en, ...modules.map((m) => m.en as MessageTree), generatedMessages.en);
}

/** A polyglot provider in English over `enMessagesOf(...modules)`. */
export function i18nOf(...modules: MessageModule[]): I18nProvider {
  return polyglotI18nProvider(() => enMessagesOf(...modules) as any, 'en'); // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** An auth provider that is always logged in and whose permissions are `roles`. */
export const authWith = (roles: string[]): AuthProvider => ({
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve(roles),
});

export type Lists = Record<string, RaRecord[]>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFn = (...args: any[]) => any;

/**
 * A data provider over `lists` (records by resource, or a function of the resource): getList answers every
 * record with `total` (default: their count), getMany / getOne pick by id, create / update echo the data,
 * and `call` is the stub given (default: resolves null). Every method is a vi.fn.
 */
export function stubDataProvider<C = Mock<AnyFn>>(
  lists: Lists | ((resource: string) => RaRecord[]) = {},
  call: C = vi.fn((..._args: unknown[]) => Promise.resolve<any>(null)) as unknown as C, // eslint-disable-line @typescript-eslint/no-explicit-any
  options: { total?: number } = {},
) {
  const of = (resource: string) => (typeof lists === 'function' ? lists(resource) : lists[resource]) ?? [];
  const dp = {
    getList: vi.fn((resource: string, _params?: any) => { // eslint-disable-line @typescript-eslint/no-explicit-any
      const data = of(resource);
      return Promise.resolve({ data, total: data.length && options.total !== undefined ? options.total : data.length });
    }),
    getMany: vi.fn((resource: string, params: { ids: unknown[] }) => Promise.resolve({ data: of(resource).filter((r) => params.ids.map(String).includes(String(r.id))) })),
    getManyReference: vi.fn(() => Promise.resolve({ data: [], total: 0 })),
    getOne: vi.fn((resource: string, params: { id: unknown }) => Promise.resolve({ data: of(resource).find((r) => String(r.id) === String(params.id)) })),
    create: vi.fn((_r: string, params: { data: RaRecord }) => Promise.resolve({ data: { ...params.data, id: 99 } })),
    update: vi.fn((_r: string, params: { id: unknown; data: RaRecord }) => Promise.resolve({ data: { ...params.data, id: params.id } })),
    updateMany: vi.fn(),
    delete: vi.fn(() => Promise.resolve({ data: { id: 1 } })),
    deleteMany: vi.fn(),
    call,
  };
  return dp as unknown as DataProvider & Omit<typeof dp, 'call'> & { call: C };
}

/** `call` answering by path from `answers`: a value, an Error (rejects), or a function of the body; other paths reject. */
export function stubCall(answers: Record<string, unknown>) {
  return vi.fn((path: string, body?: any) => { // eslint-disable-line @typescript-eslint/no-explicit-any
    if (!(path in answers)) return Promise.reject(new Error(`unexpected ${path}`));
    const a = answers[path];
    const v = typeof a === 'function' ? (a as (b: unknown) => unknown)(body) : a;
    return v instanceof Error ? Promise.reject(v) : Promise.resolve(v);
  });
}

export interface AdminOptions {
  dataProvider?: DataProvider;
  roles?: string[];
  i18nProvider?: I18nProvider;
}

const defaultI18n = i18nOf();

/** A wrapper component (for renderHook) rendering children plus <Notification/> inside <AdminContext>. */
export function adminWrapper({ dataProvider = stubDataProvider(), roles = ['admin'], i18nProvider = defaultI18n }: AdminOptions = {}) {
  const authProvider = authWith(roles);
  return function AdminWrapper({ children }: { children: ReactNode }) {
    return (
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authProvider}>
        {children}
        <Notification />
      </AdminContext>
    );
  };
}

/** Renders `ui` (plus <Notification/>) inside <AdminContext> with the roles (default admin) and providers given. */
export function renderWithAdmin(ui: ReactNode, options: AdminOptions = {}) {
  const Wrapper = adminWrapper(options);
  return render(<Wrapper>{ui}</Wrapper>);
}

/** The row with test id `testId` that shows `text`. */
export const rowOf = (testId: string, text: string) => screen.getAllByTestId(testId).find((r) => within(r).queryByText(text))!;

/** The test ids of the buttons in `row` (its inline row actions, the menu's "more" button among them). */
export const actionIds = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((b) => b.getAttribute('data-testid'))
    .filter(Boolean);

/** Opens `row`'s action menu (its "more" button) and returns the open menu. */
export async function openRowMenu(row: HTMLElement): Promise<HTMLElement> {
  const more = row.querySelector<HTMLElement>('[data-testid$="-row-more"]');
  if (!more) throw new Error('the row has no action menu');
  fireEvent.click(more);
  return screen.findByRole('menu');
}

/**
 * Every action of `row` (issue 27: at most two inline, the rest in the row's menu): `inline` the buttons
 * without the menu's, `menu` the items of its menu (opened and closed again), `all` both in that order.
 */
export async function rowActions(row: HTMLElement): Promise<{ inline: string[]; menu: string[]; all: string[] }> {
  const buttons = actionIds(row) as string[];
  const inline = buttons.filter((id) => !id.endsWith('-row-more'));
  if (inline.length === buttons.length) return { inline, menu: [], all: inline };
  const menu = await openRowMenu(row);
  const items = within(menu).queryAllByRole('menuitem').map((b) => b.getAttribute('data-testid')).filter((x): x is string => Boolean(x));
  fireEvent.keyDown(menu, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return { inline, menu: items, all: [...inline, ...items] };
}

/** Clicks `row`'s action `testId`: its inline button, else the item of its menu. */
export async function clickRowAction(row: HTMLElement, testId: string) {
  const inline = within(row).queryByTestId(testId);
  if (inline) fireEvent.click(inline);
  else fireEvent.click(within(await openRowMenu(row)).getByTestId(testId));
}

/** Every leaf key of a message tree, dotted. */
export const keysOf = (tree: unknown, prefix = ''): string[] =>
  typeof tree !== 'object' || tree === null ? [prefix] : Object.entries(tree).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));

/** The calls of a `call` stub to `path`. */
export const callsTo = (call: { mock: { calls: unknown[][] } }, path: string) => call.mock.calls.filter((c) => c[0] === path);

/** The goods owners and warehouses the dialog tests pick from. */
export const OWNER_A = { id: 3, name: 'Desert Rose Cosmetics' };
export const OWNER_B = { id: 4, name: 'Gulf Gadgets' };
export const WH_1 = { id: 1, name: 'Riyadh DC' };
export const WH_2 = { id: 2, name: 'Dubai FC' };

/** Waits until the form shows `owner` as its goods owner and `warehouse` as its warehouse (a single option is picked by itself). */
export async function waitForOwnerAndWarehouse(owner = OWNER_A.name, warehouse = WH_1.name) {
  await waitFor(() => expect((screen.getByLabelText(REQUIRED_OWNER) as HTMLInputElement).value).toBe(owner));
  await waitFor(() => expect((screen.getByLabelText(REQUIRED_WAREHOUSE) as HTMLInputElement).value).toBe(warehouse));
}

/** Opens the SKU picker of the `index`th line (pickers with test id `pickerTestId`) and selects its first row. */
export async function pickSku(pickerTestId: string, index: number) {
  fireEvent.click(within(screen.getAllByTestId(pickerTestId)[index]).getByRole('textbox'));
  const picker = await screen.findByTestId('sku-picker-dialog');
  fireEvent.click((await within(picker).findAllByTestId('sku-row-select'))[0]);
  await waitFor(() => expect(screen.queryByTestId('sku-picker-dialog')).toBeNull());
}
