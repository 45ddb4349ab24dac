/**
 * The outbound order lists (spec 2.3): /outbound/normal_list (type 1, the resource's menu route) and
 * /outbound/nano_list (type 2, noon marketplace orders), on the documents kit's DocumentList for resource
 * 'outboundOrder' (`POST /sapi/wms/outbound-order/page`) with the type as a permanent filter.
 *
 * - Filter bar (OutboundFilterBar); top button Add (outbound:edit) opens the create dialog of the list's type.
 * - Columns: row number, order number (sortable), status tag, delivery status, company, warehouse, owner,
 *   platform order number, receiver (name, phone), country / city, cash on delivery (cents shown /100 with
 *   the currency), total quantity, waybill number, shipped at, created (sortable), operations.
 * - Row actions (OutboundRowActions): view; edit, delete while created; the workflow's actions.
 * - Paging 10/20/30/50/100/500, default 10, hidden when the total is 0 (spec 9).
 */
import { NumberField, TextField } from 'react-admin';
import { DateTimeField } from '../../widgets/DateTimeField';
import { EnumField } from '../../widgets/EnumField';
import { DocumentList, DocumentTopButtons } from '../documents/DocumentList';
import { DocumentTable } from '../documents/DocumentTable';
import { RowNumberCell, StatusCell } from '../documents/cells';
import { CODE_OUTBOUND_EDIT, OUTBOUND_NAMES, OUTBOUND_RESOURCE, OutboundOrderType, outboundKindOf } from './constants';
import { CodCell, OUTBOUND_STATUS, ReceiverCell, RegionCell } from './fields';
import { OutboundEditDialog } from './OutboundEditDialog';
import { OutboundFilterBar } from './OutboundFilterBar';
import { OutboundRowActions, type OutboundDialogKind } from './OutboundRowActions';
import { OutboundDeliverDialog, OutboundPackDialog, OutboundViewDialog } from './OutboundSmallDialogs';
import { OrderImportListButton } from '../orderImport';
import { PackageDialog } from '../packages/PackageDialog';

const OutboundTable = () => (
  <DocumentTable names={OUTBOUND_NAMES}>
    <RowNumberCell label="app.outbound.column.row_number" />
    <TextField source="orderNo" label="app.outbound.column.order_no" />
    <StatusCell source="status" label="app.outbound.column.status" look={OUTBOUND_STATUS} />
    <EnumField source="deliveryStatus" enumName="DeliveryStatus" label="app.outbound.column.delivery_status" sortable={false} />
    <TextField source="companyName" label="app.outbound.column.company" sortable={false} />
    <TextField source="warehouseName" label="app.outbound.column.warehouse" sortable={false} />
    <TextField source="ownerName" label="app.outbound.column.owner" sortable={false} />
    <TextField source="platformOrderNo" label="app.outbound.column.platform_order_no" sortable={false} />
    <ReceiverCell source="receiverName" label="app.outbound.column.receiver" sortable={false} />
    <RegionCell source="countryCode" label="app.outbound.column.region" sortable={false} />
    <CodCell source="codAmount" label="app.outbound.column.cod" sortable={false} textAlign="right" />
    <NumberField source="qty" label="app.outbound.column.qty" sortable={false} />
    <TextField source="waybillNo" label="app.outbound.column.waybill_no" sortable={false} />
    <DateTimeField source="shippedTime" label="app.outbound.column.shipped_time" sortable={false} />
    <DateTimeField source="addDate" label="app.outbound.column.add_date" />
    <OutboundRowActions source="operations" sortable={false} label="app.outbound.column.operations" />
  </DocumentTable>
);

export interface OutboundListProps {
  /** OutboundOrderType of the route (1 normal, 2 noon). */
  type: number;
  /** Store key of the list parameters (false: none; default one per type). */
  storeKey?: string | false;
}

export const OutboundList = ({ type, storeKey }: OutboundListProps) => {
  const kind = outboundKindOf(type);
  return (
    <DocumentList<OutboundDialogKind>
      key={type}
      names={OUTBOUND_NAMES}
      resource={OUTBOUND_RESOURCE}
      title={`app.outbound.title.${kind.key}`}
      filter={{ type }}
      storeKey={storeKey ?? `outboundOrder.${kind.key}.list`}
      filterBar={<OutboundFilterBar type={type} />}
      topButtons={
        <DocumentTopButtons names={OUTBOUND_NAMES} addCode={CODE_OUTBOUND_EDIT}>
          <OrderImportListButton kind="outbound" type={type} />
        </DocumentTopButtons>
      }
      renderDialog={(dialog, ui) => {
        if (dialog.kind === 'edit') return <OutboundEditDialog type={type} id={dialog.id} onClose={ui.close} onSaved={dialog.id === undefined ? ui.done : ui.reload} />;
        if (dialog.kind === 'view') return <OutboundViewDialog record={dialog.record} onClose={ui.close} />;
        if (dialog.kind === 'deliver') return <OutboundDeliverDialog record={dialog.record} onClose={ui.close} onDone={ui.reload} />;
        if (dialog.kind === 'package') return <PackageDialog kind="outbound" order={{ id: dialog.record.id as number, orderNo: dialog.record.orderNo }} onClose={ui.close} onSaved={ui.reload} />;
        return <OutboundPackDialog record={dialog.record} onClose={ui.close} onDone={ui.reload} />;
      }}
    >
      <OutboundTable />
    </DocumentList>
  );
};

export const OutboundNormalList = () => <OutboundList type={OutboundOrderType.NORMAL} />;
export const OutboundNoonList = () => <OutboundList type={OutboundOrderType.NOON} />;
