/**
 * Asynchronous Excel exports (issue 4; spec 3 "Export job", 4 export job status and polling, 7.2, 8 "Export
 * failure", 9 "Export status 1, 2, 3"). One machinery for every export, each described by an
 * {@link ExportDefinition} (today: the inventory list, inventory-export.ts).
 *
 * 1. `startExport` checks the list query (a bad one is a 400 at once), stores a `sys_file_export` row in
 *    status CREATED (1) with the query, the caller's warehouse + owner scope as it is now, language and time
 *    zone, and returns `{ id, exportStatus: 1, downloadUrl: null }` at once.
 * 2. In the background (at most {@link MAX_PARALLEL} exports at a time per process, the rest wait in a queue)
 *    the definition reads the database in keyset batches and sheet-writer.ts streams the workbook (exceljs
 *    streaming writer, in a worker thread) straight into the file storage under a fresh key: memory stays
 *    bounded whatever the row count.
 * 3. The end is SUCCESS (2) with the storage key and row count, or FAIL (3) with a short message in the
 *    caller's language (database error, storage error, bad stored query). A job never stays CREATED because of
 *    a failure; a half-written file is removed.
 *
 * Restarts and several instances on one PostgreSQL (DESIGN "Databases"): the run that holds a job names itself
 * in `worker` and refreshes `heartbeatAt` every {@link HEARTBEAT_MS} (with the rows written so far in
 * `totalRows`). {@link resumeStaleExports} claims, with one guarded `UPDATE ... WHERE status = 1 AND heartbeat
 * older than 60 s ... RETURNING`, every CREATED job whose run stopped beating (a crash, a restart, a killed
 * instance) and runs it again from scratch; it runs when the routes are registered (app start) and then as the
 * scheduled task `exportSweep` (job-handlers.ts; seeded every 30 s). Only the run named in `worker` may finish a job, so a run that lost its claim (paused
 * for over a minute while another instance took over) stops and leaves the job to the new run.
 *
 * On app close no queued export starts (the queued jobs are released for the next instance) and the close
 * waits for the running ones.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { ExportStatus } from '../../../../generated/shared/enums';
import { Code, Headers } from '../../../shared/envelope';
import type { Lang } from '../../../shared/validation';
import type { Database, Db } from '../../db/connect';
import { sysFileExport } from '../../db/internal-schema';
import type { BodyRule } from '../../http/body';
import type { WorkMeter } from '../../http/metrics';
import { readContext, type RequestContext, type UserContext } from '../../http/context';
import { notFound, text as serverText, textsOf } from '../../http/errors';
import { scopeIds } from '../../http/guard';
import { resolveSession } from '../../http/session';
import { hasSignature, isEnabledUser, type PathSigner } from '../files/signed-url';
import { newStorageKey, type FileStorage } from '../files/storage';
import { writeWorkbook, type ExportBatch, type ExportColumn } from './sheet-writer';

/** How often a run refreshes its jobs' heartbeat. */
export const HEARTBEAT_MS = 5_000;
/** A CREATED job whose heartbeat is older than this is taken to be abandoned and run again. */
export const STALE_SECONDS = 60;
/** Exports written at the same time by one process; more wait in a queue (still CREATED, heartbeat kept). */
export const MAX_PARALLEL = 2;
/** Path prefix of the download call; `downloadUrl` is this + the job id. */
export const DOWNLOAD_PREFIX = '/sapi/sys/fileExport/download/';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type { ExportBatch, ExportColumn };

/** What a definition reads with: the database, the job's language and time zone, and a user holding the job's stored scope. */
export interface ExportRun { db: Db; ctx: RequestContext; user: UserContext; query: Record<string, unknown> }

/** What one export is: its call, permission, query check, sheet layout and rows. */
export interface ExportDefinition {
  /** Stored in `sys_file_export.kind`, e.g. 'inventory'. */
  kind: string;
  /** POST path of the start call, e.g. /sapi/wms/sku-inventory/exportExcel. */
  apiPath: string;
  /** Permission code of the start call. */
  permission: string;
  /** Download file name start: `<fileBase>-YYYYMMDD-HHmmss.xlsx`. */
  fileBase: string;
  /** The rule of the start call's body (the list query it exports), checked at the edge: a bad query is a 400 now, not a failed job later. */
  queryBody(): BodyRule;
  /** What the job stores from the checked body (filters and sort), read again by `batches`. */
  storedQuery(body: Record<string, unknown>): Record<string, unknown>;
  sheetName(lang: Lang): string;
  /** The sheet's columns; the first one is the row number (filled in by the writer). */
  columns(lang: Lang): ExportColumn[];
  /** The data rows in order, in bounded batches (JSON text, without the row number), read with the job's stored scope. */
  batches(run: ExportRun): AsyncIterable<ExportBatch>;
}

