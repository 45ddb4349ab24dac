/**
 * db/connect.ts: closing a PostgreSQL database waits until every connection of its pool is gone from the server,
 * so a database dropped or a server stopped right after it meets no backend of ours (pg-pool's own `end()`
 * resolves while the sockets still close). PostgreSQL only: PGlite has no connections.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connect';
import { startTestApp, testDatabases, type TestApp } from './harness';

describe.skipIf(!testDatabases().includes('postgres'))('closing a PostgreSQL database', () => {
  let t: TestApp;
  let watcher: pg.Client;
  beforeAll(async () => {
    t = await startTestApp('postgres');
    watcher = new pg.Client({ connectionString: t.config.databaseUrl });
    await watcher.connect();
  });
  afterAll(async () => { await watcher?.end(); await t?.close(); });

  it('returns only when every backend of its pool has ended', async () => {
    for (let round = 0; round < 5; round++) {
      const database = await openDatabase(t.config);
      // calls at once take several connections of the pool
      const answers = await Promise.all(Array.from({ length: 6 }, () =>
        database.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.02)`) as unknown as Promise<{ rows: Array<{ pid: number }> }>));
      const pids = [...new Set(answers.map((a) => a.rows[0].pid))];
      expect(pids.length).toBeGreaterThan(1);
      await database.close();
      const left = await watcher.query('select pid from pg_stat_activity where pid = any($1::int[])', [pids]);
      expect(left.rows, `round ${round}: backends still running right after close`).toEqual([]);
    }
  });
});
