/**
 * The owner API from the manifest's `api:` section (issue 31; codegen/manifest-api.ts):
 * - generated/api/openapi.json: the OpenAPI 3.1 document served at /api/v1/openapi.json: every path and operation,
 *   record and body schemas from the manifest fields (types, enums with their keys and labels, required, lengths,
 *   ranges, patterns, examples), cursor pages, RFC 9457 problem details, the bearer key, `Idempotency-Key`;
 * - generated/server/api-routes.ts: the route table the server registers (method, URL, operation, scope) and the
 *   API resources and scopes as the handlers read them (src/server/api/).
 * One declaration, two outputs: a route cannot exist without its description, nor a description without its route.
 */
import { API_LIMIT, refNameField, scopeWireName, type ApiName, type ApiOperation, type ApiPartSpec, type ApiResourceSpec, type FieldSpec, type Model, type ResourceSpec } from '../src/shared/resource-meta';
import { INT4_MAX, patternRegex } from '../src/shared/validation';
import openapiTS, { astToString } from 'openapi-typescript';
import { finish, HEADER, lit, newFile, pascal, type Output } from './source';

type Schema = Record<string, unknown>;
const INT4_MIN = -INT4_MAX - 1;
/** The API's version (info.version); bump with a change an integrator must know about. */
export const API_VERSION = '1.0.0';


const resourceOf = (model: Model, name: string): ResourceSpec => model.resources.find((r) => r.name === name)!;
const fieldOf = (r: ResourceSpec, name: string): FieldSpec => r.fields.find((f) => f.name === name)!;
const describe = (f: { en: string; zh: string }, more: string[] = []) => [`${f.en} (${f.zh})`, ...more].join('. ');

/** A field's value as JSON Schema; `nullable`: null is a value too (an optional field). */
function fieldSchema(model: Model, f: FieldSpec, nullable: boolean): Schema {
  const notes: string[] = [];
  let s: Schema;
  switch (f.type) {
    case 'string': case 'text': case 'password': case 'secret': {
      s = { type: 'string', maxLength: f.maxLength ?? (f.type === 'text' ? 10000 : undefined), minLength: f.minLength };
      if (f.pattern === 'email') s.format = 'email';
      else if (f.pattern && patternRegex(f.pattern)) s.pattern = patternRegex(f.pattern)!.source;
      break;
    }
    case 'int': s = { type: 'integer', minimum: f.min ?? INT4_MIN, maximum: f.max ?? INT4_MAX }; break;
    case 'number': {
      const decimals = f.decimals ?? 3;
      const widest = 10 ** (14 - decimals) - 1;
      s = { type: 'number', minimum: f.min ?? -widest, maximum: f.max ?? widest };
      notes.push(`at most ${decimals} decimals`);
      break;
    }
    case 'money':
      s = { type: 'integer', minimum: f.min ?? -Number.MAX_SAFE_INTEGER, maximum: f.max ?? Number.MAX_SAFE_INTEGER };
      notes.push(`in cents (12550 = 125.50)${f.currency ? `, currency in ${f.currency}` : ''}`);
      break;
    case 'boolean': s = { type: 'boolean' }; break;
    case 'enum': {
      const e = model.enums.find((x) => x.name === f.enum)!;
      s = { type: 'integer', enum: e.values.map((v) => v.value), 'x-enum-varnames': e.values.map((v) => v.key), 'x-enum-descriptions': e.values.map((v) => `${v.en} (${v.zh})`) };
      notes.push(e.values.map((v) => `${v.value} = ${v.key}`).join(', '));
      break;
    }
    case 'ref': s = { type: 'integer', minimum: 1, maximum: INT4_MAX }; notes.push(`id of a ${resourceOf(model, f.resource!).one?.en ?? f.resource}`); break;
    case 'refs': s = { type: 'array', items: { type: 'integer', minimum: f.allowAll ? -1 : 1 } }; break;
    case 'strings': s = { type: 'array', items: { type: 'string', ...(f.enum ? { enum: model.enums.find((x) => x.name === f.enum)!.values.map((v) => v.key) } : {}) } }; break;
    case 'datetime': s = { type: 'string', format: 'date-time' }; notes.push('ISO 8601; without a zone: the server\'s time zone'); break;
    case 'date': s = { type: 'string', format: 'date' }; notes.push('a calendar day, YYYY-MM-DD'); break;
  }
  if (nullable) {
    s.type = [s.type as string, 'null'];
    if (Array.isArray(s.enum)) s.enum = [...s.enum, null];
  }
  if (f.example !== undefined) s.examples = [f.example];
  return clean({ ...s, description: describe(f, notes) });
}

