/**
 * The view dialog (header fields and lines) and the submit-problem dialog (a required reason, spec 4
 * "submit problem order"; checked here before the call and again by the server).
 */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { formatDateTime } from '../../widgets/DateTimeField';
import { errorMessage } from '../sku/errors';
import { InboundOrderType, PROBLEM_REASON_MAX, type InboundRecord } from './constants';
import { InboundLinesTable, InboundStatusTag, useEnumLabel } from './fields';
import { DialogButtons, InboundDialog } from './InboundDialog';
import { inboundApi } from './inboundApi';

export function problemReasonError(reason: string): { key: string; options?: Record<string, unknown> } | undefined {
  const text = reason.trim();
  if (!text) return { key: 'app.inbound.rules.problem_reason_required' };
  if (text.length > PROBLEM_REASON_MAX) return { key: 'app.inbound.rules.max_length', options: { max: PROBLEM_REASON_MAX } };
  return undefined;
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
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const problem = problemReasonError(reason);
    if (problem) {
      setError(translate(problem.key, problem.options));
      return;
    }
    setBusy(true);
    try {
      await inboundApi.submitProblem(dataProvider, record.id, reason.trim());
      notify('app.inbound.success', { type: 'success' });
      onDone();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <InboundDialog
      onClose={onClose}
      width={560}
      busy={busy}
      title={translate('app.inbound.dialog.problem_title', { no: record.orderNo ?? '' })}
      testId="inbound-problem-dialog"
      actions={<DialogButtons onCancel={onClose} onConfirm={confirm} busy={busy} color="error" label="resources.inboundOrder.actions.submitProblem" testId="inbound-problem-confirm" />}
    >
      <TextField
        autoFocus
        required
        fullWidth
        multiline
        minRows={3}
        label={translate('app.inbound.dialog.problem_reason')}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          if (error) setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { maxLength: PROBLEM_REASON_MAX, 'data-testid': 'inbound-problem-reason' } }}
      />
    </InboundDialog>
  );
};
