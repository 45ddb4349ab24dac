// @vitest-environment jsdom
/**
 * The shipping screen (issue 5; spec 2.3 /func/normal_outbound_exec, 8): a scan miss shows the server msg;
 * a scanned order shows its header, lines, packages and only the buttons its state allows (manifest
 * workflow); Allocate shows the new state or the server's refusal; Pack checks its fields (messages name the
 * field) and sends {id, waybillNo, carrier, weight}; Add package opens the package dialog on the order's
 * lines; Ship asks first, then says "Shipped", clears and focuses the scan box.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { packageMessages } from '../../src/client/screens/packages';
import { OutboundOrderStatus as S, ShippingPage, shippingMessages, type OutboundRecord } from '../../src/client/screens/shipping';
import { callsTo as calls, i18nOf, keysOf as keys, renderWithAdmin, stubCall, stubDataProvider } from './console-harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

// as the console merges them: the line headers use the generic `wms.doc` texts and the manifest's labels
const i18nProvider = i18nOf(documentScreenMessages, packageMessages, shippingMessages);

const ORDER: OutboundRecord = {
  id: 50,
  orderNo: 'OUT20240501000050',
  type: 1,
  platformOrderNo: 'NOON-77',
  status: S.CREATED,
  warehouseName: 'Riyadh DC',
  ownerName: 'Desert Rose Cosmetics',
  receiverName: 'Sara Ali',
  receiverPhone: '+966 5555 1234',
  countryCode: 'SA',
  city: 'Riyadh',
  address: 'King Fahd Rd 1',
  waybillNo: null,
  lines: [
    { id: 11, skuId: 7, sku: 'ROSE', skuName: 'Rose lipstick', batchNo: 'B1', qty: 3, allocatedQty: 0 },
    { id: 12, skuId: 8, sku: 'MUSK', skuName: 'Musk perfume', batchNo: '', qty: 2, allocatedQty: 0 },
  ],
  package: null,
};
const allocated = (o: OutboundRecord, status: number): OutboundRecord => ({ ...o, status, lines: o.lines!.map((l) => ({ ...l, allocatedQty: l.qty })) });
const PACKAGE = { id: 9, packageNo: 'PO-9', orderId: 50, waybillNo: 'SMSA-1', carrier: 'SMSA', weight: 1.5, lines: [{ skuId: 7, sku: 'ROSE', batchNo: 'B1', qty: 3 }, { skuId: 8, sku: 'MUSK', batchNo: '', qty: 2 }], qty: 5 };

const OUT = '/sapi/wms/outbound-order';
const PAGE = '/sapi/wms/outbound-package/page';

const renderPage = (call: ReturnType<typeof stubCall>, roles = ['admin']) => renderWithAdmin(<ShippingPage />, { dataProvider: stubDataProvider({}, call), roles, i18nProvider });

const scanBox = () => screen.getByTestId('shipping-scan') as HTMLInputElement;
function scan(code: string) {
  fireEvent.change(scanBox(), { target: { value: code } });
  fireEvent.keyDown(scanBox(), { key: 'Enter' });
}
const buttons = () => ['allocate', 'pick', 'add-package', 'pack', 'ship'].filter((b) => screen.queryByTestId(`shipping-${b}`));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('messages', () => {
  it('en and zh hold the same keys under app.shipping', () => {
    expect(keys(shippingMessages.zh).sort()).toEqual(keys(shippingMessages.en).sort());
    expect(keys(shippingMessages.en).every((k) => k.startsWith('app.shipping.'))).toBe(true);
    expect(shippingMessages.zh.app.shipping.scan_hint).toBe('扫描或输入单号后按回车');
  });
});

describe('shipping screen', () => {
  it('shows the server message when a scan finds nothing', async () => {
    const call = stubCall({ [`${OUT}/scan`]: new Error('Outbound order does not exist: NOPE') });
    renderPage(call);
    scan(' NOPE ');
    expect((await screen.findByTestId('shipping-scan-error')).textContent).toBe('Outbound order does not exist: NOPE');
    expect(call).toHaveBeenCalledWith(`${OUT}/scan`, { code: 'NOPE' });
    expect(screen.queryByTestId('shipping-order')).toBeNull();
  });

  it('scans an order and allocates it; a refusal keeps the state and shows the server message', async () => {
    let refuse = true;
    const call = stubCall({
      [`${OUT}/scan`]: ORDER,
      [PAGE]: { records: [], total: 0 },
      [`${OUT}/allocate`]: () => (refuse ? new Error('Insufficient inventory for selected product: SKU ROSE (batch B1) available 1, requested 3') : allocated(ORDER, S.ALLOCATED)),
    });
    renderPage(call);
    scan('NOON-77');
    const card = await screen.findByTestId('shipping-order');
    expect(within(card).getByTestId('shipping-order-no').textContent).toBe('OUT20240501000050');
    expect(within(card).getByTestId('shipping-status').textContent).toBe('Created');
    expect(within(card).getByTestId('shipping-order-receiver').textContent).toBe('Sara Ali · +966 5555 1234');
    expect(within(card).getByTestId('shipping-order-address').textContent).toBe('King Fahd Rd 1, Riyadh, SA');
    expect([...within(card).getByTestId('shipping-lines').querySelectorAll('th')].map((th) => th.textContent)).toEqual(['No.', 'SKU', 'Product name', 'Batch number', 'Quantity', 'Allocated']);
    expect(within(card).getAllByTestId('shipping-line').map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['1', 'ROSE', 'Rose lipstick', 'B1', '3', '0'],
      ['2', 'MUSK', 'Musk perfume', '—', '2', '0'],
    ]);
    await screen.findByTestId('shipping-no-packages');
    expect(call).toHaveBeenCalledWith(PAGE, { orderId: 50, current: 1, size: 500 });
    await waitFor(() => expect(buttons()).toEqual(['allocate', 'add-package']));

    fireEvent.click(screen.getByTestId('shipping-allocate'));
    expect((await screen.findByTestId('shipping-action-error')).textContent).toContain('Insufficient inventory for selected product');
    expect(screen.getByTestId('shipping-status').getAttribute('data-status')).toBe(String(S.CREATED));

    refuse = false;
    fireEvent.click(screen.getByTestId('shipping-allocate'));
    expect((await screen.findByTestId('shipping-result')).textContent).toBe('Order OUT20240501000050 is now Allocated');
    expect(calls(call, `${OUT}/allocate`).at(-1)![1]).toEqual({ id: 50 });
    expect(screen.getByTestId('shipping-status').textContent).toBe('Allocated');
    expect(screen.getAllByTestId('shipping-line-allocated').map((c) => c.textContent)).toEqual(['3', '2']);
    expect(screen.queryByTestId('shipping-action-error')).toBeNull();
    expect(buttons()).toEqual(['pick', 'add-package', 'pack', 'ship']);
  });

  it('adds a package on the order lines, packs with checked fields, ships after a confirmation', async () => {
    let packages: unknown[] = [];
    const call = stubCall({
      [`${OUT}/scan`]: allocated(ORDER, S.ALLOCATED),
      [PAGE]: () => ({ records: packages, total: packages.length }),
      '/sapi/wms/outbound-package/add': (b: any) => {
        packages = [{ ...PACKAGE, ...b, id: 9, lines: PACKAGE.lines }];
        return packages[0];
      },
      [`${OUT}/pack`]: (b: any) => ({ ...allocated(ORDER, S.PACKED), waybillNo: b.waybillNo }),
      [`${OUT}/ship`]: allocated(ORDER, S.SHIPPED),
    });
    renderPage(call);
    scan('OUT20240501000050');
    await screen.findByTestId('shipping-no-packages');

    // Add package: the dialog starts from the order's lines, all unpacked
    fireEvent.click(await screen.findByTestId('shipping-add-package'));
    const dialog = await screen.findByTestId('package-dialog');
    await waitFor(() => expect((within(dialog).getAllByTestId('package-content-qty') as HTMLInputElement[]).map((i) => i.value)).toEqual(['3', '2']));
    fireEvent.change(within(dialog).getByTestId('package-form-carrier'), { target: { value: 'SMSA' } });
    fireEvent.click(within(dialog).getByTestId('package-save'));
    await waitFor(() => expect(screen.queryByTestId('package-dialog')).toBeNull());
    expect(calls(call, '/sapi/wms/outbound-package/add')[0][1]).toMatchObject({ orderId: 50, carrier: 'SMSA', lines: [{ skuId: 7, batchNo: 'B1', qty: 3 }, { skuId: 8, batchNo: '', qty: 2 }] });
    await waitFor(() => expect(screen.getAllByTestId('shipping-package-no').map((c) => c.textContent)).toEqual(['PO-9']));
    expect(screen.getAllByTestId('shipping-package-contents-line').map((c) => c.textContent)).toEqual(['ROSE (B1) × 3', 'MUSK × 2']);

    // Pack: with a package already, every line must be packed; fields checked before sending
    fireEvent.click(screen.getByTestId('shipping-pack'));
    const pack = await screen.findByTestId('shipping-pack-dialog');
    expect(within(pack).getByTestId('shipping-pack-hint').textContent).toContain('Every line must already be fully packed');
    fireEvent.change(within(pack).getByTestId('shipping-pack-weight'), { target: { value: '1.23456' } });
    fireEvent.change(within(pack).getByTestId('shipping-pack-waybillNo'), { target: { value: ' SMSA-1 ' } });
    fireEvent.click(within(pack).getByTestId('shipping-pack-confirm'));
    expect(await within(pack).findByText('Weight (kg) can have at most 3 decimals')).toBeTruthy();
    expect(calls(call, `${OUT}/pack`)).toHaveLength(0);
    fireEvent.change(within(pack).getByTestId('shipping-pack-weight'), { target: { value: '1.5' } });
    fireEvent.click(within(pack).getByTestId('shipping-pack-confirm'));
    await waitFor(() => expect(screen.queryByTestId('shipping-pack-dialog')).toBeNull());
    expect(calls(call, `${OUT}/pack`)[0][1]).toEqual({ id: 50, waybillNo: 'SMSA-1', weight: 1.5 });
    expect(screen.getByTestId('shipping-result').textContent).toBe('Order OUT20240501000050 is now Packed');
    expect(screen.getByTestId('shipping-order-waybill-no').textContent).toBe('SMSA-1');
    expect(buttons()).toEqual(['ship']);

    // Ship: asks first, then clears for the next order
    fireEvent.click(screen.getByTestId('shipping-ship'));
    expect(await screen.findByText('Ship order OUT20240501000050? Its allocated stock leaves the warehouse.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('shipping-result').textContent).toBe('Shipped: order OUT20240501000050. Scan the next order.'));
    expect(calls(call, `${OUT}/ship`)[0][1]).toEqual({ id: 50 });
    expect(screen.queryByTestId('shipping-order')).toBeNull();
    expect(scanBox().value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(scanBox()));
  });

  it('offers nothing on a shipped order; with no package yet, Pack says it makes one package of everything', async () => {
    const call = stubCall({ [`${OUT}/scan`]: (b: any) => allocated(ORDER, b.code === 'SHIPPED' ? S.SHIPPED : S.PICKING), [PAGE]: { records: [], total: 0 } });
    renderPage(call);
    scan('SHIPPED');
    expect((await screen.findByTestId('shipping-nothing-to-do')).textContent).toBe('Order OUT20240501000050 is Shipped: there is nothing to do here');
    expect(buttons()).toEqual([]);
    scan('PICKING');
    await waitFor(() => expect(buttons()).toEqual(['add-package', 'pack', 'ship']));
    await screen.findByTestId('shipping-no-packages');
    fireEvent.click(screen.getByTestId('shipping-pack'));
    expect((await screen.findByTestId('shipping-pack-hint')).textContent).toContain('packing makes one package of everything in the order');
  });
});
