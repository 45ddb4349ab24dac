/**
 * Cells of the adjustment screens: status tag (pending amber, approved green, rejected red), gain/loss tag,
 * row number, line count with a short summary (`+12 / -3`), and the read-only lines table of the view dialog.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useListContext, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { enumKeyOf, enumLabelKey } from '../../widgets/enums';
import { JudgementStatus, JudgementType, type JudgementLine } from './constants';
import { lineSummary, lineTotals } from './filters';

export type CellProps = Pick<FieldProps, 'label' | 'sortable' | 'sortBy' | 'textAlign'> & { source?: string };

const STATUS_COLORS: Record<number, 'warning' | 'success' | 'error'> = {
  [JudgementStatus.PENDING]: 'warning',
  [JudgementStatus.APPROVED]: 'success',
  [JudgementStatus.REJECTED]: 'error',
};

export const JudgementStatusTag = ({ status }: { status: unknown }) => {
  const translate = useTranslate();
  if (status === null || status === undefined || status === '') return null;
  const key = enumKeyOf('JudgementStatus', status);
  const text = key ? translate(enumLabelKey('JudgementStatus', key), { _: key }) : String(status);
  return (
    <Chip
      size="small"
      label={text}
      color={STATUS_COLORS[Number(status)] ?? 'default'}
      variant={Number(status) === JudgementStatus.PENDING ? 'outlined' : 'filled'}
      className={`wms-judgement-status wms-judgement-status-${key ?? status}`}
      data-testid="judgement-status"
      data-status={String(status)}
    />
  );
};

export const JudgementTypeTag = ({ type }: { type: unknown }) => {
  const translate = useTranslate();
  const key = enumKeyOf('JudgementType', type);
  if (!key) return null;
  return <Chip size="small" variant="outlined" color={Number(type) === JudgementType.GAIN ? 'success' : 'error'} label={translate(enumLabelKey('JudgementType', key), { _: key })} />;
};

export const StatusCell = (_: CellProps) => {
  const record = useRecordContext();
  return <JudgementStatusTag status={record?.status} />;
};

/** Row number over pages: (page - 1) * perPage + position. */
export const RowNumberCell = (_: CellProps) => {
  const record = useRecordContext();
  const { data = [], page = 1, perPage = 10 } = useListContext();
  if (!record) return null;
  const index = data.findIndex((r) => r.id === record.id);
  return <span>{index < 0 ? '' : (page - 1) * perPage + index + 1}</span>;
};

/** "3 lines" and "+12 / -3". */
export const LinesCell = (_: CellProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const { count } = lineTotals(record.lines);
  return (
    <Box data-testid="judgement-lines-summary" sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2">{translate('app.judgement.lines_count', { smart_count: count })}</Typography>
      <Typography variant="caption" color="text.secondary">
        {lineSummary(record.lines)}
      </Typography>
    </Box>
  );
};

/** The lines of one document, read-only (view dialog). */
export const JudgementLinesTable = ({ lines }: { lines: JudgementLine[] }) => {
  const translate = useTranslate();
  const head = ['no', 'sku', 'sku_name', 'batch_no', 'type', 'qty', 'reason', 'inventory_qty', 'inventory_lock_qty'];
  const known = (v: unknown) => (v === null || v === undefined ? '—' : String(v));
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" data-testid="judgement-view-lines">
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {translate(`app.judgement.line.${h}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.length === 0 ? (
            <TableRow>
              <TableCell colSpan={head.length} align="center" sx={{ color: 'text.secondary' }}>
                {translate('app.judgement.form.no_lines')}
              </TableCell>
            </TableRow>
          ) : (
            lines.map((l, i) => (
              <TableRow key={l.id ?? i} data-testid="judgement-view-line">
                <TableCell>{i + 1}</TableCell>
                <TableCell>{l.sku ?? ''}</TableCell>
                <TableCell>{l.skuName ?? ''}</TableCell>
                <TableCell>{l.batchNo || '—'}</TableCell>
                <TableCell>
                  <JudgementTypeTag type={l.type} />
                </TableCell>
                <TableCell align="right">{Number(l.type) === JudgementType.LOSS ? `-${l.qty}` : `+${l.qty}`}</TableCell>
                <TableCell>{l.reason ?? ''}</TableCell>
                <TableCell align="right">{known(l.inventoryQty)}</TableCell>
                <TableCell align="right">{known(l.inventoryLockQty)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
