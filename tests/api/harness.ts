/**
 * API test harness: a real app on a real database, driven through Fastify's inject (no socket).
 * `testDatabases()` is PGlite always, plus PostgreSQL when DATABASE_URL is set; each PostgreSQL run
 * creates its own database and drops it at the end.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import pg from 'pg';
import { JudgementType } from '../../generated/shared/enums';
import { buildApp, type AppOptions } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { migrateDatabase } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';

export type DbKind = 'pglite' | 'postgres';
export const testDatabases = (): DbKind[] => (process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']);

export const ADMIN_PASSWORD = 'admin-pass-1';
export const CAPTCHA_ANSWER = 'test-captcha';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The config the app was built with (its databaseUrl names the test's own PostgreSQL database). */
  config: Config;
  /** POST JSON to a /sapi path; returns the envelope. */
  call(path: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<{ code: number; msg: string; data: any }>;
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** `logger`: Fastify's logger option (off by default), e.g. a stream a test reads. */
/** A SQL statement on the server of DATABASE_URL (database admin: create / drop). */
async function onServer(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try { await c.query(sql); } finally { await c.end(); }
}

/** A new empty database `wms_test_<random>` on the server of DATABASE_URL: its URL, and `drop` (forced). */
export async function createTestDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `wms_test_${randomBytes(5).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

export async function startTestApp(kind: DbKind, overrides: Partial<Config> = {}, logger: AppOptions['logger'] = false): Promise<TestApp> {
  let dbUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (kind === 'postgres') ({ url: dbUrl, drop: dropDb } = await createTestDatabase());
  const config: Config = {
    port: 0, host: '127.0.0.1', databaseUrl: dbUrl, dataDir: 'memory://', adminPassword: ADMIN_PASSWORD,
    seedReference: ['SA', 'AE'], seedDemo: true, captchaTestAnswer: CAPTCHA_ANSWER, clientDir: '/nonexistent', webhookLocalReceivers: true, ...overrides,
  };
  const database = await openDatabase(config);
  await migrateDatabase(database);
  await seed(database.db, config);
  const app = await buildApp({ database, config, logger });
  const call: TestApp['call'] = async (path, body = {}, token, headers = {}) => {
    const res = await app.inject({ method: 'POST', url: path, payload: body as object, headers: { ...(token ? { 'x-token': token } : {}), ...headers } });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} for ${path}: ${res.body}`);
    return res.json();
  };
  const login: TestApp['login'] = async (username = 'admin', password = ADMIN_PASSWORD) => {
    const cap = await call('/sapi/captcha/get', { type: 1, time: Date.now() });
    const res = await app.inject({ method: 'POST', url: '/sapi/sys/user/login', payload: new URLSearchParams({ username, password, captcha: CAPTCHA_ANSWER, captchaId: cap.data.captchaId }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const env = res.json();
    if (env.code !== 200) throw new Error(`login ${username} failed: ${env.msg}`);
    return env.data.token as string;
  };
  return {
    app, database, config, call, login,
    close: async () => { await app.close(); await database.close(); await dropDb?.(); },
  };
}

/** Creates a role with `codes` and a user holding it, scoped to the given ids ([-1] = all); returns a token. */
export async function userWith(t: TestApp, adminToken: string, opts: { codes: string[]; warehouseIds?: number[]; ownerIds?: number[]; name?: string }): Promise<{ token: string; userId: number }> {
  const name = opts.name ?? `u${randomBytes(3).toString('hex')}`;
  const role = await t.call('/sapi/sys/role/add', { code: `r_${name}`, name: `Role of ${name}`, permissionCodes: opts.codes }, adminToken);
  if (role.code !== 200) throw new Error(role.msg);
  const u = await t.call('/sapi/sys/user/add', { name, password: 'secret-1', roleIds: [role.data.id], warehouseIds: opts.warehouseIds ?? [-1], ownerIds: opts.ownerIds ?? [-1] }, adminToken);
  if (u.code !== 200) throw new Error(u.msg);
  return { token: await t.login(name, 'secret-1'), userId: u.data.id };
}

/** Uploads an .xlsx through POST /sapi/sys/file/upload as `token`; returns `{fileUrl, filePath}` (throws on an error envelope). */
export async function uploadXlsx(t: TestApp, data: Buffer, token: string, name = 'import.xlsx'): Promise<{ fileUrl: string; filePath: string }> {
  const boundary = `----wms${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    data, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/sapi/sys/file/upload', payload: Readable.from([payload]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-upload-token': token } });
  const env = res.json();
  if (env.code !== 200) throw new Error(`upload: ${env.msg}`);
  return env.data;
}

/** Polls /sapi/sys/importJob/query every 50 ms until the job is no longer running (status 1); returns the job. */
export async function waitImportJob(t: TestApp, id: string, token: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  for (let i = 0; i < 1200; i++) {
    const r = await t.call('/sapi/sys/importJob/query', { id }, token);
    if (r.code !== 200) throw new Error(`importJob/query: ${r.msg}`);
    if (r.data.status !== 1) return r.data;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`job ${id} still running`);
}

export type Envelope = { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What the document tests (inbound, outbound, packages) share; filled in by `setUp`. */
export interface DocumentFixture {
  t: TestApp;
  /** The admin's token, the default token of `call` / `ok`. */
  admin: string;
  /** The seeded goods owners OWN-A and OWN-B, and the first warehouse by id. */
  ownerA: number;
  ownerB: number;
  w1: number;
  /** The category the SKUs were added to. */
  categoryId: number;
  /** SKU ids by key (the SKU code); the same object throughout. */
  skus: Record<string, number>;
  /** POSTs as `token` (default: the admin); returns the envelope. */
  call(path: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<Envelope>;
  /** POSTs as `token` (default: the admin), expects code 200 (naming the path and msg) and returns the data. */
  ok(path: string, body: unknown, token?: string): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Adds an inventory adjustment of GAIN lines in `w1` for `ownerId` (each line as given plus type GAIN) and approves it. */
  gainLines(ownerId: number, lines: { skuId: number; qty: number; batchNo?: string }[]): Promise<void>;
  /** gainLines with one line {skuId, batchNo, qty}. */
  gain(ownerId: number, skuId: number, qty: number, batchNo?: string): Promise<void>;
  /**
   * Starts the app on `kind`, logs the admin in, looks up the owners and warehouse, adds category 'Perfume' and one
   * enabled SKU per key of `skuOwners` (in order; name `<key> product`, weight 1) for owner A or B. Returns the fixture.
   */
  setUp(kind: DbKind, skuOwners: Record<string, 'A' | 'B'>): Promise<DocumentFixture>;
  close(): Promise<void>;
}

/** A fixture for the document tests: call `setUp` in beforeAll and `close` in afterAll; `call`, `ok`, `gain` and `skus` are stable. */
export function documentFixture(): DocumentFixture {
  const f: DocumentFixture = {
    t: undefined as unknown as TestApp,
    admin: '',
    ownerA: 0,
    ownerB: 0,
    w1: 0,
    categoryId: 0,
    skus: {},
    call: (path, body = {}, token = f.admin, headers) => f.t.call(path, body, token, headers),
    ok: async (path, body, token = f.admin) => {
      const r = await f.call(path, body, token);
      // vitest loaded here, not at the top: the benchmarks start apps through this file and measure the process
      const { expect } = await import('vitest');
      expect(r.code, `${path}: ${r.msg}`).toBe(200);
      return r.data;
    },
    gainLines: async (ownerId, lines) => {
      const d = await f.ok('/sapi/wms/inventory-judgement/add', { warehouseId: f.w1, ownerId, lines: lines.map((l) => ({ ...l, type: JudgementType.GAIN })) });
      await f.ok('/sapi/wms/inventory-judgement/approve', { id: d.id });
    },
    gain: (ownerId, skuId, qty, batchNo = '') => f.gainLines(ownerId, [{ skuId, batchNo, qty }]),
    setUp: async (kind, skuOwners) => {
      f.t = await startTestApp(kind);
      f.admin = await f.t.login();
      const owners = (await f.call('/sapi/wms/owner/list')).data as { id: number; code: string }[];
      f.ownerA = owners.find((o) => o.code === 'OWN-A')!.id;
      f.ownerB = owners.find((o) => o.code === 'OWN-B')!.id;
      f.w1 = (await f.call('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' })).data[0].id;
      f.categoryId = (await f.ok('/sapi/wms/sku-category/add', { name: 'Perfume' })).id;
      for (const [key, owner] of Object.entries(skuOwners)) {
        f.skus[key] = (await f.ok('/sapi/wms/sku/add', { ownerId: owner === 'A' ? f.ownerA : f.ownerB, sku: key, name: `${key} product`, enable: true, categoryId: f.categoryId, weight: 1 })).id;
      }
      return f;
    },
    close: async () => { await f.t?.close(); },
  };
  return f;
}