/** Drops undefined values (JSON has none). */
const clean = (o: Schema): Schema => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** Whether a record field may be null (what generated/shared/types.ts says too). */
const mayBeNull = (f: FieldSpec) => !(f.required || f.default !== undefined || f.system || f.computed || f.type === 'refs' || f.type === 'strings');

/** The schema of a body or filter name: the field's, or for a ref given by its represent the represented field's. */
function nameSchema(model: Model, r: ResourceSpec, n: ApiName, nullable: boolean): Schema {
  const f = fieldOf(r, n.field);
  if (!n.byRepresent) return fieldSchema(model, f, nullable);
  const target = resourceOf(model, f.resource!);
  const rep = fieldOf(target, target.represent);
  return { ...fieldSchema(model, { ...rep, en: f.en, zh: f.zh, example: rep.example }, nullable), description: describe(f, [`the ${target.one?.en ?? target.name}'s ${rep.en} (${target.represent}), not its id`]) };
}

/** Properties of a record: id, the fields, each ref field's name field. */
function recordProperties(model: Model, r: ResourceSpec, fields: string[]): Record<string, Schema> {
  const props: Record<string, Schema> = { id: { type: 'integer', minimum: 1, description: 'id' } };
  for (const n of fields) {
    const f = fieldOf(r, n);
    props[n] = fieldSchema(model, f, mayBeNull(f));
    if (f.type === 'ref') {
      const target = resourceOf(model, f.resource!);
      props[refNameField(f)] = { type: ['string', 'null'], description: `${target.one?.en ?? target.name}: its ${fieldOf(target, target.represent)?.en ?? target.represent}` };
    }
  }
  return props;
}

const object = (properties: Record<string, Schema>, required: string[], description?: string): Schema =>
  clean({ type: 'object', description, properties, required, additionalProperties: false });
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** The schema names of one API resource. */
export function schemaNames(a: ApiResourceSpec) {
  const base = pascal(a.resource);
  return { record: base, page: `${base}Page`, create: `${base}Create`, upsert: `${base}Upsert`, line: `${base}Line`, lineInput: `${base}LineInput`, include: (k: string) => `${base}${pascal(k)}` };
}

/** A body schema of `names` of resource `r` (create / upsert / line input); required = required without a default. */
function bodySchema(model: Model, r: ResourceSpec, names: ApiName[], extra: Record<string, Schema> = {}, extraRequired: string[] = [], skip: string[] = []): Schema {
  const props: Record<string, Schema> = {};
  const required: string[] = [];
  for (const n of names) {
    if (skip.includes(n.name)) continue;
    const f = fieldOf(r, n.field);
    const need = f.required && f.default === undefined;
    props[n.name] = nameSchema(model, r, n, !need);
    if (need) required.push(n.name);
  }
  return object({ ...props, ...extra }, [...required, ...extraRequired]);
}

function partRecord(model: Model, p: ApiPartSpec): Schema {
  const r = resourceOf(model, p.resource);
  const props = recordProperties(model, r, p.fields);
  return object(props, Object.keys(props), r.en);
}

