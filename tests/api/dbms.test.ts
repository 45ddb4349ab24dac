/**
 * The database query tool (issue 15, spec 2.3 /dbms; docs/dbms.md): connections with a password sealed at rest and
 * never returned, the built-in connection, read-only runs whose writes, DDL and transaction tricks the database
 * refuses, the statement timeout, the row cap, the history and the permission code.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secrets } from '../../src/server/domain/secret-fields';
import { startTestApp, testDatabases, userWith, type TestApp } from './harness';

const PLAIN = 'plain-Password-4711';
// an embedded run copies the database into a worker first (about 2 s each on a busy 2-core machine)
const SLOW = 240_000;

describe.each(testDatabases())('database query tool on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let builtIn: number;
  const query = (body: Record<string, unknown>, token = admin) => t.call('/sapi/dbms/database/query', { id: builtIn, ...body }, token);
  const companies = async () => Number((await t.database.db.execute(sql`select count(*)::int as n from wms_company`) as unknown as { rows: Array<{ n: number }> }).rows[0].n);

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    const list = await t.call('/sapi/dbms/database/list', {}, admin);
    builtIn = list.data[0].id;
  });
  afterAll(async () => { await t?.close(); });

  it('lists the product\'s own database first, built in, and refuses to change or delete it', async () => {
    await t.call('/sapi/dbms/database/add', { name: 'Zeta', host: '127.0.0.1', port: 1, database: 'x', username: 'x' }, admin);
    const list = await t.call('/sapi/dbms/database/list', {}, admin);
    expect(list.data[0]).toMatchObject({ builtIn: true, name: 'WMS database', host: kind === 'pglite' ? 'embedded (PGlite)' : '127.0.0.1' });
    expect(list.data.filter((c: { builtIn: boolean }) => c.builtIn)).toHaveLength(1);
    expect(await t.call('/sapi/dbms/database/edit', { id: builtIn, name: 'Mine' }, admin)).toMatchObject({ code: 400, msg: "The product's own database connection cannot be changed or deleted" });
    expect((await t.call('/sapi/dbms/database/remove', { id: builtIn }, admin, { 'x-lang': 'zh' })).msg).toBe('系统自带的数据库连接不能修改或删除');
  });

  it('keeps a connection\'s password sealed at rest and never returns it', async () => {
    const added = await t.call('/sapi/dbms/database/add', { name: 'Reporting', host: '127.0.0.1', port: 5432, database: 'reports', username: 'reader', password: PLAIN }, admin);
    expect(added.code).toBe(200);
    const id = added.data.id;
    const answers = [
      added,
      await t.call('/sapi/dbms/database/detail', { id }, admin),
      await t.call('/sapi/dbms/database/page', { current: 1, size: 50 }, admin),
      await t.call('/sapi/dbms/database/list', {}, admin),
      await t.call('/sapi/dbms/database/edit', { id, name: 'Reporting 2', password: '' }, admin),
    ];
    for (const a of answers) {
      expect(a.code).toBe(200);
      expect(JSON.stringify(a)).not.toContain(PLAIN);
      expect(JSON.stringify(a)).not.toContain('"password"');
    }
    const stored = async () => ((await t.database.db.execute(sql`select password from sys_db_connection where id = ${id}`)) as unknown as { rows: Array<{ password: string }> }).rows[0].password;
    const sealed = await stored();
    expect(sealed).not.toContain(PLAIN);
    expect(sealed).toMatch(/^v1:/);
    expect(secrets().open(sealed)).toBe(PLAIN);
    // an empty password on edit kept the stored one; a new one replaces it
    await t.call('/sapi/dbms/database/edit', { id, password: 'another-one-1' }, admin);
    expect(secrets().open(await stored())).toBe('another-one-1');
  });

  it('runs a query and answers columns and rows', async () => {
    const r = await query({ sql: "select 1 as a, 'x' as a, null::int as n, 9007199254740993::int8 as big, '{\"k\":1}'::jsonb as j" });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.columns.map((c: { name: string }) => c.name)).toEqual(['a', 'a', 'n', 'big', 'j']);
    const [[a, x, n, big, j]] = r.data.rows;
    expect([a, x, n, j]).toEqual([1, 'x', null, '{"k":1}']);
    expect(String(big)).toBe('9007199254740993'); // past 2^53: sent as text, no digit lost
    expect(r.data).toMatchObject({ rowCount: 1, truncated: false, maxRows: 1000 });
    const names = await query({ sql: 'select name from wms_owner order by code' });
    expect(names.data.rows).toEqual([['Desert Rose Cosmetics'], ['Gulf Gadgets']]);
  });

  it('has the database refuse writes, DDL and transaction tricks', async () => {
    const before = await companies();
    const refused: Array<[string, RegExp]> = [
      ["insert into wms_company (name) values ('Sneaky')", /read-only transaction/],
      ["update wms_company set name = 'Sneaky'", /read-only transaction/],
      ['delete from wms_company', /read-only transaction/],
      ['create table sneaky (a int)', /read-only transaction/],
      ['drop table wms_company', /read-only transaction/],
      ['truncate wms_company', /read-only transaction/],
      ['set transaction read write', /read-write mode/],
      ["select set_config('transaction_read_only', 'off', true)", /read-write mode/],
      ["commit; insert into wms_company (name) values ('Sneaky')", /multiple commands/],
      ["select 1; insert into wms_company (name) values ('Sneaky')", /multiple commands/],
      ["begin; insert into wms_company (name) values ('Sneaky'); commit", /multiple commands/],
      ["do $$ begin insert into wms_company (name) values ('Sneaky'); end $$", /read-only transaction/],
      ["do $$ begin commit; insert into wms_company (name) values ('Sneaky'); end $$", /transaction termination|read-only/],
    ];
    for (const [statement, message] of refused) {
      const r = await query({ sql: statement });
      expect(r.code, statement).toBe(400);
      expect(r.msg, statement).toMatch(message);
    }
    // statements that succeed but cannot open the next call's transaction for writing
    for (const statement of ['set session characteristics as transaction read write', 'commit', 'begin', 'rollback']) {
      expect((await query({ sql: statement })).code, statement).toBe(200);
      expect((await query({ sql: "insert into wms_company (name) values ('Sneaky')" })).msg).toMatch(/read-only transaction/);
    }
    expect(await companies()).toBe(before);
    const tables = await t.database.db.execute(sql`select count(*)::int as n from information_schema.tables where table_name = 'sneaky'`) as unknown as { rows: Array<{ n: number }> };
    expect(tables.rows[0].n).toBe(0);
  }, SLOW);

  it('stops a statement at the timeout with the database\'s message', async () => {
    const r = await query({ sql: 'select pg_sleep(60)', timeoutMs: 1000 });
    expect(r).toMatchObject({ code: 400, msg: 'canceling statement due to statement timeout' });
    const h = await t.call('/sapi/dbms/database/history', { id: builtIn, size: 1 }, admin);
    expect(h.data.records[0]).toMatchObject({ statement: 'select pg_sleep(60)', error: 'canceling statement due to statement timeout', rowCount: null });
    expect(h.data.records[0].durationMs).toBeLessThan(30_000);
    // the server goes on answering (the embedded database was never held)
    expect((await query({ sql: 'select 2' })).data.rows).toEqual([[2]]);
  });

  it('caps the rows and says so', async () => {
    const big = await query({ sql: 'select g from generate_series(1, 2500) g' });
    expect(big.data).toMatchObject({ rowCount: 1000, truncated: true, maxRows: 1000 });
    expect(big.data.rows[999]).toEqual([1000]);
    const small = await query({ sql: 'select g from generate_series(1, 7) g', maxRows: 7 });
    expect(small.data).toMatchObject({ rowCount: 7, truncated: false });
    const cut = await query({ sql: 'select g from generate_series(1, 7) g', maxRows: 3 });
    expect(cut.data).toMatchObject({ rowCount: 3, truncated: true, rows: [[1], [2], [3]] });
    // a statement no cursor can hold runs as it is, cut here
    const show = await query({ sql: 'show all', maxRows: 5 });
    expect(show.data).toMatchObject({ rowCount: 5, truncated: true });
    expect(show.data.columns[0].name).toBe('name');
  }, SLOW);

  it('answers a database error or an unreachable server as a 400 with its message', async () => {
    expect(await query({ sql: 'select * from no_such_table' })).toMatchObject({ code: 400, msg: 'relation "no_such_table" does not exist' });
    expect(await query({ sql: 'selec 1' })).toMatchObject({ code: 400, msg: 'syntax error at or near "selec"' });
    const down = await t.call('/sapi/dbms/database/add', { name: 'Down', host: '127.0.0.1', port: 1, database: 'x', username: 'x', password: 'y' }, admin);
    const r = await t.call('/sapi/dbms/database/query', { id: down.data.id, sql: 'select 1' }, admin);
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/ECONNREFUSED/);
    // a password sealed with another key (WMS_SECRET_KEY changed) is said in words, not a 500
    await t.database.db.execute(sql`update sys_db_connection set password = 'v1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA==:AAAA' where id = ${down.data.id}`);
    expect((await t.call('/sapi/dbms/database/query', { id: down.data.id, sql: 'select 1' }, admin)).msg).toMatch(/^The connection's stored password cannot be decrypted/);
    expect((await t.call('/sapi/dbms/database/query', { id: 999999, sql: 'select 1' }, admin)).code).toBe(404);
    expect(await t.call('/sapi/dbms/database/query', { id: builtIn, sql: '   ' }, admin)).toMatchObject({ code: 400, msg: 'SQL statement cannot be empty' });
  });

  it.runIf(kind === 'postgres')('runs on another PostgreSQL connection with its stored password', async () => {
    const u = new URL(t.config.databaseUrl!);
    const added = await t.call('/sapi/dbms/database/add', { name: 'Same server', host: u.hostname, port: Number(u.port || 5432), database: u.pathname.slice(1), username: decodeURIComponent(u.username), password: 'unused-by-trust' }, admin);
    const r = await t.call('/sapi/dbms/database/query', { id: added.data.id, sql: 'select current_database()' }, admin);
    expect(r.data.rows).toEqual([[u.pathname.slice(1)]]);
    expect((await t.call('/sapi/dbms/database/query', { id: added.data.id, sql: 'delete from wms_company' }, admin)).msg).toMatch(/read-only transaction/);
  });

  it('keeps each user\'s own history and lets only holders of dbms:database_query run queries', async () => {
    const reader = await userWith(t, admin, { codes: ['dbms', 'dbms:database_list'] });
    const runner = await userWith(t, admin, { codes: ['dbms', 'dbms:database_list', 'dbms:database_query'] });
    expect((await t.call('/sapi/dbms/database/list', {}, reader.token)).code).toBe(200);
    expect((await query({ sql: 'select 1' }, reader.token)).code).toBe(403);
    expect((await t.call('/sapi/dbms/database/history', { id: builtIn }, reader.token)).code).toBe(403);
    expect((await t.call('/sapi/dbms/database/add', { name: 'Nope', host: 'h', port: 5432, database: 'd', username: 'u' }, runner.token)).code).toBe(403);
    expect((await query({ sql: "select 'runner' as who" }, runner.token)).code).toBe(200);
    const mine = await t.call('/sapi/dbms/database/history', { id: builtIn }, runner.token);
    expect(mine.data).toMatchObject({ total: 1, current: 1 });
    expect(mine.data.records[0]).toMatchObject({ statement: "select 'runner' as who", rowCount: 1, truncated: false, error: null });
    const admins = await t.call('/sapi/dbms/database/history', { id: builtIn, size: 100 }, admin);
    expect(admins.data.total).toBeGreaterThan(10);
    expect(admins.data.records.map((r: { statement: string }) => r.statement)).not.toContain("select 'runner' as who");
    // only the admin role holds the code among the seeded roles
    const roles = (await t.call('/sapi/sys/role/list', {}, admin)).data as Array<{ code: string; permissionCodes: string[] }>;
    expect(roles.filter((r) => r.code !== 'admin' && !r.code.startsWith('r_') && r.permissionCodes.includes('dbms:database_query'))).toEqual([]);
    expect((await t.call('/sapi/sys/user/current/detail', {}, admin)).data.roles).toContain('admin');
  });
});

describe('database query tool on an embedded database on disk', () => {
  let t: TestApp;
  let admin: string;
  let dir: string;
  const copies = () => readdirSync(tmpdir()).filter((n) => n.startsWith('wms-dbms-')).length;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wms-dbms-test-'));
    t = await startTestApp('pglite', { dataDir: dir, seedReference: 'none' });
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs on a copy of the data directory, refuses writes, stops at the timeout and removes the copy', async () => {
    const before = copies();
    const id = (await t.call('/sapi/dbms/database/list', {}, admin)).data[0].id;
    const run = (body: Record<string, unknown>) => t.call('/sapi/dbms/database/query', { id, ...body }, admin);
    await t.call('/sapi/wms/company/add', { name: 'Written just before' }, admin);
    // the copy is taken at the call: it holds what was committed a moment ago
    expect((await run({ sql: "select name from wms_company where name = 'Written just before'" })).data.rows).toEqual([['Written just before']]);
    expect((await run({ sql: "delete from wms_company where name = 'Written just before'" })).msg).toMatch(/read-only transaction/);
    expect(await run({ sql: 'select pg_sleep(60)', timeoutMs: 1000 })).toMatchObject({ code: 400, msg: 'canceling statement due to statement timeout' });
    expect((await t.call('/sapi/wms/company/list', { name: 'Written just before' }, admin)).data).toHaveLength(1);
    expect(copies()).toBe(before);
  }, SLOW);
});
