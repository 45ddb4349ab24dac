/**
 * The database query tool's calls (spec 2.3 /dbms, issue 15; docs/dbms.md):
 * - POST /sapi/dbms/database/query {id, sql, timeoutMs?, maxRows?} (dbms:database_query): runs one statement
 *   on connection `id` read-only (read-only.ts) with a statement timeout (default 10,000 ms) and a row cap
 *   (default 1,000) and answers `{columns: [{name, type}], rows: Cell[][], rowCount, truncated, maxRows,
 *   durationMs}`; the database's refusal or error is a 400 with its message. Every run is kept in the caller's
 *   history (sys_db_query), failed ones with their error.
 * - POST /sapi/dbms/database/history {id, current?, size?} (dbms:database_query): the caller's own past runs on
 *   connection `id`, newest first: `{records: [{id, statement, startedAt, durationMs, rowCount, truncated,
 *   error}], current, total}`.
 * The built-in connection is the product's own database, read as the query role (issue 26; query-role.ts):
 * PostgreSQL through a new client logged in as that role (or as WMS_QUERY_DATABASE_URL's user), the embedded
 * PGlite through a copy in a worker whose session becomes that role (embedded-run.ts). Other connections are
 * PostgreSQL servers reached with their stored password, opened from its sealed form only here.
 * Answers: a login with superuser, file, program or signal rights, a statement the embedded database does not
 * run, and the database's `insufficient_privilege` (42501) are 403; a server that cannot be reached is one 400
 * whatever stood at the port; other database errors are 400 with the database's message.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { bindings } from '../../../../generated/server/routes';
import { dbConnection } from '../../../../generated/db/schema';
import { Code, type Page } from '../../../shared/envelope';
import { requestLabels, rules } from '../../../shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { sysDbQuery } from '../../db/internal-schema';
import type { BodyRule } from '../../http/body';
import type { RequestContext, UserContext } from '../../http/context';
import { BizError, notFound, text } from '../../http/errors';
import { sapiRoute } from '../../http/sapi';
import { secrets } from '../secret-fields';
import { installationKey } from '../secrets';
import { EmbeddedStatementRefused, runOnEmbedded } from './embedded-run';
import { ConnectFailed, pgTargetOf, runOnPostgres, UnsafeLogin, type PgTarget } from './postgres-run';
import { EMBEDDED_QUERY_ROLE, ensureQueryRole, productMayCreateRoles, queryRoleName, queryRolePassword } from './query-role';
import type { QueryLimits, QueryResult } from './read-only';

/** The limits when a call does not name its own (issue 15: 10 s, 1,000 rows). */
export const DBMS_DEFAULTS: QueryLimits = { timeoutMs: 10_000, maxRows: 1000 };
/** The range a call may choose in. */
const BOUNDS = { timeoutMs: { min: 100, max: 60_000 }, maxRows: { min: 1, max: 10_000 } };

export interface QueryBody { id: number; sql: string; timeoutMs?: number; maxRows?: number }

/** The body of database/query: connection id, the statement (1..20,000 characters), optional limits. */
export const queryBody: BodyRule<QueryBody> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({
      id: r.recordId(),
      sql: r.string(requestLabels.sql, { required: true, maxLength: 20_000 }),
      timeoutMs: r.number(requestLabels.timeoutMs, { integer: true, ...BOUNDS.timeoutMs }),
      maxRows: r.number(requestLabels.maxRows, { integer: true, ...BOUNDS.maxRows }),
    });
  },
};

/** The body of database/history: connection id and paging. */
export const historyBody: BodyRule<{ id: number; current?: number; size?: number }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({
      id: r.recordId(),
      current: r.number(requestLabels.current, { integer: true, min: 1 }),
      size: r.number(requestLabels.size, { integer: true, min: 1, max: 100 }),
    });
  },
};

export interface QueryAnswer extends QueryResult { maxRows: number; durationMs: number }

interface Deps { database: Database; config: Pick<Config, 'databaseUrl' | 'dataDir' | 'queryDatabaseUrl'> }