/** A job this process holds (queued or running). */
interface Held { worker: string; rows: number; lost: boolean }

/** Shared state of the export calls of one app. */
export interface ExportDeps {
  database: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  definitions: Map<string, ExportDefinition>;
  maxParallel: number;
  /** Background work not yet finished (runs and sweeps); the app waits for it on close. */
  running: Set<Promise<void>>;
  held: Map<string, Held>;
  queue: Array<() => Promise<void>>;
  active: number;
  closing: boolean;
  heartbeat?: NodeJS.Timeout;
  /** Counts runs started, finished and failed (GET /metrics, http/metrics.ts). */
  meter?: Pick<WorkMeter, 'job'>;
}

export function createExportDeps(database: Database, storage: FileStorage, log: FastifyBaseLogger, definitions: ExportDefinition[], opts: { maxParallel?: number; meter?: Pick<WorkMeter, 'job'> } = {}): ExportDeps {
  return {
    database, storage, log, definitions: new Map(definitions.map((d) => [d.kind, d])), maxParallel: opts.maxParallel ?? MAX_PARALLEL,
    running: new Set(), held: new Map(), queue: [], active: 0, closing: false, meter: opts.meter,
  };
}

/** What the start call returns (spec 3 "Export job"). */
export interface ExportSummary { id: string; exportStatus: number; downloadUrl: string | null }
/** What the query call returns. */
export interface ExportView extends ExportSummary { message: string | null; totalRows: number }

type JobRow = typeof sysFileExport.$inferSelect;

const texts = {
  job: { en: 'Export job', zh: '导出任务' },
  failed: { en: 'Export failed: {reason}', zh: '导出失败：{reason}' },
  notReady: { en: 'Export job {id} has no file: its status is {status}', zh: '导出任务 {id} 没有文件：状态为 {status}' },
  badLink: { en: 'This download link is invalid or has expired; export again from the console', zh: '下载链接无效或已过期，请在控制台重新导出' },
  // every instance reads the same store (issue 28), so a missing file was removed from it, not kept elsewhere
  fileGone: { en: 'The file of export job {id} is missing from the file storage: start the export again', zh: '导出任务 {id} 的文件已从文件存储中缺失，请重新导出' },
  storeDown: { en: 'The file storage cannot be reached now: try again later', zh: '文件存储暂时无法访问，请稍后重试' },
  lost: { en: 'another instance took the job over', zh: '任务已由另一个实例接管' },
  unknownKind: { en: 'unknown export kind {kind}', zh: '未知的导出类型 {kind}' },
} as const;
const t = textsOf(texts);
const clip = (s: string, n = 500) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The caller's scope as stored in a job: id lists, [-1] for all (spec 3, 9). */
function storedScope(user: UserContext): { warehouseIds: number[]; ownerIds: number[] } {
  const ids = (kind: 'warehouse' | 'owner') => { const v = scopeIds(user, kind); return v === 'all' ? [-1] : [...v]; };
  return { warehouseIds: ids('warehouse'), ownerIds: ids('owner') };
}

/** A user that sees exactly the stored scope (and holds no codes: the run only reads). */
export function scopeUser(job: Pick<JobRow, 'userId' | 'scope'>): UserContext {
  const ids = (v: number[] | undefined): number[] | 'all' => (!Array.isArray(v) ? [] : v.includes(-1) ? 'all' : v.map(Number));
  return { id: job.userId, name: '', isAdmin: false, roles: [], codes: new Set(), warehouseIds: ids(job.scope?.warehouseIds), ownerIds: ids(job.scope?.ownerIds), token: '' };
}

