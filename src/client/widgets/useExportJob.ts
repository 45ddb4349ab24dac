/**
 * useExportJob: one export to a file (spec 4 "Export job status: CREATED = 1, SUCCESS = 2, FAIL = 3. Flow:
 * start export, poll the job every 1 second; on SUCCESS close the loading overlay and open the download; on
 * FAIL show 导出失败"; spec 7.1 skipLoading; spec 8 "Export failure: 导出失败"; spec 9 polling 1000 ms).
 *
 * `exportTo(path, filter)` posts `filter + {skipLoading: true}` to `path` (e.g.
 * /sapi/wms/sku-inventory/exportExcel), which answers the job `{id, exportStatus}`; while the job is CREATED
 * it polls `/sapi/sys/fileExport/query {id}` every 1000 ms. SUCCESS opens `downloadUrl`, a signed address
 * that needs no session token (issue 26; a same-origin link click, which no popup blocker stops after the wait); FAIL notifies "Export
 * failed" plus the job's message (the message alone when it already starts with that text). A failed start notifies the server's msg the same way; a passing poll
 * failure is retried (EXPORT_POLL_RETRIES in a row give up). `busy` is true from the start until the job ends
 * (ExportButton shows the full-screen overlay meanwhile); a second exportTo while busy is ignored. Polling
 * stops when the component unmounts.
 *
 * Texts: `wms.widgets.export.*` (widgets/messages.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify, useTranslate, type DataProvider } from 'react-admin';
import { ExportStatus } from '../../../generated/shared/enums';
import type { SapiOptions } from '../providers/http';

export const EXPORT_QUERY_PATH = '/sapi/sys/fileExport/query';
/** Spec 9: export polling every 1000 ms. */
export const EXPORT_POLL_MS = 1000;
/** Consecutive failed polls before the export is reported as failed. */
export const EXPORT_POLL_RETRIES = 3;

export interface ExportJob {
  id: string | number;
  exportStatus: number;
  downloadUrl?: string | null;
  message?: string | null;
}

/** Fallback texts (spec 8: 导出失败). */
export type ExportTextKey = 'failed' | 'button' | 'running';

/** translate(`wms.widgets.export.<key>`). */
export function useExportText(): (key: ExportTextKey) => string {
  const translate = useTranslate();
  return useCallback((key: ExportTextKey) => translate(`wms.widgets.export.${key}`), [translate]);
}

type Call = <T = any>(path: string, body?: unknown, options?: SapiOptions) => Promise<T>;

function callOf(dataProvider: DataProvider): Call {
  const call = (dataProvider as { call?: Call }).call;
  if (typeof call !== 'function') throw new Error('The data provider has no call()');
  return call.bind(dataProvider) as Call;
}

/** Starts the download of a finished export file (a link click on its signed address). */
export function openDownload(url: string): void {
  if (typeof document === 'undefined') return;
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.target = '_blank';
  link.download = '';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';

export interface ExportJobApi {
  exportTo(path: string, filter: object): Promise<void>;
  busy: boolean;
}

export function useExportJob(): ExportJobApi {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const text = useExportText();
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  const running = useRef(false);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const fail = useCallback(
    (message?: string | null) => {
      const base = text('failed');
      // the server's job message may already say "Export failed: <reason>" (in the caller's language)
      const shown = !message ? base : message.startsWith(base) ? message : `${base}: ${message}`;
      // the text is final: `_` keeps notify from looking it up as a key
      notify(shown, { type: 'error', messageArgs: { _: shown } });
    },
    [notify, text],
  );

  const exportTo = useCallback(
    async (path: string, filter: object) => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      try {
        const call = callOf(dataProvider);
        let job = await call<ExportJob>(path, { ...filter, skipLoading: true }, { skipLoading: true });
        if (!job || typeof job !== 'object') throw new Error('');
        let failures = 0;
        while (job.exportStatus !== ExportStatus.SUCCESS && job.exportStatus !== ExportStatus.FAIL) {
          if (job.id === undefined || job.id === null) throw new Error('');
          await sleep(EXPORT_POLL_MS);
          if (!alive.current) return;
          try {
            const next = await call<ExportJob>(EXPORT_QUERY_PATH, { id: job.id }, { skipLoading: true });
            job = { ...job, ...next, id: next?.id ?? job.id };
            failures = 0;
          } catch (error) {
            failures += 1;
            if (failures >= EXPORT_POLL_RETRIES) throw error;
          }
          if (!alive.current) return;
        }
        if (job.exportStatus === ExportStatus.SUCCESS && job.downloadUrl) openDownload(job.downloadUrl);
        else fail(job.message);
      } catch (error) {
        if (alive.current) fail(messageOf(error));
      } finally {
        running.current = false;
        if (alive.current) setBusy(false);
      }
    },
    [dataProvider, fail],
  );

  return { exportTo, busy };
}
