/**
 * Dashboard (route /dashboard; spec 2.3; issue 15): the page is `dashboard/DashboardPage.tsx`, loaded in a
 * chunk of its own (routing/lazyPage.ts) with its charts in another, so neither grows the entry. Needs the code
 * `dashboard` (the route guard reads it from the manifest). `/` redirects here (`RedirectToDashboard`, the URL
 * changes), or to the first permitted sidebar entry for a user without the dashboard code.
 */
import { Navigate } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { menuTree } from '../../../generated/client/menu';
import { landingRoute } from '../layout/menuAccess';
import { routeAllowed } from '../routing/RouteGuard';
import { lazyPage } from '../routing/lazyPage';

export const Dashboard = lazyPage(() => import('./dashboard/DashboardPage'), 'DashboardPage');

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
