// @vitest-environment jsdom
/**
 * The inventory adjustment list generated from the manifest (resources.yaml `inventoryJudgement.screen`,
 * rendered by DocumentScreen; issue 4): the page query (page 1 of 10, no sort, filters trimmed, a search
 * starts again at page 1), the columns (status tags, line count and `+gain / -loss`), row actions by status and
 * permission code, approve after a confirmation (success reloads, failure shows the server msg), reject with a
 * required reason, delete after a confirmation, and the view dialog with the lines.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RaRecord } from 'react-admin';
import { screenSource } from '../../generated/client/views/inventoryJudgement';
import type { AnyFilterCodec } from '../../src/client/kit/filterCodec';
import { DocumentScreen } from '../../src/client/kit/screen/DocumentScreen';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { screenFilterCodec } from '../../src/client/kit/screen/ScreenFilterBar';
import { screenOf } from '../../src/client/kit/screen/spec';
import { lineSummary } from '../../src/client/screens/judgement/widgets';
import { actionIds, clickRowAction, i18nOf, renderWithAdmin, rowActions, rowOf as rowIn, stubDataProvider as stubWith } from './console-harness';

// the console renders heavy MUI trees: allow slow machines and parallel test files more time
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = i18nOf(documentScreenMessages);

const RECORDS: RaRecord[] = [
  {
    id: 1,
    judgementNo: 'IJ20240501000001',
    companyName: 'Demo Trading Co.',
    warehouseId: 1,
    warehouseName: 'Riyadh DC',
    ownerId: 3,
    ownerName: 'Desert Rose Cosmetics',
    status: 1,
    remark: 'Cycle count',
    addDate: '2024-05-01 10:00:00',
    lines: [
      { id: 11, inventoryId: 5, skuId: 7, sku: 'LIP-1', skuName: 'Lipstick', batchNo: 'B1', type: 1, qty: 12, reason: 'found', inventoryQty: 40, inventoryLockQty: 2 },
      { id: 12, inventoryId: 6, skuId: 8, sku: 'LIP-2', skuName: 'Gloss', batchNo: '', type: 2, qty: 3, reason: 'broken', inventoryQty: 9, inventoryLockQty: 0 },
    ],
  },
  {
    id: 2,
    judgementNo: 'IJ20240501000002',
    warehouseName: 'Riyadh DC',
    ownerName: 'Desert Rose Cosmetics',
    status: 2,
    auditUserName: 'admin',
    auditDate: '2024-05-02 09:00:00',
    lines: [{ id: 21, skuId: 7, sku: 'LIP-1', type: 1, qty: 5 }],
  },
  {
    id: 3,
    judgementNo: 'IJ20240501000003',
    warehouseName: 'Dubai FC',
    ownerName: 'Gulf Gadgets',
    status: 3,
    rejectReason: 'wrong count',
    lines: [],
  },
];

const stubDataProvider = (call = vi.fn((..._args: unknown[]) => Promise.resolve<any>(null)), total = RECORDS.length) => stubWith({ inventoryJudgement: RECORDS }, call, { total });

function renderList(roles = ['admin'], dataProvider = stubDataProvider()) {
  renderWithAdmin(<DocumentScreen source={screenSource} resource="inventoryJudgement" storeKey={false} />, { roles, dataProvider, i18nProvider });
  return dataProvider;
}

const rowOf = (no: string) => rowIn('judgement-row', no);
/** Every action of the three rows (inline and in their menus), row by row. */
const everyAction = async () => {
  const ids: string[] = [];
  for (const no of ['IJ20240501000001', 'IJ20240501000002', 'IJ20240501000003']) ids.push(...(await rowActions(rowOf(no))).all);
  return ids;
};
const judgementPages = (dp: ReturnType<typeof stubDataProvider>) => dp.getList.mock.calls.filter((c) => c[0] === 'inventoryJudgement');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('adjustment list helpers', () => {
  it('builds the filter: number trimmed (exact), ids, status, days; empty values left out', () => {
    const codec: AnyFilterCodec = screenFilterCodec(screenOf(screenSource, 'inventoryJudgement'));
    const buildJudgementFilter = codec.toFilter;
    expect(buildJudgementFilter({ judgementNo: '  IJ1 ', warehouseId: 2, ownerId: '3', status: 1, addDateStart: '2024-01-02', addDateEnd: '' })).toEqual({
      judgementNo: 'IJ1',
      warehouseId: 2,
      ownerId: 3,
      status: 1,
      addDateStart: '2024-01-02',
    });
    expect(buildJudgementFilter({ judgementNo: '  ', status: null })).toEqual({});
  });

  it('summarises the lines as +gain / -loss', () => {
    expect(lineSummary(RECORDS[0].lines)).toBe('+12 / -3');
    expect(lineSummary([])).toBe('+0 / -0');
  });

  it('declares approve as a confirmed action and reject with a required reason (rejectReason)', () => {
    const actions = screenOf(screenSource, 'inventoryJudgement').spec.actions;
    expect(actions.map((a) => [a.name, a.kind, a.reasonField])).toEqual([
      ['approve', 'confirm', undefined],
      ['reject', 'reason', 'rejectReason'],
    ]);
  });
});

