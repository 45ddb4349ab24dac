import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTokenHash } from '../../src/server/http/session';
import { ADMIN_PASSWORD, CAPTCHA_ANSWER, startTestApp, testDatabases, type TestApp } from './harness';

const form = (o: Record<string, string>) => ({ payload: new URLSearchParams(o).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe.each(testDatabases())('auth on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(kind); });
  afterAll(async () => { await t?.close(); });

  const loginRaw = async (o: Record<string, string>) => (await t.app.inject({ method: 'POST', url: '/sapi/sys/user/login', ...form(o) })).json();
  const captcha = async () => (await t.call('/sapi/captcha/get', { type: 1, time: Date.now() })).data.captchaId as string;

  it('serves a captcha image with an id', async () => {
    const r = await t.call('/sapi/captcha/get', { type: 1, time: Date.now() });
    expect(r.code).toBe(200);
    expect(r.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(r.data.captchaId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a wrong captcha and uses the captcha up', async () => {
    const id = await captcha();
    const wrong = await loginRaw({ username: 'admin', password: ADMIN_PASSWORD, captcha: 'nope', captchaId: id });
    expect(wrong.code).toBe(400);
    expect(wrong.msg).toBe('Verification code is wrong or expired');
    const again = await loginRaw({ username: 'admin', password: ADMIN_PASSWORD, captcha: CAPTCHA_ANSWER, captchaId: id });
    expect(again.code).toBe(400);
  });

  it('refuses a wrong password with a clear message and still uses the captcha up', async () => {
    const id = await captcha();
    const r = await loginRaw({ username: 'admin', password: 'wrong-password', captcha: CAPTCHA_ANSWER, captchaId: id });
    expect(r).toMatchObject({ code: 400, msg: 'Wrong user name or password' });
    const reuse = await loginRaw({ username: 'admin', password: ADMIN_PASSWORD, captcha: CAPTCHA_ANSWER, captchaId: id });
    expect(reuse.code).toBe(400);
  });

  it('names the empty login fields (spec 5), in Chinese with X-Lang: zh', async () => {
    expect((await loginRaw({ username: '', password: 'x', captcha: '', captchaId: '' })).msg).toBe('Username cannot be empty');
    expect((await loginRaw({ username: 'admin', password: '123', captcha: 'x', captchaId: 'y' })).msg).toBe('Password length cannot be less than 6');
    const zh = (await t.app.inject({ method: 'POST', url: '/sapi/sys/user/login', payload: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, captcha: '', captchaId: '' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-lang': 'zh' } })).json();
    expect(zh.msg).toBe('验证码不能为空');
  });

  it('logs in, reports the user with roles and scope, and logs out', async () => {
    const token = await t.login();
    const me = await t.call('/sapi/sys/user/current/detail', {}, token);
    expect(me.code).toBe(200);
    expect(me.data).toMatchObject({ name: 'admin', status: 1, warehouseIds: [-1], ownerIds: [-1] });
    expect(me.data.roles).toContain('admin');
    expect(me.data.password).toBeUndefined();
    expect((await t.call('/sapi/sys/user/logout', {}, token)).code).toBe(200);
    expect((await t.call('/sapi/sys/user/current/detail', {}, token)).code).toBe(600);
  });

  it('answers 600 without a token or with an unknown one', async () => {
    expect((await t.call('/sapi/wms/warehouse/page', {})).code).toBe(600);
    expect((await t.call('/sapi/wms/warehouse/page', {}, 'f'.repeat(64))).code).toBe(600);
  });

  it('ends the sessions of a locked user at once', async () => {
    const admin = await t.login();
    const u = await t.call('/sapi/sys/user/add', { name: 'clerk1', password: 'secret-1', roleIds: [], warehouseIds: [-1], ownerIds: [-1] }, admin);
    expect(u.code).toBe(200);
    const token = await t.login('clerk1', 'secret-1');
    expect((await t.call('/sapi/sys/user/current/detail', {}, token)).code).toBe(200);
    expect((await t.call('/sapi/sys/user/edit', { id: u.data.id, status: -1 }, admin)).code).toBe(200);
    expect((await t.call('/sapi/sys/user/current/detail', {}, token)).code).toBe(600);
    const id = await captcha();
    expect((await loginRaw({ username: 'clerk1', password: 'secret-1', captcha: CAPTCHA_ANSWER, captchaId: id })).msg).toBe('This account is locked');
  });

  it('rotates an old token: the new one comes in X-New-Token, the old one lasts a grace minute', async () => {
    const token = await t.login();
    await t.database.db.execute(sql`update sys_session set issued_at = now() - interval '13 hours' where token = ${sessionTokenHash(token)}`);
    const res = await t.app.inject({ method: 'POST', url: '/sapi/sys/user/current/detail', payload: {}, headers: { 'x-token': token } });
    const fresh = res.headers['x-new-token'] as string;
    expect(res.json().code).toBe(200);
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.call('/sapi/sys/user/current/detail', {}, fresh)).code).toBe(200);
    expect((await t.call('/sapi/sys/user/current/detail', {}, token)).code).toBe(200); // grace period
    await t.database.db.execute(sql`update sys_session set expires_at = now() - interval '1 second' where token = ${sessionTokenHash(token)}`);
    expect((await t.call('/sapi/sys/user/current/detail', {}, token)).code).toBe(600);
  });

  it('slides the idle expiry with use', async () => {
    const token = await t.login();
    await t.database.db.execute(sql`update sys_session set expires_at = now() + interval '10 minutes' where token = ${sessionTokenHash(token)}`);
    expect((await t.call('/sapi/sys/user/current/detail', {}, token)).code).toBe(200);
    const rows = await t.database.db.execute(sql`select extract(epoch from expires_at - now()) as left_s from sys_session where token = ${sessionTokenHash(token)}`);
    expect(Number((rows as unknown as { rows: Array<{ left_s: string }> }).rows[0].left_s)).toBeGreaterThan(3600);
  });

  it('answers an unknown /sapi path with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/sapi/nothing/here', payload: {} });
    expect(res.json().code).toBe(404);
  });
});
