/**
 * Dashboard (route `/` and `/dashboard`; spec 2.3): a welcome text with the user's name. Open to every
 * logged-in user.
 */
import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

export const Dashboard = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const name = identity?.fullName;
  return (
    <Card sx={{ mt: 2 }} data-testid="dashboard">
      <Title title="app.menu.dashboard" />
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