/** components.schemas of every API resource. */
function schemas(model: Model): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const a of model.api.resources) {
    const r = resourceOf(model, a.resource);
    const n = schemaNames(a);
    const props = recordProperties(model, r, a.fields);
    for (const x of a.extra) props[x.name] = clean({ type: x.type === 'int' ? 'integer' : 'string', minimum: x.min, examples: x.example !== undefined ? [x.example] : undefined, description: describe(x) });
    if (a.lines) {
      out[n.line] = partRecord(model, a.lines);
      props.lines = { type: 'array', items: ref(n.line), description: 'the lines' };
      if (a.operations.includes('create')) {
        const lr = resourceOf(model, a.lines.resource);
        out[n.lineInput] = bodySchema(model, lr, a.lines.input);
      }
    }
    for (const [k, p] of Object.entries(a.includes)) {
      out[n.include(k)] = partRecord(model, p);
      props[k] = { type: 'array', items: ref(n.include(k)), description: resourceOf(model, p.resource).en };
    }
    out[n.record] = object(props, Object.keys(props), a.en);
    if (a.operations.includes('list')) {
      out[n.page] = object({
        data: { type: 'array', items: ref(n.record) },
        next_cursor: { type: ['string', 'null'], description: a.log ? 'pass as `cursor` to read what comes after: always set, poll with it for new entries' : 'pass as `cursor` for the next page; null on the last page' },
      }, ['data', 'next_cursor']);
    }
    if (a.operations.includes('create')) {
      const lines: Record<string, Schema> = a.lines ? { lines: { type: 'array', items: ref(n.lineInput), minItems: 1, maxItems: 500, description: 'the lines (1 to 500)' } } : {};
      out[n.create] = bodySchema(model, r, a.input, lines, a.lines ? ['lines'] : []);
    }
    if (a.operations.includes('upsert')) out[n.upsert] = bodySchema(model, r, a.input, {}, [], [a.key!]);
  }
  out.Problem = object({
    type: { type: 'string', format: 'uri-reference', description: 'what kind of problem (urn:wms:problem:<kind>; docs/owner-api.md)', examples: ['urn:wms:problem:validation'] },
    title: { type: 'string', description: 'short summary of the kind' },
    status: { type: 'integer', description: 'the HTTP status' },
    detail: { type: 'string', description: 'what went wrong this time, naming the field by its label' },
    instance: { type: 'string', description: 'the request path' },
    errors: {
      type: 'array',
      description: 'the fields at fault (validation problems)',
      items: object({
        field: { type: 'string', description: 'the field, e.g. receiverName or lines[1].qty (lines counted from 0)', examples: ['lines[1].qty'] },
        pointer: { type: 'string', description: 'the same as a JSON Pointer into the body', examples: ['/lines/1/qty'] },
        message: { type: 'string', description: 'the rule it broke, in the caller\'s language (Accept-Language: en or zh)' },
      }, ['field', 'message']),
    },
  }, ['type', 'title', 'status'], 'RFC 9457 problem details');
  return out;
}

const problem = (description: string): Schema => ({ description, content: { 'application/problem+json': { schema: ref('Problem') } } });
const PROBLEMS: Record<string, Schema> = {
  400: problem('The request is malformed (JSON, a query parameter, a missing Idempotency-Key)'),
  401: problem('No key, or the key is unknown, revoked or expired'),
  403: problem('The key lacks the scope, or the warehouse is not one of the key\'s'),
  404: problem('No such record of the key\'s goods owner'),
  409: problem('The record\'s state forbids it (e.g. cancelling a shipped order), or a duplicate'),
  422: problem('The body breaks a rule (errors names the fields), or an Idempotency-Key was used with another body'),
  429: { ...problem('Over the key\'s requests per minute'), headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'seconds until the next minute begins' } } },
};
const problems = (...codes: number[]) => Object.fromEntries(codes.map((c) => [String(c), { $ref: `#/components/responses/Problem${c}` }]));

/** The operation id of `op` on `a` (listOutboundOrders, getOutboundOrder, createOutboundOrder, upsertSku, cancelOutboundOrder). */
export const operationId = (a: ApiResourceSpec, op: ApiOperation) => (op === 'list' ? `list${pascal(a.name)}` : `${op}${pascal(a.resource)}`);

