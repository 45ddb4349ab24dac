// @vitest-environment jsdom
/**
 * Dialogs of the SKU list (spec 2.8, 3, 5, 8): the import dialog's required-field messages ('please
 * select' owner, 'please upload' document), its upload, progress and error table; the SKU edit form's
 * 'please input' / 'please select' texts and body; the platform-SKU form rules; the sub-list loading call.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { appEn } from '../../src/client/i18n/app-en';
import { appZh } from '../../src/client/i18n/app-zh';
import { setToken } from '../../src/client/providers/session';
import { EcPlatformSkuDialog, SkuEditDialog, SkuImportDialog, SupplierSkuDialog, progressOf, toSkuBody } from '../../src/client/screens/sku';
import { REQUIRED_OWNER, i18nOf, keysOf as keys, renderWithAdmin, stubDataProvider } from './console-harness';

// the console renders heavy MUI trees: allow slow machines and parallel test files more time
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = i18nOf();

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

describe('SkuEditDialog', () => {
  it("shows 'Please input' / 'Please select' on empty required fields and does not save", async () => {
    const dp = stubDataProvider({ owner: [{ id: 1, name: 'A' }, { id: 2, name: 'B' }] });
    renderIn(<SkuEditDialog onClose={vi.fn()} onSaved={vi.fn()} />, dp);
    expect(await screen.findByText('Add SKU')).toBeTruthy();
    // required fields carry react-admin's mark; optional ones do not
    for (const label of [REQUIRED_OWNER, /^SKU\s*\*$/, /^Product name\s*\*$/, /^Category\s*\*$/, /^Weight \(kg\)\s*\*$/]) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByLabelText('Colour')).toBeTruthy();
    // no native limits: the yup messages (in the console's language) speak instead of the browser's bubbles
    const weight = screen.getByLabelText(/^Weight/) as HTMLInputElement;
    expect([weight.getAttribute('min'), weight.getAttribute('max'), weight.closest('form')?.noValidate]).toEqual([null, null, true]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Please select').length).toBe(2)); // owner, category
    expect(screen.getAllByText('Please input').length).toBe(3); // SKU, name, weight
    expect(dp.create).not.toHaveBeenCalled();
  });

  it('loads the SKU by id in edit mode with owner and SKU code disabled, and saves the editable fields', async () => {
    const sku = { id: 5, ownerId: 1, sku: 'SKU-5', name: 'Lamp', enable: true, categoryId: 4, weight: 1.5, color: 'red', goodsImageUrl: '' };
    const onSaved = vi.fn();
    const dp = stubDataProvider({ sku: [sku], owner: [{ id: 1, name: 'Owner A' }], skuCategory: [{ id: 4, name: 'Lights' }] });
    renderIn(<SkuEditDialog id={5} onClose={vi.fn()} onSaved={onSaved} />, dp);
    expect(await screen.findByText('Edit SKU SKU-5')).toBeTruthy();
    const code = (await screen.findByLabelText(/^SKU/)) as HTMLInputElement;
    expect(code.value).toBe('SKU-5');
    expect(code.disabled).toBe(true);
    await waitFor(() => expect((screen.getByLabelText(REQUIRED_OWNER) as HTMLInputElement).disabled).toBe(true));
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText(/^Product name/), { target: { value: ' Desk lamp ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dp.update).toHaveBeenCalled());
    const [resource, params] = dp.update.mock.calls[0];
    expect(resource).toBe('sku');
    expect(params.id).toBe(5);
    expect(params.data).toMatchObject({ name: 'Desk lamp', enable: true, categoryId: 4, weight: 1.5, color: null });
    expect(params.data).not.toHaveProperty('ownerId');
    expect(params.data).not.toHaveProperty('sku');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('builds the add body with trimmed text and without empty optional fields', () => {
    expect(toSkuBody({ ownerId: 1, sku: ' A ', name: ' N ', enable: true, categoryId: 2, weight: 0, color: '' }, 'add')).toEqual({
      ownerId: 1,
      sku: 'A',
      name: 'N',
      enable: true,
      categoryId: 2,
      weight: 0,
    });
  });
});

describe('sub-list dialogs', () => {
  const sku = { id: 8, sku: 'SKU-8', name: 'Mug', ownerName: 'Owner A' };

  it('loads supplier SKUs of one SKU with page size 10 and numbers the rows', async () => {
    const dp = stubDataProvider({
      supplierSku: [
        { id: 1, skuId: 8, supplierName: 'Acme', supplierSku: 'AC-1', addDate: '2024-01-02 03:04:05' },
        { id: 2, skuId: 8, supplierName: 'Bolt', supplierSku: 'BO-2' },
      ],
    });
    renderIn(<SupplierSkuDialog sku={sku} onClose={vi.fn()} />, dp);
    expect(await screen.findByText('Acme')).toBeTruthy();
    const [resource, params] = dp.getList.mock.calls.find((c) => c[0] === 'supplierSku')!;
    expect(resource).toBe('supplierSku');
    expect(params.pagination).toEqual({ page: 1, perPage: 10 });
    expect(params.filter).toEqual({ skuId: 8 });
    expect(params.sort.field).toBe('');
    const table = screen.getByTestId('supplier-sku-dialog-table');
    expect(within(table).getByText('2024-01-02 03:04')).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getByText('1')).toBeTruthy();
    expect(within(rows[2]).getByText('2')).toBeTruthy();
  });

  it("requires the platform ('Please select') and the platform SKU ('Please input')", async () => {
    const dp = stubDataProvider({ ecPlatformSku: [] });
    renderIn(<EcPlatformSkuDialog sku={sku} onClose={vi.fn()} />, dp);
    fireEvent.click(await screen.findByTestId('ec-platform-sku-dialog-add'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select')).toBeTruthy();
    expect(screen.getByText('Please input')).toBeTruthy();
    expect(dp.create).not.toHaveBeenCalled();
  });
});
