/**
 * Runs one Excel import job (spec 4 flow of a background job, polled every second like exports, spec 9):
 * `start(form)` posts the import through `startJob` and polls `/sapi/sys/importJob/query {id}` every 1000 ms
 * while the job runs (status 1), until it succeeds (2) or fails (3). Polling stops when the component unmounts.
 * Shared by the SKU imports (screens/sku), the order imports (screens/orderImport) and the manifest's import
 * button (fileActions.tsx).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callOf } from '../kit/documentApi';

/** Import job status (generated ImportStatus: 1 running, 2 success, 3 fail). */
export const IMPORT_RUNNING = 1;
export const IMPORT_SUCCESS = 2;
export const IMPORT_FAIL = 3;
/** Import job polling interval (like export polling, spec 9). */
export const IMPORT_POLL_MS = 1000;
export const IMPORT_JOB_QUERY = '/sapi/sys/importJob/query';

export interface ImportError {
  row: number;
  column: string;
  message: string;
}

export interface ImportJob {
  id: string | number;
  status: number;
  totalRows: number;
  doneRows: number;
  errors?: ImportError[];
  message?: string | null;
}

/** The state of an import job (polled without the loading mask). */
export function queryImportJob(dataProvider: DataProvider, id: ImportJob['id']): Promise<ImportJob> {
  const call = callOf(dataProvider) as unknown as (path: string, body: unknown, options: { skipLoading: boolean }) => Promise<ImportJob>;
  return call(IMPORT_JOB_QUERY, { id }, { skipLoading: true });
}

/** Consecutive failed polls before the job is reported as failed. */
export const POLL_RETRIES = 3;

export type ImportPhase = 'idle' | 'starting' | 'running' | 'success' | 'fail';

export interface ImportJobState<F> {
  phase: ImportPhase;
  job: ImportJob | null;
  /** Start failure (the server msg) or poll failure. */
  error: unknown;
  start(form: F): Promise<void>;
}

export interface ImportJobHandlers {
  onSuccess?: (job: ImportJob) => void;
  onFail?: (job: ImportJob) => void;
  onError?: (error: unknown) => void;
}

function phaseOf(job: ImportJob): ImportPhase {
  if (job.status === IMPORT_SUCCESS) return 'success';
  if (job.status === IMPORT_FAIL) return 'fail';
  return 'running';
}

/** Any import call: `startJob` posts the form and answers the job `{ id, status, totalRows, doneRows }`. */
export function useImportJobRunner<F>(startJob: (dataProvider: DataProvider, form: F) => Promise<ImportJob>, handlers: ImportJobHandlers = {}): ImportJobState<F> {
  const dataProvider = useDataProvider();
  const [phase, setPhase] = useState<ImportPhase>('idle');
  const [job, setJob] = useState<ImportJob | null>(null);
  const [error, setError] = useState<unknown>(null);
  const alive = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const startRef = useRef(startJob);
  startRef.current = startJob;

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const settle = useCallback((next: ImportJob) => {
    setJob(next);
    const p = phaseOf(next);
    setPhase(p);
    if (p === 'success') handlersRef.current.onSuccess?.(next);
    else if (p === 'fail') handlersRef.current.onFail?.(next);
    return p;
  }, []);

  const poll = useCallback(
    (id: ImportJob['id'], failures = 0) => {
      timer.current = setTimeout(async () => {
        if (!alive.current) return;
        try {
          const next = await queryImportJob(dataProvider, id);
          if (!alive.current) return;
          if (settle({ ...next, id: next?.id ?? id }) === 'running') poll(id);
        } catch (e) {
          if (!alive.current) return;
          // a passing network failure: try again a few times before giving up
          if (failures + 1 < POLL_RETRIES) {
            poll(id, failures + 1);
            return;
          }
          setError(e);
          setPhase('fail');
          handlersRef.current.onError?.(e);
        }
      }, IMPORT_POLL_MS);
    },
    [dataProvider, settle],
  );

  const start = useCallback(
    async (form: F) => {
      if (timer.current) clearTimeout(timer.current);
      setError(null);
      setJob(null);
      setPhase('starting');
      try {
        const started = await startRef.current(dataProvider, form);
        if (!alive.current) return;
        const status = started?.status ?? IMPORT_RUNNING;
        if (settle({ ...started, status }) === 'running') poll(started.id);
      } catch (e) {
        if (!alive.current) return;
        setError(e);
        setPhase('idle');
        handlersRef.current.onError?.(e);
      }
    },
    [dataProvider, poll, settle],
  );

  return { phase, job, error, start };
}
