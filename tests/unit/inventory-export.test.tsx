// @vitest-environment jsdom
/**
 * Export of the inventory list (spec 2.6, 4, 6, 8, 9; issue 4): useExportJob starts the export with the filter
 * plus skipLoading, polls /sapi/sys/fileExport/query every 1000 ms while the job is CREATED, opens the
 * job's signed `downloadUrl` as it is (no session token added: issue 26) on SUCCESS and shows "Export failed" (plus the job's message) on FAIL; the
 * generated inventory list's Export widget exports the filter on screen behind a full-screen overlay.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { TOKEN_KEY } from '../../src/client/providers/session';
import { EXPORT_POLL_MS, EXPORT_QUERY_PATH, useExportJob } from '../../src/client/widgets';
import { inventoryMessages } from '../../src/client/screens/inventory';
import { screenSource } from '../../generated/client/views/inventory';
import { DocumentScreen } from '../../src/client/kit/screen/DocumentScreen';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { adminWrapper, i18nOf, renderWithAdmin, stubDataProvider as stubWith } from './console-harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = i18nOf(inventoryMessages, documentScreenMessages);

const EXPORT_PATH = '/sapi/wms/sku-inventory/exportExcel';
const FILE_URL = '/sapi/sys/fileExport/download/9?u=1&exp=1700000000000&sig=abc';

const INVENTORY = [{ id: 1, sku: 'ROSE-30', qty: 8, lockQty: 0, skuEntity: {}, supplierNames: [], ecPlatforms: [] }];
const stubDataProvider = (call: ReturnType<typeof vi.fn>) => stubWith({ inventory: INVENTORY }, call);

/** A call() stub answering the start with `start`, then each poll with the next of `polls`. */
function jobCalls(start: object, polls: object[]) {
  const queue = [...polls];
  return vi.fn((path: string) => {
    if (path === EXPORT_QUERY_PATH) return Promise.resolve(queue.shift());
    return Promise.resolve(start);
  });
}

const wrapperWith = (dataProvider: DataProvider) => adminWrapper({ dataProvider, i18nProvider });

let opened: string[];

beforeEach(() => {
  opened = [];
  localStorage.setItem(TOKEN_KEY, 'T0K');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    opened.push(this.getAttribute('href') ?? '');
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('useExportJob', () => {
  it('CREATED, CREATED, SUCCESS: polls every 1000 ms, then opens the signed address as it is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const call = jobCalls({ id: 9, exportStatus: 1 }, [
      { id: 9, exportStatus: 1 },
      { id: 9, exportStatus: 2, downloadUrl: FILE_URL },
    ]);
    const { result } = renderHook(() => useExportJob(), { wrapper: wrapperWith(stubDataProvider(call)) });
    expect(result.current.busy).toBe(false);
    let done!: Promise<void>;
    act(() => {
      done = result.current.exportTo(EXPORT_PATH, { sku: 'rose', ownerId: 3 });
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenNthCalledWith(1, EXPORT_PATH, { sku: 'rose', ownerId: 3, skipLoading: true }, { skipLoading: true });
    // no poll before a second has passed
    await act(async () => {
      await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS - 10);
    });
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(call).toHaveBeenCalledTimes(2);
    expect(call).toHaveBeenNthCalledWith(2, EXPORT_QUERY_PATH, { id: 9 }, { skipLoading: true });
    expect(opened).toEqual([]);
    expect(result.current.busy).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS);
      await done;
    });
    expect(call).toHaveBeenCalledTimes(3);
    expect(opened).toEqual([FILE_URL]);
    expect(result.current.busy).toBe(false);
  });

  it('FAIL: shows "Export failed" with the message and opens nothing', async () => {
    const call = jobCalls({ id: 4, exportStatus: 1 }, [{ id: 4, exportStatus: 3, message: 'disk full' }]);
    const { result } = renderHook(() => useExportJob(), { wrapper: wrapperWith(stubDataProvider(call)) });
    await act(async () => {
      await result.current.exportTo(EXPORT_PATH, {});
    });
    expect(await screen.findByText('Export failed: disk full')).toBeTruthy();
    expect(opened).toEqual([]);
    expect(result.current.busy).toBe(false);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('FAIL with a message that already says "Export failed" shows it once', async () => {
    const call = jobCalls({ id: 4, exportStatus: 3, message: 'Export failed: no rows' }, []);
    const { result } = renderHook(() => useExportJob(), { wrapper: wrapperWith(stubDataProvider(call)) });
    await act(async () => {
      await result.current.exportTo(EXPORT_PATH, {});
    });
    expect(await screen.findByText('Export failed: no rows')).toBeTruthy();
  });

  it('a refused start shows "Export failed" with the server message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the rejected call
    const call = vi.fn(() => Promise.reject(new Error('Insufficient permission')));
    const { result } = renderHook(() => useExportJob(), { wrapper: wrapperWith(stubDataProvider(call)) });
    await act(async () => {
      await result.current.exportTo(EXPORT_PATH, {});
    });
    expect(await screen.findByText('Export failed: Insufficient permission')).toBeTruthy();
    expect(result.current.busy).toBe(false);
  });

  it('a job that succeeds at once opens the file without polling', async () => {
    const call = jobCalls({ id: 5, exportStatus: 2, downloadUrl: FILE_URL }, []);
    const { result } = renderHook(() => useExportJob(), { wrapper: wrapperWith(stubDataProvider(call)) });
    await act(async () => {
      await result.current.exportTo(EXPORT_PATH, {});
    });
    expect(call).toHaveBeenCalledTimes(1);
    expect(opened).toEqual([FILE_URL]);
  });
});

describe('Export button of the inventory list', () => {
  it('exports the filter on screen (with the preset) behind a full-screen overlay', async () => {
    const call = jobCalls({ id: 9, exportStatus: 1 }, [{ id: 9, exportStatus: 2, downloadUrl: FILE_URL }]);
    const dp = stubDataProvider(call);
    renderWithAdmin(<DocumentScreen source={screenSource} resource="inventory" inDialog preset={{ skuId: 7 }} />, { dataProvider: dp, i18nProvider });
    await screen.findByText('ROSE-30');
    fireEvent.change(screen.getByLabelText('SKU or product name'), { target: { value: ' rose ' } });
    fireEvent.click(screen.getByTestId('inventory-search'));
    await waitFor(() => expect(dp.getList.mock.calls.filter((c) => c[0] === 'inventory').pop()![1].filter).toEqual({ sku: 'rose', skuId: 7 }));
    fireEvent.click(await screen.findByTestId('inventory-export'));
    await waitFor(() => expect(call).toHaveBeenCalledWith(EXPORT_PATH, { sku: 'rose', skuId: 7, skipLoading: true }, { skipLoading: true }));
    const overlay = screen.getByTestId('inventory-export-overlay');
    expect(overlay.querySelector('.MuiCircularProgress-root')).not.toBeNull();
    expect(overlay.style.visibility).not.toBe('hidden');
    expect((screen.getByTestId('inventory-export') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(opened).toEqual([FILE_URL]), { timeout: 4000 });
    await waitFor(() => expect((screen.getByTestId('inventory-export') as HTMLButtonElement).disabled).toBe(false));
  });
});
