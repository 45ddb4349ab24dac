/**
 * The scheduler of scheduled tasks (spec 3 "Scheduled task", 9 "Task status", "retry count 0 means no retry;
 * retry interval 0 means no interval"; issue 15; docs/jobs.md).
 *
 * - Every {@link SchedulerSettings.tickMs} it re-reads the task table (`sys_job`), so an edit, pause or resume
 *   takes effect on every instance without a restart. For each ENABLED task it keeps the next fire time from
 *   croner (cron.ts, server time zone); a fire time that has come is fired and the next one computed. The
 *   task's `nextFireTime` column follows (null when not enabled).
 * - **Claim rule**: a fire is one row of the task log `sys_job_log` with the unique (task, fire time, attempt).
 *   Every instance that sees the fire inserts attempt 1 with `ON CONFLICT DO NOTHING RETURNING`; only the
 *   instance whose row was inserted runs it, so with several instances on one PostgreSQL each fire runs once.
 *   Fire times come from the cron expression, not from the clock of the tick, so all instances name the same
 *   fire the same way.
 * - A run gets an AbortSignal. Past the task's monitoring timeout (ms; 0 = none) the signal fires and the run
 *   is marked FAIL at once ("timed out after N ms"), whether or not the handler stops. App close fires the
 *   signal of every run as well (marked FAIL "the server stopped").
 * - A failed attempt n (1-based) is retried while n <= retry count, after the retry interval (ms), by the
 *   instance that ran it, as attempt n + 1 (its own log row, claimed the same way).
 * - **Crash recovery**: each instance names itself (`instance`, written on the log rows it runs) and beats in
 *   `sys_job_instance` every {@link SchedulerSettings.heartbeatMs}. At start and at each beat it marks FAIL every
 *   RUNNING log row whose instance has not beaten within {@link SchedulerSettings.leaseMs} (one guarded UPDATE).
 * - "Run now" ({@link Scheduler.runNow}) claims (task, now, 1) and runs on the instance that was asked, whatever
 *   the task's status, also when the timed firing is off.
 *
 * Turned on by `config.scheduler.enabled` (`npm start`: on unless WMS_SCHEDULER=0; tests build apps with it off,
 * or on with short settings). Messages written to the log are English (no caller; the console shows them as
 * stored).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Cron } from 'croner';
import { job, jobLog } from '../../../../generated/db/schema';
import { JobRunStatus, JobStatus } from '../../../../generated/shared/enums';
import type { Db } from '../../db/connect';
import { sysJobInstance } from '../../db/internal-schema';
import type { WorkMeter } from '../../http/metrics';
import { parseCron } from './cron';
import { jobHandler, type JobServices } from './registry';
import { JobTextError, storedJobMessage } from './texts';

/** Timing of one app's scheduler (all ms). */
export interface SchedulerSettings {
  /** Fire tasks at their cron times (off: only "run now" runs anything). */
  enabled: boolean;
  /** How often the task table is read and due fires are claimed. */
  tickMs: number;
  /** How often the instance beats and sweeps abandoned runs. */
  heartbeatMs: number;
  /** A RUNNING log row of an instance silent for longer than this is marked failed. */
  leaseMs: number;
}

export const DEFAULT_SCHEDULER: SchedulerSettings = { enabled: true, tickMs: 1_000, heartbeatMs: 5_000, leaseMs: 30_000 };

/** Fires of one task caught up in one tick at most (after a pause of the process); older ones are skipped. */
const MAX_CATCH_UP = 3;
/** Instance rows silent for this long are deleted (they name no RUNNING row any more). */
const FORGET_INSTANCE = '1 day';

type JobRow = typeof job.$inferSelect;
type Outcome = { status: JobRunStatus; message: string | null };

/** What a scheduler logs through (Fastify's logger fits). */
export interface SchedulerLog { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void }

const clip = (s: string | null, n = 2000) => (s === null || s.length <= n ? s : `${s.slice(0, n - 1)}…`);
/** The stored message of a failure: both languages for a {@link JobTextError}, else the error's own text. */
const errorText = (e: unknown) => (e instanceof JobTextError ? storedJobMessage(e.text) : e instanceof Error ? e.message || e.name : String(e));

