/**
 * Turns a validated page/list query into SQL conditions and an ORDER BY, from the manifest's filters and
 * sort whitelist alone (spec 7.2: current/size paging, sortProp/sortOrder; text filters trimmed).
 * Date ranges take `YYYY-MM-DD` in the caller's time zone (X-Time-Zone), or full ISO instants; the end
 * day is inclusive.
 */
import { asc, desc, eq, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceSpec } from '../../shared/resource-meta';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Start of the given calendar day in a zone `tzHours` east of UTC, as an instant. */
export function dayStart(day: Date, tzHours: number): Date {
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - tzHours * 3600_000);
}

/**
 * A date filter's bound (validated text, rules().day): a day `YYYY-MM-DD` is its start in the caller's zone
 * (the end bound: the next day's start, exclusive); an instant is itself (the end bound inclusive).
 */
function bound(v: string, tzHours: number, end: boolean): { at: Date; day: boolean } {
  const d = DATE_ONLY.exec(v);
  if (!d) return { at: new Date(v), day: false };
  const start = dayStart(new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]))), tzHours);
  return { at: end ? new Date(start.getTime() + DAY_MS) : start, day: true };
}

/** The conditions of a validated page/list query (`query`, the generated query schema's value). */
export function filterConditions(meta: ResourceSpec, columns: Record<string, PgColumn>, query: Record<string, unknown>, tzHours: number): SQL[] {
  const out: SQL[] = [];
  if (Array.isArray(query.ids)) out.push(inArray(columns.id, query.ids as number[]));
  for (const f of meta.fields) {
    if (!f.filter) continue;
    const col = columns[f.name];
    if (f.filter === 'dateRange') {
      const start = query[`${f.name}Start`] as string | undefined;
      const end = query[`${f.name}End`] as string | undefined;
      if (start) out.push(gte(col, bound(start, tzHours, false).at));
      if (end) {
        const e = bound(end, tzHours, true);
        out.push(e.day ? lt(col, e.at) : lte(col, e.at));
      }
      continue;
    }
    const v = query[f.name];
    if (v === undefined || v === null || v === '') continue;
    if (f.filter === 'contains') out.push(ilike(col, `%${escapeLike(String(v))}%`));
    else if (f.filter === 'codes') {
      const codes = [...new Set(String(v).split(/[,\n]/).map((x) => x.trim()).filter(Boolean))];
      if (codes.length === 1) out.push(ilike(col, `%${escapeLike(codes[0])}%`));
      else if (codes.length > 1) out.push(inArray(col, codes));
    }
    else if (f.filter === 'in') { if (Array.isArray(v) && v.length) out.push(inArray(col, v)); }
    else out.push(eq(col, v));
  }
  return out;
}

/**
 * ORDER BY the whitelisted sortProp (else the manifest's default), then id for a stable order.
 * With a substring filter active (`narrowed`), ordering by id goes through `id + 0`: the matches are few, and
 * a plain `ORDER BY id` lets PostgreSQL walk the whole primary key backwards looking for them (an owner whose
 * SKUs are all old: 141 ms instead of a few, bench/sku-page.ts).
 */
export function orderBy(meta: ResourceSpec, columns: Record<string, PgColumn>, sortProp?: string, sortOrder?: string, narrowed = false): SQL[] {
  const field = sortProp || meta.defaultSort.field;
  const dir = sortOrder ? (sortOrder.startsWith('desc') ? 'desc' : 'asc') : sortProp ? 'asc' : meta.defaultSort.order;
  const by = dir === 'desc' ? desc : asc;
  const id = narrowed ? sql`${columns.id} + 0` : columns.id;
  return field === 'id' ? [by(id)] : [by(columns[field]), by(id)];
}

/** Whether the query holds a substring filter (contains/codes), which makes the result small and scattered. */
export function isNarrowed(meta: ResourceSpec, query: Record<string, unknown>): boolean {
  return meta.fields.some((f) => (f.filter === 'contains' || f.filter === 'codes') && query[f.name] !== undefined && query[f.name] !== null && query[f.name] !== '');
}
