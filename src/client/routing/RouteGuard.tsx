/**
 * The client-side route check of spec 6, one component for every console route: "a route with roles needs one
 * matching role, else the user goes to /401; role 'admin' passes; routes with no roles are open to every
 * logged-in user". The code of a route comes from the manifest (`routeCodes` in generated/client/routes.ts:
 * resource lists, add and edit pages, screens); the user's codes are react-admin's `usePermissions()` (the
 * `roles` array of user info). The server still checks every call; this only keeps a page from opening.
 *
 * - `RouteGuard` renders its children when allowed, else redirects to /401; without a token to the login page
 *   (with the wanted path); nothing while the codes load or when reading them failed (the auth check then sends
 *   the user to the login page).
 * - `routeOfPath` / `pathAllowed`: the same rule for a concrete path (the tabs bar cuts its restored tabs with it).
 * - `GuardedRoute` / `guardedRoute()`: a route table entry (path typed as a manifest route, so a path without
 *   a code is a type error) and the guarded <Route> it becomes.
 */
import type { ReactElement, ReactNode } from 'react';
import { Navigate, Route, matchPath, useLocation } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { routeCodes, type ConsoleRoute } from '../../../generated/client/routes';
import { hasCode } from '../providers/access';
import { loginUrlFor } from '../providers/createAuthProvider';
import { getToken } from '../providers/session';
import { RedirectToNoPermission } from '../screens/NoPermission';

/**
 * Whether `roles` open `route`: its manifest code (null = open); a path the manifest does not list is refused,
 * so a route added without a code fails closed.
 */
export function routeAllowed(roles: unknown, route: string): boolean {
  const code: string | null | undefined = (routeCodes as Record<string, string | null>)[route];
  if (code === undefined) return false;
  return hasCode(Array.isArray(roles) ? (roles as string[]) : undefined, code ?? undefined);
}

/** The manifest route (pattern) a concrete path is served at (`/company/edit/3` -> `/company/edit/:id`), if any. */
export function routeOfPath(pathname: string): ConsoleRoute | undefined {
  const path = pathname.split(/[?#]/)[0];
  return (Object.keys(routeCodes) as ConsoleRoute[]).find((route) => matchPath({ path: route, end: true }, path) !== null);
}

/** Whether `roles` open the page at `pathname` (the rule of `routeAllowed` on its manifest route; unknown paths: no). */
export function pathAllowed(roles: unknown, pathname: string): boolean {
  const route = routeOfPath(pathname);
  return route !== undefined && routeAllowed(roles, route);
}

export interface RouteGuardProps {
  /** The manifest route (pattern) the guarded page is served at, e.g. `/company/edit/:id`. */
  route: ConsoleRoute;
  children: ReactNode;
}

export const RouteGuard = ({ route, children }: RouteGuardProps) => {
  const { permissions, isPending, error } = usePermissions();
  const { pathname, search } = useLocation();
  // no token (none, or one just found stale): "not logged in", never "no permission" (issue 27: a stale token
  // landed on /401, which needs no token and kept the user there)
  if (!getToken()) return <Navigate to={loginUrlFor(pathname + search)} replace />;
  if (isPending || error) return null;
  return routeAllowed(permissions, route) ? <>{children}</> : <RedirectToNoPermission />;
};

/** `element` behind the guard of `route`. */
export const guarded = (route: ConsoleRoute, element: ReactElement): ReactElement => (
  <RouteGuard route={route}>{element}</RouteGuard>
);

/** One entry of a screen's route table: an absolute manifest route and the page it shows. */
export interface GuardedRoute {
  path: ConsoleRoute;
  element: ReactElement;
}

/**
 * The <Route> of a table entry, guarded. `base` (e.g. `/sku`) makes the path relative, for child routes of a
 * <Resource> (react-router matches a resource's descendant routes below its own path).
 */
export function guardedRoute({ path, element }: GuardedRoute, base = ''): ReactElement {
  const relative = base && path.startsWith(`${base}/`) ? path.slice(base.length + 1) : path;
  return <Route key={path} path={relative} element={guarded(path, element)} />;
}