/** The processor parameters of a task as an object (`{}` when empty); throws when the text is not a JSON object. */
export function jobParams(text: string | null): Record<string, unknown> {
  if (!text || !text.trim()) return {};
  const v: unknown = JSON.parse(text);
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('the processor parameters are not a JSON object');
  return v as Record<string, unknown>;
}

/** A new instance name: host, process and a random part (several apps in one process differ). */
export const newInstanceId = () => `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(4).toString('hex')}`;

export class Scheduler {
  readonly instance: string;
  readonly settings: SchedulerSettings;
  /** Per enabled task: the expression its next fire time was computed from. */
  private readonly known = new Map<number, { expression: string; cron: Cron | null; next: Date | null }>();
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly aborts = new Set<AbortController>();
  private readonly waits = new Set<{ timer: NodeJS.Timeout; done: () => void }>();
  private tickTimer?: NodeJS.Timeout;
  private beatTimer?: NodeJS.Timeout;
  private registered?: Promise<void>;
  private closing = false;

  /** `meter`: counts each run's end (GET /metrics, http/metrics.ts). */
  constructor(private readonly deps: { db: Db; dataDir: string; log: SchedulerLog; services: JobServices; meter?: Pick<WorkMeter, 'taskRun'> }, settings: Partial<SchedulerSettings> = {}) {
    this.settings = { ...DEFAULT_SCHEDULER, enabled: false, ...settings };
    this.instance = newInstanceId();
  }

  /** Registers the instance, sweeps abandoned runs, then (when enabled) ticks until {@link close}. */
  async start(): Promise<void> {
    await this.register();
    if (!this.settings.enabled || this.closing) return;
    const loop = () => {
      if (this.closing) return;
      this.track(this.tick().catch((err) => this.deps.log.warn({ err }, 'scheduler tick failed')).finally(() => {
        if (!this.closing) { this.tickTimer = setTimeout(loop, this.settings.tickMs); this.tickTimer.unref(); }
      }));
    };
    loop();
  }

  /**
   * One pass over the task table at `now`: claims and starts every due fire of every ENABLED task, keeps
   * `nextFireTime` up to date. Returns the fires this instance claimed (tests).
   */
  async tick(now: Date = new Date()): Promise<number> {
    const { db } = this.deps;
    const rows = await db.select().from(job);
    const seen = new Set<number>();
    let claimed = 0;
    for (const j of rows) {
      if (this.closing) break;
      seen.add(j.id);
      if (j.status !== JobStatus.ENABLED) {
        this.known.delete(j.id);
        if (j.nextFireTime) await db.update(job).set({ nextFireTime: null }).where(eq(job.id, j.id));
        continue;
      }
      let k = this.known.get(j.id);
      if (!k || k.expression !== j.cronExpression) {
        const cron = parseCron(j.cronExpression);
        k = { expression: j.cronExpression, cron, next: cron?.nextRun(now) ?? null };
        this.known.set(j.id, k);
      }
      const due: Date[] = [];
      while (k.next && k.cron && k.next.getTime() <= now.getTime()) {
        due.push(k.next);
        k.next = k.cron.nextRun(k.next);
      }
      for (const fireTime of due.slice(-MAX_CATCH_UP)) {
        const logId = await this.claim(j.id, fireTime, 1);
        if (logId !== null) { claimed++; this.track(this.execute(j, logId, fireTime, 1)); }
      }
      if ((j.nextFireTime?.getTime() ?? null) !== (k.next?.getTime() ?? null)) await db.update(job).set({ nextFireTime: k.next }).where(eq(job.id, j.id));
    }
    for (const id of [...this.known.keys()]) if (!seen.has(id)) this.known.delete(id);
    return claimed;
  }

