/**
 * The one generic handler set (DESIGN "crud/"): page, list, detail, add, edit, remove, lock, unlock for any
 * manifest resource, driven by its binding (Drizzle table + metadata + schema factories). Every call is cut
 * to the caller's data scope; writes are validated before they touch the database; unique and reference
 * violations come back as 409/400 with the fields named.
 *
 * Records: the table's columns by API name (passwords and secrets never), plus `<ref>Name` for every ref field
 * (e.g. companyId -> companyName, spec 3). Dates are ISO instants.
 * Reads (page, list, queryOne, detail) are one statement each: records, total, names and the hooks' recordSql
 * decorations, plus the folded session check (crud/records-sql.ts; docs/architecture.md "Read path").
 *
 * Bodies: each call's body rule is {@link crudBody}; sapiRoute checks it at the edge (http/body.ts), so the
 * handlers here take `call.body` as validated. A caller inside the server (the order import) checks its body
 * with the same rule first (checkBody).
 */
import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as yup from 'yup';
import { bindings, type Binding } from '../../../generated/server/routes';
import { enumValues, Status } from '../../../generated/shared/enums';
import { Code, type Page } from '../../shared/envelope';
import type { FieldSpec, ResourceSpec } from '../../shared/resource-meta';
import { INT4_MAX, requestLabels, rules, ruleTexts, type FormMode, type Lang } from '../../shared/validation';
import type { Db } from '../db/connect';
import { hashPassword } from '../domain/passwords';
import { resourceHooks } from '../domain/resource-hooks';
import { secrets } from '../domain/secret-fields';
import { JsonText, jsonObject } from '../http/json-text';
import { ID_BODY, manifestLabel, NO_FIELDS, validate, type BodyRule } from '../http/body';
import type { RequestContext, UserContext } from '../http/context';
import { BizError, fieldError, notFound, pgError, text } from '../http/errors';
import { requireInScope, scopeIds, type ScopeKind } from '../http/guard';
import { filterSql, ident, isNarrowed, orderSql, Params, toDrizzle } from './filters';
import { pageTotal } from './count';
import { countSql, readRecords, shapeOf, type RecordSql, type RecordSqlArgs } from './records-sql';
import { rawQuery } from '../db/raw';

export interface CrudCall { db: Db; ctx: RequestContext; user: UserContext; binding: Binding; body: Record<string, unknown> }
type Row = Record<string, unknown>;
type Columns = Record<string, PgColumn>;

const LIST_LIMIT = 1000;
export const meta = (b: Binding) => b.meta as ResourceSpec;
// request validation lives with the edge (http/body.ts); re-exported for the domain modules
export { manifestLabel, validate };
const columnsOf = (b: Binding) => getTableColumns(b.table as PgTable) as unknown as Columns;


/**
 * The conditions over the row alias `t` that cut `b`'s rows to what `user` may read and act on: the data scope
 * plus, for a resource with listCodes, the enum values whose codes the user holds.
 */
export function scopeSql(b: Binding, user: UserContext, p: Params, t = 't'): string[] {
  const { columnOf } = shapeOf(b);
  const out: string[] = [];
  for (const [kind, field] of Object.entries(meta(b).scope) as Array<[ScopeKind, string]>) {
    const ids = scopeIds(user, kind);
    if (ids !== 'all') out.push(ids.length ? `${t}.${ident(columnOf[field])} = any(${p.add(ids, '::int[]')})` : 'false');
  }
  const lc = meta(b).listCodes;
  if (lc && !user.isAdmin) {
    const field = meta(b).fields.find((f) => f.name === lc.field)!;
    const values = enumValues[field.enum!].map((e) => e.value).filter((v) => user.codes.has(lc.codes[v] ?? meta(b).permissions.list!));
    out.push(values.length ? `${t}.${ident(columnOf[lc.field])} = any(${p.add(values, '::int[]')})` : 'false');
  }
  return out;
}