/** The job as the query call shows it; `downloadUrl` is signed for `userId` (no session token in the address; issue 26). */
const viewOf = (job: Pick<JobRow, 'id' | 'status' | 'message' | 'totalRows'>, signer: PathSigner, userId: number): ExportView => ({
  id: job.id, exportStatus: job.status, downloadUrl: job.status === ExportStatus.SUCCESS ? signer.url(`${DOWNLOAD_PREFIX}${job.id}`, userId).url : null, message: job.message, totalRows: job.totalRows,
});

/** The start call (see module doc; body: def.queryBody, checked at the edge). Errors: 403 via sapiRoute. */
export async function startExport(deps: ExportDeps, def: ExportDefinition, a: { ctx: RequestContext; user: UserContext; body: Record<string, unknown> }): Promise<ExportSummary> {
  const { db } = deps.database;
  const { ctx, user } = a;
  const query = def.storedQuery(a.body);
  const id = randomUUID();
  const worker = randomUUID();
  const [job] = await db.insert(sysFileExport).values({
    id, kind: def.kind, userId: user.id, query, scope: storedScope(user), lang: ctx.lang, tzHours: ctx.tzHours,
    status: ExportStatus.CREATED, worker, heartbeatAt: sql`now()`,
  }).returning();
  schedule(deps, job, worker);
  return { id, exportStatus: ExportStatus.CREATED, downloadUrl: null };
}

/** Queues a run of `job` held by `worker`; the heartbeat covers it from now on. */
function schedule(deps: ExportDeps, job: JobRow, worker: string) {
  const held: Held = { worker, rows: 0, lost: false };
  deps.held.set(job.id, held);
  ensureHeartbeat(deps);
  let done!: () => void;
  const finished = new Promise<void>((ok) => { done = ok; });
  track(deps, finished);
  deps.queue.push(async () => {
    try {
      if (deps.closing) await release(deps, job.id, held);
      else await runExport(deps, job, held);
    } finally {
      if (deps.held.get(job.id) === held) deps.held.delete(job.id);
      done();
    }
  });
  pump(deps);
}

function track(deps: ExportDeps, p: Promise<void>) {
  deps.running.add(p);
  void p.finally(() => deps.running.delete(p));
}

function pump(deps: ExportDeps) {
  while (deps.queue.length && (deps.closing || deps.active < deps.maxParallel)) {
    const task = deps.queue.shift()!;
    deps.active++;
    void task().finally(() => { deps.active--; pump(deps); });
  }
}

/** Gives a queued job back (app closing): an old heartbeat, so the next instance to look claims it at once. */
async function release(deps: ExportDeps, id: string, held: Held) {
  await deps.database.db.update(sysFileExport).set({ heartbeatAt: new Date(0), worker: null })
    .where(and(eq(sysFileExport.id, id), eq(sysFileExport.worker, held.worker), eq(sysFileExport.status, ExportStatus.CREATED)))
    .catch((err) => deps.log.error({ err, id }, 'cannot release an export job'));
}

function ensureHeartbeat(deps: ExportDeps) {
  if (deps.heartbeat) return;
  let beating = false;
  deps.heartbeat = setInterval(() => {
    if (beating) return;
    if (!deps.held.size) { clearInterval(deps.heartbeat); deps.heartbeat = undefined; return; }
    beating = true;
    void beat(deps).catch((err) => deps.log.warn({ err }, 'export heartbeat failed')).finally(() => { beating = false; });
  }, HEARTBEAT_MS);
  deps.heartbeat.unref();
}

/** Refreshes the heartbeat (and rows so far) of every held job; a job no longer ours is marked lost. */
async function beat(deps: ExportDeps) {
  const { db } = deps.database;
  for (const [id, held] of [...deps.held]) {
    const rows = await db.update(sysFileExport).set({ heartbeatAt: sql`now()`, totalRows: held.rows })
      .where(and(eq(sysFileExport.id, id), eq(sysFileExport.worker, held.worker), eq(sysFileExport.status, ExportStatus.CREATED)))
      .returning({ id: sysFileExport.id });
    if (!rows.length && deps.held.get(id) === held) held.lost = true;
  }
}

class LostClaim extends Error {}

/** A failure's message for the user: the PostgreSQL error under Drizzle's "Failed query: <sql>" wrapper, if any. */
function reasonOf(e: unknown): string {
  for (let x = e as { message?: string; code?: unknown; cause?: unknown } | undefined, i = 0; x && i < 5; x = x.cause as typeof x, i++) {
    if (typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code) && x.message) return x.message;
  }
  return (e as Error)?.message || String(e);
}

