/**
 * Excel import jobs (spec 2.8 import dialogs, 3 "Import form", 5 "Import forms", 7.2 `.../excel/import`;
 * issue 3). One machinery for the whole-file imports (SKU, supplier SKU, platform SKU; the storage locations of
 * issue 29, location-import.ts, which runs for its caller's warehouses rather than for a goods owner), each described
 * by an {@link ImportDefinition}:
 *
 * 1. `startImport` checks the form `{ ownerId, filePath, fileUrl }` (owner required "please select", in the
 *    caller's owner scope else 404; filePath required "please upload", a `sys_file` row of the caller, or of
 *    anyone for an admin, else 404; an .xlsx name else 400), creates a `sys_import_job` in status 1 (running)
 *    and returns `{ id, status, totalRows, doneRows }` at once.
 * 2. In the background (one job at a time per owner, and at most {@link IMPORT_PARALLEL} imports of any kind
 *    at a time in this process: {@link ImportQueue}) the file is streamed within the import limits
 *    (sheet.ts, limits.ts) and every row checked; all errors are collected as `{ row, column, message }`.
 *    A file past a limit ends the job at once: status 3 with the limit in words.
 * 3. Any error: status 3 (FAIL) with the errors sorted by row (at most {@link MAX_STORED_ERRORS}; the message
 *    says how many more) and nothing written. Else all rows go in ONE transaction in batches of
 *    {@link IMPORT_BATCH}; on PostgreSQL `doneRows` is updated after each batch from outside the transaction
 *    (on PGlite, one connection, only at the end); then status 2 (SUCCESS).
 * 4. Any unexpected failure (unreadable file, a row that became a duplicate meanwhile, database down):
 *    status 3 with the message; the transaction is rolled back, so nothing is written.
 *
 * `POST /sapi/sys/importJob/query { id }` returns a job to the user who started it, or to an admin.
 * While an instance holds a job (queued or running) it refreshes the job's `heartbeatAt` every
 * {@link IMPORT_HEARTBEAT_MS}; a RUNNING job silent for {@link IMPORT_STALE_SECONDS} was cut off (a crash, a
 * kill) and {@link failInterruptedImports} fails it: at every start, and when its job is queried. Jobs other
 * live instances hold are left alone (issue 28: several instances on one PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import * as yup from 'yup';
import { bindings } from '../../../../generated/server/routes';
import { ImportStatus } from '../../../../generated/shared/enums';
import { INT4_MAX, requestLabels, rules, textField, typed, type Lang } from '../../../shared/validation';
import type { Database, Db } from '../../db/connect';
import { sysFile, sysImportJob } from '../../db/internal-schema';
import { findInScope, manifestLabel, meta } from '../../crud/handlers';
import type { BodyRule } from '../../http/body';
import type { WorkMeter } from '../../http/metrics';
import type { RequestContext, UserContext } from '../../http/context';
import { fieldError, notFound, pgError } from '../../http/errors';
import { extensionOf, type FileStorage } from '../files/storage';
import { IMPORT_PARALLEL, ImportLimitError, limitText } from './limits';
import { ImportErrors, importText, MAX_STORED_ERRORS, readImportSheet, withLocalFile, type ImportColumn, type ImportError, type RowCheck } from './sheet';

/** Rows per INSERT statement (spec: batches of 1000). */
export const IMPORT_BATCH = 1000;
export { MAX_STORED_ERRORS } from './sheet';
/** Message of a job whose instance stopped before it ended. */
export const INTERRUPTED_MESSAGE = 'interrupted by a server restart';
/** How often an instance refreshes the heartbeat of the import jobs it holds (ms). */
export const IMPORT_HEARTBEAT_MS = 10_000;
/** A RUNNING job whose heartbeat is older than this (s) was cut off. */
export const IMPORT_STALE_SECONDS = 60;

export type ImportKind = 'sku' | 'supplierSku' | 'ecPlatformSku' | 'location';

