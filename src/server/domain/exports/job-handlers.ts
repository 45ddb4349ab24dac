/**
 * The export machinery's scheduled tasks (issue 15; registry: domain/jobs/registry.ts; docs/jobs.md):
 *
 * - `exportSweep`: claims the export jobs whose run stopped beating (a crashed or stopped instance) and runs them
 *   again on the instance that fired it ({@link resumeStaleExports}; the claim is one guarded UPDATE, so a sweep
 *   fired on two instances never takes one job twice). It ran on a timer of its own every 30 s before; the
 *   seeded task keeps that rhythm. Start-up still resumes at once (exports/routes.ts).
 * - `exportFileRetention`: deletes finished export jobs (`sys_file_export`, SUCCESS or FAIL) older than
 *   `days` (processor parameter, whole days >= 1, default 30) with their files, in batches of
 *   {@link RETENTION_BATCH}, stopping between batches when the run's signal fires.
 *
 * Imported for its side effect (registration) by exports/routes.ts.
 */
import { and, asc, inArray, lt, ne, sql } from 'drizzle-orm';
import { ExportStatus } from '../../../../generated/shared/enums';
import { sysFileExport } from '../../db/internal-schema';
import { registerJobHandler, type JobRunContext } from '../jobs/registry';
import { resumeStaleExports } from './jobs';

/** Rows (and files) deleted per statement by the retention task. */
export const RETENTION_BATCH = 200;
/** Days an export is kept when the task's parameters do not say. */
export const DEFAULT_EXPORT_RETENTION_DAYS = 30;

/** `days` of a retention task's parameters: a whole number >= 1, or the default when absent. */
export function retentionDays(params: Record<string, unknown>, fallback: number): number {
  const v = params.days;
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 36500) throw new Error(`processor parameter days must be a whole number of days from 1 to 36500 (got ${JSON.stringify(v)})`);
  return v;
}

/** The export machinery of the app running the task; a run without it (a handler called outside an app) fails. */
function exportsOf(ctx: JobRunContext) {
  const deps = ctx.services?.exports;
  if (!deps) throw new Error('the export machinery of this instance is not available');
  return deps;
}

registerJobHandler({
  bean: 'exportSweep',
  title: { en: 'Resume abandoned exports', zh: '恢复中断的导出任务' },
  defaults: { name: { en: 'Resume abandoned exports', zh: '恢复中断的导出任务' }, cron: '*/30 * * * * *' },
  async run(ctx) {
    const n = await resumeStaleExports(exportsOf(ctx));
    return { en: `resumed ${n} export job(s)`, zh: `已恢复 ${n} 个导出任务` };
  },
});

registerJobHandler({
  bean: 'exportFileRetention',
  title: { en: 'Delete old export files', zh: '删除过期的导出文件' },
  defaults: { name: { en: 'Delete old export files', zh: '删除过期的导出文件' }, cron: '0 30 3 * * *', params: { days: DEFAULT_EXPORT_RETENTION_DAYS } },
  async run(ctx) {
    const days = retentionDays(ctx.params, DEFAULT_EXPORT_RETENTION_DAYS);
    const storage = exportsOf(ctx).storage;
    const old = and(ne(sysFileExport.status, ExportStatus.CREATED), lt(sql`coalesce(${sysFileExport.finishDate}, ${sysFileExport.addDate})`, sql`now() - ${`${days} days`}::interval`));
    let jobs = 0;
    let files = 0;
    for (;;) {
      ctx.signal.throwIfAborted();
      const batch = await ctx.db.select({ id: sysFileExport.id, filePath: sysFileExport.filePath }).from(sysFileExport).where(old).orderBy(asc(sysFileExport.addDate)).limit(RETENTION_BATCH);
      if (!batch.length) break;
      for (const b of batch) {
        if (!b.filePath) continue;
        await storage.remove(b.filePath);
        files++;
      }
      await ctx.db.delete(sysFileExport).where(inArray(sysFileExport.id, batch.map((b) => b.id)));
      jobs += batch.length;
    }
    return { en: `deleted ${jobs} export job(s) older than ${days} day(s) and ${files} file(s)`, zh: `已删除 ${jobs} 个超过 ${days} 天的导出任务和 ${files} 个文件` };
  },
});