/** Runs one export to its end (module doc, steps 2-3). Never throws. */
async function runExport(deps: ExportDeps, job: JobRow, held: Held): Promise<void> {
  const { db } = deps.database;
  const lang: Lang = job.lang === 'zh' ? 'zh' : 'en';
  const mine = and(eq(sysFileExport.id, job.id), eq(sysFileExport.worker, held.worker), eq(sysFileExport.status, ExportStatus.CREATED));
  const key = newStorageKey('xlsx');
  let stored = false;
  deps.meter?.job('export', job.kind, 'started');
  try {
    const def = deps.definitions.get(job.kind);
    if (!def) throw new Error(t(lang, 'unknownKind', { kind: job.kind }));
    const run: ExportRun = { db, ctx: { lang, tzHours: job.tzHours }, user: scopeUser(job), query: job.query ?? {} };
    stored = true;
    const rows = await writeWorkbook(deps.storage, key, def.sheetName(lang), def.columns(lang), def.batches(run), (n) => {
      held.rows = n;
      if (held.lost) throw new LostClaim(t(lang, 'lost'));
    });
    const done = await db.update(sysFileExport)
      .set({ status: ExportStatus.SUCCESS, filePath: key, totalRows: rows, message: null, heartbeatAt: sql`now()`, finishDate: new Date() })
      .where(mine).returning({ id: sysFileExport.id });
    if (!done.length) throw new LostClaim(t(lang, 'lost'));
    deps.meter?.job('export', job.kind, 'finished');
  } catch (e) {
    if (stored) await deps.storage.remove(key).catch(() => {});
    if (e instanceof LostClaim) {
      deps.log.warn({ id: job.id }, 'export job taken over by another run; this run stopped');
      return;
    }
    deps.log.error({ err: e, id: job.id }, 'export failed');
    deps.meter?.job('export', job.kind, 'failed');
    const reason = reasonOf(e);
    await db.update(sysFileExport)
      .set({ status: ExportStatus.FAIL, message: clip(t(lang, 'failed', { reason: clip(reason, 300) })), totalRows: held.rows, finishDate: new Date() })
      .where(mine)
      .catch((err) => deps.log.error({ err, id: job.id }, 'cannot record the failure of an export'));
  }
}

/** Whose jobs a caller may open: an admin's any, another user's its own. */
const jobsOf = (user: UserContext): number | 'any' => (user.isAdmin ? 'any' : user.id);

/** The job `id` if user `maker` started it (`'any'`: whoever did), else a 404. */
async function findJob(db: Db, lang: Lang, maker: number | 'any', rawId: unknown): Promise<JobRow> {
  const id = String(rawId ?? '').trim();
  const missing = () => notFound(lang, `${t(lang, 'job')} ${id}`);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw missing();
  const [job] = await db.select().from(sysFileExport).where(maker === 'any' ? eq(sysFileExport.id, id) : and(eq(sysFileExport.id, id), eq(sysFileExport.userId, maker)));
  if (!job) throw missing();
  return job;
}

/**
 * POST /sapi/sys/fileExport/query { id } (JOB_ID_BODY): the job, to the user who started it or an admin;
 * otherwise 404. A finished job's `downloadUrl` is a signed address (files/signed-url.ts, 10-15 minutes).
 */
export async function queryExport(db: Db, signer: PathSigner, ctx: RequestContext, user: UserContext, body: { id?: string }): Promise<ExportView> {
  return viewOf(await findJob(db, ctx.lang, jobsOf(user), body.id), signer, user.id);
}

/** `inventory-20261122-153000.xlsx`: the job's start in the caller's time zone. */
export function downloadName(fileBase: string, addDate: Date, tzHours: number): string {
  const s = new Date(addDate.getTime() + tzHours * 3600_000).toISOString();
  return `${fileBase}-${s.slice(0, 10).replace(/-/g, '')}-${s.slice(11, 19).replace(/:/g, '')}.xlsx`;
}

/**
 * GET /sapi/sys/fileExport/download/<id>: the .xlsx of a finished job, either with the session token in the
 * X-Token header (the user who started the job, or an admin) or at the signed address the query call gave
 * (`?u&exp&sig`, files/signed-url.ts: unexpired, its user still enabled). A session token in the query
 * string is not read (issue 26). No session and no signature: HTTP 401; a bad or expired signature: 403;
 * unknown job or another user's: 404; not finished or failed: 409; its file missing from the store: 404; the store
 * unreachable: 503 (each with an envelope body).
 */
