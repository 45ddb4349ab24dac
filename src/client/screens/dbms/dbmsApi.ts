/**
 * The query tool's calls (docs/dbms.md): run a statement on a connection, read the caller's history of one
 * connection. A refusal rejects with the server msg (the database's own message for a failed statement), a 403
 * too (issue 26: "permission denied for table sys_session", "The database user postgres holds superuser ..."
 * say more than the console's generic "insufficient permission").
 */
import { HttpError } from 'react-admin';
import { CODE_FORBIDDEN, sapi } from '../../providers/http';

/** A 403's own words when the server gave some. */
function withServerWords(e: unknown): never {
  const msg = e instanceof HttpError && e.status === CODE_FORBIDDEN ? (e.body as { msg?: unknown } | undefined)?.msg : undefined;
  throw typeof msg === 'string' && msg ? new HttpError(msg, CODE_FORBIDDEN, (e as HttpError).body) : e;
}

export const DBMS_PATHS = { query: '/sapi/dbms/database/query', history: '/sapi/dbms/database/history', list: '/sapi/dbms/database/list' } as const;

export interface Connection { id: number; name: string; builtIn: boolean; host: string; database: string }
export interface QueryAnswer { columns: Array<{ name: string; type: number }>; rows: Array<Array<string | number | boolean | null>>; rowCount: number; truncated: boolean; maxRows: number; durationMs: number }
export interface HistoryEntry { id: number; statement: string; startedAt: string; durationMs: number; rowCount: number | null; truncated: boolean; error: string | null }

/** Statement timeout the server applies when a call names none (ms; server DBMS_DEFAULTS). */
export const DEFAULT_TIMEOUT_MS = 10_000;

export const dbmsApi = {
  connections: () => sapi<Connection[]>(DBMS_PATHS.list, { sortProp: 'builtIn', sortOrder: 'desc' }, { skipLoading: true }),
  // the mask would hide the editor for the whole run; the screen shows its own progress
  run: (id: number, sql: string) => sapi<QueryAnswer>(DBMS_PATHS.query, { id, sql }, { skipLoading: true }).catch(withServerWords),
  history: (id: number, current: number, size: number) => sapi<{ records: HistoryEntry[]; total: number; current: number }>(DBMS_PATHS.history, { id, current, size }),
};
