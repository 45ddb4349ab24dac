// @vitest-environment jsdom
/**
 * The outbound order lists generated from the manifest (resources.yaml `outboundOrder.screen`, rendered by
 * DocumentScreen; views normal /outbound/normal_list and noon /outbound/nano_list): the page query per view
 * (type as the permanent filter, page 1 of 10, no sort; filters trimmed), the columns (status tag, delivery
 * status, receiver, country / city, COD /100 with its currency, quantity), the row actions per status (from
 * the manifest workflow) and per permission code; Allocate asks first, then calls the server, and shows the
 * server msg when stock is short; Pack opens the shipping screen's pack dialog (waybill, carrier, weight);
 * Update delivery status asks the status; View shows the lines with their allocated quantities.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RaRecord } from 'react-admin';
import { screenSource } from '../../generated/client/views/outboundOrder';
import type { AnyFilterCodec } from '../../src/client/kit/filterCodec';
import { allowedActions } from '../../src/client/kit/workflowActions';
import { DocumentScreen } from '../../src/client/kit/screen/DocumentScreen';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { screenFilterCodec } from '../../src/client/kit/screen/ScreenFilterBar';
import { screenOf } from '../../src/client/kit/screen/spec';
import { orderImportMessages } from '../../src/client/screens/orderImport';
import { packageMessages } from '../../src/client/screens/packages/messages';
import { shippingMessages } from '../../src/client/screens/shipping';
import { waybillMessages } from '../../src/client/screens/waybill/messages';
import { actionIds, clickRowAction, i18nOf, rowActions, renderWithAdmin, rowOf as rowIn, stubDataProvider as stubWith } from './console-harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = i18nOf(documentScreenMessages, orderImportMessages, packageMessages, shippingMessages, waybillMessages);

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

type View = 'normal' | 'noon';

function renderList(view: View, roles = ['admin'], dataProvider = stubDataProvider()) {
  renderWithAdmin(
    <>
      {/* where react-admin's <Title> portals the page title (the layout's app bar) */}
      <div id="react-admin-title" data-testid="page-title" />
      <DocumentScreen source={screenSource} resource="outboundOrder" view={view} storeKey={false} />
    </>,
    { roles, dataProvider, i18nProvider },
  );
  return dataProvider;
}

const pages = (dp: ReturnType<typeof stubDataProvider>) => dp.getList.mock.calls.filter((c) => c[0] === 'outboundOrder');
const rowOf = (no: string) => rowIn('outbound-row', no);
const workflow = screenSource.resources.outboundOrder.workflow;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('outbound list helpers', () => {
  it('builds the filter of a view: texts trimmed, ids, status, days; empty values left out', () => {
    const codec: AnyFilterCodec = screenFilterCodec(screenOf(screenSource, 'outboundOrder', 'normal'));
    expect(
      codec.toFilter({ orderNo: ' OUT1 ', platformOrderNo: '', status: '2', deliveryStatus: null, warehouseId: 1, ownerId: '', waybillNo: ' WB ', countryCode: 'SA', addDateStart: '2024-01-02', addDateEnd: '' }),
    ).toEqual({ orderNo: 'OUT1', status: 2, warehouseId: 1, waybillNo: 'WB', countryCode: 'SA', addDateStart: '2024-01-02' });
    // the noon view has the same filters
    const noon: AnyFilterCodec = screenFilterCodec(screenOf(screenSource, 'outboundOrder', 'noon'));
    expect(noon.toFilter({ deliveryStatus: '3', platformOrderNo: ' PO ' })).toEqual({ deliveryStatus: 3, platformOrderNo: 'PO' });
  });

  it('takes the row actions from the manifest workflow and the permission codes', () => {
    expect(allowedActions(workflow, 1, ['admin'])).toEqual(['allocate', 'cancel']);
    expect(allowedActions(workflow, 2, ['admin'])).toEqual(['pick', 'pack', 'ship', 'cancel']);
    expect(allowedActions(workflow, 3, ['admin'])).toEqual(['pack', 'ship', 'cancel']);
    expect(allowedActions(workflow, 4, ['admin'])).toEqual(['ship', 'cancel']);
    expect(allowedActions(workflow, 5, ['admin'])).toEqual(['deliver']);
    expect(allowedActions(workflow, 5, ['outbound:allocate'])).toEqual([]);
    expect(allowedActions(workflow, 6, ['admin'])).toEqual([]);
    expect(allowedActions(workflow, 1, ['outbound:allocate'])).toEqual(['allocate']);
    expect(allowedActions(workflow, 2, ['outbound:edit'])).toEqual(['cancel']);
    expect(allowedActions(workflow, 1, ['outbound:list'])).toEqual([]);
  });
});

