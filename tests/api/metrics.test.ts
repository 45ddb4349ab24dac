/**
 * Prometheus metrics (issue 28; src/server/http/metrics.ts): GET /metrics wants the bearer token (404 without a
 * configured one, 401 without the right one), its counters move with the calls, the route label is the route's
 * pattern, the pool, scheduler, import, export and request-record metrics are there, and WMS_METRICS_PORT's server answers
 * on 127.0.0.1 without a token.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportStatus } from '../../generated/shared/enums';
import { registerJobHandler } from '../../src/server/domain/jobs/registry';
import { serveMetricsPort } from '../../src/server/http/metrics';
import { startTestApp, testDatabases, uploadXlsx, waitImportJob, type TestApp } from './harness';

const TOKEN = 'metrics-token-0123456789';
registerJobHandler({ bean: 'metricsTestFail', title: { en: 'Always fails', zh: '总是失败' }, async run() { throw new Error('planned failure'); } });

/** The value of the sample `name{labels}` in a scrape (labels in the order prom-client writes them), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`).join(',');
  const line = text.split('\n').find((l) => (want ? l.startsWith(`${name}{${want}}`) : l.startsWith(`${name} `)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe.each(testDatabases())('metrics on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    t = await startTestApp(kind, { metricsToken: TOKEN, requestRecords: { queueLimit: 2, flushMs: 60_000 } });
    admin = await t.login();
  });
  afterAll(async () => { await t?.close(); });

  it('wants the bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(wrong.body).not.toMatch(/wms_http_requests_total/);
    const right = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('is not there without a configured token', async () => {
    const other = await startTestApp(kind);
    try {
      const res = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/wms_/);
    } finally {
      await other.close();
    }
  });

  it('counts calls per route pattern, status and envelope code, with their durations', async () => {
    const labels = { method: 'POST', route: '/sapi/wms/warehouse/page', status: '200', code: '200' };
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await t.call('/sapi/wms/warehouse/page', {}, admin)).code).toBe(200);
    expect((await t.call('/sapi/wms/warehouse/page', { current: 'x' }, admin)).code).toBe(400);
    const key = '2026/01/02/0b0c1d2e-3f40-4152-8364-758697a8b9ca.png';
    await t.app.inject({ method: 'GET', url: `/sapi/sys/file/get/${key}` });
    await t.app.inject({ method: 'GET', url: '/no/such/page' });
    const after = await scrape();
    expect(sample(after, 'wms_http_requests_total', labels) - sample(before, 'wms_http_requests_total', labels)).toBe(3);
    expect(sample(after, 'wms_http_requests_total', { ...labels, code: '400' }) - sample(before, 'wms_http_requests_total', { ...labels, code: '400' })).toBe(1);
    const hist = { method: 'POST', route: '/sapi/wms/warehouse/page', status: '200' };
    expect(sample(after, 'wms_http_request_duration_seconds_count', hist) - sample(before, 'wms_http_request_duration_seconds_count', hist)).toBe(4);
    // the pattern, never the raw address
    expect(after).toMatch(/wms_http_requests_total\{method="GET",route="\/sapi\/sys\/file\/get\/\*",status="\d+"/);
    expect(after).not.toContain(key);
    expect(after).toMatch(/wms_http_requests_total\{method="GET",route="\(unmatched\)",status="404"/);
    expect(after).not.toContain('/no/such/page');
  });

  it('shows the database pool, scheduler runs, export and import jobs and request-record drops', async () => {
    const text0 = await scrape();
    expect(sample(text0, 'wms_db_pool_connections', { database: kind })).toBeGreaterThanOrEqual(1);
    expect(text0).toMatch(new RegExp(`^wms_db_pool_waiting\\{database="${kind}"\\} \\d+$`, 'm'));
    expect(text0).toMatch(/^wms_process_resident_memory_bytes \d+/m);

    // a task that fails: one fire, one failure
    const task = await t.call('/sapi/sys/job/add', { name: 'metrics fail', beanName: 'metricsTestFail', cronExpression: '0 0 1 1 *', retryCount: 0, retryInterval: 0 }, admin);
    expect(task.code, task.msg).toBe(200);
    expect((await t.call('/sapi/sys/job/runNow', { id: task.data.id }, admin)).code).toBe(200);
    let text = await scrape();
    for (let i = 0; i < 100 && !sample(text, 'wms_scheduler_failures_total', { bean: 'metricsTestFail' }); i++) {
      await new Promise((ok) => setTimeout(ok, 20));
      text = await scrape();
    }
    expect(sample(text, 'wms_scheduler_fires_total', { bean: 'metricsTestFail' })).toBe(1);
    expect(sample(text, 'wms_scheduler_failures_total', { bean: 'metricsTestFail' })).toBe(1);

    // an export: started and finished
    const started = await t.call('/sapi/wms/sku-inventory/exportExcel', {}, admin);
    expect(started.code, started.msg).toBe(200);
    for (let i = 0; i < 200; i++) {
      const job = await t.call('/sapi/sys/fileExport/query', { id: started.data.id }, admin);
      if (job.data.exportStatus !== ExportStatus.CREATED) break;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    text = await scrape();
    expect(sample(text, 'wms_jobs_total', { type: 'export', kind: 'inventory', event: 'started' })).toBe(1);
    expect(sample(text, 'wms_jobs_total', { type: 'export', kind: 'inventory', event: 'finished' })).toBe(1);

    // an import of a file that is no workbook: started and failed
    const owners = (await t.call('/sapi/wms/owner/list', {}, admin)).data as { id: number }[];
    const file = await uploadXlsx(t, Buffer.from('this is not a zip file'), admin);
    const imported = await t.call('/sapi/wms/sku/excel/import', { ownerId: owners[0].id, ...file }, admin);
    expect(imported.code, imported.msg).toBe(200);
    expect((await waitImportJob(t, imported.data.id, admin)).status).toBe(3);
    text = await scrape();
    for (let i = 0; i < 100 && !sample(text, 'wms_jobs_total', { type: 'import', kind: 'sku', event: 'failed' }); i++) {
      await new Promise((ok) => setTimeout(ok, 20));
      text = await scrape();
    }
    expect(sample(text, 'wms_jobs_total', { type: 'import', kind: 'sku', event: 'started' })).toBe(1);
    expect(sample(text, 'wms_jobs_total', { type: 'import', kind: 'sku', event: 'failed' })).toBe(1);
    expect(sample(text, 'wms_jobs_total', { type: 'import', kind: 'sku', event: 'finished' })).toBe(0);

    // the recorder's queue holds 2 records and writes once a minute here: the calls above overflowed it
    expect(sample(text, 'wms_request_records_queued')).toBe(2);
    expect(sample(text, 'wms_request_records_dropped_total')).toBeGreaterThan(0);
  });

  it('serves the metrics without a token on a port of 127.0.0.1', async () => {
    const server = await serveMetricsPort(t.app.metrics, 0);
    try {
      const { address, port } = server.address() as AddressInfo;
      expect(address).toBe('127.0.0.1');
      const get = (path: string) => new Promise<{ status: number; body: string }>((done, fail) => {
        request({ host: '127.0.0.1', port, path }, (res) => {
          let body = '';
          res.on('data', (c) => { body += c; });
          res.on('end', () => done({ status: res.statusCode!, body }));
        }).on('error', fail).end();
      });
      const ok = await get('/metrics');
      expect(ok.status).toBe(200);
      expect(ok.body).toMatch(/^wms_http_requests_total\{/m);
      expect((await get('/other')).status).toBe(404);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
