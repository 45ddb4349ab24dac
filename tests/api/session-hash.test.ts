/**
 * Session tokens are stored as their SHA-256 digest (issue 26 "Session tokens stored as hashes";
 * http/session.ts): a read of `sys_session` yields nothing that logs in, the raw token is nowhere in the
 * table, and login, rotation with its grace minute, logout and "other sessions end on a password change"
 * still work with the raw token the client holds.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTokenHash } from '../../src/server/http/session';
import { startTestApp, testDatabases, userWith, type TestApp } from './harness';

type Rows = { rows: Array<Record<string, unknown>> };

describe.each(testDatabases())('session tokens stored as hashes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(kind); });
  afterAll(async () => { await t?.close(); });

  /** Every session row, as stored, and as one JSON text per row (to look for a raw token in any column). */
  const table = async () => {
    const rows = ((await t.database.db.execute(sql`select token, replaced_by, row_to_json(s)::text as json from sys_session s`)) as unknown as Rows).rows;
    return { stored: rows.flatMap((r) => [r.token, r.replaced_by]).filter((v): v is string => typeof v === 'string'), json: rows.map((r) => String(r.json)).join('\n') };
  };
  const detail = async (token: string) => (await t.call('/sapi/sys/user/current/detail', {}, token)).code;

  it('keeps only digests: no stored value logs in, the raw token is not in the table', async () => {
    const token = await t.login();
    expect(await detail(token)).toBe(200);
    const { stored, json } = await table();
    expect(stored).toContain(sessionTokenHash(token));
    expect(json).not.toContain(token);
    for (const value of stored) expect(await detail(value)).toBe(600);
  });

  it('rotates an old token: the new one works, the old one lasts the grace minute, neither is stored raw', async () => {
    const token = await t.login();
    await t.database.db.execute(sql`update sys_session set issued_at = now() - interval '13 hours' where token = ${sessionTokenHash(token)}`);
    const res = await t.app.inject({ method: 'POST', url: '/sapi/sys/user/current/detail', payload: {}, headers: { 'x-token': token } });
    expect(res.json().code).toBe(200);
    const fresh = res.headers['x-new-token'] as string;
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(await detail(fresh)).toBe(200);
    expect(await detail(token)).toBe(200); // grace period
    const [old] = ((await t.database.db.execute(sql`select replaced_by from sys_session where token = ${sessionTokenHash(token)}`)) as unknown as Rows).rows;
    expect(old.replaced_by).toBe(sessionTokenHash(fresh));
    const { stored, json } = await table();
    expect(json).not.toContain(token);
    expect(json).not.toContain(fresh);
    for (const value of stored) expect(await detail(value)).toBe(600);
    await t.call('/sapi/sys/user/logout', {}, fresh);
    expect(await detail(fresh)).toBe(600);
  });

  it('a cached read, a logout and a password change work with the raw token', async () => {
    const admin = await t.login();
    const { token: a, userId } = await userWith(t, admin, { codes: ['warehouse', 'warehouse:list'] });
    const name = (await t.call('/sapi/sys/user/detail', { id: userId }, admin)).data.name as string;
    const b = await t.login(name, 'secret-1');
    for (let i = 0; i < 2; i++) expect((await t.call('/sapi/wms/warehouse/page', {}, a)).code).toBe(200); // the second from the cache
    expect((await t.call('/sapi/sys/user/current/edit', { oldPassword: 'secret-1', password: 'secret-2', confirmPassword: 'secret-2' }, a)).code).toBe(200);
    expect((await t.call('/sapi/wms/warehouse/page', {}, a)).code).toBe(200); // the caller's session stays
    expect(await detail(b)).toBe(600); // the other one ended
    expect((await t.call('/sapi/sys/user/logout', {}, a)).code).toBe(200);
    expect((await t.call('/sapi/wms/warehouse/page', {}, a)).code).toBe(600);
  });
});
