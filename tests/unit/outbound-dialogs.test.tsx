// @vitest-environment jsdom
/**
 * The outbound order create / edit dialog of the generated screen (resources.yaml `outboundOrder.screen`,
 * DocumentScreen): the labels of the manifest in both languages; owner first, then warehouse (spec 8); rules
 * of the generated schemas that name the field (receiver, phone, country, address, email, lines) before
 * anything is sent; the exact create payload (type of the view, receiver, country -> province -> city
 * auto-picked, money in cents, lines from the SKU picker); noon orders pick noon SKUs; a server failure shows
 * its msg and keeps the dialog open; edit loads the order, keeps owner and warehouse fixed and sends
 * {id, ...fields, lines}.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { generatedMessages } from '../../generated/client/i18n';
import { screenSource } from '../../generated/client/views/outboundOrder';
import { DocumentScreen } from '../../src/client/kit/screen/DocumentScreen';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { orderImportMessages } from '../../src/client/screens/orderImport';
import { packageMessages } from '../../src/client/screens/packages/messages';
import { OWNER_A, OWNER_B, WH_1, WH_2, i18nOf, pickSku as pickSkuIn, renderWithAdmin, rowOf, stubDataProvider as stubWith, type Lists } from './console-harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 120_000 });

const i18nProvider = i18nOf(documentScreenMessages, orderImportMessages, packageMessages);

const SKUS = [{ id: 7, sku: 'ROSE', name: 'Rose', ownerId: 3, ownerName: 'Desert Rose Cosmetics', enable: true, supplierNames: [], ecPlatforms: [] }];
const REGIONS = {
  country: [{ id: 'SA', countryCode: 'SA', enName: 'Saudi Arabia' }],
  province: [{ id: 11, countryCode: 'SA', enName: 'Riyadh Region' }],
  city: [{ id: 21, countryCode: 'SA', provinceName: 'Riyadh Region', name: 'Riyadh' }],
};

const stubDataProvider = (lists: Lists, call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 99 }))) => stubWith(lists, call);

type View = 'normal' | 'noon';
const renderScreen = (view: View, dataProvider: DataProvider) =>
  renderWithAdmin(<DocumentScreen source={screenSource} resource="outboundOrder" view={view} storeKey={false} />, { dataProvider, i18nProvider });

const dialog = () => screen.getByTestId('outbound-edit-dialog');
const save = () => fireEvent.click(screen.getByTestId('outbound-save'));
const lines = () => screen.queryAllByTestId('outbound-line');
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
/** An input of the dialog by its label, required mark or not (the filter bar behind it has inputs with the same labels). */
const inDialog = (label: string) => within(dialog()).getByLabelText(new RegExp(`^${label}\\s*\\*?$`)) as HTMLInputElement;
const pages = (dp: ReturnType<typeof stubDataProvider>) => dp.getList.mock.calls.filter((c) => c[0] === 'outboundOrder');

async function waitForOwnerAndWarehouse(owner = OWNER_A.name, warehouse = WH_1.name) {
  await waitFor(() => expect(inDialog('Goods owner').value).toBe(owner));
  await waitFor(() => expect(inDialog('Warehouse').value).toBe(warehouse));
}

/** Opens the create dialog of `view` with one owner and one warehouse, which pick themselves (spec 2.10). */
async function openCreate(view: View, call?: ReturnType<typeof vi.fn>) {
  const dp = stubDataProvider({ owner: [OWNER_A], warehouse: [WH_1], sku: SKUS, outboundOrder: [], ...REGIONS }, call as any);
  renderScreen(view, dp);
  fireEvent.click(await screen.findByTestId('outbound-add', {}, { timeout: 15_000 }));
  await screen.findByTestId('outbound-edit-dialog');
  await waitForOwnerAndWarehouse();
  return dp;
}

const pickSku = (index: number) => pickSkuIn('outbound-line-sku-picker', index);

