/**
 * Cells of the adjustment screens: the status tag's look (pending outlined amber, approved green, rejected
 * red), gain/loss tag, line count with a short summary (`+12 / -3`), and the read-only lines table of the
 * view dialog. Row number and status cell are the documents kit's.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { enumKeyOf } from '../../widgets/enums';
import { StatusTag, useEnumLabel, type StatusLook } from '../../kit/cells';
import type { CellProps } from '../../kit/DocumentTable';
import { LinesTable, orDash, type LineColumn } from '../../kit/LinesTable';
import { JUDGEMENT_NAMES, JudgementStatus, JudgementType, type JudgementLine } from './constants';
import { lineSummary, lineTotals } from './lineTotals';

export const JUDGEMENT_STATUS: StatusLook = {
  names: JUDGEMENT_NAMES,
  enumName: 'JudgementStatus',
  colors: { [JudgementStatus.PENDING]: 'warning', [JudgementStatus.APPROVED]: 'success', [JudgementStatus.REJECTED]: 'error' },
  outlined: JudgementStatus.PENDING,
};

export const JudgementStatusTag = ({ status }: { status: unknown }) => <StatusTag look={JUDGEMENT_STATUS} status={status} />;

export const JudgementTypeTag = ({ type }: { type: unknown }) => {
  const label = useEnumLabel();
  if (!enumKeyOf('JudgementType', type)) return null;
  return <Chip size="small" variant="outlined" color={Number(type) === JudgementType.GAIN ? 'success' : 'error'} label={label('JudgementType', type)} />;
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

const LINE_COLUMNS: LineColumn<JudgementLine>[] = [
  { key: 'sku', render: (l) => l.sku ?? '' },
  { key: 'sku_name', render: (l) => l.skuName ?? '' },
  { key: 'batch_no', render: (l) => l.batchNo || '—' },
  { key: 'type', render: (l) => <JudgementTypeTag type={l.type} /> },
  { key: 'qty', align: 'right', render: (l) => (Number(l.type) === JudgementType.LOSS ? `-${l.qty}` : `+${l.qty}`) },
  { key: 'reason', render: (l) => l.reason ?? '' },
  { key: 'inventory_qty', align: 'right', render: (l) => orDash(l.inventoryQty) },
  { key: 'inventory_lock_qty', align: 'right', render: (l) => orDash(l.inventoryLockQty) },
];

/** The lines of one document, read-only (view dialog). */
export const JudgementLinesTable = ({ lines }: { lines: JudgementLine[] }) => <LinesTable names={JUDGEMENT_NAMES} lines={lines} columns={LINE_COLUMNS} />;
