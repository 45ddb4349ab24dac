/**
 * Sessions in the database (DESIGN "Databases"; docs/architecture.md): a random 64-hex token, idle expiry of
 * 2 h that slides with use, rotation of tokens older than 12 h (the new one goes back in X-New-Token; the
 * old one stays valid 60 s for requests already in flight). A locked or removed user has no session.
 *
 * The table keeps only the SHA-256 digest of a token ({@link sessionTokenHash}, in `token` and `replaced_by`),
 * as share tokens are kept (domain/share/tokens.ts), so a read of `sys_session` yields nothing that logs in
 * (issue 26). The client gets and sends the raw token; every lookup hashes it first.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { role, user } from '../../../generated/db/schema';
import { Status } from '../../../generated/shared/enums';
import type { Db } from '../db/connect';
import { rawQuery } from '../db/raw';
import { sysSession } from '../db/internal-schema';
import { tokenDigest } from './token-digest';
import type { UserContext } from './context';

export const IDLE_MS = 2 * 3600_000;
export const ROTATE_AFTER_MS = 12 * 3600_000;
export const GRACE_MS = 60_000;

/** The stored form of a session token: its SHA-256 digest in hex (64 characters, fits `sys_session.token`). */
export const sessionTokenHash: (token: string) => string = tokenDigest;

/** Starts a session of `userId`; returns the raw token (the only time it exists outside the client). */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await db.insert(sysSession).values({ token: sessionTokenHash(token), userId, expiresAt: new Date(Date.now() + IDLE_MS) });
  return token;
}

/** Ends the session of raw token `token` (logout). */
export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(sysSession).where(eq(sysSession.token, sessionTokenHash(token)));
}

export async function endUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sysSession).where(eq(sysSession.userId, userId));
}

/**
 * The fingerprint of what a user context is built from, as SQL over the user row alias `u`: the row version
 * (`xmin`, the id of the transaction that wrote the row's current version) of the user's row, and the number
 * and the sum of the row versions of its roles' rows. Every UPDATE writes a new row version with a newer
 * transaction id, so any change of status, roles, scope lists or a role's codes (or any other column of those
 * rows) changes it, as does a role removed. Freezing an old row makes its xmin read 2, which only costs one
 * full resolve; and a cached context is at most 30 s old in any case (SessionCache). Computed by the database
 * in the same way for every instance, and cheap: no row turned into text, no sort (an md5 of the rows' text
 * with an ordered string_agg cost ~0.13 ms per read; issue 13).
 */
export function sessionFingerprintSql(u: string): string {
  return `(${u}.xmin::text || coalesce((select ':' || count(*) || ':' || sum(fr.xmin::text::bigint) from "sys_role" fr where fr."id" = any(${u}."role_ids")), ''))`;
}

/**
 * The database function a read's folded session check calls (crud/records-sql.ts): the fingerprint of the session
 * whose stored digest is `session_token` ({@link sessionTokenHash}, never the raw token) when it is live and its
 * user enabled, else null. A PL/pgSQL function, so the read's statement, planned
 * again on every execution (custom plans), plans one function call instead of three more tables; the function
 * keeps its own plan (issue 13: the check cost ~0.15 ms of planning per read inline, ~0.03 ms as a call).
 * Created at every start by db/functions.ts, from the same {@link sessionFingerprintSql} as the full resolve.
 */
export const SESSION_FINGERPRINT_FUNCTION = {
  name: 'wms_session_fingerprint',
  signature: 'wms_session_fingerprint(text)',
  sql: `create or replace function wms_session_fingerprint(session_token text) returns text language plpgsql stable as $fn$
declare f text;
begin
  select ${sessionFingerprintSql('u')} into f from "sys_session" s join "sys_user" u on u."id" = s."user_id"
    where s."token" = session_token and s."expires_at" > now() and u."status" = ${Status.ENABLE};
  return f;
end $fn$`,
};

/**
 * True when the cached context of `token` (built from `fingerprint`) still holds: the session is live, its user
 * enabled and unchanged. One small prepared statement, the check a generic read folds into its own: for the
 * other calls (writes), which must know their caller before they run (sapiRoute).
 */
export async function sessionStillHolds(db: Db, token: string, fingerprint: string): Promise<boolean> {
  const [row] = await rawQuery(db, `select ${SESSION_FINGERPRINT_FUNCTION.name}($1) = $2 as "holds"`, [sessionTokenHash(token), fingerprint]);
  return row?.holds === true;
}

/**
 * A session taken from the cache ({@link SessionCache}), to be verified by the read's own statement: the raw token
 * (the check passes its digest, {@link sessionTokenHash}) and the fingerprint the cached context was built from.
 */
