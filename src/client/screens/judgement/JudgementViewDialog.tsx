/**
 * View one adjustment: its head (number, company, warehouse, owner, status, remark, review) and the lines
 * table (SKU, product name, batch, gain/loss, quantity, reason, current and locked quantity of the record).
 */
import { useTranslate, type RaRecord } from 'react-admin';
import { formatDateTime } from '../../widgets/DateTimeField';
import { DetailGrid, DetailItem as Item, DocumentViewDialog } from '../../kit/DocumentViewDialog';
import { JUDGEMENT_NAMES, type JudgementLine } from './constants';
import { JudgementLinesTable, JudgementStatusTag } from './fields';

export const JudgementViewDialog = ({ record, onClose }: { record: RaRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const lines = (Array.isArray(record.lines) ? record.lines : []) as JudgementLine[];
  return (
    <DocumentViewDialog names={JUDGEMENT_NAMES} onClose={onClose} title={translate('app.judgement.dialog.view', { no: record.judgementNo ?? '' })}>
      <DetailGrid>
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
        <Item label="app.judgement.column.remark" wide>
          {record.remark}
        </Item>
        {record.rejectReason ? (
          <Item label="app.judgement.column.reject_reason" wide>
            {record.rejectReason}
          </Item>
        ) : null}
      </DetailGrid>
      <JudgementLinesTable lines={lines} />
    </DocumentViewDialog>
  );
};