/** What every import runs for: the language its messages are written in. */
export interface ImportRun { lang: Lang }
/** The goods owner an import writes for (SKU, supplier SKU, platform SKU), and the language of its messages. */
export interface ImportTarget extends ImportRun { ownerId: number; companyId: number }

/** A values sheet of a template: e.g. 'Categories' with the valid category names. */
export interface ValuesSheet { name: string; header: string[]; rows: Array<Array<string | number>> }

/**
 * What one import is: its call, template, columns, row rules and insert. `R` is an insert-ready row, `T` what
 * the run is for (a goods owner for the SKU imports; the caller, for the location import's warehouse scope).
 */
export interface ImportDefinition<R = unknown, T extends ImportRun = ImportTarget> {
  kind: ImportKind;
  /** POST path of the import call, e.g. /sapi/wms/sku/excel/import. */
  apiPath: string;
  /** Template file name under /static/templates/. */
  templateFile: string;
  /** Name of the template's data sheet. */
  sheetName: string;
  columns: ImportColumn[];
  /** The template's example row, by column key. */
  example(db: Db): Promise<Record<string, string | number>>;
  /** The template's second sheet (valid values or notes). */
  valuesSheet(db: Db): Promise<ValuesSheet>;
  /** A fingerprint of the data the template shows (it is rebuilt when this changes), or '' for a fixed template. */
  templateVersion?(db: Db): Promise<string>;
  /**
   * Loads what the row rules need (categories, the owner's SKU codes, existing rows) and returns the row
   * check: it records every error through `check` and returns the insert-ready row, or undefined.
   */
  prepare(db: Db, target: T): Promise<(check: RowCheck) => R | undefined>;
  /** Inserts one batch (at most IMPORT_BATCH rows) inside the import's transaction. */
  insert(tx: Db, rows: R[]): Promise<void>;
  /** The message of a successful job (e.g. what was made besides the rows), or null (the default). */
  summary?(rows: R[], lang: Lang): string | null;
}

/**
 * Runs at most `parallel` tasks at a time; the others wait in arrival order (issue 12: several imports at
 * once are queued, so their memory does not add up without bound). `peak` is the most that ever ran at once.
 */
export class ImportQueue {
  private active = 0;
  peak = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(readonly parallel = IMPORT_PARALLEL) {}

