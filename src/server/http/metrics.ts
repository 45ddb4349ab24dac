/**
 * The instance's metrics in Prometheus' text format (issue 28; docs/deployment.md "Metrics"), with prom-client,
 * one registry per app (several apps in one test process keep their own counts):
 *
 * | metric | labels | what |
 * |---|---|---|
 * | `wms_http_requests_total` | method, route, status, code | answers sent; `route` is the route's pattern (`/sapi/sys/file/get/*`), `(unmatched)` for none; `status` the HTTP status, `code` the envelope code of a /sapi answer (else the status) |
 * | `wms_http_request_duration_seconds` | method, route, status | histogram of the time from arrival to answer |
 * | `wms_db_pool_connections`, `wms_db_pool_idle`, `wms_db_pool_waiting` | database | PostgreSQL: pg-pool's connections, idle ones, calls waiting for one; PGlite: 1, 1 or 0, calls queued behind the running one |
 * | `wms_scheduler_fires_total`, `wms_scheduler_failures_total` | bean | task runs this instance started (retries included) and those that failed (domain/jobs/scheduler.ts) |
 * | `wms_jobs_total` | type (import, export), kind, event (started, finished, failed) | background import and export jobs of this instance |
 * | `wms_request_records_queued`, `..._dropped_total`, `..._failed_total` | | the request recorder's queue, records refused at a full queue, records lost with a failed write (docs/records.md) |
 * | `wms_process_*`, `wms_nodejs_*` | | prom-client's default process metrics (CPU, memory, event loop lag, GC) |
 *
 * Served at `GET /metrics` of the app only to a request bearing `Authorization: Bearer <WMS_METRICS_TOKEN>` (401
 * otherwise; 404 while no token is configured), and, with WMS_METRICS_PORT, by {@link serveMetricsPort} on that
 * port of 127.0.0.1 without a token. Neither is a /sapi call, so neither makes a request record.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/connect';
import type { RecorderStats } from '../domain/records/recorder';
import { answerCode } from './requestRecords';

export const METRICS_PATH = '/metrics';

export type JobType = 'import' | 'export';
export type JobEvent = 'started' | 'finished' | 'failed';

/** What background work reports to the metrics (scheduler, imports, exports); absent in apps built without metrics. */
export interface WorkMeter {
  /** One event of an import or export job of `kind` run by this instance. */
  job(type: JobType, kind: string, event: JobEvent): void;
  /** One task run of `bean` ended on this instance (`ok` false: FAIL). */
  taskRun(bean: string, ok: boolean): void;
}

/** What the metrics read at each scrape. */
export interface MetricSources { database: Pick<Database, 'kind' | 'poolStats'>; recorderStats(): RecorderStats }

const UNMATCHED = '(unmatched)';
const codes = new WeakMap<object, number>();

export class AppMetrics implements WorkMeter {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status' | 'code'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;
  private readonly fires: Counter<'bean'>;
  private readonly failures: Counter<'bean'>;
  private readonly jobs: Counter<'type' | 'kind' | 'event'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'wms_' });
    this.requests = new Counter({ name: 'wms_http_requests_total', help: 'HTTP answers sent, by route pattern, HTTP status and envelope code', labelNames: ['method', 'route', 'status', 'code'], registers });
    this.durations = new Histogram({
      name: 'wms_http_request_duration_seconds', help: 'Time from a request\'s arrival to its answer, by route pattern and HTTP status',
      labelNames: ['method', 'route', 'status'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30], registers,
    });
    const { database } = sources;
    const poolGauge = (name: string, help: string, pick: (s: ReturnType<Database['poolStats']>) => number) => new Gauge({
      name, help, labelNames: ['database'], registers,
      collect() { this.set({ database: database.kind }, pick(database.poolStats())); },
    });
    poolGauge('wms_db_pool_connections', 'Open database connections (PGlite: 1)', (s) => s.total);
    poolGauge('wms_db_pool_idle', 'Open database connections not in use', (s) => s.idle);
    poolGauge('wms_db_pool_waiting', 'Database calls waiting for a connection (PGlite: queued behind the running one)', (s) => s.waiting);
    this.fires = new Counter({ name: 'wms_scheduler_fires_total', help: 'Scheduled task runs this instance started (retries included)', labelNames: ['bean'], registers });
    this.failures = new Counter({ name: 'wms_scheduler_failures_total', help: 'Scheduled task runs of this instance that failed', labelNames: ['bean'], registers });
    this.jobs = new Counter({ name: 'wms_jobs_total', help: 'Import and export jobs of this instance: started, finished, failed', labelNames: ['type', 'kind', 'event'], registers });
    // the recorder keeps its own counters (stats()); a scrape copies them
    const recorderCounter = (name: string, help: string, pick: (s: RecorderStats) => number) => new Counter({
      name, help, registers,
      collect() { this.reset(); this.inc(pick(sources.recorderStats())); },
    });
    recorderCounter('wms_request_records_dropped_total', 'Request records refused because the queue was full', (s) => s.dropped + s.exceptionsDropped);
    recorderCounter('wms_request_records_failed_total', 'Request records lost with a failed write', (s) => s.failed + s.exceptionsFailed);
    new Gauge({ name: 'wms_request_records_queued', help: 'Request records waiting to be written', registers, collect() { this.set(sources.recorderStats().queued); } });
  }

  job(type: JobType, kind: string, event: JobEvent): void {
    this.jobs.inc({ type, kind, event });
  }

  taskRun(bean: string, ok: boolean): void {
    this.fires.inc({ bean });
    if (!ok) this.failures.inc({ bean });
  }

  /** Counts every answer of `app` (callback hooks: no promise per call). Call before routes are added. */
  observe(app: FastifyInstance): void {
    app.addHook('onSend', (req, reply, payload, done) => {
      if (req.url.startsWith('/sapi')) codes.set(req, answerCode(payload, reply.statusCode));
      done(null, payload);
    });
    app.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions.url ?? UNMATCHED;
      const status = String(reply.statusCode);
      this.requests.inc({ method: req.method, route, status, code: String(codes.get(req) ?? reply.statusCode) });
      this.durations.observe({ method: req.method, route, status }, reply.elapsedTime / 1000);
      done();
    });
  }

  /** The text a scrape gets, and its content type. */
  async scrape(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}

/** True when `header` is `Bearer <token>` (compared in constant time). */
function bears(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(m[1]), digest(token));
}

/** `GET /metrics` on the app: 404 without a configured token, 401 without the right bearer token, else the metrics. */
export function registerMetricsRoute(app: FastifyInstance, metrics: AppMetrics, token: string | undefined): void {
  app.get(METRICS_PATH, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!token) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    if (!bears(req.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').type('text/plain; charset=utf-8').send('Unauthorized: send Authorization: Bearer <WMS_METRICS_TOKEN>');
    }
    const { text, contentType } = await metrics.scrape();
    return reply.type(contentType).send(text);
  });
}

/**
 * Serves `GET /metrics` without a token on `port` of 127.0.0.1 (WMS_METRICS_PORT; 0 = a free port, tests): only
 * processes of this host reach it. Resolves with the server once it listens; close it at shutdown.
 */
export async function serveMetricsPort(metrics: AppMetrics, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    metrics.scrape().then(({ text, contentType }) => {
      res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text);
    }, (err: Error) => {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`cannot collect the metrics: ${err.message}`);
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => { server.off('error', fail); ok(); });
  });
  return server;
}
