/**
 * The request recorder's queue (src/server/domain/records/recorder.ts; issue 15) against a fake database:
 * batches of at most `batchRows` rows, a flush started by a full batch or by the timer (never by each call),
 * one flush at a time, a bounded queue that drops and counts, a failed INSERT counted and survived, exceptions
 * in their own queue, close() writing what is left, and flush() waiting for records built a turn later.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/server/db/connect';
import { RequestRecorder, type RequestRecordRow } from '../../src/server/domain/records/recorder';

const dialect = new PgDialect();
const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn() } as never;

/** A Db that records each statement: record INSERTs (execute) with their row count, exception INSERTs. */
function fakeDb(opts: { fail?: boolean; delayMs?: number } = {}) {
  const statements: { kind: 'records' | 'exceptions'; rows: number; text: string }[] = [];
  let open = 0;
  let maxOpen = 0;
  const run = async <T>(entry: (typeof statements)[number], v: T) => {
    open++;
    maxOpen = Math.max(maxOpen, open);
    await new Promise((r) => setTimeout(r, opts.delayMs ?? 0));
    open--;
    if (opts.fail) throw new Error('database down');
    statements.push(entry);
    return v;
  };
  const db = {
    execute: (q: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(q);
      return run({ kind: 'records', rows: (params[0] as unknown[]).length, text }, []);
    },
    insert: () => ({ values: (rows: unknown[]) => run({ kind: 'exceptions', rows: rows.length, text: '' }, []) }),
  } as unknown as Db;
  return { db, statements, maxOpen: () => maxOpen };
}

const row = (i: number): RequestRecordRow => ({ path: `/sapi/p/${i}`, code: 200, durationMs: i, addDate: new Date(0), userName: null, body: null });

describe('RequestRecorder', () => {
  afterEach(() => vi.useRealTimers());

  it('writes a full batch at once as one INSERT with one array per column, the rest on the timer', async () => {
    vi.useFakeTimers();
    const f = fakeDb();
    const r = new RequestRecorder(f.db, log, { flushMs: 1000, batchRows: 3 });
    for (let i = 0; i < 4; i++) r.record(row(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(f.statements.map((s) => s.rows)).toEqual([3]);
    expect(f.statements[0].text).toMatch(/^insert into "sys_request_record" \("user_id", "user_name", .*"add_date"\)\s+select u\.\* from unnest\(\$1::int4\[\], \$2::text\[\]/);
    expect(f.statements[0].text).toContain("set_config('synchronous_commit', 'off', true)");
    expect(r.stats()).toMatchObject({ queued: 1, written: 3 });
    await vi.advanceTimersByTimeAsync(999);
    expect(f.statements.map((s) => s.rows)).toEqual([3]); // not per call: on the timer
    await vi.advanceTimersByTimeAsync(10);
    expect(f.statements.map((s) => s.rows)).toEqual([3, 1]);
    expect(r.stats()).toMatchObject({ queued: 0, written: 4, dropped: 0 });
    await r.close();
  });

  it('runs one flush at a time and drains full batches in it', async () => {
    const f = fakeDb({ delayMs: 5 });
    const r = new RequestRecorder(f.db, log, { flushMs: 60_000, batchRows: 2 });
    for (let i = 0; i < 7; i++) r.record(row(i));
    await r.flush();
    expect(f.maxOpen()).toBe(1);
    expect(f.statements.map((s) => s.rows)).toEqual([2, 2, 2, 1]);
    await r.close();
  });

  it('drops past the queue limit and counts; close writes the queue and logs the drops', async () => {
    const f = fakeDb();
    const warn = vi.fn();
    const r = new RequestRecorder(f.db, { ...(log as object), warn } as never, { flushMs: 60_000, batchRows: 100, queueLimit: 5 });
    for (let i = 0; i < 12; i++) r.record(row(i));
    expect(r.stats()).toMatchObject({ queued: 5, dropped: 7 });
    await r.close();
    expect(f.statements.map((s) => s.rows)).toEqual([5]);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ dropped: 7, droppedTotal: 7 }), 'request records dropped: 7 (queue full)');
    r.record(row(99)); // after close: ignored
    expect(r.stats()).toMatchObject({ queued: 0, written: 5, dropped: 7 });
  });

  it('keeps exceptions in their own queue, written before records even when records fill theirs', async () => {
    const f = fakeDb();
    const r = new RequestRecorder(f.db, log, { flushMs: 60_000, batchRows: 100, queueLimit: 2 });
    for (let i = 0; i < 5; i++) r.record(row(i));
    r.exception({ path: '/sapi/boom', message: 'Error: boom', stack: 'Error: boom\n    at x', addDate: new Date(0) });
    await r.close();
    expect(f.statements.map((s) => [s.kind, s.rows])).toEqual([['exceptions', 1], ['records', 2]]);
    expect(r.stats()).toMatchObject({ exceptionsWritten: 1, written: 2, dropped: 3 });
  });

  it('counts a failed INSERT, logs it and goes on', async () => {
    const f = fakeDb({ fail: true });
    const error = vi.fn();
    const r = new RequestRecorder(f.db, { ...(log as object), error } as never, { flushMs: 60_000 });
    r.record(row(1));
    r.record(row(2));
    await r.close();
    expect(r.stats()).toMatchObject({ written: 0, failed: 2, queued: 0 });
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ rows: 2 }), 'cannot write request records');
  });

  it('builds a deferred record on the next turn, and flush writes it with the rest', async () => {
    const f = fakeDb();
    const r = new RequestRecorder(f.db, log, { flushMs: 60_000 });
    r.record(row(1));
    r.later(() => r.record(row(2)));
    expect(r.stats().queued).toBe(1); // not built yet: off the answered caller's wait
    await r.flush();
    expect(f.statements.map((s) => s.rows)).toEqual([2]);
    await r.close();
  });

  it('logs a deferred build that throws and still writes the others', async () => {
    const f = fakeDb();
    const error = vi.fn();
    const r = new RequestRecorder(f.db, { ...(log as object), error } as never, { flushMs: 60_000 });
    r.later(() => { throw new Error('bad body'); });
    r.later(() => r.record(row(3)));
    await r.flush();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'request record not queued');
    expect(f.statements.map((s) => s.rows)).toEqual([1]);
    await r.close();
  });

  it('does nothing when switched off', async () => {
    const f = fakeDb();
    const r = new RequestRecorder(f.db, log, { enabled: false });
    r.record(row(1));
    r.exception({ path: '/x' });
    await r.close();
    expect(f.statements).toEqual([]);
    expect(r.stats()).toMatchObject({ enabled: false, queued: 0, written: 0 });
  });
});
