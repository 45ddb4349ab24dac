/**
 * A read of records in ONE statement (issue 13; docs/architecture.md "Read path"): the page's rows, the total,
 * the `<ref>Name` of every ref field and the resource's decorations (a hook's `recordSql`: SKU fields, supplier
 * names, platforms, stock), and, when the session came from the cache, the session check. Plain SQL text over
 * the row alias `t`, sent as a named prepared statement (db/raw.ts), so PostgreSQL plans each shape once per
 * connection and Drizzle's query builder is not on the path.
 *
 * PostgreSQL also writes the records' JSON (json_agg): the answer's records travel as one text that the generic
 * handlers put into the envelope as it is (http/json-text.ts), so Node neither parses 20 rows of columns nor
 * serializes them again (issue 13 "within 1.0 ms of the same page sent directly as one prepared statement").
 *
 *   select <total> as "__total", <session check> as "__session", p."count", p."records"
 *   from (select count(*), coalesce(json_agg(r order by <O over r>), '[]')::text as records from (
 *     select <own columns>, <ref names>, <decorations>
 *     from (select * from <table> t where <W> order by <O> limit $l offset $o) t
 *     left join <ref table> r0 on r0.id = t.<ref column> ...
 *   ) r) p
 *
 * The total and the check are scalar sub-selects and the aggregate always answers one row, so an empty page
 * still answers one row. Records have the table's columns by API name (passwords and secrets never), then the
 * ref names, then the decorations: the same keys in the same order as a Drizzle select mapped them, with the
 * same JSON values (timestamps as ISO instants with milliseconds, like `Date.toJSON`; numeric and bigint
 * columns, counts and sums as JSON numbers; json and arrays as they are): {@link jsonValueSql}.
 */
