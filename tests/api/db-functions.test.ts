/**
 * db/functions.ts: the database functions the app's SQL calls exist after start, carry their version, and a
 * changed definition replaces them, also when two instances apply it at once (PostgreSQL).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { DB_FUNCTIONS, ensureDbFunctions, type DbFunction } from '../../src/server/db/functions';
import { startTestApp, testDatabases, type TestApp } from './harness';

type Rows = { rows: Array<Record<string, unknown>> };

describe.each(testDatabases())('database functions on %s', (kind) => {
  let t: TestApp;
  let other: Database | undefined;
  beforeAll(async () => {
    t = await startTestApp(kind);
    if (kind === 'postgres') other = await openDatabase(t.config);
  });
  afterAll(async () => { await other?.close(); await t?.close(); });

  const comment = async (f: DbFunction) =>
    ((await t.database.db.execute(sql`select obj_description(to_regprocedure(${f.signature}), 'pg_proc') as v`)) as unknown as Rows).rows[0].v;

  it('creates every function at start with its version, and leaves a current one alone', async () => {
    for (const f of DB_FUNCTIONS) expect(await comment(f)).toBe(`sha1:${createHash('sha1').update(f.sql).digest('hex')}`);
    const before = await comment(DB_FUNCTIONS[0]);
    await ensureDbFunctions(t.database.db);
    expect(await comment(DB_FUNCTIONS[0])).toBe(before);
  });

  it('replaces a changed definition once, also from two instances at the same time', async () => {
    const probe = (answer: string): DbFunction => ({ name: 'wms_test_probe', signature: 'wms_test_probe()', sql: `create or replace function wms_test_probe() returns text language sql as $$ select '${answer}'::text $$` });
    await ensureDbFunctions(t.database.db, [probe('one')]);
    const second = other?.db ?? t.database.db;
    await Promise.all([ensureDbFunctions(t.database.db, [probe('two')]), ensureDbFunctions(second, [probe('two')])]);
    const r = (await t.database.db.execute(sql`select wms_test_probe() as v`)) as unknown as Rows;
    expect(r.rows[0].v).toBe('two');
    expect(await comment(probe('two'))).toBe(`sha1:${createHash('sha1').update(probe('two').sql).digest('hex')}`);
  });
});
