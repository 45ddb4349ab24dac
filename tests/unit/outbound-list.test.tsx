// @vitest-environment jsdom
/**
 * The outbound order lists: the page query per route type (type fixed as a permanent filter, page 1 of 10, no
 * sort; filters trimmed), the columns (status tag, receiver, country / city, COD /100 with its currency,
 * quantity), the row actions per status (from the manifest workflow) and per permission code; Allocate asks
 * first, then calls the server, and shows the server msg when stock is short; Pack asks the waybill number;
 * View shows the lines with their allocated quantities.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RaRecord } from 'react-admin';
import { OutboundList, buildOutboundFilter, outboundActionNames, outboundMessages } from '../../src/client/screens/outbound';
import { actionIds, i18nOf, renderWithAdmin, rowOf as rowIn, stubDataProvider as stubWith } from './console-harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = i18nOf(outboundMessages);

const order = (id: number, status: number, extra: Record<string, unknown> = {}): RaRecord => ({
  id,
  orderNo: `OUT2024050100000${id}`,
  type: 1,
  status,
  companyName: 'Demo Trading Co.',
  warehouseName: 'Riyadh DC',
  ownerName: 'Desert Rose Cosmetics',
  platformOrderNo: `PO-${id}`,
  receiverName: 'Sara Ali',
  receiverPhone: '+966 5555 1234',
  countryCode: 'SA',
  city: 'Riyadh',
  codAmount: 12550,
  codCurrency: 1,
  waybillNo: status >= 4 ? `SMSA-${id}` : null,
  qty: 3,
  lines: [
    { id: id * 10, skuId: 7, sku: 'ROSE', skuName: 'Rose', batchNo: 'B1', qty: 2, allocatedQty: status === 1 ? 0 : 2 },
    { id: id * 10 + 1, skuId: 8, sku: 'MUSK', skuName: 'Musk', batchNo: '', qty: 1, allocatedQty: status === 1 ? 0 : 1 },
  ],
  ...extra,
});

const RECORDS = [order(1, 1), order(2, 2), order(3, 3), order(4, 4), order(5, 5, { deliveryStatus: 1 }), order(6, 6, { codAmount: null, codCurrency: null })];

const stubDataProvider = (records = RECORDS, call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 1 }))) => stubWith({ outboundOrder: records }, call);

function renderList(type: number, roles = ['admin'], dataProvider = stubDataProvider()) {
  renderWithAdmin(
    <>
      {/* where react-admin's <Title> portals the page title (the layout's app bar) */}
      <div id="react-admin-title" data-testid="page-title" />
      <OutboundList type={type} storeKey={false} />
    </>,
    { roles, dataProvider, i18nProvider },
  );
  return dataProvider;
}

const pages = (dp: ReturnType<typeof stubDataProvider>) => dp.getList.mock.calls.filter((c) => c[0] === 'outboundOrder');
const rowOf = (no: string) => rowIn('outbound-row', no);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('outbound list helpers', () => {
  it('builds the filter: texts trimmed, ids, status, days; empty values left out', () => {
    expect(
      buildOutboundFilter({ orderNo: ' OUT1 ', platformOrderNo: '', status: '2', deliveryStatus: null, warehouseId: 1, ownerId: '', waybillNo: ' WB ', countryCode: 'SA', addDateStart: '2024-01-02', addDateEnd: '' }),
    ).toEqual({ orderNo: 'OUT1', status: 2, warehouseId: 1, waybillNo: 'WB', countryCode: 'SA', addDateStart: '2024-01-02' });
  });

  it('takes the row actions from the workflow and the permission codes', () => {
    expect(outboundActionNames(1, ['admin'])).toEqual(['allocate', 'cancel']);
    expect(outboundActionNames(2, ['admin'])).toEqual(['pick', 'pack', 'ship', 'cancel']);
    expect(outboundActionNames(3, ['admin'])).toEqual(['pack', 'ship', 'cancel']);
    expect(outboundActionNames(4, ['admin'])).toEqual(['ship', 'cancel']);
    expect(outboundActionNames(5, ['admin'])).toEqual(['deliver']);
    expect(outboundActionNames(5, ['outbound:allocate'])).toEqual([]);
    expect(outboundActionNames(6, ['admin'])).toEqual([]);
    expect(outboundActionNames(1, ['outbound:allocate'])).toEqual(['allocate']);
    expect(outboundActionNames(2, ['outbound:edit'])).toEqual(['cancel']);
    expect(outboundActionNames(1, ['outbound:list'])).toEqual([]);
  });
});

