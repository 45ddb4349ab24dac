/**
 * The inbound list filter (issue 5; spec 5 "text filters trim whitespace"): order number, status,
 * warehouse, owner, store order number, waybill number, (returns:) source outbound and return waybill
 * numbers, created-date range. The order type is fixed by the route (a permanent filter of the list).
 */
import { sameFilter, toDay } from '../sku/filters';

export { sameFilter };

export interface InboundFilterValues {
  orderNo?: string | null;
  status?: number | string | null;
  warehouseId?: number | string | null;
  ownerId?: number | string | null;
  storeOrderNo?: string | null;
  waybillNo?: string | null;
  sourceOutboundNo?: string | null;
  returnWaybillNo?: string | null;
  addDateStart?: string | Date | null;
  addDateEnd?: string | Date | null;
}

const TEXTS = ['orderNo', 'storeOrderNo', 'waybillNo', 'sourceOutboundNo', 'returnWaybillNo'] as const;
const IDS = ['status', 'warehouseId', 'ownerId'] as const;

function toId(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export function buildInboundFilter(values: InboundFilterValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of TEXTS) {
    const v = values[k];
    const t = typeof v === 'string' ? v.trim() : '';
    if (t) out[k] = t;
  }
  for (const k of IDS) {
    const n = toId(values[k]);
    if (n !== undefined) out[k] = n;
  }
  const start = toDay(values.addDateStart);
  if (start) out.addDateStart = start;
  const end = toDay(values.addDateEnd);
  if (end) out.addDateEnd = end;
  return out;
}

export function inboundFormValues(filter: Record<string, unknown>): InboundFilterValues {
  const out: InboundFilterValues = {};
  for (const k of TEXTS) out[k] = typeof filter[k] === 'string' ? (filter[k] as string) : '';
  for (const k of IDS) out[k] = toId(filter[k]) ?? null;
  out.addDateStart = typeof filter.addDateStart === 'string' ? filter.addDateStart : null;
  out.addDateEnd = typeof filter.addDateEnd === 'string' ? filter.addDateEnd : null;
  return out;
}
