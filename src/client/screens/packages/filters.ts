/**
 * The pack lists' filter (spec 2.3 pack lists; spec 5 "text filters trim whitespace") on the documents kit's
 * codec (../documents/filterCodec.ts). The server filters packages by packageNo, orderId, warehouseId,
 * ownerId, waybillNo, carrier (all exact) and addDateStart / addDateEnd (YYYY-MM-DD, the end day inclusive).
 * A typed order number is looked up first (see PackageFilterBar) and travels as `orderId` plus `orderNo`,
 * which the server ignores and the bar shows again. Empty values are left out.
 */
import { filterCodec, sameFilter, type FilterValues } from '../../kit/filterCodec';

export { sameFilter };

/** The codec of the bar's form: texts trimmed, warehouse and owner ids as numbers, created-date range. */
export const packageFilter = filterCodec({ texts: ['packageNo', 'orderNo', 'waybillNo', 'carrier'], ids: ['warehouseId', 'ownerId'] });

export type PackageFilterValues = FilterValues<'packageNo' | 'orderNo' | 'waybillNo' | 'carrier', 'warehouseId' | 'ownerId'>;

/** A codec filter -> the list's filter: the order number with the id found for it, or neither when none was found. */
export function withOrderId(filter: Record<string, unknown>, orderId?: number): Record<string, unknown> {
  const { orderNo, ...rest } = filter;
  return orderNo && orderId !== undefined ? { ...rest, orderNo, orderId } : rest;
}

/** Form values (+ the id of the typed order number, when one was found) -> list filter. */
export const buildPackageFilter = (values: PackageFilterValues, orderId?: number): Record<string, unknown> => withOrderId(packageFilter.toFilter(values), orderId);

/** The filter bar's values for the filter in place. */
export const packageFilterValues = packageFilter.toValues;
