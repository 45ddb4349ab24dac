/**
 * Bodies and query parameters of the owner API, checked with the SAME generated rules as /sapi (issue 31; DESIGN
 * "Two doors into the same rules"): an API body is translated into the body the console would send for the same
 * document (the key's goods owner as ownerId; a ref given by its represent, e.g. `category: "Perfume"` or a line's
 * `sku: "ROSE-30"`, as the id it names within the key's scope) and then checked by the resource's own body rule
 * (crud/handlers.ts crudBody: the manifest's schema plus the hooks' fields, e.g. `lines`). Every field at fault is
 * reported, each in the API's own names (problem.ts), with the rule's own text.
 */
import * as yup from 'yup';
import { bindings, type Binding } from '../../../generated/server/routes';
import type { ApiName, ApiResourceSpec, FieldSpec } from '../../shared/resource-meta';
import { formatValidationError, ruleTexts, fieldMessage, type Lang } from '../../shared/validation';
import { meta, scopeSql, type CrudCall } from '../crud/handlers';
import { ident, Params } from '../crud/filters';
import { shapeOf } from '../crud/records-sql';
import { rawQuery } from '../db/raw';
import { checkBody, checkShape, compiledSchema, manifestLabel, type BodyRule } from '../http/body';
import { BizError, text } from '../http/errors';
import { ApiProblem, problemField, type ProblemField } from './problem';

type Row = Record<string, unknown>;
const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

const bindingOf = (resource: string): Binding => bindings[resource as keyof typeof bindings];
const fieldOf = (b: Binding, name: string): FieldSpec => meta(b).fields.find((f) => f.name === name)!;

/**
 * The id of the record of `resource` whose represent field is `value`, within the call's scope (a SKU of the key's
 * owner), or undefined.
 */
export async function idByRepresent(call: CrudCall, resource: string, value: string): Promise<number | undefined> {
  const b = bindingOf(resource);
  const { columnOf, table } = shapeOf(b);
  const p = new Params();
  const where = [`t.${ident(columnOf[meta(b).represent])} = ${p.add(value)}`, ...scopeSql(b, call.user, p)];
  const rows = await rawQuery(call.db, `select t."id" from ${ident(table)} t where ${where.join(' and ')} order by t."id" limit 2`, p.values);
  return rows.length === 1 ? Number(rows[0].id) : undefined;
}

/** Renames an internal field of resource `r` (or of its lines) to its API name (skuId -> sku where the API says sku). */
export function renamer(a: ApiResourceSpec): (field: string, inLine: boolean) => string {
  return (field, inLine) => {
    const names = inLine ? a.lines?.input ?? [] : a.input;
    return names.find((n) => n.field === field && n.byRepresent)?.name ?? field;
  };
}

/**
 * `names` of `src` as the resource's own fields: a represent given for a ref is looked up to its id (422 naming
 * the field when it names nothing, `line` for a line's field); absent names stay absent.
 */
async function translate(call: CrudCall, resource: string, names: ApiName[], src: Row, line: number | undefined, problems: ProblemField[]): Promise<Row> {
  const out: Row = {};
  const b = bindingOf(resource);
  for (const n of names) {
    const v = src[n.name];
    if (v === undefined) continue;
    if (!n.byRepresent) { out[n.field] = v; continue; }
    const f = fieldOf(b, n.field);
    const target = f.resource!;
    const at = { label: f, line, field: n.field };
    if (v === null || v === '') { out[n.field] = null; continue; }
    if (typeof v !== 'string') {
      problems.push(problemField({ ...at, message: fieldMessage(call.ctx.lang, { label: f, line }, ruleTexts[call.ctx.lang].text) }, () => n.name)!);
      continue;
    }
    const id = await idByRepresent(call, target, v.trim());
    if (id === undefined) {
      const what = `${f[call.ctx.lang]} ${v.trim()}`;
      problems.push(problemField({ ...at, message: fieldMessage(call.ctx.lang, { line }, text(call.ctx.lang, 'notFound', { what })) }, () => n.name)!);
      continue;
    }
    out[n.field] = id;
  }
  return out;
}

/**
 * The body the console would send for API body `raw` of resource `a` (module doc): its input names (and lines)
 * translated, plus `fixed` (ownerId, the id of an edit, the key of an upsert), and the names that name nothing
 * (each a 422 field; checkApiBody reports them with the rules' own findings).
 */
