/**
 * Cells of the outbound screens: the status tag's look (created outlined amber, allocated blue, picking and
 * packed purple-ish primary, shipped green, cancelled grey), receiver (name over phone), country / city,
 * money (cents shown /100 with the currency, e.g. `125.50 SAR`), and the read-only lines table (SKU, name,
 * batch, quantity, allocated quantity). Row number and status cell are the documents kit's.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { MoneyField } from '../../widgets/MoneyField';
import { centsToText } from '../../widgets/money';
import { StatusTag, useEnumLabel, type StatusLook } from '../documents/cells';
import type { CellProps } from '../documents/DocumentTable';
import { LinesTable, type LineColumn } from '../documents/LinesTable';
import { OUTBOUND_NAMES, OutboundOrderStatus, type OutboundLine } from './constants';

export const OUTBOUND_STATUS: StatusLook = {
  names: OUTBOUND_NAMES,
  enumName: 'OutboundOrderStatus',
  colors: {
    [OutboundOrderStatus.CREATED]: 'warning',
    [OutboundOrderStatus.ALLOCATED]: 'info',
    [OutboundOrderStatus.PICKING]: 'primary',
    [OutboundOrderStatus.PACKED]: 'primary',
    [OutboundOrderStatus.SHIPPED]: 'success',
    [OutboundOrderStatus.CANCELLED]: 'default',
  },
  outlined: OutboundOrderStatus.CREATED,
};

export const OutboundStatusTag = ({ status, testId }: { status: unknown; testId?: string }) => <StatusTag look={OUTBOUND_STATUS} status={status} testId={testId} />;

/** `12550` cents in SAR -> `125.50 SAR`; '' without an amount. */
export function useMoneyText() {
  const enumLabel = useEnumLabel();
  return (cents: unknown, currency: unknown): string => {
    const amount = centsToText(cents);
    if (amount === '') return '';
    const unit = enumLabel('Currency', currency);
    return unit ? `${amount} ${unit}` : amount;
  };
}

/** The cash-on-delivery amount with its currency. */
export const CodCell = (_: CellProps) => {
  const record = useRecordContext();
  const enumLabel = useEnumLabel();
  if (!record || record.codAmount === null || record.codAmount === undefined) return null;
  return (
    <Box component="span" data-testid="outbound-cod" sx={{ whiteSpace: 'nowrap' }}>
      <MoneyField source="codAmount" /> {enumLabel('Currency', record.codCurrency)}
    </Box>
  );
};

/** Receiver name over the phone number. */
export const ReceiverCell = (_: CellProps) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box data-testid="outbound-receiver" sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2">{record.receiverName ?? ''}</Typography>
      <Typography variant="caption" color="text.secondary">
        {record.receiverPhone ?? ''}
      </Typography>
    </Box>
  );
};

/** `SA / Riyadh`. */
export const RegionCell = (_: CellProps) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <span data-testid="outbound-region" style={{ whiteSpace: 'nowrap' }}>
      {[record.countryCode, record.city].filter(Boolean).join(' / ')}
    </span>
  );
};

const LINE_COLUMNS: LineColumn<OutboundLine>[] = [
  { key: 'sku', render: (l) => l.sku ?? '' },
  { key: 'sku_name', render: (l) => l.skuName ?? '' },
  { key: 'batch_no', render: (l) => l.batchNo || '—' },
  { key: 'qty', align: 'right', render: (l) => l.qty },
  { key: 'allocated_qty', align: 'right', render: (l) => <span data-testid="outbound-view-allocated">{l.allocatedQty ?? 0}</span> },
];

/** The lines of one order, read-only, with what the allocation locked for each (view dialog). */
export const OutboundLinesTable = ({ lines }: { lines: OutboundLine[] }) => <LinesTable names={OUTBOUND_NAMES} lines={lines} columns={LINE_COLUMNS} />;
