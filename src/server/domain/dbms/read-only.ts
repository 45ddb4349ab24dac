/**
 * One statement of the database query tool run read-only (issue 15, spec 2.3 /dbms; docs/dbms.md "Safety"),
 * the same way on every driver (node-postgres for PostgreSQL servers, PGlite for a copy of the embedded
 * database in a worker thread):
 *
 *   BEGIN READ ONLY; SET LOCAL statement_timeout = <ms>; SELECT 1   -- a snapshot: READ WRITE can no longer be set
 *   SAVEPOINT wms_dbms; DECLARE wms_dbms NO SCROLL CURSOR FOR <statement>; FETCH <cap + 1> FROM wms_dbms
 *   ROLLBACK                                                        -- always, whatever the statement did
 *
 * Writes and DDL are refused by the database (the read-only transaction), not by reading the text. The driver
 * sends every text with the extended protocol, which takes one statement only, so `COMMIT; INSERT ...` is a
 * syntax error of the database and nothing of it runs. A statement a cursor cannot hold (SHOW, EXPLAIN, SET,
 * COMMIT ...: DECLARE answers 42601) is run as it is after `ROLLBACK TO SAVEPOINT`, still inside the read-only
 * transaction, and its rows are cut to the cap here. Errors are the database's own (thrown as they come).
 */

/** What a driver offers: one statement by the extended protocol, rows as arrays. */
export interface SqlSession {
  query(text: string): Promise<{ fields: Array<{ name: string; dataTypeID: number }>; rows: unknown[][] }>;
}

/** The limits of one run: statement timeout (ms), rows returned at most. */
export interface QueryLimits { timeoutMs: number; maxRows: number }

/** A result cell as JSON: texts, numbers and booleans as they are; dates ISO; bytea `\x..`; json as its text. */
export type Cell = string | number | boolean | null;

/** The answer of one run: columns in order (name, PostgreSQL type oid), at most `maxRows` rows, and whether more were cut. */
export interface QueryResult { columns: Array<{ name: string; type: number }>; rows: Cell[][]; rowCount: number; truncated: boolean }

const CURSOR = 'wms_dbms';

/** A driver's value as a cell (the grid shows text; large integers must not lose digits). */
export function cell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? String(v) : v.toISOString();
  if (v instanceof Uint8Array) return `\\x${Buffer.from(v).toString('hex')}`;
  return JSON.stringify(v);
}

/**
 * Runs `statement` on `s` (a connection of its own, outside any transaction) under `limits`.
 * @throws the database's error (SQLSTATE in `code`) when the statement fails or is refused.
 */
export async function runReadOnly(s: SqlSession, statement: string, limits: QueryLimits): Promise<QueryResult> {
  await s.query('BEGIN READ ONLY');
  try {
    await s.query(`SET LOCAL statement_timeout = ${Math.trunc(limits.timeoutMs)}`);
    await s.query('SELECT 1');
    await s.query(`SAVEPOINT ${CURSOR}`);
    let r: Awaited<ReturnType<SqlSession['query']>>;
    try {
      await s.query(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR ${statement}`);
      r = await s.query(`FETCH ${Math.trunc(limits.maxRows) + 1} FROM ${CURSOR}`);
    } catch (e) {
      if ((e as { code?: string }).code !== '42601') throw e;
      // not a query a cursor can hold (or a syntax error: the plain run reports it on the user's own text)
      await s.query(`ROLLBACK TO SAVEPOINT ${CURSOR}`);
      r = await s.query(statement);
    }
    const truncated = r.rows.length > limits.maxRows;
    const rows = (truncated ? r.rows.slice(0, limits.maxRows) : r.rows).map((row) => row.map(cell));
    return { columns: r.fields.map((f) => ({ name: f.name, type: f.dataTypeID })), rows, rowCount: rows.length, truncated };
  } finally {
    // after the statement's own COMMIT/ROLLBACK there is nothing to end: the database only warns
    await s.query('ROLLBACK').catch(() => {});
  }
}
