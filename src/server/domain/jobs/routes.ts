/**
 * The task calls beyond the generic CRUD of `job` and `jobLog` (issue 15; docs/jobs.md), and the app's
 * scheduler: built here, the default tasks seeded and the timed firing started when the app is ready (every
 * module has registered its handlers by then), closed with the app.
 *
 * | call | code | body | data |
 * |---|---|---|---|
 * | `/sapi/sys/job/beans` | job:list | `{}` | `[{bean, title}]`, the registered handlers (title in X-Lang) |
 * | `/sapi/sys/job/nextFireTimes` | job:list | `{cronExpression}` | `{times}`: the next 5 fire times (ISO), server time zone |
 * | `/sapi/sys/job/runNow` | job:run | `{id}` | `{logId, fireTime}`: the run started on this instance |
 * | `/sapi/sys/job/pause` | job:edit | `{id}` | the task, PAUSED (409 unless ENABLED) |
 * | `/sapi/sys/job/resume` | job:edit | `{id}` | the task, ENABLED (409 unless PAUSED or NOT_ENABLED) |
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { job } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { JobStatus } from '../../../../generated/shared/enums';
import type { Config } from '../../config';
import { findInScope, type CrudCall } from '../../crud/handlers';
import { actionOf, takeStep } from '../../crud/workflow';
import type { Database, Db } from '../../db/connect';
import { ID_BODY, NO_FIELDS, type BodyRule } from '../../http/body';
import { notFound } from '../../http/errors';
import { sapiRoute, type SapiHandlerArgs } from '../../http/sapi';
import { nextFireTime, nextFireTimes } from './cron';
import { jobHandlers, type JobServices } from './registry';
import { Scheduler } from './scheduler';
import './builtins';

/** Fire times `nextFireTimes` answers. */
export const NEXT_TIMES = 5;

/** `{cronExpression}` with the manifest's rule of the task's cron field (required, croner syntax). */
export const nextTimesBody: BodyRule<{ cronExpression: string }> = {
  schema: (lang) => bindings.job.schemas.form('add', lang).pick(['cronExpression']),
  labels: bindings.job.meta,
};

/**
 * For every registered handler with `defaults` and no task naming its bean, inserts that task (ENABLED, its
 * English name). Two instances starting together insert it once: the task name is unique. Returns how many
 * were inserted.
 */
export async function seedDefaultJobs(db: Db): Promise<number> {
  let added = 0;
  for (const h of jobHandlers()) {
    if (!h.defaults) continue;
    const [has] = await db.select({ id: job.id }).from(job).where(eq(job.beanName, h.bean)).limit(1);
    if (has) continue;
    const rows = await db.insert(job).values({
      name: h.defaults.name.en, beanName: h.bean, cronExpression: h.defaults.cron, processorParams: JSON.stringify(h.defaults.params ?? {}),
      status: JobStatus.ENABLED, nextFireTime: nextFireTime(h.defaults.cron),
    }).onConflictDoNothing().returning({ id: job.id });
    added += rows.length;
  }
  return added;
}

/** Registers the calls, builds the scheduler (see module doc) and returns it. */
export function registerJobRoutes(app: FastifyInstance, database: Database, config: Config, services: JobServices): Scheduler {
  const { db } = database;
  const scheduler = new Scheduler({ db, dataDir: config.dataDir, log: app.log, services, meter: app.metrics }, config.scheduler ?? { enabled: false });
  app.addHook('onReady', async () => {
    await seedDefaultJobs(db);
    await scheduler.start();
  });
  app.addHook('onClose', async () => { await scheduler.close(); });

  const b = bindings.job;
  const call = (a: SapiHandlerArgs): CrudCall => ({ db, ctx: a.ctx, user: a.user, binding: b, body: a.body });
  sapiRoute(app, db, '/sapi/sys/job/beans', b.meta.permissions.list, { body: NO_FIELDS }, async ({ ctx }) => jobHandlers().map((h) => ({ bean: h.bean, title: h.title[ctx.lang] })));
  sapiRoute(app, db, '/sapi/sys/job/nextFireTimes', b.meta.permissions.list, { body: nextTimesBody }, async ({ body }) => ({ times: nextFireTimes(body.cronExpression, NEXT_TIMES).map((d) => d.toISOString()) }));
  sapiRoute(app, db, '/sapi/sys/job/runNow', 'job:run', { body: ID_BODY }, async (a) => {
    const started = await scheduler.runNow(a.body.id);
    if (!started) throw notFound(a.ctx.lang, `${b.meta[a.ctx.lang]} #${a.body.id}`);
    return started;
  });
  sapiRoute(app, db, '/sapi/sys/job/pause', actionOf(b, 'pause').code, { body: ID_BODY }, (a) => takeStep(call(a), 'pause', JobStatus.PAUSED, { nextFireTime: null }));
  sapiRoute(app, db, '/sapi/sys/job/resume', actionOf(b, 'resume').code, { body: ID_BODY }, async (a) => {
    const done = await takeStep(call(a), 'resume', JobStatus.ENABLED);
    await db.update(job).set({ nextFireTime: nextFireTime(String(done.cronExpression)) }).where(eq(job.id, done.id as number));
    return findInScope(call(a), b, done.id);
  });
  return scheduler;
}