  /** Runs `task` in its turn; `onWait` is called first when it has to wait. Resolves or rejects as `task` does. */
  async run<T>(task: () => Promise<T>, onWait?: () => Promise<void>): Promise<T> {
    if (this.active < this.parallel) this.active++;
    else {
      const turn = new Promise<void>((ok) => this.waiting.push(ok));
      await onWait?.().catch(() => {});
      await turn; // the slot is handed over by the run that ends
    }
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** Shared state of the import calls of one app. */
export interface ImportDeps {
  database: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Background runs not yet finished, queued ones included (the app waits for them on close). */
  running: Set<Promise<void>>;
  /** The last run queued per owner: runs for one owner go one after another. */
  chains: Map<number, Promise<void>>;
  /** Every import run (SKU and order imports) takes a turn here. */
  queue: ImportQueue;
  /** Counts runs started, finished and failed (GET /metrics, http/metrics.ts). */
  meter?: Pick<WorkMeter, 'job'>;
}

/** Fresh shared state for the import calls of one app (registerImportRoutes). */
export function createImportDeps(database: Database, storage: FileStorage, log: FastifyBaseLogger, meter?: Pick<WorkMeter, 'job'>): ImportDeps {
  return { database, storage, log, running: new Set(), chains: new Map(), queue: new ImportQueue(), meter };
}

/** What the import call returns. */
export interface JobSummary { id: string; status: number; totalRows: number; doneRows: number }
/** What the job query returns. */
export interface JobView extends JobSummary {
  kind: string; ownerId: number; errors: ImportError[]; message: string | null; addDate: Date; finishDate: Date | null;
}

const formTexts = {
  notXlsx: { en: '{label} must be an .xlsx workbook (use the template)', zh: '{label}必须是 .xlsx 工作簿（请使用模板）' },
  job: { en: 'Import job', zh: '导入任务' },
} as const;

/** The upload fields of an import call: `filePath` (required, "File cannot be empty") and `fileUrl`. */
export function uploadFields(lang: Lang) {
  const file = rules(lang, 'add').text('required', requestLabels.file);
  return { filePath: textField('wire', file).max(300, file).required(file), fileUrl: textField('wire', file).max(300, file).nullable().optional() };
}

/** The body of an import call: ownerId ("Goods owner cannot be empty" when missing or not an id) and the upload fields. */
export const importBody: BodyRule<{ ownerId: number; filePath: string }> = {
  schema: (lang) => {
    const owner = rules(lang, 'add').text('required', manifestLabel('ownerId', meta(bindings.sku))!);
    return yup.object({
      ownerId: typed(yup.number(), 'wire').typeError(owner).transform((v, orig) => (orig === '' || orig === null ? undefined : v)).integer(owner).min(1, owner).max(INT4_MAX, owner).required(owner),
      ...uploadFields(lang),
    });
  },
};

/**
 * The uploaded workbook `filePath` names: a sys_file of the caller (any, for an admin) still in storage, else
 * 404 `filePath: ...`; not .xlsx: 400. Returns its stored path.
 */
export async function uploadedWorkbook(deps: ImportDeps, user: UserContext, filePath: string, lang: Lang): Promise<string> {
  const [file] = await deps.database.db.select().from(sysFile).where(eq(sysFile.path, filePath)).limit(1);
  if (!file || (file.userId !== user.id && !user.isAdmin) || !(await deps.storage.exists(file.path))) {
    throw notFound(lang, `${requestLabels.file[lang]} ${filePath}`);
  }
  if (extensionOf(file.originalName) !== 'xlsx' && extensionOf(file.path) !== 'xlsx') throw fieldError(lang, { label: requestLabels.file, field: 'filePath' }, formTexts.notXlsx[lang]);
  return file.path;
}

/** The import call (see module doc; body: importBody). Errors: 403 via sapiRoute, 404 owner out of scope / unknown file. */
export async function startImport(deps: ImportDeps, def: ImportDefinition, a: { ctx: RequestContext; user: UserContext; body: Record<string, unknown> }): Promise<JobSummary> {
  const { db } = deps.database;
  const { ctx, user } = a;
  const form = a.body as { ownerId: number; filePath: string };
  const owner = await findInScope({ db, ctx, user, binding: bindings.owner, body: a.body }, bindings.owner, form.ownerId);
  const path = await uploadedWorkbook(deps, user, form.filePath, ctx.lang);
  const id = randomUUID();
  await db.insert(sysImportJob).values({ id, kind: def.kind, ownerId: form.ownerId, filePath: path, status: ImportStatus.RUNNING, userId: user.id });
  const target: ImportTarget = { ownerId: form.ownerId, companyId: owner.companyId as number, lang: ctx.lang };
  scheduleImport(deps, { jobId: id, lang: ctx.lang, ownerId: form.ownerId }, () => runImport(deps, def, id, path, target));
  return { id, status: ImportStatus.RUNNING, totalRows: 0, doneRows: 0 };
}

/**
 * Runs the job `jobId` in the background: after the previous job of the same `ownerId` (when given), in its
 * turn of the import queue. While it waits for a turn its message says so ("Waiting for other imports to
 * finish"); the message is cleared when it starts. `task` never throws (it records its own end).
 */
export function scheduleImport(deps: ImportDeps, job: { jobId: string; lang: Lang; ownerId?: number }, task: () => Promise<void>): void {
  const where = eq(sysImportJob.id, job.jobId);
  let waited = false;
  const setMessage = (message: string | null) => deps.database.db.update(sysImportJob).set({ message }).where(and(where, eq(sysImportJob.status, ImportStatus.RUNNING)));
  const inTurn = () => deps.queue.run(async () => {
    if (waited) await setMessage(null).catch(() => {});
    await metered(deps, job.jobId, task);
  }, async () => { waited = true; await setMessage(importText(job.lang, 'queued')); });
  const { ownerId } = job;
  const prev = ownerId === undefined ? Promise.resolve() : deps.chains.get(ownerId) ?? Promise.resolve();
  const run = prev.then(inTurn, inTurn);
  if (ownerId !== undefined) deps.chains.set(ownerId, run);
  deps.running.add(run);
  // held from now until the run ends, queued or running: other instances see it alive
  const beat = setInterval(() => void deps.database.db.update(sysImportJob).set({ heartbeatAt: new Date() }).where(and(where, eq(sysImportJob.status, ImportStatus.RUNNING))).catch(() => {}), IMPORT_HEARTBEAT_MS);
  beat.unref();
  void run.finally(() => {
    clearInterval(beat);
    deps.running.delete(run);
    if (ownerId !== undefined && deps.chains.get(ownerId) === run) deps.chains.delete(ownerId);
  });
}

/** Runs `task` and counts it as started, then finished or failed by the status it left (the run records its own end). */
async function metered(deps: ImportDeps, jobId: string, task: () => Promise<void>): Promise<void> {
  const { meter } = deps;
  if (!meter) return task();
  const [before] = await deps.database.db.select({ kind: sysImportJob.kind }).from(sysImportJob).where(eq(sysImportJob.id, jobId)).catch(() => []);
  const kind = before?.kind ?? 'unknown';
  meter.job('import', kind, 'started');
  await task();
  const [after] = await deps.database.db.select({ status: sysImportJob.status }).from(sysImportJob).where(eq(sysImportJob.id, jobId)).catch(() => []);
  meter.job('import', kind, after?.status === ImportStatus.SUCCESS ? 'finished' : 'failed');
}

/** The job message for a file the reader refused: the limit in words, or "cannot be read as an .xlsx workbook: ...". */
export function unreadableMessage(lang: Lang, e: unknown): string {
  if (e instanceof ImportLimitError) return limitText(lang, e.key, e.args);
  return clip(importText(lang, 'unreadable', { reason: (e as Error).message }));
}

const clip = (s: string, n = 500) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Runs one import to its end (see module doc, steps 2-4). Never throws: every outcome ends in the job row
 * (unless the database itself is gone, which is logged).
 */
export async function runImport<R, T extends ImportRun>(deps: ImportDeps, def: ImportDefinition<R, T>, jobId: string, filePath: string, target: T): Promise<void> {
  const { db, kind: dbKind } = deps.database;
  const { lang } = target;
  const where = eq(sysImportJob.id, jobId);
  const errors = new ImportErrors();
  const rows: R[] = [];
  let totalRows = 0;
  try {
    const check = await def.prepare(db, target);
    let read;
    try {
      read = await withLocalFile(deps.storage, filePath, (path) => readImportSheet(path, def.columns, lang, errors, (c) => {
        const row = check(c);
        if (errors.length) rows.length = 0; // nothing will be written: stop keeping rows
        else if (row !== undefined) rows.push(row);
      }, async (n) => { await db.update(sysImportJob).set({ totalRows: n }).where(where).catch(() => {}); }));
    } catch (e) {
      await finish(db, where, { status: ImportStatus.FAIL, message: unreadableMessage(lang, e), totalRows: 0 });
      return;
    }
    totalRows = read.totalRows;
    if (errors.length) {
      let message = read.headerOk ? importText(lang, 'failed', { errors: errors.length, rows: errors.badRows, total: totalRows }) : importText(lang, 'failedHeader');
      if (errors.length > MAX_STORED_ERRORS) message += `; ${importText(lang, 'capped', { shown: MAX_STORED_ERRORS, more: errors.length - MAX_STORED_ERRORS })}`;
      await finish(db, where, { status: ImportStatus.FAIL, errors: errors.first(), message: clip(message), totalRows });
      return;
    }
    if (totalRows === 0) {
      await finish(db, where, { status: ImportStatus.FAIL, message: importText(lang, 'noRows'), totalRows });
      return;
    }
    await db.update(sysImportJob).set({ totalRows }).where(where);
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
        await def.insert(tx as unknown as Db, rows.slice(i, i + IMPORT_BATCH));
        // PostgreSQL: another pooled connection, visible at once. PGlite: one connection, it would wait for this transaction.
        if (dbKind === 'postgres') await db.update(sysImportJob).set({ doneRows: Math.min(i + IMPORT_BATCH, rows.length) }).where(where);
      }
    });
    await finish(db, where, { status: ImportStatus.SUCCESS, totalRows, doneRows: rows.length, message: def.summary?.(rows, lang) ?? null });
  } catch (e) {
    const pg = pgError(e);
    const message = pg?.code === '23505' || pg?.code === '23503'
      ? importText(lang, 'conflict', { detail: pg.detail ?? pg.message ?? pg.code })
      : importText(lang, 'failedUnexpected', { reason: (e as Error).message });
    if (!pg) deps.log.error({ err: e, jobId }, 'import failed');
    await finish(db, where, { status: ImportStatus.FAIL, message: clip(message), totalRows, doneRows: 0 }).catch((err) => deps.log.error({ err, jobId }, 'cannot record the end of an import'));
  }
}

