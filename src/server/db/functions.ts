/**
 * Database functions the app's own SQL calls (today: http/session.ts SESSION_FINGERPRINT_FUNCTION, the read path's
 * session check). drizzle-kit's migrations are generated from the Drizzle schema, which cannot hold a function, so
 * they are (re)created right after the migrations at every start (db/migrate.ts), on PGlite and PostgreSQL alike.
 *
 * Each function carries the SHA-1 of its definition as its comment: a start finds the current version and does
 * nothing; otherwise it drops and creates the function in one transaction holding an advisory lock, so instances
 * starting together on one PostgreSQL do not race on the catalog, and a running instance sees the old or the new
 * definition, never none.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SESSION_FINGERPRINT_FUNCTION } from '../http/session';
import type { Db } from './connect';

/** A function: its name, its signature as `to_regprocedure` reads it, and its `create or replace` statement. */
export interface DbFunction { name: string; signature: string; sql: string }

export const DB_FUNCTIONS: DbFunction[] = [SESSION_FINGERPRINT_FUNCTION];

/** Advisory lock key of the function updates (any constant shared by every instance). */
const LOCK_KEY = 7_310_013;

const versionOf = (f: DbFunction) => `sha1:${createHash('sha1').update(f.sql).digest('hex')}`;

type Rows = { rows: Array<Record<string, unknown>> };
const currentVersion = async (db: Db, f: DbFunction) =>
  ((await db.execute(sql`select obj_description(to_regprocedure(${f.signature}), 'pg_proc') as v`)) as unknown as Rows).rows[0]?.v;

/** Creates or replaces every function in `functions` whose definition is not the one in the database. */
export async function ensureDbFunctions(db: Db, functions: DbFunction[] = DB_FUNCTIONS): Promise<void> {
  for (const f of functions) {
    const version = versionOf(f);
    if ((await currentVersion(db, f)) === version) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
      if ((await currentVersion(tx as unknown as Db, f)) === version) return; // another instance made it meanwhile
      // dropped first: `create or replace` cannot change a parameter's name or the result type
      await tx.execute(sql.raw(`drop function if exists ${f.signature}`));
      await tx.execute(sql.raw(f.sql));
      await tx.execute(sql.raw(`comment on function ${f.signature} is '${version}'`));
    });
  }
}
