/**
 * The owner API's operations (issue 31; manifest `api:`; the OpenAPI document says the same): list, get, create,
 * upsert and cancel for any API resource, each calling the generic handlers and the domain functions /sapi calls
 * (crud/handlers.ts add, edit, keysetRows, findInScope; the outbound order's cancel) with the key's user context,
 * so the same rules, hooks, scope and ledger apply. Records are the generic records cut to the declared fields
 * (`project`), with the declared lines, includes and extras.
 */
import { bindings, type Binding } from '../../../generated/server/routes';
import { API_LIMIT, refNameField, type ApiPartSpec, type ApiResourceSpec, type FieldSpec } from '../../shared/resource-meta';
import * as crud from '../crud/handlers';
import { ident, Params } from '../crud/filters';
import { shapeOf } from '../crud/records-sql';
import { rawQuery } from '../db/raw';
import { BizError, pgError } from '../http/errors';
import { cancelOutbound } from '../domain/outbound/orders';
import { checkApiBody, consoleBody, listQuery, renamer } from './bodies';
import { settledHorizon } from './log-cursor';
import { ApiProblem } from './problem';
import type { ApiAnswer } from './idempotency';
import type { ApiPrincipal } from './principal';

type Row = Record<string, unknown>;
const bindingOf = (resource: string): Binding => bindings[resource as keyof typeof bindings];

/** Values computed by the handler for a resource's `extra` fields (manifest), by name. */
const EXTRAS: Record<string, (r: Row) => unknown> = {
  available: (r) => Number(r.qty ?? 0) - Number(r.lockQty ?? 0),
};

/** The cancel of each resource with the cancel operation: the domain function its /sapi call runs. */
const CANCELS: Partial<Record<string, (call: crud.CrudCall) => Promise<Row>>> = {
  outboundOrder: cancelOutbound,
};

/** Throws at start-up when the manifest declares an extra or a cancel this module does not compute. */
export function checkOperations(resources: ApiResourceSpec[]): void {
  for (const a of resources) {
    for (const x of a.extra) if (!EXTRAS[x.name]) throw new Error(`api.resources.${a.name}.extra.${x.name}: no computer in src/server/api/operations.ts`);
    if (a.operations.includes('cancel') && !CANCELS[a.resource]) throw new Error(`api.resources.${a.name}: no cancel in src/server/api/operations.ts`);
  }
}

/** A record's declared fields (and each ref field's name field) from a generic record. */
function fieldsOf(fields: FieldSpec[], names: string[], r: Row): Row {
  const out: Row = { id: r.id };
  for (const n of names) {
    const f = fields.find((x) => x.name === n)!;
    out[n] = r[n] ?? null;
    if (f.type === 'ref') out[refNameField(f)] = r[refNameField(f)] ?? null;
  }
  return out;
}

const partOf = (p: ApiPartSpec, r: Row) => fieldsOf(crud.meta(bindingOf(p.resource)).fields, p.fields, r);

/** The API record of generic record `r` (module doc); includes read with `call`. */
async function project(call: crud.CrudCall, a: ApiResourceSpec, r: Row): Promise<Row> {
  const out = fieldsOf(crud.meta(bindingOf(a.resource)).fields, a.fields, r);
  for (const x of a.extra) out[x.name] = EXTRAS[x.name](r);
  if (a.lines) out.lines = ((r.lines as Row[] | undefined) ?? []).map((l) => partOf(a.lines!, l));
  for (const [k, p] of Object.entries(a.includes)) {
    const rows = await crud.listRows({ ...call, binding: bindingOf(p.resource), body: { orderId: r.id } });
    out[k] = rows.sort((x, y) => Number(x.id) - Number(y.id)).map((x) => partOf(p, x));
  }
  return out;
}

/** A list's cursor: base64url of `{"after": id}` (opaque to callers). */
export const encodeCursor = (after: number): string => Buffer.from(JSON.stringify({ after })).toString('base64url');
function decodeCursor(v: unknown): number {
  if (v === undefined || v === '') return 0;
  try {
    const after = (JSON.parse(Buffer.from(String(v), 'base64url').toString('utf8')) as { after?: unknown }).after;
    if (typeof after === 'number' && Number.isInteger(after) && after >= 0) return after;
  } catch { /* a 400 below */ }
  throw new ApiProblem('bad-request', 'cursor: pass the next_cursor of a previous page', [{ field: 'cursor', pointer: '', message: 'cursor: pass the next_cursor of a previous page' }]);
}
function parseLimit(v: unknown): number {
  if (v === undefined || v === '') return API_LIMIT.default;
  const n = typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : NaN;
  if (n >= 1 && n <= API_LIMIT.max) return n;
  const message = `limit: a whole number from 1 to ${API_LIMIT.max}`;
  throw new ApiProblem('bad-request', message, [{ field: 'limit', pointer: '', message }]);
}

/** What an operation gets: the call (key user context, database or the POST's transaction), the resource, the request. */
export interface OpArgs { call: crud.CrudCall; a: ApiResourceSpec; principal: ApiPrincipal; params: Row; query: Row; body: unknown }

