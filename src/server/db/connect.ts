/**
 * Opens the database: PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (DESIGN "Databases").
 * Both are the same SQL dialect behind one Drizzle type. PGlite is one connection and serializes queries and
 * transactions itself: inside `db.transaction(fn)` use only the `tx` handed to fn, never the outer `db`.
 *
 * Throws {@link DatabaseOpenError} with a one-line reason when the directory or server cannot be used.
 */
import { existsSync, mkdirSync, accessSync, constants, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';

export type Db = PgDatabase<PgQueryResultHKT>;
export interface Database { db: Db; kind: 'pglite' | 'postgres'; close(): Promise<void>; poolStats(): PoolStats }

/**
 * How busy the database's connections are now (GET /metrics): PostgreSQL: pg-pool's open connections, idle ones and
 * calls waiting for one; PGlite (one connection, calls run one at a time): total 1, idle 1 when nothing runs,
 * waiting = calls queued behind the running one.
 */
export interface PoolStats { total: number; idle: number; waiting: number }

export class DatabaseOpenError extends Error {}

/** `fn` run at its first call only; later calls get the first call's promise. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let run: Promise<void> | undefined;
  return () => (run ??= fn());
}

/**
 * How to end `pool` (call at once, before it connects): ends it and waits until every connection it has is closed.
 * pg-pool's `end()` resolves as soon as it has asked its clients to end, while their sockets still close (it emits
 * `remove` for each when its socket has closed): a database dropped or a server stopped right after it (tests,
 * benchmarks, a shutdown) met backends still running and the pool reported them as lost connections.
 */
function poolEnder(pool: Pool): () => Promise<void> {
  const live = new Set<unknown>();
  pool.on('connect', (client) => { live.add(client); });
  pool.on('remove', (client) => { live.delete(client); });
  // once: a second close (a second SIGTERM, a test's own close after the app's) waits for the first instead of
  // failing with pg-pool's "Called end on pool more than once"
  return once(async () => {
    const closed = new Promise<void>((resolve) => {
      const check = () => { if (!live.size) resolve(); };
      pool.on('remove', check);
      check();
    });
    await pool.end();
    await closed;
  });
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // an idle client dropped by the server (restart, admin kill) must not crash the process; the pool reconnects
    pool.on('error', (e) => console.error(`PostgreSQL connection lost: ${e.message}`));
    const end = poolEnder(pool);
    try {
      const c = await pool.connect();
      c.release();
    } catch (e) {
      await end().catch(() => {});
      const url = new URL(opts.databaseUrl);
      throw new DatabaseOpenError(`cannot connect to PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}: ${(e as Error).message}`);
    }
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db: drizzle(pool) as unknown as Db, kind: 'postgres', close: end, poolStats };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const memory = opts.dataDir.startsWith('memory://');
  const dir = memory ? opts.dataDir : resolve(opts.dataDir, 'pglite');
  if (!memory) {
    try {
      if (existsSync(opts.dataDir) && !statSync(opts.dataDir).isDirectory()) throw new Error('it is not a directory');
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
    } catch (e) {
      throw new DatabaseOpenError(`cannot use data directory ${resolve(opts.dataDir)}: ${(e as Error).message}`);
    }
  }
  let client: InstanceType<typeof PGlite>;
  try {
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    client = await PGlite.create(dir, { extensions: { pg_trgm } });
  } catch (e) {
    throw new DatabaseOpenError(`cannot open the embedded database in ${dir}: ${(e as Error).message || String(e)}`);
  }
  const pending = countPending(client, ['query', 'exec', 'transaction']);
  const poolStats = () => ({ total: 1, idle: pending.count ? 0 : 1, waiting: Math.max(0, pending.count - 1) });
  return { db: drizzle(client) as unknown as Db, kind: 'pglite', close: once(() => client.close()), poolStats };
}

/**
 * Counts the calls of `methods` of `target` that have not settled yet (PGlite queues its calls internally and does
 * not say how many wait): each method is wrapped on the instance, its result passed on unchanged.
 */
function countPending<T extends object>(target: T, methods: (keyof T & string)[]): { count: number } {
  const pending = { count: 0 };
  for (const name of methods) {
    const original = target[name] as unknown as (...args: unknown[]) => Promise<unknown>;
    const wrapped = function (this: unknown, ...args: unknown[]) {
      pending.count++;
      const done = () => { pending.count--; };
      try {
        const result = original.apply(this, args);
        result.then(done, done);
        return result;
      } catch (e) {
        done();
        throw e;
      }
    };
    Object.defineProperty(target, name, { value: wrapped, configurable: true, writable: true });
  }
  return pending;
}
