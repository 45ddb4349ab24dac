// @vitest-environment jsdom
/**
 * Packages (issue 5; spec 2.3 pack lists, 4 "create package", 5, 8, 9): messages in both languages; the
 * contents defaults (what is still unpacked) and the bodies; PackageDialog's checks (messages that name the
 * field), its /add and /edit payloads, an order loaded when its lines are not given, and the server's refusal
 * shown; the pack lists generated from the manifest (`<kind>Package.screen`, rendered by DocumentScreen): the
 * columns per kind with the dimensions and contents widgets, no Add, the order-number filter (a `lookup`:
 * looked up, then sent as orderId), edit and delete only while the order allows package changes (read from
 * the order), edit in PackageDialog, delete after a confirmation with the server's refusal shown.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { DataProvider, RaRecord } from 'react-admin';
import { screenSource as inboundSource } from '../../generated/client/views/inboundPackage';
import { screenSource as outboundSource } from '../../generated/client/views/outboundPackage';
import type { AnyFilterCodec } from '../../src/client/kit/filterCodec';
import { DocumentScreen } from '../../src/client/kit/screen/DocumentScreen';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { screenFilterCodec } from '../../src/client/kit/screen/ScreenFilterBar';
import { screenOf } from '../../src/client/kit/screen/spec';
import {
  PACKAGE_KINDS,
  PackageDialog,
  contentLineText,
  contentRows,
  dimensionsText,
  packageMessages,
  toPackageBody,
  type PackageRecord,
} from '../../src/client/screens/packages';
import { clickRowAction, i18nOf, keysOf as keys, renderWithAdmin, rowActions, stubCall, stubDataProvider as stubWith } from './console-harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = i18nOf(documentScreenMessages, packageMessages);

const ORDER_LINES = [
  { id: 11, skuId: 7, sku: 'ROSE', skuName: 'Rose lipstick', batchNo: 'B1', qty: 5, allocatedQty: 5 },
  { id: 12, skuId: 8, sku: 'MUSK', skuName: 'Musk perfume', batchNo: '', qty: 2, allocatedQty: 2 },
];
const pkg = (id: number, extra: Partial<PackageRecord> = {}): PackageRecord => ({
  id,
  packageNo: `PO2024050100000${id}`,
  orderId: 50,
  orderNo: 'OUT20240501000050',
  companyName: 'Demo Trading Co.',
  warehouseName: 'Riyadh DC',
  ownerName: 'Desert Rose Cosmetics',
  waybillNo: `SMSA-${id}`,
  carrier: 'SMSA',
  weight: 1.25,
  length: 40,
  width: 30,
  height: 20,
  lines: [{ id: id * 10, skuId: 7, sku: 'ROSE', skuName: 'Rose lipstick', batchNo: 'B1', qty: 2 }],
  qty: 2,
  ...extra,
});
const OTHER = pkg(1);

/** Packages for both pack lists; `orders` answer getMany of the orders (the state that allows edit and delete). */
const stubDataProvider = (call: ReturnType<typeof stubCall>, records: PackageRecord[] = [], orders: RaRecord[] = []) =>
  stubWith((resource) => (resource.endsWith('Package') ? (records as unknown as RaRecord[]) : resource.endsWith('Order') ? orders : []), call);
