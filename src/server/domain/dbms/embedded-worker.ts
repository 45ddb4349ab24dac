/**
 * Worker thread of the embedded database's query tool (issue 15; embedded-run.ts): opens a PGlite on the copy
 * of the database it is given (a copied data directory, or a dump for an in-memory database), takes the
 * dangerous functions and dynamic SQL away from everyone but superusers and becomes the query role (issue 26;
 * {@link LOCK_DOWN}; embedded-guard.ts), says `ready`, runs the one statement read-only and answers with the
 * result or the database's error. The main thread ends the worker at the timeout: PGlite runs inside this
 * thread's event loop and has no timer of its own that could interrupt a statement.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { runReadOnly, type QueryLimits } from './read-only';

const { dir, dump, wasm, statement, limits, role } = workerData as { dir?: string; dump?: Blob; wasm: WebAssembly.Module; statement: string; limits: QueryLimits; role: string };

/**
 * Run on the copy (thrown away after the call) as the superuser, before the statement: no one else may call
 * set_config (it could set `session_authorization` back to the superuser, also from SQL run by query_to_xml and
 * the like), signal a backend, touch large objects or the server's files, or run plpgsql (DO blocks: dynamic SQL).
 * Then the session becomes the query role, whose rights are its column grants (query-role.ts).
 */
const LOCK_DOWN = (r: string) => `do $lock$ declare f regprocedure; begin
  for f in select p.oid::regprocedure from pg_proc p where p.proname in ('set_config', 'pg_terminate_backend', 'pg_cancel_backend',
      'loread', 'lowrite', 'pg_read_file', 'pg_read_binary_file', 'pg_stat_file')
    or p.proname like 'lo\\_%' or p.proname like 'pg\\_ls\\_%' or p.proname like 'pg\\_file\\_%' or p.proname like 'dblink%'
  loop execute format('revoke execute on function %s from public', f); end loop;
end $lock$;
revoke usage on language plpgsql from public;
set session authorization "${r.replace(/"/g, '""')}";`;

async function main() {
  const options = { extensions: { pg_trgm }, pgliteWasmModule: wasm };
  const db = dir ? await PGlite.create(dir, options) : await PGlite.create({ ...options, loadDataDir: dump });
  try {
    await db.exec(LOCK_DOWN(role));
    parentPort!.postMessage({ t: 'ready' });
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
