// @vitest-environment jsdom
/**
 * Dialogs of the SKU list (spec 2.8, 3, 5, 8): the import dialog's required-field messages ('please
 * select' owner, 'please upload' document), its upload, progress and error table; the generated SKU form's
 * 'please input' / 'please select' texts, marks and edit body; the children's lists (supplier and platform
 * SKUs of one SKU, their own generated screens in a dialog): loading call, add body, platform-SKU rules.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider, RaRecord } from 'react-admin';
import { screenSource } from '../../generated/client/views/sku';
import { DocumentScreen } from '../../src/client/kit/screen/DocumentScreen';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { appEn } from '../../src/client/i18n/app-en';
import { appZh } from '../../src/client/i18n/app-zh';
import { setToken } from '../../src/client/providers/session';
import { SkuImportDialog, progressOf } from '../../src/client/screens/sku';
import { REQUIRED_OWNER, clickRowAction, i18nOf, keysOf as keys, renderWithAdmin, rowOf, stubDataProvider } from './console-harness';

// the console renders heavy MUI trees: allow slow machines and parallel test files more time
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = i18nOf(documentScreenMessages);

const renderIn = (node: ReactNode, dataProvider: DataProvider) => renderWithAdmin(node, { dataProvider, i18nProvider });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('i18n', () => {
  it('app.sku has the same keys in en and zh', () => {
    expect(keys(appZh.app.sku).sort()).toEqual(keys(appEn.app.sku).sort());
    expect(appEn.app.sku.weight.empty).toBe("weight can't be null");
  });
});

describe('SkuImportDialog', () => {
  it("requires an owner ('Please select') and an uploaded document ('Please upload')", async () => {
    const dp = stubDataProvider({ owner: [{ id: 1, name: 'Owner A' }, { id: 2, name: 'Owner B' }] });
    renderIn(<SkuImportDialog kind="sku" onClose={vi.fn()} onImported={vi.fn()} />, dp);
    expect(await screen.findByText('Import SKUs')).toBeTruthy();
    expect(await screen.findByTestId('import-template')).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-confirm'));
    expect(await screen.findByText('Please select')).toBeTruthy();
    expect(await screen.findByText('Please upload')).toBeTruthy();
    expect(dp.call).not.toHaveBeenCalled();
  });

  it('opens the template in a new tab', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderIn(<SkuImportDialog kind="ecPlatformSku" onClose={vi.fn()} onImported={vi.fn()} />, stubDataProvider());
    fireEvent.click(await screen.findByTestId('import-template'));
    expect(open).toHaveBeenCalledWith('/static/templates/ec-platform-sku-import.xlsx', '_blank', 'noopener');
  });

  it('uploads the file, starts the import, follows the job and lists every error on failure', async () => {
    setToken('TOKEN');
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify({ code: 200, msg: 'ok', data: { fileUrl: '/files/x.xlsx', filePath: 'imports/x.xlsx', size: 2048 } }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const call = vi.fn(async (path: unknown) => {
      if (path === '/sapi/wms/supplier-sku/excel/import') return { id: 'job-1', status: 1, totalRows: 4, doneRows: 1 };
      if (path === '/sapi/sys/importJob/query')
        return {
          id: 'job-1',
          status: 3,
          totalRows: 4,
          doneRows: 4,
          message: 'The file has 2 errors',
          errors: [
            { row: 2, column: 'supplierSku', message: 'Supplier SKU cannot be empty' },
            { row: 4, column: 'sku', message: 'SKU X-9 does not exist' },
          ],
        };
      return null;
    });
    const onImported = vi.fn();
    // a single enabled owner is picked by itself (spec 2.10)
    const dp = stubDataProvider({ owner: [{ id: 7, name: 'Owner A' }] }, call);
    renderIn(<SkuImportDialog kind="supplierSku" onClose={vi.fn()} onImported={onImported} />, dp);
    await waitFor(() => expect((screen.getByLabelText(REQUIRED_OWNER) as HTMLInputElement).value).toBe('Owner A'));

    const file = new File(['x'], 'suppliers.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(screen.getByTestId('file-input-file'), { target: { files: [file] } });
    expect(await screen.findByText('suppliers.xlsx')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/sapi/sys/file/upload?fileType=3');
    expect((init.headers as Record<string, string>)['X-Upload-Token']).toBe('TOKEN');
    expect((init.body as FormData).get('file')).toBeTruthy();

    fireEvent.click(screen.getByTestId('import-confirm'));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('/sapi/wms/supplier-sku/excel/import', { ownerId: 7, filePath: 'imports/x.xlsx', fileUrl: '/files/x.xlsx' }),
    );
    expect(await screen.findByText(/1 \/ 4 rows/)).toBeTruthy();
    const table = await screen.findByTestId('import-errors', undefined, { timeout: 3000 });
    expect(call).toHaveBeenCalledWith('/sapi/sys/importJob/query', { id: 'job-1' }, { skipLoading: true });
    expect(within(table).getByText('Supplier SKU cannot be empty')).toBeTruthy();
    expect(within(table).getByText('SKU X-9 does not exist')).toBeTruthy();
    expect(within(table).getByText('supplierSku')).toBeTruthy();
    expect(screen.getAllByText('The file has 2 errors').length).toBeGreaterThan(0);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('closes and reloads (onImported) when the job succeeds', async () => {
    const call = vi.fn(async (path: unknown) =>
      path === '/sapi/wms/sku/excel/import' ? { id: 5, status: 2, totalRows: 3, doneRows: 3 } : null,
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 200, data: { fileUrl: '/f', filePath: 'p', size: 1 } }), { headers: { 'Content-Type': 'application/json' } })),
    );
    const onImported = vi.fn();
    renderIn(<SkuImportDialog kind="sku" ownerId={3} onClose={vi.fn()} onImported={onImported} />, stubDataProvider({ owner: [{ id: 3, name: 'Owner C' }] }, call));
    fireEvent.change(await screen.findByTestId('file-input-file'), { target: { files: [new File(['x'], 'a.xlsx')] } });
    await screen.findByText('a.xlsx');
    fireEvent.click(screen.getByTestId('import-confirm'));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(call).toHaveBeenCalledWith('/sapi/wms/sku/excel/import', { ownerId: 3, filePath: 'p', fileUrl: '/f' });
  });

  it('refuses an upload the server does not answer with code 200', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 400, msg: 'Unsupported file' }), { headers: { 'Content-Type': 'application/json' } })),
    );
    renderIn(<SkuImportDialog kind="sku" onClose={vi.fn()} onImported={vi.fn()} />, stubDataProvider());
    fireEvent.change(await screen.findByTestId('file-input-file'), { target: { files: [new File(['x'], 'a.xlsx')] } });
    expect(await screen.findByText('Unsupported file')).toBeTruthy();
    expect(screen.queryByText('a.xlsx')).toBeNull();
  });

  it('computes the progress', () => {
    expect(progressOf({ doneRows: 1, totalRows: 4 })).toBe(25);
    expect(progressOf({ doneRows: 0, totalRows: 0 })).toBe(0);
    expect(progressOf(null)).toBe(0);
  });
});

/** The SKU list with `lists` and `call`; resolves once `code` shows. */
async function renderSkus(lists: Record<string, RaRecord[]>, code: string, call = vi.fn((..._a: unknown[]) => Promise.resolve<unknown>({ id: 99 }))) {
  const dp = stubDataProvider(lists, call);
  renderIn(<DocumentScreen source={screenSource} resource="sku" view="all" storeKey={false} />, dp);
  await screen.findByText(code, undefined, { timeout: 10_000 });
  return dp;
}

