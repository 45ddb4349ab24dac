/**
 * View one adjustment: its head (number, company, warehouse, owner, status, remark, review) and the lines
 * table (SKU, product name, batch, gain/loss, quantity, reason, current and locked quantity of the record).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate, type RaRecord } from 'react-admin';
import { formatDateTime } from '../../widgets/DateTimeField';
import type { JudgementLine } from './constants';
import { JudgementDialog } from './JudgementDialog';
import { JudgementLinesTable, JudgementStatusTag } from './fields';

const Item = ({ label, children }: { label: string; children: React.ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
};

export const JudgementViewDialog = ({ record, onClose }: { record: RaRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const lines = (Array.isArray(record.lines) ? record.lines : []) as JudgementLine[];
  return (
    <JudgementDialog
      onClose={onClose}
      title={translate('app.judgement.dialog.view', { no: record.judgementNo ?? '' })}
      testId="judgement-view-dialog"
      actions={
        <Button onClick={onClose} data-testid="judgement-view-close">
          {translate('app.judgement.action.close')}
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mb: 2 }}>
        <Item label="app.judgement.column.judgement_no">{record.judgementNo}</Item>
        <Item label="app.judgement.column.company">{record.companyName}</Item>
        <Item label="app.judgement.column.warehouse">{record.warehouseName}</Item>
        <Item label="app.judgement.column.owner">{record.ownerName}</Item>
        <Item label="app.judgement.column.status">
          <JudgementStatusTag status={record.status} />
        </Item>
        <Item label="app.judgement.column.add_date">{formatDateTime(record.addDate)}</Item>
        <Item label="app.judgement.column.audit_user">{record.auditUserName}</Item>
        <Item label="app.judgement.column.audit_date">{formatDateTime(record.auditDate)}</Item>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Item label="app.judgement.column.remark">{record.remark}</Item>
        </Box>
        {record.rejectReason ? (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Item label="app.judgement.column.reject_reason">{record.rejectReason}</Item>
          </Box>
        ) : null}
      </Box>
      <JudgementLinesTable lines={lines} />
    </JudgementDialog>
  );
};
