// @vitest-environment jsdom
/**
 * The outbound order create / edit dialog: messages in both languages; owner first, then warehouse (spec 8);
 * rules that name the field (receiver, phone, country, address, the currency of a COD amount) before anything
 * is sent; the exact create payload (receiver, country -> province -> city auto-picked, money in cents, lines
 * from the SKU picker); noon orders pick noon SKUs; a server failure shows its msg and keeps the dialog open;
 * edit loads the order, keeps owner and warehouse fixed and sends {id, ...fields, lines}.
 */
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { OutboundEditDialog, outboundMessages } from '../../src/client/screens/outbound';
import { REQUIRED_OWNER, REQUIRED_WAREHOUSE, OWNER_A, OWNER_B, WH_1, WH_2, i18nOf, keysOf as keys, pickSku as pickSkuIn, renderWithAdmin, stubDataProvider as stubWith, waitForOwnerAndWarehouse, type Lists } from './console-harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 60_000 });

const i18nProvider = i18nOf(outboundMessages);

const SKUS = [{ id: 7, sku: 'ROSE', name: 'Rose', ownerId: 3, ownerName: 'Desert Rose Cosmetics', enable: true, supplierNames: [], ecPlatforms: [] }];
const REGIONS = {
  country: [{ id: 'SA', countryCode: 'SA', enName: 'Saudi Arabia' }],
  province: [{ id: 11, countryCode: 'SA', enName: 'Riyadh Region' }],
  city: [{ id: 21, countryCode: 'SA', provinceName: 'Riyadh Region', name: 'Riyadh' }],
};

const stubDataProvider = (lists: Lists, call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 99 }))) => stubWith(lists, call);
const renderIn = (node: ReactNode, dataProvider: DataProvider) => renderWithAdmin(node, { dataProvider, i18nProvider });

const dialog = () => screen.getByTestId('outbound-edit-dialog');
const save = () => fireEvent.click(screen.getByTestId('outbound-save'));
const lines = () => screen.queryAllByTestId('outbound-line');
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function openWithOwnerAndWarehouse(orderType: number, call?: ReturnType<typeof vi.fn>) {
  const dp = stubDataProvider({ owner: [OWNER_A], warehouse: [WH_1], sku: SKUS, ...REGIONS }, call as any);
  const onSaved = vi.fn();
  renderIn(<OutboundEditDialog type={orderType} onClose={vi.fn()} onSaved={onSaved} />, dp);
  await waitForOwnerAndWarehouse();
  return { dp, onSaved };
}

const pickSku = (index: number) => pickSkuIn('outbound-line-sku-picker', index);

