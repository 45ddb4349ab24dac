/**
 * The filter codec of a document list (spec 5 "text filters trim whitespace"): the filter bar's form values
 * <-> the list's filter. Texts are trimmed, ids (and enum values) become numbers, the created-date range
 * becomes `addDateStart` / `addDateEnd` as YYYY-MM-DD (the server reads the end as the whole day), yes/no
 * selects become booleans, multi-selects id arrays; empty values (and empty arrays) are left out. Fixed parts of the filter (e.g. the order type of the route) are the list's
 * permanent filter and never pass through here.
 */
import { sameFilter, toDay } from '../screens/sku/filters';

export { sameFilter };

export interface FilterCodecSpec<T extends string, I extends string> {
  /** Text inputs (trimmed; blank left out). */
  texts: readonly T[];
  /** Select inputs holding a number (status, warehouseId, ownerId...). */
  ids: readonly I[];
  /** Date-range fields: `<field>Start` / `<field>End` (default addDate). */
  dates?: readonly string[];
  /** Yes / no / any selects: true, false or left out. */
  bools?: readonly string[];
  /** Multi-selects of ids: a number array, left out when empty. */
  lists?: readonly string[];
}

/** The form values of a filter bar: texts, ids, and the date range. */
export type FilterValues<T extends string, I extends string> = Partial<Record<T, string | null>> &
  Partial<Record<I, number | string | null>> & { addDateStart?: string | Date | null; addDateEnd?: string | Date | null };

export interface FilterCodec<T extends string, I extends string> {
  /** Form values -> list filter. */
  toFilter(values: FilterValues<T, I>): Record<string, unknown>;
  /** The filter in place (URL / store) -> the filter bar's values ('' for texts, null otherwise). */
  toValues(filter: Record<string, unknown>): FilterValues<T, I>;
}

/** Any codec, as a filter bar uses it. */
export interface AnyFilterCodec {
  toFilter(values: Record<string, unknown>): Record<string, unknown>;
  toValues(filter: Record<string, unknown>): object;
}

function toBool(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

const toIds = (value: unknown): number[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).flatMap((v) => toId(v) ?? []);

function toId(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export function filterCodec<T extends string, I extends string>(spec: FilterCodecSpec<T, I>): FilterCodec<T, I> {
  const DATES = (spec.dates ?? ['addDate']).flatMap((d) => [`${d}Start`, `${d}End`]);
  return {
    toFilter(values) {
      const v = values as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const k of spec.texts) {
        const t = typeof v[k] === 'string' ? (v[k] as string).trim() : '';
        if (t) out[k] = t;
      }
      for (const k of spec.ids) {
        const n = toId(v[k]);
        if (n !== undefined) out[k] = n;
      }
      for (const k of DATES) {
        const day = toDay(v[k]);
        if (day) out[k] = day;
      }
      for (const k of spec.bools ?? []) {
        const b = toBool(v[k]);
        if (b !== undefined) out[k] = b;
      }
      for (const k of spec.lists ?? []) {
        const ids = toIds(v[k]);
        if (ids.length) out[k] = ids;
      }
      return out;
    },
    toValues(filter) {
      const out: Record<string, unknown> = {};
      for (const k of spec.texts) out[k] = typeof filter[k] === 'string' ? filter[k] : '';
      for (const k of spec.ids) out[k] = toId(filter[k]) ?? null;
      for (const k of DATES) out[k] = typeof filter[k] === 'string' ? filter[k] : null;
      for (const k of spec.bools ?? []) out[k] = toBool(filter[k]) ?? null;
      for (const k of spec.lists ?? []) out[k] = toIds(filter[k]);
      return out as FilterValues<T, I>;
    },
  };
}
