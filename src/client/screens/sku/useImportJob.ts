/**
 * Runs one Excel import (brief; spec 4 flow of a background job, polled every second like exports, spec 9):
 * `start(form)` posts the import and polls `/sapi/sys/importJob/query {id}` every 1000 ms while the job runs
 * (status 1), until it succeeds (2) or fails (3). Polling stops when the component unmounts.
 * `useImportJob(kind)` is the SKU imports' hook; `useImportJobRunner(startJob)` the same for any import call
 * (the order imports, screens/orderImport).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider, type DataProvider } from 'react-admin';
import { IMPORT_POLL_MS, type ImportKind } from './constants';
import { IMPORT_FAIL, IMPORT_RUNNING, IMPORT_SUCCESS, queryImportJob, startImport, type ImportForm, type ImportJob } from './skuApi';

/** Consecutive failed polls before the job is reported as failed. */
export const POLL_RETRIES = 3;

export type ImportPhase = 'idle' | 'starting' | 'running' | 'success' | 'fail';

export interface ImportJobState<F = ImportForm> {
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

/** The SKU, supplier-SKU and platform-SKU imports: `start({ ownerId, filePath, fileUrl })`. */
export function useImportJob(kind: ImportKind, handlers: ImportJobHandlers = {}): ImportJobState {
  return useImportJobRunner((dataProvider, form: ImportForm) => startImport(dataProvider, kind, form), handlers);
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
