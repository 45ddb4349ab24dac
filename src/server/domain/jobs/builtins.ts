/**
 * The scheduler's own task (issue 15; registry.ts; docs/jobs.md): `jobLogRetention` deletes task log rows
 * (`sys_job_log`) whose fire time is older than `days` (processor parameter, whole days 1..36500, default
 * 30), in batches of {@link LOG_RETENTION_BATCH}, stopping between batches when the run's signal fires. Rows
 * still RUNNING are kept (the crash sweep ends them). Without it a task fired every 30 s (the export sweep)
 * adds 2,880 rows a day for ever.
 *
 * Imported for its side effect (registration) by jobs/routes.ts.
 */
import { and, inArray, lt, ne, sql } from 'drizzle-orm';
import { jobLog } from '../../../../generated/db/schema';
import { JobRunStatus } from '../../../../generated/shared/enums';
import { retentionDays } from '../exports/job-handlers';
import { registerJobHandler } from './registry';

/** Rows deleted per statement. */
export const LOG_RETENTION_BATCH = 5_000;
/** Days a log row is kept when the task's parameters do not say. */
export const DEFAULT_LOG_RETENTION_DAYS = 30;

registerJobHandler({
  bean: 'jobLogRetention',
  title: { en: 'Delete old task log lines', zh: '删除过期的任务日志' },
  defaults: { name: { en: 'Delete old task log lines', zh: '删除过期的任务日志' }, cron: '0 15 4 * * *', params: { days: DEFAULT_LOG_RETENTION_DAYS } },
  async run({ db, params, signal }) {
    const days = retentionDays(params, DEFAULT_LOG_RETENTION_DAYS);
    const old = and(ne(jobLog.status, JobRunStatus.RUNNING), lt(jobLog.fireTime, sql`now() - ${`${days} days`}::interval`));
    let deleted = 0;
    for (;;) {
      signal.throwIfAborted();
      const batch = await db.select({ id: jobLog.id }).from(jobLog).where(old).limit(LOG_RETENTION_BATCH);
      if (!batch.length) break;
      await db.delete(jobLog).where(inArray(jobLog.id, batch.map((b) => b.id)));
      deleted += batch.length;
    }
    return { en: `deleted ${deleted} task log line(s) older than ${days} day(s)`, zh: `已删除 ${deleted} 条超过 ${days} 天的任务日志` };
  },
});
