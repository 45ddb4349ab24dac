// @vitest-environment jsdom
/**
 * The transfer screen generated from the manifest (resources.yaml `transfer.screen`, rendered by DocumentScreen;
 * issue 30, docs/transfers.md): the list with its status tags, both warehouses, the linked orders and the in-transit
 * figures; the row actions per status from the workflow (confirm and edit while created, cancel while shipping,
 * nothing once in transit); the create dialog with owner, both warehouses and the lines; and the outbound and
 * inbound lists of transfer orders offer no Add (their records are the transfers').
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RaRecord } from 'react-admin';
import { screenSource } from '../../generated/client/views/transfer';
import { screenSource as outboundSource } from '../../generated/client/views/outboundOrder';
import { screenSource as inboundSource } from '../../generated/client/views/inboundOrder';
import { DocumentScreen } from '../../src/client/kit/screen/DocumentScreen';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { allowedActions } from '../../src/client/kit/workflowActions';
import { orderImportMessages } from '../../src/client/screens/orderImport';
// the order screens' widgets (the import button among them), as the console registers them
import '../../src/client/screens/orders/widgets';
import { i18nOf, OWNER_A, renderWithAdmin, rowActions, rowOf as rowIn, stubDataProvider, WH_1, WH_2 } from './console-harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = i18nOf(documentScreenMessages);
const transfer = (id: number, status: number, extra: Record<string, unknown> = {}): RaRecord => ({
  id, transferNo: `TR2026112700000${id}`, status, ownerId: OWNER_A.id, ownerName: OWNER_A.name,
  fromWarehouseId: WH_1.id, fromWarehouseName: WH_1.name, toWarehouseId: WH_2.id, toWarehouseName: WH_2.name,
  qty: 6, shippedQty: status >= 3 ? 6 : 0, transitQty: status === 3 ? 2 : 0, receivedQty: status >= 3 ? 4 : 0, diffQty: status === 4 ? -2 : null,
  lines: [{ id: id * 10, skuId: 7, sku: 'ROSE', skuName: 'Rose', batchNo: '', qty: 6, shippedQty: 0, receivedQty: 0, diffQty: null }],
  ...extra,
});
const RECORDS = [transfer(1, 1), transfer(2, 2, { outboundOrderId: 5, outboundOrderNo: 'OUT20261127000005' }), transfer(3, 3, { inboundOrderId: 8, inboundOrderNo: 'IN20261127000008' }), transfer(4, 4), transfer(5, 5)];
const rowOf = (no: string) => rowIn('transfer-row', no);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('transfer screen', () => {
  it('takes the row actions from the workflow and the codes', () => {
    const wf = screenSource.resources.transfer.workflow;
    expect(allowedActions(wf, 1, ['admin'])).toEqual(['confirm', 'cancel']);
    expect(allowedActions(wf, 2, ['admin'])).toEqual(['cancel']);
    expect(allowedActions(wf, 3, ['admin'])).toEqual([]);
    expect(allowedActions(wf, 1, ['transfer:add'])).toEqual(['cancel']);
    expect(allowedActions(wf, 1, ['transfer:list'])).toEqual([]);
  });

  it('lists transfers with status, warehouses, orders and in-transit figures, and offers the steps each status allows', async () => {
    renderWithAdmin(<DocumentScreen source={screenSource} resource="transfer" view="all" storeKey={false} />, { dataProvider: stubDataProvider({ transfer: RECORDS }), i18nProvider });
    await screen.findByText('TR20261127000001', {}, { timeout: 20_000 });
    const created = rowOf('TR20261127000001');
    expect(within(created).getByTestId('transfer-status').textContent).toBe('Created');
    expect(within(rowOf('TR20261127000003')).getByTestId('transfer-status').textContent).toBe('In transit');
    expect(within(created).getByText(WH_1.name)).toBeTruthy();
    expect(within(created).getByText(WH_2.name)).toBeTruthy();
    expect(within(rowOf('TR20261127000002')).getByText('OUT20261127000005')).toBeTruthy();
    expect(within(rowOf('TR20261127000003')).getByText('IN20261127000008')).toBeTruthy();
    expect(rowOf('TR20261127000003').querySelector('td.column-transitQty')?.textContent).toBe('2');
    expect(rowOf('TR20261127000004').querySelector('td.column-diffQty')?.textContent).toBe('-2');
    expect(screen.getAllByText('In transit').length).toBeGreaterThan(1);
    await waitFor(() => expect(within(created).queryByTestId('transfer-row-confirm')).toBeTruthy());
    expect((await rowActions(created)).inline).toEqual(['transfer-row-confirm', 'transfer-row-edit']);
    expect((await rowActions(rowOf('TR20261127000002'))).all).toContain('transfer-row-cancel');
    expect((await rowActions(rowOf('TR20261127000003'))).all).toEqual(['transfer-row-view']);
    expect(screen.getByTestId('transfer-add')).toBeTruthy();
  });

  it('opens the create dialog with goods owner, both warehouses and the lines', async () => {
    renderWithAdmin(<DocumentScreen source={screenSource} resource="transfer" view="all" storeKey={false} />, { dataProvider: stubDataProvider({ transfer: [], owner: [OWNER_A], warehouse: [WH_1, WH_2] }), i18nProvider });
    fireEvent.click(await screen.findByTestId('transfer-add', {}, { timeout: 20_000 }));
    const dialog = await screen.findByTestId('transfer-edit-dialog');
    for (const label of ['Goods owner', 'From warehouse', 'To warehouse', 'Remark']) expect(within(dialog).getAllByText(new RegExp(`^${label}`)).length).toBeGreaterThan(0);
    expect(within(dialog).getByTestId('transfer-add-line')).toBeTruthy();
  });

  it('the transfer order lists of outbound and inbound have no Add', () => {
    expect(outboundSource.resources.outboundOrder.screen!.views.find((v) => v.name === 'transfer')).toMatchObject({ route: '/outbound/transfer_list', filter: { type: 3 }, add: false });
    expect(inboundSource.resources.inboundOrder.screen!.views.find((v) => v.name === 'transfer')).toMatchObject({ route: '/inbound/transfer_list', filter: { type: 4 }, add: false });
  });

  it.each([['normal', true], ['transfer', false]] as const)('outbound view %s: Add and Import offered: %s', async (view, offered) => {
    const order = { id: 1, orderNo: 'OUT20261127000001', type: view === 'normal' ? 1 : 3, status: 1, warehouseName: WH_1.name, ownerName: OWNER_A.name, qty: 1, lines: [] };
    renderWithAdmin(<DocumentScreen source={outboundSource} resource="outboundOrder" view={view} storeKey={false} />, { dataProvider: stubDataProvider({ outboundOrder: [order] }), i18nProvider: i18nOf(documentScreenMessages, orderImportMessages) });
    await screen.findByText('OUT20261127000001', {}, { timeout: 20_000 });
    expect(Boolean(screen.queryByTestId('outbound-add'))).toBe(offered);
    expect(Boolean(screen.queryByTestId('outbound-order-import'))).toBe(offered);
  });
});