  /**
   * "Run now": claims (task, now, attempt 1) and starts the run in the background on this instance.
   * Returns the log row and its fire time, or null when the task does not exist.
   */
  async runNow(jobId: number): Promise<{ logId: number; fireTime: string } | null> {
    const [j] = await this.deps.db.select().from(job).where(eq(job.id, jobId));
    if (!j || this.closing) return null;
    // with the timed firing off the heartbeat rests between runs: beat now, before the claim names this instance
    if (this.registered && !this.settings.enabled) await this.sweep();
    else await this.register();
    // two asks in the same millisecond name two fires: the later one moves on by a millisecond
    for (let fireTime = new Date(), i = 0; i < 5; i++, fireTime = new Date(fireTime.getTime() + 1)) {
      const logId = await this.claim(j.id, fireTime, 1);
      if (logId === null) continue;
      this.track(this.execute(j, logId, fireTime, 1));
      return { logId, fireTime: fireTime.toISOString() };
    }
    return null;
  }

  /** Beats and marks FAIL the RUNNING rows of instances silent past the lease (returns how many). */
  async sweep(): Promise<number> {
    const { db } = this.deps;
    await db.insert(sysJobInstance).values({ id: this.instance }).onConflictDoUpdate({ target: sysJobInstance.id, set: { heartbeatAt: sql`now()` } });
    const alive = sql`(select ${sysJobInstance.id} from ${sysJobInstance} where ${sysJobInstance.heartbeatAt} > now() - ${`${this.settings.leaseMs} milliseconds`}::interval)`;
    const failed = await db.update(jobLog).set({
      status: JobRunStatus.FAIL,
      endTime: sql`now()`,
      duration: sql`least(2147483647, greatest(0, round(extract(epoch from (now() - coalesce(${jobLog.startTime}, ${jobLog.addDate}))) * 1000)))::int`,
      message: sql`json_build_object('en', 'the instance ' || coalesce(${jobLog.instance}, '?') || ' stopped before the run ended', 'zh', '实例 ' || coalesce(${jobLog.instance}, '?') || ' 在执行结束前停止')::text`,
      updateDate: sql`now()`,
    }).where(and(eq(jobLog.status, JobRunStatus.RUNNING), sql`coalesce(${jobLog.instance}, '') not in ${alive}`)).returning({ jobId: jobLog.jobId, fireTime: jobLog.fireTime });
    for (const f of failed) await db.update(job).set({ lastResult: JobRunStatus.FAIL, lastFireTime: f.fireTime }).where(and(eq(job.id, f.jobId), or(isNull(job.lastFireTime), lte(job.lastFireTime, f.fireTime))));
    await db.delete(sysJobInstance).where(lt(sysJobInstance.heartbeatAt, sql`now() - ${FORGET_INSTANCE}::interval`));
    if (failed.length) this.deps.log.warn({ count: failed.length }, 'task runs of stopped instances marked failed');
    return failed.length;
  }

