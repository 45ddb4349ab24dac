/**
 * Revenue per goods owner and month (issue 32; docs/dashboard.md "Revenue"): an operator's card on the dashboard,
 * absent for anyone else (the server answers `revenue: null`). Rows are owners (and currency), columns the months
 * that have figures, newest first; a cell is the invoice total, or the charges so far in a month without an
 * invoice (marked "accrued"), in the currency's units (cents / 100). The table scrolls inside its card on a
 * narrow screen, never the page.
 */
import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { centsToText } from '../../widgets';
import type { RevenueRow } from './dashboardApi';

export const RevenueTable = ({ rows }: { rows: RevenueRow[] }) => {
  const translate = useTranslate();
  const months = [...new Set(rows.map((r) => r.month))].sort().reverse();
  const owners = [...new Map(rows.map((r) => [`${r.ownerId}|${r.currency}`, r])).values()];
  const cell = (o: RevenueRow, month: string) => rows.find((r) => r.ownerId === o.ownerId && r.currency === o.currency && r.month === month);
  const statusText = (r: RevenueRow) => (r.status ? translate(`enums.InvoiceStatus.${r.status}`) : translate('app.dashboard.revenue_accrued'));
  return (
    <Card variant="outlined" data-testid="dashboard-revenue" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" gutterBottom>{translate('app.dashboard.revenue_title')}</Typography>
        {rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="dashboard-revenue-empty">{translate('app.dashboard.revenue_empty')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.invoice.fields.ownerId')}</TableCell>
                  <TableCell>{translate('resources.invoice.fields.currency')}</TableCell>
                  {months.map((m) => <TableCell key={m} align="right">{m}</TableCell>)}
                </TableRow>
              </TableHead>
              <TableBody>
                {owners.map((o) => (
                  <TableRow key={`${o.ownerId}|${o.currency}`} data-testid={`dashboard-revenue-owner-${o.ownerId}`}>
                    <TableCell>{o.ownerName}</TableCell>
                    <TableCell>{o.currency}</TableCell>
                    {months.map((m) => {
                      const r = cell(o, m);
                      return (
                        <TableCell key={m} align="right" data-testid={r ? `dashboard-revenue-${o.ownerId}-${m}` : undefined}>
                          {r && <>{centsToText(r.amount)}<Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>{statusText(r)}</Typography></>}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
