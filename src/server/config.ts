/**
 * Server configuration from the environment (README "Configuration"):
 * PORT (default 8080), HOST (default 0.0.0.0), DATABASE_URL (PostgreSQL; unset = embedded PGlite),
 * WMS_DATA_DIR (PGlite directory and stored files, default ./data), WMS_ADMIN_PASSWORD (first start only),
 * WMS_SEED_REFERENCE (`all` default, or a comma list of ISO country codes, or `none`),
 * WMS_SEED_DEMO (`1` default: a demo company with warehouses and owners on first start),
 * WMS_CAPTCHA_TEST_ANSWER (tests only: that value answers every captcha; never set by npm start),
 * WMS_TRUST_PROXY (the proxies whose X-Forwarded-For names the client: addresses or CIDRs, comma-separated;
 * default loopback only, so a client cannot name its own address and dodge the per-IP login limits),
 * WMS_SCHEDULER (`1` default: scheduled tasks fire at their cron times; `0` leaves that to other instances),
 * WMS_REQUEST_RECORDS (`0` records no /sapi call; default on: docs/records.md),
 * WMS_WEBHOOK_LOCAL_RECEIVERS (`1`: tests only, webhooks may go to a receiver on this machine; never set by npm start),
 * WMS_TEST_HOOKS (`1`: tests only, adds /sapi/test/fail500, a call that fails with a 500; never set by npm start),
 * WMS_QUERY_DATABASE_URL (PostgreSQL only: the login of the query tool's built-in connection, a user that may only
 * read; unset = the product makes its own query role when its user may create roles: docs/dbms.md),
 * WMS_FILE_STORE (`local`, `database` or `s3`: where stored files live; default `s3` when WMS_S3_BUCKET is set, else
 * `database` with DATABASE_URL, else `local`: docs/files.md "Stores"), WMS_S3_ENDPOINT, WMS_S3_REGION (default
 * us-east-1), WMS_S3_BUCKET, WMS_S3_ACCESS_KEY_ID, WMS_S3_SECRET_ACCESS_KEY, WMS_S3_FORCE_PATH_STYLE (`1`/`true`),
 * WMS_S3_PREFIX (the S3 store's settings).
 * WMS_METRICS_TOKEN (GET /metrics on the main port answers a request bearing it; unset = not there),
 * WMS_METRICS_PORT (GET /metrics also on this port of 127.0.0.1, without a token; unset = no such port),
 * WMS_SHUTDOWN_TIMEOUT_MS (how long a stopping instance waits for the calls it took, default 10000; docs/deployment.md).
 */
import type { S3Settings } from './domain/files/s3-storage';
import type { SchedulerSettings } from './domain/jobs/scheduler';
import type { LoginThrottleSettings } from './domain/login-throttle';
import type { ShareRateLimits } from './domain/share/public';
import type { RecorderOptions } from './domain/records/recorder';

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  /** The query tool's own login on the product's PostgreSQL database (WMS_QUERY_DATABASE_URL; docs/dbms.md "The query role"). */
  queryDatabaseUrl?: string;
  dataDir: string;
  adminPassword?: string;
  seedReference: 'all' | 'none' | string[];
  seedDemo: boolean;
  captchaTestAnswer?: string;
  /** WMS_WEBHOOK_LOCAL_RECEIVERS=1 (tests only): webhooks may go to loopback hosts (domain/webhooks/destination.ts). */
  webhookLocalReceivers?: boolean;
  clientDir?: string;
  /** Fastify's trustProxy: the proxies whose X-Forwarded-For is believed (README "Configuration"). */
  trustProxy?: string;
  /** Login throttle rules that differ from DEFAULT_LOGIN_THROTTLE (README "Login throttling"; tests use shorter ones). */
  loginThrottle?: Partial<LoginThrottleSettings>;
  /** Limits of the public share call that differ from DEFAULT_SHARE_LIMITS (domain/share/public.ts; tests use small ones). */
  shareRateLimits?: Partial<ShareRateLimits>;
  /**
   * The task scheduler (domain/jobs/scheduler.ts). Absent or `enabled: false`: tasks run only when asked ("run
   * now"); `npm start` turns it on (WMS_SCHEDULER); tests turn it on with short timings where they need it.
   */
  scheduler?: Partial<SchedulerSettings>;
  /** Request records: on/off, flush interval, batch and queue sizes (docs/records.md; tests use small queues). */
  requestRecords?: RecorderOptions;
  /** Tests only (WMS_TEST_HOOKS=1): registers /sapi/test/fail500, which answers 500 (docs/records.md). */
  testHooks?: boolean;
  /** Where stored files live (WMS_FILE_STORE); unset = {@link defaultFileStore}. */
  fileStore?: FileStoreKind;
  /** The S3 store's bucket and credentials (WMS_S3_*); needed when the store is `s3`. */
  s3?: S3Settings;
  /** Bearer token of GET /metrics on the main port (WMS_METRICS_TOKEN); unset: /metrics answers 404 there (http/metrics.ts). */
  metricsToken?: string;
  /** A port of 127.0.0.1 serving GET /metrics without a token (WMS_METRICS_PORT; main.ts). */
  metricsPort?: number;
  /** Milliseconds a stopping instance waits for the calls it took before it cuts them (WMS_SHUTDOWN_TIMEOUT_MS; shutdown.ts). */
  shutdownTimeoutMs?: number;
  /** Milliseconds a stopping instance still accepts connections after readiness turned 503 (WMS_SHUTDOWN_DELAY_MS; shutdown.ts). */
  shutdownDelayMs?: number;
}

