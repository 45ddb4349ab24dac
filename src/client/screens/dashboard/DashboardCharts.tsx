/**
 * The dashboard's charts (@mui/x-charts, in a chunk of their own: DashboardPage loads this module lazily):
 * - inventory by warehouse: available and locked units per warehouse, stacked bars;
 * - units received and shipped per day, the last 30 days (inventory log: inbound and outbound orders);
 * - units on hand per day (the nightly inventory snapshot; today: the stock now), gaps where no snapshot ran.
 * - for an operator, the revenue per goods owner and month (./RevenueTable.tsx).
 * Each shows a sentence instead when it has nothing to draw. Days are the caller's (the server answers them
 * in the X-Time-Zone of the call), shown as MM-DD.
 */
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DashboardOverview } from './dashboardApi';
import { RevenueTable } from './RevenueTable';

const HEIGHT = 280;

const ChartCard = ({ title, testId, empty, children }: { title: string; testId: string; empty?: string; children: ReactNode }) => (
  <Card variant="outlined" data-testid={testId}>
    <CardContent>
      <Typography variant="subtitle1" gutterBottom>{title}</Typography>
      {empty ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 4 }} data-testid={`${testId}-empty`}>{empty}</Typography>
      ) : children}
    </CardContent>
  </Card>
);

export const DashboardCharts = ({ overview }: { overview: DashboardOverview }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const format = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US');
  const value = (v: number | null) => (v === null ? '' : format.format(v));
  const localeText = { noData: translate('app.dashboard.no_data'), loading: translate('app.dashboard.loading') };
  const days = overview.daily.map((d) => d.date.slice(5));
  const warehouses = overview.inventoryByWarehouse;
  const moved = overview.daily.some((d) => d.inboundUnits || d.outboundUnits);
  const snapshots = overview.daily.slice(0, -1).some((d) => d.stockUnits !== null);
  return (
    <>
    <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <ChartCard title={translate('app.dashboard.chart_warehouses')} testId="dashboard-chart-warehouses" empty={warehouses.length ? undefined : translate('app.dashboard.empty_warehouses')}>
        <BarChart
          height={HEIGHT}
          localeText={localeText}
          xAxis={[{ scaleType: 'band', data: warehouses.map((w) => w.warehouseName) }]}
          yAxis={[{ valueFormatter: (v: number) => format.format(v) }]}
          series={[
            { data: warehouses.map((w) => w.qty - w.lockQty), label: translate('resources.warehouse.fields.availableQty'), stack: 'stock', valueFormatter: value },
            { data: warehouses.map((w) => w.lockQty), label: translate('resources.warehouse.fields.lockedQty'), stack: 'stock', valueFormatter: value },
          ]}
        />
      </ChartCard>
      <ChartCard title={translate('app.dashboard.chart_daily')} testId="dashboard-chart-daily" empty={moved ? undefined : translate('app.dashboard.empty_daily')}>
        <BarChart
          height={HEIGHT}
          localeText={localeText}
          xAxis={[{ scaleType: 'band', data: days }]}
          yAxis={[{ valueFormatter: (v: number) => format.format(v) }]}
          series={[
            { data: overview.daily.map((d) => d.inboundUnits), label: translate('app.dashboard.units_received'), valueFormatter: value },
            { data: overview.daily.map((d) => d.outboundUnits), label: translate('app.dashboard.units_shipped'), valueFormatter: value },
          ]}
        />
      </ChartCard>
      <ChartCard title={translate('app.dashboard.chart_stock')} testId="dashboard-chart-stock">
        <LineChart
          height={HEIGHT}
          localeText={localeText}
          xAxis={[{ scaleType: 'point', data: days }]}
          yAxis={[{ valueFormatter: (v: number) => format.format(v) }]}
          series={[{ data: overview.daily.map((d) => d.stockUnits), label: translate('resources.owner.fields.inventoryQty'), connectNulls: true, showMark: true, valueFormatter: value }]}
        />
        {!snapshots && <Typography variant="body2" color="text.secondary" data-testid="dashboard-chart-stock-hint">{translate('app.dashboard.trend_hint')}</Typography>}
      </ChartCard>
    </Box>
    {overview.revenue && <RevenueTable rows={overview.revenue} />}
    </>
  );
};
