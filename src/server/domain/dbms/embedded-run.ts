/**
 * Runs a statement of the query tool on the embedded database (PGlite, issue 15). PGlite is one connection
 * inside the server's own thread and cannot stop a statement at a timeout (no timer interrupts WASM), so the
 * statement never runs there: the data directory is copied (`dumpDataDir`, ~150 ms per 100 MB), a worker
 * thread opens the copy and runs it read-only (read-only.ts), and the worker is ended when the timeout passes
 * (the call fails like PostgreSQL's statement_timeout, SQLSTATE 57014). The copy is a snapshot of that moment
 * and is dropped with the worker, so nothing the statement did could reach the live database.
 *
 * One embedded run at a time per process (the copy and the worker cost about the database's size in memory);
 * later calls wait their turn before their timeout starts.
 */
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import type { QueryLimits, QueryResult } from './read-only';

/** An error of the embedded run as the database would give it (`code`: SQLSTATE when the database said it). */
export class EmbeddedQueryError extends Error {
  constructor(message: string, readonly code?: string) { super(message); }
}

const BOOTSTRAP = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
import('tsx/esm/api')
  .then(({ register }) => { register(); return import(workerData.entry); })
  .catch((e) => parentPort.postMessage({ t: 'error', message: String((e && e.message) || e) }));
`;
const ENTRY = new URL('./embedded-worker.ts', import.meta.url).href;

let turn: Promise<unknown> = Promise.resolve();

/** Runs `statement` read-only on a copy of `client`'s data. @throws EmbeddedQueryError (the database's message, or the timeout's). */
export function runOnEmbedded(client: PGlite, statement: string, limits: QueryLimits): Promise<QueryResult> {
  const run = turn.then(() => runOnce(client, statement, limits));
  turn = run.catch(() => {});
  return run;
}

async function runOnce(client: PGlite, statement: string, limits: QueryLimits): Promise<QueryResult> {
  const dump = await client.dumpDataDir('none');
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { entry: ENTRY, dump, statement, limits } });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<QueryResult>((resolve, reject) => {
      worker.on('message', (m: { t: string; result?: QueryResult; message?: string; code?: string }) => {
        if (m.t === 'ready') {
          timer = setTimeout(() => reject(new EmbeddedQueryError('canceling statement due to statement timeout', '57014')), limits.timeoutMs);
        } else if (m.t === 'result') resolve(m.result!);
        else reject(new EmbeddedQueryError(m.message ?? 'the query failed', m.code));
      });
      worker.on('error', (e) => reject(new EmbeddedQueryError(e.message)));
      worker.on('exit', (code) => reject(new EmbeddedQueryError(`the query's worker stopped (exit code ${code})`)));
    });
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}
