/**
 * Entry point: reads the configuration, opens and migrates the database, seeds, and listens.
 * A database that cannot be opened stops the start with a one-line reason (exit 1).
 */
import { buildApp } from './app';
import { configFromEnv } from './config';
import { DatabaseOpenError, openDatabase } from './db/connect';
import { migrateDatabase } from './db/migrate';
import { seed } from './db/seed';

async function main() {
  const config = configFromEnv();
  let database;
  try {
    database = await openDatabase(config);
  } catch (e) {
    if (e instanceof DatabaseOpenError) { console.error(`WMS cannot start: ${e.message}`); process.exit(1); }
    throw e;
  }
  await migrateDatabase(database);
  const seeded = await seed(database.db, config);
  if (seeded.adminPassword) console.log(`\n  First start: log in as user "admin" with password "${seeded.adminPassword}" (shown once; set WMS_ADMIN_PASSWORD to choose it).\n`);
  const app = await buildApp({ database, config, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  await app.listen({ port: config.port, host: config.host });
  console.log(`WMS console: http://localhost:${config.port}/  (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`);
  const stop = async () => { await app.close(); await database.close(); process.exit(0); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => { console.error(`WMS cannot start: ${e instanceof Error ? e.message : String(e)}`); process.exit(1); });
