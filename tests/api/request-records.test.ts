/**
 * Request records and HTTP exception logs (issue 15; docs/records.md), on PGlite and PostgreSQL: every /sapi
 * call is a row (user, path, envelope code, ms, IP, user agent, redacted body), passwords, tokens, captcha
 * answers and file contents never reach the table, an injected 500 (WMS_TEST_HOOKS) is in the exception log
 * with its stack, a full queue drops and counts, the lists filter, and the retention handlers prune.
 */
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exceptionHttpLog, requestRecord } from '../../generated/db/schema';
import { jobHandler } from '../../src/server/domain/jobs/registry';
import { ADMIN_PASSWORD, CAPTCHA_ANSWER, startTestApp, testDatabases, userWith, type TestApp } from './harness';

type Row = Record<string, unknown>;

/** Closes the app (the recorder writes its queue in onClose) only at the end; `flush` goes through stats-less close. */
async function rows(t: TestApp, table: 'sys_request_record' | 'sys_exception_http_log'): Promise<Row[]> {
  const res = await t.database.db.execute(sql.raw(`select * from ${table} order by id`));
  return (Array.isArray(res) ? res : (res as { rows: Row[] }).rows) as Row[];
}

/** Waits until the recorder's timer wrote what is queued (flushMs is short in these tests). */
async function settled(t: TestApp, token: string): Promise<Row> {
  for (let i = 0; i < 100; i++) {
    const s = (await t.call('/sapi/sys/request-record/stats', {}, token)).data as Row;
    // the stats call itself is queued after it answers: wait for an empty queue
    if (s.queued === 0 && s.exceptionsQueued === 0) return s;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the recorder never emptied its queue');
}

describe.each(testDatabases())('request records on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { testHooks: true, requestRecords: { flushMs: 20 } });
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records every call with user, path, code, duration, IP, user agent and the body', async () => {
    const res = await t.call('/sapi/wms/warehouse/page', { current: 1, size: 5, name: 'Riyadh' }, admin, { 'user-agent': 'records-test/1.0' });
    expect(res.code).toBe(200);
    const bad = await t.call('/sapi/wms/warehouse/page', { current: 'x' }, admin);
    expect(bad.code).toBe(400);
    await t.app.inject({ method: 'POST', url: '/sapi/no/such/call?token=abc', payload: {}, headers: { 'x-token': admin } });
    await settled(t, admin);
    const all = await rows(t, 'sys_request_record');
    const page = all.find((r) => r.path === '/sapi/wms/warehouse/page' && r.code === 200)!;
    expect(page).toMatchObject({ user_name: 'admin', method: 'POST', user_agent: 'records-test/1.0' });
    expect(JSON.parse(String(page.body))).toEqual({ current: 1, size: 5, name: 'Riyadh' });
    expect(page.duration_ms).toBeGreaterThanOrEqual(0);
    expect(typeof page.ip).toBe('string');
    expect(all.some((r) => r.path === '/sapi/wms/warehouse/page' && r.code === 400)).toBe(true);
    expect(all.some((r) => r.path === '/sapi/no/such/call' && r.code === 404)).toBe(true);
    // a call without a session: recorded with its 600 and no user
    await t.call('/sapi/wms/warehouse/page', {}, undefined);
    await settled(t, admin);
    const anon = (await rows(t, 'sys_request_record')).filter((r) => r.code === 600);
    expect(anon.length).toBeGreaterThan(0);
    expect(anon[0].user_name).toBeNull();
  });

  it('never stores passwords, tokens, captcha answers or file contents', async () => {
    const wrong = 'Wrong-Secret-Pw-93';
    // the login form: the name typed is the record's user, password and captcha answer are redacted
    const cap = await t.call('/sapi/captcha/get', { type: 1, time: Date.now() });
    await t.app.inject({
      method: 'POST', url: '/sapi/sys/user/login',
      payload: new URLSearchParams({ username: 'admin', password: wrong, captcha: CAPTCHA_ANSWER, captchaId: cap.data.captchaId }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await t.call('/sapi/sys/user/current/edit', { oldPassword: ADMIN_PASSWORD, password: 'New-Secret-Pw-77', confirmPassword: 'New-Secret-Pw-77', token: 'tok-SECRET-123' }, admin);
    // an upload: the file's bytes are never read into the record
    const boundary = 'records-boundary';
    const fileBytes = 'FILE-CONTENT-MARKER-'.repeat(50);
    const multipart = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n${fileBytes}\r\n--${boundary}--\r\n`);
    await t.app.inject({ method: 'POST', url: '/sapi/sys/file/upload?fileType=1', payload: Readable.from([multipart]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-upload-token': admin } });
    // file contents sent as JSON (a data URL, a base64 text)
    await t.call('/sapi/wms/warehouse/page', { name: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB', fileContent: 'QUJD'.repeat(100) }, admin);
    await t.call('/sapi/test/fail500', { password: 'Fail-Secret-Pw-55' }, admin);
    await settled(t, admin);

    const stored = JSON.stringify([...(await rows(t, 'sys_request_record')), ...(await rows(t, 'sys_exception_http_log'))]);
    for (const secret of [wrong, CAPTCHA_ANSWER, ADMIN_PASSWORD, 'New-Secret-Pw-77', 'tok-SECRET-123', 'FILE-CONTENT-MARKER', 'iVBORw0KGgo', 'QUJDQUJD', 'Fail-Secret-Pw-55', admin]) {
      expect(stored, secret).not.toContain(secret);
    }
    const all = await rows(t, 'sys_request_record');
    const login = all.filter((r) => r.path === '/sapi/sys/user/login').at(-1)!;
    expect(login.user_name).toBe('admin');
    expect(JSON.parse(String(login.body))).toMatchObject({ username: 'admin', password: '[redacted]', captcha: '[redacted]', captchaId: cap.data.captchaId });
    const upload = all.find((r) => r.path === '/sapi/sys/file/upload')!;
    expect(upload.body).toMatch(/^"\[multipart: \d+ bytes\]"$/);
  });

  it('records a login name holding NUL without losing the batch it is in', async () => {
    const cap = await t.call('/sapi/captcha/get', { type: 1, time: Date.now() });
    await t.app.inject({
      method: 'POST', url: '/sapi/sys/user/login',
      payload: `username=nul%00name&password=x&captcha=${CAPTCHA_ANSWER}&captchaId=${cap.data.captchaId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await t.call('/sapi/wms/warehouse/page', { remark: 'after-nul' }, admin);
    const s = await settled(t, admin);
    expect(s.failed).toBe(0);
    const all = await rows(t, 'sys_request_record');
    expect(all.some((r) => r.user_name === 'nulname')).toBe(true);
    expect(all.some((r) => String(r.body).includes('after-nul'))).toBe(true);
  });

  it('caps a large body at 4 KB', async () => {
    await t.call('/sapi/wms/warehouse/page', { name: 'north '.repeat(500), remark: 'red '.repeat(750), address: 'a b'.repeat(1000) }, admin);
    await settled(t, admin);
    const last = (await rows(t, 'sys_request_record')).filter((r) => r.path === '/sapi/wms/warehouse/page').at(-1)!;
    expect(String(last.body).length).toBeLessThanOrEqual(4096 + 10);
    expect(String(last.body)).toMatch(/…\[cut\]$/);
  });

  it('logs an injected 500 with its stack, path, user and redacted body', async () => {
    const res = await t.call('/sapi/test/fail500', { password: 'x-secret-x', note: 'hello' }, admin);
    expect(res.code).toBe(500);
    await settled(t, admin);
    const log = (await rows(t, 'sys_exception_http_log')).at(-1)!;
    expect(log).toMatchObject({ path: '/sapi/test/fail500', user_name: 'admin', method: 'POST' });
    expect(String(log.message)).toContain('injected failure');
    expect(String(log.stack)).toMatch(/at .*app\.ts/);
    expect(JSON.parse(String(log.body))).toEqual({ password: '[redacted]', note: 'hello' });
    const rec = (await rows(t, 'sys_request_record')).filter((r) => r.path === '/sapi/test/fail500').at(-1)!;
    expect(rec.code).toBe(500);
  });

  it('lists records with filters by user, path, code, duration and time; only for request_record', async () => {
    await t.database.db.insert(requestRecord).values([
      { userName: 'slow-user', path: '/sapi/x/slow', method: 'POST', code: 200, durationMs: 2500, addDate: new Date('2024-01-02T10:00:00Z') },
      { userName: 'slow-user', path: '/sapi/x/fast', method: 'POST', code: 409, durationMs: 3, addDate: new Date('2024-01-03T10:00:00Z') },
    ]);
    const page = async (q: Row) => (await t.call('/sapi/sys/request-record/page', { current: 1, size: 50, ...q }, admin)).data.records as Row[];
    expect((await page({ userName: 'slow-us' })).map((r) => r.path).sort()).toEqual(['/sapi/x/fast', '/sapi/x/slow']);
    expect((await page({ userName: 'slow-user', durationMin: 1000 })).map((r) => r.path)).toEqual(['/sapi/x/slow']);
    expect((await page({ userName: 'slow-user', code: 409 })).map((r) => r.path)).toEqual(['/sapi/x/fast']);
    expect((await page({ path: 'x/sl' })).map((r) => r.path)).toEqual(['/sapi/x/slow']);
    expect((await page({ userName: 'slow-user', addDateStart: '2024-01-03', addDateEnd: '2024-01-03' })).map((r) => r.path)).toEqual(['/sapi/x/fast']);
    const badMin = await t.call('/sapi/sys/request-record/page', { durationMin: 'x' }, admin);
    expect(badMin.code).toBe(400);
    // read-only: no direct writes
    expect(await t.call('/sapi/sys/request-record/add', { path: '/x', code: 1, durationMs: 1 }, admin)).toMatchObject({ code: 400, msg: 'Request records are written by the server only' });
    // a user without the code is refused; one with it reads
    const plain = await userWith(t, admin, { codes: ['warehouse'], name: 'norecords' });
    expect((await t.call('/sapi/sys/request-record/page', {}, plain.token)).code).toBe(403);
    expect((await t.call('/sapi/sys/exception-http-log/page', {}, plain.token)).code).toBe(403);
    expect((await t.call('/sapi/sys/request-record/stats', {}, plain.token)).code).toBe(403);
    const auditor = await userWith(t, admin, { codes: ['request_record', 'exception_http_log'], name: 'auditor' });
    expect((await t.call('/sapi/sys/request-record/page', {}, auditor.token)).code).toBe(200);
    const logs = await t.call('/sapi/sys/exception-http-log/page', { path: 'fail500' }, auditor.token);
    expect(logs.data.records.length).toBeGreaterThan(0);
    expect(logs.data.records[0].stack).toContain('injected failure');
  });

  it('retention handlers delete rows older than the job\'s days, and refuse bad parameters', async () => {
    const db = t.database.db;
    const now = new Date();
    const old = new Date(now.getTime() - 40 * 86_400_000);
    await db.insert(requestRecord).values([{ path: '/sapi/old', code: 200, durationMs: 1, addDate: old }, { path: '/sapi/recent', code: 200, durationMs: 1, addDate: new Date(now.getTime() - 86_400_000) }]);
    await db.insert(exceptionHttpLog).values([{ path: '/sapi/old', addDate: old }, { path: '/sapi/recent', addDate: now }]);
    const run = (bean: string, params: Row) => jobHandler(bean)!.run({ db, params, signal: new AbortController().signal, fireTime: now, dataDir: 'memory://' });
    await settled(t, admin);
    const msg = await run('requestRecordRetention', { days: 30 });
    const after = await rows(t, 'sys_request_record');
    // only the 40-day-old row and the two 2024 rows of the list test go
    expect(msg).toEqual({ en: 'Deleted 3 rows older than 30 days', zh: '已删除 3 行超过 30 天的记录' });
    expect(after.some((r) => r.path === '/sapi/old' || String(r.path).startsWith('/sapi/x/'))).toBe(false);
    expect(after.some((r) => r.path === '/sapi/recent')).toBe(true);
    expect(after.some((r) => r.path === '/sapi/wms/warehouse/page')).toBe(true);
    expect(await run('exceptionHttpLogRetention', {})).toMatchObject({ en: 'Deleted 1 rows older than 30 days' });
    expect((await rows(t, 'sys_exception_http_log')).some((r) => r.path === '/sapi/recent')).toBe(true);
    await expect(run('requestRecordRetention', { days: 0 })).rejects.toThrow(/days must be a whole number/);
    await expect(run('requestRecordRetention', { days: '7' })).rejects.toThrow(/days must be a whole number/);
    const aborted = new AbortController();
    aborted.abort();
    await expect(jobHandler('requestRecordRetention')!.run({ db, params: {}, signal: aborted.signal, fireTime: now, dataDir: '' })).rejects.toThrow();
    expect(jobHandler('requestRecordRetention')!.defaults).toMatchObject({ cron: '0 3 * * *', params: { days: 30 } });
  });
});

describe.each(testDatabases())('a full record queue on %s', (kind) => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('drops records past the queue limit, counts and logs the drops, writes the rest on close', async () => {
    const lines: Row[] = [];
    const { Writable } = await import('node:stream');
    const stream = new Writable({ write(chunk, _e, done) { for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l)); done(); } });
    // a timer that never fires during the test: only the limit decides
    t = await startTestApp(kind, { requestRecords: { flushMs: 3_600_000, queueLimit: 5, batchRows: 1000 } }, { level: 'warn', stream });
    const token = await t.login(); // captcha + login: 2 records
    for (let i = 0; i < 10; i++) await t.call('/sapi/wms/warehouse/page', {}, token);
    const stats = (await t.call('/sapi/sys/request-record/stats', {}, token)).data as Row;
    expect(stats).toMatchObject({ enabled: true, queued: 5, written: 0, dropped: 7 });
    const database = t.database;
    await t.app.close(); // onClose writes the queue
    const written = await database.db.execute(sql`select count(*)::int as n from sys_request_record`);
    const n = (Array.isArray(written) ? written : (written as { rows: Row[] }).rows)[0].n;
    expect(n).toBe(5);
    expect(lines.some((l) => l.level === 40 && /request records dropped: 8/.test(String(l.msg)))).toBe(true);
  });
});

describe('request records switched off', () => {
  it('writes nothing and adds no hooks when WMS_REQUEST_RECORDS=0', async () => {
    const t = await startTestApp('pglite', { requestRecords: { enabled: false } });
    try {
      const token = await t.login();
      await t.call('/sapi/wms/warehouse/page', {}, token);
      expect((await t.call('/sapi/sys/request-record/stats', {}, token)).data).toMatchObject({ enabled: false, queued: 0, written: 0 });
      expect(await rows(t, 'sys_request_record')).toEqual([]);
      // the test hook is off unless asked for
      expect((await t.app.inject({ method: 'POST', url: '/sapi/test/fail500', payload: {}, headers: { 'x-token': token } })).json().code).toBe(404);
    } finally {
      await t.close();
    }
  });
});
