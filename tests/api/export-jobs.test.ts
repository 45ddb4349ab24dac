/**
 * The export machinery's scheduled tasks (issue 15; exports/job-handlers.ts), run through "run now" on the
 * seeded tasks, on PGlite and PostgreSQL: `exportSweep` resumes an export whose instance stopped beating (and
 * leaves a beating one alone); `exportFileRetention` deletes finished exports older than `days` with their
 * files, keeps recent and running ones, and fails on a bad `days`.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportStatus, JobRunStatus } from '../../generated/shared/enums';
import { sysFileExport } from '../../src/server/db/internal-schema';
import { newStorageKey, type FileStorage } from '../../src/server/domain/files/storage';
import { startTestApp, testDatabases, type TestApp } from './harness';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const DAY = 86_400_000;

describe.each(testDatabases())('export tasks on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let userId: number;
  let storage: FileStorage;
  const ok = async (path: string, body: unknown) => {
    const r = await t.call(path, body, admin);
    expect(r.code, `${path}: ${r.msg}`).toBe(200);
    return r.data;
  };
  const task = async (bean: string): Promise<Rec> => ((await ok('/sapi/sys/job/list', {})) as Rec[]).find((j) => j.beanName === bean)!;
  /** Runs the task now and returns its log row once it has ended. */
  const runNow = async (id: number): Promise<Rec> => {
    const { logId } = await ok('/sapi/sys/job/runNow', { id });
    for (let i = 0; i < 200; i++) {
      const row = await ok('/sapi/sys/job-log/detail', { id: logId });
      if (row.status !== JobRunStatus.RUNNING) return row;
      await sleep(50);
    }
    throw new Error('the run did not end');
  };
  const base = () => ({ kind: 'inventory', userId, lang: 'en', query: {}, scope: { warehouseIds: [-1], ownerIds: [-1] } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    userId = (await ok('/sapi/sys/user/current/detail', {})).id;
    storage = (t.app as unknown as { fileStorage: FileStorage }).fileStorage;
  });
  afterAll(async () => { await t?.close(); });

  it('exportSweep resumes an export whose instance stopped beating', async () => {
    const old = new Date(Date.now() - 10 * 60_000);
    const stale = '00000000-0000-4000-8000-0000000000a1';
    const alive = '00000000-0000-4000-8000-0000000000a2';
    await t.database.db.insert(sysFileExport).values([
      { ...base(), id: stale, status: ExportStatus.CREATED, worker: 'dead-instance', heartbeatAt: old, addDate: old },
      { ...base(), id: alive, status: ExportStatus.CREATED, worker: 'live-instance', heartbeatAt: new Date(), addDate: old },
    ]);
    const row = await runNow((await task('exportSweep')).id);
    expect(row).toMatchObject({ status: JobRunStatus.SUCCESS, message: 'resumed 1 export job(s)' });
    let job: Rec = {};
    for (let i = 0; i < 200 && job.exportStatus !== ExportStatus.SUCCESS; i++, await sleep(50)) job = await ok('/sapi/sys/fileExport/query', { id: stale });
    expect(job).toMatchObject({ exportStatus: ExportStatus.SUCCESS, totalRows: 0 });
    expect((await t.database.db.select().from(sysFileExport).where(eq(sysFileExport.id, alive)))[0]).toMatchObject({ status: ExportStatus.CREATED, worker: 'live-instance' });
    await t.database.db.delete(sysFileExport).where(inArray(sysFileExport.id, [stale, alive]));
  });

  it('exportFileRetention deletes finished exports older than its days with their files', async () => {
    const [oldKey, newKey] = [newStorageKey('xlsx'), newStorageKey('xlsx')];
    await storage.put(oldKey, Buffer.from('old'));
    await storage.put(newKey, Buffer.from('new'));
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    const ids = { oldDone: '00000000-0000-4000-8000-0000000000b1', oldFailed: '00000000-0000-4000-8000-0000000000b2', recent: '00000000-0000-4000-8000-0000000000b3', running: '00000000-0000-4000-8000-0000000000b4', oldRecentEnd: '00000000-0000-4000-8000-0000000000b5' };
    await t.database.db.insert(sysFileExport).values([
      { ...base(), id: ids.oldDone, status: ExportStatus.SUCCESS, filePath: oldKey, addDate: ago(41), finishDate: ago(40) },
      { ...base(), id: ids.oldFailed, status: ExportStatus.FAIL, addDate: ago(40), finishDate: ago(40) },
      { ...base(), id: ids.recent, status: ExportStatus.SUCCESS, filePath: newKey, addDate: ago(2), finishDate: ago(2) },
      { ...base(), id: ids.running, status: ExportStatus.CREATED, worker: 'live-instance', heartbeatAt: new Date(), addDate: ago(40) },
      // started long ago, finished within the period: kept (the age counts from the end)
      { ...base(), id: ids.oldRecentEnd, status: ExportStatus.SUCCESS, addDate: ago(40), finishDate: ago(0.5) },
    ]);
    const retention = await task('exportFileRetention');
    expect(retention.processorParams).toBe('{"days":30}');
    const row = await runNow(retention.id);
    expect(row).toMatchObject({ status: JobRunStatus.SUCCESS, message: 'deleted 2 export job(s) older than 30 day(s) and 1 file(s)' });
    const left = (await t.database.db.select({ id: sysFileExport.id }).from(sysFileExport).where(inArray(sysFileExport.id, Object.values(ids)))).map((r) => r.id).sort();
    expect(left).toEqual([ids.recent, ids.running, ids.oldRecentEnd].sort());
    expect(await storage.exists(oldKey)).toBe(false);
    expect(await storage.exists(newKey)).toBe(true);

    // days from the parameters: 1 day now takes the one that finished 2 days ago
    await ok('/sapi/sys/job/edit', { id: retention.id, processorParams: '{"days": 1}' });
    expect(await runNow(retention.id)).toMatchObject({ status: JobRunStatus.SUCCESS, message: 'deleted 1 export job(s) older than 1 day(s) and 1 file(s)' });
    expect(await storage.exists(newKey)).toBe(false);
    // a bad number of days fails the run and deletes nothing
    await ok('/sapi/sys/job/edit', { id: retention.id, processorParams: '{"days": 0}' });
    expect(await runNow(retention.id)).toMatchObject({ status: JobRunStatus.FAIL, message: 'processor parameter days must be a whole number of days from 1 to 36500 (got 0)' });
    expect((await t.database.db.select().from(sysFileExport).where(inArray(sysFileExport.id, [ids.running, ids.oldRecentEnd]))).length).toBe(2);
    await t.database.db.update(sysFileExport).set({ status: ExportStatus.FAIL }).where(eq(sysFileExport.id, ids.running));
  });
});