describe('the SKU form (sku.screen form)', () => {
  it("marks the required fields and shows 'Please input' / 'Please select' on empty ones, without saving", async () => {
    const dp = await renderSkus({ sku: [{ id: 1, sku: 'SKU-1', name: 'Cup' }], owner: [{ id: 1, name: 'A' }, { id: 2, name: 'B' }] }, 'SKU-1');
    fireEvent.click(screen.getByTestId('sku-add'));
    const dialog = await screen.findByTestId('sku-edit-dialog');
    expect(within(dialog).getByText('New SKU')).toBeTruthy();
    // required fields carry react-admin's mark; optional ones do not
    for (const label of [REQUIRED_OWNER, /^SKU\s*\*$/, /^Product name\s*\*$/, /^Category\s*\*$/, /^Weight \(kg\)\s*\*$/]) expect(within(dialog).getByLabelText(label)).toBeTruthy();
    expect(within(dialog).getByLabelText('Colour')).toBeTruthy();
    expect(within(dialog).getByTestId('sku-form-goods-image-url')).toBeTruthy();
    // no native limits: the yup messages (in the console's language) speak instead of the browser's bubbles
    const weight = within(dialog).getByLabelText(/^Weight/) as HTMLInputElement;
    expect([weight.getAttribute('min'), weight.getAttribute('max'), weight.closest('form')?.noValidate]).toEqual([null, null, true]);
    fireEvent.click(within(dialog).getByTestId('sku-save'));
    await waitFor(() => expect(within(dialog).getAllByText('Please select').length).toBe(2)); // owner, category
    expect(within(dialog).getAllByText('Please input').length).toBe(3); // SKU, name, weight
    expect(dp.call).not.toHaveBeenCalled();
  });

  it('loads the SKU in edit mode with owner and SKU code disabled, and saves the editable fields', async () => {
    const sku = { id: 5, ownerId: 1, ownerName: 'Owner A', sku: 'SKU-5', name: 'Lamp', enable: true, categoryId: 4, category: 'Lights', weight: 1.5, color: 'red', goodsImageUrl: '' };
    const dp = await renderSkus({ sku: [sku], owner: [{ id: 1, name: 'Owner A' }], skuCategory: [{ id: 4, name: 'Lights' }] }, 'SKU-5');
    fireEvent.click(screen.getByTestId('sku-row-edit'));
    const dialog = await screen.findByTestId('sku-edit-dialog');
    expect(await within(dialog).findByText('Edit SKU SKU-5')).toBeTruthy();
    const code = (await within(dialog).findByLabelText(/^SKU/)) as HTMLInputElement;
    await waitFor(() => expect(code.value).toBe('SKU-5'));
    expect(code.disabled).toBe(true);
    await waitFor(() => expect((within(dialog).getByLabelText(REQUIRED_OWNER) as HTMLInputElement).disabled).toBe(true));
    await waitFor(() => expect((within(dialog).getByLabelText(/^Category/) as HTMLInputElement).value).toBe('Lights'));
    fireEvent.change(within(dialog).getByLabelText('Colour'), { target: { value: '  ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Product name/), { target: { value: ' Desk lamp ' } });
    fireEvent.click(within(dialog).getByTestId('sku-save'));
    await waitFor(() => expect(dp.call).toHaveBeenCalled());
    const [path, body] = dp.call.mock.calls[0] as [string, Record<string, unknown>];
    expect(path).toBe('/sapi/wms/sku/edit');
    expect(body).toMatchObject({ id: 5, name: 'Desk lamp', enable: true, categoryId: 4, weight: 1.5, color: null });
    expect(body).not.toHaveProperty('ownerId');
    expect(body).not.toHaveProperty('sku');
    await waitFor(() => expect(screen.queryByTestId('sku-edit-dialog')).toBeNull());
  });
});

describe("the children's lists (supplier and platform SKUs of one SKU)", () => {
  const sku = { id: 8, sku: 'SKU-8', name: 'Mug', ownerName: 'Owner A' };

  it('loads the supplier SKUs of the row with page size 10, numbers the rows, and adds one to the SKU', async () => {
    const dp = await renderSkus(
      {
        sku: [sku],
        supplierSku: [
          { id: 1, skuId: 8, supplierName: 'Acme', supplierSku: 'AC-1', addDate: '2024-01-02 03:04:05' },
          { id: 2, skuId: 8, supplierName: 'Bolt', supplierSku: 'BO-2' },
        ],
      },
      'SKU-8',
    );
    await clickRowAction(rowOf('sku-row', 'SKU-8'), 'sku-row-supplier-sku');
    const dialog = await screen.findByTestId('supplier-sku-dialog');
    expect(within(dialog).getByText('Supplier SKUs: SKU-8')).toBeTruthy();
    expect(await within(dialog).findByText('Acme')).toBeTruthy();
    const [, params] = dp.getList.mock.calls.find((c) => c[0] === 'supplierSku')!;
    expect(params.pagination).toEqual({ page: 1, perPage: 10 });
    expect(params.filter).toEqual({ skuId: 8 });
    expect(params.sort.field).toBe('');
    const table = within(dialog).getByTestId('supplier-sku-table');
    expect(within(table).getByText('2024-01-02 03:04')).toBeTruthy();
    const rows = within(table).getAllByTestId('supplier-sku-row');
    expect(within(rows[0]).getByText('1')).toBeTruthy();
    expect(within(rows[1]).getByText('2')).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId('supplier-sku-add'));
    const form = await screen.findByTestId('supplier-sku-edit-dialog');
    fireEvent.change(within(form).getByLabelText('Supplier name'), { target: { value: ' Cedar ' } });
    fireEvent.change(within(form).getByLabelText('Supplier SKU'), { target: { value: 'CE-9' } });
    fireEvent.click(within(form).getByTestId('supplier-sku-save'));
    await waitFor(() => expect(dp.call).toHaveBeenCalledWith('/sapi/wms/supplier-sku/add', { skuId: 8, supplierName: 'Cedar', supplierSku: 'CE-9' }));
  });

  it("requires the platform ('Please select') and the platform SKU ('Please input'); a row downloads its label", async () => {
    const dp = await renderSkus({ sku: [sku], ecPlatformSku: [{ id: 3, skuId: 8, ecPlatform: 1, ecPlatformSku: 'NOON-8' }] }, 'SKU-8');
    await clickRowAction(rowOf('sku-row', 'SKU-8'), 'sku-row-ec-platform-sku');
    const dialog = await screen.findByTestId('ec-platform-sku-dialog');
    expect(await within(dialog).findByText('NOON-8')).toBeTruthy();
    expect(within(dialog).getByTestId('ec-platform-sku-row-label').textContent).toBe('Download label');
    fireEvent.click(within(dialog).getByTestId('ec-platform-sku-add'));
    const form = await screen.findByTestId('ec-platform-sku-edit-dialog');
    fireEvent.click(within(form).getByTestId('ec-platform-sku-save'));
    expect(await within(form).findByText('Please select')).toBeTruthy();
    expect(within(form).getByText('Please input')).toBeTruthy();
    expect(dp.call).not.toHaveBeenCalled();
  });
});