describe('outbound lists per route type', () => {
  it.each([
    [1, 'Outbound orders'],
    [2, 'noon outbound orders'],
  ])('type %i: the page query has the type fixed, page 1 of 10, no sort; title %s', async (type, title) => {
    const dp = renderList(type);
    await screen.findByText('OUT20240501000001');
    const params = pages(dp)[0][1];
    expect(params.filter).toEqual({ type });
    expect(params.pagination).toEqual({ page: 1, perPage: 10 });
    expect(params.sort?.field ?? '').toBe('');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe(title));
  });

  it('searches with trimmed filters, keeping the type', async () => {
    const dp = renderList(2);
    await screen.findByText('OUT20240501000001');
    fireEvent.change(within(screen.getByTestId('outbound-filter-no')).getByRole('textbox'), { target: { value: ' OUT9 ' } });
    fireEvent.change(within(screen.getByTestId('outbound-filter-platform-order-no')).getByRole('textbox'), { target: { value: ' PO-9' } });
    fireEvent.click(screen.getByTestId('outbound-search'));
    await waitFor(() => expect(pages(dp).at(-1)![1].filter).toEqual({ type: 2, orderNo: 'OUT9', platformOrderNo: 'PO-9' }));
  });

  it('shows status tags, receiver, region, COD /100 with its currency, quantity, and the actions each status allows (admin)', async () => {
    renderList(1);
    await screen.findByText('OUT20240501000001');
    const first = rowOf('OUT20240501000001');
    expect(within(first).getByTestId('outbound-status').textContent).toBe('Created');
    expect(within(rowOf('OUT20240501000005')).getByTestId('outbound-status').textContent).toBe('Shipped');
    expect(within(rowOf('OUT20240501000005')).getByText('All delivered')).toBeTruthy();
    expect(within(first).getByTestId('outbound-receiver').textContent).toBe('Sara Ali+966 5555 1234');
    expect(within(first).getByTestId('outbound-region').textContent).toBe('SA / Riyadh');
    expect(within(first).getByTestId('outbound-cod').textContent).toBe('125.50 SAR');
    expect(within(rowOf('OUT20240501000006')).queryByTestId('outbound-cod')).toBeNull();
    expect(within(first).getByText('PO-1')).toBeTruthy();
    expect(within(rowOf('OUT20240501000004')).getByText('SMSA-4')).toBeTruthy();
    await waitFor(() => expect(actionIds(first)).toContain('outbound-row-edit'));
    expect(actionIds(first)).toEqual(['outbound-row-view', 'outbound-row-edit', 'outbound-row-delete', 'outbound-row-allocate', 'outbound-row-cancel', 'outbound-row-add-package']);
    expect(actionIds(rowOf('OUT20240501000002'))).toEqual(['outbound-row-view', 'outbound-row-pick', 'outbound-row-pack', 'outbound-row-ship', 'outbound-row-cancel', 'outbound-row-add-package']);
    expect(actionIds(rowOf('OUT20240501000004'))).toEqual(['outbound-row-view', 'outbound-row-ship', 'outbound-row-cancel']);
    expect(actionIds(rowOf('OUT20240501000005'))).toEqual(['outbound-row-view', 'outbound-row-deliver']);
    expect(actionIds(rowOf('OUT20240501000004'))).not.toContain('outbound-row-add-package'); // packed: packages are closed
    expect(actionIds(rowOf('OUT20240501000006'))).toEqual(['outbound-row-view']);
    expect(within(first).getByTestId('outbound-row-allocate').textContent).toBe('Allocate');
    expect(screen.getByTestId('outbound-add')).toBeTruthy();
  });

  it('a list-only user sees View only and no Add; an allocator gets the warehouse steps but no Edit', async () => {
    renderList(1, ['outbound:list']);
    await screen.findByText('OUT20240501000001');
    await new Promise((r) => setTimeout(r, 50));
    expect(actionIds(rowOf('OUT20240501000001'))).toEqual(['outbound-row-view']);
    expect(screen.queryByTestId('outbound-add')).toBeNull();
    cleanup();
    renderList(1, ['outbound:list', 'outbound:allocate']);
    await screen.findByText('OUT20240501000001');
    await waitFor(() => expect(actionIds(rowOf('OUT20240501000001'))).toEqual(['outbound-row-view', 'outbound-row-allocate', 'outbound-row-add-package']));
    expect(actionIds(rowOf('OUT20240501000002'))).toEqual(['outbound-row-view', 'outbound-row-pick', 'outbound-row-pack', 'outbound-row-ship', 'outbound-row-add-package']);
    expect(screen.queryByTestId('outbound-add')).toBeNull();
  });

  it('allocates after a confirmation and reloads; a shortage shows the server msg', async () => {
    const short = 'Insufficient inventory for selected product: SKU ROSE, batch B1: available 1, requested 2';
    const call = vi.fn((path: string, _body?: unknown) => (path.endsWith('/allocate') && call.mock.calls.length > 1 ? Promise.reject(new Error(short)) : Promise.resolve<any>({ id: 1, status: 2 })));
    const dp = renderList(1, ['admin'], stubDataProvider(RECORDS, call as any));
    await screen.findByText('OUT20240501000001');
    const before = pages(dp).length;
    fireEvent.click(await within(rowOf('OUT20240501000001')).findByTestId('outbound-row-allocate'));
    const prompt = await screen.findByTestId('outbound-row-allocate-confirm');
    expect(within(prompt).getByText('Allocate: outbound order OUT20240501000001?')).toBeTruthy();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-order/allocate', { id: 1 }));
    expect(await screen.findByText('Operation successful')).toBeTruthy();
    await waitFor(() => expect(pages(dp).length).toBeGreaterThan(before));

    fireEvent.click(within(rowOf('OUT20240501000001')).getByTestId('outbound-row-allocate'));
    fireEvent.click(within(await screen.findByTestId('outbound-row-allocate-confirm')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(short)).toBeTruthy();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('packs with waybill, carrier and weight asked in a dialog; ships and cancels after a confirmation; records delivery', async () => {
    const call = vi.fn((path: string, _body?: unknown) => Promise.resolve<any>(path.endsWith('/outbound-package/page') ? { records: [], total: 0 } : { id: 2 }));
    renderList(1, ['admin'], stubDataProvider(RECORDS, call as any));
    await screen.findByText('OUT20240501000002');
    fireEvent.click(await within(rowOf('OUT20240501000002')).findByTestId('outbound-row-pack'));
    const dialog = await screen.findByTestId('shipping-pack-dialog');
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-package/page', { orderId: 2, size: 1 }));
    fireEvent.change(within(dialog).getByTestId('shipping-pack-waybillNo'), { target: { value: ' SMSA-1 ' } });
    fireEvent.change(within(dialog).getByTestId('shipping-pack-carrier'), { target: { value: 'SMSA' } });
    fireEvent.change(within(dialog).getByTestId('shipping-pack-weight'), { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByTestId('shipping-pack-confirm'));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-order/pack', { id: 2, waybillNo: 'SMSA-1', carrier: 'SMSA', weight: 1.5 }));
    await waitFor(() => expect(screen.queryByTestId('shipping-pack-dialog')).toBeNull());

    fireEvent.click(within(rowOf('OUT20240501000005')).getByTestId('outbound-row-deliver'));
    const deliver = await screen.findByTestId('outbound-deliver-dialog');
    fireEvent.mouseDown(within(deliver).getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('outbound-deliver-option-2'));
    fireEvent.click(within(deliver).getByTestId('outbound-deliver-confirm'));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-order/deliver', { id: 5, deliveryStatus: 2 }));

    fireEvent.click(within(rowOf('OUT20240501000004')).getByTestId('outbound-row-ship'));
    fireEvent.click(within(await screen.findByTestId('outbound-row-ship-confirm')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-order/ship', { id: 4 }));
    fireEvent.click(within(rowOf('OUT20240501000003')).getByTestId('outbound-row-cancel'));
    fireEvent.click(within(await screen.findByTestId('outbound-row-cancel-confirm')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-order/cancel', { id: 3 }));
  });

  it('views an order with its lines and allocated quantities', async () => {
    renderList(1);
    await screen.findByText('OUT20240501000002');
    fireEvent.click(within(rowOf('OUT20240501000002')).getByTestId('outbound-row-view'));
    const view = await screen.findByTestId('outbound-view-dialog');
    expect(within(view).getByTestId('outbound-header-status').textContent).toBe('Allocated');
    const lines = within(view).getAllByTestId('outbound-view-line');
    expect(lines.map((l) => Array.from(l.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
      ['1', 'ROSE', 'Rose', 'B1', '2', '2'],
      ['2', 'MUSK', 'Musk', '—', '1', '1'],
    ]);
    expect(within(view).getByTestId('outbound-view-totals').textContent).toBe('Ordered 3 / allocated 3');
    expect(within(view).getByText('125.50 SAR')).toBeTruthy();
    fireEvent.click(within(view).getByTestId('outbound-view-close'));
    await waitFor(() => expect(screen.queryByTestId('outbound-view-dialog')).toBeNull());
  });
});
