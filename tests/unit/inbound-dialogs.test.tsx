// @vitest-environment jsdom
/**
 * The inbound order dialogs of the generated screen (resources.yaml `inboundOrder.screen`, DocumentScreen) and
 * the receiving screen (issue 5): messages in both languages; owner first, then warehouse (spec 8); the create
 * payload with SKU lines through the SKU picker, checked by the generated schemas (planned quantity a positive
 * integer, spec 5); a customer return needs its source outbound number; edit of a created order (type, owner
 * and warehouse not sent); the view dialog with its lines; the receiving screen looks the order up through
 * /scan (the server msg when it is not found), defaults each line to what remains and sends the right
 * /receive body, then shows the new state and clears; a scanned package ("Package <no>") starts each line at
 * what that package holds of its SKU + batch, so confirming receives that carton; a scanned GS1-128 label
 * counts by its GTIN and fills the line's batch and dates, typed dates are sent, unreadable labels and a
 * second batch on a counting line are refused (issue 30).
 */
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { screenSource } from '../../generated/client/views/inboundOrder';
import { DocumentScreen } from '../../src/client/kit/screen/DocumentScreen';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { InboundReceivePage, inboundMessages, toReceiveBody } from '../../src/client/screens/inbound';
import { scanReceipts } from '../../src/client/screens/inbound/InboundReceivePage';
import { applyLabel, gtinCodes } from '../../src/client/screens/inbound/formSchema';
import { orderImportMessages } from '../../src/client/screens/orderImport';
import { packageMessages } from '../../src/client/screens/packages/messages';
import { OWNER_A, OWNER_B, WH_1, WH_2, clickRowAction, i18nOf, keysOf as keys, pickSku as pickSkuIn, renderWithAdmin, rowOf, stubDataProvider as stubWith, type Lists } from './console-harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 60_000 });

const i18nProvider = i18nOf(inboundMessages, documentScreenMessages, orderImportMessages, packageMessages);

const SKUS = [{ id: 7, sku: 'ROSE', name: 'Rose', ownerId: 3, ownerName: 'Desert Rose Cosmetics', enable: true, supplierNames: [], ecPlatforms: [] }];

const stubDataProvider = (lists: Lists, call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 99 }))) => stubWith(lists, call);
const renderIn = (node: ReactNode, dataProvider: DataProvider) => renderWithAdmin(node, { dataProvider, i18nProvider });

type View = 'normal' | 'return' | 'reject';
const renderScreen = (view: View, dataProvider: DataProvider) =>
  renderIn(<DocumentScreen source={screenSource} resource="inboundOrder" view={view} storeKey={false} />, dataProvider);

const dialog = () => screen.getByTestId('inbound-edit-dialog');
const save = () => fireEvent.click(screen.getByTestId('inbound-save'));
const lines = () => screen.queryAllByTestId('inbound-line');
const pickSku = (index: number) => pickSkuIn('inbound-line-sku-picker', index);
/** An input of the dialog by its label (the filter bar behind it has inputs with the same labels). */
const inDialog = (label: string) => within(dialog()).getByLabelText(new RegExp(`^${label}\\s*\\*?$`)) as HTMLInputElement;

async function waitForOwnerAndWarehouse(owner = OWNER_A.name, warehouse = WH_1.name) {
  await waitFor(() => expect(inDialog('Goods owner').value).toBe(owner));
  await waitFor(() => expect(inDialog('Warehouse').value).toBe(warehouse));
}

const pages = (dp: ReturnType<typeof stubDataProvider>) => dp.getList.mock.calls.filter((c) => c[0] === 'inboundOrder');

/** Picks `name` in the dialog's select labelled `label`. */
async function pickRef(label: string, name: string) {
  fireEvent.change(inDialog(label), { target: { value: name.slice(0, 4) } });
  fireEvent.click(await screen.findByRole('option', { name }));
  await waitFor(() => expect(inDialog(label).value).toBe(name));
}

