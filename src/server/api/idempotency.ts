/**
 * `Idempotency-Key` of the owner API's POSTs (issue 31; docs/owner-api.md "Idempotency"), as Stripe does it:
 *
 * - the header is required on every POST (1..255 printable characters, 400 otherwise); keys are per API key;
 * - the request's fingerprint is the SHA-256 of its method, path and body (keys sorted, so the same JSON written
 *   in another key order is the same request);
 * - ONE transaction claims the key and does the work: `INSERT ... ON CONFLICT DO NOTHING` on the primary key
 *   (API key, Idempotency-Key). The first request inserts and runs the handler inside the same transaction, then
 *   stores its status and answer there; a concurrent duplicate's insert waits on the unique index until the first
 *   commits (then finds its row) or rolls back (then claims the key itself). No read-then-write: the database's
 *   unique constraint decides, so N concurrent duplicates make one document;
 * - a found row with the same fingerprint answers the stored status and body again, with `Idempotent-Replayed:
 *   true`; another fingerprint is a 422 (`idempotency-mismatch`);
 * - a request that fails (4xx, 5xx) rolls back with its claim: a retry after fixing the body may use the same key;
 * - rows are kept 24 hours (the job `apiIdempotencyRetention` deletes older ones hourly).
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../shared/validation';
import type { Db } from '../db/connect';
import { apiIdempotency } from '../db/internal-schema';
import { registerJobHandler, type JobHandler } from '../domain/jobs/registry';
import { ApiProblem } from './problem';

/** What a handler answers: its HTTP status and body (serialized once, stored as it is sent). */
export interface ApiAnswer { status: number; body: unknown }

const texts = {
  missing: { en: 'Send an Idempotency-Key header (1 to 255 printable characters, e.g. a UUID) with every POST', zh: '每个 POST 请求都需要 Idempotency-Key 请求头（1到255个可打印字符，例如 UUID）' },
  mismatch: { en: 'Idempotency-Key {key} was used with another request (method, path or body): use a new key for a new request', zh: 'Idempotency-Key {key} 已用于另一个请求（方法、路径或请求体不同）：新请求请使用新的键' },
};

/** JSON text of `v` with object keys sorted at every level (the fingerprint of a body). */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(v ?? null);
}

/** The Idempotency-Key of `req`, checked (400 missing or malformed). */
export function idempotencyKey(req: FastifyRequest, lang: Lang): string {
  const v = req.headers['idempotency-key'];
  const key = typeof v === 'string' ? v.trim() : '';
  if (!key || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiProblem('bad-request', texts.missing[lang], [{ field: 'Idempotency-Key', pointer: '', message: texts.missing[lang] }]);
  }
  return key;
}

/**
 * Runs `work` at most once per (API key, Idempotency-Key) (module doc). `work` gets the transaction to do its writes
 * in. Returns the answer and whether it is a replay of a stored one.
 */
export async function once(db: Db, keyId: number, idemKey: string, req: FastifyRequest, lang: Lang, work: (tx: Db) => Promise<ApiAnswer>): Promise<ApiAnswer & { replayed: boolean }> {
  const requestHash = createHash('sha256').update(`${req.method} ${req.url.split('?')[0]}\n${canonicalJson(req.body ?? null)}`).digest('hex');
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const claimed = await tx.insert(apiIdempotency).values({ keyId, idemKey, requestHash }).onConflictDoNothing().returning({ keyId: apiIdempotency.keyId });
    const where = and(eq(apiIdempotency.keyId, keyId), eq(apiIdempotency.idemKey, idemKey));
    if (!claimed.length) {
      const [row] = await tx.select().from(apiIdempotency).where(where);
      if (!row || row.requestHash !== requestHash || row.status === null) throw new ApiProblem('idempotency-mismatch', texts.mismatch[lang].replace('{key}', idemKey));
      return { status: row.status, body: JSON.parse(row.body ?? 'null'), replayed: true };
    }
    const answer = await work(tx);
    await tx.update(apiIdempotency).set({ status: answer.status, body: JSON.stringify(answer.body) }).where(where);
    return { ...answer, replayed: false };
  });
}

/** How long a key is kept (Stripe keeps 24 h too). */
export const IDEMPOTENCY_HOURS = 24;

/** Deletes idempotency keys older than IDEMPOTENCY_HOURS (bean apiIdempotencyRetention, hourly). */
export const apiIdempotencyRetention: JobHandler = {
  bean: 'apiIdempotencyRetention',
  title: { en: 'Delete owner-API idempotency keys older than 24 hours', zh: '删除超过24小时的接口幂等键' },
  defaults: { name: { en: 'Owner API idempotency key retention', zh: '接口幂等键清理' }, cron: '15 * * * *', params: {} },
  run: async (ctx) => {
    const cutoff = new Date(ctx.fireTime.getTime() - IDEMPOTENCY_HOURS * 3_600_000);
    const gone = await ctx.db.delete(apiIdempotency).where(lt(apiIdempotency.createdAt, cutoff)).returning({ one: sql<number>`1` });
    return { en: `Deleted ${gone.length} idempotency keys`, zh: `已删除 ${gone.length} 个幂等键` };
  },
};

/** Registers the retention job's handler (idempotent). */
export const registerIdempotencyJobs = (): void => registerJobHandler(apiIdempotencyRetention);