export async function serveExport(deps: ExportDeps, signer: PathSigner, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { db } = deps.database;
  const ctx = readContext(req);
  const id = (req.params as Record<string, string>).id;
  let maker: number | 'any';
  if (hasSignature(req.query)) {
    const signed = signer.check(`${DOWNLOAD_PREFIX}${id}`, req.query);
    if (!signed || !(await isEnabledUser(db, signed.userId))) {
      return reply.status(403).header('cache-control', 'no-store').send({ code: Code.FORBIDDEN, msg: t(ctx.lang, 'badLink'), data: null });
    }
    // the query call signed this job's address only for a user who could open it
    maker = 'any';
  } else {
    const token = String(req.headers[Headers.token] ?? '').trim();
    const session = token ? await resolveSession(db, token) : null;
    if (!session) return reply.status(401).send({ code: Code.NOT_LOGGED_IN, msg: serverText(ctx.lang, 'notLoggedIn'), data: null });
    if (session.newToken) reply.header(Headers.newToken, session.newToken);
    maker = jobsOf(session.user);
  }
  let job: JobRow;
  try {
    job = await findJob(db, ctx.lang, maker, id);
  } catch (e) {
    return reply.status(404).send({ code: Code.NOT_FOUND, msg: (e as Error).message, data: null });
  }
  if (job.status !== ExportStatus.SUCCESS || !job.filePath) {
    return reply.status(409).send({ code: Code.CONFLICT, msg: t(ctx.lang, 'notReady', { id: job.id, status: String(job.status) }), data: null });
  }
  let stored: boolean;
  try {
    stored = await deps.storage.exists(job.filePath);
  } catch (e) {
    req.log.error({ err: e }, 'file storage unreachable');
    return reply.status(503).send({ code: Code.ERROR, msg: t(ctx.lang, 'storeDown'), data: null });
  }
  if (!stored) return reply.status(404).send({ code: Code.NOT_FOUND, msg: t(ctx.lang, 'fileGone', { id: job.id }), data: null });
  const name = downloadName(deps.definitions.get(job.kind)?.fileBase ?? job.kind, job.addDate, job.tzHours);
  reply.header('content-type', XLSX_MIME);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', 'private, no-store');
  reply.header('content-disposition', `attachment; filename="${name}"`);
  return reply.send(deps.storage.get(job.filePath));
}

/**
 * Claims every CREATED job whose run stopped beating (heartbeat older than {@link STALE_SECONDS}, or none and
 * created that long ago) with one guarded UPDATE ... RETURNING, so two instances never claim the same job,
 * and runs each again from scratch. Returns how many were claimed.
 */
export async function resumeStaleExports(deps: ExportDeps): Promise<number> {
  if (deps.closing) return 0;
  const { db } = deps.database;
  const stale = sql`now() - ${sql.raw(`interval '${STALE_SECONDS} seconds'`)}`;
  const claimed = await db.update(sysFileExport)
    .set({ heartbeatAt: sql`now()`, worker: sql`gen_random_uuid()::text`, totalRows: 0, message: null })
    .where(and(eq(sysFileExport.status, ExportStatus.CREATED), or(lt(sysFileExport.heartbeatAt, stale), and(isNull(sysFileExport.heartbeatAt), lt(sysFileExport.addDate, stale)))))
    .returning();
  for (const job of claimed) schedule(deps, job, job.worker!);
  if (claimed.length) deps.log.info({ ids: claimed.map((j) => j.id) }, 'export jobs resumed');
  return claimed.length;
}

/** App close: no new runs (queued jobs are released), then wait for the running ones and stop the timers. */
export async function closeExports(deps: ExportDeps): Promise<void> {
  deps.closing = true;
  pump(deps);
  while (deps.running.size) await Promise.allSettled([...deps.running]);
  if (deps.heartbeat) clearInterval(deps.heartbeat);
  deps.heartbeat = undefined;
}

/** Waits until this process holds no export (tests and benchmarks). */
export async function settleExports(deps: ExportDeps): Promise<void> {
  while (deps.running.size) await Promise.allSettled([...deps.running]);
}