/** The routes of one API resource: [method, OpenAPI path, operation]. */
export function apiRoutesOf(a: ApiResourceSpec): Array<{ method: 'GET' | 'POST' | 'PUT'; path: string; operation: ApiOperation }> {
  return a.operations.map((op) => {
    switch (op) {
      case 'list': return { method: 'GET' as const, path: a.path, operation: op };
      case 'get': return { method: 'GET' as const, path: `${a.path}/{ref}`, operation: op };
      case 'create': return { method: 'POST' as const, path: a.path, operation: op };
      case 'upsert': return { method: 'PUT' as const, path: `${a.path}/{${a.key}}`, operation: op };
      case 'cancel': return { method: 'POST' as const, path: `${a.path}/{ref}/cancel`, operation: op };
    }
  });
}

function operation(model: Model, a: ApiResourceSpec, op: ApiOperation): Schema {
  const r = resourceOf(model, a.resource);
  const n = schemaNames(a);
  const scope = op === 'list' || op === 'get' ? a.read : a.write;
  const common = { operationId: operationId(a, op), tags: [a.name], ...(scope ? { 'x-scope': scopeWireName(scope) } : {}) };
  const needs = scope ? ` Needs the scope \`${scopeWireName(scope)}\`.` : ' Every key may call it.';
  const refParam = { name: 'ref', in: 'path', required: true, schema: { type: 'string', maxLength: 50 }, description: a.number ? `the id, or the ${fieldOf(r, a.number).en} (${a.number})` : 'the id', examples: undefined };
  const record = { content: { 'application/json': { schema: ref(n.record) } } };
  switch (op) {
    case 'list': {
      const filters = Object.entries(a.filters).map(([q, name]) => ({ name: q, in: 'query', required: false, schema: nameSchema(model, r, name, false) }));
      return {
        ...common,
        summary: a.log ? `Read ${a.en.toLowerCase()}` : `List ${r.en}`,
        description: `${needs.trim()} ${a.log ? 'In the order they happened, once no earlier entry can still appear; next_cursor is always set: poll with it.' : 'Ascending by id; next_cursor is null on the last page.'}`,
        parameters: [{ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/Cursor' }, ...filters],
        responses: { 200: { description: 'a page', content: { 'application/json': { schema: ref(n.page) } } }, ...problems(400, 401, 403, 429) },
      };
    }
    case 'get':
      return { ...common, summary: `Read one ${r.one?.en ?? r.name}`, description: `${needs.trim()} Another goods owner's records answer 404.`, parameters: [clean(refParam)], responses: { 200: { description: 'the record', ...record }, ...problems(401, 403, 404, 429) } };
    case 'create':
      return {
        ...common,
        summary: `Create a ${r.one?.en ?? r.name}`,
        description: `${needs.trim()} A retry with the same Idempotency-Key and body answers the first answer again and makes nothing.`,
        parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
        requestBody: { required: true, content: { 'application/json': { schema: ref(n.create) } } },
        responses: { 201: { description: 'created', ...record }, ...problems(400, 401, 403, 409, 422, 429) },
      };
    case 'upsert':
      return {
        ...common,
        summary: `Create or change a ${r.one?.en ?? r.name} by ${fieldOf(r, a.key!).en}`,
        description: `${needs.trim()} PUT is idempotent: sending the same body again changes nothing.`,
        parameters: [{ name: a.key, in: 'path', required: true, schema: nameSchema(model, r, { name: a.key!, field: a.key!, byRepresent: false }, false) }],
        requestBody: { required: true, content: { 'application/json': { schema: ref(n.upsert) } } },
        responses: { 200: { description: 'changed', ...record }, 201: { description: 'created', ...record }, ...problems(400, 401, 403, 409, 422, 429) },
      };
    case 'cancel':
      return {
        ...common,
        summary: `Cancel a ${r.one?.en ?? r.name}`,
        description: `${needs.trim()} Allowed until it ships (409 after); the stock it held is released.`,
        parameters: [clean(refParam), { $ref: '#/components/parameters/IdempotencyKey' }],
        responses: { 200: { description: 'cancelled', ...record }, ...problems(400, 401, 403, 404, 409, 422, 429) },
      };
  }
}

/** The OpenAPI 3.1 document of the owner API. */
export function openApiDocument(model: Model): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  for (const a of model.api.resources) {
    for (const rt of apiRoutesOf(a)) (paths[rt.path] ??= {})[rt.method.toLowerCase()] = operation(model, a, rt.operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'WMS owner API',
      version: API_VERSION,
      description: 'SKUs, stock, the inventory log, outbound and inbound orders of the goods owner of an API key. Guide: docs/owner-api.md',
    },
    'x-scopes': Object.keys(model.api.scopes).map(scopeWireName),
    servers: [{ url: '/api/v1' }],
    security: [{ apiKey: [] }],
    tags: model.api.resources.map((a) => ({ name: a.name, description: `${a.en} (${a.zh})` })),
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key of one goods owner (wms_live_...): console, System > API keys' } },
      parameters: {
        Limit: { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: API_LIMIT.max, default: API_LIMIT.default }, description: 'records per page' },
        Cursor: { name: 'cursor', in: 'query', required: false, schema: { type: 'string', maxLength: 200 }, description: 'next_cursor of the previous page; left out: from the start' },
        IdempotencyKey: { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', minLength: 1, maxLength: 255 }, description: 'a key of your own for this request (e.g. a UUID); kept 24 hours per API key' },
      },
      responses: Object.fromEntries(Object.entries(PROBLEMS).map(([c, s]) => [`Problem${c}`, s])),
      schemas: schemas(model),
    },
  };
}

