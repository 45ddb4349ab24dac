/**
 * Filters of the inventory screens (spec 2.7, 2.9, 3 "Inventory log page query"; the inventory list's are
 * the manifest's, `inventory.screen`): the export body of the inventory list, and the log lists' filter-bar
 * values -> the list filter sent to the page calls, and back.
 *
 * Log lists: `bizNo` (exact, trimmed), `bizType`, `addDateStart` / `addDateEnd` (YYYY-MM-DD).
 */
import { sameFilter, toDay } from '../../kit/filterCodec';

export { sameFilter, toDay };

export interface LogFilterValues {
  bizNo?: string | null;
  bizType?: number | string | null;
  addDateStart?: string | Date | null;
  addDateEnd?: string | Date | null;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

export function toId(value: unknown): number | undefined {
  if (isEmpty(value)) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Filter-bar values -> the inventory log filter. */
export function buildLogFilter(values: LogFilterValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const bizNo = trimmed(values.bizNo);
  if (bizNo) out.bizNo = bizNo;
  const bizType = toId(values.bizType);
  if (bizType !== undefined) out.bizType = bizType;
  const start = toDay(values.addDateStart);
  if (start) out.addDateStart = start;
  const end = toDay(values.addDateEnd);
  if (end) out.addDateEnd = end;
  return out;
}

export function logFormValues(filter: Record<string, unknown>): LogFilterValues {
  return {
    bizNo: typeof filter.bizNo === 'string' ? filter.bizNo : '',
    bizType: toId(filter.bizType) ?? null,
    addDateStart: typeof filter.addDateStart === 'string' ? filter.addDateStart : null,
    addDateEnd: typeof filter.addDateEnd === 'string' ? filter.addDateEnd : null,
  };
}

/**
 * The export body: the list's whole current query without paging (permanent + form filter, and the sort
 * when there is one).
 */
export function exportFilter(
  filterValues: Record<string, unknown>,
  permanent: Record<string, unknown>,
  sort?: { field?: string; order?: string },
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...filterValues, ...permanent };
  if (sort?.field) {
    out.sortProp = sort.field;
    out.sortOrder = String(sort.order ?? 'ASC').toLowerCase() === 'desc' ? 'desc' : 'asc';
  }
  return out;
}
