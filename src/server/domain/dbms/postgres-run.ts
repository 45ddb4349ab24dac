/**
 * Runs a statement of the query tool on a PostgreSQL server (issue 15): one new client per call (no pool is
 * kept), a short connect timeout, every text by the extended protocol (`queryMode: 'extended'`: one statement
 * per text), the read-only run of read-only.ts, and the client ended after. A client-side limit a little past
 * the statement timeout ends a connection whose server no longer answers.
 */
import pg from 'pg';
import { runReadOnly, type QueryLimits, type QueryResult, type SqlSession } from './read-only';

/** Where to connect: host, port, database, user, password (opened from its sealed form by the caller). */
export interface PgTarget { host: string; port: number; database: string; user: string; password?: string }

/** Seconds to wait for a connection (and its authentication) before the call fails with the driver's message. */
export const CONNECT_TIMEOUT_MS = 5000;

/** `target` as given, or parsed from a connection URL (the product's own DATABASE_URL). */
export function pgTargetOf(url: string): PgTarget & { connectionString: string } {
  const u = new URL(url);
  return { connectionString: url, host: u.hostname, port: Number(u.port || 5432), database: decodeURIComponent(u.pathname.slice(1)), user: decodeURIComponent(u.username) };
}

/**
 * Runs `statement` read-only on the server of `target`.
 * @throws the driver's error: the database's message (SQLSTATE in `code`), or why it could not connect.
 */
export async function runOnPostgres(target: PgTarget & { connectionString?: string }, statement: string, limits: QueryLimits): Promise<QueryResult> {
  const client = new pg.Client({
    ...(target.connectionString ? { connectionString: target.connectionString } : { host: target.host, port: target.port, database: target.database, user: target.user, password: target.password ?? '' }),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // the server's statement_timeout stops the statement; this ends the wait when the server itself is gone
    query_timeout: limits.timeoutMs + CONNECT_TIMEOUT_MS,
    application_name: 'wms-dbms',
  });
  client.on('error', () => {}); // a connection dropped while idle: the pending query reports it
  await client.connect();
  const session: SqlSession = {
    query: async (text) => {
      const r = await client.query({ text, rowMode: 'array', queryMode: 'extended' } as pg.QueryConfig & { rowMode: 'array'; queryMode: 'extended' });
      return { fields: r.fields ?? [], rows: (r.rows ?? []) as unknown[][] };
    },
  };
  try {
    return await runReadOnly(session, statement, limits);
  } finally {
    await client.end().catch(() => {});
  }
}
