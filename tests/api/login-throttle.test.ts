/**
 * Login throttling (issue 12 "Login"; README "Login throttling"): growing waits, locks per user name and per
 * IP with a message saying until when, admin unlock, the login log, state shared by two app instances on one
 * database, and the time of a wrong password for an unknown name vs an existing one.
 * The app runs with shorter rules than the defaults (`RULES`) so the suite stays quick; the default numbers
 * are checked in tests/unit/login-throttle.test.ts.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/connect';
import type { LoginThrottleSettings } from '../../src/server/domain/login-throttle';
import { ADMIN_PASSWORD, CAPTCHA_ANSWER, startTestApp, testDatabases, type TestApp } from './harness';

const RULES: Partial<LoginThrottleSettings> = { userFreeFailures: 2, ipFreeFailures: 6, delayBaseMs: 150, delayCapMs: 600, userLockAfter: 5, ipLockAfter: 8 };
const PASSWORD = 'secret-1';
const WRONG = 'Wrong user name or password';
const LOCKED_EN = /^Too many failed logins for this user name: logins are locked until ((?:\d{4}-\d\d-\d\d )?\d\d:\d\d) \(another (\d+) min\)\. Try again then, or ask an administrator to unlock it$/;

type Answer = { code: number; msg: string; data: { token?: string } | null; ms: number };

describe.each(testDatabases())('login throttling on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const users: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(kind, { loginThrottle: RULES });
    admin = await t.login();
    for (const name of ['victim', 'resetter', 'timer', 'shared']) {
      const r = await t.call('/sapi/sys/user/add', { name, password: PASSWORD, roleIds: [], warehouseIds: [-1], ownerIds: [-1] }, admin);
      expect(r.code, r.msg).toBe(200);
      users[name] = r.data.id;
    }
  });
  afterAll(async () => { await t?.close(); });

  /** One login through `app` (default: the test app) from `ip`, with a fresh captcha; `ms` is the time of the login call. */
  const attempt = async (username: string, password: string, ip: string, headers: Record<string, string> = {}, app = t.app): Promise<Answer> => {
    const cap = (await app.inject({ method: 'POST', url: '/sapi/captcha/get', payload: { type: 1, time: Date.now() } })).json();
    const started = performance.now();
    const res = await app.inject({
      method: 'POST', url: '/sapi/sys/user/login', remoteAddress: ip,
      payload: new URLSearchParams({ username, password, captcha: CAPTCHA_ANSWER, captchaId: cap.data.captchaId }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
    return { ...res.json(), ms: performance.now() - started };
  };
  const log = async (name: string) => ((await t.database.db.execute(sql`select user_name, ip, outcome, locked_until, by_user_id from sys_login_attempt where user_name = ${name} order by id`)) as unknown as { rows: Array<{ user_name: string; ip: string; outcome: string; locked_until: string | Date | null; by_user_id: number | null }> }).rows;

  it('waits longer after each failure of a name (0, 0, 0.15, 0.3, 0.6 s) without holding up other calls', async () => {
    const times: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await attempt('victim', 'wrong-pass', '10.1.0.1');
      expect(r).toMatchObject({ code: 400, msg: WRONG });
      times.push(r.ms);
    }
    // the 3rd and 4th failures waited the first two steps of the schedule; the first did not wait
    expect(times[2]).toBeGreaterThanOrEqual(150);
    expect(times[3]).toBeGreaterThanOrEqual(300);
    expect(times[0]).toBeLessThan(times[3]);
    // the 5th waits 0.6 s on a timer: meanwhile other calls are answered
    const fifth = attempt('victim', 'wrong-pass', '10.1.0.1');
    await new Promise((ok) => setTimeout(ok, 50));
    const started = performance.now();
    const cap = await t.call('/sapi/captcha/get', { type: 1, time: Date.now() });
    expect(cap.code).toBe(200);
    expect(performance.now() - started).toBeLessThan(400);
    const r5 = await fifth;
    expect(r5.ms).toBeGreaterThanOrEqual(600);
    // ... and it was the 5th failure: the name is locked now, said in words
    expect(r5.code).toBe(400);
    expect(r5.msg).toMatch(LOCKED_EN);
    expect(r5.msg.match(LOCKED_EN)![2]).toBe('15');
  });

  it('refuses the right password while the name is locked, from any address, in the caller\'s language and time zone', async () => {
    const [lock] = (await log('victim')).filter((r) => r.outcome === 'lock_user');
    const until = new Date(lock.locked_until!);
    // the wall time in zone UTC+h; a lock ending on another day there (near its midnight) also names the date
    const inZone = (h: number) => {
      const shift = (ms: number) => new Date(ms + h * 3_600_000).toISOString();
      const [day, time] = [shift(until.getTime()).slice(0, 10), shift(until.getTime()).slice(11, 16)];
      return day === shift(Date.now()).slice(0, 10) ? time : `${day} ${time}`;
    };
    const en = await attempt('victim', PASSWORD, '10.1.0.2', { 'x-time-zone': '+8' });
    expect(en.code).toBe(400);
    expect(en.msg.match(LOCKED_EN)?.[1]).toBe(inZone(8));
    const zh = await attempt('victim', PASSWORD, '10.1.0.3', { 'x-lang': 'zh', 'x-time-zone': '-5' });
    expect(zh).toMatchObject({ code: 400, data: null });
    expect(zh.msg).toBe(`该用户名登录失败次数过多，登录已锁定至 ${inZone(-5)}（还需 15 分钟），请届时再试或请管理员解锁`);
  });

  it('records every failure, the lock and the refused attempts with name, address, time and outcome', async () => {
    const rows = await log('victim');
    expect(rows.map((r) => r.outcome)).toEqual(['fail', 'fail', 'fail', 'fail', 'fail', 'lock_user', 'locked', 'locked']);
    expect(rows.map((r) => r.ip)).toEqual(['10.1.0.1', '10.1.0.1', '10.1.0.1', '10.1.0.1', '10.1.0.1', '10.1.0.1', '10.1.0.2', '10.1.0.3']);
    const at = ((await t.database.db.execute(sql`select count(*)::int as n from sys_login_attempt where user_name = 'victim' and at > now() - interval '1 minute'`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n;
    expect(at).toBe(8);
  });

  it('lets an administrator unlock the name (user edit code); the right password then works', async () => {
    const plain = await userWithoutEdit();
    expect((await t.call('/sapi/sys/user/unlockLogin', { id: users.victim }, plain)).code).toBe(403);
    expect((await t.call('/sapi/sys/user/unlockLogin', { id: 999_999 }, admin)).code).toBe(404);
    const r = await t.call('/sapi/sys/user/unlockLogin', { id: users.victim }, admin);
    expect(r).toMatchObject({ code: 200, data: { wasLocked: true } });
    const rows = await log('victim');
    expect(rows.at(-1)).toMatchObject({ outcome: 'unlock', by_user_id: expect.any(Number) });
    const ok = await attempt('victim', PASSWORD, '10.1.0.1');
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data?.token).toMatch(/^[0-9a-f]{64}$/);
    // unlocking a name that is not locked says so
    expect((await t.call('/sapi/sys/user/unlockLogin', { id: users.victim }, admin)).data).toEqual({ wasLocked: false });
  });

  async function userWithoutEdit(): Promise<string> {
    const role = await t.call('/sapi/sys/role/add', { code: 'r_viewer', name: 'Viewer', permissionCodes: ['warehouse', 'warehouse:list'] }, admin);
    const u = await t.call('/sapi/sys/user/add', { name: 'viewer', password: PASSWORD, roleIds: [role.data.id], warehouseIds: [-1], ownerIds: [-1] }, admin);
    expect(u.code, u.msg).toBe(200);
    return t.login('viewer', PASSWORD);
  }

  it('counts a name\'s failures from its last success', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('resetter', 'wrong-pass', '10.2.0.1')).msg).toBe(WRONG);
    expect((await attempt('resetter', PASSWORD, '10.2.0.1')).code).toBe(200);
    // 3 + 4 failures would lock; 4 after the success do not
    for (let i = 0; i < 4; i++) expect((await attempt('resetter', 'wrong-pass', '10.2.0.2')).msg).toBe(WRONG);
    expect((await attempt('resetter', 'wrong-pass', '10.2.0.2')).msg).toMatch(LOCKED_EN);
  });

  it('locks an address after its threshold of failures, whatever the names, with its own message', async () => {
    const ip = '10.3.0.1';
    for (let i = 1; i <= 7; i++) expect((await attempt(`nobody${i}`, 'wrong-pass', ip)).msg).toBe(WRONG);
    const eighth = await attempt('nobody8', 'wrong-pass', ip);
    expect(eighth.ms).toBeGreaterThanOrEqual(300); // the 7th and 8th failures of the address waited
    expect(eighth.msg).toMatch(/^Too many failed logins from your network address: logins from it are locked until (?:\d{4}-\d\d-\d\d )?\d\d:\d\d \(another 15 min\)$/);
    // the right password of a real user from that address is refused; from another address it works
    expect((await attempt('timer', PASSWORD, ip)).msg).toMatch(/from your network address/);
    expect((await attempt('timer', PASSWORD, '10.3.0.2')).code).toBe(200);
    const rows = ((await t.database.db.execute(sql`select outcome from sys_login_attempt where ip = ${ip} order by id`)) as unknown as { rows: Array<{ outcome: string }> }).rows;
    expect(rows.map((r) => r.outcome)).toEqual([...Array(8).fill('fail'), 'lock_ip', 'locked']);
  });

  it('keeps the counters in the database: two app instances on one database share failures and locks', async () => {
    const database2 = kind === 'postgres' ? await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: 'memory://' }) : t.database;
    const app2 = await buildApp({ database: database2, config: t.config });
    try {
      // failures alternate between the instances: the 5th locks the name, on both
      for (let i = 0; i < 4; i++) expect((await attempt('shared', 'wrong-pass', '10.4.0.1', {}, i % 2 ? app2 : t.app)).msg).toBe(WRONG);
      expect((await attempt('shared', 'wrong-pass', '10.4.0.1', {}, app2)).msg).toMatch(LOCKED_EN);
      expect((await attempt('shared', PASSWORD, '10.4.0.2', {}, t.app)).msg).toMatch(LOCKED_EN);
      expect((await attempt('shared', PASSWORD, '10.4.0.2', {}, app2)).msg).toMatch(LOCKED_EN);
    } finally {
      await app2.close();
      if (database2 !== t.database) await database2.close();
    }
  });

  it('takes as long for an unknown name as for an existing one (medians within 2x)', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      // a fresh address each round and a success after each failure: no wait applies, only the checks are timed
      const ip = `10.5.0.${i + 1}`;
      const a = await attempt('timer', 'wrong-pass', ip);
      const b = await attempt(`ghost${i}`, 'wrong-pass', ip);
      expect(a.msg).toBe(WRONG);
      expect(b.msg).toBe(WRONG);
      known.push(a.ms);
      unknown.push(b.ms);
      expect((await attempt('timer', PASSWORD, ip)).code).toBe(200);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const [k, u] = [median(known), median(unknown)];
    expect(Math.max(k, u) / Math.min(k, u), `medians: existing ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(2);
  });

  it('refuses a name with NUL at the edge (nothing recorded), and records a long wrong name cut to 100 characters', async () => {
    const nul = await attempt('vic\0tim', PASSWORD, '10.8.0.1');
    expect(nul.code).toBe(400);
    expect(nul.msg).not.toBe(WRONG);
    expect(await attempt('n'.repeat(500), PASSWORD, '10.8.0.1')).toMatchObject({ code: 400, msg: WRONG });
    const rows = ((await t.database.db.execute(sql`select user_name, outcome from sys_login_attempt where ip = '10.8.0.1' order by id`)) as unknown as { rows: Array<{ user_name: string; outcome: string }> }).rows;
    expect(rows).toEqual([{ user_name: 'n'.repeat(100), outcome: 'fail' }]);
  });

  it('still logs the admin in with the seeded password (the throttle leaves successes alone)', async () => {
    expect((await attempt('admin', ADMIN_PASSWORD, '10.6.0.1')).code).toBe(200);
  });
});
