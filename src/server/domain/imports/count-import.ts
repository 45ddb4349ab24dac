/**
 * Excel import of counted quantities into a cycle count (issue 30; docs/counts.md "Excel import"):
 * `POST /sapi/wms/count/excel/import {id, filePath, fileUrl}` (the counters' code, the manifest's count `finish`),
 * template `/static/templates/count-import.xlsx`. The job machinery is the other imports' (jobs.ts: a
 * `sys_import_job` of kind `count`, polled with /sapi/sys/importJob/query; the sheet read within the import limits).
 *
 * Columns (header in English or Chinese): Location code*, SKU*, Batch number, Counted quantity*. A row replaces the
 * count of its line (as the `enter` call does): a location of the count, a SKU code of the count's goods owner (and
 * SKU list) in the caller's scope, the batch (left empty: the SKU's one batch on the location, else none), a whole
 * quantity 0..1,000,000,000. A location, SKU and batch may appear once in the file. All or nothing: any error fails
 * the job with the errors by row and column, and nothing is written; the rows go in ONE transaction through
 * counts/counting.ts applyEntries, so the same rules hold (a refusal there names its row). The count must be COUNTING
 * when the call is made (409) and when the rows are written (the job fails otherwise).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { bindings } from '../../../../generated/server/routes';
import { CountStatus, ImportStatus } from '../../../../generated/shared/enums';
import { rules, type Lang } from '../../../shared/validation';
import type { Db } from '../../db/connect';
import { sysImportJob } from '../../db/internal-schema';
import { rawQuery } from '../../db/raw';
import { actionOf } from '../../crud/workflow';
import type { BodyRule } from '../../http/body';
import type { RequestContext, UserContext } from '../../http/context';
import { BizError, fillText, pgError } from '../../http/errors';
import { scopeIds } from '../../http/guard';
import { sapiRoute } from '../../http/sapi';
import { countInScope, notCounting, T } from '../counts/common';
import { applyEntries, countLocationCodes, type CountEntry } from '../counts/counting';
import { QTY_MAX } from '../documents';
import { endImportJob, scheduleImport, unreadableMessage, uploadedWorkbook, uploadFields, type ImportDeps, type JobSummary } from './jobs';
import { ImportErrors, importText, readImportSheet, withLocalFile, type ImportColumn } from './sheet';
import { registerTemplateRoutes, type TemplateSource } from './templates';

export const countImportColumns: ImportColumn[] = [
  { key: 'location', en: 'Location code', zh: '库位编码', aliases: ['Location', 'Location No', '库位'], required: true },
  { key: 'sku', en: 'SKU', zh: 'SKU编码', aliases: ['SKU code', 'sku码', '商品编码'], required: true },
  { key: 'batchNo', en: 'Batch number', zh: '批次号', aliases: ['Batch', 'Batch No', 'Batch No.', '批次'] },
  { key: 'countedQty', en: 'Counted quantity', zh: '盘点数量', aliases: ['Counted', 'Counted qty', 'Quantity', 'Qty', '实盘数量', '数量'], required: true },
];

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  noLocation: L('Location "{value}" is not a location of this count', '库位“{value}”不在本盘点单范围内'),
  noSku: L('SKU "{value}" is not a SKU of this count', '本盘点单没有商品“{value}”'),
  skuShared: L('SKU code "{value}" belongs to several goods owners of this count; enter it on the counting screen', 'SKU编码“{value}”属于本盘点单的多个货主，请在盘点界面录入'),
  repeated: L('Location {location}, SKU {sku}, batch "{batch}" is repeated: it is already on row {row}', '库位 {location}、SKU {sku}、批次“{batch}”重复：第{row}行已有'),
  done: L('Counted quantities of {rows} rows entered', '已录入 {rows} 行盘点数量'),
};

const template: TemplateSource = {
  templateFile: 'count-import.xlsx',
  sheetName: 'Counted quantities',
  columns: countImportColumns,
  async example() {
    return { location: 'A-01-02-03', sku: 'TS-001-BLK-M', batchNo: 'B2026-01', countedQty: 24 };
  },
  async valuesSheet() {
    return {
      name: 'Notes',
      header: ['Notes / 说明'],
      rows: [
        ['Location code: a location of the count (its count sheet lists them). / 库位编码：本盘点单的库位（见盘点表）。'],
        ['SKU: the SKU code. Batch number: empty when the SKU has one batch (or none) on the location. / SKU：SKU编码。批次号：该库位上该商品只有一个批次（或无批次）时可留空。'],
        ['Counted quantity: whole units found, 0 or more; it replaces what was counted before. / 盘点数量：实盘整数，0 或以上；覆盖之前录入的数量。'],
      ],
    };
  },
};

/** The body of the import call: `{id, filePath, fileUrl}`. */
export const countImportBody: BodyRule<{ id: number; filePath: string }> = {
  schema: (lang) => yup.object({ id: rules(lang, 'add').recordId(), ...uploadFields(lang) }),
};