describe('outbound lists per view', () => {
  it.each([
    ['normal', 1, 'Outbound orders'],
    ['noon', 2, 'noon outbound orders'],
  ] as const)('%s: the page query has the type fixed, page 1 of 10, no sort; title %s', async (view, type, title) => {
    const dp = renderList(view);
    // the first render of the file loads the whole console: give it time
    await screen.findByText('OUT20240501000001', {}, { timeout: 20_000 });
    const params = pages(dp)[0][1];
    expect(params.filter).toEqual({ type });
    expect(params.pagination).toEqual({ page: 1, perPage: 10 });
    expect(params.sort?.field ?? '').toBe('');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe(title));
  });

  it('searches with trimmed filters, keeping the type', async () => {
    const dp = renderList('noon');
    await screen.findByText('OUT20240501000001');
    fireEvent.change(within(screen.getByTestId('outbound-filter-order-no')).getByRole('textbox'), { target: { value: ' OUT9 ' } });
    fireEvent.change(within(screen.getByTestId('outbound-filter-platform-order-no')).getByRole('textbox'), { target: { value: ' PO-9' } });
    fireEvent.click(screen.getByTestId('outbound-search'));
    await waitFor(() => expect(pages(dp).at(-1)![1].filter).toEqual({ type: 2, orderNo: 'OUT9', platformOrderNo: 'PO-9' }));
  });

  it('shows status tags, receiver, region, COD /100 with its currency, quantity, and the actions each status allows (admin)', async () => {
    renderList('normal');
    await screen.findByText('OUT20240501000001');
    const first = rowOf('OUT20240501000001');
    expect(within(first).getByTestId('outbound-status').textContent).toBe('Created');
    expect(within(rowOf('OUT20240501000005')).getByTestId('outbound-status').textContent).toBe('Shipped');
    expect(within(rowOf('OUT20240501000005')).getByText('All delivered')).toBeTruthy();
    expect(within(first).getByTestId('outbound-receiver').textContent).toBe('Sara Ali+966 5555 1234');
    expect(within(first).getByTestId('outbound-region').textContent).toBe('SA / Riyadh');
    expect(within(first).getByTestId('outbound-cod-amount').textContent).toBe('125.50 SAR');
    expect(within(rowOf('OUT20240501000006')).queryByTestId('outbound-cod-amount')).toBeNull();
    expect(within(first).getByText('PO-1')).toBeTruthy();
    expect(within(first).getByText('Riyadh DC')).toBeTruthy();
    expect(within(first).getByText('Desert Rose Cosmetics')).toBeTruthy();
    expect(within(rowOf('OUT20240501000004')).getByText('SMSA-4')).toBeTruthy();
    expect(first.querySelector('td.column-qty')?.textContent).toBe('3');
    expect(screen.getAllByText('Country / city').length).toBeGreaterThan(0);
    await waitFor(() => expect(actionIds(first)).toContain('outbound-row-edit'));
    // inline: the first step and Edit (else View); the rest in the menu (each print document an item), Delete and Cancel last
    expect(await rowActions(first)).toMatchObject({ inline: ['outbound-row-allocate', 'outbound-row-edit'], menu: ['outbound-row-view', 'outbound-row-create-package', 'print-pickList', 'print-packingList', 'outbound-row-delete', 'outbound-row-cancel'] });
    // allocated without a waybill: the waybill can be asked for (issue 17)
    expect(await rowActions(rowOf('OUT20240501000002'))).toMatchObject({ inline: ['outbound-row-pick', 'outbound-row-view'], menu: ['outbound-row-pack', 'outbound-row-ship', 'outbound-row-create-package', 'print-pickList', 'print-packingList', 'outbound-row-create-waybill', 'outbound-row-cancel'] });
    // packed: packages are closed; its waybill's page (label, tracking) is a click away
    expect(await rowActions(rowOf('OUT20240501000004'))).toMatchObject({ inline: ['outbound-row-ship', 'outbound-row-view'], menu: ['print-pickList', 'print-packingList', 'outbound-row-waybills', 'outbound-row-cancel'] });
    expect((await rowActions(rowOf('OUT20240501000005'))).all).toEqual(['outbound-row-deliver', 'outbound-row-view', 'print-pickList', 'print-packingList', 'outbound-row-waybills']);
    expect((await rowActions(rowOf('OUT20240501000006'))).all).toEqual(['outbound-row-view', 'print-pickList', 'print-packingList', 'outbound-row-waybills']);
    expect(within(first).getByTestId('outbound-row-allocate').textContent).toBe('Allocate');
    expect(within(rowOf('OUT20240501000005')).getByTestId('outbound-row-deliver').textContent).toBe('Update delivery status');
    expect(screen.getByTestId('outbound-add')).toBeTruthy();
    expect(screen.getByTestId('outbound-order-import').textContent).toBe('Import');
    // create package opens the package dialog of that order
    await clickRowAction(rowOf('OUT20240501000002'), 'outbound-row-create-package');
    expect(await screen.findByTestId('package-dialog')).toBeTruthy();
  });

  it('a list-only user sees View and Print only and no Add; an allocator gets the warehouse steps but no Edit', async () => {
    renderList('normal', ['outbound:list']);
    await screen.findByText('OUT20240501000001');
    await new Promise((r) => setTimeout(r, 50));
    expect((await rowActions(rowOf('OUT20240501000001'))).all).toEqual(['outbound-row-view', 'print-pickList', 'print-packingList']);
    expect(screen.queryByTestId('outbound-add')).toBeNull();
    cleanup();
    renderList('normal', ['outbound:list', 'outbound:allocate']);
    await screen.findByText('OUT20240501000001');
    await waitFor(() => expect(actionIds(rowOf('OUT20240501000001'))).toContain('outbound-row-allocate'));
    expect((await rowActions(rowOf('OUT20240501000001'))).all).toEqual(['outbound-row-allocate', 'outbound-row-view', 'outbound-row-create-package', 'print-pickList', 'print-packingList']);
    expect((await rowActions(rowOf('OUT20240501000002'))).all).toEqual(['outbound-row-pick', 'outbound-row-view', 'outbound-row-pack', 'outbound-row-ship', 'outbound-row-create-package', 'print-pickList', 'print-packingList']);
    expect(screen.queryByTestId('outbound-add')).toBeNull();
  });

  it('allocates after a confirmation and reloads; a shortage shows the server msg', async () => {
    const short = 'Insufficient inventory for selected product: SKU ROSE, batch B1: available 1, requested 2';
    const call = vi.fn((path: string, _body?: unknown) => (path.endsWith('/allocate') && call.mock.calls.length > 1 ? Promise.reject(new Error(short)) : Promise.resolve<any>({ id: 1, status: 2 })));
    const dp = renderList('normal', ['admin'], stubDataProvider(RECORDS, call as any));
    await screen.findByText('OUT20240501000001');
    const before = pages(dp).length;
    fireEvent.click(await within(rowOf('OUT20240501000001')).findByTestId('outbound-row-allocate'));
    const prompt = await screen.findByTestId('outbound-row-allocate-confirm');
    expect(within(prompt).getByText('Allocate OUT20240501000001?')).toBeTruthy();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Allocate' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-order/allocate', { id: 1 }));
    expect(await screen.findByText('Operation successful')).toBeTruthy();
    await waitFor(() => expect(pages(dp).length).toBeGreaterThan(before));

    fireEvent.click(within(rowOf('OUT20240501000001')).getByTestId('outbound-row-allocate'));
    fireEvent.click(within(await screen.findByTestId('outbound-row-allocate-confirm')).getByRole('button', { name: 'Allocate' }));
    expect(await screen.findByText(short)).toBeTruthy();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('packs with waybill, carrier and weight asked in a dialog; ships and cancels after a confirmation; records delivery', async () => {
    const call = vi.fn((path: string, _body?: unknown) => Promise.resolve<any>(path.endsWith('/outbound-package/page') ? { records: [], total: 0 } : { id: 2 }));
    renderList('normal', ['admin'], stubDataProvider(RECORDS, call as any));
    await screen.findByText('OUT20240501000002');
    await waitFor(() => expect(actionIds(rowOf('OUT20240501000002'))).toContain('outbound-row-pick'));
    await clickRowAction(rowOf('OUT20240501000002'), 'outbound-row-pack');
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
    expect(within(deliver).getByText('Update delivery status: OUT20240501000005')).toBeTruthy();
    fireEvent.mouseDown(within(within(deliver).getByTestId('outbound-deliver-delivery-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Partially delivered' }));
    fireEvent.click(within(deliver).getByTestId('outbound-deliver-confirm'));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-order/deliver', { id: 5, deliveryStatus: 2 }));
    await waitFor(() => expect(screen.queryByTestId('outbound-deliver-dialog')).toBeNull());

    fireEvent.click(within(rowOf('OUT20240501000004')).getByTestId('outbound-row-ship'));
    fireEvent.click(within(await screen.findByTestId('outbound-row-ship-confirm')).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-order/ship', { id: 4 }));
    await clickRowAction(rowOf('OUT20240501000003'), 'outbound-row-cancel');
    const cancel = await screen.findByTestId('outbound-row-cancel-confirm');
    expect(within(cancel).getByText('Cancel outbound order OUT20240501000003?')).toBeTruthy();
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-order/cancel', { id: 3 }));
  });

  async function confirmDeliverEmpty() {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 6 }));
    renderList('normal', ['admin'], stubDataProvider([order(6, 5)], call));
    await screen.findByText('OUT20240501000006');
    fireEvent.click(await within(rowOf('OUT20240501000006')).findByTestId('outbound-row-deliver'));
    const deliver = await screen.findByTestId('outbound-deliver-dialog');
    fireEvent.click(within(deliver).getByTestId('outbound-deliver-confirm'));
    return { call, deliver };
  }

  it('the delivery status is required: nothing is sent without it', async () => {
    const { call, deliver } = await confirmDeliverEmpty();
    await waitFor(() => expect(within(deliver).getByTestId('outbound-deliver-delivery-status').querySelector('.Mui-error')).not.toBeNull());
    await new Promise((r) => setTimeout(r, 100));
    expect(call).not.toHaveBeenCalled();
    expect(screen.getByTestId('outbound-deliver-dialog')).toBeTruthy();
  });

  // a field the add/edit form leaves out is still named by its label when missing
  it('names the missing delivery status by its label', async () => {
    const { deliver } = await confirmDeliverEmpty();
    expect(await within(deliver).findByText('Delivery status cannot be empty')).toBeTruthy();
  });

  it('views an order with its lines and allocated quantities', async () => {
    renderList('normal');
    await screen.findByText('OUT20240501000002');
    await clickRowAction(rowOf('OUT20240501000002'), 'outbound-row-view');
    const view = await screen.findByTestId('outbound-view-dialog');
    expect(within(view).getByText('Outbound order OUT20240501000002')).toBeTruthy();
    expect(within(view).getByTestId('outbound-header-status').textContent).toBe('Allocated');
    const lines = within(view).getAllByTestId('outbound-view-line');
    expect(lines.map((l) => Array.from(l.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
      ['1', 'ROSERose', 'B1', '2', '2'],
      ['2', 'MUSKMusk', '—', '1', '1'],
    ]);
    expect(within(view).getAllByTestId('outbound-view-allocated').map((c) => c.textContent)).toEqual(['2', '1']);
    expect(within(within(view).getByTestId('outbound-view-lines')).getByText('Allocated')).toBeTruthy();
    const header = within(view).getByTestId('outbound-header');
    expect(within(header).getByText('125.50 SAR')).toBeTruthy();
    expect(within(header).getByText('Cash on delivery')).toBeTruthy();
    fireEvent.click(within(view).getByTestId('outbound-view-close'));
    await waitFor(() => expect(screen.queryByTestId('outbound-view-dialog')).toBeNull());
  });
});