const renderIn = (node: ReactNode, dataProvider: DataProvider, roles = ['admin']) => renderWithAdmin(node, { dataProvider, roles, i18nProvider });

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const qtyInputs = () => screen.getAllByTestId('package-content-qty') as HTMLInputElement[];
const dialog = () => screen.getByTestId('package-dialog');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('messages and helpers', () => {

  it('en and zh hold the same keys under app.packages, zh without plurals', () => {
    expect(keys(packageMessages.zh).sort()).toEqual(keys(packageMessages.en).sort());
    expect(keys(packageMessages.en).every((k) => k.startsWith('app.packages.'))).toBe(true);
    expect(JSON.stringify(packageMessages.zh)).not.toContain('||||');
    expect(packageMessages.zh.app.packages.action.create).toBe('创建包裹');
  });

  it('starts each content row at what is unpacked (new) or at what the package holds (edit)', () => {
    const fresh = contentRows(ORDER_LINES, [OTHER]);
    expect(fresh.map((r) => [r.sku, r.ordered, r.others, r.qty])).toEqual([['ROSE', 5, 2, '3'], ['MUSK', 2, 0, '2']]);
    // editing package 1: its own 2 do not count as "other packages"
    const edit = contentRows(ORDER_LINES, [OTHER, pkg(2, { lines: [{ skuId: 8, batchNo: '', qty: 1 }] })], OTHER);
    expect(edit.map((r) => [r.sku, r.others, r.qty])).toEqual([['ROSE', 0, '2'], ['MUSK', 1, '0']]);
  });

  it('builds the add / edit bodies: rows at 0 left out, empty package number left out, carrier only outbound', () => {
    const rows = contentRows(ORDER_LINES, [OTHER]).map((r, i) => ({ ...r, qty: i === 0 ? ' 3 ' : '0' }));
    const checked = { packageNo: null, waybillNo: 'WB-9', carrier: 'Aramex', weight: 2.5, length: null, width: 10, height: null, remark: null };
    expect(toPackageBody(PACKAGE_KINDS.outbound, { id: 50 }, checked, rows)).toEqual({
      orderId: 50, waybillNo: 'WB-9', carrier: 'Aramex', weight: 2.5, length: null, width: 10, height: null, remark: null,
      lines: [{ skuId: 7, batchNo: 'B1', qty: 3 }],
    });
    expect(toPackageBody(PACKAGE_KINDS.inbound, { id: 50 }, { ...checked, packageNo: 'BOX-1' }, rows, OTHER)).toEqual({
      id: 1, packageNo: 'BOX-1', waybillNo: 'WB-9', weight: 2.5, length: null, width: 10, height: null, remark: null,
      lines: [{ skuId: 7, batchNo: 'B1', qty: 3 }],
    });
  });

  it('formats dimensions and contents; builds the list filter (the typed order number as orderNo)', () => {
    expect(dimensionsText({ length: 40, width: 30.5, height: 20 })).toBe('40 × 30.5 × 20');
    expect(dimensionsText({ length: 40, width: null, height: null })).toBe('40 × ? × ?');
    expect(dimensionsText({})).toBe('');
    expect(contentLineText({ sku: 'ROSE', skuId: 7, batchNo: 'B1', qty: 3 })).toBe('ROSE (B1) × 3');
    expect(contentLineText({ sku: 'MUSK', skuId: 8, batchNo: '', qty: 2 })).toBe('MUSK × 2');
    const codec: AnyFilterCodec = screenFilterCodec(screenOf(outboundSource, 'outboundPackage'));
    expect(codec.toFilter({ packageNo: ' PO1 ', orderNo: ' OUT1 ', warehouseId: '2', ownerId: null, waybillNo: '', carrier: ' SMSA', addDateStart: '2024-05-01', addDateEnd: null }))
      .toEqual({ packageNo: 'PO1', orderNo: 'OUT1', warehouseId: 2, carrier: 'SMSA', addDateStart: '2024-05-01' });
    // the order's id is added by the look-up (see the pack lists), never typed
    expect(codec.toFilter({ orderId: 50 })).toEqual({});
  });
});

