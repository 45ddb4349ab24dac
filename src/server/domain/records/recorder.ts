/**
 * The request recorder (issue 15; spec 1, 2.3 "request records", "HTTP exception logs"; docs/records.md):
 * every /sapi call becomes a row of `sys_request_record`, every answer with code 500 a row of
 * `sys_exception_http_log`, written asynchronously so a call never waits for its record.
 *
 * - `record()` / `exception()` only push onto an in-memory queue (no I/O, no await).
 * - A flush writes the queue with one multi-row INSERT per table (at most `batchRows` rows a statement;
 *   records as one array parameter per column, `insertRecords`)
 *   every `flushMs` ms, and at once when `batchRows` records wait. One flush runs at a time.
 * - The queue is bounded (`queueLimit` records, `exceptionLimit` exceptions): a record arriving at a full
 *   queue is dropped and counted (`stats().dropped`), and a warning line says how many were dropped since
 *   the last one (at most one line per 10 s). A failed INSERT loses its batch, counted in `failed`.
 * - `close()` stops the timer and writes what is queued (the app's onClose hook: tests and shutdown).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { exceptionHttpLog, requestRecord } from '../../../../generated/db/schema';
import type { Db } from '../../db/connect';

/** One request record (time: start of the call; durationMs: whole milliseconds to the answer). */
export type RequestRecordRow = typeof requestRecord.$inferInsert;
/** One exception log line. */
export type ExceptionLogRow = typeof exceptionHttpLog.$inferInsert;

export interface RecorderOptions {
  /** false: nothing is queued or written (README "Configuration": WMS_REQUEST_RECORDS=0). Default true. */
  enabled?: boolean;
  /** Milliseconds between flushes; default 1,000. */
  flushMs?: number;
  /** Rows per INSERT, and the queue length that starts a flush before the timer; default 500. */
  batchRows?: number;
  /** Records the queue holds at most; default 10,000 (a few MB: bodies are capped at 4 KB). */
  queueLimit?: number;
  /** Exception lines the queue holds at most; default 1,000. */
  exceptionLimit?: number;
}

/** Counters since the start of this server process (`/sapi/sys/request-record/stats`). */
export interface RecorderStats {
  enabled: boolean;
  /** Records waiting in memory now, with those of the INSERT under way. */
  queued: number;
  written: number;
  /** Records refused because the queue was full. */
  dropped: number;
  /** Records lost with a failed INSERT. */
  failed: number;
  exceptionsQueued: number;
  exceptionsWritten: number;
  exceptionsDropped: number;
  exceptionsFailed: number;
  /** Milliseconds spent waiting for INSERTs (both tables), summed. */
  writeMs: number;
}

const DROP_LOG_MS = 10_000;

/** The fields of a record the INSERT below writes, with their PostgreSQL array types, in order. */
const COLUMNS: [keyof RequestRecordRow & keyof typeof requestRecord, string][] = [
  ['userId', 'int4'], ['userName', 'text'], ['method', 'text'], ['path', 'text'], ['code', 'int4'], ['durationMs', 'int4'],
  ['ip', 'text'], ['userAgent', 'text'], ['body', 'text'], ['addDate', 'timestamptz'],
];
const COLUMN_LIST = sql.join(COLUMNS.map(([k]) => sql.identifier(requestRecord[k].name)), sql`, `);

/**
 * One INSERT of `rows` with one array parameter per column (`insert ... select * from unnest($1::int4[], ...)`):
 * 10 parameters whatever the batch size, so neither the server nor the database builds or parses thousands
 * of placeholders (a plain multi-row VALUES of 500 rows has 5,000); committed without waiting for the disk.
 */
function insertRecords(rows: RequestRecordRow[]) {
  const arrays = COLUMNS.map(([k, type]) => {
    const values = rows.map((row) => {
      const v = row[k];
      return v instanceof Date ? v.toISOString() : (v ?? null);
    });
    return sql`${sql.param(values)}::${sql.raw(type)}[]`;
  });
  // synchronous_commit off for this statement's own transaction only: the INSERT does not wait for its WAL
  // to reach the disk (a crash of PostgreSQL may lose the last fraction of a second of records, as a crash of
  // the server loses its queue); set_config(..., true) ends with the transaction
  return sql`insert into ${requestRecord} (${COLUMN_LIST})
    select u.* from unnest(${sql.join(arrays, sql`, `)}) as u cross join (select set_config('synchronous_commit', 'off', true)) as quick`;
}

export class RequestRecorder {
  readonly enabled: boolean;
  private readonly flushMs: number;
  private readonly batchRows: number;
  private readonly queueLimit: number;
  private readonly exceptionLimit: number;
  private records: RequestRecordRow[] = [];
  private exceptions: ExceptionLogRow[] = [];
  /** Rows taken off the queues by the INSERT under way (still counted as queued). */
  private inFlight = { records: 0, exceptions: 0 };
  private counts = { written: 0, dropped: 0, failed: 0, exceptionsWritten: 0, exceptionsDropped: 0, exceptionsFailed: 0, writeMs: 0 };
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private closed = false;
  /** Builds scheduled by `later` that have not run yet (`flush` waits for them). */
  private deferred = 0;
  private droppedLogged = 0;
  private lastDropLog = 0;

