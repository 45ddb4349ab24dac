/**
 * Applies the committed drizzle-kit migrations (generated/db/migrations) to the open database, then the database
 * functions the app's SQL calls (db/functions.ts).
 */
import { fileURLToPath } from 'node:url';
import type { Database } from './connect';
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
