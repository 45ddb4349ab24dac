/**
 * Applies the committed drizzle-kit migrations (generated/db/migrations) to the open database, then the database
 * functions the app's SQL calls (db/functions.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './connect';
import { ensureDbFunctions } from './functions';

const MIGRATIONS = fileURLToPath(new URL('../../../generated/db/migrations', import.meta.url));

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS });
  }
  await ensureDbFunctions(database.db);
}

/** The `when` (ms) of the newest committed migration, as drizzle-kit's journal names it (read once). */
let newest: number | undefined;
function newestMigration(): number {
  if (newest === undefined) {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
    newest = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return newest;
}

/**
 * One cheap query (GET /readyz): null when the database answers and holds the newest committed migration, else
 * the reason in words. Throws when the database does not answer (the caller says so). Drizzle's migrators keep
 * what they applied in `drizzle.__drizzle_migrations` (`created_at` = the journal's `when`).
 */
export async function migrationsBehind(db: Db): Promise<string | null> {
  const res = await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`) as unknown as { rows: { last: string | null }[] };
  const last = Number(res.rows[0]?.last ?? 0);
  const want = newestMigration();
  if (last >= want) return null;
  return !last ? 'the database has no migrations applied' : `the database lacks migrations newer than ${new Date(last).toISOString()} (this build has up to ${new Date(want).toISOString()})`;
}