describe('PackageDialog', () => {
  const OUT_PAGE = '/sapi/wms/outbound-package/page';

  it('creates an outbound package: unpacked defaults, field checks naming the field, the /add payload', async () => {
    const call = stubCall({ [OUT_PAGE]: { records: [OTHER], total: 1, current: 1 }, '/sapi/wms/outbound-package/add': (b: any) => ({ ...b, id: 9, packageNo: 'PO-NEW' }) });
    const onSaved = vi.fn();
    renderIn(<PackageDialog kind="outbound" order={{ id: 50, orderNo: 'OUT20240501000050', lines: ORDER_LINES }} onClose={vi.fn()} onSaved={onSaved} />, stubDataProvider(call));
    expect(await screen.findByText('New package for order OUT20240501000050')).toBeTruthy();
    await waitFor(() => expect(qtyInputs().map((i) => i.value)).toEqual(['3', '2']));
    expect(call).toHaveBeenCalledWith(OUT_PAGE, { orderId: 50, current: 1, size: 500 });
    expect(screen.getAllByTestId('package-content-others').map((c) => c.textContent)).toEqual(['2', '0']);
    expect(screen.getByTestId('package-form-carrier')).toBeTruthy();

    fireEvent.change(input('package-form-weight'), { target: { value: '1.2345' } });
    fireEvent.change(input('package-form-length'), { target: { value: '-1' } });
    fireEvent.change(qtyInputs()[0], { target: { value: '4' } });
    fireEvent.change(qtyInputs()[1], { target: { value: '1.5' } });
    fireEvent.click(screen.getByTestId('package-save'));
    expect(await within(dialog()).findByText('Weight (kg) can have at most 3 decimals')).toBeTruthy();
    expect(within(dialog()).getByText('Length (cm) cannot be less than 0')).toBeTruthy();
    expect(within(dialog()).getByText('Quantity cannot be greater than 3')).toBeTruthy();
    expect(within(dialog()).getByText('Quantity must be an integer')).toBeTruthy();
    expect(call).toHaveBeenCalledTimes(1);

    fireEvent.change(input('package-form-weight'), { target: { value: '1.5' } });
    fireEvent.change(input('package-form-length'), { target: { value: '40' } });
    fireEvent.change(input('package-form-waybillNo'), { target: { value: ' SMSA-9 ' } });
    fireEvent.change(input('package-form-carrier'), { target: { value: 'SMSA' } });
    fireEvent.change(qtyInputs()[0], { target: { value: '3' } });
    fireEvent.change(qtyInputs()[1], { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('package-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(call).toHaveBeenLastCalledWith('/sapi/wms/outbound-package/add', {
      orderId: 50, waybillNo: 'SMSA-9', carrier: 'SMSA', weight: 1.5, length: 40, width: null, height: null, remark: null,
      lines: [{ skuId: 7, batchNo: 'B1', qty: 3 }],
    });
    expect(onSaved.mock.calls[0][0]).toMatchObject({ id: 9, packageNo: 'PO-NEW' });
    expect(await screen.findByText('Package PO-NEW saved')).toBeTruthy();
  });

  it('refuses empty contents, then shows the server message when the server refuses', async () => {
    const refusal = 'lines.0.qty: SKU ROSE (batch B1): order OUT20240501000050 has 5, packages already hold 5, this package 3';
    const call = stubCall({ [OUT_PAGE]: { records: [], total: 0 }, '/sapi/wms/outbound-package/add': new Error(refusal) });
    const onSaved = vi.fn();
    renderIn(<PackageDialog kind="outbound" order={{ id: 50, orderNo: 'OUT20240501000050', lines: ORDER_LINES }} onClose={vi.fn()} onSaved={onSaved} />, stubDataProvider(call));
    await waitFor(() => expect(qtyInputs().map((i) => i.value)).toEqual(['5', '2']));
    fireEvent.change(qtyInputs()[0], { target: { value: '0' } });
    fireEvent.change(qtyInputs()[1], { target: { value: '' } });
    fireEvent.click(screen.getByTestId('package-save'));
    expect((await screen.findByTestId('package-form-error')).textContent).toBe('Package contents cannot be empty: put at least one item in the package');
    expect(call).toHaveBeenCalledTimes(1);
    fireEvent.change(qtyInputs()[0], { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('package-save'));
    await waitFor(() => expect(screen.getByTestId('package-form-error').textContent).toBe(refusal));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('edits an inbound package: loads the order when its lines are not given, sends /edit without carrier', async () => {
    const inboundPkg = pkg(4, { packageNo: 'PI-4', orderNo: 'IN-7', orderId: 7, carrier: undefined, lines: [{ skuId: 7, batchNo: 'B1', qty: 4 }] });
    const call = stubCall({
      '/sapi/wms/inbound-order/detail': { id: 7, orderNo: 'IN-7', lines: [{ id: 1, skuId: 7, sku: 'ROSE', skuName: 'Rose', batchNo: 'B1', plannedQty: 10, receivedQty: 0 }] },
      '/sapi/wms/inbound-package/page': { records: [inboundPkg, pkg(5, { orderId: 7, lines: [{ skuId: 7, batchNo: 'B1', qty: 5 }] })], total: 2 },
      '/sapi/wms/inbound-package/edit': (b: any) => ({ ...inboundPkg, ...b }),
    });
    const onSaved = vi.fn();
    renderIn(<PackageDialog kind="inbound" order={{ id: 7, orderNo: 'IN-7' }} package={inboundPkg} onClose={vi.fn()} onSaved={onSaved} />, stubDataProvider(call));
    expect(await screen.findByText('Edit package PI-4 of order IN-7')).toBeTruthy();
    await waitFor(() => expect(qtyInputs().map((i) => i.value)).toEqual(['4']));
    expect(call).toHaveBeenCalledWith('/sapi/wms/inbound-order/detail', { id: 7 });
    expect(screen.queryByTestId('package-form-carrier')).toBeNull();
    expect(input('package-form-packageNo').value).toBe('PI-4');
    fireEvent.change(qtyInputs()[0], { target: { value: '6' } });
    fireEvent.click(screen.getByTestId('package-save'));
    expect(await screen.findByText('Quantity cannot be greater than 5')).toBeTruthy();
    fireEvent.change(qtyInputs()[0], { target: { value: '5' } });
    fireEvent.change(input('package-form-remark'), { target: { value: 'fragile' } });
    fireEvent.click(screen.getByTestId('package-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(call).toHaveBeenLastCalledWith('/sapi/wms/inbound-package/edit', {
      id: 4, packageNo: 'PI-4', waybillNo: 'SMSA-4', weight: 1.25, length: 40, width: 30, height: 20, remark: 'fragile',
      lines: [{ skuId: 7, batchNo: 'B1', qty: 5 }],
    });
  });
});

describe('pack lists', () => {
  const RECORDS = [OTHER, pkg(2, { carrier: 'Aramex', length: null, width: null, height: null, lines: [{ skuId: 7, sku: 'ROSE', batchNo: 'B1', qty: 1 }, { skuId: 8, sku: 'MUSK', batchNo: '', qty: 2 }], qty: 3 })];
  const rowOf = (no: string) => screen.getAllByTestId('package-row').find((r) => within(r).queryByText(no))!;
  const pages = (dp: ReturnType<typeof stubDataProvider>) => dp.getList.mock.calls.filter((c) => c[0] === 'outboundPackage');
  const renderList = (kind: 'inbound' | 'outbound', dp: DataProvider, roles?: string[]) =>
    renderIn(<DocumentScreen source={kind === 'inbound' ? inboundSource : outboundSource} resource={`${kind}Package`} view="pack" storeKey={false} />, dp, roles);

  it('shows the columns of an outbound package; the inbound list has no carrier; no Add', async () => {
    const dp = stubDataProvider(stubCall({}), RECORDS);
    renderList('outbound', dp);
    await waitFor(() => expect(screen.getAllByTestId('package-row')).toHaveLength(2));
    expect(pages(dp)[0][1]).toMatchObject({ pagination: { page: 1, perPage: 10 }, filter: {} });
    const row = rowOf('PO20240501000002');
    expect(within(row).getByText('OUT20240501000050')).toBeTruthy();
    expect(within(row).getByText('Aramex')).toBeTruthy();
    expect(within(row).getAllByTestId('package-contents-line').map((l) => l.textContent)).toEqual(['ROSE (B1) × 1', 'MUSK × 2']);
    expect(within(rowOf('PO20240501000001')).getByTestId('package-dimensions').textContent).toBe('40 × 30 × 20');
    expect(document.querySelector('th.column-carrier')?.textContent).toBe('Carrier');
    expect(document.querySelector('th.column-dimensions')?.textContent).toBe('L × W × H (cm)');
    expect(screen.queryByTestId('package-add')).toBeNull();
    cleanup();
    renderList('inbound', stubDataProvider(stubCall({}), RECORDS));
    await waitFor(() => expect(screen.getAllByTestId('package-row')).toHaveLength(2));
    expect(document.querySelector('th.column-carrier')).toBeNull();
    expect(document.querySelector('th.column-waybillNo')?.textContent).toBe('Waybill number');
    expect(screen.queryByTestId('package-filter-carrier')).toBeNull();
  });

  it('looks a typed order number up and filters by its id; an unknown number stops the search', async () => {
    const call = stubCall({ '/sapi/wms/outbound-order/page': (b: any) => (b.orderNo === 'OUT-50' ? { records: [{ id: 50, orderNo: 'OUT-50' }], total: 1 } : { records: [], total: 0 }) });
    const dp = stubDataProvider(call, RECORDS);
    renderList('outbound', dp);
    await waitFor(() => expect(pages(dp)).toHaveLength(1));
    const orderNo = within(screen.getByTestId('package-filter-order-no')).getByRole('textbox');
    fireEvent.change(orderNo, { target: { value: ' OUT-50 ' } });
    fireEvent.change(within(screen.getByTestId('package-filter-carrier')).getByRole('textbox'), { target: { value: 'SMSA' } });
    fireEvent.click(screen.getByTestId('package-search'));
    await waitFor(() => expect(pages(dp).at(-1)![1].filter).toEqual({ orderNo: 'OUT-50', orderId: 50, carrier: 'SMSA' }));
    expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-order/page', { orderNo: 'OUT-50', current: 1, size: 1 });
    const before = pages(dp).length;
    fireEvent.change(orderNo, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByTestId('package-search'));
    expect((await screen.findAllByText('Outbound order does not exist: NOPE')).length).toBeGreaterThan(0);
    expect(pages(dp).length).toBe(before);
  });

  it('deletes after a confirmation; a refusal shows the server message; no write code, no edit / delete', async () => {
    const refusal = 'OUT20240501000050 can be deleted only when created, allocated, picking; it is shipped';
    const call = stubCall({ '/sapi/wms/outbound-package/remove': (b: any) => (b.id === 1 ? null : new Error(refusal)) });
    const dp = stubDataProvider(call, RECORDS);
    renderList('outbound', dp);
    await waitFor(() => expect(screen.getAllByTestId('package-row-edit')).toHaveLength(2));
    await clickRowAction(rowOf('PO20240501000001'), 'package-row-delete');
    expect(await screen.findByText('Delete outbound package PO20240501000001?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-package/remove', { id: 1 }));
    expect(await screen.findByText('Operation successful')).toBeTruthy();
    await clickRowAction(rowOf('PO20240501000002'), 'package-row-delete');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    cleanup();
    const readOnly = stubDataProvider(stubCall({}), RECORDS);
    renderList('outbound', readOnly, ['outbound:pack_list']);
    await waitFor(() => expect(screen.getAllByTestId('package-row-view')).toHaveLength(2));
    for (const no of ['PO20240501000001', 'PO20240501000002']) expect((await rowActions(rowOf(no))).all).not.toEqual(expect.arrayContaining(['package-row-edit']));
    for (const no of ['PO20240501000001', 'PO20240501000002']) expect((await rowActions(rowOf(no))).all).not.toEqual(expect.arrayContaining(['package-row-delete']));
    // the order's state is read only for those who may change packages
    expect(readOnly.getMany).not.toHaveBeenCalled();
    await clickRowAction(rowOf('PO20240501000002'), 'package-row-view');
    const view = await screen.findByTestId('package-view-dialog');
    expect(within(view).getAllByTestId('package-view-line').map((l) => l.textContent)).toEqual(['1ROSEB11', '2MUSK—2']);
    expect(within(view).getByText('Aramex')).toBeTruthy();
  });

  it('offers edit and delete only while the order allows package changes; edits in PackageDialog', async () => {
    const shipped = pkg(3, { orderId: 60, orderNo: 'OUT-60' });
    const call = stubCall({
      '/sapi/wms/outbound-order/detail': { id: 50, orderNo: 'OUT20240501000050', lines: ORDER_LINES },
      '/sapi/wms/outbound-package/page': { records: [OTHER], total: 1 },
      '/sapi/wms/outbound-package/edit': (b: any) => ({ ...OTHER, ...b }),
    });
    // order 50 is allocated (packages may change), order 60 shipped
    const dp = stubDataProvider(call, [OTHER, shipped], [{ id: 50, status: 2 }, { id: 60, status: 5 }]);
    renderList('outbound', dp);
    await waitFor(() => expect(screen.getAllByTestId('package-row-edit')).toHaveLength(1));
    expect((await rowActions(rowOf('PO20240501000001'))).all).toContain('package-row-delete');
    expect((await rowActions(rowOf('PO20240501000003'))).all).not.toEqual(expect.arrayContaining(['package-row-edit']));
    expect((await rowActions(rowOf('PO20240501000003'))).all).not.toEqual(expect.arrayContaining(['package-row-delete']));
    // one read of the page's orders
    expect(dp.getMany).toHaveBeenCalledTimes(1);
    expect(dp.getMany.mock.calls[0][0]).toBe('outboundOrder');
    expect(dp.getMany.mock.calls[0][1].ids.map(Number).sort()).toEqual([50, 60]);

    fireEvent.click(within(rowOf('PO20240501000001')).getByTestId('package-row-edit'));
    expect(await screen.findByText('Edit package PO20240501000001 of order OUT20240501000050')).toBeTruthy();
    await waitFor(() => expect(qtyInputs().map((i) => i.value)).toEqual(['2', '0']));
    fireEvent.change(qtyInputs()[1], { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('package-save'));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-package/edit', expect.objectContaining({ id: 1, lines: [{ skuId: 7, batchNo: 'B1', qty: 2 }, { skuId: 8, batchNo: '', qty: 1 }] })));
    await waitFor(() => expect(screen.queryByTestId('package-dialog')).toBeNull());
  });
});
