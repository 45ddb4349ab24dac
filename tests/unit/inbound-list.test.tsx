// @vitest-environment jsdom
/**
 * The inbound order lists generated from the manifest (resources.yaml `inboundOrder.screen`, rendered by
 * DocumentScreen; issue 5): the page query per view (type as the permanent filter, page 1 of 10, no sort;
 * filters trimmed), the return view's extra columns and filters, and the row actions per status (from the
 * manifest workflow) and per permission code; a workflow action asks first, then calls the server; a reason
 * action (submit problem order) needs its reason.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RaRecord } from 'react-admin';
import { screenSource } from '../../generated/client/views/inboundOrder';
import type { AnyFilterCodec } from '../../src/client/kit/filterCodec';
import { allowedActions } from '../../src/client/kit/workflowActions';
import { DocumentScreen } from '../../src/client/kit/screen/DocumentScreen';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { screenFilterCodec } from '../../src/client/kit/screen/ScreenFilterBar';
import { screenOf } from '../../src/client/kit/screen/spec';
import { orderImportMessages } from '../../src/client/screens/orderImport';
import { packageMessages } from '../../src/client/screens/packages/messages';
import { actionIds, clickRowAction, i18nOf, openRowMenu, rowActions, renderWithAdmin, rowOf as rowIn, stubDataProvider as stubWith } from './console-harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = i18nOf(documentScreenMessages, orderImportMessages, packageMessages);

const order = (id: number, status: number, extra: Record<string, unknown> = {}): RaRecord => ({
  id,
  orderNo: `IN2024050100000${id}`,
  type: 1,
  status,
  companyName: 'Demo Trading Co.',
  warehouseName: 'Riyadh DC',
  ownerName: 'Desert Rose Cosmetics',
  storeOrderNo: `SHOP-${id}`,
  waybillNo: `WB-${id}`,
  plannedQty: 15,
  receivedQty: status === 1 ? 0 : 4,
  lines: [{ id: id * 10, skuId: 7, sku: 'ROSE', skuName: 'Rose', batchNo: 'B1', plannedQty: 15, receivedQty: status === 1 ? 0 : 4 }],
  ...extra,
});

const RECORDS = [order(1, 1), order(2, 2), order(3, 3), order(4, 4), order(5, 5, { problemReason: 'damaged box' })];

const stubDataProvider = (records = RECORDS, call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 1 }))) => stubWith({ inboundOrder: records }, call);

type View = 'normal' | 'return' | 'reject';

function renderList(view: View, roles = ['admin'], dataProvider = stubDataProvider()) {
  renderWithAdmin(<DocumentScreen source={screenSource} resource="inboundOrder" view={view} storeKey={false} />, { roles, dataProvider, i18nProvider });
  return dataProvider;
}

const pages = (dp: ReturnType<typeof stubDataProvider>) => dp.getList.mock.calls.filter((c) => c[0] === 'inboundOrder');
const rowOf = (no: string) => rowIn('inbound-row', no);
const workflow = screenSource.resources.inboundOrder.workflow;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('inbound list helpers', () => {
  it('builds the filter of a view: texts trimmed, ids, status, days; empty values left out', () => {
    const normal: AnyFilterCodec = screenFilterCodec(screenOf(screenSource, 'inboundOrder', 'normal'));
    const values = { orderNo: ' IN1 ', status: '2', warehouseId: 1, ownerId: null, storeOrderNo: '', waybillNo: ' WB ', addDateStart: '2024-01-02', addDateEnd: '' };
    expect(normal.toFilter(values)).toEqual({ orderNo: 'IN1', status: 2, warehouseId: 1, waybillNo: 'WB', addDateStart: '2024-01-02' });
    // the return view's own filters are trimmed too; other views ignore them
    const returns: AnyFilterCodec = screenFilterCodec(screenOf(screenSource, 'inboundOrder', 'return'));
    expect(returns.toFilter({ ...values, sourceOutboundNo: ' OUT-1 ', returnWaybillNo: ' ' })).toEqual({ orderNo: 'IN1', status: 2, warehouseId: 1, waybillNo: 'WB', sourceOutboundNo: 'OUT-1', addDateStart: '2024-01-02' });
    expect(normal.toFilter({ sourceOutboundNo: 'OUT-1' })).toEqual({});
  });

  it('takes the row actions from the manifest workflow and the permission codes', () => {
    expect(allowedActions(workflow, 1, ['admin'])).toEqual(['receive', 'cancel', 'submitProblem']);
    expect(allowedActions(workflow, 2, ['admin'])).toEqual(['receive', 'complete', 'submitProblem']);
    expect(allowedActions(workflow, 3, ['admin'])).toEqual([]);
    expect(allowedActions(workflow, 4, ['admin'])).toEqual(['recreate']);
    expect(allowedActions(workflow, 5, ['admin'])).toEqual(['cancelProblem']);
    expect(allowedActions(workflow, 1, ['inbound:receive'])).toEqual(['receive']);
    expect(allowedActions(workflow, 2, ['inbound:edit'])).toEqual(['submitProblem']);
    expect(allowedActions(workflow, 1, ['inbound:list'])).toEqual([]);
  });
});

describe('inbound lists per view', () => {
  it.each([
    ['normal', 1],
    ['return', 2],
    ['reject', 3],
  ] as const)('%s: the page query has the type fixed, page 1 of 10, no sort', async (view, type) => {
    const dp = renderList(view);
    // the first render of the file loads the whole console: give it time
    await screen.findByText('IN20240501000001', {}, { timeout: 20_000 });
    const params = pages(dp)[0][1];
    expect(params.filter).toEqual({ type });
    expect(params.pagination).toEqual({ page: 1, perPage: 10 });
    expect(params.sort?.field ?? '').toBe('');
  });

  it('searches with trimmed filters, keeping the type', async () => {
    const dp = renderList('return');
    await screen.findByText('IN20240501000001');
    const input = within(screen.getByTestId('inbound-filter-order-no')).getByRole('textbox');
    fireEvent.change(input, { target: { value: ' IN9 ' } });
    fireEvent.change(within(screen.getByTestId('inbound-filter-source-outbound-no')).getByRole('textbox'), { target: { value: ' OUT-7 ' } });
    expect(screen.queryByTestId('inbound-filtered')).toBeNull();
    fireEvent.click(screen.getByTestId('inbound-search'));
    await waitFor(() => expect(pages(dp).at(-1)![1].filter).toEqual({ type: 2, orderNo: 'IN9', sourceOutboundNo: 'OUT-7' }));
    // a sign that the list is filtered (issue 27), gone after Reset
    expect((await screen.findByTestId('inbound-filtered')).textContent).toBe('Filtered: 2');
    fireEvent.click(screen.getByTestId('inbound-reset'));
    await waitFor(() => expect(screen.queryByTestId('inbound-filtered')).toBeNull());
  });

  it('a search starts again on page 1, also with unchanged filters (spec 2.6; issue 27)', async () => {
    const many = Array.from({ length: 15 }, (_, i) => order(i + 1, 1));
    const dp = renderList('normal', ['admin'], stubDataProvider(many));
    await screen.findByText('IN20240501000001');
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(pages(dp).at(-1)![1].pagination.page).toBe(2));
    fireEvent.click(screen.getByTestId('inbound-search'));
    await waitFor(() => expect(pages(dp).at(-1)![1].pagination.page).toBe(1));
  });

  it('shows source outbound and return waybill columns (and filters) only for customer returns', async () => {
    renderList('normal');
    await screen.findByText('IN20240501000001');
    expect(screen.queryByText('Return waybill number')).toBeNull();
    expect(screen.queryByText('Source outbound number')).toBeNull();
    expect(screen.queryByTestId('inbound-filter-source-outbound-no')).toBeNull();
    expect(screen.queryByTestId('inbound-filter-return-waybill-no')).toBeNull();
    cleanup();
    renderList('return', ['admin'], stubDataProvider([order(1, 1, { type: 2, sourceOutboundNo: 'OUT-77', returnWaybillNo: 'RWB-1' })]));
    expect(await screen.findByText('OUT-77')).toBeTruthy();
    expect(screen.getByText('RWB-1')).toBeTruthy();
    expect(screen.getAllByText('Return waybill number').length).toBeGreaterThan(0);
    expect(screen.getByTestId('inbound-filter-source-outbound-no')).toBeTruthy();
    expect(screen.getByTestId('inbound-filter-return-waybill-no')).toBeTruthy();
  });

  it('shows status tags, totals, and the actions each status allows (admin)', async () => {
    renderList('normal');
    await screen.findByText('IN20240501000001');
    expect(within(rowOf('IN20240501000001')).getByTestId('inbound-status').textContent).toBe('Created');
    expect(within(rowOf('IN20240501000002')).getByTestId('inbound-qty').textContent).toBe('15 / 4');
    expect(within(rowOf('IN20240501000005')).getByText('damaged box')).toBeTruthy();
    // references by their names
    expect(within(rowOf('IN20240501000001')).getByText('Riyadh DC')).toBeTruthy();
    expect(within(rowOf('IN20240501000001')).getByText('Desert Rose Cosmetics')).toBeTruthy();
    await waitFor(() => expect(actionIds(rowOf('IN20240501000001'))).toContain('inbound-row-edit'));
    // two inline (the manifest's Receive and Edit, else the first action and View), the rest in the menu, destructive last
    expect(await rowActions(rowOf('IN20240501000001'))).toMatchObject({ inline: ['inbound-row-receive', 'inbound-row-edit'], menu: ['inbound-row-view', 'inbound-row-create-package', 'inbound-row-print', 'inbound-row-delete', 'inbound-row-cancel', 'inbound-row-submitProblem'] });
    expect(await rowActions(rowOf('IN20240501000002'))).toMatchObject({ inline: ['inbound-row-receive'], menu: ['inbound-row-view', 'inbound-row-complete', 'inbound-row-create-package', 'inbound-row-print', 'inbound-row-submitProblem'] });
    expect(await rowActions(rowOf('IN20240501000003'))).toMatchObject({ inline: ['inbound-row-view'], menu: ['inbound-row-print'] });
    expect(await rowActions(rowOf('IN20240501000004'))).toMatchObject({ inline: ['inbound-row-recreate', 'inbound-row-view'], menu: ['inbound-row-print'] });
    expect(await rowActions(rowOf('IN20240501000005'))).toMatchObject({ inline: ['inbound-row-cancelProblem', 'inbound-row-view'], menu: ['inbound-row-print'] });
    const menu = await openRowMenu(rowOf('IN20240501000002'));
    expect(within(menu).getByTestId('inbound-row-complete').textContent).toBe('Close receiving');
    expect(within(menu).getByTestId('inbound-row-submitProblem').textContent).toBe('Submit problem order');
    expect(screen.getByTestId('inbound-add')).toBeTruthy();
    expect(screen.getByTestId('inbound-order-import').textContent).toBe('Import');
    // create package opens the package dialog of that order
    fireEvent.click(within(menu).getByTestId('inbound-row-create-package'));
    expect(await screen.findByTestId('package-dialog')).toBeTruthy();
  });

  it('a list-only user sees View and Print only and no Add', async () => {
    renderList('normal', ['inbound:list']);
    await screen.findByText('IN20240501000001');
    await new Promise((r) => setTimeout(r, 50));
    expect((await rowActions(rowOf('IN20240501000001'))).all).toEqual(['inbound-row-view', 'inbound-row-print']);
    expect(screen.queryByTestId('inbound-add')).toBeNull();
    expect(screen.queryByTestId('inbound-order-import')).toBeNull();
  });

  it('a receiving user sees View and Receive only', async () => {
    renderList('normal', ['inbound:list', 'inbound:receive']);
    await screen.findByText('IN20240501000001');
    await waitFor(() => expect(actionIds(rowOf('IN20240501000001'))).toContain('inbound-row-receive'));
    expect((await rowActions(rowOf('IN20240501000001'))).all).toEqual(['inbound-row-receive', 'inbound-row-view', 'inbound-row-print']);
    expect((await rowActions(rowOf('IN20240501000002'))).all).toEqual(['inbound-row-receive', 'inbound-row-view', 'inbound-row-complete', 'inbound-row-print']);
  });

  it('cancels after a confirmation and reloads; submit problem needs a reason', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 1, status: 4 }));
    const dp = renderList('normal', ['admin'], stubDataProvider(RECORDS, call));
    await screen.findByText('IN20240501000001');
    const before = pages(dp).length;
    await waitFor(() => expect(actionIds(rowOf('IN20240501000001'))).toContain('inbound-row-edit'));
    await clickRowAction(rowOf('IN20240501000001'), 'inbound-row-cancel');
    // the prompt names the order; its buttons are named after the action
    const prompt = await screen.findByTestId('inbound-row-cancel-confirm');
    expect(within(prompt).getByText('Cancel inbound order IN20240501000001?')).toBeTruthy();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByText('Cancel inbound order IN20240501000001?')).toBeNull());
    expect(call).not.toHaveBeenCalled();
    await clickRowAction(rowOf('IN20240501000001'), 'inbound-row-cancel');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/inbound-order/cancel', { id: 1 }));
    await waitFor(() => expect(pages(dp).length).toBeGreaterThan(before));

    await clickRowAction(rowOf('IN20240501000002'), 'inbound-row-submitProblem');
    const dialog = await screen.findByTestId('inbound-submitProblem-dialog');
    fireEvent.click(within(dialog).getByTestId('inbound-submitProblem-confirm'));
    expect(await within(dialog).findByText('Problem reason cannot be empty')).toBeTruthy();
    expect(call).toHaveBeenCalledTimes(1);
    fireEvent.change(within(dialog).getByTestId('inbound-submitProblem-reason'), { target: { value: ' box damaged ' } });
    fireEvent.click(within(dialog).getByTestId('inbound-submitProblem-confirm'));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/inbound-order/submitProblem', { id: 2, problemReason: 'box damaged' }));
  });
});
