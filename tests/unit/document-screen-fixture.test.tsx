// @vitest-environment jsdom
/**
 * A document screen from the manifest alone (issue 11): the fixture manifest tests/unit/fixtures/screen.yaml
 * declares a stock transfer with lines, a two-action workflow and two list views; the generator's output for
 * it (written under tests/unit/.screen-fixture, whose `src` links to the project's runtime kit) renders in
 * jsdom with its filter bar, row actions gated by the user's codes and the record's state, the view's own
 * filter, and its line table, with no hand-written TypeScript for the resource; its rows are selectable and
 * a bulk widget (registered here, as a screen module would) gets the selected ids, disabled without any.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { ComponentType } from 'react';
import Button from '@mui/material/Button';
import type { RaRecord } from 'react-admin';
import { emitAll } from '../../codegen/emit';
import { loadManifest } from '../../codegen/manifest';
import { appEn } from '../../src/client/i18n/app-en';
import { deepMerge, type MessageTree } from '../../src/client/providers/messages';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { registerBulk } from '../../src/client/kit/screen/registry';
import { widgetMessages } from '../../src/client/widgets/messages';
import { renderWithAdmin, rowOf, stubDataProvider } from './console-harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ROOT = join(import.meta.dirname, '../..');
const OUT = join(import.meta.dirname, '.screen-fixture');

let views: Record<string, ComponentType>;
let viewRoutes: { generatedViews: Array<{ route: string; code: string; view: string; component: ComponentType & { preload?: () => Promise<unknown> } }> };
let i18nProvider: ReturnType<typeof polyglotI18nProvider>;

beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true });
  for (const o of emitAll(loadManifest(join(import.meta.dirname, 'fixtures/screen.yaml')))) {
    mkdirSync(dirname(join(OUT, o.path)), { recursive: true });
    writeFileSync(join(OUT, o.path), o.text);
  }
  // generated code imports the runtime as ../../src/...: the fixture's src is the project's
  symlinkSync(join(ROOT, 'src'), join(OUT, 'src'), 'dir');
  views = await import(join(OUT, 'generated/client/views/transfer.tsx'));
  viewRoutes = await import(join(OUT, 'generated/client/viewRoutes.ts'));
  const { generatedMessages } = await import(join(OUT, 'generated/client/i18n.ts'));
  const en = deepMerge(englishMessages as unknown as MessageTree, appEn, widgetMessages.en, documentScreenMessages.en, generatedMessages.en);
  i18nProvider = polyglotI18nProvider(() => en as never, 'en');
}, 60_000);

afterAll(() => rmSync(OUT, { recursive: true, force: true }));
// a reference input's debounced search (500 ms) may still be pending: let it run while the DOM exists
afterEach(async () => {
  cleanup();
  await new Promise((r) => setTimeout(r, 600));
});

const transfer = (id: number, status: number, kind = 1): RaRecord => ({
  id,
  transferNo: `TR-${id}`,
  kind,
  status,
  warehouseId: 1,
  warehouseName: 'Riyadh DC',
  ownerId: 3,
  ownerName: 'Desert Rose Cosmetics',
  carrierName: kind === 2 ? 'Aramex' : null,
  lines: [{ id: id * 10, skuId: 7, sku: 'ROSE', skuName: 'Rose', batchNo: 'B1', qty: 5 }],
});

const RECORDS = [transfer(1, 1), transfer(2, 2), transfer(3, 3)];

/** The fixture's bulk widget: prints the selected transfers' ids (what a screen module would register). */
const printed = vi.fn();
registerBulk('transferPrint', ({ ids, disabled, done }) => (
  <Button disabled={disabled} onClick={() => { printed(ids); done(); }} data-testid="transfer-print">
    Print
  </Button>
));