/** The record id of a call: an integer 1..INT4_MAX (a JSON number), else 400 "ID must be a positive integer". */
export function recordId(id: unknown, lang: Lang): number {
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > INT4_MAX) throw fieldError(lang, { label: requestLabels.id, field: 'id' }, ruleTexts[lang].positiveId);
  return id;
}

export type Operation = 'list' | 'page' | 'detail' | 'add' | 'edit' | 'remove' | 'lock' | 'unlock';

/** The form fields of a resource in `mode` (what its generated form schema holds): the values add/edit write. */
function formFields(spec: ResourceSpec, mode: FormMode): string[] {
  return spec.fields.filter((f) => f.form && !f.system && !(mode === 'edit' && f.readOnlyOnEdit)).map((f) => f.name);
}

/**
 * The body rule of a generic call (checked at the edge): page/list the resource's query (paging, sort,
 * filters, `ids`); detail, remove, lock and unlock `{id}`; add the form (a field left out that has a manifest
 * default gets it first, {@link withDefaults}); edit `{id}` and the form. Add and edit also hold the fields
 * the resource's hooks declare (`bodyFields`, e.g. a document's `lines`).
 */
export function crudBody(b: Binding, op: Operation): BodyRule {
  const spec = meta(b);
  // a read-only resource refuses every write with its own message (refuseReadOnly), whatever the body
  if (spec.readOnly && op !== 'page' && op !== 'list' && op !== 'detail') return NO_FIELDS;
  switch (op) {
    case 'page': case 'list': return { schema: (lang) => b.schemas.query(lang), labels: spec };
    case 'detail': case 'remove': case 'lock': case 'unlock': return ID_BODY;
    case 'add': return { schema: (lang) => b.schemas.form('add', lang).shape(hooksOf(b).bodyFields?.(lang, 'add') ?? {}), labels: spec, prepare: (body) => withDefaults(spec, body) };
    case 'edit': return { schema: (lang) => b.schemas.form('edit', lang).shape({ ...hooksOf(b).bodyFields?.(lang, 'edit'), id: rules(lang, 'add').recordId() }), labels: spec };
  }
}


/**
 * The records of one read: the JSON text of the records array as PostgreSQL wrote it (what the generic handlers
 * answer, http/json-text.ts), or the records as objects for code that works with them (parsed once, on demand).
 */
class Records {
  #json: string;
  #rows?: Row[];
  constructor(json: string, readonly count: number, readonly total: number, rows?: Row[]) {
    this.#json = json;
    this.#rows = rows;
  }