import { getTableColumns, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { bindings, type Binding } from '../../../generated/server/routes';
import { refNameField, type ResourceSpec } from '../../shared/resource-meta';
import type { Db } from '../db/connect';
import { rawQuery } from '../db/raw';
import type { UserContext } from '../http/context';
import { SESSION_FINGERPRINT_FUNCTION, sessionTokenHash, StaleSession, type SessionCheck } from '../http/session';
import { COUNT_CAP } from './count';
import { ident, Params } from './filters';

/**
 * A column of the record: its API key and the SQL that reads it over `t` (and joins). Its SQL type decides its
 * JSON (json_agg): a count or sum is a number, a json_build_object an object, an array an array.
 */
export interface RecordColumn { key: string; expr: string }
/** What a resource adds to its records in the same statement (ResourceHooks.recordSql). */
export interface RecordSql { columns: RecordColumn[]; joins?: string }
/**
 * The context a hook's recordSql builds from: the statement's parameters, the row alias, the caller, and the alias
 * of the row a ref field's join reads (e.g. the inventory row's SKU), so a decoration reads it without a second lookup.
 */
export interface RecordSqlArgs { p: Params; t: string; user: UserContext; refAlias(field: string): string }

interface Shape {
  table: string;
  /** API field name -> column name, for filters and sorts. */
  columnOf: Record<string, string>;
  /** Column name -> API field name (the sort keys over the page's output). */
  keyOf: Record<string, string>;
  /** How many of `columns` are the table's own (the ref names follow). */
  ownColumns: number;
  columns: RecordColumn[];
  joins: string;
  /** ref field name -> alias of its joined row. */
  refAliases: Record<string, string>;
}
const shapes = new Map<string, Shape>();

/** The record columns and ref joins of a resource, worked out once from its Drizzle table and manifest. */
export function shapeOf(b: Binding): Shape {
  const spec = b.meta as ResourceSpec;
  const known = shapes.get(spec.name);
  if (known) return known;
  const cols = getTableColumns(b.table as PgTable) as Record<string, Column>;
  const writeOnly = new Set(spec.fields.filter((f) => f.type === 'password' || f.type === 'secret').map((f) => f.name));
  const columns: RecordColumn[] = Object.entries(cols).filter(([k]) => !writeOnly.has(k))
    .map(([key, c]) => ({ key, expr: jsonValueSql(c, `t.${ident(c.name)}`) }));
  const ownColumns = columns.length;
  const joins: string[] = [];
  const refAliases: Record<string, string> = {};
  spec.fields.filter((f) => f.type === 'ref').forEach((f, i) => {
    const target = bindings[f.resource as keyof typeof bindings];
    const targetSpec = target.meta as ResourceSpec;
    const represent = (getTableColumns(target.table as PgTable) as Record<string, Column>)[targetSpec.represent];
    const a = `r${i}`;
    refAliases[f.name] = a;
    joins.push(`left join ${ident(targetSpec.table)} ${a} on ${a}."id" = t.${ident(cols[f.name].name)}`);
    columns.push({ key: refNameField(f), expr: jsonValueSql(represent, `${a}.${ident(represent.name)}`) });
  });
  const columnOf = Object.fromEntries(Object.entries(cols).map(([k, c]) => [k, c.name]));
  const keyOf = Object.fromEntries(Object.entries(columnOf).map(([k, c]) => [c, k]));
  const shape = { table: spec.table, columnOf, keyOf, ownColumns, columns, joins: joins.join(' '), refAliases };
  shapes.set(spec.name, shape);
  return shape;
}

/**
 * The SQL of column `c` read as `expr`, giving the JSON value a Drizzle select of it serializes to: a timestamp
 * (Drizzle mode 'date', a JS Date) as `Date.toJSON` writes it, "2026-11-24T13:05:00.123Z" (UTC, milliseconds
 * truncated like the driver's Date); every other column type's own JSON is already the same value.
 */
export function jsonValueSql(c: Column, expr: string): string {
  return c.columnType === 'PgTimestamp' ? `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : expr;
}

/**
 * The SQL (over the row alias `t`) of the JSON text of a record's own columns, as a read gives them: for a
 * statement that has the row but not the read's joins (a workflow step's UPDATE ... RETURNING).
 */
export function ownRecordJsonSql(b: Binding): string {
  const own = shapeOf(b).columns.slice(0, shapeOf(b).ownColumns);
  return `(select row_to_json(x) from (select ${own.map((c) => `${c.expr} as ${ident(c.key)}`).join(', ')}) x)::text`;
}

/**
 * THE count of a read: the SQL of the number of rows of `table` (alias `t`) matching `where`. With `cap` (a page:
 * crud/count.ts COUNT_CAP) it reads at most cap + 1 rows, so a list over millions of rows costs what 10,001 do
 * and {@link pageTotal} turns cap + 1 into "10,000+"; without (the SKU count call) it is exact. The cap is a
 * literal, not a parameter, so a prepared statement's generic plan still knows it.
 */
export function countSql(table: string, where: string, cap?: number): string {
  if (cap === undefined) return `(select count(*) from ${ident(table)} t${where})`;
  if (!Number.isSafeInteger(cap) || cap < 0) throw new Error(`count cap must be a whole number, got ${cap}`);
  return `(select count(*) from (select 1 from ${ident(table)} t${where} limit ${cap + 1}) capped)`;
}

/**
 * The session check folded into a read (http/session.ts): true when the token's session is still live and its
 * user's fingerprint (status, roles, scope, the roles' codes) is the one the cached context was built from. The
 * table holds token digests, so the function gets the digest.
 */
function sessionCheckSql(check: SessionCheck, p: Params): string {
  return `(${SESSION_FINGERPRINT_FUNCTION.name}(${p.add(sessionTokenHash(check.token))}) = ${p.add(check.fingerprint)})`;
}

export interface RecordsQuery {
  binding: Binding;
  /** Conditions over `t` (filters, scope), with their parameters in `p`. */
  where: string[];
  p: Params;
  /** ORDER BY over `t` (filters.ts orderSql); its column references are re-read over the page's output. */
  order: string;
  limit: number;
  offset?: number;
  /** Also count the matching rows, at most COUNT_CAP + 1 ({@link countSql}; the page answer: crud/count.ts pageTotal). */
  count?: boolean;
  /** A cached session to verify in the same statement (throws StaleSession when it no longer holds). */
  session?: SessionCheck;
  /** The resource's decorations (its hook's recordSql). */
  extra?: RecordSql;
}

/** What a read answers: the records as JSON text (an array), how many, and the (capped) total when counted. */
export interface RecordsRead { json: string; count: number; total: number }

/** Runs the one statement of a read (see the module doc). Throws StaleSession when the folded check fails. */
export async function readRecords(db: Db, q: RecordsQuery): Promise<RecordsRead> {
  const shape = shapeOf(q.binding);
  const where = q.where.length ? ` where ${q.where.join(' and ')}` : '';
  const columns = q.extra ? [...shape.columns, ...q.extra.columns] : shape.columns;
  const total = q.count ? countSql(shape.table, where, COUNT_CAP) : 'null';
  const session = q.session ? sessionCheckSql(q.session, q.p) : 'true';
  const limit = q.p.add(q.limit);
  const offset = q.offset ? ` offset ${q.p.add(q.offset)}` : '';
  // the aggregate's ORDER BY: the same keys over the page's output (own columns are selected under their API
  // names; a timestamp's ISO text sorts as the instant does)
  const outerOrder = q.order.replace(/t\.("(?:[^"]|"")+")( \+ 0)?/g, (_m, col: string) => `r.${ident(shape.keyOf[col.slice(1, -1)] ?? col.slice(1, -1))}`);
  const text = `select ${total} as "__total", ${session} as "__session", p."count" as "__count", p."records" as "__records" from (`
    + `select count(*)::int as "count", coalesce(json_agg(r order by ${outerOrder}), '[]')::text as "records" from (`
    + `select ${columns.map((c) => `${c.expr} as ${ident(c.key)}`).join(', ')}`
    + ` from (select * from ${ident(shape.table)} t${where} order by ${q.order} limit ${limit}${offset}) t ${shape.joins} ${q.extra?.joins ?? ''}`
    + `) r) p`;
  const [row] = await rawQuery(db, text, q.p.values);
  if (q.session && row.__session !== true) throw new StaleSession();
  return { json: row.__records as string, count: Number(row.__count), total: q.count ? Number(row.__total ?? 0) : Number(row.__count) };
}