function render(view: string, roles: string[], records = RECORDS) {
  const call = vi.fn((..._a: unknown[]) => Promise.resolve<unknown>({ id: 1 }));
  const dataProvider = stubDataProvider({ transfer: records, owner: [{ id: 3, name: 'Desert Rose Cosmetics' }], warehouse: [{ id: 1, name: 'Riyadh DC' }] }, call);
  const View = views[view];
  renderWithAdmin(<View />, { roles, dataProvider, i18nProvider });
  return { dataProvider, call };
}

const idsOf = (elements: HTMLElement[]) => elements.map((b) => b.getAttribute('data-testid')).filter(Boolean);
/** The row's inline buttons (the menu's "more" last when it has one), then, after opening it, the menu's items (closed again). */
const actionsOf = async (no: string) => {
  const inline = idsOf(within(rowOf('transfer-row', no)).queryAllByRole('button'));
  if (!inline.includes('transfer-row-more')) return { inline, menu: [] };
  fireEvent.click(within(rowOf('transfer-row', no)).getByTestId('transfer-row-more'));
  const menu = await screen.findByRole('menu');
  const items = idsOf(within(menu).getAllByRole('menuitem'));
  fireEvent.keyDown(menu, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return { inline, menu: items };
};

describe('a document screen generated from a fixture manifest', () => {
  it('emits both views with their routes and codes, each route loading its component from views/transfer.tsx', async () => {
    expect(viewRoutes.generatedViews.map((v) => [v.view, v.route, v.code])).toEqual([
      ['internal', '/transfer/internal_list', 'transfer:list'],
      ['external', '/transfer/external_list', 'transfer:external'],
    ]);
    // the route's component is lazy (its own chunk); loaded, it is the view's component of views/transfer.tsx
    const loaded = await viewRoutes.generatedViews[1].component.preload!();
    expect(loaded).toEqual({ default: views.TransferExternalList });
  });

  it('renders the filter bar, the columns and the status tags; the view fixes its kind', async () => {
    const { dataProvider } = render('TransferInternalList', ['admin']);
    await screen.findByText('TR-1', {}, { timeout: 20_000 });
    const filters = screen.getByTestId('transfer-filters');
    for (const id of ['transfer-filter-transfer-no', 'transfer-filter-status', 'transfer-filter-warehouse', 'transfer-filter-owner', 'transfer-filter-add-date-start']) expect(within(filters).getByTestId(id)).toBeTruthy();
    // the external view's own filter and column are not in the internal view
    expect(within(filters).queryByTestId('transfer-filter-carrier-name')).toBeNull();
    expect(screen.queryByText('Carrier')).toBeNull();
    expect(screen.getAllByText('Transfer number').length).toBeGreaterThan(0);
    expect(within(rowOf('transfer-row', 'TR-2')).getByTestId('transfer-status').textContent).toBe('Submitted');
    const page = dataProvider.getList.mock.calls.find((c) => c[0] === 'transfer')!;
    expect(page[1].filter).toEqual({ kind: 1 });
  });

  it('offers edit and delete in the editable state, and each workflow action by state and code: two inline, the rest in the menu', async () => {
    render('TransferInternalList', ['transfer:list', 'transfer:edit']);
    await screen.findByText('TR-1');
    // no `inline` declared: the first workflow action, then edit; view and (apart, last) delete in the menu
    expect(await actionsOf('TR-1')).toEqual({ inline: ['transfer-row-submit', 'transfer-row-edit', 'transfer-row-more'], menu: ['transfer-row-view', 'transfer-row-delete'] });
    // approve needs transfer:approve; nothing else: no menu
    expect(await actionsOf('TR-2')).toEqual({ inline: ['transfer-row-view'], menu: [] });
    expect(await actionsOf('TR-3')).toEqual({ inline: ['transfer-row-view'], menu: [] });
    cleanup();
    render('TransferInternalList', ['transfer:list', 'transfer:approve']);
    await screen.findByText('TR-2');
    expect(await actionsOf('TR-1')).toEqual({ inline: ['transfer-row-view'], menu: [] });
    expect(await actionsOf('TR-2')).toEqual({ inline: ['transfer-row-approve', 'transfer-row-view'], menu: [] });
  });

  it('asks before deleting from the menu, naming the document; Keep leaves it, Delete deletes it', async () => {
    const { call } = render('TransferInternalList', ['admin']);
    await screen.findByText('TR-1');
    const ask = async () => {
      fireEvent.click(within(rowOf('transfer-row', 'TR-1')).getByTestId('transfer-row-more'));
      const menu = await screen.findByRole('menu');
      // the destructive action sits apart, after a divider, last
      expect(menu.querySelector('hr + * [data-testid="transfer-row-delete"], hr + [data-testid="transfer-row-delete"]')).not.toBeNull();
      fireEvent.click(within(menu).getByTestId('transfer-row-delete'));
      // the prompt outlives the closed menu
      return within(await screen.findByTestId('transfer-row-delete-confirm')).findByText('Delete stock transfer TR-1?');
    };
    await ask();
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByText('Delete stock transfer TR-1?')).toBeNull());
    expect(call).not.toHaveBeenCalled();
    await ask();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/transfer/remove', { id: 1 }));
  });

  it('selects rows: the bulk widget is disabled without a selection, then gets the ids; done clears the selection', async () => {
    const { dataProvider } = render('TransferInternalList', ['admin']);
    await screen.findByText('TR-1');
    const print = screen.getByTestId('transfer-print') as HTMLButtonElement;
    expect(print.disabled).toBe(true);
    expect(screen.queryByTestId('transfer-selection')).toBeNull();
    fireEvent.click(within(rowOf('transfer-row', 'TR-1')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('transfer-row', 'TR-3')).getByRole('checkbox'));
    await waitFor(() => expect(print.disabled).toBe(false));
    expect(screen.getByTestId('transfer-selection').textContent).toBe('2 items selected');
    const loads = dataProvider.getList.mock.calls.length;
    fireEvent.click(print);
    expect(printed).toHaveBeenCalledWith([1, 3]);
    await waitFor(() => expect(screen.queryByTestId('transfer-selection')).toBeNull());
    expect((screen.getByTestId('transfer-print') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(dataProvider.getList.mock.calls.length).toBeGreaterThan(loads));
  });

  it('asks before a workflow action, then calls <path>/<action> with the id', async () => {
    const { call } = render('TransferInternalList', ['admin']);
    await screen.findByText('TR-1');
    fireEvent.click(within(rowOf('transfer-row', 'TR-1')).getByTestId('transfer-row-submit'));
    // the prompt names the document; its buttons are named after the action
    await screen.findByText('Submit TR-1?');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/transfer/submit', { id: 1 }));
  });

  it('labels a filter with its own label, the column with the field\'s', async () => {
    render('TransferExternalList', ['admin'], [transfer(4, 1, 2)]);
    await screen.findByText('TR-4');
    const filter = screen.getByTestId('transfer-filter-carrier-name');
    expect(within(filter).getByLabelText('Carrier contains')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Carrier');
    expect(headers).not.toContain('Carrier contains');
  });

  it('the create dialog has the view\'s fields, the line table, and the generated rules', async () => {
    render('TransferExternalList', ['admin'], [transfer(4, 1, 2)]);
    await screen.findByText('TR-4');
    expect(screen.getByTestId('transfer-filter-carrier-name')).toBeTruthy();
    fireEvent.click(screen.getByTestId('transfer-add'));
    const dialog = await screen.findByTestId('transfer-edit-dialog');
    expect(within(dialog).getByTestId('transfer-form-carrier-name')).toBeTruthy();
    const table = within(dialog).getByTestId('transfer-lines-table');
    expect(within(table).getByText('Transfer quantity')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('transfer-save'));
    await within(dialog).findByText('Carrier cannot be empty');
    expect(within(dialog).getByText('Add at least one line')).toBeTruthy();
  });
});