/** Picks `option` in the select whose box has test id `testId`. */
async function pickOption(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** Receiver, country (province and city follow, one each), address. */
async function fillReceiver() {
  type('outbound-form-receiver-name', ' Sara Ali ');
  type('outbound-form-receiver-phone', '+966 5555 1234');
  fireEvent.change(inDialog('Country'), { target: { value: 'Saudi' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Saudi Arabia (SA)' }));
  // two dependent loads (provinces, then cities) each pick their only option
  await waitFor(() => expect(inDialog('City').value).toBe('Riyadh'), { timeout: 30_000 });
  expect(inDialog('Province').value).toBe('Riyadh Region');
  type('outbound-form-address', 'King Fahd Rd 1');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('labels', () => {
  it('the manifest names the views, actions and the columns of its own in both languages', () => {
    const en = generatedMessages.en.resources.outboundOrder;
    const zh = generatedMessages.zh.resources.outboundOrder;
    expect(en.views).toEqual({ normal: 'Outbound orders', noon: 'noon outbound orders', transfer: 'Transfers out' });
    expect(zh.views).toEqual({ normal: '出库单', noon: 'noon出库单', transfer: '调拨出库单' });
    expect(Object.keys(zh.actions).sort()).toEqual(Object.keys(en.actions).sort());
    expect(Object.keys(zh.columns).sort()).toEqual(Object.keys(en.columns).sort());
    expect(en.actions.deliver).toBe('Update delivery status');
    expect(zh.columns.allocatedQty).toBe('已分配');
  });
});

describe('create / edit dialog of the generated screen', () => {
  it('needs the goods owner first, then the warehouse, before lines can be added (spec 8)', async () => {
    const dp = stubDataProvider({ owner: [OWNER_A, OWNER_B], warehouse: [WH_1, WH_2], sku: SKUS, outboundOrder: [], ...REGIONS });
    renderScreen('normal', dp);
    fireEvent.click(await screen.findByTestId('outbound-add', {}, { timeout: 15_000 }));
    expect(await within(await screen.findByTestId('outbound-edit-dialog')).findByText('New outbound order')).toBeTruthy();
    fireEvent.click(screen.getByTestId('outbound-add-line'));
    expect((await screen.findAllByText('Select owner first')).length).toBeGreaterThan(0);
    expect(lines()).toHaveLength(0);
    fireEvent.change(inDialog('Goods owner'), { target: { value: 'Desert' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Desert Rose Cosmetics' }));
    await waitFor(() => expect(inDialog('Goods owner').value).toBe('Desert Rose Cosmetics'));
    fireEvent.click(screen.getByTestId('outbound-add-line'));
    expect((await screen.findAllByText('Select warehouse first')).length).toBeGreaterThan(0);
    expect(lines()).toHaveLength(0);
    expect(dp.call).not.toHaveBeenCalled();
  });

  it('names the missing fields, then sends the create payload in cents', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 99 }));
    const dp = await openCreate('normal', call);
    save();
    const d = dialog();
    expect(await within(d).findByText('Receiver cannot be empty')).toBeTruthy();
    expect(within(d).getByText('Receiver phone cannot be empty')).toBeTruthy();
    expect(within(d).getByText('Country cannot be empty')).toBeTruthy();
    expect(within(d).getByText('Address cannot be empty')).toBeTruthy();
    expect(within(d).getByText('Add at least one line')).toBeTruthy();

    await fillReceiver();
    type('outbound-form-receiver-email', 'not-an-email');
    type('outbound-form-cod-amount', '125.5');
    fireEvent.click(screen.getByTestId('outbound-add-line'));
    await waitFor(() => expect(lines()).toHaveLength(1));
    // owner and warehouse are fixed while lines exist
    expect(inDialog('Goods owner').disabled).toBe(true);
    expect(inDialog('Warehouse').disabled).toBe(true);
    save();
    expect(await within(d).findByText('SKU cannot be empty')).toBeTruthy();
    expect(within(d).getByText('Quantity cannot be empty')).toBeTruthy();
    expect(within(d).getByText('Receiver email must be an email address')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();

    await pickSku(0);
    expect(dp.getList.mock.calls.find((c) => c[0] === 'sku')![1].filter).toEqual({ ownerId: 3 });
    fireEvent.change(screen.getByTestId('outbound-line-qty'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('outbound-line-batch'), { target: { value: ' B1 ' } });
    type('outbound-form-receiver-email', 'sara@example.com');
    await pickOption('outbound-form-cod-currency', 'SAR');
    type('outbound-form-platform-order-no', ' PO-1 ');
    type('outbound-form-postcode', '12211');
    const before = pages(dp).length;
    save();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]).toEqual([
      '/sapi/wms/outbound-order/add',
      {
        type: 1,
        ownerId: 3,
        warehouseId: 1,
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
        remark: null,
        lines: [{ skuId: 7, batchNo: 'B1', qty: 2 }],
      },
    ]);
    // saved: the dialog closes and the list reloads
    await waitFor(() => expect(screen.queryByTestId('outbound-edit-dialog')).toBeNull());
    await waitFor(() => expect(pages(dp).length).toBeGreaterThan(before));
  });

  // the money field's `currency:` in the manifest: an amount above 0 needs its currency, asked before sending
  it('asks the currency of a COD amount before anything is sent', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 99 }));
    await openCreate('normal', call);
    await fillReceiver();
    type('outbound-form-cod-amount', '125.5');
    fireEvent.click(screen.getByTestId('outbound-add-line'));
    await pickSku(0);
    fireEvent.change(screen.getByTestId('outbound-line-qty'), { target: { value: '2' } });
    save();
    await new Promise((r) => setTimeout(r, 300));
    expect(call).not.toHaveBeenCalled();
    expect(await within(dialog()).findByText('COD currency cannot be empty')).toBeTruthy();
  });

  it('a noon order picks SKUs configured for noon, sends type 2 with the insured amount, and shows a server failure', async () => {
    const failure = 'lines: product SKU not configured for selected e-commerce platform (noon): ROSE';
    const call = vi.fn((..._args: unknown[]) => Promise.reject(new Error(failure)));
    const dp = await openCreate('noon', call);
    await fillReceiver();
    fireEvent.click(within(screen.getByTestId('outbound-form-insured')).getByRole('switch'));
    type('outbound-form-insured-amount', '30');
    await pickOption('outbound-form-insured-currency', 'AED');
    fireEvent.click(screen.getByTestId('outbound-add-line'));
    await pickSku(0);
    expect(dp.getList.mock.calls.find((c) => c[0] === 'sku')![1].filter).toMatchObject({ ownerId: 3, ecPlatform: 1 });
    fireEvent.change(screen.getByTestId('outbound-line-qty'), { target: { value: '1' } });
    save();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toBe('/sapi/wms/outbound-order/add');
    expect(call.mock.calls[0][1]).toMatchObject({ type: 2, insured: true, insuredAmount: 3000, insuredCurrency: 2, codAmount: null, codCurrency: null, lines: [{ skuId: 7, batchNo: '', qty: 1 }] });
    // the server msg is notified; the dialog stays open with what was typed
    expect(await screen.findByText(failure)).toBeTruthy();
    expect(screen.getByTestId('outbound-edit-dialog')).toBeTruthy();
  });

  const ORDER = {
    id: 12,
    orderNo: 'OUT2024050100012',
    type: 1,
    status: 1,
    warehouseId: 1,
    warehouseName: 'Riyadh DC',
    ownerId: 3,
    ownerName: 'Desert Rose Cosmetics',
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
    qty: 2,
    lines: [{ id: 120, skuId: 7, sku: 'ROSE', skuName: 'Rose', batchNo: 'B1', qty: 2, allocatedQty: 0 }],
  };

  it('edit loads the order, keeps owner and warehouse fixed and sends {id, fields, lines} without type, owner, warehouse', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 12 }));
    const dp = stubDataProvider({ owner: [OWNER_A, OWNER_B], warehouse: [WH_1, WH_2], sku: SKUS, outboundOrder: [ORDER], ...REGIONS }, call);
    renderScreen('normal', dp);
    await screen.findByText('OUT2024050100012');
    fireEvent.click(await within(rowOf('outbound-row', 'OUT2024050100012')).findByTestId('outbound-row-edit'));
    expect(await within(await screen.findByTestId('outbound-edit-dialog')).findByText('Edit outbound order OUT2024050100012')).toBeTruthy();
    expect(dp.getOne).toHaveBeenCalledWith('outboundOrder', expect.objectContaining({ id: 12 }));
    await waitForOwnerAndWarehouse();
    expect(inDialog('Goods owner').disabled).toBe(true);
    expect(inDialog('Warehouse').disabled).toBe(true);
    expect((screen.getByTestId('outbound-form-cod-amount') as HTMLInputElement).value).toBe('125.50');
    await waitFor(() => expect(inDialog('City').value).toBe('Riyadh'));
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.change(screen.getByTestId('outbound-line-qty'), { target: { value: '5' } });
    type('outbound-form-remark', ' fragile ');
    save();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toBe('/sapi/wms/outbound-order/edit');
    const body = call.mock.calls[0][1] as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 12,
      platformOrderNo: 'PO-12',
      countryCode: 'SA',
      province: 'Riyadh Region',
      city: 'Riyadh',
      codAmount: 12550,
      codCurrency: 1,
      remark: 'fragile',
      lines: [{ skuId: 7, batchNo: 'B1', qty: 5 }],
    });
    expect(Object.keys(body)).not.toContain('type');
    expect(Object.keys(body)).not.toContain('ownerId');
    expect(Object.keys(body)).not.toContain('warehouseId');
    await waitFor(() => expect(screen.queryByTestId('outbound-edit-dialog')).toBeNull());
  });
});
