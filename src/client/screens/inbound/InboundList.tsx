/**
 * The inbound order lists (issue 5; spec 2.3): /inbound/normal_list (type 1, the resource's menu route),
 * /inbound/return_list (type 2) and /inbound/reject_list (type 3), on the documents kit's DocumentList for
 * resource 'inboundOrder' (`POST /sapi/wms/inbound-order/page`) with the type as a permanent filter.
 *
 * - Filter bar (InboundFilterBar); top button Add (inbound:edit) opens the create dialog of the list's type.
 * - Columns: row number, order number (sortable), status tag, company, warehouse, owner, store order number,
 *   waybill (customer returns: source outbound number and return waybill number too), planned arrival
 *   (sortable), planned / received totals, completion time, problem reason, created (sortable), operations.
 * - Row actions (InboundRowActions): view; edit, delete while created; the workflow's actions.
 * - Paging 10/20/30/50/100/500, default 10, hidden when the total is 0 (spec 9).
 */
import { TextField } from 'react-admin';
import { DateTimeField } from '../../widgets/DateTimeField';
import { DocumentList, DocumentTopButtons } from '../documents/DocumentList';
import { DocumentTable } from '../documents/DocumentTable';
import { RowNumberCell, StatusCell } from '../documents/cells';
import { CODE_INBOUND_EDIT, INBOUND_NAMES, INBOUND_RESOURCE, InboundOrderType, kindOf } from './constants';
import { INBOUND_STATUS, QtyCell } from './fields';
import { InboundFilterBar } from './InboundFilterBar';
import { InboundEditDialog } from './InboundEditDialog';
import { InboundRowActions, type InboundDialogKind } from './InboundRowActions';
import { InboundProblemDialog, InboundViewDialog } from './InboundSmallDialogs';
import { OrderImportListButton } from '../orderImport';
import { PackageDialog } from '../packages/PackageDialog';

const InboundTable = ({ type }: { type: number }) => {
  const isReturn = type === InboundOrderType.RETURN;
  return (
    <DocumentTable names={INBOUND_NAMES}>
      <RowNumberCell label="app.inbound.column.row_number" />
      <TextField source="orderNo" label="app.inbound.column.order_no" />
      <StatusCell source="status" label="app.inbound.column.status" look={INBOUND_STATUS} />
      <TextField source="companyName" label="app.inbound.column.company" sortable={false} />
      <TextField source="warehouseName" label="app.inbound.column.warehouse" sortable={false} />
      <TextField source="ownerName" label="app.inbound.column.owner" sortable={false} />
      <TextField source="storeOrderNo" label="app.inbound.column.store_order_no" sortable={false} />
      {isReturn ? <TextField source="sourceOutboundNo" label="app.inbound.column.source_outbound_no" sortable={false} /> : null}
      <TextField source="waybillNo" label="app.inbound.column.waybill_no" sortable={false} />
      {isReturn ? <TextField source="returnWaybillNo" label="app.inbound.column.return_waybill_no" sortable={false} /> : null}
      <DateTimeField source="plannedArrivalTime" label="app.inbound.column.planned_arrival" />
      <QtyCell source="qty" label="app.inbound.column.qty" />
      <DateTimeField source="completionTime" label="app.inbound.column.completion_time" sortable={false} />
      <TextField source="problemReason" label="app.inbound.column.problem_reason" sortable={false} />
      <DateTimeField source="addDate" label="app.inbound.column.add_date" />
      <InboundRowActions source="operations" sortable={false} label="app.inbound.column.operations" type={type} />
    </DocumentTable>
  );
};

export interface InboundListProps {
  /** InboundOrderType of the route (1 normal, 2 customer return, 3 rejected delivery). */
  type: number;
  /** Store key of the list parameters (false: none; default one per type). */
  storeKey?: string | false;
}

export const InboundList = ({ type, storeKey }: InboundListProps) => {
  const kind = kindOf(type);
  return (
    <DocumentList<InboundDialogKind>
      key={type}
      names={INBOUND_NAMES}
      resource={INBOUND_RESOURCE}
      title={`app.inbound.title.${kind.key}`}
      filter={{ type }}
      storeKey={storeKey ?? `inboundOrder.${kind.key}.list`}
      filterBar={<InboundFilterBar type={type} />}
      topButtons={
        <DocumentTopButtons names={INBOUND_NAMES} addCode={CODE_INBOUND_EDIT}>
          <OrderImportListButton kind="inbound" type={type} />
        </DocumentTopButtons>
      }
      renderDialog={(dialog, ui) => {
        if (dialog.kind === 'edit') return <InboundEditDialog type={type} id={dialog.id} onClose={ui.close} onSaved={dialog.id === undefined ? ui.done : ui.reload} />;
        if (dialog.kind === 'view') return <InboundViewDialog record={dialog.record} onClose={ui.close} />;
        if (dialog.kind === 'package') return <PackageDialog kind="inbound" order={{ id: dialog.record.id as number, orderNo: dialog.record.orderNo }} onClose={ui.close} onSaved={ui.reload} />;
        return <InboundProblemDialog record={dialog.record} onClose={ui.close} onDone={ui.reload} />;
      }}
    >
      <InboundTable type={type} />
    </DocumentList>
  );
};

export const InboundNormalList = () => <InboundList type={InboundOrderType.NORMAL} />;
export const InboundReturnList = () => <InboundList type={InboundOrderType.RETURN} />;
export const InboundRejectList = () => <InboundList type={InboundOrderType.REJECT} />;
