/**
 * The filter codec of a document list (spec 5 "text filters trim whitespace"): the filter bar's form values
 * <-> the list's filter. Texts are trimmed, ids (and enum values) become numbers, the created-date range
 * becomes `addDateStart` / `addDateEnd` as instants (toBound; a day YYYY-MM-DD as the whole day), yes/no
 * selects become booleans, multi-selects id arrays, several codes (the multi-line multi-input, spec 2.10, 5)
 * one comma-joined text; empty values (and empty arrays) are left out. Fixed parts of the filter (e.g. the
 * order type of the route) are the list's permanent filter and never pass through here.
 */

/** Several codes (commas or new lines) -> trimmed, non-blank, unique, joined by commas. */
export function normaliseCodes(value: unknown): string {
  if (value === null || value === undefined) return '';
  const parts = String(value)
    .split(/[,\r\n]+/)
    .map((v) => v.trim())
    .filter((v) => v !== '');
  return [...new Set(parts)].join(',');
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date-range bound as the server reads it ('' when empty or unreadable): a day `YYYY-MM-DD` stays a day
 * (a filter kept from before, or typed into an address), anything else names an instant, sent as ISO 8601 UTC
 * (the date-time range input, spec 2.10).
 */
export function toBound(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{1,2}-\d{1,2}$/.test(value.trim())) return toDay(value);
  const d = value instanceof Date ? value : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : '';
}

/** A date filter value as YYYY-MM-DD ('' when empty or unreadable). */
export function toDay(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? '' : `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(String(value).trim());
  return m ? `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}` : '';
}

/** Same filter (order of keys ignored). */
export function sameFilter(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

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
  /** Several codes in one text: trimmed, blanks dropped, unique, joined by commas. */
  codes?: readonly string[];
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
        const at = toBound(v[k]);
        if (at) out[k] = at;
      }
      for (const k of spec.bools ?? []) {
        const b = toBool(v[k]);
        if (b !== undefined) out[k] = b;
      }
      for (const k of spec.lists ?? []) {
        const ids = toIds(v[k]);
        if (ids.length) out[k] = ids;
      }
      for (const k of spec.codes ?? []) {
        const codes = normaliseCodes(v[k]);
        if (codes) out[k] = codes;
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
      for (const k of spec.codes ?? []) out[k] = typeof filter[k] === 'string' ? filter[k] : '';
      return out as FilterValues<T, I>;
    },
  };
}