/** The embedded database's directory on disk (as db/connect.ts opens it), or undefined when it lives in memory. */
const embeddedDir = (config: Pick<Config, 'dataDir'>) => (config.dataDir.startsWith('memory://') ? undefined : resolve(config.dataDir, 'pglite'));

async function connectionOf(deps: Deps, ctx: RequestContext, id: number) {
  const [row] = await deps.database.db.select().from(dbConnection).where(eq(dbConnection.id, id));
  if (!row) throw notFound(ctx.lang, `${bindings.dbConnection.meta[ctx.lang]} #${id}`);
  return row;
}

/** The plain password of a sealed one. @throws BizError 400 when the key that sealed it is gone. */
function openPassword(ctx: RequestContext, sealed: string): string {
  try {
    return secrets().open(sealed);
  } catch {
    throw new BizError(Code.BAD_REQUEST, text(ctx.lang, 'sealedPasswordLost'));
  }
}

type Target = PgTarget & { connectionString?: string };
/** The query login of a database: a PostgreSQL target, the embedded role made ready, or none to be had. */
type QueryLogin = { kind: 'postgres'; target: Target } | { kind: 'embedded' } | { kind: 'missing' };
/** The query role made ready once per database per process (a failure or a missing role is tried again at the next call). */
const loginReady = new WeakMap<Database, Promise<QueryLogin>>();

async function makeQueryLogin({ database, config }: Deps): Promise<QueryLogin> {
  if (database.kind === 'pglite') {
    await ensureQueryRole(database.db, EMBEDDED_QUERY_ROLE);
    return { kind: 'embedded' };
  }
  if (config.queryDatabaseUrl) return { kind: 'postgres', target: pgTargetOf(config.queryDatabaseUrl) };
  if (!(await productMayCreateRoles(database.db))) return { kind: 'missing' };
  const url = new URL(config.databaseUrl!);
  const role = queryRoleName(decodeURIComponent(url.pathname.slice(1)));
  const password = queryRolePassword(installationKey(config.dataDir), role);
  await ensureQueryRole(database.db, role, password);
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return { kind: 'postgres', target: pgTargetOf(url.toString()) };
}

/**
 * The built-in connection's login: WMS_QUERY_DATABASE_URL, or DATABASE_URL with the query role's name and
 * password (the role made or repaired first, when the product's user may); on the embedded database its role
 * made ready in the live database (the copy takes it along).
 * @throws BizError 403 when there is no query login and the product may not make one.
 */
async function builtInLogin(deps: Deps, ctx: RequestContext): Promise<QueryLogin> {
  let ready = loginReady.get(deps.database);
  if (!ready) {
    ready = makeQueryLogin(deps);
    loginReady.set(deps.database, ready);
  }
  const login = await ready.catch((e) => { loginReady.delete(deps.database); throw e; });
  if (login.kind === 'missing') {
    loginReady.delete(deps.database); // the product's user may be given the right meanwhile
    throw new BizError(Code.FORBIDDEN, text(ctx.lang, 'dbQueryRoleMissing'));
  }
  return login;
}

/** The answer for a failed run (see the module's doc): the code and the message kept in the history. */
function failureOf(ctx: RequestContext, e: unknown): { code: number; msg: string } {
  if (e instanceof BizError) return { code: e.code, msg: e.message };
  if (e instanceof ConnectFailed) return { code: Code.BAD_REQUEST, msg: text(ctx.lang, 'dbUnreachable', { host: e.host, port: String(e.port) }) };
  if (e instanceof UnsafeLogin) return { code: Code.FORBIDDEN, msg: text(ctx.lang, 'dbUnsafeLogin', { user: e.user, rights: e.rights.join(', ') }) };
  if (e instanceof EmbeddedStatementRefused) return { code: Code.FORBIDDEN, msg: text(ctx.lang, 'dbEmbeddedRefused', { keyword: e.keyword.toUpperCase() }) };
  const msg = (e as Error).message || String(e);
  return { code: (e as { code?: string }).code === '42501' ? Code.FORBIDDEN : Code.BAD_REQUEST, msg };
}

