// @vitest-environment jsdom
/**
 * The file actions of the location list, declared by the manifest's codes (resources.yaml `location.permissions`
 * import / labels; codegen/manifest-screen.ts defaultScreen; src/client/widgets/fileActions.tsx): Import for
 * holders of location:import (template, 'Please upload', the import call, the job followed, its summary notified,
 * the list reloaded), Print labels for holders of location:label (the selected ids, or after a prompt the list's
 * filter) and a row's Label; none of them without the codes. Texts in en and zh.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RaRecord } from 'react-admin';
import { screenSource } from '../../generated/client/views/location';
import { DocumentScreen } from '../../src/client/kit/screen/DocumentScreen';
import { documentScreenMessages } from '../../src/client/kit/screen/messages';
import { setToken } from '../../src/client/providers/session';
import { widgetMessages } from '../../src/client/widgets/messages';
import { callsTo, clickRowAction, i18nOf, keysOf, renderWithAdmin, rowOf, stubCall, stubDataProvider } from './console-harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const i18nProvider = i18nOf(documentScreenMessages);
const LOCATIONS: RaRecord[] = [
  { id: 11, warehouseId: 1, warehouseName: 'Riyadh DC', zoneId: 5, zoneCode: 'A', code: 'A-01-01', type: 2, pickSequence: 1, status: 1 },
  { id: 12, warehouseId: 1, warehouseName: 'Riyadh DC', zoneId: 5, zoneCode: 'A', code: 'A-01-02', type: 3, pickSequence: 2, status: 1 },
];
const IMPORT = '/sapi/wms/location/excel/import';
const LABELS = '/sapi/wms/location/exportLabels';
const JOB = '/sapi/sys/importJob/query';

function renderList(roles: string[], call: ReturnType<typeof vi.fn>) {
  const dataProvider = stubDataProvider({ location: LOCATIONS }, call);
  renderWithAdmin(<DocumentScreen source={screenSource} resource="location" storeKey={false} />, { roles, dataProvider, i18nProvider });
  return dataProvider;
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:labels'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('location file actions', () => {
  it('has its texts in en and zh', () => {
    const en = (widgetMessages.en.wms.widgets as Record<string, unknown>).fileActions;
    const zh = (widgetMessages.zh.wms.widgets as Record<string, unknown>).fileActions;
    expect(keysOf(zh).sort()).toEqual(keysOf(en).sort());
  });

  it('offers Import and Print labels to holders of their codes only', async () => {
    renderList(['location:list'], vi.fn());
    await screen.findByText('A-01-01');
    expect(screen.queryByTestId('location-import')).toBeNull();
    expect(screen.queryByTestId('location-labels')).toBeNull();
    cleanup();
    renderList(['location:list', 'location:import', 'location:label'], vi.fn());
    expect(await screen.findByTestId('location-import')).toBeTruthy();
    expect(await screen.findByTestId('location-labels')).toBeTruthy();
  });

  it('imports: template, a file required, the call, the job followed and its summary shown, the list reloaded', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const call = stubCall({
      [IMPORT]: { id: 'job-1', status: 1, totalRows: 0, doneRows: 0 },
      [JOB]: { id: 'job-1', status: 2, totalRows: 2, doneRows: 2, message: 'Imported 2 locations; zones created: B' },
    });
    const dp = renderList(['admin'], call);
    await screen.findByText('A-01-01');
    const pagesBefore = dp.getList.mock.calls.length;
    fireEvent.click(screen.getByTestId('location-import'));
    const dialog = await screen.findByTestId('location-import-dialog');
    expect(within(dialog).getByText('Import Locations')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('location-import-template'));
    expect(open).toHaveBeenCalledWith('/static/templates/location-import.xlsx', '_blank', 'noopener');
    fireEvent.click(screen.getByTestId('location-import-confirm'));
    expect(await screen.findByText('Please upload')).toBeTruthy();
    expect(callsTo(call, IMPORT)).toHaveLength(0);
    // upload a file, then import
    setToken('TOKEN');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: { fileUrl: '/files/l.xlsx', filePath: 'imports/l.xlsx', size: 10 } }), { headers: { 'Content-Type': 'application/json' } })));
    fireEvent.change(await screen.findByTestId('file-input-file'), { target: { files: [new File(['x'], 'locations.xlsx')] } });
    expect(await screen.findByText('locations.xlsx')).toBeTruthy();
    fireEvent.click(screen.getByTestId('location-import-confirm'));
    await waitFor(() => expect(callsTo(call, IMPORT)).toEqual([[IMPORT, { filePath: 'imports/l.xlsx', fileUrl: '/files/l.xlsx' }]]));
    expect(await screen.findByText('Imported 2 locations; zones created: B', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('location-import-dialog')).toBeNull());
    await waitFor(() => expect(dp.getList.mock.calls.length).toBeGreaterThan(pagesBefore));
  });

  it('prints the labels of the selected rows, else (after a prompt) of the current filter; a row prints its own', async () => {
    const pdf = new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    const call = stubCall({ [LABELS]: pdf });
    renderList(['location:list', 'location:label'], call);
    await screen.findByText('A-01-01');
    // no selection: the filter, after a prompt naming how many
    fireEvent.click(screen.getByTestId('location-labels'));
    expect(await screen.findByText('Print the labels of the current filter?')).toBeTruthy();
    expect(screen.getByText(/each of the 2 records/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Print labels' }));
    await waitFor(() => expect(callsTo(call, LABELS)).toHaveLength(1));
    expect(callsTo(call, LABELS)[0][2]).toEqual({ skipLoading: true });
    expect(callsTo(call, LABELS)[0][1]).not.toHaveProperty('ids');
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledWith(pdf));
    await waitFor(() => expect(screen.queryByText('Print the labels of the current filter?')).toBeNull());
    // a selection: its ids
    fireEvent.click(within(rowOf('location-row', 'A-01-02')).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('location-labels').textContent).toBe('Print 1 label'));
    fireEvent.click(screen.getByTestId('location-labels'));
    await waitFor(() => expect(callsTo(call, LABELS)).toHaveLength(2));
    expect(callsTo(call, LABELS)[1][1]).toEqual({ ids: [12] });
    // a row's own label
    await clickRowAction(rowOf('location-row', 'A-01-01'), 'location-row-label');
    await waitFor(() => expect(callsTo(call, LABELS)).toHaveLength(3));
    expect(callsTo(call, LABELS)[2][1]).toEqual({ ids: [11] });
  });
});
