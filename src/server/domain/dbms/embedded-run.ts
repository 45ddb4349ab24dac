/**
 * Runs a statement of the query tool on the embedded database (PGlite, issue 15). PGlite is one connection
 * inside the server's own thread and cannot stop a statement at a timeout (no timer interrupts WASM), so the
 * statement never runs there: the database is copied, a worker thread opens the copy and runs the statement
 * read-only (read-only.ts), and the worker is ended when the timeout passes (the call fails like PostgreSQL's
 * statement_timeout, SQLSTATE 57014). The copy is a snapshot of that moment and is deleted with the worker, so
 * nothing the statement does can reach the live database.
 *
 * The copy: for a data directory on disk, `CHECKPOINT` and then a synchronous copy of the directory (no query of
 * the server runs while it is copied, so the copy is a consistent image; about 1 s for the 150 MB of a database
 * with all reference data, and the worker opens it in about 1.5 s); for an in-memory database (the tests'
 * `memory://`), `dumpDataDir` loaded by the worker.
 *
 * One embedded run at a time per process (a copy costs the database's size on disk or in memory); later calls
 * wait their turn before their timeout starts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { embeddedRefusal } from './embedded-guard';
import type { QueryLimits, QueryResult } from './read-only';

/** A statement the embedded database does not run (embedded-guard.ts): `keyword` is what it begins with. */
export class EmbeddedStatementRefused extends Error {
  constructor(readonly keyword: string) { super(`${keyword.toUpperCase()} is not run on the embedded database`); }
}

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

// PGlite's WebAssembly compiled once per process and handed to each worker: a worker that compiles it itself
// takes about twice as long to open its copy (4 s against 2 s on a busy 2-core machine)
let compiled: Promise<WebAssembly.Module> | undefined;
const pgliteModule = () => (compiled ??= WebAssembly.compile(readFileSync(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm'))));

/**
 * Runs `statement` read-only on a copy of `client`'s data as `role` (the query role, which must exist: query-role.ts);
 * `dataDir` is its directory on disk (undefined for an in-memory database).
 * @throws EmbeddedStatementRefused (embedded-guard.ts, before any copy); EmbeddedQueryError (the database's
 * message, or the timeout's).
 */
export async function runOnEmbedded(client: PGlite, dataDir: string | undefined, role: string, statement: string, limits: QueryLimits): Promise<QueryResult> {
  const refused = embeddedRefusal(statement);
  if (refused) throw new EmbeddedStatementRefused(refused);
  const run = turn.then(() => runOnce(client, dataDir, role, statement, limits));
  turn = run.catch(() => {});
  return run;
}

/** A copy of the live database for the worker: a directory (removed by `drop`) or a dump. */
async function copyOf(client: PGlite, dataDir: string | undefined): Promise<{ dir?: string; dump?: Blob; drop(): void }> {
  if (!dataDir) return { dump: await client.dumpDataDir('none'), drop: () => {} };
  await client.query('CHECKPOINT');
  // synchronous on purpose: no query of the live database may write while the files are copied
  const dir = mkdtempSync(join(tmpdir(), 'wms-dbms-'));
  try {
    cpSync(dataDir, dir, { recursive: true });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return { dir, drop: () => rmSync(dir, { recursive: true, force: true }) };
}

async function runOnce(client: PGlite, dataDir: string | undefined, role: string, statement: string, limits: QueryLimits): Promise<QueryResult> {
  const wasm = await pgliteModule();
  const copy = await copyOf(client, dataDir);
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { entry: ENTRY, dir: copy.dir, dump: copy.dump, wasm, statement, limits, role } });
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
    copy.drop();
  }
}