/** list: a cursor page ascending by id; a log: only settled ids, next_cursor always set. */
async function list({ call, a, query }: OpArgs): Promise<ApiAnswer> {
  const limit = parseLimit(query.limit);
  const after = decodeCursor(query.cursor);
  const q = await listQuery(call, a, query);
  if (!q) return { status: 200, body: { data: [], next_cursor: a.log ? encodeCursor(after) : null } };
  const c = { ...call, binding: bindingOf(a.resource), body: q };
  const upTo = a.log ? await settledHorizon(call.db, c.binding.table) : undefined;
  const rows = await crud.keysetRows(c, after, limit + 1, upTo);
  const page = rows.slice(0, limit);
  const data = await Promise.all(page.map((r) => project(c, a, r)));
  const last = page.length ? Number(page[page.length - 1].id) : after;
  const next = a.log ? encodeCursor(last) : rows.length > limit ? encodeCursor(last) : null;
  return { status: 200, body: { data, next_cursor: next } };
}

/** The record `ref` names (its id, or its number): in the key's scope, else 404. */
async function findByRef(call: crud.CrudCall, a: ApiResourceSpec, ref: unknown): Promise<Row> {
  const b = bindingOf(a.resource);
  const c = { ...call, binding: b };
  const s = String(ref ?? '');
  if (/^[1-9]\d{0,9}$/.test(s) && Number(s) <= 2147483647) {
    try { return await crud.findInScope(c, b, Number(s)); } catch (e) { if (!(e instanceof BizError) || !a.number) throw e; }
  }
  if (a.number) {
    const { columnOf, table } = shapeOf(b);
    const p = new Params();
    const where = [`t.${ident(columnOf[a.number])} = ${p.add(s)}`, ...crud.scopeSql(b, call.user, p)];
    const [row] = await rawQuery(call.db, `select t."id" from ${ident(table)} t where ${where.join(' and ')} limit 1`, p.values);
    if (row) return crud.findInScope(c, b, Number(row.id));
  }
  throw new ApiProblem('not-found', `${crud.meta(b)[call.ctx.lang]} ${s} does not exist`);
}

async function get({ call, a, params }: OpArgs): Promise<ApiAnswer> {
  return { status: 200, body: await project(call, a, await findByRef(call, a, params.ref)) };
}

/** create: the console's add with the translated body (owner = the key's). */
async function create({ call, a, principal, body }: OpArgs): Promise<ApiAnswer> {
  const b = bindingOf(a.resource);
  const c = { ...call, binding: b };
  const ownerField = crud.meta(b).scope.owner;
  const raw = await consoleBody(c, a, body, ownerField ? { [ownerField]: principal.ownerId } : {});
  const checked = await checkApiBody(crud.crudBody(b, 'add'), raw, call.ctx.lang, renamer(a));
  const record = await crud.add({ ...c, body: checked as Row });
  return { status: 201, body: await project(c, a, record) };
}

/** upsert: edit the record whose key field is `params[key]` (in scope), else add it with that key. */
async function upsert(args: OpArgs, retried = false): Promise<ApiAnswer> {
  const { call, a, principal, params, body } = args;
  const b = bindingOf(a.resource);
  const c = { ...call, binding: b };
  const key = String(params[a.key!] ?? '');
  const { columnOf, table } = shapeOf(b);
  const p = new Params();
  const where = [`t.${ident(columnOf[a.key!])} = ${p.add(key)}`, ...crud.scopeSql(b, call.user, p)];
  const [found] = await rawQuery(call.db, `select t."id" from ${ident(table)} t where ${where.join(' and ')} limit 1`, p.values);
  const ownerField = crud.meta(b).scope.owner;
  try {
    if (found) {
      const raw = await consoleBody(c, a, body, { id: Number(found.id) });
      const checked = await checkApiBody(crud.crudBody(b, 'edit'), raw, call.ctx.lang, renamer(a));
      return { status: 200, body: await project(c, a, await crud.edit({ ...c, body: checked as Row })) };
    }
    const raw = await consoleBody(c, a, body, { [a.key!]: key, ...(ownerField ? { [ownerField]: principal.ownerId } : {}) });
    const checked = await checkApiBody(crud.crudBody(b, 'add'), raw, call.ctx.lang, renamer(a));
    return { status: 201, body: await project(c, a, await crud.add({ ...c, body: checked as Row })) };
  } catch (e) {
    // two PUTs of one new key at once: the second one's insert meets the first one's row; it edits it instead
    if (!found && !retried && e instanceof BizError && e.code === 409 && pgError(e) === undefined) return upsert(args, true);
    throw e;
  }
}

/** cancel: the workflow's cancel (the same domain function as /sapi/.../cancel). */
async function cancel({ call, a, params }: OpArgs): Promise<ApiAnswer> {
  const b = bindingOf(a.resource);
  const c = { ...call, binding: b };
  const record = await findByRef(call, a, params.ref);
  const done = await CANCELS[a.resource]!({ ...c, body: { id: record.id } });
  return { status: 200, body: await project(c, a, done) };
}

export const operations = { list, get, create, upsert: (args: OpArgs) => upsert(args), cancel };
