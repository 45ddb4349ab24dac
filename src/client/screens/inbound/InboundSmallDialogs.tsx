/**
 * The view dialog (header fields and lines) and the submit-problem dialog (a required reason, spec 4
 * "submit problem order"; checked here before the call and again by the server).
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import { formatDateTime } from '../../widgets/DateTimeField';
import { ReasonDialog, reasonError } from '../../widgets/ReasonDialog';
import { InboundOrderType, PROBLEM_REASON_MAX, type InboundRecord } from './constants';
import { InboundLinesTable, InboundStatusTag, useEnumLabel } from './fields';
import { InboundDialog } from './InboundDialog';
import { inboundApi } from './inboundApi';

const PROBLEM_REQUIRED_KEY = 'app.inbound.rules.problem_reason_required';
const PROBLEM_MAX_LENGTH_KEY = 'app.inbound.rules.max_length';

export function problemReasonError(reason: string): { key: string; options?: Record<string, unknown> } | undefined {
  return reasonError(reason, PROBLEM_REASON_MAX, PROBLEM_REQUIRED_KEY, PROBLEM_MAX_LENGTH_KEY);
}

const Item = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-all' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Typography>
    </Box>
  );
};

/** The header fields of an order (view dialog and receiving screen). */
export const InboundHeader = ({ order }: { order: InboundRecord }) => {
  const enumLabel = useEnumLabel();
  const isReturn = Number(order.type) === InboundOrderType.RETURN;
  return (
    <Box data-testid="inbound-header" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5, mb: 2 }}>
      <Item label="app.inbound.column.order_no">
        <span data-testid="inbound-header-no">{order.orderNo}</span>
      </Item>
      <Item label="app.inbound.column.status">
        <InboundStatusTag status={order.status} testId="inbound-header-status" />
      </Item>
      <Item label="app.inbound.view.type">{enumLabel('InboundOrderType', order.type)}</Item>
      <Item label="app.inbound.column.company">{order.companyName}</Item>
      <Item label="app.inbound.column.warehouse">{order.warehouseName}</Item>
      <Item label="app.inbound.column.owner">{order.ownerName}</Item>
      <Item label="app.inbound.column.store_order_no">{order.storeOrderNo}</Item>
      <Item label="app.inbound.column.waybill_no">{order.waybillNo}</Item>
      {isReturn ? <Item label="app.inbound.column.source_outbound_no">{order.sourceOutboundNo}</Item> : null}
      {isReturn ? <Item label="app.inbound.column.return_waybill_no">{order.returnWaybillNo}</Item> : null}
      <Item label="app.inbound.column.planned_arrival">{formatDateTime(order.plannedArrivalTime)}</Item>
      <Item label="app.inbound.column.completion_time">{formatDateTime(order.completionTime)}</Item>
      {order.problemReason ? <Item label="app.inbound.column.problem_reason">{order.problemReason}</Item> : null}
      {order.recreatedFromNo ? <Item label="app.inbound.view.recreated_from">{order.recreatedFromNo}</Item> : null}
      {order.remark ? <Item label="app.inbound.form.remark">{order.remark}</Item> : null}
    </Box>
  );
};

export const InboundViewDialog = ({ record, onClose }: { record: RaRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const order = record as unknown as InboundRecord;
  return (
    <InboundDialog
      onClose={onClose}
      title={translate('app.inbound.dialog.view', { no: order.orderNo ?? '' })}
      testId="inbound-view-dialog"
      actions={
        <Button onClick={onClose} data-testid="inbound-view-close">
          {translate('app.inbound.action.close')}
        </Button>
      }
    >
      <InboundHeader order={order} />
      <InboundLinesTable lines={order.lines ?? []} />
    </InboundDialog>
  );
};

export const InboundProblemDialog = ({ record, onClose, onDone }: { record: RaRecord; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  return (
    <ReasonDialog
      onClose={onClose}
      onDone={onDone}
      onSubmit={(reason) => inboundApi.submitProblem(dataProvider, record.id, reason)}
      title={translate('app.inbound.dialog.problem_title', { no: record.orderNo ?? '' })}
      label="app.inbound.dialog.problem_reason"
      requiredMessage={PROBLEM_REQUIRED_KEY}
      maxLengthMessage={PROBLEM_MAX_LENGTH_KEY}
      maxLength={PROBLEM_REASON_MAX}
      cancelLabel="app.inbound.action.cancel"
      confirmLabel="resources.inboundOrder.actions.submitProblem"
      successMessage="app.inbound.success"
      testId="inbound-problem-dialog"
      confirmTestId="inbound-problem-confirm"
      reasonTestId="inbound-problem-reason"
    />
  );
};