export type FileStoreKind = 'local' | 'database' | 's3';
export const FILE_STORE_KINDS: readonly FileStoreKind[] = ['local', 'database', 's3'];

/** The store of a config that names none: S3 when a bucket is set, the database on PostgreSQL, else the local folder. */
export const defaultFileStore = (config: Pick<Config, 'databaseUrl' | 's3'>): FileStoreKind => (config.s3 ? 's3' : config.databaseUrl ? 'database' : 'local');

/** The WMS_S3_* settings, undefined when WMS_S3_BUCKET is unset. */
export function s3FromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.WMS_S3_BUCKET?.trim();
  if (!bucket) return undefined;
  return {
    bucket,
    endpoint: env.WMS_S3_ENDPOINT?.trim() || undefined,
    region: env.WMS_S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.WMS_S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.WMS_S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: /^(1|true|yes)$/i.test(env.WMS_S3_FORCE_PATH_STYLE?.trim() ?? ''),
    prefix: env.WMS_S3_PREFIX?.trim() || undefined,
  };
}

/** How long a stopping instance waits for the calls it took (ms). */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** How long a stopping instance still accepts connections after readiness turned 503 (ms). */
export const DEFAULT_SHUTDOWN_DELAY_MS = 1_000;

/** A whole number of at least `min` from `text`, or `fallback` when unset; throws naming the variable otherwise. */
function intVar(env: NodeJS.ProcessEnv, name: string, min: number, fallback: number | undefined): number | undefined {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, not ${JSON.stringify(text)}`);
  return n;
}

/** Loopback only: a reverse proxy on the same host may name the client. */
export const DEFAULT_TRUST_PROXY = '127.0.0.1,::1';

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const ref = (env.WMS_SEED_REFERENCE ?? 'all').trim();
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    queryDatabaseUrl: env.WMS_QUERY_DATABASE_URL || undefined,
    dataDir: env.WMS_DATA_DIR || './data',
    adminPassword: env.WMS_ADMIN_PASSWORD || undefined,
    seedReference: ref === 'all' || ref === 'none' ? ref : ref.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean),
    seedDemo: env.WMS_SEED_DEMO !== '0',
    captchaTestAnswer: env.WMS_CAPTCHA_TEST_ANSWER || undefined,
    trustProxy: env.WMS_TRUST_PROXY?.trim() || DEFAULT_TRUST_PROXY,
    scheduler: { enabled: env.WMS_SCHEDULER !== '0' },
    requestRecords: { enabled: env.WMS_REQUEST_RECORDS !== '0' },
    testHooks: env.WMS_TEST_HOOKS === '1',
    webhookLocalReceivers: env.WMS_WEBHOOK_LOCAL_RECEIVERS === '1',
    fileStore: (env.WMS_FILE_STORE?.trim() || undefined) as FileStoreKind | undefined,
    s3: s3FromEnv(env),
    metricsToken: env.WMS_METRICS_TOKEN?.trim() || undefined,
    metricsPort: intVar(env, 'WMS_METRICS_PORT', 1, undefined),
    shutdownTimeoutMs: intVar(env, 'WMS_SHUTDOWN_TIMEOUT_MS', 0, DEFAULT_SHUTDOWN_TIMEOUT_MS),
    shutdownDelayMs: intVar(env, 'WMS_SHUTDOWN_DELAY_MS', 0, DEFAULT_SHUTDOWN_DELAY_MS),
  };
}
