/**
 * Rules of the task resource the manifest cannot state (crud/handlers.ts ResourceHooks; issue 15):
 * - the bean name must name a registered handler (registry.ts): 400 "Bean name: no task handler is registered
 *   as X (registered: a, b)";
 * - `nextFireTime` follows the cron expression and status on every write (the next croner time for an ENABLED
 *   task, else null), so the list shows it at once, also on an instance whose timed firing is off;
 * - removing a task removes its log rows (the log is the task's history, not a record of its own);
 * - seeded task names and log messages read in the caller's language (texts.ts; issue 27 item 13).
 */
import { eq } from 'drizzle-orm';
import { jobLog } from '../../../../generated/db/schema';
import { JobStatus } from '../../../../generated/shared/enums';
import { manifestLabel, meta, type ResourceHooks } from '../../crud/handlers';
import { fieldError } from '../../http/errors';
import { nextFireTime } from './cron';
import { jobHandler, jobHandlers } from './registry';
import { jobMessageIn, jobNameIn } from './texts';

const texts = {
  unknownBean: { en: 'no task handler is registered as {bean} (registered: {beans})', zh: '没有名为 {bean} 的任务处理器（已注册：{beans}）' },
} as const;

export const jobHooks: ResourceHooks = {
  /** Seeded names in the reader's language (texts.ts). */
  async decorate(call, rows) {
    for (const r of rows) if (typeof r.name === 'string') r.name = jobNameIn(r.name, call.ctx.lang);
  },
  async beforeWrite(call, values, existing) {
    const bean = values.beanName as string | undefined;
    if (bean !== undefined && !jobHandler(bean)) {
      const field = manifestLabel('beanName', meta(call.binding))!;
      throw fieldError(call.ctx.lang, { label: field, field: 'beanName' }, texts.unknownBean[call.ctx.lang], { bean, beans: jobHandlers().map((h) => h.bean).join(', ') });
    }
    const cron = (values.cronExpression ?? existing?.cronExpression) as string;
    const status = (values.status ?? existing?.status) as number;
    values.nextFireTime = status === JobStatus.ENABLED ? nextFireTime(cron) : null;
  },
  async beforeRemove(call, existing) {
    await call.db.delete(jobLog).where(eq(jobLog.jobId, existing.id as number));
  },
};

/** The task log reads in the reader's language: its messages and the seeded tasks' names (texts.ts). */
export const jobLogHooks: ResourceHooks = {
  async decorate(call, rows) {
    for (const r of rows) {
      if (typeof r.message === 'string') r.message = jobMessageIn(r.message, call.ctx.lang);
      if (typeof r.jobName === 'string') r.jobName = jobNameIn(r.jobName, call.ctx.lang);
    }
  },
};