describe('the generated adjustment list', () => {
  it('loads page 1 of 10 without a sort and shows the columns', async () => {
    const dp = renderList();
    expect(await screen.findByText('IJ20240501000001')).toBeTruthy();
    const [, params] = judgementPages(dp)[0];
    expect(params.pagination).toEqual({ page: 1, perPage: 10 });
    expect(params.sort.field).toBe('');
    expect(params.filter).toEqual({});
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'No.',
      'Adjustment number',
      'Company',
      'Warehouse',
      'Goods owner',
      'Status',
      'Lines',
      'Remark',
      'Reviewed by',
      'Reviewed at',
      'Rejection reason',
      'Created',
      'Operations',
    ]);
    const sortable = screen.getAllByRole('columnheader').filter((h) => h.querySelector('.MuiTableSortLabel-root')).map((h) => h.textContent);
    expect(sortable).toEqual(['Adjustment number', 'Created']);
    const first = rowOf('IJ20240501000001');
    expect(within(first).getByText('1')).toBeTruthy();
    expect(within(first).getByText('2 lines')).toBeTruthy();
    expect(within(first).getByText('+12 / -3')).toBeTruthy();
    expect(within(first).getByTestId('judgement-status').textContent).toBe('Pending');
    expect(within(first).getByTestId('judgement-status').className).toMatch(/Warning/);
    expect(within(rowOf('IJ20240501000002')).getByTestId('judgement-status').className).toMatch(/Success/);
    expect(within(rowOf('IJ20240501000003')).getByTestId('judgement-status').className).toMatch(/Error/);
    expect(within(rowOf('IJ20240501000003')).getByText('wrong count')).toBeTruthy();
    expect(within(rowOf('IJ20240501000002')).getByText('One line')).toBeTruthy();
  });

  it('searches from page 1 with the trimmed adjustment number and the status', async () => {
    const dp = renderList(['admin'], stubDataProvider(undefined, 25));
    await screen.findByText('IJ20240501000001');
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(judgementPages(dp).pop()![1].pagination.page).toBe(2));
    fireEvent.change(screen.getByLabelText('Adjustment number'), { target: { value: '  IJ20240501000001 ' } });
    fireEvent.mouseDown(within(screen.getByTestId('judgement-filter-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    fireEvent.click(screen.getByTestId('judgement-search'));
    await waitFor(() => {
      const [, params] = judgementPages(dp).pop()!;
      expect(params.filter).toEqual({ judgementNo: 'IJ20240501000001', status: 1 });
      expect(params.pagination.page).toBe(1);
    });
  });

  it('admin: every action on a pending row, only View on approved and rejected ones; Add on top', async () => {
    renderList();
    await screen.findByText('IJ20240501000001');
    expect(await screen.findByTestId('judgement-add')).toBeTruthy();
    await waitFor(() => expect(actionIds(rowOf('IJ20240501000001'))).toContain('judgement-row-edit'));
    // no `inline` declared: the first action and Edit inline; View, Reject and (apart, last) Delete in the menu
    expect(await rowActions(rowOf('IJ20240501000001'))).toMatchObject({ inline: ['judgement-row-approve', 'judgement-row-edit'], menu: ['judgement-row-view', 'judgement-row-reject', 'judgement-row-delete'] });
    for (const no of ['IJ20240501000002', 'IJ20240501000003']) expect((await rowActions(rowOf(no))).all).toEqual(['judgement-row-view']);
  });

  it('follows the permission codes: list only, add, approve', async () => {
    renderList(['sku', 'inventory_judgement:list']);
    await screen.findByText('IJ20240501000001');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('judgement-add')).toBeNull();
    expect(await everyAction()).toEqual(['judgement-row-view', 'judgement-row-view', 'judgement-row-view']);
    cleanup();

    renderList(['inventory_judgement:list', 'inventory_judgement:add']);
    await screen.findByText('IJ20240501000001');
    expect(await screen.findByTestId('judgement-add')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('judgement-row-edit')).toHaveLength(1));
    expect((await everyAction()).sort()).toEqual(['judgement-row-delete', 'judgement-row-edit', 'judgement-row-view', 'judgement-row-view', 'judgement-row-view']);
    cleanup();

    renderList(['inventory_judgement:list', 'inventory_judgement:approve']);
    await screen.findByText('IJ20240501000001');
    expect(await screen.findAllByTestId('judgement-row-approve')).toHaveLength(1);
    expect(screen.queryByTestId('judgement-add')).toBeNull();
    expect((await everyAction()).sort()).toEqual(['judgement-row-approve', 'judgement-row-reject', 'judgement-row-view', 'judgement-row-view', 'judgement-row-view']);
  });

  it('approves after a confirmation, notifies and reloads', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 1, status: 2 }));
    const dp = renderList(['admin'], stubDataProvider(call));
    await screen.findByText('IJ20240501000001');
    const loads = judgementPages(dp).length;
    fireEvent.click(within(rowOf('IJ20240501000001')).getByTestId('judgement-row-approve'));
    // the prompt names the document; its buttons: Back / the action
    expect(await screen.findByText('Approve IJ20240501000001?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/inventory-judgement/approve', { id: 1 }));
    expect(await screen.findByText('Operation successful')).toBeTruthy();
    await waitFor(() => expect(judgementPages(dp).length).toBeGreaterThan(loads));
  });

  it('shows the server msg when the approval fails (insufficient inventory)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const msg = 'Insufficient inventory for selected product: SKU LIP-2, batch : available 9 (locked 0), requested 10';
    const call = vi.fn((..._args: unknown[]) => Promise.reject(new Error(msg)));
    renderList(['admin'], stubDataProvider(call));
    await screen.findByText('IJ20240501000001');
    fireEvent.click(within(rowOf('IJ20240501000001')).getByTestId('judgement-row-approve'));
    fireEvent.click(within(await screen.findByTestId('judgement-row-approve-confirm')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(msg)).toBeTruthy();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('rejects only with a reason', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 1, status: 3 }));
    const dp = renderList(['admin'], stubDataProvider(call));
    await screen.findByText('IJ20240501000001');
    await clickRowAction(rowOf('IJ20240501000001'), 'judgement-row-reject');
    const dialog = await screen.findByTestId('judgement-reject-dialog');
    expect(within(dialog).getByText('Reject: IJ20240501000001')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('judgement-reject-confirm'));
    expect(await within(dialog).findByText('Rejection reason cannot be empty')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('judgement-reject-reason'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByTestId('judgement-reject-confirm'));
    expect(await within(dialog).findByText('Rejection reason cannot be empty')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
    const loads = judgementPages(dp).length;
    fireEvent.change(within(dialog).getByTestId('judgement-reject-reason'), { target: { value: ' counted twice ' } });
    fireEvent.click(within(dialog).getByTestId('judgement-reject-confirm'));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/inventory-judgement/reject', { id: 1, rejectReason: 'counted twice' }));
    await waitFor(() => expect(screen.queryByTestId('judgement-reject-dialog')).toBeNull());
    expect(await screen.findByText('Operation successful')).toBeTruthy();
    await waitFor(() => expect(judgementPages(dp).length).toBeGreaterThan(loads));
  });

  it('asks before deleting', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>(null));
    renderList(['admin'], stubDataProvider(call));
    await screen.findByText('IJ20240501000001');
    await waitFor(() => expect(actionIds(rowOf('IJ20240501000001'))).toContain('judgement-row-edit'));
    await clickRowAction(rowOf('IJ20240501000001'), 'judgement-row-delete');
    expect(await screen.findByText('Delete inventory adjustment IJ20240501000001?')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/inventory-judgement/remove', { id: 1 }));
  });

  it('shows the lines in the view dialog', async () => {
    renderList(['inventory_judgement:list']);
    await screen.findByText('IJ20240501000001');
    await clickRowAction(rowOf('IJ20240501000001'), 'judgement-row-view');
    const dialog = await screen.findByTestId('judgement-view-dialog');
    expect(within(dialog).getByText('Inventory adjustment IJ20240501000001')).toBeTruthy();
    const lines = within(dialog).getAllByTestId('judgement-view-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]).getByText('LIP-1')).toBeTruthy();
    expect(within(lines[0]).getByText('Gain')).toBeTruthy();
    expect(within(lines[0]).getByText('+12')).toBeTruthy();
    expect(within(lines[0]).getByText('40')).toBeTruthy();
    expect(within(lines[1]).getByText('Loss')).toBeTruthy();
    expect(within(lines[1]).getByText('-3')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('judgement-view-close'));
    await waitFor(() => expect(screen.queryByTestId('judgement-view-dialog')).toBeNull());
  });
});
