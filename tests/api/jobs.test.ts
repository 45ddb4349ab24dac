/**
 * Scheduled tasks and their log (issue 15; spec 3 "Scheduled task", 5, 9; docs/jobs.md), on PGlite and
 * PostgreSQL: the form's rules (spec 5 messages, croner-checked cron, JSON-object parameters, registered bean),
 * default tasks seeded, run now, the monitoring timeout (signal aborted, run failed), retries (one log row per
 * attempt, retry count 0 = one attempt), crash recovery (a RUNNING row of a dead instance failed at the next
 * start), pause / resume, and two schedulers on one database running each fire of a 2-second task exactly once
 * (on PostgreSQL two whole apps; on PGlite, which one process holds, two schedulers on its one database).
 */
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { job, jobLog } from '../../generated/db/schema';
import { JobRunStatus, JobStatus } from '../../generated/shared/enums';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/connect';
import { registerJobHandler } from '../../src/server/domain/jobs/registry';
import { Scheduler } from '../../src/server/domain/jobs/scheduler';
import { startTestApp, testDatabases, type TestApp } from './harness';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const FAST = { enabled: true, tickMs: 100, heartbeatMs: 200, leaseMs: 1_000 };
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const silent = { info() {}, warn() {}, error() {} };

// handlers of this file (the registry is per process)
const echoCalls: Array<Record<string, unknown>> = [];
registerJobHandler({ bean: 'testEcho', title: { en: 'Echo', zh: '回显' }, async run({ params }) { echoCalls.push(params); return `echo ${String(params.x)}`; } });
const hangs: AbortSignal[] = [];
registerJobHandler({
  bean: 'testHang', title: { en: 'Hang', zh: '挂起' },
  run({ signal }) { hangs.push(signal); return new Promise((_, fail) => signal.addEventListener('abort', () => fail(signal.reason))); },
});
const flaky = { calls: 0, failFirst: 2 };
registerJobHandler({
  bean: 'testFlaky', title: { en: 'Flaky', zh: '不稳定' },
  async run() { flaky.calls++; if (flaky.calls <= flaky.failFirst) throw new Error(`failure ${flaky.calls}`); return 'fine'; },
});
/** Calls of the 2-second task per fire time (ISO). */
const ticks = new Map<string, number>();
registerJobHandler({ bean: 'testTick', title: { en: 'Tick', zh: '滴答' }, async run({ fireTime }) { ticks.set(fireTime.toISOString(), (ticks.get(fireTime.toISOString()) ?? 0) + 1); } });