  /** App close: no new fires or retries, every running handler's signal fires, waits for the runs to be recorded. */
  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.tickTimer);
    clearInterval(this.beatTimer);
    for (const w of this.waits) { clearTimeout(w.timer); w.done(); }
    for (const ac of this.aborts) ac.abort(new JobTextError({ en: 'the server stopped', zh: '服务器已停止' }));
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
    if (this.registered) await this.deps.db.delete(sysJobInstance).where(eq(sysJobInstance.id, this.instance)).catch((err) => this.deps.log.warn({ err }, 'cannot remove the scheduler instance'));
  }

  /** Waits until no run, retry or tick of this instance is in flight (tests). */
  async settle(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  /** The first beat (instance row + sweep), once; then the heartbeat timer. */
  private register(): Promise<void> {
    this.registered ??= this.sweep().then(() => {
      this.beatTimer = setInterval(() => {
        // with the timed firing off, beat only while a run or a retry of this instance is under way
        if (this.closing || (!this.settings.enabled && !this.aborts.size && !this.waits.size)) return;
        this.track(this.sweep().catch((err) => this.deps.log.warn({ err }, 'scheduler heartbeat failed')));
      }, this.settings.heartbeatMs);
      this.beatTimer.unref();
    });
    return this.registered;
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inflight.add(p);
    void p.then(() => this.inflight.delete(p), () => this.inflight.delete(p));
    return p;
  }

  /** Inserts the log row of (task, fire time, attempt) as RUNNING by this instance; null when another instance holds it. */
  private async claim(jobId: number, fireTime: Date, attempt: number): Promise<number | null> {
    const [row] = await this.deps.db.insert(jobLog)
      .values({ jobId, fireTime, attempt, status: JobRunStatus.RUNNING, startTime: new Date(), instance: this.instance })
      .onConflictDoNothing().returning({ id: jobLog.id });
    return row?.id ?? null;
  }

  /** Runs one claimed attempt to its end, records it, and retries as the task says. Never throws. */
  private async execute(j: JobRow, logId: number, fireTime: Date, attempt: number): Promise<void> {
    const started = Date.now();
    const outcome = await this.runHandler(j, fireTime);
    this.deps.meter?.taskRun(j.beanName, outcome.status !== JobRunStatus.FAIL);
    try {
      const end = new Date();
      // the log row and the task's last result in one transaction: a reader never sees the one without the other
      await this.deps.db.transaction(async (tx) => {
        const done = await tx.update(jobLog)
          .set({ status: outcome.status, endTime: end, duration: Math.min(2147483647, end.getTime() - started), message: clip(outcome.message), updateDate: end })
          .where(and(eq(jobLog.id, logId), eq(jobLog.status, JobRunStatus.RUNNING))).returning({ id: jobLog.id });
        if (done.length) await tx.update(job).set({ lastResult: outcome.status, lastFireTime: fireTime }).where(eq(job.id, j.id));
      });
    } catch (err) {
      this.deps.log.error({ err, job: j.id, logId }, 'cannot record the end of a task run');
    }
    if (outcome.status !== JobRunStatus.FAIL || attempt > j.retryCount || this.closing) return;
    await this.sleep(j.retryInterval);
    if (this.closing) return;
    try {
      const [fresh] = await this.deps.db.select().from(job).where(eq(job.id, j.id));
      if (!fresh) return; // removed meanwhile
      const next = await this.claim(j.id, fireTime, attempt + 1);
      if (next !== null) await this.execute({ ...fresh, retryCount: j.retryCount }, next, fireTime, attempt + 1);
    } catch (err) {
      this.deps.log.error({ err, job: j.id }, 'cannot retry a task run');
    }
  }

  /** Calls the handler with its signal; resolves at its end, at the monitoring timeout or at close, whichever comes first. */
  private async runHandler(j: JobRow, fireTime: Date): Promise<Outcome> {
    const handler = jobHandler(j.beanName);
    if (!handler) return { status: JobRunStatus.FAIL, message: storedJobMessage({ en: `no handler is registered under the bean name ${j.beanName}`, zh: `没有名为 ${j.beanName} 的任务处理器` }) };
    let params: Record<string, unknown>;
    try {
      params = jobParams(j.processorParams);
    } catch (e) {
      return { status: JobRunStatus.FAIL, message: errorText(e) };
    }
    const ac = new AbortController();
    this.aborts.add(ac);
    let timer: NodeJS.Timeout | undefined;
    const stopped = new Promise<Outcome>((resolve) => {
      ac.signal.addEventListener('abort', () => resolve({ status: JobRunStatus.FAIL, message: errorText(ac.signal.reason) }), { once: true });
      if (j.monitorTimeout > 0) timer = setTimeout(() => ac.abort(new JobTextError({ en: `timed out after ${j.monitorTimeout} ms`, zh: `超时（${j.monitorTimeout} 毫秒）` })), j.monitorTimeout);
    });
    const { db, dataDir, services } = this.deps;
    const work = (async () => handler.run({ db, params, signal: ac.signal, fireTime, dataDir, services }))()
      .then((m): Outcome => ({ status: JobRunStatus.SUCCESS, message: storedJobMessage(m) }), (e): Outcome => ({ status: JobRunStatus.FAIL, message: errorText(e) }));
    try {
      return await Promise.race([work, stopped]);
    } finally {
      clearTimeout(timer);
      this.aborts.delete(ac);
    }
  }

  /** Waits `ms` (0: not at all); ended early by close. */
  private sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise<void>((done) => {
      const w = { timer: setTimeout(() => { this.waits.delete(w); done(); }, ms), done };
      this.waits.add(w);
    });
  }
}
