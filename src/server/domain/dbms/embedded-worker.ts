/**
 * Worker thread of the embedded database's query tool (issue 15; embedded-run.ts): opens a PGlite on the copy
 * of the database it is given (a copied data directory, or a dump for an in-memory database), says `ready`, runs the one statement read-only and answers with the
 * result or the database's error. The main thread ends the worker at the timeout: PGlite runs inside this
 * thread's event loop and has no timer of its own that could interrupt a statement.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { runReadOnly, type QueryLimits } from './read-only';

const { dir, dump, wasm, statement, limits } = workerData as { dir?: string; dump?: Blob; wasm: WebAssembly.Module; statement: string; limits: QueryLimits };

async function main() {
  const options = { extensions: { pg_trgm }, pgliteWasmModule: wasm };
  const db = dir ? await PGlite.create(dir, options) : await PGlite.create({ ...options, loadDataDir: dump });
  parentPort!.postMessage({ t: 'ready' });
  try {
    const result = await runReadOnly({
      query: async (text) => {
        const r = await db.query<unknown[]>(text, [], { rowMode: 'array' });
        return { fields: r.fields, rows: r.rows };
      },
    }, statement, limits);
    parentPort!.postMessage({ t: 'result', result });
  } catch (e) {
    const err = e as { message?: string; code?: string };
    parentPort!.postMessage({ t: 'error', message: String(err.message ?? e), code: err.code });
  }
  await db.close().catch(() => {});
}

main().catch((e) => parentPort!.postMessage({ t: 'error', message: String((e as Error).message ?? e) }));