describe.each(testDatabases())('scheduled tasks on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const call = (path: string, body: unknown = {}, token = admin, headers?: Record<string, string>) => t.call(path, body, token, headers);
  const ok = async (path: string, body: unknown, token = admin) => {
    const r = await call(path, body, token);
    expect(r.code, `${path}: ${r.msg}`).toBe(200);
    return r.data;
  };
  let n = 0;
  const addJob = (over: Rec) => ok('/sapi/sys/job/add', { name: `task ${++n}`, cronExpression: '0 0 1 1 *', retryCount: 0, retryInterval: 0, ...over });
  /** The task's log rows (oldest first) once `count` of them have ended. */
  const waitLog = async (jobId: number, count: number): Promise<Rec[]> => {
    for (let i = 0; i < 200; i++) {
      const rows = (await ok('/sapi/sys/job-log/page', { jobId, size: 50 })).records as Rec[];
      if (rows.filter((r) => r.status !== JobRunStatus.RUNNING).length >= count) return rows.reverse();
      await sleep(50);
    }
    throw new Error(`task ${jobId}: fewer than ${count} ended runs`);
  };

  /** The name of the app's own scheduler instance (it beats, so its RUNNING rows are left alone). */
  let appInstance = '';
  const live = () => appInstance;
  beforeAll(async () => {
    t = await startTestApp(kind, { scheduler: FAST });
    admin = await t.login();
  });
  afterAll(async () => { await t?.close(); });

  it('seeds a task for each handler with defaults, and lists the registered beans', async () => {
    const jobs = (await ok('/sapi/sys/job/list', {})) as Rec[];
    expect(jobs.find((j) => j.beanName === 'exportSweep')).toMatchObject({ cronExpression: '*/30 * * * * *', status: JobStatus.ENABLED, nextFireTime: expect.any(String) });
    expect(jobs.find((j) => j.beanName === 'exportFileRetention')).toMatchObject({ processorParams: '{"days":30}', status: JobStatus.ENABLED });
    expect(jobs.some((j) => j.beanName === 'testEcho')).toBe(false); // no defaults, nothing seeded
    const beans = await ok('/sapi/sys/job/beans', {});
    expect(beans).toEqual(expect.arrayContaining([{ bean: 'exportSweep', title: 'Resume abandoned exports' }, { bean: 'testEcho', title: 'Echo' }]));
    expect((await call('/sapi/sys/job/beans', {}, admin, { 'x-lang': 'zh' })).data).toContainEqual({ bean: 'testEcho', title: '回显' });
  });

  it('checks the form: empty fields, cron by croner, parameters as a JSON object, a registered bean', async () => {
    const empty = await call('/sapi/sys/job/add', { name: '', beanName: '', cronExpression: '', retryCount: null, retryInterval: null });
    expect(empty.code).toBe(400);
    expect(empty.msg).toMatch(/Task name cannot be empty|Bean name cannot be empty|Cron expression cannot be empty|Retry count cannot be empty|Retry interval \(ms\) cannot be empty/);
    for (const [field, body, msg] of [
      ['name', { beanName: 'testEcho', cronExpression: '* * * * *', retryCount: 0, retryInterval: 0 }, 'Task name cannot be empty'],
      ['beanName', { name: 'x', cronExpression: '* * * * *', retryCount: 0, retryInterval: 0 }, 'Bean name cannot be empty'],
      ['cronExpression', { name: 'x', beanName: 'testEcho', retryCount: 0, retryInterval: 0 }, 'Cron expression cannot be empty'],
      ['retryCount', { name: 'x', beanName: 'testEcho', cronExpression: '* * * * *', retryCount: null, retryInterval: 0 }, 'Retry count cannot be empty'],
      ['retryInterval', { name: 'x', beanName: 'testEcho', cronExpression: '* * * * *', retryCount: 0, retryInterval: null }, 'Retry interval (ms) cannot be empty'],
    ] as const) {
      const r = await call('/sapi/sys/job/add', body);
      expect({ field, code: r.code, msg: r.msg }).toEqual({ field, code: 400, msg });
    }
    const base = { name: 'checked', beanName: 'testEcho', retryCount: 0, retryInterval: 0 };
    expect(await call('/sapi/sys/job/add', { ...base, cronExpression: '61 * * * *' })).toMatchObject({ code: 400, msg: expect.stringMatching(/^Cron expression is not a valid cron expression/) });
    expect(await call('/sapi/sys/job/add', { ...base, cronExpression: 'every day' }, admin, { 'x-lang': 'zh' })).toMatchObject({ code: 400, msg: expect.stringMatching(/^Cron表达式不是有效的Cron表达式/) });
    expect(await call('/sapi/sys/job/add', { ...base, cronExpression: '* * * * *', processorParams: '[1, 2]' })).toMatchObject({ code: 400, msg: 'Processor parameters (JSON) must be a JSON object, e.g. {"days": 30}' });
    expect(await call('/sapi/sys/job/add', { ...base, cronExpression: '* * * * *', processorParams: '{days: 1}' })).toMatchObject({ code: 400 });
    expect(await call('/sapi/sys/job/add', { ...base, cronExpression: '* * * * *', beanName: 'noSuchBean' })).toMatchObject({ code: 400, msg: expect.stringMatching(/^Bean name: no task handler is registered as noSuchBean \(registered: .*testEcho/) });
    expect(await call('/sapi/sys/job/add', { ...base, cronExpression: '* * * * *', retryCount: -1 })).toMatchObject({ code: 400, msg: 'Retry count cannot be less than 0' });
    const added = await ok('/sapi/sys/job/add', { ...base, cronExpression: '0 3 * * *', processorParams: '{"x": 1}' });
    expect(new Date(added.nextFireTime).getTime()).toBe((await ok('/sapi/sys/job/nextFireTimes', { cronExpression: '0 3 * * *' })).times.map((s: string) => new Date(s).getTime())[0]);
    expect(await call('/sapi/sys/job/nextFireTimes', { cronExpression: 'nope' })).toMatchObject({ code: 400, msg: expect.stringMatching(/^Cron expression is not a valid/) });
    const times = (await ok('/sapi/sys/job/nextFireTimes', { cronExpression: '*/10 * * * * *' })).times as string[];
    expect(times).toHaveLength(5);
    expect(new Date(times[1]).getTime() - new Date(times[0]).getTime()).toBe(10_000);
  });

  it('runs a task now: one SUCCESS log row with the handler\'s message, the task\'s last result', async () => {
    const j = await addJob({ beanName: 'testEcho', processorParams: '{"x": 42}' });
    const started = await ok('/sapi/sys/job/runNow', { id: j.id });
    expect(started).toEqual({ logId: expect.any(Number), fireTime: expect.any(String) });
    const [row] = await waitLog(j.id, 1);
    expect(row).toMatchObject({ id: started.logId, jobId: j.id, jobName: j.name, attempt: 1, status: JobRunStatus.SUCCESS, message: 'echo 42', instance: expect.any(String) });
    appInstance = row.instance;
    expect(new Date(row.fireTime).toISOString()).toBe(started.fireTime);
    expect(row.duration).toBeGreaterThanOrEqual(0);
    expect(new Date(row.endTime).getTime()).toBeGreaterThanOrEqual(new Date(row.startTime).getTime());
    expect(echoCalls.at(-1)).toEqual({ x: 42 });
    expect(await ok('/sapi/sys/job/detail', { id: j.id })).toMatchObject({ lastResult: JobRunStatus.SUCCESS, lastFireTime: row.fireTime });
    expect(await call('/sapi/sys/job/runNow', { id: 999999 })).toMatchObject({ code: 404 });
    // the log is the scheduler's: no writes through the generic calls
    expect(await call('/sapi/sys/job-log/remove', { id: row.id })).toMatchObject({ code: 400, msg: 'The task log is written by the scheduler only' });
  });

  it('marks a run past its monitoring timeout failed and fires its signal', async () => {
    const j = await addJob({ beanName: 'testHang', monitorTimeout: 300 });
    const before = hangs.length;
    await ok('/sapi/sys/job/runNow', { id: j.id });
    const [row] = await waitLog(j.id, 1);
    expect(row).toMatchObject({ status: JobRunStatus.FAIL, message: 'timed out after 300 ms', attempt: 1 });
    // Node fires a timer on its monotonic clock, the duration is Date.now() - start: they may differ by 1 ms
    expect(row.duration).toBeGreaterThanOrEqual(299);
    expect(hangs.length).toBe(before + 1);
    expect(hangs.at(-1)!.aborted).toBe(true);
  });

  it('retries a failed run after the interval up to the retry count, one log row per attempt', async () => {
    Object.assign(flaky, { calls: 0, failFirst: 2 });
    const j = await addJob({ beanName: 'testFlaky', retryCount: 3, retryInterval: 200 });
    await ok('/sapi/sys/job/runNow', { id: j.id });
    const rows = await waitLog(j.id, 3);
    expect(rows.map((r) => [r.attempt, r.status, r.message])).toEqual([[1, JobRunStatus.FAIL, 'failure 1'], [2, JobRunStatus.FAIL, 'failure 2'], [3, JobRunStatus.SUCCESS, 'fine']]);
    expect(new Set(rows.map((r) => r.fireTime)).size).toBe(1); // attempts of one fire
    expect(new Date(rows[1].startTime).getTime() - new Date(rows[0].endTime).getTime()).toBeGreaterThanOrEqual(190);
    await sleep(400);
    expect(flaky.calls).toBe(3); // success ends the retries

    // retry count 0: no retry
    Object.assign(flaky, { calls: 0, failFirst: 5 });
    const once = await addJob({ beanName: 'testFlaky', retryCount: 0, retryInterval: 0 });
    await ok('/sapi/sys/job/runNow', { id: once.id });
    await waitLog(once.id, 1);
    await sleep(300);
    expect((await waitLog(once.id, 1)).map((r) => r.attempt)).toEqual([1]);
    // retry count 1: two attempts, both failed
    Object.assign(flaky, { calls: 0, failFirst: 5 });
    const twice = await addJob({ beanName: 'testFlaky', retryCount: 1, retryInterval: 0 });
    await ok('/sapi/sys/job/runNow', { id: twice.id });
    await waitLog(twice.id, 2);
    await sleep(300);
    expect((await waitLog(twice.id, 2)).map((r) => [r.attempt, r.status])).toEqual([[1, JobRunStatus.FAIL], [2, JobRunStatus.FAIL]]);
    expect(await ok('/sapi/sys/job/detail', { id: twice.id })).toMatchObject({ lastResult: JobRunStatus.FAIL });
  });

  it('marks a run left RUNNING by a dead instance failed at the next start, and leaves live ones alone', async () => {
    const { db } = t.database;
    const j = await addJob({ beanName: 'testEcho' });
    const fireTime = new Date(Date.now() - 60_000);
    const [dead] = await db.insert(jobLog).values({ jobId: j.id, fireTime, attempt: 1, status: JobRunStatus.RUNNING, startTime: fireTime, instance: 'crashed-host:4242:dead' }).returning();
    // a run of an instance that is alive (it beats) stays RUNNING
    const live = new Scheduler({ db, dataDir: 'memory://', log: silent, services: {} }, { heartbeatMs: 100, leaseMs: 60_000 });
    await live.start();
    const [alive] = await db.insert(jobLog).values({ jobId: j.id, fireTime, attempt: 2, status: JobRunStatus.RUNNING, startTime: fireTime, instance: live.instance }).returning();
    const next = new Scheduler({ db, dataDir: 'memory://', log: silent, services: {} }, { leaseMs: 60_000 });
    await next.start(); // a new instance starting sweeps at once
    const [after] = await db.select().from(jobLog).where(eq(jobLog.id, dead.id));
    expect(after.status).toBe(JobRunStatus.FAIL);
    // stored in both languages; the log reads it in the caller's (texts.ts)
    expect(JSON.parse(after.message!)).toEqual({ en: 'the instance crashed-host:4242:dead stopped before the run ended', zh: '实例 crashed-host:4242:dead 在执行结束前停止' });
    expect(after.duration).toBeGreaterThanOrEqual(59_000);
    expect((await db.select().from(jobLog).where(eq(jobLog.id, alive.id)))[0].status).toBe(JobRunStatus.RUNNING);
    expect(await ok('/sapi/sys/job/detail', { id: j.id })).toMatchObject({ lastResult: JobRunStatus.FAIL });
    // once the live instance is gone (closed without ending the row, like a crash), the next sweep fails it
    await db.update(jobLog).set({ instance: 'crashed-host:4242:other' }).where(eq(jobLog.id, alive.id));
    expect(await next.sweep()).toBe(1);
    await live.close();
    await next.close();
  });

  it('pauses and resumes a task; a paused task does not fire; edits reach the scheduler without restart', async () => {
    const { db } = t.database;
    const j = await addJob({ beanName: 'testEcho', processorParams: '{"x": "paused"}' });
    const paused = await ok('/sapi/sys/job/pause', { id: j.id });
    expect(paused).toMatchObject({ status: JobStatus.PAUSED, nextFireTime: null });
    expect(await call('/sapi/sys/job/pause', { id: j.id })).toMatchObject({ code: 409 });
    expect(await ok('/sapi/sys/job/edit', { id: j.id, cronExpression: '* * * * * *' })).toMatchObject({ status: JobStatus.PAUSED, nextFireTime: null });
    const calls = echoCalls.length;
    await sleep(1_500);
    expect(echoCalls.slice(calls).filter((p) => p.x === 'paused')).toEqual([]);
    expect((await db.select().from(jobLog).where(eq(jobLog.jobId, j.id))).length).toBe(0);
    const resumed = await ok('/sapi/sys/job/resume', { id: j.id });
    expect(resumed).toMatchObject({ status: JobStatus.ENABLED, nextFireTime: expect.any(String) });
    const rows = await waitLog(j.id, 1); // fires within about a second
    expect(rows[0]).toMatchObject({ status: JobRunStatus.SUCCESS, message: 'echo paused' });
    // an edit to a yearly cron: no more fires from the next tick on
    await ok('/sapi/sys/job/edit', { id: j.id, cronExpression: '0 0 1 1 *' });
    await sleep(300);
    const count = (await db.select().from(jobLog).where(eq(jobLog.jobId, j.id))).length;
    await sleep(1_500);
    expect((await db.select().from(jobLog).where(eq(jobLog.jobId, j.id))).length).toBe(count);
    const [stored] = await db.select().from(job).where(eq(job.id, j.id));
    expect(stored.nextFireTime!.getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    // removing a task removes its log
    await ok('/sapi/sys/job/remove', { id: j.id });
    expect((await db.select().from(jobLog).where(eq(jobLog.jobId, j.id))).length).toBe(0);
  });

  it('jobLogRetention deletes ended log lines older than its days, keeps recent and running ones', async () => {
    const { db } = t.database;
    const j = await addJob({ beanName: 'testEcho' });
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    const rows = await db.insert(jobLog).values([
      { jobId: j.id, fireTime: ago(40), attempt: 1, status: JobRunStatus.SUCCESS, instance: 'x' },
      { jobId: j.id, fireTime: ago(31), attempt: 1, status: JobRunStatus.FAIL, instance: 'x' },
      { jobId: j.id, fireTime: ago(40), attempt: 2, status: JobRunStatus.RUNNING, instance: live() },
      { jobId: j.id, fireTime: ago(2), attempt: 1, status: JobRunStatus.SUCCESS, instance: 'x' },
    ]).returning({ id: jobLog.id });
    const retention = ((await ok('/sapi/sys/job/list', {})) as Rec[]).find((x) => x.beanName === 'jobLogRetention')!;
    expect(retention).toMatchObject({ cronExpression: '0 15 4 * * *', processorParams: '{"days":30}' });
    await ok('/sapi/sys/job/runNow', { id: retention.id });
    const [run] = await waitLog(retention.id, 1);
    expect(run).toMatchObject({ status: JobRunStatus.SUCCESS, message: 'deleted 2 task log line(s) older than 30 day(s)' });
    const left = (await db.select({ id: jobLog.id }).from(jobLog).where(eq(jobLog.jobId, j.id))).map((r) => r.id).sort((a, b) => a - b);
    expect(left).toEqual([rows[2].id, rows[3].id]);
    await ok('/sapi/sys/job/remove', { id: j.id });
  });

  it('reads seeded task names and task log messages in the caller\'s language; typed names stay as typed', async () => {
    const zh = { 'x-lang': 'zh' };
    const jobsZh = (await call('/sapi/sys/job/list', {}, admin, zh)).data as Rec[];
    const retention = jobsZh.find((x) => x.beanName === 'jobLogRetention')!;
    expect(retention.name).toBe('删除过期的任务日志');
    expect(((await ok('/sapi/sys/job/list', {})) as Rec[]).find((x) => x.id === retention.id)!.name).toBe('Delete old task log lines');
    const started = await ok('/sapi/sys/job/runNow', { id: retention.id });
    const ended = (lang: Record<string, string> = {}) => async () => ((await call('/sapi/sys/job-log/page', { jobId: retention.id, size: 50 }, admin, lang)).data.records as Rec[]).find((r) => r.id === started.logId && r.status !== JobRunStatus.RUNNING);
    await expect.poll(ended(), { timeout: 10_000 }).toBeTruthy();
    expect(await ended(zh)()).toMatchObject({ jobName: '删除过期的任务日志', message: expect.stringMatching(/^已删除 \d+ 条超过 30 天的任务日志$/) });
    expect((await ended()())!.message).toMatch(/^deleted \d+ task log line\(s\) older than 30 day\(s\)$/);
    const own = await addJob({ beanName: 'testEcho', params: undefined });
    expect(((await call('/sapi/sys/job/list', {}, admin, zh)).data as Rec[]).find((x) => x.id === own.id)!.name).toBe(own.name);
    await ok('/sapi/sys/job/remove', { id: own.id });
  });

  it('runs each fire of a 2-second task exactly once with two instances on one database', { timeout: 30_000 }, async () => {
    // the second instance: a whole app on the same PostgreSQL database, or a second scheduler on PGlite's one database
    let second: { close(): Promise<void> };
    if (kind === 'postgres') {
      const database = await openDatabase(t.config);
      const app = await buildApp({ database, config: { ...t.config, scheduler: FAST } });
      await app.ready();
      second = { close: async () => { await app.close(); await database.close(); } };
    } else {
      const s = new Scheduler({ db: t.database.db, dataDir: 'memory://', log: silent, services: {} }, FAST);
      await s.start();
      second = s;
    }
    ticks.clear();
    const j = await addJob({ beanName: 'testTick', cronExpression: '*/2 * * * * *' });
    await sleep(7_000);
    await ok('/sapi/sys/job/pause', { id: j.id });
    await sleep(500);
    await second.close();
    const rows = await t.database.db.select().from(jobLog).where(eq(jobLog.jobId, j.id));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    // one log row and one call per fire time, fire times 2 s apart
    const fires = rows.map((r) => r.fireTime.getTime()).sort((a, b) => a - b);
    expect(new Set(fires).size).toBe(rows.length);
    for (let i = 1; i < fires.length; i++) expect(fires[i] - fires[i - 1]).toBe(2_000);
    expect([...ticks.values()].every((c) => c === 1)).toBe(true);
    expect([...ticks.keys()].sort()).toEqual(rows.map((r) => r.fireTime.toISOString()).sort());
    expect(rows.every((r) => r.status === JobRunStatus.SUCCESS)).toBe(true);
    // which instance wins a fire depends on whose tick comes first: reported, not asserted
    console.log(`${kind}: ${rows.length} fires by ${new Set(rows.map((r) => r.instance)).size} instance(s)`);
  });

  it('lets only one of two schedulers claim a fire both see due', async () => {
    // only this task enabled (the others would be due at the far-away time too)
    await t.database.db.update(job).set({ status: JobStatus.NOT_ENABLED });
    const j = await addJob({ beanName: 'testTick', cronExpression: '0 0 * * * *' }); // hourly: the app's own ticks stay an hour away
    const make = () => new Scheduler({ db: t.database.db, dataDir: 'memory://', log: silent, services: {} }, { enabled: false });
    const [a, b] = [make(), make()];
    const t0 = new Date(Date.now() + 3_600_000);
    expect([await a.tick(t0), await b.tick(t0)]).toEqual([0, 0]); // both learn the next fire time
    const later = new Date(t0.getTime() + 3_600_000);
    const claims = await Promise.all([a.tick(later), b.tick(later)]);
    expect(claims.sort()).toEqual([0, 1]);
    await Promise.all([a.settle(), b.settle()]);
    const rows = await t.database.db.select().from(jobLog).where(eq(jobLog.jobId, j.id));
    expect(rows).toHaveLength(1);
    expect([a.instance, b.instance]).toContain(rows[0].instance);
    await ok('/sapi/sys/job/remove', { id: j.id });
    await a.close();
    await b.close();
    expect(await t.database.db.select().from(job).where(ne(job.status, JobStatus.NOT_ENABLED))).toEqual([]);
  });
});