export interface SessionCheck { token: string; fingerprint: string }

/** Thrown when a statement's folded session check fails: the call is served again the full way (sapi.ts). */
export class StaleSession extends Error {
  constructor() { super('stale session'); }
}

/**
 * The session's user, or null when the token is unknown, expired, or its user is locked or gone. One query
 * reads the session, its user, the user's roles with their codes and the fingerprint of those rows.
 */
export async function resolveSession(db: Db, token: string): Promise<{ user: UserContext; newToken?: string; fingerprint: string } | null> {
  const now = Date.now();
  const stored = sessionTokenHash(token);
  const [row] = await db.select({
    s: sysSession, u: user,
    roles: sql<Array<{ code: string; codes: string[] }>>`coalesce((select json_agg(json_build_object('code', r.code, 'codes', r.permission_codes) order by r.code) from ${role} r where r.id = any(${user.roleIds})), '[]'::json)`,
    fingerprint: sql<string>`${sql.raw(sessionFingerprintSql('"sys_user"'))}`,
  }).from(sysSession).innerJoin(user, eq(user.id, sysSession.userId))
    .where(and(eq(sysSession.token, stored), gt(sysSession.expiresAt, new Date(now))));
  if (!row || row.u.status !== Status.ENABLE) return null;
  const { s, u } = row;
  const ctx = userContext(u, typeof row.roles === 'string' ? JSON.parse(row.roles) : row.roles, token);
  let newToken: string | undefined;
  if (!s.replacedBy && now - s.issuedAt.getTime() > ROTATE_AFTER_MS) {
    newToken = await createSession(db, s.userId);
    await db.update(sysSession).set({ replacedBy: sessionTokenHash(newToken), expiresAt: new Date(now + GRACE_MS) }).where(eq(sysSession.token, stored));
    ctx.token = newToken;
  } else if (!s.replacedBy && s.expiresAt.getTime() - now < IDLE_MS - 60_000) {
    await db.update(sysSession).set({ expiresAt: new Date(now + IDLE_MS) }).where(eq(sysSession.token, stored));
  }
  return { user: ctx, newToken, fingerprint: row.fingerprint };
}

/** The request's user: role codes and every code the roles grant; scope lists with -1 read as 'all'. */
function userContext(u: typeof user.$inferSelect, roles: Array<{ code: string; codes: string[] }>, token: string): UserContext {
  const codes = new Set<string>();
  for (const r of roles) codes.add(r.code);
  for (const r of roles) for (const c of r.codes) codes.add(c);
  const all = (ids: number[]) => (ids.includes(-1) ? 'all' as const : ids);
  return {
    id: u.id, name: u.name, isAdmin: codes.has('admin'), roles: [...codes], codes, token,
    warehouseIds: all(u.warehouseIds), ownerIds: all(u.ownerIds),
  };
}

/** Removes captchas and sessions long expired (called now and then; keeps the tables small). */
export async function sweepExpired(db: Db): Promise<void> {
  await db.execute(sql`delete from sys_session where expires_at < now() - interval '1 day'`);
  await db.execute(sql`delete from sys_captcha where expires_at < now() - interval '1 hour'`);
}

/**
 * Resolved sessions of one app instance, by token, for at most {@link SESSION_CACHE_MS} (issue 13). A context
 * from here is never trusted alone: a read that uses it verifies it in its own statement (the session row is
 * live and the fingerprint of the user and roles rows is unchanged, {@link sessionFingerprintSql}), so a lock,
 * a role or scope change, a logout or an expiry made by any instance on the same database takes effect on the
 * next call. Other calls always resolve the session and refresh the entry. The TTL bounds how long the idle
 * expiry goes without sliding (it slides at the next full resolve) and the memory held.
 */
export const SESSION_CACHE_MS = 30_000;
const SESSION_CACHE_MAX = 10_000;
export class SessionCache {
  private readonly entries = new Map<string, { user: UserContext; fingerprint: string; until: number }>();
  get(token: string): { user: UserContext; fingerprint: string } | undefined {
    const e = this.entries.get(token);
    if (e && e.until > Date.now()) return e;
    if (e) this.entries.delete(token);
    return undefined;
  }
  set(token: string, user: UserContext, fingerprint: string): void {
    this.entries.delete(token);
    if (this.entries.size >= SESSION_CACHE_MAX) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { user, fingerprint, until: Date.now() + SESSION_CACHE_MS });
  }
  delete(token: string): void { this.entries.delete(token); }
}
