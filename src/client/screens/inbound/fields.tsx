/**
 * Cells of the inbound screens: status tag (created grey, receiving blue, completed green, cancelled
 * default, problem red), type label, row number, planned / received totals, and the read-only lines table.
 */
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useListContext, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { enumKeyOf, enumLabelKey } from '../../widgets/enums';
import { InboundOrderStatus, type InboundLine } from './constants';
import { remainingOf } from './formSchema';

export type CellProps = Pick<FieldProps, 'label' | 'sortable' | 'sortBy' | 'textAlign'> & { source?: string };

const STATUS_COLORS: Record<number, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  [InboundOrderStatus.CREATED]: 'warning',
  [InboundOrderStatus.RECEIVING]: 'info',
  [InboundOrderStatus.COMPLETED]: 'success',
  [InboundOrderStatus.CANCELLED]: 'default',
  [InboundOrderStatus.PROBLEM]: 'error',
};

export function useEnumLabel() {
  const translate = useTranslate();
  return (enumName: string, value: unknown): string => {
    const key = enumKeyOf(enumName, value);
    return key ? translate(enumLabelKey(enumName, key), { _: key }) : value === null || value === undefined ? '' : String(value);
  };
}

export const InboundStatusTag = ({ status, testId = 'inbound-status' }: { status: unknown; testId?: string }) => {
  const label = useEnumLabel();
  if (status === null || status === undefined || status === '') return null;
  return (
    <Chip
      size="small"
      label={label('InboundOrderStatus', status)}
      color={STATUS_COLORS[Number(status)] ?? 'default'}
      variant={Number(status) === InboundOrderStatus.CREATED ? 'outlined' : 'filled'}
      data-testid={testId}
      data-status={String(status)}
    />
  );
};

export const StatusCell = (_: CellProps) => {
  const record = useRecordContext();
  return <InboundStatusTag status={record?.status} />;
};

export const RowNumberCell = (_: CellProps) => {
  const record = useRecordContext();
  const { data = [], page = 1, perPage = 10 } = useListContext();
  if (!record) return null;
  const index = data.findIndex((r) => r.id === record.id);
  return <span>{index < 0 ? '' : (page - 1) * perPage + index + 1}</span>;
};

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

/** The lines of one order, read-only (view dialog). */
export const InboundLinesTable = ({ lines }: { lines: InboundLine[] }) => {
  const translate = useTranslate();
  const head = ['no', 'sku', 'sku_name', 'batch_no', 'planned_qty', 'received_qty', 'remaining'];
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" data-testid="inbound-view-lines">
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {translate(`app.inbound.line.${h}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.length === 0 ? (
            <TableRow>
              <TableCell colSpan={head.length} align="center" sx={{ color: 'text.secondary' }}>
                {translate('app.inbound.form.no_lines')}
              </TableCell>
            </TableRow>
          ) : (
            lines.map((l, i) => (
              <TableRow key={l.id ?? i} data-testid="inbound-view-line">
                <TableCell>{i + 1}</TableCell>
                <TableCell>{l.sku ?? ''}</TableCell>
                <TableCell>{l.skuName ?? ''}</TableCell>
                <TableCell>{l.batchNo || '—'}</TableCell>
                <TableCell align="right">{l.plannedQty}</TableCell>
                <TableCell align="right">{l.receivedQty ?? 0}</TableCell>
                <TableCell align="right">{remainingOf(l)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
