/**
 * Role-code checks (spec 6; docs/architecture.md "Auth calls": `roles` holds role codes followed by every
 * permission code the roles grant).
 *
 * - `admin` passes every check.
 * - The action code (`accessCodes[resource][action]`, e.g. `warehouse:list`) is required when defined;
 *   an action without a code is open to every logged-in user.
 */
import { codeAlternatives } from '../../shared/resource-meta';

export type AccessAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'lock' | 'unlock' | 'export';

/** resource -> action -> required code (the generated `accessCodes`). */
export type AccessCodes = Record<string, Partial<Record<AccessAction, string>>>;

export const ADMIN_ROLE = 'admin';

/** True when `roles` contains `admin`. */
export function isAdmin(roles: readonly string[] | undefined): boolean {
  return Array.isArray(roles) && roles.includes(ADMIN_ROLE);
}

/** True when `roles` allow `code` (no code = allowed; admin = allowed; 'a|b' = either). */
export function hasCode(roles: readonly string[] | undefined, code: string | undefined): boolean {
  if (!code) return true;
  if (!Array.isArray(roles)) return false;
  return roles.includes(ADMIN_ROLE) || codeAlternatives(code).some((c) => roles.includes(c));
}

/** react-admin canAccess rule for `{resource, action}` (see module doc). */
export function canAccessWith(
  roles: readonly string[] | undefined,
  resource: string,
  action: string,
  accessCodes: AccessCodes,
): boolean {
  if (isAdmin(roles)) return true;
  const codes = Object.prototype.hasOwnProperty.call(accessCodes, resource) ? accessCodes[resource] : undefined;
  return hasCode(roles, codes?.[action as AccessAction]);
}
