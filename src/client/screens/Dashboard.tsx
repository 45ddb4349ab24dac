/**
 * Dashboard (route /dashboard; spec 2.3; issue 15): the page is `dashboard/DashboardPage.tsx`, in the entry
 * (it is small, and splitting it off would cut MUI's shared modules into more chunks: bench/bundle.ts measured
 * the first list 7.7 KB larger that way); its charts load in a chunk of their own. Needs the code
 * `dashboard` (the route guard reads it from the manifest). `/` redirects here (`RedirectToDashboard`, the URL
 * changes), or to the first permitted sidebar entry for a user without the dashboard code.
 */
import { Navigate } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { menuTree } from '../../../generated/client/menu';
import { landingRoute } from '../layout/menuAccess';
import { routeAllowed } from '../routing/RouteGuard';
export { DashboardPage as Dashboard } from './dashboard/DashboardPage';

/**
 * react-admin's `dashboard` (the `/` route): spec 2.3 "/ redirects to /dashboard"; a user without the
 * dashboard code goes to their first sidebar entry instead (layout/menuAccess.ts landingRoute).
 */
export const RedirectToDashboard = () => {
  const { permissions, isPending } = usePermissions();
  if (isPending) return null;
  const roles = Array.isArray(permissions) ? (permissions as string[]) : [];
  return <Navigate to={landingRoute(menuTree, roles, routeAllowed(roles, '/dashboard'))} replace />;
};
