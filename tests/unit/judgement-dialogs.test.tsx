// @vitest-environment jsdom
/**
 * The adjustment create / edit dialog (issue 4; spec 5, 8): lines need the goods owner first, then the
 * warehouse; at least one line; quantity required, an integer, greater than 0 (checked with yup before
 * anything is sent); "Add from inventory" opens the inventory picker preset to the warehouse and owner and
 * shows the record's quantities; "Add SKU" uses the SKU picker preset to the owner; the exact add / edit
 * bodies; a server failure shows its msg. Also the en / zh key sets of the messages.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { JudgementEditDialog, judgementMessages, toAddBody, toLineBody } from '../../src/client/screens/judgement';
import { REQUIRED_OWNER, REQUIRED_WAREHOUSE, OWNER_A, OWNER_B, WH_1, WH_2, i18nOf, keysOf as keys, renderWithAdmin, stubDataProvider as stubWith, waitForOwnerAndWarehouse, type Lists } from './console-harness';

// the inventory picker is another screen's: a stand-in that shows its preset and hands back one record
const INVENTORY = { id: 5, skuId: 7, warehouseId: 1, ownerId: 3, batchNo: 'B1', qty: 40, lockQty: 2, skuEntity: { sku: 'LIP-1', name: 'Lipstick' } };
vi.mock('../../src/client/screens/inventory/InventoryPickerDialog', () => ({
  InventoryPickerDialog: ({ open, onSelect, onClose, preset }: { open: boolean; onSelect: (r: unknown) => void; onClose: () => void; preset: unknown }) =>
    open ? (
      <div data-testid="inventory-picker-dialog">
        <span data-testid="inventory-picker-preset">{JSON.stringify(preset)}</span>
        <button type="button" onClick={() => onSelect(INVENTORY)}>
          pick
        </button>
        <button type="button" onClick={onClose}>
          close picker
        </button>
      </div>
    ) : null,
}));

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = i18nOf(judgementMessages);

const SKUS = [
  { id: 7, sku: 'LIP-1', name: 'Lipstick', ownerId: 3, ownerName: 'Desert Rose Cosmetics', enable: true, supplierNames: [], ecPlatforms: [] },
  { id: 8, sku: 'LIP-2', name: 'Gloss', ownerId: 3, ownerName: 'Desert Rose Cosmetics', enable: true, supplierNames: [], ecPlatforms: [] },
];

const stubDataProvider = (lists: Lists, call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 99 }))) => stubWith(lists, call);
const renderIn = (node: ReactNode, dataProvider: DataProvider) => renderWithAdmin(node, { dataProvider, i18nProvider });

const dialog = () => screen.getByTestId('judgement-edit-dialog');
const save = () => fireEvent.click(screen.getByTestId('judgement-save'));
const lines = () => screen.queryAllByTestId('judgement-line');

/** A single enabled owner and warehouse are picked by themselves (spec 2.10). */
async function openWithOwnerAndWarehouse(call?: ReturnType<typeof vi.fn>) {
  const dp = stubDataProvider({ owner: [OWNER_A], warehouse: [WH_1], sku: SKUS }, call as any);
  const onSaved = vi.fn();
  renderIn(<JudgementEditDialog onClose={vi.fn()} onSaved={onSaved} />, dp);
  await waitForOwnerAndWarehouse();
  return { dp, onSaved };
}

