/**
 * The header fields of an inbound order on the receiving screen: number, status, type, company, warehouse,
 * owner, store order and waybill numbers (customer returns: source outbound and return waybill numbers),
 * planned arrival, completion, problem reason, recreated from, remark. Labels are the manifest's.
 */
import { formatDateTime } from '../../widgets/DateTimeField';
import { StatusTag, useEnumLabel } from '../../kit/cells';
import { DetailGrid, DetailItem as Item } from '../../kit/DocumentViewDialog';
import { screenOf } from '../../kit/screen/spec';
import { screenSource } from '../../../../generated/client/views/inboundOrder';
import { InboundOrderType, type InboundRecord } from './constants';

const screen = screenOf(screenSource, 'inboundOrder');
const label = (field: string) => `resources.inboundOrder.fields.${field}`;

/** The header fields of an order (view dialog and receiving screen). */
export const InboundHeader = ({ order }: { order: InboundRecord }) => {
  const enumLabel = useEnumLabel();
  const isReturn = Number(order.type) === InboundOrderType.RETURN;
  return (
    <DetailGrid testId="inbound-header">
      <Item label={label('orderNo')}>
        <span data-testid="inbound-header-no">{order.orderNo}</span>
      </Item>
      <Item label={label('status')}>
        <StatusTag look={screen.status!} status={order.status} testId="inbound-header-status" />
      </Item>
      <Item label={label('type')}>{enumLabel('InboundOrderType', order.type)}</Item>
      <Item label={label('companyId')}>{order.companyName}</Item>
      <Item label={label('warehouseId')}>{order.warehouseName}</Item>
      <Item label={label('ownerId')}>{order.ownerName}</Item>
      <Item label={label('storeOrderNo')}>{order.storeOrderNo}</Item>
      <Item label={label('waybillNo')}>{order.waybillNo}</Item>
      {isReturn ? <Item label={label('sourceOutboundNo')}>{order.sourceOutboundNo}</Item> : null}
      {isReturn ? <Item label={label('returnWaybillNo')}>{order.returnWaybillNo}</Item> : null}
      <Item label={label('plannedArrivalTime')}>{formatDateTime(order.plannedArrivalTime)}</Item>
      <Item label={label('completionTime')}>{formatDateTime(order.completionTime)}</Item>
      {order.problemReason ? <Item label={label('problemReason')}>{order.problemReason}</Item> : null}
      {order.recreatedFromNo ? <Item label={label('recreatedFromId')}>{order.recreatedFromNo}</Item> : null}
      {order.remark ? <Item label={label('remark')}>{order.remark}</Item> : null}
    </DetailGrid>
  );
};

