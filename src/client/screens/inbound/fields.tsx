/**
 * Cells of the inbound screens: the status tag's look (created outlined amber, receiving blue, completed
 * green, cancelled grey, problem red), planned / received totals, and the read-only lines table (SKU, name,
 * batch, planned, received, remaining). Row number, status cell and enum labels are the documents kit's.
 */
import { useRecordContext } from 'react-admin';
import { StatusTag, type StatusLook } from '../documents/cells';
import type { CellProps } from '../documents/DocumentTable';
import { LinesTable, type LineColumn } from '../documents/LinesTable';
import { INBOUND_NAMES, InboundOrderStatus, type InboundLine } from './constants';
import { remainingOf } from './formSchema';

export const INBOUND_STATUS: StatusLook = {
  names: INBOUND_NAMES,
  enumName: 'InboundOrderStatus',
  colors: {
    [InboundOrderStatus.CREATED]: 'warning',
    [InboundOrderStatus.RECEIVING]: 'info',
    [InboundOrderStatus.COMPLETED]: 'success',
    [InboundOrderStatus.CANCELLED]: 'default',
    [InboundOrderStatus.PROBLEM]: 'error',
  },
  outlined: InboundOrderStatus.CREATED,
};

export const InboundStatusTag = ({ status, testId }: { status: unknown; testId?: string }) => <StatusTag look={INBOUND_STATUS} status={status} testId={testId} />;

/** "15 / 4": planned and received totals. */
export const QtyCell = (_: CellProps) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <span data-testid="inbound-qty" style={{ whiteSpace: 'nowrap' }}>
      {`${record.plannedQty ?? 0} / ${record.receivedQty ?? 0}`}
    </span>
  );
};

const LINE_COLUMNS: LineColumn<InboundLine>[] = [
  { key: 'sku', render: (l) => l.sku ?? '' },
  { key: 'sku_name', render: (l) => l.skuName ?? '' },
  { key: 'batch_no', render: (l) => l.batchNo || '—' },
  { key: 'planned_qty', align: 'right', render: (l) => l.plannedQty },
  { key: 'received_qty', align: 'right', render: (l) => l.receivedQty ?? 0 },
  { key: 'remaining', align: 'right', render: (l) => remainingOf(l) },
];

/** The lines of one order, read-only (view dialog). */
export const InboundLinesTable = ({ lines }: { lines: InboundLine[] }) => <LinesTable names={INBOUND_NAMES} lines={lines} columns={LINE_COLUMNS} />;
