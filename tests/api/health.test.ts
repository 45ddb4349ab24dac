/**
 * Health checks (issue 28; src/server/http/health.ts), on PGlite and PostgreSQL: /healthz answers 200 while the
 * process runs; /readyz is 200 with every check ok, 503 naming the reason when the storage is gone, a migration is
 * missing, the database does not answer, or the instance has begun to stop. Both are JSON (never the console's
 * HTML) and make no request record.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recorderOf } from '../../src/server/app';
import type { Db } from '../../src/server/db/connect';
import { LocalFileStorage } from '../../src/server/domain/files/storage';
import { readyReport } from '../../src/server/http/health';
import { startTestApp, testDatabases, type TestApp } from './harness';

const clientDir = mkdtempSync(join(tmpdir(), 'wms-console-'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>WMS console</title>');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

async function recordCount(t: TestApp): Promise<number> {
  await recorderOf(t.app)!.flush();
  const res = await t.database.db.execute(sql`select count(*)::int as n from sys_request_record`) as unknown as { rows: { n: number }[] };
  return res.rows[0].n;
}

describe.each(testDatabases())('health checks on %s', (kind) => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  // the local folder: the storage case breaks it; on PostgreSQL the default database store would share the closed pool
  beforeAll(async () => { t = await startTestApp(kind, { clientDir, fileStore: 'local' }); });
  afterAll(async () => { await t?.close(); });

  it('/healthz and /readyz answer JSON, not the console, and make no request record', async () => {
    expect((await get('/some/client/route')).body).toMatch(/WMS console/); // the console's fallback is there
    const before = await recordCount(t);
    const live = await get('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.headers['content-type']).toMatch(/^application\/json/);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
    for (let i = 0; i < 5; i++) await get('/readyz');
    expect(await recordCount(t)).toBe(before);
  });

  it('/readyz is 503 naming the storage when its folder cannot be used', async () => {
    const root = (t.app.fileStorage as LocalFileStorage).root;
    rmSync(root, { recursive: true, force: true });
    writeFileSync(root, 'not a folder');
    try {
      const res = await get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', reason: expect.stringMatching(/^storage: /), checks: { database: 'ok', migrations: 'ok' } });
    } finally {
      rmSync(root, { force: true });
      mkdirSync(root, { recursive: true });
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('/readyz is 503 when the database lacks the newest migration', async () => {
    const { db } = t.database;
    const res = await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`) as unknown as { rows: { hash: string; created_at: string }[] };
    const [removed] = res.rows;
    try {
      const ready = await get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not ready', reason: expect.stringMatching(/^migrations: the database lacks migrations newer than /), checks: { database: 'ok', storage: 'ok' } });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${removed.hash}, ${removed.created_at})`);
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  // a second app, whose database closes and which then begins to stop
  it('/readyz is 503 naming the database when it is closed, then "stopping" once the stop begins', async () => {
    const other = await startTestApp(kind, { fileStore: 'local' });
    const get2 = (url: string) => other.app.inject({ method: 'GET', url });
    try {
      await other.app.ready();
      await other.database.close();
      const down = await get2('/readyz');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'not ready', reason: expect.stringMatching(/^database: /), checks: { migrations: 'unknown: the database did not answer', storage: 'ok' } });
      expect(down.headers.connection).not.toBe('close');

      other.app.readiness.beginShutdown();
      const stopping = await get2('/readyz');
      expect(stopping.statusCode).toBe(503);
      expect(stopping.json()).toEqual({ status: 'stopping', reason: 'the instance is shutting down' });
      expect(stopping.headers.connection).toBe('close');
      const live = await get2('/healthz');
      expect(live.statusCode).toBe(200);
      expect(live.headers.connection).toBe('close');
    } finally {
      await other.close(); // closes the database again: the second close must not throw
    }
  });
});

describe.skipIf(!testDatabases().includes('postgres'))('readiness against a PostgreSQL that does not answer', () => {
  it('reports the database, within the check timeout', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/wms', connectionTimeoutMillis: 5_000 });
    pool.on('error', () => {});
    const storage = { check: async () => {} };
    const started = Date.now();
    const report = await readyReport({ db: drizzle(pool) as unknown as Db }, storage, 1_000);
    expect(Date.now() - started).toBeLessThan(1_900);
    expect(report).toMatchObject({ status: 'not ready', reason: expect.stringMatching(/^database: /), checks: { storage: 'ok' } });
    await pool.end();
  });
});