async function setQty(index: number, value: string) {
  fireEvent.change(screen.getAllByTestId('judgement-line-qty')[index], { target: { value } });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('messages', () => {
  const get = (tree: unknown, key: string) => key.split('.').reduce<any>((n, k) => n?.[k], tree);

  it('en and zh hold the same keys under app.judgement, zh without plurals, same placeholders', () => {
    const en = keys(judgementMessages.en).sort();
    expect(keys(judgementMessages.zh).sort()).toEqual(en);
    expect(en.every((k) => k.startsWith('app.judgement.'))).toBe(true);
    for (const key of en) {
      const e = get(judgementMessages.en, key);
      const z = get(judgementMessages.zh, key);
      expect(typeof z === 'string' && z.length > 0, key).toBe(true);
      expect(z.includes('||||'), key).toBe(false);
      const ph = (s: string) => [...new Set(s.match(/%\{\w+\}/g) ?? [])].sort();
      expect(ph(z), key).toEqual(ph(e));
    }
  });

  it('spec 5 and 8 texts', () => {
    const r = judgementMessages.zh.app.judgement.rules;
    expect([r.owner_first, r.warehouse_first, r.qty_required, r.qty_positive, r.reject_reason_required]).toEqual(['请先选择货主', '请先选择仓库', '数量不能为空', '必须大于0', '驳回原因不能为空']);
    const e = judgementMessages.en.app.judgement.rules;
    expect([e.qty_required, e.qty_positive]).toEqual(['Quantity required', 'Must be greater than 0']);
  });
});

describe('bodies', () => {
  it('sends {inventoryId} or {skuId, batchNo}, trimmed text, null for empty text', () => {
    expect(toLineBody({ inventoryId: 5, skuId: 7, batchNo: 'B1', type: 2, qty: '10', reason: '  ', sku: 'LIP-1' })).toEqual({ inventoryId: 5, type: 2, qty: 10, reason: null });
    expect(toLineBody({ inventoryId: null, skuId: 7, batchNo: ' B7 ', type: 1, qty: 7, reason: ' found ' })).toEqual({ skuId: 7, batchNo: 'B7', type: 1, qty: 7, reason: 'found' });
    expect(toAddBody({ ownerId: 3, warehouseId: 1, remark: ' ', lines: [] })).toEqual({ warehouseId: 1, ownerId: 3, remark: null, lines: [] });
  });
});

describe('JudgementEditDialog (add)', () => {
  it('needs the goods owner first, then the warehouse, before lines can be added (spec 8)', async () => {
    const dp = stubDataProvider({ owner: [OWNER_A, OWNER_B], warehouse: [WH_1, WH_2], sku: SKUS });
    renderIn(<JudgementEditDialog onClose={vi.fn()} onSaved={vi.fn()} />, dp);
    expect(await screen.findByText('New inventory adjustment')).toBeTruthy();
    fireEvent.click(screen.getByTestId('judgement-add-sku'));
    expect((await screen.findAllByText('Please select the goods owner first')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('judgement-add-from-inventory'));
    expect(screen.queryByTestId('inventory-picker-dialog')).toBeNull();
    expect(lines()).toHaveLength(0);

    const owner = screen.getByLabelText(REQUIRED_OWNER);
    fireEvent.change(owner, { target: { value: 'Desert' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Desert Rose Cosmetics' }));
    await waitFor(() => expect((screen.getByLabelText(REQUIRED_OWNER) as HTMLInputElement).value).toBe('Desert Rose Cosmetics'));
    fireEvent.click(screen.getByTestId('judgement-add-sku'));
    expect((await screen.findAllByText('Please select the warehouse first')).length).toBeGreaterThan(0);
    expect(lines()).toHaveLength(0);
    expect(dp.call).not.toHaveBeenCalled();
  });

  it('refuses to save without lines', async () => {
    const { dp } = await openWithOwnerAndWarehouse();
    save();
    expect(await within(dialog()).findByText('Add at least one line')).toBeTruthy();
    expect(dp.call).not.toHaveBeenCalled();
  });

  it('adds a SKU line through the SKU picker preset to the owner, checks the quantity and sends the exact body', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 99 }));
    const { dp, onSaved } = await openWithOwnerAndWarehouse(call);
    fireEvent.click(screen.getByTestId('judgement-add-sku'));
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(lines()[0].getAttribute('data-line-kind')).toBe('sku');

    save();
    expect(await within(dialog()).findByText('Please select a SKU')).toBeTruthy();
    expect(within(dialog()).getByText('Quantity required')).toBeTruthy();

    // the SKU picker lists the chosen owner's SKUs
    fireEvent.click(within(screen.getByTestId('judgement-line-sku-picker')).getByRole('textbox'));
    const picker = await screen.findByTestId('sku-picker-dialog');
    fireEvent.click((await within(picker).findAllByTestId('sku-row-select'))[0]);
    await waitFor(() => expect(screen.queryByTestId('sku-picker-dialog')).toBeNull());
    const skuQuery = dp.getList.mock.calls.find((c) => c[0] === 'sku')!;
    expect(skuQuery[1].filter).toEqual({ ownerId: 3 });
    await waitFor(() => expect(within(dialog()).queryByText('Please select a SKU')).toBeNull());

    await setQty(0, '0');
    save();
    expect(await within(dialog()).findByText('Must be greater than 0')).toBeTruthy();
    await setQty(0, '1.5');
    save();
    expect(await within(dialog()).findByText('Integers only')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();

    await setQty(0, '7');
    fireEvent.change(screen.getByTestId('judgement-line-batch'), { target: { value: ' B7 ' } });
    fireEvent.change(screen.getByTestId('judgement-line-reason'), { target: { value: ' found in aisle 3 ' } });
    fireEvent.change(screen.getByTestId('judgement-form-remark'), { target: { value: ' cycle count ' } });
    save();
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('/sapi/wms/inventory-judgement/add', {
        warehouseId: 1,
        ownerId: 3,
        remark: 'cycle count',
        lines: [{ skuId: 7, batchNo: 'B7', type: 1, qty: 7, reason: 'found in aisle 3' }],
      }),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(await screen.findByText('Operation successful')).toBeTruthy();
  });

  it('adds an inventory record through the inventory picker, shows its quantities, refuses it twice, and sends {inventoryId}', async () => {
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>({ id: 99 }));
    await openWithOwnerAndWarehouse(call);
    fireEvent.click(screen.getByTestId('judgement-add-from-inventory'));
    expect(JSON.parse((await screen.findByTestId('inventory-picker-preset')).textContent!)).toEqual({ warehouseId: 1, ownerId: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'pick' }));
    await waitFor(() => expect(lines()).toHaveLength(1));
    const line = lines()[0];
    expect(line.getAttribute('data-line-kind')).toBe('inventory');
    expect(within(line).getByTestId('judgement-line-sku').textContent).toBe('LIP-1');
    expect(within(line).getByTestId('judgement-line-inventory-qty').textContent).toBe('40');
    expect(within(line).getByTestId('judgement-line-lock-qty').textContent).toBe('2');
    // owner and warehouse are fixed while lines exist
    expect((screen.getByLabelText(REQUIRED_OWNER) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(REQUIRED_WAREHOUSE) as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('judgement-add-from-inventory'));
    fireEvent.click(await screen.findByRole('button', { name: 'pick' }));
    expect(await screen.findByText('This inventory record is already in the lines')).toBeTruthy();
    expect(lines()).toHaveLength(1);

    fireEvent.mouseDown(within(line).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Loss' }));
    await setQty(0, '10');
    save();
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('/sapi/wms/inventory-judgement/add', {
        warehouseId: 1,
        ownerId: 3,
        remark: null,
        lines: [{ inventoryId: 5, type: 2, qty: 10, reason: null }],
      }),
    );
  });

  it('shows the server msg when saving fails and stays open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const call = vi.fn((..._args: unknown[]) => Promise.reject(new Error('lines[0].skuId: the SKU does not belong to this adjustment\'s goods owner')));
    const { onSaved } = await openWithOwnerAndWarehouse(call);
    fireEvent.click(screen.getByTestId('judgement-add-from-inventory'));
    fireEvent.click(await screen.findByRole('button', { name: 'pick' }));
    await setQty(0, '3');
    save();
    expect(await screen.findByText("lines[0].skuId: the SKU does not belong to this adjustment's goods owner")).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByTestId('judgement-edit-dialog')).toBeTruthy();
  });
});

