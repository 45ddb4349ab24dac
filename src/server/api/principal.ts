/**
 * Who calls the owner API (issue 31; docs/owner-api.md "Keys"): `Authorization: Bearer <key>` is looked up by the
 * SHA-256 digest of the key (sys_api_key_secret, domain/api-keys.ts) in ONE statement that also refreshes the key's
 * `lastUsedAt` (at most once a minute, so a busy key does not write its row on every call). The key must be ACTIVE,
 * not past its expiry, and its goods owner enabled; anything else is a 401 that says which.
 *
 * The call then runs as a {@link UserContext} made from the key: owner scope = the key's owner, warehouse scope =
 * the key's warehouses ([-1] = all), permission codes = those its scopes grant (manifest `api.scopes`), never
 * admin. Every generic and domain rule (data scope, listCodes, workflow codes) applies to it as to a console user.
 *
 * Rate limit: at most the key's `rateLimit` calls per minute, a fixed one-minute window counted in the database
 * (http/rate-limit.ts `countHit`, bucket `api-key:<id>`): several instances on one PostgreSQL count together,
 * which a counter in each process would not (it would allow N times the limit behind N instances); the cost is
 * one upsert per call. Past it: 429 with Retry-After. Every answer carries RateLimit-Limit, RateLimit-Remaining
 * and RateLimit-Reset (seconds).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getTableName } from 'drizzle-orm';
import { apiScopes } from '../../../generated/server/api-routes';
import { apiKey, owner } from '../../../generated/db/schema';
import { ApiKeyStatus, Status } from '../../../generated/shared/enums';
import { scopeWireName } from '../../shared/resource-meta';
import type { Lang } from '../../shared/validation';
import { ident } from '../crud/filters';
import type { Db } from '../db/connect';
import { sysApiKeySecret } from '../db/internal-schema';
import { rawQuery } from '../db/raw';
import type { UserContext } from '../http/context';
import { countHit } from '../http/rate-limit';
import { tokenDigest } from '../http/token-digest';
import { ApiProblem } from './problem';

/** The key a call came with, and the user context it runs as. */
export interface ApiPrincipal { keyId: number; ownerId: number; scopes: Set<string>; rateLimit: number; user: UserContext }

const texts = {
  missing: { en: 'Send the API key as Authorization: Bearer <key>', zh: '请以 Authorization: Bearer <密钥> 发送接口密钥' },
  unknown: { en: 'The API key is not valid', zh: '接口密钥无效' },
  revoked: { en: 'The API key has been revoked', zh: '接口密钥已被吊销' },
  expired: { en: 'The API key expired at {at}', zh: '接口密钥已于 {at} 过期' },
  ownerLocked: { en: 'The goods owner of this API key is locked', zh: '该接口密钥所属货主已被锁定' },
  scope: { en: 'This API key lacks the scope {scope}', zh: '该接口密钥没有 {scope} 权限' },
  rate: { en: 'More than {max} calls a minute with this API key: try again in {s} s', zh: '该接口密钥每分钟调用超过 {max} 次，请 {s} 秒后再试' },
};
const say = (lang: Lang, t: { en: string; zh: string }, args: Record<string, string | number> = {}) => t[lang].replace(/\{(\w+)\}/g, (_, k) => String(args[k] ?? ''));

/** The key's row by digest, refreshing last_used_at at most once a minute, in one statement ($1 = digest). */
const KEY_SQL = `with k as (
    select k.id, k.owner_id as "ownerId", k.warehouse_ids as "warehouseIds", k.scopes, k.rate_limit as "rateLimit", k.status,
      to_json(k.expire_date)#>>'{}' as "expireDate", coalesce(k.expire_date <= now(), false) as "expired", k.prefix, o.status as "ownerStatus"
    from ${ident(getTableName(sysApiKeySecret))} s
    join ${ident(getTableName(apiKey))} k on k.id = s.key_id
    join ${ident(getTableName(owner))} o on o.id = k.owner_id
    where s.key_hash = $1
  ), used as (
    update ${ident(getTableName(apiKey))} set last_used_at = now()
    where id = (select id from k) and (last_used_at is null or last_used_at < now() - interval '60 seconds')
    returning 1
  )
  select * from k`;

/** The key of `req` as a principal, or a 401 ApiProblem (module doc). */
export async function authenticateKey(db: Db, req: FastifyRequest, lang: Lang): Promise<ApiPrincipal> {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''));
  const challenge = { 'WWW-Authenticate': 'Bearer realm="wms"' };
  if (!m) throw new ApiProblem('unauthorized', say(lang, texts.missing), undefined, challenge);
  const [row] = await rawQuery(db, KEY_SQL, [tokenDigest(m[1])]);
  if (!row) throw new ApiProblem('unauthorized', say(lang, texts.unknown), undefined, challenge);
  if (row.status !== ApiKeyStatus.ACTIVE) throw new ApiProblem('unauthorized', say(lang, texts.revoked), undefined, challenge);
  if (row.expired) throw new ApiProblem('unauthorized', say(lang, texts.expired, { at: String(row.expireDate) }), undefined, challenge);
  if (row.ownerStatus !== Status.ENABLE) throw new ApiProblem('unauthorized', say(lang, texts.ownerLocked), undefined, challenge);
  const scopes = new Set(row.scopes as string[]);
  const warehouseIds = row.warehouseIds as number[];
  const user: UserContext = {
    id: 0,
    name: String(row.prefix ?? `key #${row.id}`),
    isAdmin: false,
    roles: [],
    codes: new Set([...scopes].flatMap((s) => apiScopes[s] ?? [])),
    warehouseIds: warehouseIds.includes(-1) ? 'all' : warehouseIds,
    ownerIds: [row.ownerId as number],
    token: '',
  };
  return { keyId: row.id as number, ownerId: row.ownerId as number, scopes, rateLimit: row.rateLimit as number, user };
}

/** 403 unless the key holds `scope` (an ApiScope key; no scope: every key may call). */
export function requireScope(p: ApiPrincipal, scope: string | undefined, lang: Lang): void {
  if (scope && !p.scopes.has(scope)) throw new ApiProblem('forbidden', say(lang, texts.scope, { scope: scopeWireName(scope) }));
}

/** Counts the call against the key's limit (module doc): sets the RateLimit headers; 429 past it. */
export async function countCall(db: Db, p: ApiPrincipal, reply: FastifyReply, lang: Lang): Promise<void> {
  const hit = await countHit(db, `api-key:${p.keyId}`, { max: p.rateLimit, windowMs: 60_000 });
  const reset = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
  reply.header('RateLimit-Limit', String(p.rateLimit));
  reply.header('RateLimit-Remaining', String(Math.max(0, p.rateLimit - hit.hits)));
  reply.header('RateLimit-Reset', String(reset));
  if (!hit.allowed) throw new ApiProblem('rate-limited', say(lang, texts.rate, { max: p.rateLimit, s: reset }), undefined, { 'Retry-After': String(reset) });
}