  constructor(private readonly db: Db, private readonly log: FastifyBaseLogger, opts: RecorderOptions = {}) {
    this.enabled = opts.enabled ?? true;
    this.flushMs = opts.flushMs ?? 1000;
    this.batchRows = opts.batchRows ?? 500;
    this.queueLimit = opts.queueLimit ?? 10_000;
    this.exceptionLimit = opts.exceptionLimit ?? 1000;
    if (this.enabled) {
      this.timer = setInterval(() => this.flushSoon(), this.flushMs);
      this.timer.unref();
    }
  }

  /** Queues one request record; drops and counts it when the queue is full. Never throws, never waits. */
  record(row: RequestRecordRow): void {
    if (!this.enabled || this.closed) return;
    if (this.records.length >= this.queueLimit) {
      this.counts.dropped++;
      return;
    }
    this.records.push(row);
    if (this.records.length >= this.batchRows) this.flushSoon();
  }

  /**
   * Runs `build` (which queues records) on the next turn, off the answered caller's wait (issue 13: building a
   * record is not part of a page call's time); `flush` waits for builds still pending. A build that throws is
   * logged and queues nothing.
   */
  later(build: () => void): void {
    if (!this.enabled || this.closed) return;
    this.deferred++;
    setImmediate(() => {
      this.deferred--;
      try {
        build();
      } catch (err) {
        this.log.error({ err }, 'request record not queued');
      }
    });
  }

  /** Queues one exception log line (its own, smaller queue: a flood of records never pushes these out). */
  exception(row: ExceptionLogRow): void {
    if (!this.enabled || this.closed) return;
    if (this.exceptions.length >= this.exceptionLimit) {
      this.counts.exceptionsDropped++;
      return;
    }
    this.exceptions.push(row);
    this.flushSoon();
  }

  stats(): RecorderStats {
    return { enabled: this.enabled, queued: this.records.length + this.inFlight.records, exceptionsQueued: this.exceptions.length + this.inFlight.exceptions, ...this.counts };
  }

  /** Starts a flush unless one is running (that one loops until the queue is short). */
  private flushSoon(): void {
    if (this.flushing) return;
    this.flushing = this.drain().finally(() => { this.flushing = undefined; });
  }

  /** Writes batches while a full batch waits (or everything, when `all`). */
  private async drain(all = false): Promise<void> {
    this.logDrops();
    const start = performance.now();
    do {
      const exceptions = this.exceptions.splice(0, this.batchRows);
      if (exceptions.length) {
        this.inFlight.exceptions = exceptions.length;
        try {
          await this.db.insert(exceptionHttpLog).values(exceptions);
          this.counts.exceptionsWritten += exceptions.length;
        } catch (err) {
          this.counts.exceptionsFailed += exceptions.length;
          this.log.error({ err, rows: exceptions.length }, 'cannot write HTTP exception logs');
        } finally {
          this.inFlight.exceptions = 0;
        }
      }
      const batch = this.records.splice(0, this.batchRows);
      if (batch.length) {
        this.inFlight.records = batch.length;
        try {
          await this.db.execute(insertRecords(batch));
          this.counts.written += batch.length;
        } catch (err) {
          this.counts.failed += batch.length;
          this.log.error({ err, rows: batch.length }, 'cannot write request records');
        } finally {
          this.inFlight.records = 0;
        }
      }
    } while (this.exceptions.length || (all ? this.records.length : this.records.length >= this.batchRows));
    this.counts.writeMs += Math.round(performance.now() - start);
  }

  /** One warning line per 10 s at most while records are being dropped. */
  private logDrops(): void {
    const fresh = this.counts.dropped - this.droppedLogged;
    if (fresh <= 0 || Date.now() - this.lastDropLog < DROP_LOG_MS) return;
    this.lastDropLog = Date.now();
    this.droppedLogged = this.counts.dropped;
    this.log.warn({ dropped: fresh, droppedTotal: this.counts.dropped, queueLimit: this.queueLimit }, `request records dropped: ${fresh} (queue full)`);
  }

  /** Writes everything queued now, with the records of calls answered before it (waits for a running flush first). */
  async flush(): Promise<void> {
    if (this.deferred) await new Promise((turn) => setImmediate(turn)); // the builds `later` scheduled before now
    while (this.flushing) await this.flushing;
    this.flushing = this.drain(true).finally(() => { this.flushing = undefined; });
    await this.flushing;
  }

  /** Stops taking records and writes what is queued (onClose). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
    this.closed = true;
    this.lastDropLog = 0;
    this.logDrops();
  }
}
