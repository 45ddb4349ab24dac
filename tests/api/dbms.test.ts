/**
 * The database query tool (issue 15, spec 2.3 /dbms; docs/dbms.md): connections with a password sealed at rest and
 * never returned, the built-in connection, read-only runs whose writes, DDL and transaction tricks the database
 * refuses, the statement timeout, the row cap, the history and the permission code. Issue 26: the built-in
 * connection reads as the query role (no file, program, signal or role tricks, no secret column, no session
 * table), a login with such rights is refused, and an unreachable server is one answer whatever the port holds.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRoleName, secretColumns } from '../../src/server/domain/dbms/query-role';
import { openDatabase } from '../../src/server/db/connect';
import { runQuery } from '../../src/server/domain/dbms/query-tool';
import { secrets } from '../../src/server/domain/secret-fields';
import { startTestApp, testDatabases, userWith, type TestApp } from './harness';

/** A statement as the server's superuser (DATABASE_URL), for setting up and checking what the tool may not do. */
async function asSuperuser<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = [], url = process.env.DATABASE_URL!): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, params)).rows;
  } finally {
    await c.end();
  }
}

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
  afterAll(async () => {
    await t?.close();
    // roles belong to the server, not to the test's database (dropped with the app)
    if (kind === 'postgres' && t) await asSuperuser(`drop role if exists ${queryRoleName(new URL(t.config.databaseUrl!).pathname.slice(1))}`);
  });

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
      // the embedded database's query role may not call set_config at all (403)
      ["select set_config('transaction_read_only', 'off', true)", /read-write mode|permission denied for function set_config/],
      ["commit; insert into wms_company (name) values ('Sneaky')", /multiple commands/],
      ["select 1; insert into wms_company (name) values ('Sneaky')", /multiple commands/],
      ["begin; insert into wms_company (name) values ('Sneaky'); commit", /multiple commands/],
      // the embedded database's query role may not use plpgsql at all (403)
      ["do $$ begin insert into wms_company (name) values ('Sneaky'); end $$", /read-only transaction|permission denied for language plpgsql/],
      ["do $$ begin commit; insert into wms_company (name) values ('Sneaky'); end $$", /transaction termination|read-only|permission denied for language plpgsql/],
    ];
    for (const [statement, message] of refused) {
      const r = await query({ sql: statement });
      expect(r.code, statement).toBe(/permission denied/.test(r.msg) ? 403 : 400);
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
    expect(r).toMatchObject({ code: 400, msg: 'Cannot connect to the database at 127.0.0.1:1: the server cannot be reached, is not PostgreSQL, or refused this database, user or password' });
    // a password sealed with another key (WMS_SECRET_KEY changed) is said in words, not a 500
    await t.database.db.execute(sql`update sys_db_connection set password = 'v1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA==:AAAA' where id = ${down.data.id}`);
    expect((await t.call('/sapi/dbms/database/query', { id: down.data.id, sql: 'select 1' }, admin)).msg).toMatch(/^The connection's stored password cannot be decrypted/);
    expect((await t.call('/sapi/dbms/database/query', { id: 999999, sql: 'select 1' }, admin)).code).toBe(404);
    expect(await t.call('/sapi/dbms/database/query', { id: builtIn, sql: '   ' }, admin)).toMatchObject({ code: 400, msg: 'SQL statement cannot be empty' });
  });

  it.runIf(kind === 'postgres')('runs on another PostgreSQL connection with its stored password, and refuses a login with superuser, file, program or signal rights', async () => {
    const u = new URL(t.config.databaseUrl!);
    const reader = `wms_t_reader_${randomBytes(4).toString('hex')}`;
    const filer = `wms_t_filer_${randomBytes(4).toString('hex')}`;
    await asSuperuser(`create role ${reader} login password 'reader-pass-1'; grant select on wms_company to ${reader};
      create role ${filer} login password 'filer-pass-1' in role pg_read_server_files`, [], t.config.databaseUrl);
    try {
      const add = async (name: string, username: string) => (await t.call('/sapi/dbms/database/add', { name, host: u.hostname, port: Number(u.port || 5432), database: u.pathname.slice(1), username, password: 'unused-by-trust' }, admin)).data.id as number;
      const run = (id: number, statement: string, lang = 'en') => t.call('/sapi/dbms/database/query', { id, sql: statement }, admin, { 'x-lang': lang });
      const mine = await add('Same server', reader);
      expect((await run(mine, 'select current_database(), count(*)::int from wms_company')).data.rows).toEqual([[u.pathname.slice(1), await companies()]]);
      expect((await run(mine, 'delete from wms_company')).msg).toMatch(/read-only transaction/);
      // the product's own user (a superuser) and a member of pg_read_server_files are refused before any statement
      const superuser = await add('As superuser', decodeURIComponent(u.username));
      expect(await run(superuser, 'select 1')).toMatchObject({ code: 403, msg: `The database user ${decodeURIComponent(u.username)} holds superuser, pg_read_server_files, pg_write_server_files, pg_execute_server_program, pg_signal_backend: the query tool runs only as a user without superuser, server file, program or signal rights` });
      expect((await run(superuser, 'select 1', 'zh')).msg).toMatch(/^数据库用户 .* 拥有 superuser.*：查询工具只能以没有超级用户、服务器文件、程序或信号权限的用户运行$/);
      expect(await run(await add('Reads files', filer), "select pg_read_file('/etc/passwd')")).toMatchObject({ code: 403, msg: expect.stringContaining(`The database user ${filer} holds pg_read_server_files:`) });
      const h = await t.call('/sapi/dbms/database/history', { id: superuser }, admin);
      expect(h.data.records.map((r: { error: string }) => r.error)).toContainEqual(expect.stringMatching(/holds superuser/));
    } finally {
      await asSuperuser(`drop owned by ${reader}; drop role ${reader}; drop role ${filer}`, [], t.config.databaseUrl);
    }
  });

  it('answers one message for an unreachable server, whatever the port holds', async () => {
    // a closed port, and an open port whose server writes what is not PostgreSQL
    const garbage: Server = createServer((socket) => { socket.on('error', () => {}); socket.end('SSH-2.0-OpenSSH_9.2 not postgres\r\n'); });
    await new Promise<void>((ok) => garbage.listen(0, '127.0.0.1', ok));
    const open = (garbage.address() as { port: number }).port;
    const closed = await new Promise<number>((ok) => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => ok(p)); }); });
    try {
      const answers = [];
      for (const port of [closed, open]) {
        const id = (await t.call('/sapi/dbms/database/add', { name: `Probe ${port}`, host: '127.0.0.1', port, database: 'x', username: 'x', password: 'y' }, admin)).data.id;
        const t0 = Date.now();
        const r = await t.call('/sapi/dbms/database/query', { id, sql: 'select 1' }, admin);
        answers.push({ code: r.code, msg: r.msg.replace(`:${port}`, ':PORT'), slow: Date.now() - t0 >= 4900 });
      }
      expect(answers[0]).toEqual({ code: 400, msg: expect.stringMatching(/^Cannot connect to the database at 127\.0\.0\.1:PORT: /), slow: true });
      expect(answers[1]).toEqual(answers[0]);
    } finally {
      garbage.close();
    }
  }, SLOW);

  it('reads as a role that may only select the product\'s tables: no files, programs, signals, role changes, secrets or sessions', async () => {
    const proof = `wms-proof-${randomBytes(4).toString('hex')}`;
    const target = join(tmpdir(), `wms-copy-${randomBytes(4).toString('hex')}`);
    const largeObjects = async () => Number((await t.database.db.execute(sql`select count(*)::int as n from pg_largeobject_metadata`) as unknown as { rows: Array<{ n: number }> }).rows[0].n);
    const sessions = async () => Number((await t.database.db.execute(sql`select count(*)::int as n from sys_session`) as unknown as { rows: Array<{ n: number }> }).rows[0].n);
    const [los, live] = [await largeObjects(), await sessions()];
    const refused = [
      "select pg_read_file('/etc/passwd')",
      "select pg_read_binary_file('/etc/passwd')",
      `copy (select 1) to program 'touch ${proof}'`,
      `copy (select 1) to '${target}'`,
      "select lo_import('/etc/passwd')",
      'select pg_terminate_backend(pid) from pg_stat_activity',
      'select pg_cancel_backend(pid) from pg_stat_activity',
      'select * from sys_session',
      'select token from sys_session',
      'select answer from sys_captcha',
      'select token_hash from wms_inventory_share_token',
      "select pg_ls_dir('.')",
      "select pg_stat_file('.')",
      "select set_config('role', 'postgres', false)",
      "select set_config('session_authorization', 'postgres', false)",
      'set role postgres',
      'set session authorization postgres',
      // on PostgreSQL the default session user is the query login itself (harmless); PGlite's is its superuser
      // (and plpgsql, whose dynamic SQL could do the same; on PostgreSQL a DO block is as harmless as its login)
      ...(kind === 'pglite' ? ['/* comment */ ; SET  SESSION AUTHORIZATION DEFAULT', 'reset session authorization', 'do $$ begin perform 1; end $$'] : []),
      "select query_to_xml('select set_config(''role'', ''postgres'', false)', true, false, '')",
    ];
    for (const statement of refused) {
      const r = await query({ sql: statement });
      expect(r.code, `${statement}: ${r.msg}`).toBe(403);
      expect(r.msg, statement).toMatch(/permission denied|not run on the embedded database|must be (a )?superuser/i);
    }
    // pg_settings' rule calls set_config: the read-only transaction refuses it first
    expect((await query({ sql: "update pg_settings set setting = 'postgres' where name = 'role'" })).code).toBe(400);
    // every secret or password field of the manifest, column by column
    const secret = secretColumns();
    expect([...secret.keys()].sort()).toEqual(expect.arrayContaining(['sys_db_connection', 'sys_user', 'wms_carrier_config']));
    for (const [table, columns] of secret) {
      for (const column of columns) {
        const r = await query({ sql: `select "${column}" from ${table}` });
        expect(r.code, `${table}.${column}: ${r.msg}`).toBe(403);
        expect(r.msg).toMatch(new RegExp(`permission denied for table ${table}`));
      }
    }
    // nothing happened: no file, no large object, the sessions and the app's own connections live on
    expect(existsSync(proof)).toBe(false);
    expect(existsSync(target)).toBe(false);
    if (kind === 'postgres') {
      expect(await asSuperuser("select pg_stat_file($1, true) as f", [proof], t.config.databaseUrl)).toEqual([{ f: null }]);
      expect(await asSuperuser("select pg_stat_file($1, true) as f", [target], t.config.databaseUrl)).toEqual([{ f: null }]);
    }
    expect(await largeObjects()).toBe(los);
    expect(await sessions()).toBe(live);
    // what it may read still reads: product tables, and a table's other columns
    const skus = Number((await t.database.db.execute(sql`select count(*)::int as n from wms_sku`) as unknown as { rows: Array<{ n: number }> }).rows[0].n);
    expect((await query({ sql: 'select count(*)::int from wms_sku' })).data.rows).toEqual([[skus]]);
    expect((await query({ sql: "select name from sys_user where name = 'admin'" })).data.rows).toEqual([['admin']]);
    expect((await query({ sql: 'select current_user = session_user, current_user' })).data.rows).toEqual([[true, kind === 'postgres' ? queryRoleName(new URL(t.config.databaseUrl!).pathname.slice(1)) : 'wms_query']]);
    expect((await t.call('/sapi/sys/user/current/detail', {}, admin)).code).toBe(200);
  }, SLOW);

  it.runIf(kind === 'postgres')('refuses the built-in connection when the product may not make a query role, and uses WMS_QUERY_DATABASE_URL when given', async () => {
    const u = new URL(t.config.databaseUrl!);
    const plain = `wms_t_plain_${randomBytes(4).toString('hex')}`;
    await asSuperuser(`create role ${plain} login; grant select on sys_db_connection to ${plain}; grant select, insert on sys_db_query to ${plain};
      grant usage on all sequences in schema public to ${plain}; grant select on wms_company to ${plain}`, [], t.config.databaseUrl);
    const asPlain = new URL(u);
    asPlain.username = plain;
    const runAs = async (config: { databaseUrl: string; queryDatabaseUrl?: string }, lang: 'en' | 'zh' = 'en') => {
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: 'memory://' });
      try {
        return await runQuery({ database, config: { ...config, dataDir: 'memory://' } }, { lang, tzHours: 0 }, { id: 1 } as never, { id: builtIn, sql: 'select count(*)::int from wms_company' })
          .then((r) => ({ code: 200, msg: '', data: r }), (e) => ({ code: (e as { code: number }).code, msg: (e as Error).message, data: null }));
      } finally {
        await database.close();
      }
    };
    try {
      expect(await runAs({ databaseUrl: asPlain.toString() })).toMatchObject({ code: 403, msg: expect.stringMatching(/^The query tool has no login of its own on the product's database, and the product's database user may not create one: set WMS_QUERY_DATABASE_URL/) });
      expect((await runAs({ databaseUrl: asPlain.toString() }, 'zh')).msg).toMatch(/^查询工具在系统数据库上没有自己的登录用户/);
      expect((await runAs({ databaseUrl: asPlain.toString(), queryDatabaseUrl: asPlain.toString() })).data?.rows).toEqual([[await companies()]]);
      // a WMS_QUERY_DATABASE_URL naming a superuser is refused like any connection
      expect(await runAs({ databaseUrl: asPlain.toString(), queryDatabaseUrl: t.config.databaseUrl! })).toMatchObject({ code: 403, msg: expect.stringContaining('holds superuser') });
    } finally {
      await asSuperuser(`drop owned by ${plain}; drop role ${plain}`, [], t.config.databaseUrl);
    }
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
