/**
 * The read path's session rule (issue 13; docs/architecture.md "Read path"): a generic read (page, list, detail)
 * may take the caller's context from the instance's session cache and verifies it in its own one statement. A
 * lock, a role change, a scope change or a logout made elsewhere (on PostgreSQL: by a SECOND app instance on the
 * same database; on PGlite: by the same instance through other calls) takes effect on the very next read, and a
 * cached read is one statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { CAPTCHA_ANSWER, startTestApp, testDatabases, userWith, type Envelope, type TestApp } from './harness';

type Call = (path: string, body: unknown, token: string) => Promise<Envelope>;

describe.each(testDatabases())('a cached session verified by the read on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** Calls of the other instance (the first one on PGlite), where the changes are made. */
  let elsewhere: Call;
  let second: { close(): Promise<void> } | undefined;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    elsewhere = t.call;
    if (kind === 'postgres') {
      const database: Database = await openDatabase(t.config);
      const app2 = await buildApp({ database, config: { ...t.config, seedReference: 'none', seedDemo: false, captchaTestAnswer: CAPTCHA_ANSWER } });
      elsewhere = async (path, body, token) => (await app2.inject({ method: 'POST', url: path, payload: body as object, headers: { 'x-token': token } })).json();
      second = { close: async () => { await app2.close(); await database.close(); } };
    }
  });
  afterAll(async () => { await second?.close(); await t?.close(); });

  /** Reads the warehouse page twice as `token` (the first resolves the session and fills the cache); returns the second answer. */
  const cachedRead = async (token: string, path = '/sapi/wms/warehouse/page') => {
    await t.call(path, {}, token);
    return t.call(path, {}, token);
  };

  it('answers a read from the cache with one statement, and still resolves a new token', async () => {
    const { token } = await userWith(t, admin, { codes: ['warehouse', 'warehouse:list'] });
    expect((await t.call('/sapi/wms/warehouse/page', {}, token)).code).toBe(200);
    const client = (t.database.db as unknown as { session: { client: { query: (...a: unknown[]) => unknown } } }).session.client;
    const query = client.query;
    let statements = 0;
    client.query = function (this: unknown, ...a: unknown[]) { statements++; return query.apply(this, a); };
    try {
      const page = await t.call('/sapi/wms/warehouse/page', { size: 1 }, token);
      expect(page.code).toBe(200);
      expect(page.data.total).toBeGreaterThan(1);
      expect(page.data.records).toHaveLength(1);
      expect(statements).toBe(1);
      statements = 0;
      expect((await t.call('/sapi/wms/warehouse/detail', { id: page.data.records[0].id }, token)).data.id).toBe(page.data.records[0].id);
      expect(statements).toBe(1);
    } finally {
      client.query = query;
    }
  });

  it('a user locked elsewhere gets 600 on the next read', async () => {
    const { token, userId } = await userWith(t, admin, { codes: ['warehouse', 'warehouse:list'] });
    expect((await cachedRead(token)).code).toBe(200);
    expect((await elsewhere('/sapi/sys/user/edit', { id: userId, status: -1 }, admin)).code).toBe(200);
    expect((await t.call('/sapi/wms/warehouse/page', {}, token)).code).toBe(600);
    expect((await t.call('/sapi/wms/warehouse/list', {}, token)).code).toBe(600);
  });

  it('a logout elsewhere ends the session for the next read', async () => {
    const { token } = await userWith(t, admin, { codes: ['warehouse', 'warehouse:list'] });
    expect((await cachedRead(token)).code).toBe(200);
    expect((await elsewhere('/sapi/sys/user/logout', {}, token)).code).toBe(200);
    expect((await t.call('/sapi/wms/warehouse/page', {}, token)).code).toBe(600);
  });

  it('a role losing or gaining a code takes effect on the next read', async () => {
    // companies: a read behind its code (warehouses are readable by every user within its scope)
    const { token, userId } = await userWith(t, admin, { codes: ['company', 'company:list'] });
    const companies = '/sapi/wms/company/page';
    expect((await cachedRead(token, companies)).code).toBe(200);
    const roleId = (await t.call('/sapi/sys/user/detail', { id: userId }, admin)).data.roleIds[0];
    const role = (await t.call('/sapi/sys/role/detail', { id: roleId }, admin)).data;
    expect((await elsewhere('/sapi/sys/role/edit', { ...role, permissionCodes: ['company'] }, admin)).code).toBe(200);
    expect((await t.call(companies, {}, token)).code).toBe(403);
    expect((await t.call(companies, {}, token)).code).toBe(403);
    expect((await elsewhere('/sapi/sys/role/edit', { ...role, permissionCodes: ['company', 'company:list'] }, admin)).code).toBe(200);
    expect((await t.call(companies, {}, token)).code).toBe(200);
  });

  it('a narrower data scope set elsewhere cuts the next read', async () => {
    const { token, userId } = await userWith(t, admin, { codes: ['warehouse', 'warehouse:list'] });
    const all = await cachedRead(token);
    expect(all.data.total).toBeGreaterThan(1);
    const keep = all.data.records[0].id;
    const u = (await t.call('/sapi/sys/user/detail', { id: userId }, admin)).data;
    expect((await elsewhere('/sapi/sys/user/edit', { id: userId, name: u.name, roleIds: u.roleIds, warehouseIds: [keep], ownerIds: u.ownerIds }, admin)).code).toBe(200);
    const cut = await t.call('/sapi/wms/warehouse/page', {}, token);
    expect(cut.data.total).toBe(1);
    expect(cut.data.records.map((r: { id: number }) => r.id)).toEqual([keep]);
  });

  // every other call (a write) takes a cached context only after one small statement says it still holds
  it('a write checks the cached session with one small statement, and a lock or a lost code elsewhere takes effect', async () => {
    const { token, userId } = await userWith(t, admin, { codes: ['sku_category', 'sku_category:list', 'sku_category:add'] });
    const add = (name: string) => t.call('/sapi/wms/sku-category/add', { name }, token);
    expect((await add('Fold write 1')).code).toBe(200); // resolves the session the full way and caches it
    const client = (t.database.db as unknown as { session: { client: { query: (...a: unknown[]) => unknown } } }).session.client;
    const query = client.query;
    const texts: string[] = [];
    client.query = function (this: unknown, ...a: unknown[]) {
      const q = a[0] as string | { text: string };
      texts.push(typeof q === 'string' ? q : q.text);
      return query.apply(this, a);
    };
    try {
      expect((await add('Fold write 2')).code).toBe(200);
    } finally {
      client.query = query;
    }
    expect(texts[0]).toMatch(/^select wms_session_fingerprint\(\$1\) = \$2/);
    expect(texts.filter((x) => x.includes('sys_session'))).toEqual([]); // no full resolve

    const roleId = (await t.call('/sapi/sys/user/detail', { id: userId }, admin)).data.roleIds[0];
    const role = (await t.call('/sapi/sys/role/detail', { id: roleId }, admin)).data;
    expect((await elsewhere('/sapi/sys/role/edit', { ...role, permissionCodes: ['sku_category', 'sku_category:list'] }, admin)).code).toBe(200);
    expect((await add('Fold write 3')).code).toBe(403);
    expect((await elsewhere('/sapi/sys/role/edit', { ...role, permissionCodes: ['sku_category', 'sku_category:list', 'sku_category:add'] }, admin)).code).toBe(200);
    expect((await add('Fold write 4')).code).toBe(200);
    expect((await elsewhere('/sapi/sys/user/edit', { id: userId, status: -1 }, admin)).code).toBe(200);
    expect((await add('Fold write 5')).code).toBe(600);
    const names = (await t.call('/sapi/wms/sku-category/list', {}, admin)).data.map((c: { name: string }) => c.name);
    expect(names.filter((n: string) => n.startsWith('Fold write'))).toEqual(expect.arrayContaining(['Fold write 1', 'Fold write 2', 'Fold write 4']));
    expect(names).not.toContain('Fold write 3');
    expect(names).not.toContain('Fold write 5');
  });
});
