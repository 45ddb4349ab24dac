/**
 * Permitted: the permission directive of spec 6 ("a permission directive removes an element unless the user
 * has one of the listed roles"). Renders its children only when the user's roles (react-admin
 * `usePermissions()`, the `roles` array of user info) hold one of `codes`; role `admin` passes every check.
 * Nothing is rendered while the roles are loading. `usePermitted(codes)` is the same test as a hook.
 */
import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { hasCode } from '../providers/access';

export interface PermittedProps {
  /** One code or several (any one of them is enough). */
  codes: string | readonly string[];
  children?: ReactNode;
  /** Shown instead of the children when the user lacks every code (default: nothing). */
  fallback?: ReactNode;
}

/** True when `roles` hold at least one of `codes` (admin holds all; an empty code list is open). */
export function permits(roles: unknown, codes: string | readonly string[]): boolean {
  const list = typeof codes === 'string' ? [codes] : codes;
  const array = Array.isArray(roles) ? (roles as string[]) : undefined;
  if (list.length === 0) return true;
  return list.some((code) => hasCode(array, code));
}

/** Whether the current user holds one of `codes`; false while the roles are loading. */
export function usePermitted(codes: string | readonly string[]): boolean {
  const { permissions, isPending } = usePermissions();
  if (isPending) return false;
  return permits(permissions, codes);
}

export const Permitted = ({ codes, children, fallback = null }: PermittedProps) => {
  const allowed = usePermitted(codes);
  return <>{allowed ? children : fallback}</>;
};
