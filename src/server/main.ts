/**
 * Entry point: reads the configuration, opens and migrates the database, seeds, and listens (and serves the
 * metrics on WMS_METRICS_PORT of 127.0.0.1 when set). A database that cannot be opened stops the start with a
 * one-line reason (exit 1). SIGTERM / SIGINT stop it gracefully and exit 0 (shutdown.ts; docs/deployment.md).
 */
import { buildApp } from './app';
import { configFromEnv, DEFAULT_SHUTDOWN_TIMEOUT_MS } from './config';
import { DatabaseOpenError, openDatabase } from './db/connect';
import { migrateDatabase } from './db/migrate';
import { seed } from './db/seed';
import { serveMetricsPort } from './http/metrics';
import { gracefulStop } from './shutdown';

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
  const closers: Array<() => Promise<void>> = [];
  if (config.metricsPort) {
    const metricsServer = await serveMetricsPort(app.metrics, config.metricsPort);
    closers.push(() => new Promise<void>((done) => { metricsServer.close(() => done()); metricsServer.closeAllConnections(); }));
  }
  console.log(`WMS console: http://localhost:${config.port}/  (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`);
  const stop = gracefulStop({ app, database, timeoutMs: config.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS, delayMs: config.shutdownDelayMs, closers });
  const onSignal = (signal: NodeJS.Signals) => { void stop(signal).then((code) => process.exit(code)); };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

main().catch((e) => { console.error(`WMS cannot start: ${e instanceof Error ? e.message : String(e)}`); process.exit(1); });
