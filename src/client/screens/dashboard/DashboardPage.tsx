/**
 * The dashboard (route /dashboard, code `dashboard`; spec 2.3; issue 15): a welcome line, stat cards of the
 * caller's scope (SKUs, units on hand, locked and available, open inbound orders, outbound orders to ship,
 * units received and shipped today) and, below, the charts (DashboardCharts.tsx, @mui/x-charts), which load
 * in a chunk of their own after the cards (routing/lazyPage.ts), so neither the login page nor a list
 * downloads the chart library and the page shows its figures at once. Labels that the manifest already
 * has (available / locked inventory, inventory on hand, products) are read from its keys.
 */
import { Suspense, useEffect, useState } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useDataProvider, useGetIdentity, useLocaleState, useTranslate } from 'react-admin';
import { lazyPage } from '../../routing/lazyPage';
import { loadOverview, type DashboardCounts, type DashboardOverview } from './dashboardApi';

const DashboardCharts = lazyPage(() => import('./DashboardCharts'), 'DashboardCharts');

/** The cards in order: the figure and the message key of its label. */
const CARDS: Array<{ key: keyof DashboardCounts; label: string }> = [
  { key: 'skus', label: 'resources.owner.fields.skuCount' },
  { key: 'onHand', label: 'resources.owner.fields.inventoryQty' },
  { key: 'available', label: 'resources.warehouse.fields.availableQty' },
  { key: 'locked', label: 'resources.warehouse.fields.lockedQty' },
  { key: 'inboundOpen', label: 'app.dashboard.inbound_open' },
  { key: 'outboundToShip', label: 'app.dashboard.outbound_to_ship' },
  { key: 'receivedToday', label: 'app.dashboard.received_today' },
  { key: 'shippedToday', label: 'app.dashboard.shipped_today' },
  { key: 'nearExpiry', label: 'screens.inventoryNearExpiry' },
  // units shipped by a transfer between warehouses and not received yet (docs/transfers.md)
  { key: 'inTransit', label: 'resources.transfer.fields.transitQty' },
];

const StatCard = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Card variant="outlined" data-testid={testId}>
    <CardContent>
      <Typography variant="body2" color="text.secondary">{label}</Typography>
      <Typography variant="h5" component="p" data-testid={`${testId}-value`}>{value}</Typography>
    </CardContent>
  </Card>
);

export const DashboardPage = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider();
  const { identity } = useGetIdentity();
  const [overview, setOverview] = useState<DashboardOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadOverview(dataProvider).then((o) => live && setOverview(o), (e: Error) => live && setError(e.message));
    return () => { live = false; };
  }, [dataProvider]);
  const format = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US');
  const name = identity?.fullName;
  return (
    <Box sx={{ mt: 2 }} data-testid="dashboard">
      <Title title="screens.dashboard" />
      <Typography variant="h5" gutterBottom data-testid="dashboard-welcome">
        {name ? translate('app.dashboard.welcome', { name }) : translate('app.dashboard.welcome_anonymous')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('app.dashboard.intro')}</Typography>
      {/* plain texts, no Alert or progress bar: this page is in the entry chunk (Dashboard.tsx) */}
      {error && <Typography color="error" role="alert" data-testid="dashboard-error">{translate('app.dashboard.failed', { error })}</Typography>}
      {!overview && !error && <Typography color="text.secondary" data-testid="dashboard-loading">{translate('app.dashboard.loading')}</Typography>}
      {overview && (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' }}>
            {CARDS.map((c) => (
              <StatCard key={c.key} label={translate(c.label)} value={format.format(overview.counts[c.key])} testId={`dashboard-stat-${c.key}`} />
            ))}
          </Box>
          <Suspense fallback={<Typography color="text.secondary" sx={{ mt: 2 }}>{translate('app.dashboard.loading')}</Typography>}>
            <DashboardCharts overview={overview} />
          </Suspense>
        </>
      )}
    </Box>
  );
};