export async function consoleBody(call: CrudCall, a: ApiResourceSpec, raw: unknown, fixed: Row): Promise<{ body: Row; problems: ProblemField[] }> {
  checkShape(raw, call.ctx.lang, { labelOf: (k) => manifestLabel(k, meta(bindingOf(a.resource))) });
  const problems: ProblemField[] = [];
  const body = { ...(await translate(call, a.resource, a.input, raw, undefined, problems)), ...fixed };
  if (a.lines && raw.lines !== undefined) {
    body.lines = Array.isArray(raw.lines)
      ? await Promise.all(raw.lines.map((l, i) => (isObject(l) ? translate(call, a.lines!.resource, a.lines!.input, l, i, problems) : l)))
      : raw.lines;
  }
  return { body, problems };
}

/**
 * `body` checked by `rule` as at the /sapi edge (checkBody); on failure, or with `found` (names that named nothing,
 * consoleBody), every field at fault (not only the first) as the 422 of the API, renamed by `rename`; a field
 * `found` names is reported once, as found.
 */
export async function checkApiBody<B>(rule: BodyRule<B>, input: { body: Row; problems: ProblemField[] }, lang: Lang, rename: (field: string, inLine: boolean) => string): Promise<B> {
  const { body, problems: found } = input;
  const fail = (all: ProblemField[]): never => {
    const merged = [...found, ...all.filter((p) => !found.some((f) => f.field === p.field))];
    throw new ApiProblem('validation', merged[0].message, merged);
  };
  let checked: B;
  try {
    checked = await checkBody(rule, body, lang);
  } catch (e) {
    if (!(e instanceof BizError) || !e.place) { if (found.length) fail([]); throw e; }
    const all: ProblemField[] = [];
    try {
      await compiledSchema(rule, lang).validate(rule.prepare ? rule.prepare(body) : body, { abortEarly: false, stripUnknown: true });
    } catch (v) {
      if (v instanceof yup.ValidationError) {
        const order = Object.keys((compiledSchema(rule, lang) as yup.AnyObjectSchema).fields ?? {});
        for (const inner of v.inner.length ? v.inner : [v]) {
          const p = problemField(formatValidationError(inner, lang, order, (k) => manifestLabel(k, rule.labels)), rename);
          if (p && !all.some((x) => x.field === p.field)) all.push(p);
        }
      }
    }
    const first = problemField({ ...e.place, message: e.message }, rename);
    if (first && !all.some((x) => x.field === first.field)) all.unshift(first);
    if (!all.length && !found.length) throw new ApiProblem('validation', e.message);
    return fail(all);
  }
  if (found.length) fail([]);
  return checked;
}

/**
 * The page query (validated like /sapi's page body) of API list parameters `q`: each declared filter as its field
 * (query strings read as the field's type: digits as a number, true/false as a boolean; a represent looked up, an
 * unknown one matching nothing). Returns undefined when a represent names nothing (the page is empty). Throws
 * the 400 naming the parameter.
 */
export async function listQuery(call: CrudCall, a: ApiResourceSpec, q: Row): Promise<Row | undefined> {
  const b = bindingOf(a.resource);
  const body: Row = {};
  for (const [param, n] of Object.entries(a.filters)) {
    const v = q[param];
    if (v === undefined || v === '') continue;
    if (typeof v !== 'string') throw new ApiProblem('bad-request', `${param}: given more than once`, [{ field: param, pointer: '', message: `${param}: given more than once` }]);
    if (n.byRepresent) {
      const id = await idByRepresent(call, fieldOf(b, n.field).resource!, v.trim());
      if (id === undefined) return undefined;
      body[n.field] = id;
      continue;
    }
    const f = fieldOf(b, n.field);
    body[n.field] = ['int', 'enum', 'ref', 'money'].includes(f.type) && /^-?\d{1,10}$/.test(v.trim()) ? Number(v.trim())
      : f.type === 'boolean' && (v === 'true' || v === 'false') ? v === 'true' : v;
  }
  try {
    return await checkBody({ schema: (lang) => b.schemas.query(lang), labels: meta(b) }, body, call.ctx.lang);
  } catch (e) {
    if (!(e instanceof BizError)) throw e;
    const param = Object.entries(a.filters).find(([, n]) => n.field === e.place?.field)?.[0];
    throw new ApiProblem('bad-request', e.message, param ? [{ field: param, pointer: '', message: e.message }] : undefined);
  }
}