/** Runs the call's statement (see the module's doc). @throws BizError 400 (the database's message, an unreachable server), 403 (a refused right or login), 404 (an unknown connection). */
export async function runQuery(deps: Deps, ctx: RequestContext, user: UserContext, body: QueryBody): Promise<QueryAnswer> {
  const conn = await connectionOf(deps, ctx, body.id);
  const limits: QueryLimits = { timeoutMs: body.timeoutMs ?? DBMS_DEFAULTS.timeoutMs, maxRows: body.maxRows ?? DBMS_DEFAULTS.maxRows };
  const startedAt = new Date();
  const t0 = performance.now();
  let result: QueryResult | undefined;
  let failure: { code: number; msg: string } | undefined;
  try {
    if (conn.builtIn && deps.database.kind === 'pglite') {
      await builtInLogin(deps, ctx);
      result = await runOnEmbedded((deps.database.db as unknown as { $client: PGlite }).$client, embeddedDir(deps.config), EMBEDDED_QUERY_ROLE, body.sql, limits);
    } else if (conn.builtIn) {
      const login = await builtInLogin(deps, ctx);
      if (login.kind !== 'postgres') throw new Error('the built-in PostgreSQL connection has no query login');
      result = await runOnPostgres(login.target, body.sql, limits);
    } else {
      const password = conn.password ? openPassword(ctx, conn.password) : undefined;
      result = await runOnPostgres({ host: conn.host, port: conn.port, database: conn.database, user: conn.username, password }, body.sql, limits);
    }
  } catch (e) {
    // the database's refusal, its error, or that it could not be reached: the caller's to read, never a 500
    failure = failureOf(ctx, e);
  }
  const durationMs = Math.round(performance.now() - t0);
  await deps.database.db.insert(sysDbQuery).values({
    connectionId: conn.id, userId: user.id, statement: body.sql, startedAt, durationMs,
    rowCount: result?.rowCount ?? null, truncated: result?.truncated ?? false, error: failure?.msg.slice(0, 2000) ?? null,
  });
  if (failure !== undefined) throw new BizError(failure.code, failure.msg);
  return { ...result!, maxRows: limits.maxRows, durationMs };
}

/** The caller's own runs on a connection, newest first (see the module's doc). */
export async function queryHistory(deps: Deps, ctx: RequestContext, user: UserContext, body: { id: number; current?: number; size?: number }): Promise<Page<Record<string, unknown>>> {
  await connectionOf(deps, ctx, body.id);
  const current = body.current ?? 1;
  const size = body.size ?? 20;
  const where = and(eq(sysDbQuery.connectionId, body.id), eq(sysDbQuery.userId, user.id));
  const { db } = deps.database;
  const [records, [{ total }]] = await Promise.all([
    db.select({
      id: sysDbQuery.id, statement: sysDbQuery.statement, startedAt: sysDbQuery.startedAt, durationMs: sysDbQuery.durationMs,
      rowCount: sysDbQuery.rowCount, truncated: sysDbQuery.truncated, error: sysDbQuery.error,
    }).from(sysDbQuery).where(where).orderBy(desc(sysDbQuery.startedAt), desc(sysDbQuery.id)).limit(size).offset((current - 1) * size),
    db.select({ total: count() }).from(sysDbQuery).where(where),
  ]);
  return { records, current, total: Number(total) };
}

/** Registers database/query and database/history (code dbms:database_query). */
export function registerDbmsRoutes(app: FastifyInstance, database: Database, config: Config): void {
  const deps: Deps = { database, config };
  sapiRoute(app, database.db, '/sapi/dbms/database/query', 'dbms:database_query', { body: queryBody }, ({ ctx, user, body }) => runQuery(deps, ctx, user, body));
  sapiRoute(app, database.db, '/sapi/dbms/database/history', 'dbms:database_query', { body: historyBody }, ({ ctx, user, body }) => queryHistory(deps, ctx, user, body));
}
