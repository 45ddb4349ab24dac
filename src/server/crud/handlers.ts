/**
 * The one generic handler set (DESIGN "crud/"): page, list, detail, add, edit, remove, lock, unlock for any
 * manifest resource, driven by its binding (Drizzle table + metadata + schema factories). Every call is cut
 * to the caller's data scope; writes are validated before they touch the database; unique and reference
 * violations come back as 409/400 with the fields named.
 *
 * Records: the table's columns by API name (passwords and secrets never), plus `<ref>Name` for every ref field
 * (e.g. companyId -> companyName, spec 3). Dates are ISO instants.
 *
 * Bodies: each call's body rule is {@link crudBody}; sapiRoute checks it at the edge (http/body.ts), so the
 * handlers here take `call.body` as validated. A caller inside the server (the order import) checks its body
 * with the same rule first (checkBody).
 */
import { and, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import * as yup from 'yup';
import { bindings, type Binding } from '../../../generated/server/routes';
import { enumValues, Status } from '../../../generated/shared/enums';
import { Code, type Page } from '../../shared/envelope';
import { refNameField, type FieldSpec, type ResourceSpec } from '../../shared/resource-meta';
import { INT4_MAX, requestLabels, rules, ruleTexts, type FormMode, type Lang } from '../../shared/validation';
import type { Db } from '../db/connect';
import { hashPassword } from '../domain/passwords';
import { resourceHooks } from '../domain/resource-hooks';
import { secrets } from '../domain/secret-fields';
import { ID_BODY, manifestLabel, NO_FIELDS, validate, type BodyRule } from '../http/body';
import type { RequestContext, UserContext } from '../http/context';
import { BizError, fieldError, notFound, pgError, text } from '../http/errors';
import { requireInScope, scopeConditions, type ScopeKind } from '../http/guard';
import { filterConditions, isNarrowed, orderBy } from './filters';

export interface CrudCall { db: Db; ctx: RequestContext; user: UserContext; binding: Binding; body: Record<string, unknown> }
type Row = Record<string, unknown>;
type Columns = Record<string, PgColumn>;

const LIST_LIMIT = 1000;
export const meta = (b: Binding) => b.meta as ResourceSpec;
// request validation lives with the edge (http/body.ts); re-exported for the domain modules
export { manifestLabel, validate };
const columnsOf = (b: Binding) => getTableColumns(b.table as PgTable) as unknown as Columns;

function scopeColumns(b: Binding): Partial<Record<ScopeKind, PgColumn>> {
  const cols = columnsOf(b);
  return Object.fromEntries(Object.entries(meta(b).scope).map(([k, f]) => [k, cols[f as string]]));
}

/** SELECT of the record shape: own columns (no passwords, no secrets) + left-joined names of referenced records. */
function selectRecords(db: Db, b: Binding) {
  const cols = { ...columnsOf(b) };
  for (const f of meta(b).fields) if (f.type === 'password' || f.type === 'secret') delete cols[f.name];
  const refs = meta(b).fields.filter((f) => f.type === 'ref').map((f) => {
    const target = bindings[f.resource as keyof typeof bindings];
    const a = alias(target.table as PgTable, `${f.name}_ref`);
    return { f, a: a as unknown as Columns & PgTable, represent: meta(target).represent };
  });
  const selection: Record<string, PgColumn> = { ...cols };
  for (const r of refs) selection[refNameField(r.f)] = r.a[r.represent] as PgColumn;
  let q = db.select(selection).from(b.table as PgTable).$dynamic();
  for (const r of refs) q = q.leftJoin(r.a, eq(r.a.id as PgColumn, cols[r.f.name]));
  return q;
}

/**
 * The conditions that cut `b`'s rows to what `user` may read and act on: the data scope plus, for a resource
 * with listCodes, the enum values whose codes the user holds.
 */
export function readScope(b: Binding, user: UserContext): SQL[] {
  const out = scopeConditions(user, scopeColumns(b));
  const lc = meta(b).listCodes;
  if (lc && !user.isAdmin) {
    const field = meta(b).fields.find((f) => f.name === lc.field)!;
    const values = enumValues[field.enum!].map((e) => e.value).filter((v) => user.codes.has(lc.codes[v] ?? meta(b).permissions.list!));
    out.push(values.length ? inArray(columnsOf(b)[lc.field], values) : sql`false`);
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


async function findScoped(call: CrudCall, id: unknown): Promise<Row> {
  const { db, binding: b, user, ctx } = call;
  const cols = columnsOf(b);
  const [row] = await selectRecords(db, b).where(and(eq(cols.id, recordId(id, ctx.lang)), ...readScope(b, user))).limit(1);
  if (!row) throw notFound(ctx.lang, `${meta(b)[ctx.lang]} #${id}`);
  await hooksOf(b).decorate?.(call, [row]);
  return row;
}

/** The WHERE of a validated page/list query (`call.body`): manifest filters, the filterConditions hook, scope. */
async function queryConditions(call: CrudCall): Promise<{ q: Row; where: SQL | undefined }> {
  const { binding: b, ctx, user, body: q } = call;
  const extra = (await hooksOf(b).filterConditions?.(call, q)) ?? [];
  const where = and(...filterConditions(meta(b), columnsOf(b), q, ctx.tzHours), ...extra, ...readScope(b, user));
  return { q, where };
}

/**
 * The query `call.body` validated (the page rule of {@link crudBody}) and the WHERE that page/list would use
 * for it: for readers that walk all matching rows themselves from a stored query (the inventory export).
 * A bad query is a 400 like in page.
 */
export async function queryWhere(call: CrudCall): Promise<{ q: Row; where: SQL | undefined }> {
  const { binding: b, ctx } = call;
  const q = await validate<Row>(b.schemas.query(ctx.lang), call.body, ctx.lang, meta(b));
  return queryConditions({ ...call, body: q });
}

export async function page(call: CrudCall): Promise<Page<Row>> {
  const { db, binding: b } = call;
  const { q, where } = await queryConditions(call);
  const current = (q.current as number | undefined) ?? 1;
  const size = (q.size as number | undefined) ?? 10;
  const cols = columnsOf(b);
  const [records, [{ total }]] = await Promise.all([
    selectRecords(db, b).where(where).orderBy(...orderBy(meta(b), cols, q.sortProp as string, q.sortOrder as string, isNarrowed(meta(b), q))).limit(size).offset((current - 1) * size),
    db.select({ total: count() }).from(b.table as PgTable).where(where),
  ]);
  await hooksOf(b).decorate?.(call, records);
  return { records, current, total: Number(total) };
}

/** The number of records page would count for the same query (SKU count call, spec 7.2). */
export async function countRecords(call: CrudCall): Promise<number> {
  const { where } = await queryConditions(call);
  const [{ total }] = await call.db.select({ total: count() }).from(call.binding.table as PgTable).where(where);
  return Number(total);
}

/** One record of another resource, cut to the caller's scope (404 otherwise): for hooks that check a parent. */
export function findInScope(call: CrudCall, binding: Binding, id: unknown): Promise<Row> {
  return findScoped({ ...call, binding }, id);
}

/** The first `limit` records of the query in its sort order, decorated (no count). */
async function firstRecords(call: CrudCall, limit: number): Promise<Row[]> {
  const { db, binding: b } = call;
  const { q, where } = await queryConditions(call);
  const rows = await selectRecords(db, b).where(where).orderBy(...orderBy(meta(b), columnsOf(b), q.sortProp as string, q.sortOrder as string, isNarrowed(meta(b), q))).limit(limit);
  await hooksOf(b).decorate?.(call, rows);
  return rows;
}

export const list = (call: CrudCall): Promise<Row[]> => firstRecords(call, LIST_LIMIT);

/** The first record of the query, or null (e.g. /sapi/wms/sku-inventory/queryOne, spec 7.2). */
export const queryOne = async (call: CrudCall): Promise<Row | null> => (await firstRecords(call, 1))[0] ?? null;

export const detail = (call: CrudCall) => findScoped(call, call.body.id);

/** Scope rules for written values: a scoped ref must be in scope; scope on id means only 'all' users add. */
function checkWriteScope(call: CrudCall, values: Row, adding: boolean) {
  for (const [kind, field] of Object.entries(meta(call.binding).scope) as Array<[ScopeKind, string]>) {
    if (field === 'id') { if (adding) requireInScope(call.ctx, call.user, kind, meta(call.binding), -1); continue; }
    if (values[field] !== undefined) requireInScope(call.ctx, call.user, kind, { ...manifestLabel(field, meta(call.binding))!, field }, values[field]);
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
  /** Extra conditions for page/list from the resource's queryParams (manifest) or rules the manifest cannot state. */
  filterConditions?(call: CrudCall, query: Row): Promise<SQL[]> | SQL[];
  /** Adds derived fields to records about to be returned (one query per page, not per row). */
  decorate?(call: CrudCall, rows: Row[]): Promise<void>;
  beforeWrite?(call: CrudCall, values: Row, existing: Row | null): Promise<void>;
  afterWrite?(call: CrudCall, values: Row, existing: Row | null): Promise<void>;
  beforeRemove?(call: CrudCall, existing: Row): Promise<void>;
  /**
   * Body fields of add/edit besides the manifest form that the hooks read from `call.body` (e.g. a
   * document's `lines`), validated at the edge with the form.
   */
  bodyFields?(lang: Lang, mode: FormMode): yup.ObjectShape;
}
const hooksOf = (b: Binding): ResourceHooks => resourceHooks[meta(b).name] ?? {};

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
  return findScoped(call, id);
}

/** Updates `values` of the record `id` (in scope) with the resource's hooks, in one transaction. */
export async function updateRecord(call: CrudCall, id: unknown, values: Row): Promise<Row> {
  const { binding: b, ctx } = call;
  const done = await inTransaction(call, async (c) => {
    const existing = await findScoped(c, id);
    await hooksOf(b).beforeWrite?.(c, values, existing);
    await mapDbErrors(ctx.lang, meta(b), () => c.db.update(b.table as PgTable).set({ ...values, updateDate: new Date() } as never).where(eq(columnsOf(b).id, existing.id as number)));
    await hooksOf(b).afterWrite?.(c, values, existing);
    return existing.id;
  });
  return findScoped(call, done);
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
    const existing = await findScoped(c, call.body.id);
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