/** Opens the create dialog of `view` with one owner and one warehouse, which pick themselves (single option). */
async function openCreate(view: View, call?: ReturnType<typeof vi.fn>) {
  const dp = stubDataProvider({ owner: [OWNER_A], warehouse: [WH_1], sku: SKUS, inboundOrder: [] }, call as any);
  renderScreen(view, dp);
  fireEvent.click(await screen.findByTestId('inbound-add'));
  await screen.findByTestId('inbound-edit-dialog');
  await waitForOwnerAndWarehouse();
  return dp;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('messages', () => {
  it('en and zh hold the same keys (app.inbound for receiving, wms.doc for the generated screens), zh without plurals', () => {
    expect(keys(inboundMessages.zh).sort()).toEqual(keys(inboundMessages.en).sort());
    expect(keys(inboundMessages.en).every((k) => k.startsWith('app.inbound.'))).toBe(true);
    expect(JSON.stringify(inboundMessages.zh)).not.toContain('||||');
    expect(keys(documentScreenMessages.zh).sort()).toEqual(keys(documentScreenMessages.en).sort());
    expect(keys(documentScreenMessages.en).every((k) => k.startsWith('wms.doc.'))).toBe(true);
    expect(JSON.stringify(documentScreenMessages.zh)).not.toContain('||||');
    expect(documentScreenMessages.en.wms.doc.rules.owner_first).toBe('Select owner first');
    expect(documentScreenMessages.en.wms.doc.rules.warehouse_first).toBe('Select warehouse first');
  });
});

describe('create / edit / view dialogs of the generated screen', () => {
  it('needs the goods owner first, then the warehouse, before lines can be added (spec 8)', async () => {
    const dp = stubDataProvider({ owner: [OWNER_A, OWNER_B], warehouse: [WH_1, WH_2], sku: SKUS, inboundOrder: [] });
    renderScreen('normal', dp);
    fireEvent.click(await screen.findByTestId('inbound-add'));
    expect(await within(await screen.findByTestId('inbound-edit-dialog')).findByText('New inbound order')).toBeTruthy();
    fireEvent.click(screen.getByTestId('inbound-add-line'));
    expect((await screen.findAllByText('Select owner first')).length).toBeGreaterThan(0);
    expect(lines()).toHaveLength(0);
    fireEvent.change(inDialog('Goods owner'), { target: { value: 'Desert' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Desert Rose Cosmetics' }));
    await waitFor(() => expect(inDialog('Goods owner').value).toBe('Desert Rose Cosmetics'));
    fireEvent.click(screen.getByTestId('inbound-add-line'));
    expect((await screen.findAllByText('Select warehouse first')).length).toBeGreaterThan(0);
    expect(lines()).toHaveLength(0);
    expect(dp.call).not.toHaveBeenCalled();
  });

  // the filter bar behind the dialog has loaded the same lists already: the pick must survive the form's reset
  it('picks the only owner and warehouse by themselves (spec 2.10), also after the filter bar loaded them', async () => {
    renderScreen('normal', stubDataProvider({ owner: [OWNER_A], warehouse: [WH_1], sku: SKUS, inboundOrder: [] }));
    fireEvent.click(await screen.findByTestId('inbound-add'));
    await screen.findByTestId('inbound-edit-dialog');
    await waitForOwnerAndWarehouse();
  });

  it('sends the create payload: type of the view, owner, warehouse, trimmed texts, two lines; rules of the generated schemas', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 99 }));
    const dp = await openCreate('normal', call);
    // the return view's own fields are not on the normal form
    expect(screen.queryByTestId('inbound-form-source-outbound-no')).toBeNull();
    expect(screen.queryByTestId('inbound-form-return-waybill-no')).toBeNull();
    save();
    expect(await within(dialog()).findByText('Add at least one line')).toBeTruthy();
    fireEvent.click(screen.getByTestId('inbound-add-line'));
    fireEvent.click(screen.getByTestId('inbound-add-line'));
    await waitFor(() => expect(lines()).toHaveLength(2));
    // owner and warehouse are fixed while lines exist
    expect(inDialog('Goods owner').disabled).toBe(true);
    expect(inDialog('Warehouse').disabled).toBe(true);
    save();
    expect((await within(dialog()).findAllByText('SKU cannot be empty')).length).toBe(2);
    await pickSku(0);
    await pickSku(1);
    expect(dp.getList.mock.calls.find((c) => c[0] === 'sku')![1].filter).toEqual({ ownerId: 3 });
    const qty = () => screen.getAllByTestId('inbound-line-qty');
    fireEvent.change(qty()[0], { target: { value: '0' } });
    fireEvent.change(qty()[1], { target: { value: '2.5' } });
    save();
    expect(await within(dialog()).findByText('Planned quantity cannot be less than 1')).toBeTruthy();
    expect(within(dialog()).getByText('Planned quantity must be an integer')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
    fireEvent.change(qty()[0], { target: { value: '10' } });
    fireEvent.change(qty()[1], { target: { value: '5' } });
    fireEvent.change(screen.getAllByTestId('inbound-line-batch')[0], { target: { value: ' B1 ' } });
    fireEvent.change(screen.getAllByTestId('inbound-line-batch')[1], { target: { value: 'B2' } });
    fireEvent.change(screen.getByTestId('inbound-form-store-order-no'), { target: { value: ' SHOP-1 ' } });
    fireEvent.change(screen.getByTestId('inbound-form-waybill-no'), { target: { value: 'WB-1' } });
    const before = pages(dp).length;
    save();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call).toHaveBeenCalledTimes(1);
    const [path, body] = call.mock.calls[0] as [string, Record<string, unknown>];
    expect(path).toBe('/sapi/wms/inbound-order/add');
    // the untouched remark is checked in 'sends untouched optional texts as null'
    const { remark: _remark, ...rest } = body;
    expect(rest).toEqual({
      type: 1,
      ownerId: 3,
      warehouseId: 1,
      storeOrderNo: 'SHOP-1',
      waybillNo: 'WB-1',
      plannedArrivalTime: null,
      lines: [
        { skuId: 7, batchNo: 'B1', plannedQty: 10 },
        { skuId: 7, batchNo: 'B2', plannedQty: 5 },
      ],
    });
    // saved: the dialog closes and the list reloads
    await waitFor(() => expect(screen.queryByTestId('inbound-edit-dialog')).toBeNull());
    await waitFor(() => expect(pages(dp).length).toBeGreaterThan(before));
  });

  it('a customer return needs its source outbound number', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 99 }));
    await openCreate('return', call);
    fireEvent.click(screen.getByTestId('inbound-add-line'));
    await pickSku(0);
    fireEvent.change(screen.getByTestId('inbound-line-qty'), { target: { value: '3' } });
    save();
    expect(await within(dialog()).findByText('Source outbound number cannot be empty')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('inbound-form-source-outbound-no'), { target: { value: 'OUT-1' } });
    fireEvent.change(screen.getByTestId('inbound-form-return-waybill-no'), { target: { value: 'RWB-1' } });
    save();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toBe('/sapi/wms/inbound-order/add');
    expect(call.mock.calls[0][1]).toMatchObject({ type: 2, ownerId: 3, warehouseId: 1, sourceOutboundNo: 'OUT-1', returnWaybillNo: 'RWB-1', lines: [{ skuId: 7, batchNo: '', plannedQty: 3 }] });
  });

  it('a rejected delivery is added with its type', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 99 }));
    await openCreate('reject', call);
    expect(screen.queryByTestId('inbound-form-source-outbound-no')).toBeNull();
    fireEvent.click(screen.getByTestId('inbound-add-line'));
    await pickSku(0);
    fireEvent.change(screen.getByTestId('inbound-line-qty'), { target: { value: '1' } });
    save();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][1]).toMatchObject({ type: 3, ownerId: 3, warehouseId: 1, lines: [{ skuId: 7, batchNo: '', plannedQty: 1 }] });
  });

  // the rules make an empty text null; only inputs left out (disabled) are filled back from the form
  it('sends untouched optional texts as null', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 99 }));
    await openCreate('reject', call);
    fireEvent.click(screen.getByTestId('inbound-add-line'));
    await pickSku(0);
    fireEvent.change(screen.getByTestId('inbound-line-qty'), { target: { value: '1' } });
    save();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][1]).toMatchObject({ storeOrderNo: null, waybillNo: null, remark: null });
  });

  const CREATED = {
    id: 8,
    orderNo: 'IN202405010008',
    type: 1,
    status: 1,
    ownerId: 3,
    ownerName: 'Desert Rose Cosmetics',
    warehouseId: 1,
    warehouseName: 'Riyadh DC',
    storeOrderNo: 'SHOP-8',
    waybillNo: 'WB-8',
    plannedArrivalTime: null,
    remark: 'fragile',
    plannedQty: 4,
    receivedQty: 0,
    lines: [{ id: 81, skuId: 7, sku: 'ROSE', skuName: 'Rose', batchNo: 'B8', plannedQty: 4, receivedQty: 0 }],
  };

  it('edits a created order: loads it, owner and warehouse fixed, the edit body without type, owner and warehouse', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 8 }));
    const dp = stubDataProvider({ owner: [OWNER_A], warehouse: [WH_1], sku: SKUS, inboundOrder: [CREATED] }, call);
    renderScreen('normal', dp);
    await screen.findByText('IN202405010008');
    fireEvent.click(await within(rowOf('inbound-row', 'IN202405010008')).findByTestId('inbound-row-edit'));
    expect(await within(await screen.findByTestId('inbound-edit-dialog')).findByText('Edit inbound order IN202405010008')).toBeTruthy();
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(dp.getOne).toHaveBeenCalledWith('inboundOrder', expect.objectContaining({ id: 8 }));
    await waitForOwnerAndWarehouse();
    expect(inDialog('Goods owner').disabled).toBe(true);
    expect(inDialog('Warehouse').disabled).toBe(true);
    expect((screen.getByTestId('inbound-form-store-order-no') as HTMLInputElement).value).toBe('SHOP-8');
    expect((screen.getByTestId('inbound-line-qty') as HTMLInputElement).value).toBe('4');
    fireEvent.change(screen.getByTestId('inbound-line-qty'), { target: { value: '6' } });
    fireEvent.change(screen.getByTestId('inbound-form-waybill-no'), { target: { value: ' WB-9 ' } });
    save();
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('/sapi/wms/inbound-order/edit', {
        id: 8,
        storeOrderNo: 'SHOP-8',
        waybillNo: 'WB-9',
        plannedArrivalTime: null,
        remark: 'fragile',
        lines: [{ skuId: 7, batchNo: 'B8', plannedQty: 6 }],
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('inbound-edit-dialog')).toBeNull());
  });

  it('views an order: header fields with their manifest labels and its lines', async () => {
    const order = { ...CREATED, status: 2, receivedQty: 1, problemReason: null, lines: [{ ...CREATED.lines[0], receivedQty: 1 }, { id: 82, skuId: 7, sku: 'ROSE', skuName: 'Rose', batchNo: 'B9', plannedQty: 2, receivedQty: 0 }] };
    renderScreen('normal', stubDataProvider({ inboundOrder: [order] }));
    await screen.findByText('IN202405010008');
    await clickRowAction(rowOf('inbound-row', 'IN202405010008'), 'inbound-row-view');
    const view = await screen.findByTestId('inbound-view-dialog');
    expect(within(view).getByText('Inbound order IN202405010008')).toBeTruthy();
    expect(within(view).getByTestId('inbound-header-status').textContent).toBe('Receiving');
    const header = within(view).getByTestId('inbound-header');
    expect(within(header).getByText('Store order number')).toBeTruthy();
    expect(within(header).getByText('SHOP-8')).toBeTruthy();
    expect(within(header).getByText('Riyadh DC')).toBeTruthy();
    expect(within(header).getByText('fragile')).toBeTruthy();
    const rows = within(view).getAllByTestId('inbound-view-line');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('ROSE')).toBeTruthy();
    expect(within(rows[0]).getByText('B8')).toBeTruthy();
    expect(within(rows[1]).getByText('B9')).toBeTruthy();
    expect(within(within(view).getByTestId('inbound-view-lines')).getByText('Received quantity')).toBeTruthy();
    fireEvent.click(within(view).getByTestId('inbound-view-close'));
    await waitFor(() => expect(screen.queryByTestId('inbound-view-dialog')).toBeNull());
  });
});

