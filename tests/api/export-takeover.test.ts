/**
 * An export outlives the instance that ran it (issue 28 "an export whose instance is killed with SIGKILL is
 * finished by the other and downloadable from it"): two instances on one PostgreSQL database, each with its own
 * data folder, A in a process of its own (./server-process.ts). An inventory export of 60,000 rows starts on A;
 * A is killed with SIGKILL while the export is still CREATED; once its heartbeat is older than the lease
 * (exports/jobs.ts STALE_SECONDS, aged here in the database rather than waited for), B's exportSweep takes the
 * export over, finishes it, and B serves the workbook with every row. Needs DATABASE_URL (skipped without).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportStatus, JobRunStatus } from '../../generated/shared/enums';
import { ADMIN_PASSWORD, CAPTCHA_ANSWER, createTestDatabase, startTestApp, type TestApp } from './harness';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ROWS = 60_000;
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

describe.skipIf(!process.env.DATABASE_URL)('an export taken over after SIGKILL (PostgreSQL)', () => {
  let url = '';
  let drop: (() => Promise<void>) | undefined;
  let b: TestApp;
  let child: ChildProcess | undefined;
  const dirs: string[] = [];

  beforeAll(async () => {
    process.env.WMS_SECRET_KEY = 'export-takeover-test-key-0123456789';
    ({ url, drop } = await createTestDatabase());
    const dir = mkdtempSync(join(tmpdir(), 'wms-b-'));
    dirs.push(dir);
    b = await startTestApp('pglite', { databaseUrl: url, dataDir: dir });
    // 60,000 SKUs of the demo's first owner, each with stock in its first warehouse
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query(`insert into wms_sku_category (name) values ('Takeover') on conflict do nothing`);
    await db.query(`insert into wms_sku (owner_id, company_id, sku, name, enable, category_id, weight)
      select o.id, o.company_id, 'TK-' || lpad(g::text, 6, '0'), 'Takeover item ' || g, true, (select id from wms_sku_category where name = 'Takeover'), 1
      from generate_series(1, ${ROWS}) g cross join (select id, company_id from wms_owner order by id limit 1) o`);
    await db.query(`insert into wms_inventory (company_id, warehouse_id, owner_id, sku_id, batch_no, qty, lock_qty)
      select s.company_id, (select id from wms_warehouse order by id limit 1), s.owner_id, s.id, '', 5, 0 from wms_sku s where s.sku like 'TK-%'`);
    await db.end();
  }, 120_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await b?.close();
    await drop?.();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('B finishes the export A was writing when it was killed, and serves it', { timeout: 180_000 }, async () => {
    const dirA = mkdtempSync(join(tmpdir(), 'wms-a-'));
    dirs.push(dirA);
    child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'server-process.ts'), 'pglite', JSON.stringify({ databaseUrl: url, dataDir: dirA, seedDemo: false, seedReference: 'none' })], {
      stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env },
    });
    const first = await new Promise<string>((ok, fail) => {
      createInterface({ input: child!.stdout! }).once('line', ok);
      child!.once('exit', (code) => fail(new Error(`instance A exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${(JSON.parse(first) as { port: number }).port}`;
    const post = async (path: string, body: unknown, token?: string, form = false): Promise<Rec> => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST', body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
        headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', ...(token ? { 'x-token': token } : {}) },
      });
      return (await res.json()) as Rec;
    };
    const cap = await post('/sapi/captcha/get', { type: 1, time: Date.now() });
    const login = await post('/sapi/sys/user/login', { username: 'admin', password: ADMIN_PASSWORD, captcha: CAPTCHA_ANSWER, captchaId: cap.data.captchaId }, undefined, true);
    expect(login.code, login.msg).toBe(200);
    const token = login.data.token as string;

    const started = await post('/sapi/wms/sku-inventory/exportExcel', {}, token);
    expect(started.code, started.msg).toBe(200);
    const id = started.data.id as string;
    await sleep(300);
    child.kill('SIGKILL');
    await new Promise((ok) => child!.once('exit', ok));
    const query = async () => (await b.call('/sapi/sys/fileExport/query', { id }, token)).data as Rec;
    // A died mid-way: the export is still CREATED (a test that could not fail otherwise)
    expect((await query()).exportStatus).toBe(ExportStatus.CREATED);

    // the lease passes (aged in the database), then B's sweep claims the job and runs it
    const pgc = new pg.Client({ connectionString: url });
    await pgc.connect();
    await pgc.query(`update sys_file_export set heartbeat_at = now() - interval '10 minutes' where id = $1`, [id]);
    await pgc.end();
    const sweep = ((await b.call('/sapi/sys/job/list', {}, token)).data as Rec[]).find((j) => j.beanName === 'exportSweep')!;
    const { data: run } = await b.call('/sapi/sys/job/runNow', { id: sweep.id }, token);
    await expect.poll(async () => (await b.call('/sapi/sys/job-log/detail', { id: run.logId }, token)).data.status, { timeout: 20_000 }).toBe(JobRunStatus.SUCCESS);
    await expect.poll(async () => (await query()).exportStatus, { timeout: 150_000, interval: 500 }).toBe(ExportStatus.SUCCESS);

    const done = await query();
    const res = await b.app.inject({ method: 'GET', url: done.downloadUrl, headers: { 'x-token': token } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets.reduce((n, ws) => n + ws.actualRowCount, 0);
    expect(rows).toBeGreaterThanOrEqual(ROWS);
  });
});