/** A row read: the entry, its Excel row and, for messages, the codes typed. */
interface ReadRow { row: number; entry: CountEntry; location: string; sku: string }

/** Runs the import of count `id` to its end (see the module doc). Never throws: the outcome is in the job row. */
async function runCountImport(deps: ImportDeps, jobId: string, filePath: string, a: { id: number; user: UserContext; lang: Lang }): Promise<void> {
  const { db } = deps.database;
  const { lang } = a;
  const errors = new ImportErrors();
  try {
    const [doc] = await rawQuery(db, `select owner_id from ${T.count} where id = $1`, [a.id]);
    const locations = await countLocationCodes(db, a.id);
    const lowerCodes = new Map<string, number[]>();
    for (const [code, id] of locations) lowerCodes.set(code.toLowerCase(), [...(lowerCodes.get(code.toLowerCase()) ?? []), id]);
    const owners = scopeIds(a.user, 'owner');
    const rows: ReadRow[] = [];
    const wanted = new Set<string>();
    let read;
    try {
      read = await withLocalFile(deps.storage, filePath, (path) => readImportSheet(path, countImportColumns, lang, errors, (c) => {
        const location = c.text('location', { required: true, maxLength: 30 });
        const code = c.text('sku', { required: true, maxLength: 50 });
        const batchNo = c.text('batchNo', { maxLength: 50 });
        const qty = c.number('countedQty', { required: true, min: 0, max: QTY_MAX, decimals: 0 });
        if (location === undefined || code === undefined || qty === undefined || !c.ok) return;
        const locationId = locations.get(location) ?? (lowerCodes.get(location.toLowerCase())?.length === 1 ? lowerCodes.get(location.toLowerCase())![0] : undefined);
        if (locationId === undefined) { c.fail('location', fillText(texts.noLocation[lang], { value: location })); return; }
        wanted.add(code.toLowerCase());
        rows.push({ row: c.row, entry: { locationId, skuId: 0, batchNo: batchNo ?? undefined, qty }, location, sku: code });
      }));
    } catch (e) {
      await endImportJob(db, jobId, { status: ImportStatus.FAIL, message: unreadableMessage(lang, e) });
      return;
    }
    // the SKUs by code: of the count's goods owner (or any the caller sees)
    const skus = wanted.size ? await rawQuery(db, `select id, lower(sku) as code, owner_id from ${T.sku} where lower(sku) = any($1::text[])
      and ($2::int is null or owner_id = $2::int) and ($3::int[] is null or owner_id = any($3::int[]))`, [[...wanted], doc?.owner_id ?? null, owners === 'all' ? null : owners]) : [];
    const seen = new Map<string, number>();
    for (const r of rows) {
      const match = skus.filter((s) => s.code === r.sku.toLowerCase());
      const fail = (key: string, t: { en: string; zh: string }, args: Record<string, string | number>) => errors.push({ row: r.row, column: countImportColumns.find((c) => c.key === key)![lang], message: fillText(t[lang], args) });
      if (!match.length) { fail('sku', texts.noSku, { value: r.sku }); continue; }
      if (match.length > 1) { fail('sku', texts.skuShared, { value: r.sku }); continue; }
      r.entry.skuId = Number(match[0].id);
      const key = `${r.entry.locationId}/${r.entry.skuId}/${r.entry.batchNo ?? ''}`;
      const first = seen.get(key);
      if (first !== undefined) fail('location', texts.repeated, { location: r.location, sku: r.sku, batch: r.entry.batchNo ?? '', row: first });
      else seen.set(key, r.row);
    }
    const totalRows = read.totalRows;
    if (errors.length) {
      const message = read.headerOk ? importText(lang, 'failed', { errors: errors.length, rows: errors.badRows, total: totalRows }) : importText(lang, 'failedHeader');
      await endImportJob(db, jobId, { status: ImportStatus.FAIL, errors: errors.first(), message: message.slice(0, 500), totalRows });
      return;
    }
    if (!totalRows) { await endImportJob(db, jobId, { status: ImportStatus.FAIL, message: importText(lang, 'noRows'), totalRows }); return; }
    await db.update(sysImportJob).set({ totalRows }).where(eq(sysImportJob.id, jobId));
    try {
      await db.transaction((tx) => applyEntries(tx as unknown as Db, a.id, rows.map((r) => r.entry), 'set', a.user, lang));
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
      // a refusal of one entry names its line: put it on that row
      const at = e.place?.line === undefined ? undefined : rows[e.place.line];
      const column = e.place?.field === 'locationId' ? 'location' : e.place?.field === 'batchNo' ? 'batchNo' : 'sku';
      await endImportJob(db, jobId, at
        ? { status: ImportStatus.FAIL, errors: [{ row: at.row, column: countImportColumns.find((c) => c.key === column)![lang], message: e.place!.text }], message: importText(lang, 'failed', { errors: 1, rows: 1, total: totalRows }), totalRows }
        : { status: ImportStatus.FAIL, message: e.message.slice(0, 500), totalRows });
      return;
    }
    await endImportJob(db, jobId, { status: ImportStatus.SUCCESS, totalRows, doneRows: rows.length, message: fillText(texts.done[lang], { rows: rows.length }) });
  } catch (e) {
    const pg = pgError(e);
    if (!pg) deps.log.error({ err: e, jobId }, 'count import failed');
    await endImportJob(db, jobId, { status: ImportStatus.FAIL, message: importText(lang, 'failedUnexpected', { reason: (e as Error).message }).slice(0, 500) })
      .catch((err) => deps.log.error({ err, jobId }, 'cannot record the end of an import'));
  }
}

