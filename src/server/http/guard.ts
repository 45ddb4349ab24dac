/**
 * Permission and data-scope guards (spec 6; DESIGN "A request travels one way"). Role `admin` passes every
 * code check and sees every warehouse and owner. `any` is a code every logged-in user holds.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/envelope';
import { codeAlternatives, type Label } from '../../shared/resource-meta';
import { fieldTextError, forbidden } from './errors';
import type { RequestContext, UserContext } from './context';

export type ScopeKind = 'owner' | 'warehouse';

/** Throws 403 unless the user holds `code` (or is admin, or the code is `any`; 'a|b': either of them). */
export function requireCode(ctx: RequestContext, user: UserContext, code: string): void {
  if (code === 'any' || user.isAdmin || codeAlternatives(code).some((c) => user.codes.has(c))) return;
  throw forbidden(ctx.lang);
}

/** The ids of one scope kind the user may see: 'all' or a list (possibly empty). */
export function scopeIds(user: UserContext, kind: ScopeKind): number[] | 'all' {
  if (user.isAdmin) return 'all';
  return kind === 'owner' ? user.ownerIds : user.warehouseIds;
}

/** SQL conditions that cut a query to the user's scope; empty when the user sees all. */
export function scopeConditions(user: UserContext, scope: Partial<Record<ScopeKind, PgColumn>>): SQL[] {
  const out: SQL[] = [];
  for (const [kind, column] of Object.entries(scope) as Array<[ScopeKind, PgColumn]>) {
    const ids = scopeIds(user, kind);
    if (ids === 'all') continue;
    out.push(ids.length ? inArray(column, ids) : sql`false`);
  }
  return out;
}

/** Throws 403 "<label>: outside your data scope" when a value written to a scoped field lies outside the user's scope. */
export function requireInScope(ctx: RequestContext, user: UserContext, kind: ScopeKind, label: Label & { field?: string }, value: unknown): void {
  const ids = scopeIds(user, kind);
  if (ids === 'all') return;
  if (typeof value === 'number' && ids.includes(value)) return;
  throw fieldTextError(ctx.lang, { label, field: label.field }, 'scopeDenied', {}, Code.FORBIDDEN);
}
