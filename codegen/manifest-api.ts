/**
 * The manifest's `api:` section (issue 31): the owner API under /api/v1, declared once and read by the
 * generator (the OpenAPI document, generated/api/openapi.json, and the route table, generated/server/api-routes.ts)
 * and by the server's handlers (src/server/api/). Syntax:
 *
 *   api:
 *     scopes:                          # every key of enum ApiScope -> the permission codes it grants a key
 *       ORDERS_WRITE: [outbound:edit]
 *     resources:
 *       outboundOrders:                # the resource's name in the API (operation ids, schema names)
 *         en: Outbound orders          # zh too: the OpenAPI tag and its description
 *         resource: outboundOrder      # the manifest resource shown
 *         path: /outbound-orders       # under /api/v1
 *         read: ORDERS_READ            # ApiScope keys; no `read`: every key may read
 *         write: ORDERS_WRITE
 *         number: orderNo              # get / cancel take the id or this number
 *         key: sku                     # upsert's path key (PUT /skus/{sku})
 *         fields: [orderNo, status]    # record fields (a ref field brings its name field, e.g. warehouseName)
 *         input: [warehouseId, type]   # body fields: form fields, or a ref's name field (`category`, `sku`),
 *                                      # which takes the referenced record's represent instead of the id
 *         filters: { status: status, sku: sku }   # list query parameters -> field or ref name field
 *         lines: { resource: outboundOrderLine, fields: [skuId, qty], input: [sku, qty] }
 *         includes: { packages: { resource: outboundPackage, fields: [packageNo] } }
 *         extra: { available: { type: int, en: Available, zh: 可用, min: 0 } }  # computed by the handler
 *         operations: [list, get, create, cancel]        # of API_OPERATIONS
 *         log: true                    # list reads the log since a cursor (ascending, settled ids only)
 */
import { API_OPERATIONS, refNameField, type ApiName, type ApiPartSpec, type ApiResourceSpec, type ApiSpec, type FieldSpec, type Model, type ResourceSpec } from '../src/shared/resource-meta';

type Obj = Record<string, unknown>;
type Path = (string | number)[];
type Fail = (path: Path, msg: string) => void;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const unknownKeys = (o: Obj, allowed: string[], p: Path, fail: Fail) => {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) fail([...p, k], `unknown key '${k}' (allowed: ${allowed.join(', ')})`);
};
const names = (v: unknown, p: Path, fail: Fail): string[] => {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) { fail(p, 'must be a list of names'); return []; }
  return v as string[];
};
const text = (o: Obj, k: string, p: Path, fail: Fail, required = true): string | undefined => {
  const v = o[k];
  if (v === undefined) { if (required) fail(p, `missing '${k}'`); return undefined; }
  if (typeof v !== 'string' || !v.trim()) { fail([...p, k], 'must be a non-empty text'); return undefined; }
  return v;
};

/** The fields an API record may show: every stored or computed field but passwords and secrets. */
const readable = (f: FieldSpec) => f.type !== 'password' && f.type !== 'secret';

/** Resolves a body or filter name of `r` (module doc): a field, or the name field of one of its ref fields. */
function apiName(r: ResourceSpec, name: string, p: Path, fail: Fail, formOnly: boolean): ApiName | undefined {
  const direct = r.fields.find((f) => f.name === name);
  if (direct) {
    if (formOnly && (!direct.form || direct.system)) fail(p, `'${name}' is not a form field of ${r.name}: the API writes what the console's form writes`);
    return { name, field: name, byRepresent: false };
  }
  const ref = r.fields.find((f) => f.type === 'ref' && refNameField(f) === name);
  if (ref) {
    if (formOnly && !ref.form) fail(p, `'${ref.name}' is not a form field of ${r.name}`);
    return { name, field: ref.name, byRepresent: true };
  }
  fail(p, `'${name}' is neither a field of ${r.name} nor the name field of one of its ref fields`);
  return undefined;
}

function fieldList(r: ResourceSpec, v: unknown, p: Path, fail: Fail): string[] {
  const out = names(v, p, fail);
  out.forEach((n, i) => {
    const f = r.fields.find((x) => x.name === n);
    if (!f) fail([...p, i], `'${n}' is not a field of ${r.name}`);
    else if (!readable(f)) fail([...p, i], `'${n}' is write-only`);
  });
  return out;
}