async function finish(db: Db, where: ReturnType<typeof eq>, values: Partial<typeof sysImportJob.$inferInsert>) {
  await db.update(sysImportJob).set({ doneRows: 0, ...values, finishDate: new Date() }).where(where);
}

/** POST /sapi/sys/importJob/query { id } (JOB_ID_BODY): the job, to the user who started it or an admin; otherwise 404. */
export async function queryImportJob(db: Db, ctx: RequestContext, user: UserContext, body: { id?: string }): Promise<JobView> {
  const id = body.id ?? '';
  const missing = () => notFound(ctx.lang, `${formTexts.job[ctx.lang]} ${id}`);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw missing();
  const mine = user.isAdmin ? eq(sysImportJob.id, id) : and(eq(sysImportJob.id, id), eq(sysImportJob.userId, user.id));
  let [job] = await db.select().from(sysImportJob).where(mine);
  if (!job) throw missing();
  if (job.status === ImportStatus.RUNNING && (await failInterruptedImports(db, id))) [job] = await db.select().from(sysImportJob).where(mine);
  return {
    id: job.id, kind: job.kind, ownerId: job.ownerId, status: job.status, totalRows: job.totalRows, doneRows: job.doneRows,
    errors: job.errors, message: job.message, addDate: job.addDate, finishDate: job.finishDate,
  };
}

/**
 * Marks the jobs (or job `id`) still in status 1 (running) whose heartbeat is older than
 * {@link IMPORT_STALE_SECONDS} as 3 (FAIL) with {@link INTERRUPTED_MESSAGE}: their instance stopped (crash,
 * kill, restart) before they ended. Jobs a live instance holds keep beating and are left alone. Returns how many.
 */
export async function failInterruptedImports(db: Db, id?: string): Promise<number> {
  const stale = and(eq(sysImportJob.status, ImportStatus.RUNNING), lt(sysImportJob.heartbeatAt, sql`now() - ${`${IMPORT_STALE_SECONDS} seconds`}::interval`));
  const rows = await db.update(sysImportJob)
    .set({ status: ImportStatus.FAIL, message: INTERRUPTED_MESSAGE, finishDate: new Date() })
    .where(id === undefined ? stale : and(stale, eq(sysImportJob.id, id))).returning({ id: sysImportJob.id });
  return rows.length;
}

/** Ends job `jobId` with `values` (status, message, errors, rows) and its finish time: for runs outside this module (the count import). */
export const endImportJob = (db: Db, jobId: string, values: Partial<typeof sysImportJob.$inferInsert>) => finish(db, eq(sysImportJob.id, jobId), values);
