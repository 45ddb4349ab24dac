/**
 * Database connections of the query tool (manifest resource `dbConnection`, issue 15): the product's own
 * database is the built-in row, written at every start from the configuration (`ensureBuiltInConnection`:
 * DATABASE_URL's host, port, database and user, or the embedded PGlite), listed first and refused by edit
 * and remove; removing another connection removes its query history.
 */
import { eq } from 'drizzle-orm';
import { dbConnection } from '../../../../generated/db/schema';
import { Code } from '../../../shared/envelope';
import type { ResourceHooks } from '../../crud/handlers';
import type { Db } from '../../db/connect';
import { sysDbQuery } from '../../db/internal-schema';
import { BizError, text } from '../../http/errors';
import { pgTargetOf } from './postgres-run';
import { EMBEDDED_QUERY_ROLE, queryRoleName, refreshQueryRoleGrants } from './query-role';

export const dbConnectionHooks: ResourceHooks = {
  async beforeWrite(call, _values, existing) {
    if (existing?.builtIn) throw new BizError(Code.BAD_REQUEST, text(call.ctx.lang, 'builtInConnection'));
  },
  async beforeRemove(call, existing) {
    if (existing.builtIn) throw new BizError(Code.BAD_REQUEST, text(call.ctx.lang, 'builtInConnection'));
    await call.db.delete(sysDbQuery).where(eq(sysDbQuery.connectionId, existing.id as number));
  },
};

/** Name of the built-in connection (the user cannot add one of that name: names are unique). */
export const BUILT_IN_NAME = 'WMS database';

/**
 * Adds or refreshes the built-in connection from the configuration (called by seed at every start), and
 * re-grants the query role's columns when the role exists (issue 26: new tables and columns covered, a column
 * that became secret taken away; query-role.ts). A failed re-grant is logged, not fatal: the next query of the
 * tool repairs the role or says why it cannot.
 */
export async function ensureBuiltInConnection(db: Db, databaseUrl: string | undefined): Promise<void> {
  const t = databaseUrl ? pgTargetOf(databaseUrl) : { host: 'embedded (PGlite)', port: 5432, database: 'postgres', user: 'postgres' };
  const values = { host: t.host, port: t.port, database: t.database, username: t.user, builtIn: true, remark: databaseUrl ? 'DATABASE_URL' : 'WMS_DATA_DIR' };
  const [existing] = await db.select({ id: dbConnection.id }).from(dbConnection).where(eq(dbConnection.builtIn, true)).limit(1);
  if (existing) await db.update(dbConnection).set(values).where(eq(dbConnection.id, existing.id));
  else await db.insert(dbConnection).values({ name: BUILT_IN_NAME, ...values }).onConflictDoNothing();
  const role = databaseUrl ? queryRoleName(t.database) : EMBEDDED_QUERY_ROLE;
  await refreshQueryRoleGrants(db, role).catch((e) => console.warn(`query tool role ${role}: grants not refreshed: ${(e as Error).message}`));
}
