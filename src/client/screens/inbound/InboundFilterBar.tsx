/**
 * The inbound list's filter bar (issue 5) on the documents kit: order number, status, warehouse, goods
 * owner, store order number, waybill number, (customer returns:) source outbound and return waybill
 * numbers, created-date range; Search (Enter in a text box searches too) and Reset. A search starts again
 * at page 1 (spec 4). The order type is fixed by the route (the list's permanent filter).
 */
import { DateRangeFilter, DocumentFilterBar, EnumFilter, TextFilter, WarehouseOwnerFilters } from '../documents/DocumentFilterBar';
import { filterCodec } from '../documents/filterCodec';
import { INBOUND_NAMES, INBOUND_RESOURCE, InboundOrderType, NO_MAX } from './constants';

/** The filter codec: texts trimmed, ids as numbers, created-date range; empty values left out. */
export const inboundFilter = filterCodec({
  texts: ['orderNo', 'storeOrderNo', 'waybillNo', 'sourceOutboundNo', 'returnWaybillNo'],
  ids: ['status', 'warehouseId', 'ownerId'],
});
export const buildInboundFilter = inboundFilter.toFilter;
export const inboundFormValues = inboundFilter.toValues;

export const InboundFilterBar = ({ type }: { type: number }) => {
  const isReturn = type === InboundOrderType.RETURN;
  return (
    <DocumentFilterBar names={INBOUND_NAMES} resource={INBOUND_RESOURCE} formId={`inbound-filter-form-${type}`} codec={inboundFilter}>
      <TextFilter source="orderNo" label="app.inbound.filter.order_no" testId="inbound-filter-no" maxLength={NO_MAX} />
      <EnumFilter source="status" enumName="InboundOrderStatus" label="app.inbound.filter.status" testId="inbound-filter-status" />
      <WarehouseOwnerFilters names={INBOUND_NAMES} />
      <TextFilter source="storeOrderNo" label="app.inbound.filter.store_order_no" testId="inbound-filter-store-order-no" maxLength={NO_MAX} />
      <TextFilter source="waybillNo" label="app.inbound.filter.waybill_no" testId="inbound-filter-waybill-no" maxLength={NO_MAX} />
      {isReturn ? <TextFilter source="sourceOutboundNo" label="app.inbound.filter.source_outbound_no" testId="inbound-filter-source-outbound-no" maxLength={NO_MAX} /> : null}
      {isReturn ? <TextFilter source="returnWaybillNo" label="app.inbound.filter.return_waybill_no" testId="inbound-filter-return-waybill-no" maxLength={NO_MAX} /> : null}
      <DateRangeFilter names={INBOUND_NAMES} />
    </DocumentFilterBar>
  );
};