export function emitApi(model: Model): Output[] {
  if (!model.api.resources.length) return [];
  const doc = { path: 'generated/api/openapi.json', text: `${JSON.stringify(openApiDocument(model), null, 2)}\n` };
  const sf = newFile('generated/server/api-routes.ts');
  sf.addImportDeclaration({ moduleSpecifier: '../../src/shared/resource-meta', namedImports: ['ApiResourceSpec'], isTypeOnly: true });
  const routes = model.api.resources.flatMap((a) => apiRoutesOf(a).map((rt) => ({
    method: rt.method, url: `/api/v1${rt.path.replace(/\{(\w+)\}/g, ':$1')}`, api: a.name, operation: rt.operation, operationId: operationId(a, rt.operation),
    ...((rt.operation === 'list' || rt.operation === 'get' ? a.read : a.write) ? { scope: (rt.operation === 'list' || rt.operation === 'get' ? a.read : a.write)! } : {}),
  })));
  sf.addStatements(`/** The owner API's resources (manifest \`api.resources\`), by name. */
export const apiResources = ${lit(Object.fromEntries(model.api.resources.map((a) => [a.name, a])), { expand: true })} satisfies Record<string, ApiResourceSpec>;
export type ApiResourceName = keyof typeof apiResources;
/** What each ApiScope key grants: the permission codes calls with the key run with (manifest \`api.scopes\`). */
export const apiScopes: Record<string, string[]> = ${lit(model.api.scopes, { expand: true })};
/** Every owner-API route (OpenAPI: generated/api/openapi.json): method, Fastify URL, resource, operation, the scope it needs. */
export const apiRoutes = ${lit(routes, { expand: true })} as const;
export type ApiOperationId = (typeof apiRoutes)[number]['operationId'];`);
  return [doc, finish(sf)];
}

/**
 * generated/api/openapi.d.ts: the document's TypeScript types by openapi-typescript (the typed client of the tests,
 * openapi-fetch, reads them; integrators can make the same from /api/v1/openapi.json).
 */
export async function emitApiTypes(model: Model): Promise<Output[]> {
  if (!model.api.resources.length) return [];
  const text = astToString(await openapiTS(openApiDocument(model) as never, { alphabetize: false }));
  return [{ path: 'generated/api/openapi.d.ts', text: `${HEADER}${text.replace(/\s+$/, '')}\n` }];
}
