// @vitest-environment jsdom
/**
 * The adjustment create / edit dialog of the generated screen (resources.yaml `inventoryJudgement.screen`,
 * ScreenFormDialog with the registered `judgementLines` widget; issue 4; spec 5, 8): lines need the goods
 * owner first, then the warehouse; at least one line; quantity required, an integer, at least 1 (the
 * generated rules, checked before anything is sent); a SKU only for a line without an inventory record
 * (`requiredWithout`); "Add from inventory" opens the inventory picker preset to the warehouse and owner and
 * shows the record's quantities; "Add SKU" uses the SKU picker preset to the owner; the exact add / edit
 * bodies; a server failure shows its msg. Also the lines widget's manifest texts in en and zh.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { generatedMessages } from '../../generated/client/i18n';
import { screenSource } from '../../generated/client/views/inventoryJudgement';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { ScreenFormDialog } from '../../src/client/kit/screen/ScreenFormDialog';
import { screenAddBody, screenFormSchema } from '../../src/client/kit/screen/screenForm';
import { screenOf } from '../../src/client/kit/screen/spec';
import { OWNER_A, OWNER_B, WH_1, WH_2, i18nOf, renderWithAdmin, stubDataProvider as stubWith, waitForOwnerAndWarehouse, type Lists, REQUIRED_OWNER, REQUIRED_WAREHOUSE } from './console-harness';

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

const i18nProvider = i18nOf(documentScreenMessages);
const judgementScreen = screenOf(screenSource, 'inventoryJudgement');
const JudgementEditDialog = (props: { id?: number; onClose: () => void; onSaved: () => void }) => <ScreenFormDialog screen={judgementScreen} {...props} />;

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
  it('the lines widget\'s texts come from the manifest, in en and zh', () => {
    const en = generatedMessages.en.resources.inventoryJudgement;
    const zh = generatedMessages.zh.resources.inventoryJudgement;
    expect(Object.keys(zh.lines).sort()).toEqual(Object.keys(en.lines).sort());
    expect([en.lines.addFromInventory, en.lines.addSku, en.columns.inventoryQty, en.columns.inventoryLockQty]).toEqual(['Add from inventory', 'Add SKU', 'Current quantity', 'Locked quantity']);
    expect([zh.lines.addFromInventory, zh.lines.addSku, zh.columns.inventoryQty, zh.columns.inventoryLockQty]).toEqual(['从库存添加', '添加SKU', '当前数量', '冻结数量']);
  });

  it('spec 5 and 8 texts', () => {
    const r = documentScreenMessages.zh.wms.doc.rules;
    expect([r.owner_first, r.warehouse_first]).toEqual(['请先选择货主', '请先选择仓库']);
  });
});

describe('rules and bodies', () => {
  const t = (key: string) => key;
  const line = { inventoryId: null, skuId: null, batchNo: '', type: 1, qty: 1, reason: '' };

  it('needs a SKU only for a line without an inventory record (requiredWithout)', async () => {
    const schema = screenFormSchema(judgementScreen, 'add', 'en', t);
    const values = (l: object) => ({ ownerId: 3, warehouseId: 1, remark: '', lines: [{ ...line, ...l }] });
    await expect(schema.validate(values({ inventoryId: 5 }))).resolves.toBeTruthy();
    await expect(schema.validate(values({}))).rejects.toThrow('SKU cannot be empty');
    await expect(schema.validate(values({ skuId: 7 }))).resolves.toBeTruthy();
    await expect(schema.validate(values({ inventoryId: 5, qty: 0 }))).rejects.toThrow('Quantity cannot be less than 1');
  });

  it('sends the declared line fields, trimmed text, null for empty text', async () => {
    const schema = screenFormSchema(judgementScreen, 'add', 'en', t);
    const v = await schema.validate({ ownerId: 3, warehouseId: 1, remark: ' ', lines: [{ ...line, inventoryId: 5, skuId: 7, batchNo: 'B1', type: 2, qty: '10', reason: '  ', sku: 'LIP-1' }] });
    expect(screenAddBody(judgementScreen, v)).toEqual({ ownerId: 3, warehouseId: 1, remark: null, lines: [{ inventoryId: 5, skuId: 7, batchNo: 'B1', type: 2, qty: 10, reason: null }] });
  });
});

describe('the adjustment dialog (add)', () => {
  it('needs the goods owner first, then the warehouse, before lines can be added (spec 8)', async () => {
    const dp = stubDataProvider({ owner: [OWNER_A, OWNER_B], warehouse: [WH_1, WH_2], sku: SKUS });
    renderIn(<JudgementEditDialog onClose={vi.fn()} onSaved={vi.fn()} />, dp);
    expect(await screen.findByText('New inventory adjustment')).toBeTruthy();
    fireEvent.click(screen.getByTestId('judgement-add-sku'));
    expect((await screen.findAllByText('Select owner first')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('judgement-add-from-inventory'));
    expect(screen.queryByTestId('inventory-picker-dialog')).toBeNull();
    expect(lines()).toHaveLength(0);

    const owner = screen.getByLabelText(REQUIRED_OWNER);
    fireEvent.change(owner, { target: { value: 'Desert' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Desert Rose Cosmetics' }));
    await waitFor(() => expect((screen.getByLabelText(REQUIRED_OWNER) as HTMLInputElement).value).toBe('Desert Rose Cosmetics'));
    fireEvent.click(screen.getByTestId('judgement-add-sku'));
    expect((await screen.findAllByText('Select warehouse first')).length).toBeGreaterThan(0);
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
    expect(await within(dialog()).findByText('SKU cannot be empty')).toBeTruthy();
    expect(within(dialog()).getByText('Quantity cannot be empty')).toBeTruthy();

    // the SKU picker lists the chosen owner's SKUs
    fireEvent.click(within(screen.getByTestId('judgement-line-sku-picker')).getByRole('textbox'));
    const picker = await screen.findByTestId('sku-picker-dialog');
    fireEvent.click((await within(picker).findAllByTestId('sku-row-select'))[0]);
    await waitFor(() => expect(screen.queryByTestId('sku-picker-dialog')).toBeNull());
    const skuQuery = dp.getList.mock.calls.find((c) => c[0] === 'sku')!;
    expect(skuQuery[1].filter).toEqual({ ownerId: 3 });
    await waitFor(() => expect(within(dialog()).queryByText('SKU cannot be empty')).toBeNull());

    await setQty(0, '0');
    save();
    expect(await within(dialog()).findByText('Quantity cannot be less than 1')).toBeTruthy();
    await setQty(0, '1.5');
    save();
    expect(await within(dialog()).findByText('Quantity must be an integer')).toBeTruthy();
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
        lines: [{ inventoryId: null, skuId: 7, batchNo: 'B7', type: 1, qty: 7, reason: 'found in aisle 3' }],
      }),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(await screen.findByText('Operation successful')).toBeTruthy();
  });

  it('adds an inventory record through the inventory picker, shows its quantities, refuses it twice, and sends the line with its inventoryId', async () => {
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
        lines: [{ inventoryId: 5, skuId: 7, batchNo: 'B1', type: 2, qty: 10, reason: null }],
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

describe('the adjustment dialog (edit)', () => {
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
    expect(await screen.findByText('Edit inventory adjustment IJ20240501000012')).toBeTruthy();
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
          { inventoryId: 5, skuId: 7, batchNo: 'B1', type: 1, qty: 12, reason: 'found' },
          { inventoryId: null, skuId: 8, batchNo: 'N1', type: 1, qty: 5, reason: null },
        ],
      }),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
