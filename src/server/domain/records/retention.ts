/**
 * Retention of request records and HTTP exception logs (issue 15; spec 3 "Scheduled task"): two job
 * handlers for the job registry (domain/jobs/registry.ts), beans `requestRecordRetention` and
 * `exceptionHttpLogRetention`, each seeded as a job at 03:00 every day keeping 30 days.
 *
 * Parameters: `{ days }`, a whole number of days 1..3650 (default 30). A run deletes the rows whose time
 * (`add_date`) is older than `days` days before the fire time, 5,000 rows a statement so no statement holds
 * many locks or a long transaction, and stops between statements when the job's signal aborts (timeout or
 * shutdown; the rows deleted so far stay deleted). It returns "Deleted N rows older than D days".
 * @throws Error for bad parameters (the run fails, the job log says why) or when aborted.
 */
import type { JobText } from '../jobs/texts';
import { and, inArray, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { exceptionHttpLog, requestRecord } from '../../../../generated/db/schema';
import { registerJobHandler, type JobHandler, type JobRunContext } from '../jobs/registry';

/** Rows one DELETE removes at most. */
export const RETENTION_CHUNK = 5000;
const DEFAULT_DAYS = 30;

/** The `days` parameter, checked. */
export function retentionDays(params: Record<string, unknown>): number {
  const days = params.days ?? DEFAULT_DAYS;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > 3650) {
    throw new Error(`days must be a whole number from 1 to 3650 (got ${JSON.stringify(days)})`);
  }
  return days;
}

type LogTable = PgTable & { id: PgColumn; addDate: PgColumn };

/** Deletes rows of `table` older than the job's `days`, in chunks; returns the job log's message. */
export async function pruneOlderThan(table: LogTable, ctx: JobRunContext): Promise<JobText> {
  const days = retentionDays(ctx.params);
  const cutoff = new Date(ctx.fireTime.getTime() - days * 86_400_000);
  let deleted = 0;
  for (;;) {
    ctx.signal.throwIfAborted();
    const chunk = ctx.db.select({ id: table.id }).from(table).where(lt(table.addDate, cutoff)).limit(RETENTION_CHUNK);
    const gone = await ctx.db.delete(table).where(and(inArray(table.id, chunk), lt(table.addDate, cutoff))).returning({ one: sql<number>`1` });
    deleted += gone.length;
    if (gone.length < RETENTION_CHUNK) break;
  }
  return { en: `Deleted ${deleted} rows older than ${days} days`, zh: `已删除 ${deleted} 行超过 ${days} 天的记录` };
}

export const requestRecordRetention: JobHandler = {
  bean: 'requestRecordRetention',
  title: { en: 'Delete old request records (parameter days)', zh: '删除过期的请求记录（参数 days）' },
  defaults: { name: { en: 'Request record retention', zh: '请求记录保留期清理' }, cron: '0 3 * * *', params: { days: DEFAULT_DAYS } },
  run: (ctx) => pruneOlderThan(requestRecord as unknown as LogTable, ctx),
};

export const exceptionHttpLogRetention: JobHandler = {
  bean: 'exceptionHttpLogRetention',
  title: { en: 'Delete old HTTP exception logs (parameter days)', zh: '删除过期的HTTP异常日志（参数 days）' },
  defaults: { name: { en: 'HTTP exception log retention', zh: 'HTTP异常日志保留期清理' }, cron: '0 3 * * *', params: { days: DEFAULT_DAYS } },
  run: (ctx) => pruneOlderThan(exceptionHttpLog as unknown as LogTable, ctx),
};

/** Registers both handlers (idempotent: buildApp calls it for every app). */
export function registerRecordRetentionJobs(): void {
  registerJobHandler(requestRecordRetention);
  registerJobHandler(exceptionHttpLogRetention);
}
