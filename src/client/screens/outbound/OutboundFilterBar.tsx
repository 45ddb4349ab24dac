/**
 * The outbound list's filter bar on the documents kit: order number, platform order number, status,
 * delivery status, warehouse, goods owner, waybill number, country, created-date range; Search (Enter in a
 * text box searches too) and Reset. A search starts again at page 1 (spec 4). The order type is fixed by the
 * route (the list's permanent filter).
 */
import { CountryInput } from '../../widgets/CountryInput';
import { DateRangeFilter, DocumentFilterBar, EnumFilter, FilterBox, TextFilter, WarehouseOwnerFilters } from '../documents/DocumentFilterBar';
import { filterCodec } from '../documents/filterCodec';
import { MAX, OUTBOUND_NAMES, OUTBOUND_RESOURCE } from './constants';

/** The filter codec: texts trimmed (country code too), ids and enum values as numbers, created-date range. */
export const outboundFilter = filterCodec({
  texts: ['orderNo', 'platformOrderNo', 'waybillNo', 'countryCode'],
  ids: ['status', 'deliveryStatus', 'warehouseId', 'ownerId'],
});
export const buildOutboundFilter = outboundFilter.toFilter;

export const OutboundFilterBar = ({ type }: { type: number }) => (
  <DocumentFilterBar names={OUTBOUND_NAMES} resource={OUTBOUND_RESOURCE} formId={`outbound-filter-form-${type}`} codec={outboundFilter}>
    <TextFilter source="orderNo" label="app.outbound.filter.order_no" testId="outbound-filter-no" maxLength={MAX.orderNo} />
    <TextFilter source="platformOrderNo" label="app.outbound.filter.platform_order_no" testId="outbound-filter-platform-order-no" maxLength={MAX.platformOrderNo} />
    <EnumFilter source="status" enumName="OutboundOrderStatus" label="app.outbound.filter.status" testId="outbound-filter-status" />
    <EnumFilter source="deliveryStatus" enumName="DeliveryStatus" label="app.outbound.filter.delivery_status" testId="outbound-filter-delivery-status" />
    <WarehouseOwnerFilters names={OUTBOUND_NAMES} />
    <TextFilter source="waybillNo" label="app.outbound.filter.waybill_no" testId="outbound-filter-waybill-no" maxLength={MAX.waybillNo} />
    <FilterBox testId="outbound-filter-country">
      <CountryInput source="countryCode" label="app.outbound.filter.country" helperText={false} fullWidth />
    </FilterBox>
    <DateRangeFilter names={OUTBOUND_NAMES} />
  </DocumentFilterBar>
);
