/**
 * What a user may grant (issue 26; docs/grants.md): the one rule the server enforces (src/server/domain/grants.ts)
 * and the console follows when it offers roles, permission codes and scope (widgets GrantableRolesInput,
 * PermissionTreeInput, AllOrSomeInput). An administrator (code `admin`) may grant everything.
 */
import { permissionTree } from '../../generated/shared/permissions';

/** The code of the administrator role: it passes every check (spec 6). */
export const ADMIN_CODE = 'admin';
const PERMISSION_CODES = new Set(permissionTree.map((p) => p.code));

/**
 * What a role gives its holders: its permission codes, plus its own code when that code means something
 * (`admin`, or a permission code: the session adds role codes to the user's codes, spec 6).
 */
export function codesOfRole(r: { code?: unknown; permissionCodes?: unknown }): string[] {
  const own = typeof r.code === 'string' && (r.code === ADMIN_CODE || PERMISSION_CODES.has(r.code)) ? [r.code] : [];
  return [...own, ...(Array.isArray(r.permissionCodes) ? r.permissionCodes.map(String) : [])];
}

/** The first of `codes` the granter (holding `held`) lacks; undefined when it holds them all or is an administrator. */
export function firstNotHeld(held: ReadonlySet<string>, codes: Iterable<string>): string | undefined {
  if (held.has(ADMIN_CODE)) return undefined;
  for (const c of codes) if (!held.has(c)) return c;
  return undefined;
}

/** Whether a granter holding `held` may give (or change) role `r`. */
export const mayGrantRole = (held: ReadonlySet<string>, r: { code?: unknown; permissionCodes?: unknown }): boolean => firstNotHeld(held, codesOfRole(r)) === undefined;

/**
 * The first id of a scope list (as stored: `-1` = all) outside the granter's own list of that kind (`-1` in it:
 * all); undefined when the list lies inside. Returns -1 when the list asks for all and the granter lacks it.
 */
export function idBeyondScope(own: readonly number[] | 'all', ids: readonly unknown[]): number | undefined {
  if (own === 'all' || own.includes(-1)) return undefined;
  if (ids.includes(-1)) return -1;
  return ids.find((id) => !own.includes(id as number)) as number | undefined;
}