/** The import call (see the module doc). Errors: 404 count or file, 409 the count is not being counted, 400 not .xlsx. */
async function startCountImport(deps: ImportDeps, a: { ctx: RequestContext; user: UserContext; body: Record<string, unknown> }): Promise<JobSummary> {
  const { db } = deps.database;
  const { ctx, user } = a;
  const form = a.body as { id: number; filePath: string };
  const doc = await countInScope({ db, ctx, user, binding: bindings.count, body: a.body }, form.id);
  if (doc.status !== CountStatus.COUNTING) throw notCounting(ctx.lang, String(doc.countNo), doc.status as number);
  const path = await uploadedWorkbook(deps, user, form.filePath, ctx.lang);
  const id = randomUUID();
  await db.insert(sysImportJob).values({ id, kind: 'count', ownerId: (doc.ownerId as number | null) ?? 0, filePath: path, status: ImportStatus.RUNNING, userId: user.id });
  scheduleImport(deps, { jobId: id, lang: ctx.lang }, () => runCountImport(deps, id, path, { id: form.id, user, lang: ctx.lang }));
  return { id, status: ImportStatus.RUNNING, totalRows: 0, doneRows: 0 };
}

/** Registers the import call and its template (called by ./routes.ts with the imports' shared state). */
export function registerCountImportRoutes(app: FastifyInstance, deps: ImportDeps): void {
  const { db } = deps.database;
  sapiRoute(app, db, `${bindings.count.meta.path}/excel/import`, actionOf(bindings.count, 'finish').code, { body: countImportBody }, (a) => startCountImport(deps, a));
  registerTemplateRoutes(app, db, [template]);
}