  get rows(): Row[] {
    return (this.#rows ??= JSON.parse(this.#json) as Row[]);
  }

  get json(): JsonText {
    return new JsonText(this.#json);
  }

  /** The first record as JSON text (the array's only element when read with limit 1), or null. */
  get first(): JsonText | null {
    return this.count ? new JsonText(this.#json.slice(1, -1)) : null;
  }
}

/**
 * A read of a resource's records with more than its hooks say, for a hand-written call over the same table (the
 * pending putaways over location stock, domain/moves/putaway.ts): conditions over the row alias `t` and
 * decorations added to the read's one statement, after the manifest filters, the hooks' and the scope.
 */
export interface ReadView {
  filterSql?(p: Params, t: string): string[];
  recordSql?(a: RecordSqlArgs): RecordSql;
}

/**
 * The records of `b` matching `where` (over `t`, parameters in `p`) in one statement (crud/records-sql.ts):
 * decorated by the hook's recordSql (and the view's) in that statement, then by its decorate (resources whose
 * extras are not SQL yet: those records are parsed, decorated and serialized again); with the session check when
 * the context came from the cache.
 */
async function records(call: CrudCall, p: Params, where: string[], o: { order: string; limit: number; offset?: number; count?: boolean }, view?: ReadView): Promise<Records> {
  const { db, binding: b, user, ctx } = call;
  const args: RecordSqlArgs = { p, t: 't', user, refAlias: (field) => shapeOf(b).refAliases[field] };
  const extra = mergeRecordSql(hooksOf(b).recordSql?.(args), view?.recordSql?.(args));
  const out = await readRecords(db, { binding: b, p, where, ...o, extra, session: ctx.session });
  const decorate = hooksOf(b).decorate;
  if (!decorate || !out.count) return new Records(out.json, out.count, out.total);
  const rows = JSON.parse(out.json) as Row[];
  await decorate(call, rows);
  return new Records(JSON.stringify(rows), out.count, out.total, rows);
}

/** Both decorations in one (columns and joins of `a`, then of `b`). */
function mergeRecordSql(a: RecordSql | undefined, b: RecordSql | undefined): RecordSql | undefined {
  if (!a || !b) return a ?? b;
  return { columns: [...a.columns, ...b.columns], joins: [a.joins, b.joins].filter(Boolean).join(' ') };
}

async function findScoped(call: CrudCall, id: unknown): Promise<Records> {
  const { binding: b, user, ctx } = call;
  const p = new Params();
  const where = [`t."id" = ${p.add(recordId(id, ctx.lang))}`, ...scopeSql(b, user, p)];
  const found = await records(call, p, where, { order: 't."id" asc', limit: 1 });
  if (!found.count) throw notFound(ctx.lang, `${meta(b)[ctx.lang]} #${id}`);
  return found;
}

/** One record in the caller's scope (404 otherwise), as an object. */
const findRow = async (call: CrudCall, id: unknown): Promise<Row> => (await findScoped(call, id)).rows[0];

/** The conditions over `t` of a validated page/list query (`call.body`): manifest filters, the filterSql hook, scope, the view's. */
function querySql(call: CrudCall, p: Params, t = 't', view?: ReadView): string[] {
  const { binding: b, ctx, user, body: q } = call;
  return [...filterSql(meta(b), shapeOf(b).columnOf, q, ctx.tzHours, p, t), ...(hooksOf(b).filterSql?.(q, p, t) ?? []), ...scopeSql(b, user, p, t), ...(view?.filterSql?.(p, t) ?? [])];
}

/** The ORDER BY over `t` of a validated page/list query. */
const queryOrder = (call: CrudCall) => orderSql(meta(call.binding), shapeOf(call.binding).columnOf, call.body.sortProp as string, call.body.sortOrder as string, isNarrowed(meta(call.binding), call.body));

/**
 * The query `call.body` validated (the page rule of {@link crudBody}) and the WHERE that page/list would use
 * for it: for readers that walk all matching rows themselves from a stored query (the inventory export).
 * A bad query is a 400 like in page.
 */
export async function queryWhere(call: CrudCall): Promise<{ q: Row; where: SQL | undefined }> {
  const { binding: b, ctx } = call;
  const q = await validate<Row>(b.schemas.query(ctx.lang), call.body, ctx.lang, meta(b));
  const p = new Params();
  const text = querySql({ ...call, body: q }, p, ident(meta(b).table)).join(' and ');
  return { q, where: text ? toDrizzle(text, p.values) : undefined };
}

/**
 * A page of records with the total (spec 7.2 `{records, current, total}`, plus `totalCapped`: crud/count.ts):
 * one statement (crud/records-sql.ts), answered as the JSON text PostgreSQL wrote. `view`: a hand-written
 * call's own conditions and decorations ({@link ReadView}).
 */
export async function page(call: CrudCall, view?: ReadView): Promise<JsonText> {
  const current = (call.body.current as number | undefined) ?? 1;
  const size = (call.body.size as number | undefined) ?? 10;
  const p = new Params();
  const offset = (current - 1) * size;
  const found = await records(call, p, querySql(call, p, 't', view), { order: queryOrder(call), limit: size, offset, count: true }, view);
  // spec 7's page shape, its records as PostgreSQL wrote them; the total capped at COUNT_CAP (crud/count.ts)
  const answer: { [K in keyof Page<Row>]: unknown } = { records: found.json, current, ...pageTotal(found.total, offset + found.count) };
  return jsonObject(answer);
}

/** The exact number of records page would list for the same query (SKU count call, spec 7.2): {@link countSql}. */
export async function countRecords(call: CrudCall): Promise<number> {
  const p = new Params();
  const where = querySql(call, p);
  const [row] = await rawQuery(call.db, `select ${countSql(meta(call.binding).table, where.length ? ` where ${where.join(' and ')}` : '')} as "total"`, p.values);
  return Number(row.total);
}

/** One record of another resource, cut to the caller's scope (404 otherwise): for hooks that check a parent. */
export function findInScope(call: CrudCall, binding: Binding, id: unknown): Promise<Row> {
  return findRow({ ...call, binding }, id);
}

/** The first `limit` records of the query in its sort order, decorated (no count). */
function firstRecords(call: CrudCall, limit: number, view?: ReadView): Promise<Records> {
  const p = new Params();
  return records(call, p, querySql(call, p, 't', view), { order: queryOrder(call), limit }, view);
}

/**
 * The records of the query (`call.body`, validated like a page query) with an id above `after`, ascending by id,
 * at most `limit` (a keyset page: the owner API's cursor pages, issue 31); `upTo`: and an id at most this.
 */
export async function keysetRows(call: CrudCall, after: number, limit: number, upTo?: number): Promise<Row[]> {
  const p = new Params();
  const where = [...querySql(call, p), `t."id" > ${p.add(after)}`, ...(upTo === undefined ? [] : [`t."id" <= ${p.add(upTo)}`])];
  return (await records(call, p, where, { order: 't."id" asc', limit })).rows;
}

/** The list call: the first LIST_LIMIT records of the query (JSON text); `view` as in {@link page}. */
export const list = async (call: CrudCall, view?: ReadView): Promise<JsonText> => (await firstRecords(call, LIST_LIMIT, view)).json;

/** {@link list} as objects, for code that works with the records. */
export const listRows = async (call: CrudCall): Promise<Row[]> => (await firstRecords(call, LIST_LIMIT)).rows;

/** The first record of the query, or null (e.g. /sapi/wms/sku-inventory/queryOne, spec 7.2); `view` as in {@link page}. */
export const queryOne = async (call: CrudCall, view?: ReadView): Promise<JsonText | null> => (await firstRecords(call, 1, view)).first;

/** The detail call: one record in scope (404 otherwise). */
export const detail = async (call: CrudCall): Promise<JsonText> => (await findScoped(call, call.body.id)).first!;

/**
 * Scope rules for written values (403): a scoped ref must be in scope; scope on id means only 'all' users add.
 * On add, a scope field of the form that is left out is stored empty, which is outside a limited scope (a share
 * of every warehouse, issue 26), so it is checked as null; a scope field outside the form (a package's owner)
 * is the hooks' to derive from a parent read in scope.
 */
function checkWriteScope(call: CrudCall, values: Row, adding: boolean) {
  const addForm = adding ? formFields(meta(call.binding), 'add') : [];
  for (const [kind, field] of Object.entries(meta(call.binding).scope) as Array<[ScopeKind, string]>) {
    if (field === 'id') { if (adding) requireInScope(call.ctx, call.user, kind, meta(call.binding), -1); continue; }
    if (values[field] !== undefined || addForm.includes(field)) requireInScope(call.ctx, call.user, kind, { ...manifestLabel(field, meta(call.binding))!, field }, values[field] ?? null);
  }
}

/** Write-only fields as stored: a password as its bcrypt hash, a secret sealed with the installation key. */
async function hashPasswords(fields: FieldSpec[], values: Row) {
  for (const f of fields) {
    if (typeof values[f.name] !== 'string') continue;
    if (f.type === 'password') values[f.name] = await hashPassword(values[f.name] as string);
    else if (f.type === 'secret') values[f.name] = secrets().seal(values[f.name] as string);
  }
}

/**
 * Hand-written rules a resource adds around the generic writes (registered in domain/resource-hooks.ts).
 * They run inside the write's transaction with `call.db` being that transaction; throwing a BizError
 * rolls the whole write back. `existing` is null on add.
 */
export interface ResourceHooks {
  /**
   * Extra conditions for page/list from the resource's queryParams (manifest) or rules the manifest cannot
   * state: SQL text over the row alias `t`, parameters added to `p` (crud/filters.ts).
   */
  filterSql?(query: Row, p: Params, t: string): string[];
  /** Derived fields of every record read, as columns (and joins) of the read's one statement (crud/records-sql.ts). */
  recordSql?(a: RecordSqlArgs): RecordSql;
  /** Adds derived fields to records about to be returned, after the read (one query per page, not per row). */
  decorate?(call: CrudCall, rows: Row[]): Promise<void>;
  beforeWrite?(call: CrudCall, values: Row, existing: Row | null): Promise<void>;
  afterWrite?(call: CrudCall, values: Row, existing: Row | null): Promise<void>;
  beforeRemove?(call: CrudCall, existing: Row): Promise<void>;
  /**
   * Body fields of add/edit besides the manifest form that the hooks read from `call.body` (e.g. a
   * document's `lines`), validated at the edge with the form.
   */
  bodyFields?(lang: Lang, mode: FormMode): yup.ObjectShape;
  /**
   * After a workflow step of a record (crud/workflow.ts transition), inside the step's transaction, with the
   * record as the step left it (e.g. webhook events of the step: domain/webhooks/events.ts).
   */
  afterStep?(call: CrudCall, action: string, record: Row): Promise<void>;
}
/** The resource's hand-written hooks (domain/resource-hooks.ts); none: {}. */
export const hooksOf = (b: Binding): ResourceHooks => resourceHooks[meta(b).name] ?? {};

/** Runs `fn` in one transaction with the call's db swapped for it. */
function inTransaction<T>(call: CrudCall, fn: (call: CrudCall) => Promise<T>): Promise<T> {
  return call.db.transaction((tx) => fn({ ...call, db: tx as unknown as Db }));
}

/** A read-only resource (manifest `readOnly`, e.g. the inventory ledger) refuses direct writes with its message. */
function refuseReadOnly(call: CrudCall) {
  const ro = meta(call.binding).readOnly;
  if (ro) throw new BizError(Code.BAD_REQUEST, ro[call.ctx.lang]);
}

/**
 * `body` with every field it leaves out (undefined) that has a manifest `default` set to that default: enum
 * keys become their values (warehouse type SELF_OPERATED -> 1), booleans, numbers and strings stay as they
 * are. Applied on add only, before validation, so a required field with a default may be omitted (spec 5);
 * an explicit null or '' is the caller's choice and is validated as such.
 */
export function withDefaults(spec: ResourceSpec, body: Row | undefined): Row {
  const out: Row = { ...(body ?? {}) };
  for (const f of spec.fields) {
    if (f.default === undefined || out[f.name] !== undefined) continue;
    out[f.name] = f.type === 'enum' ? enumValues[f.enum!].find((e) => e.key === f.default)?.value : f.default;
  }
  return out;
}

/** The form values of a validated add/edit body: its manifest form fields that are present. */
const formValues = (b: Binding, body: Row, mode: FormMode): Row =>
  Object.fromEntries(formFields(meta(b), mode).filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));

export async function add(call: CrudCall): Promise<Row> {
  const { binding: b, ctx } = call;
  refuseReadOnly(call);
  const values = formValues(b, call.body, 'add');
  checkWriteScope(call, values, true);
  await hashPasswords(meta(b).fields, values);
  const id = await inTransaction(call, async (c) => {
    await hooksOf(b).beforeWrite?.(c, values, null);
    const [{ id }] = await mapDbErrors(ctx.lang, meta(b), () => c.db.insert(b.table as PgTable).values(values as never).returning({ id: columnsOf(b).id }));
    await hooksOf(b).afterWrite?.(c, { ...values, id }, null);
    return id;
  });
  // the answer is read after COMMIT: the transaction holds its locks no longer than the write needs
  return findRow(call, id);
}

/** Updates `values` of the record `id` (in scope) with the resource's hooks, in one transaction. */
export async function updateRecord(call: CrudCall, id: unknown, values: Row): Promise<Row> {
  const { binding: b, ctx } = call;
  const done = await inTransaction(call, async (c) => {
    const existing = await findRow(c, id);
    await hooksOf(b).beforeWrite?.(c, values, existing);
    await mapDbErrors(ctx.lang, meta(b), () => c.db.update(b.table as PgTable).set({ ...values, updateDate: new Date() } as never).where(eq(columnsOf(b).id, existing.id as number)));
    await hooksOf(b).afterWrite?.(c, values, existing);
    return existing.id;
  });
  return findRow(call, done);
}

export async function edit(call: CrudCall): Promise<Row> {
  const { binding: b } = call;
  refuseReadOnly(call);
  const values = formValues(b, call.body, 'edit');
  checkWriteScope(call, values, false);
  await hashPasswords(meta(b).fields, values);
  return updateRecord(call, call.body.id, values);
}

export async function remove(call: CrudCall): Promise<null> {
  const { binding: b, ctx } = call;
  refuseReadOnly(call);
  return inTransaction(call, async (c) => {
    const existing = await findRow(c, call.body.id);
    await hooksOf(b).beforeRemove?.(c, existing);
    await mapDbErrors(ctx.lang, meta(b), () => c.db.delete(b.table as PgTable).where(eq(columnsOf(b).id, existing.id as number)));
    return null;
  });
}

/** lock (status -1) and unlock (status 1), spec 4. */
export const lock = (call: CrudCall) => updateRecord(call, call.body.id, { status: Status.LOCK });
export const unlock = (call: CrudCall) => updateRecord(call, call.body.id, { status: Status.ENABLE });

/** Runs a write; unique (23505) -> 409 naming the fields, foreign key (23503) -> 409 in use / 400 unknown ref. */
export async function mapDbErrors<T>(lang: Lang, m: ResourceSpec, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const pg = pgError(e);
    if (pg?.code === '23505') {
      const u = m.unique.find((fields) => pg.constraint === `${m.table}_${fields.map((n) => m.fields.find((f) => f.name === n)?.column ?? n).join('_')}_uq`);
      // the manifest labels of the unique fields ("Goods owner, SKU"); for a constraint the manifest does not
      // declare, the resource's label (its detail would name columns)
      const names = u ? u.map((n) => manifestLabel(n, m)?.[lang] ?? n).join(lang === 'zh' ? '、' : ', ') : m[lang];
      throw new BizError(Code.CONFLICT, text(lang, 'duplicate', { fields: names }));
    }
    if (pg?.code === '23503') {
      const ref = m.fields.find((f) => f.type === 'ref' && pg.detail?.includes(`(${f.column})`));
      if (ref) {
        const msg = text(lang, 'notFound', { what: `${ref[lang]} ${pg.detail?.match(/=\((\d+)\)/)?.[1] ?? ''}`.trim() });
        throw new BizError(Code.BAD_REQUEST, msg, { message: msg, field: ref.name, text: msg });
      }
      const table = pg.detail?.match(/table "([^"]+)"/)?.[1];
      const user = Object.values(bindings).find((b) => meta(b).table === table);
      throw new BizError(Code.CONFLICT, text(lang, 'inUse', { what: user ? meta(user)[lang] : table ?? '?' }));
    }
    throw e;
  }
}
