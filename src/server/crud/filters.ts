/**
 * Turns a validated page/list query into SQL conditions and an ORDER BY, from the manifest's filters and
 * sort whitelist alone (spec 7.2: current/size paging, sortProp/sortOrder; text filters trimmed).
 * Date ranges take `YYYY-MM-DD` in the caller's time zone (X-Time-Zone), or full ISO instants; the end
 * day is inclusive. Impossible dates never get here: rules().day refuses them (400 naming the field).
 *
 * Conditions are SQL text over the row alias `t` with `$n` parameters collected in {@link Params} (issue 13: the
 * page statement is plain text, prepared by name; lists are bound as one array parameter, `= any($n)`, so the
 * text does not depend on how many values a list holds). {@link toDrizzle} hands the same text to Drizzle
 * queries (the inventory export), so each rule is written once.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ResourceSpec } from '../../shared/resource-meta';
import { parseInstant } from '../../shared/validation';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The parameters of one statement: `add(v)` stores `v` and gives its placeholder `$n` (with `cast`, e.g. `::int[]`). */
export class Params {
  readonly values: unknown[] = [];
  add(v: unknown, cast = ''): string {
    this.values.push(v);
    return `$${this.values.length}${cast}`;
  }
}

/** A quoted SQL identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Start of the given calendar day in a zone `tzHours` east of UTC, as an instant. */
export function dayStart(day: Date, tzHours: number): Date {
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - tzHours * 3600_000);
}

/**
 * A date filter's bound (validated text, rules().day): a day `YYYY-MM-DD` is its start in the caller's zone
 * (the end bound: the next day's start, exclusive); an instant is itself (the end bound inclusive), read by
 * the rule's own parseInstant (issue 26: never Date's roll-over parser).
 */
function bound(v: string, tzHours: number, end: boolean): { at: Date; day: boolean } {
  const d = DATE_ONLY.exec(v);
  if (!d) return { at: parseInstant(v) ?? new Date(Number.NaN), day: false };
  const start = dayStart(new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]))), tzHours);
  return { at: end ? new Date(start.getTime() + DAY_MS) : start, day: true };
}

/** The PostgreSQL array type of a list filter's values (ids and enum values are integers, the rest text). */
const arrayCast = (values: unknown[]) => (values.every((v) => typeof v === 'number') ? '::int[]' : '::text[]');

/**
 * The conditions of a validated page/list query (`query`, the generated query schema's value) over the row
 * alias `t` (`t."column"`); `columnOf` maps an API field name to its column.
 */
export function filterSql(meta: ResourceSpec, columnOf: Record<string, string>, query: Record<string, unknown>, tzHours: number, p: Params, t = 't'): string[] {
  const out: string[] = [];
  const col = (name: string) => `${t}.${ident(columnOf[name])}`;
  if (Array.isArray(query.ids)) out.push(`${col('id')} = any(${p.add(query.ids, '::int[]')})`);
  for (const f of meta.fields) {
    if (!f.filter) continue;
    if (f.filter === 'dateRange') {
      const start = query[`${f.name}Start`] as string | undefined;
      const end = query[`${f.name}End`] as string | undefined;
      if (start) out.push(`${col(f.name)} >= ${p.add(bound(start, tzHours, false).at, '::timestamptz')}`);
      if (end) {
        const e = bound(end, tzHours, true);
        out.push(`${col(f.name)} ${e.day ? '<' : '<='} ${p.add(e.at, '::timestamptz')}`);
      }
      continue;
    }
    const v = query[f.name];
    if (v === undefined || v === null || v === '') continue;
    if (f.filter === 'contains') out.push(`${col(f.name)} ilike ${p.add(`%${escapeLike(String(v))}%`)}`);
    else if (f.filter === 'codes') {
      const codes = [...new Set(String(v).split(/[,\n]/).map((x) => x.trim()).filter(Boolean))];
      if (codes.length === 1) out.push(`${col(f.name)} ilike ${p.add(`%${escapeLike(codes[0])}%`)}`);
      else if (codes.length > 1) out.push(`${col(f.name)} = any(${p.add(codes, '::text[]')})`);
    }
    else if (f.filter === 'in') { if (Array.isArray(v) && v.length) out.push(`${col(f.name)} = any(${p.add(v, arrayCast(v))})`); }
    else out.push(`${col(f.name)} = ${p.add(v)}`);
  }
  return out;
}

/**
 * ORDER BY the whitelisted sortProp (else the manifest's default), then id for a stable order, over the row alias
 * `t`. With a substring filter active (`narrowed`), ordering by id goes through `id + 0`: the matches are few, and
 * a plain `ORDER BY id` lets PostgreSQL walk the whole primary key backwards looking for them (an owner whose
 * SKUs are all old: 141 ms instead of a few, bench/sku-page.ts).
 */
export function orderSql(meta: ResourceSpec, columnOf: Record<string, string>, sortProp?: string, sortOrder?: string, narrowed = false, t = 't'): string {
  const field = sortProp || meta.defaultSort.field;
  const dir = sortOrder ? (sortOrder.startsWith('desc') ? 'desc' : 'asc') : sortProp ? 'asc' : meta.defaultSort.order;
  const id = narrowed ? `${t}."id" + 0` : `${t}."id"`;
  return field === 'id' ? `${id} ${dir}` : `${t}.${ident(columnOf[field])} ${dir}, ${id} ${dir}`;
}

/** Whether the query holds a substring filter (contains/codes), which makes the result small and scattered. */
export function isNarrowed(meta: ResourceSpec, query: Record<string, unknown>): boolean {
  return meta.fields.some((f) => (f.filter === 'contains' || f.filter === 'codes') && query[f.name] !== undefined && query[f.name] !== null && query[f.name] !== '');
}

/** SQL text with `$n` placeholders (numbered in `values`) as a Drizzle SQL object, for the queries still built with Drizzle. */
export function toDrizzle(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)(?!\d)/);
  return sql.join(parts.map((part, i) => (i % 2 ? sql.param(values[Number(part) - 1]) : sql.raw(part))));
}
