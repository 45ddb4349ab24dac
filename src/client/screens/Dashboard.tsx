/**
 * Dashboard (route /dashboard; spec 2.3): a welcome text with the user's name. Needs the code `dashboard`
 * (spec 2.3; the route guard reads it from the manifest). `/` redirects here (`RedirectToDashboard`, the URL
 * changes), or to the first permitted sidebar entry for a user without the dashboard code.
 */
import { Card, CardContent, Typography } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { menuTree } from '../../../generated/client/menu';
import { landingRoute } from '../layout/menuAccess';
import { routeAllowed } from '../routing/RouteGuard';

export const Dashboard = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const name = identity?.fullName;
  return (
    <Card sx={{ mt: 2 }} data-testid="dashboard">
      <Title title="screens.dashboard" />
      <CardContent>
        <Typography variant="h5" gutterBottom data-testid="dashboard-welcome">
          {name ? translate('app.dashboard.welcome', { name }) : translate('app.dashboard.welcome_anonymous')}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {translate('app.dashboard.intro')}
        </Typography>
      </CardContent>
    </Card>
  );
};

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
