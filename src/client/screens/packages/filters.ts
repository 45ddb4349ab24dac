/**
 * The pack lists' filter (spec 2.3 pack lists; spec 5 "text filters trim whitespace"). The server filters
 * packages by packageNo, orderId, warehouseId, ownerId, waybillNo, carrier (all exact) and addDateStart /
 * addDateEnd (YYYY-MM-DD, the end day inclusive). A typed order number is looked up first (see PackageFilterBar)
 * and travels as `orderId` plus `orderNo`, which the server ignores and the bar shows again. Empty values are
 * left out.
 */
import { sameFilter, toDay } from '../sku/filters';

export { sameFilter };

export interface PackageFilterValues {
  packageNo?: string | null;
  orderNo?: string | null;
  warehouseId?: number | string | null;
  ownerId?: number | string | null;
  waybillNo?: string | null;
  carrier?: string | null;
  addDateStart?: string | Date | null;
  addDateEnd?: string | Date | null;
}

const TEXTS = ['packageNo', 'waybillNo', 'carrier'] as const;

function toId(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

const trimmed = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Form values (+ the id of the typed order number, when one was found) -> list filter. */
export function buildPackageFilter(values: PackageFilterValues, orderId?: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of TEXTS) {
    const v = trimmed(values[key]);
    if (v) out[key] = v;
  }
  const orderNo = trimmed(values.orderNo);
  if (orderNo && orderId !== undefined) Object.assign(out, { orderNo, orderId });
  for (const key of ['warehouseId', 'ownerId'] as const) {
    const id = toId(values[key]);
    if (id !== undefined) out[key] = id;
  }
  const start = toDay(values.addDateStart);
  if (start) out.addDateStart = start;
  const end = toDay(values.addDateEnd);
  if (end) out.addDateEnd = end;
  return out;
}

/** The filter bar's values for the filter in place. */
export function packageFilterValues(filter: Record<string, unknown>): PackageFilterValues {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    packageNo: str(filter.packageNo),
    orderNo: str(filter.orderNo),
    warehouseId: toId(filter.warehouseId) ?? null,
    ownerId: toId(filter.ownerId) ?? null,
    waybillNo: str(filter.waybillNo),
    carrier: str(filter.carrier),
    addDateStart: typeof filter.addDateStart === 'string' ? filter.addDateStart : null,
    addDateEnd: typeof filter.addDateEnd === 'string' ? filter.addDateEnd : null,
  };
}
