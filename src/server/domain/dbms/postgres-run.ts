/**
 * Runs a statement of the query tool on a PostgreSQL server (issue 15): one new client per call (no pool is
 * kept), a short connect timeout, every text by the extended protocol (`queryMode: 'extended'`: one statement
 * per text), the read-only run of read-only.ts, and the client ended after. A client-side limit a little past
 * the statement timeout ends a connection whose server no longer answers.
 *
 * Issue 26: before the statement the login is checked ({@link DANGEROUS_ROLES}: a superuser, or a member of a role
 * that reads or writes the server's files, runs programs or signals other sessions, is refused with
 * {@link UnsafeLogin}); and every failure to connect is one {@link ConnectFailed} that takes at least
 * {@link CONNECT_TIMEOUT_MS}, so an editor of connection records cannot tell a closed port from an open one, a
 * PostgreSQL server from another service, or a wrong password from a missing database.
 */
import pg from 'pg';
import { runReadOnly, type QueryLimits, type QueryResult, type SqlSession } from './read-only';

/** Where to connect: host, port, database, user, password (opened from its sealed form by the caller). */
export interface PgTarget { host: string; port: number; database: string; user: string; password?: string }

/** Milliseconds to wait for a connection (and its authentication); every failed connect lasts this long. */
export const CONNECT_TIMEOUT_MS = 5000;

/** Roles the query tool's login may not hold (nor be a superuser): file access, programs, signals. */
export const DANGEROUS_ROLES = ['pg_read_server_files', 'pg_write_server_files', 'pg_execute_server_program', 'pg_signal_backend'] as const;

/** The server could not be reached or refused the login; deliberately without the reason (see the module's doc). */
export class ConnectFailed extends Error {
  constructor(readonly host: string, readonly port: number) { super(`cannot connect to ${host}:${port}`); }
}

/** The login is a superuser or holds some of {@link DANGEROUS_ROLES}: `rights` names them (`superuser` included). */
export class UnsafeLogin extends Error {
  constructor(readonly user: string, readonly rights: string[]) { super(`${user} holds ${rights.join(', ')}`); }
}

/** `target` as given, or parsed from a connection URL (the product's own DATABASE_URL). */
export function pgTargetOf(url: string): PgTarget & { connectionString: string } {
  const u = new URL(url);
  return { connectionString: url, host: u.hostname, port: Number(u.port || 5432), database: decodeURIComponent(u.pathname.slice(1)), user: decodeURIComponent(u.username) };
}

/**
 * What the session's user and current role hold of superuser and {@link DANGEROUS_ROLES}; empty when neither
 * holds anything. Every name is schema-qualified: a login whose search_path puts its own schema first cannot
 * answer with a `pg_roles` view or a `pg_has_role` function of its own.
 */
async function unsafeRights(client: pg.Client): Promise<{ user: string; rights: string[] }> {
  const r = await client.query<{ user: string; rights: string[] }>(`select current_user::pg_catalog.text as "user", array(
      select 'superuser'::pg_catalog.text from pg_catalog.pg_roles where rolsuper
        and rolname operator(pg_catalog.=) any (array[session_user, current_user]::pg_catalog.name[])
      union all
      select d.rolname::pg_catalog.text from pg_catalog.pg_roles d where d.rolname operator(pg_catalog.=) any ($1::pg_catalog.name[])
        and (pg_catalog.pg_has_role(session_user, d.oid, 'MEMBER') or pg_catalog.pg_has_role(current_user, d.oid, 'MEMBER'))
    ) as rights`, [DANGEROUS_ROLES as unknown as string[]]);
  return r.rows[0];
}

/**
 * Runs `statement` read-only on the server of `target`.
 * @throws ConnectFailed when it cannot connect (after CONNECT_TIMEOUT_MS); UnsafeLogin when the login holds too
 * much; else the driver's error: the database's message (SQLSTATE in `code`).
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
  const t0 = Date.now();
  try {
    await client.connect();
  } catch {
    await client.end().catch(() => {});
    // the same answer after the same time, whatever stood at that port
    await new Promise((ok) => setTimeout(ok, Math.max(0, CONNECT_TIMEOUT_MS - (Date.now() - t0))));
    throw new ConnectFailed(target.host, target.port);
  }
  const session: SqlSession = {
    query: async (text) => {
      const r = await client.query({ text, rowMode: 'array', queryMode: 'extended' } as pg.QueryConfig & { rowMode: 'array'; queryMode: 'extended' });
      return { fields: r.fields ?? [], rows: (r.rows ?? []) as unknown[][] };
    },
  };
  try {
    const login = await unsafeRights(client);
    if (login.rights.length) throw new UnsafeLogin(login.user, login.rights);
    return await runReadOnly(session, statement, limits);
  } finally {
    await client.end().catch(() => {});
  }
}