describe('JudgementEditDialog (edit)', () => {
  it('loads the document, keeps warehouse and owner fixed and sends {id, remark, lines}', async () => {
    const record = {
      id: 12,
      judgementNo: 'IJ20240501000012',
      warehouseId: 1,
      ownerId: 3,
      status: 1,
      remark: 'first count',
      lines: [
        { id: 1, inventoryId: 5, skuId: 7, sku: 'LIP-1', skuName: 'Lipstick', batchNo: 'B1', type: 1, qty: 12, reason: 'found', inventoryQty: 40, inventoryLockQty: 2 },
        { id: 2, inventoryId: null, skuId: 8, sku: 'LIP-2', skuName: 'Gloss', batchNo: 'N1', type: 1, qty: 4, reason: null, inventoryQty: null, inventoryLockQty: null },
      ],
    };
    const call = vi.fn((..._args: unknown[]) => Promise.resolve<any>(record));
    const dp = stubDataProvider({ owner: [OWNER_A, OWNER_B], warehouse: [WH_1, WH_2], sku: SKUS, inventoryJudgement: [record] }, call);
    const onSaved = vi.fn();
    renderIn(<JudgementEditDialog id={12} onClose={vi.fn()} onSaved={onSaved} />, dp);
    expect(await screen.findByText('Edit adjustment IJ20240501000012')).toBeTruthy();
    expect(dp.getOne).toHaveBeenCalledWith('inventoryJudgement', expect.objectContaining({ id: 12 }));
    await waitFor(() => expect(lines()).toHaveLength(2));
    await waitFor(() => expect((screen.getByLabelText(REQUIRED_OWNER) as HTMLInputElement).value).toBe('Desert Rose Cosmetics'));
    expect((screen.getByLabelText(REQUIRED_OWNER) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(REQUIRED_WAREHOUSE) as HTMLInputElement).disabled).toBe(true);
    expect(lines()[1].getAttribute('data-line-kind')).toBe('sku');
    await waitFor(() => expect((within(lines()[1]).getAllByRole('textbox')[0] as HTMLInputElement).value).toBe('LIP-2 (Gloss)'));

    fireEvent.change(screen.getByTestId('judgement-form-remark'), { target: { value: 'recount' } });
    await setQty(1, '5');
    save();
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('/sapi/wms/inventory-judgement/edit', {
        id: 12,
        remark: 'recount',
        lines: [
          { inventoryId: 5, type: 1, qty: 12, reason: 'found' },
          { skuId: 8, batchNo: 'N1', type: 1, qty: 5, reason: null },
        ],
      }),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