const ORDER = {
  id: 5,
  orderNo: 'IN202405010005',
  type: 1,
  status: 2,
  warehouseName: 'Riyadh DC',
  ownerName: 'Desert Rose Cosmetics',
  lines: [
    { id: 51, skuId: 7, sku: 'ROSE', skuName: 'Rose', batchNo: 'B1', plannedQty: 10, receivedQty: 4 },
    { id: 52, skuId: 7, sku: 'ROSE', skuName: 'Rose', batchNo: 'B2', plannedQty: 5, receivedQty: 0 },
  ],
};

describe('receiving screen', () => {
  it('builds the /receive body: lines above 0, a changed batch only, overReceipt only when confirmed', () => {
    expect(toReceiveBody(ORDER, [{ lineId: 51, qty: '6', batchNo: 'B1' }, { lineId: 52, qty: '0', batchNo: 'B2' }], false)).toEqual({ id: 5, lines: [{ lineId: 51, qty: 6 }] });
    expect(toReceiveBody(ORDER, [{ lineId: 51, qty: '', batchNo: 'B1' }, { lineId: 52, qty: '7', batchNo: ' LOT ' }], true)).toEqual({
      id: 5,
      lines: [{ lineId: 52, qty: 7, batchNo: 'LOT' }],
      overReceipt: true,
    });
  });

  it('shows the server msg when the scanned code is not found', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.reject(new Error('Inbound order does not exist: NOPE')));
    renderIn(<InboundReceivePage type={2} />, stubDataProvider({}, call as any));
    const scan = await screen.findByTestId('inbound-scan');
    expect(document.activeElement).toBe(scan);
    fireEvent.change(scan, { target: { value: ' NOPE ' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    expect((await screen.findByTestId('inbound-scan-error')).textContent).toBe('Inbound order does not exist: NOPE');
    expect(call).toHaveBeenCalledWith('/sapi/wms/inbound-order/scan', { code: 'NOPE', type: 2 });
    expect(screen.queryByTestId('inbound-exec-order')).toBeNull();
  });

  it('scans, defaults to what remains, sends the right /receive body, shows the new state and clears', async () => {
    const call = vi.fn((path: string, _body?: unknown) =>
      Promise.resolve<any>(path.endsWith('/scan') ? ORDER : { ...ORDER, status: 3, lines: ORDER.lines.map((l) => ({ ...l, receivedQty: l.plannedQty })) }),
    );
    renderIn(<InboundReceivePage type={1} />, stubDataProvider({}, call as any));
    const scan = await screen.findByTestId('inbound-scan');
    fireEvent.change(scan, { target: { value: 'IN202405010005' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    await screen.findByTestId('inbound-exec-order');
    expect(call).toHaveBeenCalledWith('/sapi/wms/inbound-order/scan', { code: 'IN202405010005', type: 1 });
    const qty = screen.getAllByTestId('inbound-exec-qty') as HTMLInputElement[];
    expect(qty.map((q) => q.value)).toEqual(['6', '5']);
    expect(screen.getByTestId('inbound-header-status').textContent).toBe('Receiving');

    fireEvent.change(qty[0], { target: { value: '1.5' } });
    expect(await screen.findByText('Integers only')).toBeTruthy();
    fireEvent.change(qty[0], { target: { value: '8' } });
    fireEvent.change(screen.getAllByTestId('inbound-exec-batch')[1], { target: { value: 'LOT-9' } });
    fireEvent.click(screen.getByTestId('inbound-over-receipt'));
    fireEvent.click(await screen.findByTestId('inbound-receive-confirm'));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('/sapi/wms/inbound-order/receive', {
        id: 5,
        lines: [
          { lineId: 51, qty: 8 },
          { lineId: 52, qty: 5, batchNo: 'LOT-9' },
        ],
        overReceipt: true,
      }),
    );
    const result = await screen.findByTestId('inbound-receive-result');
    expect(result.textContent).toContain('Completed');
    expect(result.getAttribute('data-status')).toBe('3');
    expect(screen.queryByTestId('inbound-exec-order')).toBeNull();
    expect((screen.getByTestId('inbound-scan') as HTMLInputElement).value).toBe('');
  });

  it('sends typed batch dates; a GS1 label fills a line once, and not over another batch it is counting', () => {
    expect(toReceiveBody(ORDER, [{ lineId: 51, qty: '2', batchNo: 'B1', productionDate: '2026-01-02', expiryDate: '' }], false))
      .toEqual({ id: 5, lines: [{ lineId: 51, qty: 2, productionDate: '2026-01-02' }] });
    const r = { lineId: 51, qty: '3', batchNo: 'B1', productionDate: '', expiryDate: '' };
    const label = { elements: [], gtin: '09501101530003', batchNo: 'AB-123', expiryDate: '2027-07-04' };
    expect(applyLabel(r, label, false)).toEqual({ values: { ...r, batchNo: 'AB-123', expiryDate: '2027-07-04' } });
    expect(applyLabel(r, label, true)).toEqual({ conflict: 'batchNo', was: 'B1' });
    expect(applyLabel({ ...r, batchNo: 'AB-123', expiryDate: '2027-07-05' }, label, true)).toEqual({ conflict: 'expiryDate', was: '2027-07-05' });
    expect(applyLabel({ ...r, batchNo: '' }, { elements: [], gtin: '1', bestBeforeDate: '2027-01-31' }, true)).toEqual({ values: { ...r, batchNo: '', expiryDate: '2027-01-31' } });
    expect(gtinCodes('00012345678905')).toEqual(['00012345678905', '0012345678905', '012345678905']);
  });

  it('counts a scanned GS1-128 label by its GTIN and count, with its lot and expiry date, and refuses an unreadable one', async () => {
    const call = vi.fn((path: string, body?: any) => {
      if (path.endsWith('/scan')) return Promise.resolve<any>(ORDER);
      if (path.endsWith('/findByCode')) return Promise.resolve<any>(body.code === '9501101530003' ? [{ id: 7, sku: 'ROSE', name: 'Rose' }] : []);
      return Promise.resolve<any>({ ...ORDER, status: 2 });
    });
    renderIn(<InboundReceivePage type={1} />, stubDataProvider({}, call as any));
    const scan = await screen.findByTestId('inbound-scan');
    fireEvent.change(scan, { target: { value: 'IN202405010005' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    await screen.findByTestId('inbound-exec-order');
    const lineScan = async (code: string) => {
      const box = screen.getByTestId('inbound-line-scan');
      const before = Number(screen.getByTestId('inbound-line-scan-box').getAttribute('data-scans'));
      fireEvent.change(box, { target: { value: code } });
      fireEvent.keyDown(box, { key: 'Enter' });
      await waitFor(() => expect(Number(screen.getByTestId('inbound-line-scan-box').getAttribute('data-scans'))).toBe(before + 1));
      return screen.getByTestId('inbound-line-scan-message');
    };
    const values = (id: string) => (screen.getAllByTestId(id) as HTMLInputElement[]).map((i) => i.value);
    // the human readable form, 2 cartons of (37) 2 each: 4 units onto the first ROSE line with room
    expect((await lineScan('2*(01)09501101530003(17)270704(10)AB-123(37)2')).getAttribute('data-ok')).toBe('true');
    expect(values('inbound-exec-qty')).toEqual(['4', '0']);
    expect(values('inbound-exec-batch')).toEqual(['AB-123', 'B2']);
    expect(values('inbound-exec-expiry')).toEqual(['2027-07-04', '']);
    // the same line, another lot: refused, nothing counted
    const other = await lineScan('(01)09501101530003(17)270704(10)ZZ-9');
    expect([other.getAttribute('data-ok'), other.textContent]).toEqual(['false', 'Line 1 is being received as Batch number AB-123: confirm it before scanning ZZ-9']);
    const bad = await lineScan('(01)09501101530003(17)271304');
    expect(bad.textContent).toBe('Not a readable GS1 label (no such date, AI 17)');
    expect(values('inbound-exec-qty')).toEqual(['4', '0']);
    fireEvent.change(screen.getAllByTestId('inbound-exec-production')[0], { target: { value: '2026-07-04' } });
    fireEvent.click(await screen.findByTestId('inbound-receive-confirm'));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/inbound-order/receive', {
      id: 5, lines: [{ lineId: 51, qty: 4, batchNo: 'AB-123', productionDate: '2026-07-04', expiryDate: '2027-07-04' }],
    }));
  });

  const PACKAGE = { id: 81, packageNo: 'PI-81', orderId: 5, waybillNo: 'WB-81', lines: [{ skuId: 7, sku: 'ROSE', skuName: 'Rose', batchNo: 'B2', qty: 3 }] };

  it('starts the lines at what a scanned package holds of the same SKU + batch, 0 elsewhere', () => {
    expect(scanReceipts({ ...ORDER, package: null }).map((r) => r.qty)).toEqual(['6', '5']);
    expect(scanReceipts({ ...ORDER, package: PACKAGE }).map((r) => [r.lineId, r.qty, r.batchNo])).toEqual([
      [51, '0', 'B1'],
      [52, '3', 'B2'],
    ]);
    // no batch on the order line (null) is the package line's empty batch; another SKU does not match
    const noBatch = { ...ORDER, lines: [{ ...ORDER.lines[0], batchNo: null }, { ...ORDER.lines[1], skuId: 8 }] };
    const pkg = { ...PACKAGE, lines: [{ skuId: 7, batchNo: '', qty: 2 }, { skuId: 7, batchNo: 'B2', qty: 9 }] };
    expect(scanReceipts({ ...noBatch, package: pkg }).map((r) => r.qty)).toEqual(['2', '0']);
  });

  it('scans a package number: shows the package, prefills its quantities and receives exactly that carton', async () => {
    const call = vi.fn((path: string, _body?: unknown) =>
      Promise.resolve<any>(path.endsWith('/scan') ? { ...ORDER, package: PACKAGE } : { ...ORDER, status: 2, lines: [ORDER.lines[0], { ...ORDER.lines[1], receivedQty: 3 }] }),
    );
    renderIn(<InboundReceivePage type={1} />, stubDataProvider({}, call as any));
    const scan = await screen.findByTestId('inbound-scan');
    expect(screen.getByLabelText('Scan or enter the order, package, waybill or store order number')).toBe(scan);
    const scanPackage = async () => {
      fireEvent.change(scan, { target: { value: ' PI-81 ' } });
      fireEvent.keyDown(scan, { key: 'Enter' });
      await screen.findByTestId('inbound-exec-order');
    };
    await scanPackage();
    expect(call).toHaveBeenCalledWith('/sapi/wms/inbound-order/scan', { code: 'PI-81', type: 1 });
    expect(screen.getByTestId('inbound-exec-package').textContent).toBe('Package PI-81');
    expect((screen.getAllByTestId('inbound-exec-qty') as HTMLInputElement[]).map((q) => q.value)).toEqual(['0', '3']);
    fireEvent.click(await screen.findByTestId('inbound-receive-confirm'));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/inbound-order/receive', { id: 5, lines: [{ lineId: 52, qty: 3 }] }));
    await screen.findByTestId('inbound-receive-result');
    expect(screen.queryByTestId('inbound-exec-package')).toBeNull();

    // the operator may still change the numbers
    await scanPackage();
    const qty = screen.getAllByTestId('inbound-exec-qty') as HTMLInputElement[];
    fireEvent.change(qty[0], { target: { value: '2' } });
    fireEvent.change(qty[1], { target: { value: '1' } });
    fireEvent.click(await screen.findByTestId('inbound-receive-confirm'));
    const twoLines = [{ lineId: 51, qty: 2 }, { lineId: 52, qty: 1 }];
    await waitFor(() => expect(call).toHaveBeenLastCalledWith('/sapi/wms/inbound-order/receive', { id: 5, lines: twoLines }));
  });
});