async function pickOption(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** Receiver, country (province and city follow, one each), address. */
async function fillReceiver() {
  type('outbound-form-receiver-name', ' Sara Ali ');
  type('outbound-form-receiver-phone', '+966 5555 1234');
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'Saudi' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Saudi Arabia (SA)' }));
  // two dependent loads (provinces, then cities) each pick their only option
  await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Riyadh'), { timeout: 15_000 });
  expect((screen.getByLabelText('Province / state') as HTMLInputElement).value).toBe('Riyadh Region');
  type('outbound-form-address', 'King Fahd Rd 1');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('messages', () => {
  it('en and zh hold the same keys under app.outbound, zh without plurals', () => {
    expect(keys(outboundMessages.zh).sort()).toEqual(keys(outboundMessages.en).sort());
    expect(keys(outboundMessages.en).every((k) => k.startsWith('app.outbound.'))).toBe(true);
    expect(JSON.stringify(outboundMessages.zh)).not.toContain('||||');
    expect(outboundMessages.en.app.outbound.title.noon).toBe('noon outbound orders');
    expect(outboundMessages.zh.app.outbound.title.noon).toBe('noon出库单');
  });
});

describe('create / edit dialog', () => {
  it('needs the goods owner first, then the warehouse, before lines can be added (spec 8)', async () => {
    const dp = stubDataProvider({ owner: [OWNER_A, OWNER_B], warehouse: [WH_1, WH_2], sku: SKUS, ...REGIONS });
    renderIn(<OutboundEditDialog type={1} onClose={vi.fn()} onSaved={vi.fn()} />, dp);
    expect(await screen.findByText('New outbound order')).toBeTruthy();
    expect(screen.getByTestId('outbound-form-type').textContent).toBe('Order type: Normal');
    fireEvent.click(screen.getByTestId('outbound-add-line'));
    expect((await screen.findAllByText('Select owner first')).length).toBeGreaterThan(0);
    expect(lines()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(REQUIRED_OWNER), { target: { value: 'Desert' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Desert Rose Cosmetics' }));
    await waitFor(() => expect((screen.getByLabelText(REQUIRED_OWNER) as HTMLInputElement).value).toBe('Desert Rose Cosmetics'));
    fireEvent.click(screen.getByTestId('outbound-add-line'));
    expect((await screen.findAllByText('Select warehouse first')).length).toBeGreaterThan(0);
    expect(lines()).toHaveLength(0);
    expect(dp.call).not.toHaveBeenCalled();
  });

  it('names the missing fields, asks the currency of a COD amount, then sends the create payload in cents', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 99 }));
    const { dp, onSaved } = await openWithOwnerAndWarehouse(1, call);
    save();
    const d = dialog();
    expect(await within(d).findByText('Receiver name cannot be empty')).toBeTruthy();
    expect(within(d).getByText('Receiver phone cannot be empty')).toBeTruthy();
    expect(within(d).getByText('Country cannot be empty')).toBeTruthy();
    expect(within(d).getByText('Address cannot be empty')).toBeTruthy();
    expect(within(d).getByText('Add at least one line')).toBeTruthy();

    await fillReceiver();
    type('outbound-form-receiver-email', 'not-an-email');
    type('outbound-form-cod-amount', '125.5');
    fireEvent.click(screen.getByTestId('outbound-add-line'));
    await waitFor(() => expect(lines()).toHaveLength(1));
    save();
    expect(await within(d).findByText('Please select a SKU')).toBeTruthy();
    expect(within(d).getByText('Quantity required')).toBeTruthy();
    expect(within(d).getByText('Receiver email: not a valid email address')).toBeTruthy();
    expect(within(d).getByText('COD currency: choose the currency of the amount')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();

    await pickSku(0);
    expect(dp.getList.mock.calls.find((c) => c[0] === 'sku')![1].filter).toEqual({ ownerId: 3 });
    fireEvent.change(screen.getByTestId('outbound-line-qty'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('outbound-line-batch'), { target: { value: ' B1 ' } });
    type('outbound-form-receiver-email', 'sara@example.com');
    await pickOption('outbound-form-cod-currency', 'SAR');
    type('outbound-form-platform-order-no', ' PO-1 ');
    type('outbound-form-postcode', '12211');
    save();
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-order/add', {
        type: 1,
        warehouseId: 1,
        ownerId: 3,
        platformOrderNo: 'PO-1',
        receiverName: 'Sara Ali',
        receiverPhone: '+966 5555 1234',
        receiverEmail: 'sara@example.com',
        countryCode: 'SA',
        province: 'Riyadh Region',
        city: 'Riyadh',
        postcode: '12211',
        address: 'King Fahd Rd 1',
        codAmount: 12550,
        codCurrency: 1,
        insured: false,
        insuredAmount: null,
        insuredCurrency: null,
        waybillNo: null,
        remark: null,
        lines: [{ skuId: 7, batchNo: 'B1', qty: 2 }],
      }),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('a noon order picks SKUs configured for noon, sends type 2 with the insured amount, and shows a server failure', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.reject(new Error('lines: product SKU not configured for selected e-commerce platform (noon): ROSE')));
    const { dp, onSaved } = await openWithOwnerAndWarehouse(2, call);
    expect(screen.getByTestId('outbound-form-type').textContent).toBe('Order type: noon marketplace');
    await fillReceiver();
    fireEvent.click(within(screen.getByTestId('outbound-form-insured')).getByRole('switch'));
    await screen.findByTestId('outbound-form-insured-amount');
    type('outbound-form-insured-amount', '30');
    await pickOption('outbound-form-insured-currency', 'AED');
    fireEvent.click(screen.getByTestId('outbound-add-line'));
    await pickSku(0);
    expect(dp.getList.mock.calls.find((c) => c[0] === 'sku')![1].filter).toMatchObject({ ownerId: 3, ecPlatform: 1 });
    fireEvent.change(screen.getByTestId('outbound-line-qty'), { target: { value: '1' } });
    save();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toBe('/sapi/wms/outbound-order/add');
    expect(call.mock.calls[0][1]).toMatchObject({ type: 2, insured: true, insuredAmount: 3000, insuredCurrency: 2, codAmount: null, lines: [{ skuId: 7, batchNo: '', qty: 1 }] });
    expect(await screen.findByText('lines: product SKU not configured for selected e-commerce platform (noon): ROSE')).toBeTruthy();
    expect(screen.getByTestId('outbound-edit-dialog')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('edit loads the order, keeps owner and warehouse fixed and sends {id, fields, lines} without type, owner, warehouse', async () => {
    const ORDER = {
      id: 12,
      orderNo: 'OUT2024050100012',
      type: 1,
      status: 1,
      warehouseId: 1,
      ownerId: 3,
      platformOrderNo: 'PO-12',
      receiverName: 'Sara Ali',
      receiverPhone: '+966 5555 1234',
      receiverEmail: null,
      countryCode: 'SA',
      province: 'Riyadh Region',
      city: 'Riyadh',
      postcode: null,
      address: 'King Fahd Rd 1',
      codAmount: 12550,
      codCurrency: 1,
      insured: false,
      insuredAmount: null,
      insuredCurrency: null,
      waybillNo: null,
      remark: null,
      lines: [{ id: 120, skuId: 7, sku: 'ROSE', skuName: 'Rose', batchNo: 'B1', qty: 2, allocatedQty: 0 }],
    };
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>(ORDER));
    const dp = stubDataProvider({ owner: [OWNER_A, OWNER_B], warehouse: [WH_1, WH_2], sku: SKUS, outboundOrder: [ORDER], ...REGIONS }, call);
    const onSaved = vi.fn();
    renderIn(<OutboundEditDialog type={1} id={12} onClose={vi.fn()} onSaved={onSaved} />, dp);
    expect(await screen.findByText('Edit outbound order OUT2024050100012')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(REQUIRED_OWNER) as HTMLInputElement).value).toBe('Desert Rose Cosmetics'));
    expect((screen.getByLabelText(REQUIRED_OWNER) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(REQUIRED_WAREHOUSE) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('outbound-form-cod-amount') as HTMLInputElement).value).toBe('125.50');
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.change(screen.getByTestId('outbound-line-qty'), { target: { value: '5' } });
    type('outbound-form-remark', ' fragile ');
    save();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toBe('/sapi/wms/outbound-order/edit');
    const body = call.mock.calls[0][1] as Record<string, unknown>;
    expect(body).toMatchObject({ id: 12, platformOrderNo: 'PO-12', codAmount: 12550, codCurrency: 1, remark: 'fragile', lines: [{ skuId: 7, batchNo: 'B1', qty: 5 }] });
    expect(Object.keys(body)).not.toContain('type');
    expect(Object.keys(body)).not.toContain('ownerId');
    expect(Object.keys(body)).not.toContain('warehouseId');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
