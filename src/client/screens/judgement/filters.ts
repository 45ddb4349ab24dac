/**
 * The adjustment list filter (issue 4; spec 5 "text filters trim whitespace"): adjustment number (exact,
 * trimmed), warehouse, goods owner, status, created-date range (YYYY-MM-DD, the server reads the end as the
 * whole day). Empty values are left out.
 */
import { JudgementType } from '../../../../generated/shared/enums';
import { sameFilter, toDay } from '../sku/filters';

export { sameFilter };

export interface JudgementFilterValues {
  judgementNo?: string | null;
  warehouseId?: number | string | null;
  ownerId?: number | string | null;
  status?: number | string | null;
  addDateStart?: string | Date | null;
  addDateEnd?: string | Date | null;
}

function toId(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** Form values -> list filter. */
export function buildJudgementFilter(values: JudgementFilterValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const no = typeof values.judgementNo === 'string' ? values.judgementNo.trim() : '';
  if (no) out.judgementNo = no;
  const warehouseId = toId(values.warehouseId);
  if (warehouseId !== undefined) out.warehouseId = warehouseId;
  const ownerId = toId(values.ownerId);
  if (ownerId !== undefined) out.ownerId = ownerId;
  const status = toId(values.status);
  if (status !== undefined) out.status = status;
  const start = toDay(values.addDateStart);
  if (start) out.addDateStart = start;
  const end = toDay(values.addDateEnd);
  if (end) out.addDateEnd = end;
  return out;
}

/** The filter bar's values for the filter in place. */
export function judgementFormValues(filter: Record<string, unknown>): JudgementFilterValues {
  return {
    judgementNo: typeof filter.judgementNo === 'string' ? filter.judgementNo : '',
    warehouseId: toId(filter.warehouseId) ?? null,
    ownerId: toId(filter.ownerId) ?? null,
    status: toId(filter.status) ?? null,
    addDateStart: typeof filter.addDateStart === 'string' ? filter.addDateStart : null,
    addDateEnd: typeof filter.addDateEnd === 'string' ? filter.addDateEnd : null,
  };
}

/** Gains and losses of a document's lines, e.g. `{ count: 3, gain: 12, loss: 3 }`. */
export function lineTotals(lines: ReadonlyArray<{ type?: unknown; qty?: unknown }> | null | undefined): { count: number; gain: number; loss: number } {
  let gain = 0;
  let loss = 0;
  const list = Array.isArray(lines) ? lines : [];
  for (const l of list) {
    const qty = Number(l.qty) || 0;
    if (Number(l.type) === JudgementType.GAIN) gain += qty;
    else if (Number(l.type) === JudgementType.LOSS) loss += qty;
  }
  return { count: list.length, gain, loss };
}

/** The short summary of a document's lines: `+12 / -3`. */
export function lineSummary(lines: ReadonlyArray<{ type?: unknown; qty?: unknown }> | null | undefined): string {
  const { gain, loss } = lineTotals(lines);
  return `+${gain} / -${loss}`;
}
