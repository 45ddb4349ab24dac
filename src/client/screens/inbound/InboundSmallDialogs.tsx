/**
 * The view dialog (header fields and lines) and the submit-problem dialog (a required reason, spec 4
 * "submit problem order"; checked here before the call and again by the server).
 */
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import { formatDateTime } from '../../widgets/DateTimeField';
import { useEnumLabel } from '../documents/cells';
import { DocumentReasonDialog, documentReasonError } from '../documents/DocumentReasonDialog';
import { DetailGrid, DetailItem as Item, DocumentViewDialog } from '../documents/DocumentViewDialog';
import { INBOUND_NAMES, InboundOrderType, PROBLEM_REASON_MAX, type InboundRecord } from './constants';
import { InboundLinesTable, InboundStatusTag } from './fields';
import { inboundApi } from './inboundApi';

const PROBLEM_REQUIRED_KEY = 'app.inbound.rules.problem_reason_required';

export function problemReasonError(reason: string): { key: string; options?: Record<string, unknown> } | undefined {
  return documentReasonError(INBOUND_NAMES, reason, PROBLEM_REASON_MAX, PROBLEM_REQUIRED_KEY);
}

/** The header fields of an order (view dialog and receiving screen). */
export const InboundHeader = ({ order }: { order: InboundRecord }) => {
  const enumLabel = useEnumLabel();
  const isReturn = Number(order.type) === InboundOrderType.RETURN;
  return (
    <DetailGrid testId="inbound-header">
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
    </DetailGrid>
  );
};

export const InboundViewDialog = ({ record, onClose }: { record: RaRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const order = record as unknown as InboundRecord;
  return (
    <DocumentViewDialog names={INBOUND_NAMES} onClose={onClose} title={translate('app.inbound.dialog.view', { no: order.orderNo ?? '' })}>
      <InboundHeader order={order} />
      <InboundLinesTable lines={order.lines ?? []} />
    </DocumentViewDialog>
  );
};

export const InboundProblemDialog = ({ record, onClose, onDone }: { record: RaRecord; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  return (
    <DocumentReasonDialog
      names={INBOUND_NAMES}
      kind="problem"
      onClose={onClose}
      onDone={onDone}
      onSubmit={(reason) => inboundApi.submitProblem(dataProvider, record.id, reason)}
      title={translate('app.inbound.dialog.problem_title', { no: record.orderNo ?? '' })}
      label="app.inbound.dialog.problem_reason"
      requiredMessage={PROBLEM_REQUIRED_KEY}
      maxLength={PROBLEM_REASON_MAX}
      confirmLabel="resources.inboundOrder.actions.submitProblem"
    />
  );
};
