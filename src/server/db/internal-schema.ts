/**
 * Tables that are not resources of the manifest: sessions, captchas, login attempts, files and jobs (kept in
 * the database so that any instance can check them, DESIGN "Databases"). Migrations for these come from
 * drizzle-kit with the rest.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

/** A login session: token -> user; idle expiry slides, old tokens are rotated (docs/architecture.md). */
export const sysSession = pgTable('sys_session', {
  token: varchar('token', { length: 64 }).primaryKey(),
  userId: integer('user_id').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  replacedBy: varchar('replaced_by', { length: 64 }),
}, (t) => [index('sys_session_user_idx').on(t.userId)]);

/** A captcha answer: single use, expires after 5 minutes (spec 7.2, issue 2). */
export const sysCaptcha = pgTable('sys_captcha', {
  id: varchar('id', { length: 36 }).primaryKey(),
  type: integer('type').notNull(),
  answer: varchar('answer', { length: 16 }).notNull(),
  used: boolean('used').default(false).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The login log and throttle state (issue 12; domain/login-throttle.ts): one row per password check
 * (`fail`, `success`, `disabled`: right password, account locked), per attempt refused during a lock
 * (`locked`), per lock begun (`lock_user`, `lock_ip`, with `lockedUntil`) and per admin unlock (`unlock`, with
 * `byUserId`). Counters are read from here, so every instance on one database sees the same state.
 * `userName` is the name as typed (it may name no user); `ip` the client address as Fastify reads it.
 */
export const sysLoginAttempt = pgTable('sys_login_attempt', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userName: varchar('user_name', { length: 100 }).notNull(),
  ip: varchar('ip', { length: 64 }).notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
  outcome: varchar('outcome', { length: 12 }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  byUserId: integer('by_user_id'),
}, (t) => [index('sys_login_attempt_user_idx').on(t.userName, t.at), index('sys_login_attempt_ip_idx').on(t.ip, t.at)]);

/**
 * An uploaded file (issue 3): the bytes live in storage (storage.ts) under `path`; this row keeps who, what
 * and where, so any instance can serve it. fileType follows spec 7.2 (3 default, 5 product image).
 */
export const sysFile = pgTable('sys_file', {
  id: varchar('id', { length: 36 }).primaryKey(),
  path: varchar('path', { length: 300 }).notNull(),
  originalName: varchar('original_name', { length: 255 }).notNull(),
  mime: varchar('mime', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  fileType: integer('file_type').notNull(),
  thumbnailPath: varchar('thumbnail_path', { length: 300 }),
  userId: integer('user_id').notNull(),
  addDate: timestamp('add_date', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
}, (t) => [index('sys_file_path_idx').on(t.path)]);

/** PostgreSQL's bytea (Buffer in, Buffer or Uint8Array out, by driver). */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The database file store (issue 28; domain/files/db-storage.ts): one row per stored version of a key. A row is
 * written `done = false` before its chunks and turned `done` (with size and SHA-256) in the transaction that
 * drops the key's older version, so a reader sees a whole file or none; rows left not done by a crash are swept.
 */
export const sysFileBlob = pgTable('sys_file_blob', {
  id: uuid('id').primaryKey(),
  key: varchar('key', { length: 300 }).notNull(),
  size: bigint('size', { mode: 'number' }).default(0).notNull(),
  sha256: varchar('sha256', { length: 64 }),
  done: boolean('done').default(false).notNull(),
  addDate: timestamp('add_date', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
}, (t) => [
  uniqueIndex('sys_file_blob_key_done_idx').on(t.key).where(sql`${t.done}`),
  index('sys_file_blob_pending_idx').on(t.addDate).where(sql`not ${t.done}`),
]);

/** The bytes of a {@link sysFileBlob} in order (`seq` from 0), at most 1 MiB each (db-storage.ts CHUNK_BYTES). */
export const sysFileChunk = pgTable('sys_file_chunk', {
  blobId: uuid('blob_id').notNull().references(() => sysFileBlob.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  bytes: bytea('bytes').notNull(),
}, (t) => [primaryKey({ columns: [t.blobId, t.seq] })]);

/**
 * An Excel import (issue 3): runs in the background so the console can show progress; all or nothing.
 * status: ImportStatus (1 running, 2 success, 3 fail); errors: every bad row and column with its rule.
 */
export const sysImportJob = pgTable('sys_import_job', {
  id: varchar('id', { length: 36 }).primaryKey(),
  kind: varchar('kind', { length: 30 }).notNull(),
  ownerId: integer('owner_id').notNull(),
  filePath: varchar('file_path', { length: 300 }).notNull(),
  status: integer('status').notNull(),
  totalRows: integer('total_rows').default(0).notNull(),
  doneRows: integer('done_rows').default(0).notNull(),
  errors: jsonb('errors').$type<Array<{ row: number; column: string; message: string }>>().default([]).notNull(),
  message: varchar('message', { length: 500 }),
  userId: integer('user_id').notNull(),
  addDate: timestamp('add_date', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
  finishDate: timestamp('finish_date', { withTimezone: true, mode: 'date' }),
  /** Refreshed by the instance running or queueing the job; a RUNNING job silent past the lease was cut off (imports/jobs.ts). */
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
});

/**
 * An Excel export (issue 4; spec 3 "Export job", 4): runs in the background; survives a restart (DESIGN
 * "Databases": several instances may share one PostgreSQL). status: ExportStatus (1 CREATED, 2 SUCCESS,
 * 3 FAIL). `query` is the list query as the caller sent it (filters and sort only), `scope` the caller's
 * warehouse and owner ids at the time of the request ([-1] = all), `lang`/`tzHours` the caller's headers.
 * `worker` names the run that holds the job; it refreshes `heartbeatAt` while it works, and a CREATED job
 * whose heartbeat is older than 60 s is claimed and run again by the next instance that looks
 * (domain/exports/jobs.ts). `filePath` is the storage key of the finished .xlsx.
 */
export const sysFileExport = pgTable('sys_file_export', {
  id: uuid('id').primaryKey(),
  kind: varchar('kind', { length: 30 }).notNull(),
  userId: integer('user_id').notNull(),
  query: jsonb('query').$type<Record<string, unknown>>().notNull(),
  scope: jsonb('scope').$type<{ warehouseIds: number[]; ownerIds: number[] }>().notNull(),
  lang: varchar('lang', { length: 5 }).notNull(),
  tzHours: integer('tz_hours').default(0).notNull(),
  status: integer('status').notNull(),
  filePath: varchar('file_path', { length: 300 }),
  totalRows: integer('total_rows').default(0).notNull(),
  message: varchar('message', { length: 500 }),
  worker: varchar('worker', { length: 36 }),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
  addDate: timestamp('add_date', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
  finishDate: timestamp('finish_date', { withTimezone: true, mode: 'date' }),
}, (t) => [index('sys_file_export_status_heartbeat_idx').on(t.status, t.heartbeatAt), index('sys_file_export_user_idx').on(t.userId)]);

/**
 * The link of an inventory share (issue 16; domain/share/tokens.ts): only the SHA-256 hex digest of its token
 * (the token itself, 32 random bytes, is shown once and never stored). One row per share that has a live
 * link: revoking deletes the row, regenerating replaces the hash, so an old link stops at once.
 * `shareId` is wms_inventory_share.id (the share's remove hook deletes the row with it).
 */
export const wmsInventoryShareToken = pgTable('wms_inventory_share_token', {
  shareId: integer('share_id').primaryKey(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique('wms_inventory_share_token_hash_key'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
});

/**
 * Fixed-window request counters of the public calls (issue 16; http/rate-limit.ts): one row per bucket
 * (e.g. `share-ip:203.0.113.9`, `share-token:<hash>`) and window start; kept in the database so every
 * instance on one PostgreSQL counts together. Old windows are deleted as new ones begin.
 */
export const sysRateHit = pgTable('sys_rate_hit', {
  bucket: varchar('bucket', { length: 120 }).notNull(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  hits: integer('hits').default(0).notNull(),
}, (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index('sys_rate_hit_window_idx').on(t.windowStart)]);

/**
 * A running scheduler (domain/jobs/scheduler.ts): its instance id and the last time it said it is alive. A task
 * log row left RUNNING by an instance whose heartbeat is older than the lease (or that is gone) is marked
 * failed by the next sweep of any instance (issue 15, crash recovery).
 */
export const sysJobInstance = pgTable('sys_job_instance', {
  id: varchar('id', { length: 100 }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
});

/**
 * The database query tool's history (issue 15; domain/dbms/): one row per statement a user ran on a connection
 * (`sys_db_connection`; rows go with their connection): the text, when it started, how long it took (ms), the
 * rows returned (at most the cap), whether the cap cut the result, and the database's error message if it failed.
 */
export const sysDbQuery = pgTable('sys_db_query', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  connectionId: integer('connection_id').notNull(),
  userId: integer('user_id').notNull(),
  statement: text('statement').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
  durationMs: integer('duration_ms').notNull(),
  rowCount: integer('row_count'),
  truncated: boolean('truncated').default(false).notNull(),
  error: varchar('error', { length: 2000 }),
}, (t) => [index('sys_db_query_connection_user_idx').on(t.connectionId, t.userId, t.startedAt)]);

/**
 * The nightly inventory snapshot (issue 15; domain/statistics.ts `inventorySnapshot` job): per calendar day of
 * the server's time zone, warehouse and goods owner, the stock as it stood when the job ran (00:05 by default,
 * so a day's row is its opening stock): units on hand (`qty`), locked units (`lockQty`) and SKUs in stock.
 * One row per (day, warehouse, owner): a run again on the same day overwrites that day's rows (upsert), so
 * the job is idempotent. No foreign keys: a snapshot is history and outlives what it names. The dashboard's
 * stock trend reads it (cut to the caller's scope).
 */
export const wmsInventorySnapshot = pgTable('wms_inventory_snapshot', {
  snapshotDate: date('snapshot_date', { mode: 'string' }).notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  ownerId: integer('owner_id').notNull(),
  companyId: integer('company_id').notNull(),
  qty: bigint('qty', { mode: 'number' }).notNull(),
  lockQty: bigint('lock_qty', { mode: 'number' }).notNull(),
  skuCount: integer('sku_count').notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
}, (t) => [
  primaryKey({ columns: [t.snapshotDate, t.warehouseId, t.ownerId] }),
  index('wms_inventory_snapshot_owner_idx').on(t.ownerId, t.snapshotDate),
  check('wms_inventory_snapshot_qty_check', sql.raw('qty >= 0 and lock_qty >= 0 and lock_qty <= qty and sku_count >= 0')),
]);

/**
 * The tracking history of a waybill (issue 17; domain/waybills/tracking.ts): one row per carrier scan or update
 * (`code` the carrier's own status code, e.g. Aramex `SH005`, SMSA `DL`; `description` its words; `at` the
 * scan time the carrier gives). `waybillId` is wms_waybill.id. The same scan read twice is kept once (unique).
 */
export const wmsWaybillEvent = pgTable('wms_waybill_event', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  waybillId: integer('waybill_id').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  code: varchar('code', { length: 20 }).notNull(),
  description: varchar('description', { length: 300 }).notNull(),
  location: varchar('location', { length: 100 }),
}, (t) => [uniqueIndex('wms_waybill_event_scan_key').on(t.waybillId, t.at, t.code)]);

/**
 * Locations frozen by a cycle count (issue 30; domain/counts/freeze.ts, docs/counts.md): one row per location while
 * its count is counting or in review, made by start, deleted by approve and reject. The primary key keeps a location
 * in one running count at a time. `locationId` is wms_location.id, `countId` wms_count.id.
 */
export const wmsCountFreeze = pgTable('wms_count_freeze', {
  locationId: integer('location_id').primaryKey(),
  countId: integer('count_id').notNull(),
  addDate: timestamp('add_date', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
}, (t) => [index('wms_count_freeze_count_idx').on(t.countId)]);

/**
 * The secret of an owner-API key (issue 31; domain/api-keys.ts): only the SHA-256 hex digest of the key (the key,
 * `wms_live_` + 32 random bytes in base64url, is shown once in the add answer and never stored). `keyId` is
 * sys_api_key.id (the key's remove hook deletes the row with it); the digest is what a call's bearer key is looked
 * up by (unique).
 */
export const sysApiKeySecret = pgTable('sys_api_key_secret', {
  keyId: integer('key_id').primaryKey(),
  keyHash: varchar('key_hash', { length: 64 }).notNull().unique('sys_api_key_secret_hash_key'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
});

/**
 * The owner API's idempotency keys (issue 31; api/idempotency.ts): one row per API key and `Idempotency-Key`
 * header, claimed by the POST that inserts it (the primary key makes concurrent duplicates wait for the first and
 * then find its row), with the SHA-256 of the request (method, path, body) and, once the POST succeeded in the same
 * transaction, its HTTP status and answer. Rows older than 24 h are deleted by the job `apiIdempotencyRetention`.
 */
export const apiIdempotency = pgTable('api_idempotency', {
  keyId: integer('key_id').notNull(),
  idemKey: varchar('idem_key', { length: 255 }).notNull(),
  requestHash: varchar('request_hash', { length: 64 }).notNull(),
  status: integer('status'),
  body: text('body'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
}, (t) => [primaryKey({ columns: [t.keyId, t.idemKey] }), index('api_idempotency_created_idx').on(t.createdAt)]);

/**
 * Watermarks of the owner API's inventory log cursor (issue 31; api/log-cursor.ts): the log's id sequence value
 * seen by a read and the first transaction id not yet assigned then (`nextXid`: the snapshot's xmax, xid8 as a number). Once every
 * transaction older than `nextXid` has ended, no log row with an id up to `seqValue` can still appear, so the cursor
 * may pass it. A few rows; old ones are deleted as newer ones settle.
 */
export const apiLogWatermark = pgTable('api_log_watermark', {
  seqValue: bigint('seq_value', { mode: 'number' }).primaryKey(),
  nextXid: bigint('next_xid', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
});

/**
 * The webhook outbox (issue 31; domain/webhooks/events.ts, docs/owner-api.md "Webhooks"): one row per event, written
 * in the transaction of the change that raised it (allocation, ship, delivery status, receipt, waybill, ledger
 * line) and only when an active subscription of the owner wants its type; the deliveries (sys_webhook_delivery)
 * are written with it. `type` is a WebhookEvent value, `documentKey` the document whose events are delivered in
 * order (`outboundOrder:12`), `documentSeq` its 1-based sequence within that document, `data` the payload's data.
 */
export const wmsWebhookEvent = pgTable('wms_webhook_event', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ownerId: integer('owner_id').notNull(),
  type: integer('type').notNull(),
  documentKey: varchar('document_key', { length: 60 }).notNull(),
  documentSeq: integer('document_seq').notNull(),
  data: jsonb('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
}, (t) => [index('wms_webhook_event_document_idx').on(t.documentKey, t.documentSeq)]);
