/**
 * The query tool's calls (docs/dbms.md): run a statement on a connection, read the caller's history of one
 * connection. A refusal rejects with the server msg (the database's own message for a failed statement).
 */
import { sapi } from '../../providers/http';

export const DBMS_PATHS = { query: '/sapi/dbms/database/query', history: '/sapi/dbms/database/history', list: '/sapi/dbms/database/list' } as const;

export interface Connection { id: number; name: string; builtIn: boolean; host: string; database: string }
export interface QueryAnswer { columns: Array<{ name: string; type: number }>; rows: Array<Array<string | number | boolean | null>>; rowCount: number; truncated: boolean; maxRows: number; durationMs: number }
export interface HistoryEntry { id: number; statement: string; startedAt: string; durationMs: number; rowCount: number | null; truncated: boolean; error: string | null }

/** Statement timeout the server applies when a call names none (ms; server DBMS_DEFAULTS). */
export const DEFAULT_TIMEOUT_MS = 10_000;

export const dbmsApi = {
  connections: () => sapi<Connection[]>(DBMS_PATHS.list, { sortProp: 'builtIn', sortOrder: 'desc' }, { skipLoading: true }),
  // the mask would hide the editor for the whole run; the screen shows its own progress
  run: (id: number, sql: string) => sapi<QueryAnswer>(DBMS_PATHS.query, { id, sql }, { skipLoading: true }),
  history: (id: number, current: number, size: number) => sapi<{ records: HistoryEntry[]; total: number; current: number }>(DBMS_PATHS.history, { id, current, size }),
};
