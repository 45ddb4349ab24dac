// @vitest-environment jsdom
/**
 * The order import button and dialog (issue 5): shown only with the import permission (manifest add code or
 * the `code` prop); the dialog names the order type, opens the template, requires an upload ('Please
 * upload'), posts `{type, filePath, fileUrl}` to the order import call, follows the job, lists every row
 * error on failure (and still reloads the list when some orders were created), closes and reloads on
 * success. Its texts exist in en and zh and are merged into the console's messages.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { messages as consoleMessages } from '../../src/client/providers/i18nProvider';
import { setToken } from '../../src/client/providers/session';
import { OrderImportButton, orderImportMessages } from '../../src/client/screens/orderImport';
import { enMessagesOf, keysOf as keys, renderWithAdmin, stubDataProvider as stubWith } from './console-harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = polyglotI18nProvider(() => enMessagesOf(orderImportMessages) as any, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });

const stubDataProvider = (call = vi.fn((..._args: unknown[]) => Promise.resolve<any>(null))) => stubWith({}, call);
const renderIn = (node: ReactNode, dataProvider: DataProvider, roles = ['admin']) => renderWithAdmin(node, { dataProvider, roles, i18nProvider });

/** Stubs the upload call and chooses a file in the dialog. */
async function chooseFile(name = 'orders.xlsx') {
  setToken('TOKEN');
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
    new Response(JSON.stringify({ code: 200, msg: 'ok', data: { fileUrl: '/files/o.xlsx', filePath: 'imports/o.xlsx', size: 2048 } }), { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  fireEvent.change(await screen.findByTestId('file-input-file'), { target: { files: [new File(['x'], name)] } });
  expect(await screen.findByText(name)).toBeTruthy();
  return fetchMock;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('order import texts', () => {
  it('has the same keys in en and zh, merged into the console messages', () => {
    expect(keys(orderImportMessages.zh).sort()).toEqual(keys(orderImportMessages.en).sort());
    expect((consoleMessages.en as any).app.orderImport.button).toBe('Import');
    expect((consoleMessages.zh as any).app.orderImport.button).toBe('导入');
    expect((consoleMessages.zh as any).app.orderImport.title.outbound).toBe('导入出库单');
  });
});

describe('OrderImportButton', () => {
  it('is shown only with the import permission (the manifest add code, or the code given)', async () => {
    renderIn(<OrderImportButton kind="inbound" type={1} onDone={vi.fn()} />, stubDataProvider(), ['inbound:edit']);
    expect(await screen.findByTestId('inbound-order-import')).toBeTruthy();
    cleanup();
    renderIn(<><OrderImportButton kind="outbound" type={1} onDone={vi.fn()} /><span>ready</span></>, stubDataProvider(), ['inbound:edit', 'outbound:list']);
    await screen.findByText('ready');
    await new Promise((ok) => setTimeout(ok, 50));
    expect(screen.queryByTestId('outbound-order-import')).toBeNull();
    cleanup();
    renderIn(<OrderImportButton kind="outbound" type={1} code="outbound:import" onDone={vi.fn()} />, stubDataProvider(), ['outbound:import']);
    expect(await screen.findByTestId('outbound-order-import')).toBeTruthy();
  });

  it("opens a dialog naming the order type, opens the template and requires a file ('Please upload')", async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const call = vi.fn();
    renderIn(<OrderImportButton kind="inbound" type={2} onDone={vi.fn()} />, stubDataProvider(call));
    fireEvent.click(await screen.findByTestId('inbound-order-import'));
    const dialog = await screen.findByTestId('order-import-dialog');
    expect(within(dialog).getByText('Import inbound orders')).toBeTruthy();
    expect(within(dialog).getByTestId('order-import-type').textContent).toBe('Order type: Customer return');
    fireEvent.click(within(dialog).getByTestId('order-import-template'));
    expect(open).toHaveBeenCalledWith('/static/templates/inbound-order-import.xlsx', '_blank', 'noopener');
    fireEvent.click(screen.getByTestId('order-import-confirm'));
    expect(await screen.findByText('Please upload')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('posts the type and file, follows the job and lists every row error; reloads when some orders were created', async () => {
    const call = vi.fn(async (path: unknown) => {
      if (path === '/sapi/wms/outbound-order/excel/import') return { id: 'job-9', status: 1, totalRows: 0, doneRows: 0 };
      if (path === '/sapi/sys/importJob/query')
        return {
          id: 'job-9', status: 3, totalRows: 5, doneRows: 2,
          message: 'Created 1 of 3 orders from 2 of 5 rows; an order with an error is not imported at all',
          errors: [
            { row: 3, column: 'Platform order number', message: 'A duplicate exists: Platform order number "PO-1" (OUT20260101000001)' },
            { row: 5, column: 'SKU', message: 'product SKU not configured for selected e-commerce platform (noon): MUSK' },
          ],
        };
      return null;
    });
    const onDone = vi.fn();
    renderIn(<OrderImportButton kind="outbound" type={2} onDone={onDone} />, stubDataProvider(call));
    fireEvent.click(await screen.findByTestId('outbound-order-import'));
    expect(await screen.findByText('Order type: noon marketplace')).toBeTruthy();
    const upload = await chooseFile();
    expect(upload.mock.calls[0][0]).toBe('/sapi/sys/file/upload?fileType=3');
    fireEvent.click(screen.getByTestId('order-import-confirm'));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/sapi/wms/outbound-order/excel/import', { type: 2, filePath: 'imports/o.xlsx', fileUrl: '/files/o.xlsx' }));
    const table = await screen.findByTestId('import-errors', undefined, { timeout: 4000 });
    expect(call).toHaveBeenCalledWith('/sapi/sys/importJob/query', { id: 'job-9' }, { skipLoading: true });
    expect(within(table).getByText('A duplicate exists: Platform order number "PO-1" (OUT20260101000001)')).toBeTruthy();
    expect(within(table).getByText('product SKU not configured for selected e-commerce platform (noon): MUSK')).toBeTruthy();
    expect(screen.getAllByText(/^Created 1 of 3 orders/).length).toBeGreaterThan(0);
    expect(screen.getByText(/2 \/ 5 rows/)).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('order-import-dialog')).toBeTruthy(); // stays open with the errors
  });

  it('does not reload when nothing was created', async () => {
    const call = vi.fn(async () => ({ id: 'job-3', status: 3, totalRows: 1, doneRows: 0, message: 'The header row lacks required columns; nothing was imported', errors: [] }));
    const onDone = vi.fn();
    renderIn(<OrderImportButton kind="inbound" type={1} onDone={onDone} />, stubDataProvider(call));
    fireEvent.click(await screen.findByTestId('inbound-order-import'));
    await chooseFile();
    fireEvent.click(screen.getByTestId('order-import-confirm'));
    expect((await screen.findAllByText('The header row lacks required columns; nothing was imported')).length).toBeGreaterThan(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('closes and reloads (onDone) when every order went in, telling how many', async () => {
    const call = vi.fn(async () => ({ id: 'job-1', status: 2, totalRows: 4, doneRows: 4, message: 'Created 2 of 2 orders from 4 of 4 rows', errors: [] }));
    const onDone = vi.fn();
    renderIn(<OrderImportButton kind="inbound" type={3} onDone={onDone} />, stubDataProvider(call));
    fireEvent.click(await screen.findByTestId('inbound-order-import'));
    await chooseFile();
    fireEvent.click(screen.getByTestId('order-import-confirm'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(call).toHaveBeenCalledWith('/sapi/wms/inbound-order/excel/import', { type: 3, filePath: 'imports/o.xlsx', fileUrl: '/files/o.xlsx' });
    expect(await screen.findByText('Created 2 of 2 orders from 4 of 4 rows')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('order-import-dialog')).toBeNull());
  });
});