function part(raw: unknown, p: Path, model: Model, fail: Fail, withInput: boolean): ApiPartSpec | undefined {
  if (!isObj(raw)) { fail(p, 'must be { resource, fields, input? }'); return undefined; }
  unknownKeys(raw, withInput ? ['resource', 'fields', 'input'] : ['resource', 'fields'], p, fail);
  const name = text(raw, 'resource', p, fail) ?? '';
  const r = model.resources.find((x) => x.name === name);
  if (!r) { fail([...p, 'resource'], `'${name}' is not a declared resource`); return undefined; }
  const input = names(raw.input, [...p, 'input'], fail).map((n, i) => apiName(r, n, [...p, 'input', i], fail, false)).filter((x): x is ApiName => !!x);
  return { resource: name, fields: fieldList(r, raw.fields, [...p, 'fields'], fail), input };
}

/** Parses `api:` (module doc) against the parsed enums, codes and resources of `model`. */
export function parseApi(raw: unknown, p: Path, model: Model, fail: Fail): ApiSpec {
  const out: ApiSpec = { scopes: {}, resources: [] };
  if (!isObj(raw)) { fail(p, 'must be { scopes, resources }'); return out; }
  unknownKeys(raw, ['scopes', 'resources'], p, fail);
  const scopeEnum = model.enums.find((e) => e.name === 'ApiScope');
  if (!scopeEnum) { fail(p, 'declare enum ApiScope: its keys are the scopes of API keys'); return out; }
  const keys = scopeEnum.values.map((v) => v.key);
  const known = new Set([...model.codes.map((c) => c.code), ...model.resources.flatMap((r) => [...Object.values(r.permissions), ...(r.menu?.code ? [r.menu.code] : []), ...(r.workflow?.actions.map((a) => a.code) ?? [])])]);
  const scopes = isObj(raw.scopes) ? raw.scopes : (fail([...p, 'scopes'], 'must map every ApiScope key to permission codes'), {});
  for (const k of keys) if (!(k in scopes)) fail([...p, 'scopes'], `missing ApiScope key ${k}`);
  for (const [k, codes] of Object.entries(scopes)) {
    if (!keys.includes(k)) { fail([...p, 'scopes', k], `'${k}' is not a key of ApiScope (${keys.join(', ')})`); continue; }
    const list = names(codes, [...p, 'scopes', k], fail);
    list.forEach((c, i) => { if (!known.has(c)) fail([...p, 'scopes', k, i], `'${c}' is not a permission code of the manifest`); });
    out.scopes[k] = list;
  }
  const scopeKey = (o: Obj, k: string, rp: Path) => {
    const v = text(o, k, rp, fail, false);
    if (v !== undefined && !keys.includes(v)) fail([...rp, k], `'${v}' is not a key of ApiScope (${keys.join(', ')})`);
    return v;
  };
  const paths = new Set<string>();
  for (const [name, r] of Object.entries(isObj(raw.resources) ? raw.resources : {})) {
    const rp = [...p, 'resources', name];
    if (!/^[a-z][A-Za-z]+$/.test(name)) fail(rp, 'API resource names are camelCase');
    if (!isObj(r)) { fail(rp, 'must be a mapping'); continue; }
    unknownKeys(r, ['en', 'zh', 'resource', 'path', 'read', 'write', 'number', 'key', 'fields', 'input', 'filters', 'lines', 'includes', 'extra', 'operations', 'log'], rp, fail);
    const resName = text(r, 'resource', rp, fail) ?? '';
    const res = model.resources.find((x) => x.name === resName);
    if (!res) { fail([...rp, 'resource'], `'${resName}' is not a declared resource`); continue; }
    const path = text(r, 'path', rp, fail) ?? '/';
    if (!/^\/[a-z][a-z-]*$/.test(path)) fail([...rp, 'path'], 'a path like /outbound-orders (under /api/v1)');
    if (paths.has(path)) fail([...rp, 'path'], `path ${path} is used twice`);
    paths.add(path);
    const operations = names(r.operations, [...rp, 'operations'], fail).filter((o, i) => {
      if ((API_OPERATIONS as readonly string[]).includes(o)) return true;
      fail([...rp, 'operations', i], `'${o}' is not an API operation (${API_OPERATIONS.join(', ')})`);
      return false;
    }) as ApiResourceSpec['operations'];
    if (!operations.length) fail([...rp, 'operations'], 'declare at least one operation');
    const spec: ApiResourceSpec = {
      name, path, resource: resName, en: text(r, 'en', rp, fail) ?? name, zh: text(r, 'zh', rp, fail) ?? name,
      read: scopeKey(r, 'read', rp), write: scopeKey(r, 'write', rp),
      fields: fieldList(res, r.fields, [...rp, 'fields'], fail),
      input: names(r.input, [...rp, 'input'], fail).map((n, i) => apiName(res, n, [...rp, 'input', i], fail, true)).filter((x): x is ApiName => !!x),
      filters: {}, includes: {}, extra: [], operations,
    };
    if (isObj(r.filters)) {
      for (const [q, n] of Object.entries(r.filters)) {
        if (!/^[a-z][A-Za-z]*$/.test(q) || q === 'limit' || q === 'cursor') fail([...rp, 'filters', q], 'a camelCase parameter other than limit and cursor');
        const a = typeof n === 'string' ? apiName(res, n, [...rp, 'filters', q], fail, false) : (fail([...rp, 'filters', q], 'must name a field or ref name field'), undefined);
        if (a) spec.filters[q] = a;
      }
    } else if (r.filters !== undefined) fail([...rp, 'filters'], 'must map query parameters to fields');
    for (const k of ['number', 'key'] as const) {
      const v = text(r, k, rp, fail, false);
      if (v === undefined) continue;
      const f = res.fields.find((x) => x.name === v);
      if (!f || f.type !== 'string') fail([...rp, k], `'${v}' is not a string field of ${resName}`);
      spec[k] = v;
    }
    if (r.lines !== undefined) spec.lines = part(r.lines, [...rp, 'lines'], model, fail, true);
    if (isObj(r.includes)) {
      for (const [k, v] of Object.entries(r.includes)) {
        const x = part(v, [...rp, 'includes', k], model, fail, false);
        if (x) spec.includes[k] = x;
      }
    } else if (r.includes !== undefined) fail([...rp, 'includes'], 'must map names to { resource, fields }');
    if (isObj(r.extra)) {
      for (const [k, v] of Object.entries(r.extra)) {
        const ep = [...rp, 'extra', k];
        if (!isObj(v)) { fail(ep, 'must be { type, en, zh, min?, example? }'); continue; }
        unknownKeys(v, ['type', 'en', 'zh', 'min', 'example'], ep, fail);
        if (v.type !== 'int' && v.type !== 'string') fail([...ep, 'type'], 'int or string');
        if (res.fields.some((f) => f.name === k)) fail(ep, `'${k}' is a field of ${resName} already`);
        spec.extra.push({ name: k, type: v.type === 'string' ? 'string' : 'int', en: text(v, 'en', ep, fail) ?? k, zh: text(v, 'zh', ep, fail) ?? k, ...(typeof v.min === 'number' ? { min: v.min } : {}), ...(v.example !== undefined ? { example: v.example } : {}) });
      }
    }
    if (r.log !== undefined) {
      if (r.log !== true) fail([...rp, 'log'], 'true or left out');
      else if (operations.join() !== 'list') fail([...rp, 'log'], 'a log offers list only');
      else spec.log = true;
    }
    const has = (o: string) => operations.includes(o as never);
    if ((has('create') || has('upsert') || has('cancel')) && !spec.write) fail(rp, `missing 'write': the scope of create, upsert and cancel`);
    if ((has('create') || has('upsert')) && !spec.input.length) fail([...rp, 'input'], 'create and upsert need the body fields');
    if (has('upsert') && !spec.key) fail(rp, `missing 'key': the field upsert is keyed by`);
    if (has('cancel') && !res.workflow?.actions.some((a) => a.name === 'cancel')) fail([...rp, 'operations'], `${resName} has no cancel action in its workflow`);
    if (spec.lines && !has('create') && !has('get')) fail([...rp, 'lines'], 'lines are read by get and written by create');
    out.resources.push(spec);
  }
  return out;
}
