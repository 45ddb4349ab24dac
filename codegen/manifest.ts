/**
 * The manifest (`resources.yaml`): its schema, its loader and its validator.
 *
 * `loadManifest(file)` parses the YAML, checks every key and value against the schema below and returns a
 * normalized {@link Model} (defaults filled in, names derived). A bad manifest throws {@link ManifestError},
 * whose message lists every problem as `file:line:col: path: what is wrong (the fix)`.
 */
import { readFileSync } from 'node:fs';
import { checkScreens, defaultScreen, parseScreen } from './manifest-screen';
import { parseApi } from './manifest-api';
import { LineCounter, parseDocument, isMap, type Node } from 'yaml';

import {
  FIELD_TYPES, FILTER_KINDS, PERMISSION_KEYS, WIDGETS, PATTERNS, TAG_COLORS,
  type CodeSpec, type FieldSpec, type ResourceSpec, type EnumSpec, type MenuGroupSpec, type Model, type Operation, type WorkflowSpec, type ListCodesSpec,
} from '../src/shared/resource-meta';

export type { FieldSpec, ResourceSpec, EnumSpec, MenuGroupSpec, Model };

export class ManifestError extends Error {
  constructor(readonly problems: string[]) {
    super(`resources.yaml is invalid:\n${problems.join('\n')}`);
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Reads and validates the manifest; throws ManifestError naming file:line for every problem. */
export function loadManifest(file: string): Model {
  return parseManifest(readFileSync(file, 'utf8'), file);
}

/** Same as {@link loadManifest} for text already in memory (tests use it). */
export function parseManifest(text: string, file = 'resources.yaml'): Model {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true });
  const problems: string[] = [];
  const where = (path: (string | number)[]) => {
    for (let i = path.length; i >= 0; i--) {
      const node = doc.getIn(path.slice(0, i), true) as Node | undefined;
      if (node && (node as Node).range) {
        const { line, col } = lineCounter.linePos((node as Node).range![0]);
        return `${file}:${line}:${col}`;
      }
    }
    return `${file}:1:1`;
  };
  for (const e of doc.errors) problems.push(`${file}:${e.linePos?.[0].line ?? 1}:${e.linePos?.[0].col ?? 1}: ${e.message}`);
  if (problems.length) throw new ManifestError(problems);
  const root = doc.toJS() as unknown;
  const fail = (path: (string | number)[], msg: string) => problems.push(`${where(path)}: ${path.join('.') || '(root)'}: ${msg}`);
  const model = validate(root, fail);
  if (problems.length) throw new ManifestError(problems);
  return model;
}

type Fail = (path: (string | number)[], msg: string) => void;

function checkKeys(o: Obj, allowed: readonly string[], path: (string | number)[], fail: Fail) {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) fail([...path, k], `unknown key '${k}' (allowed: ${allowed.join(', ')})`);
}
function str(o: Obj, k: string, path: (string | number)[], fail: Fail, required = true): string | undefined {
  const v = o[k];
  if (v === undefined) { if (required) fail(path, `missing '${k}' (a text)`); return undefined; }
  if (typeof v !== 'string' || !v.trim()) { fail([...path, k], `must be a non-empty text`); return undefined; }
  return v;
}
function num(o: Obj, k: string, path: (string | number)[], fail: Fail): number | undefined {
  const v = o[k];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) { fail([...path, k], `must be a number`); return undefined; }
  return v;
}
function bool(o: Obj, k: string, path: (string | number)[], fail: Fail, dflt: boolean): boolean {
  const v = o[k];
  if (v === undefined) return dflt;
  if (typeof v !== 'boolean') { fail([...path, k], `must be true or false`); return dflt; }
  return v;
}
function oneOf<T extends string>(o: Obj, k: string, allowed: readonly T[], path: (string | number)[], fail: Fail): T | undefined {
  const v = o[k];
  if (v === undefined) return undefined;
  if (!allowed.includes(v as T)) { fail([...path, k], `'${String(v)}' is not one of: ${allowed.join(', ')}`); return undefined; }
  return v as T;
}

/** `values: { true: { en, zh }, false: { en, zh } }` of a boolean field (its tag and filter texts, e.g. Enabled / Disabled). */
function boolTexts(raw: unknown, path: (string | number)[], type: string, fail: Fail): Pick<FieldSpec, 'values'> {
  if (raw === undefined) return {};
  if (type !== 'boolean') { fail(path, 'only boolean fields name the texts of their values'); return {}; }
  const text = (k: 'true' | 'false') => {
    const t = isObj(raw) ? raw[k] : undefined;
    if (isObj(t) && typeof t.en === 'string' && typeof t.zh === 'string' && Object.keys(t).length === 2) return { en: t.en, zh: t.zh };
    fail([...path, k], 'must be { en, zh }');
    return undefined;
  };
  if (isObj(raw)) checkKeys(raw, ['true', 'false'], path, fail);
  else { fail(path, 'must be { true: { en, zh }, false: { en, zh } }'); return {}; }
  const yes = text('true');
  const no = text('false');
  return yes && no ? { values: { true: yes, false: no } } : {};
}

/**
 * `workflow: { field, actions: { <name>: { en, zh, from: [STATE...], to: STATE | [STATE...], code? } } }`:
 * field is an enum field of the resource; states are that enum's keys; code defaults to the edit code.
 */
/** `listCodes: { field: <enum field>, codes: { <ENUM KEY>: <code> } }` (see ListCodesSpec). */
function parseListCodes(raw: unknown, p: (string | number)[], fields: FieldSpec[], model: Model, fail: Fail): ListCodesSpec | undefined {
  if (!isObj(raw)) { fail(p, 'must be { field, codes }'); return undefined; }
  checkKeys(raw, ['field', 'codes'], p, fail);
  const fieldName = str(raw, 'field', p, fail) ?? '';
  const field = fields.find((f) => f.name === fieldName);
  const e = field?.type === 'enum' ? model.enums.find((x) => x.name === field.enum) : undefined;
  if (!e) { if (fieldName) fail([...p, 'field'], `'${fieldName}' is not an enum field of this resource`); return undefined; }
  if (!isObj(raw.codes)) { fail([...p, 'codes'], `must map values of ${e.name} to permission codes`); return undefined; }
  const codes: Record<number, string> = {};
  for (const [k, c] of Object.entries(raw.codes)) {
    const v = e.values.find((x) => x.key === k);
    if (!v) fail([...p, 'codes', k], `'${k}' is not a value of ${e.name} (${e.values.map((x) => x.key).join(', ')})`);
    else if (typeof c !== 'string' || !/^[a-z_]+(:[a-z_]+)?$/.test(c)) fail([...p, 'codes', k], `'${String(c)}' is not a code like area or area:action`);
    else codes[v.value] = c;
  }
  return { field: fieldName, codes };
}

function parseWorkflow(raw: unknown, p: (string | number)[], fields: FieldSpec[], model: Model, editCode: string | undefined, fail: Fail): WorkflowSpec | undefined {
  if (!isObj(raw)) { fail(p, 'must be { field, actions }'); return undefined; }
  checkKeys(raw, ['field', 'actions'], p, fail);
  const fieldName = str(raw, 'field', p, fail) ?? '';
  const field = fields.find((f) => f.name === fieldName);
  const e = field?.type === 'enum' ? model.enums.find((x) => x.name === field.enum) : undefined;
  if (!e) { if (fieldName) fail([...p, 'field'], `'${fieldName}' is not an enum field of this resource`); return undefined; }
  const states = e.values.map((v) => ({ key: v.key, value: v.value, en: v.en, zh: v.zh, ...(v.color ? { color: v.color } : {}) }));
  const stateList = (v: unknown, ap: (string | number)[]): number[] => {
    const keys = Array.isArray(v) ? v : v === undefined ? [] : [v];
    if (!keys.length) fail(ap, `name at least one state of ${e.name} (${states.map((s) => s.key).join(', ')})`);
    return keys.flatMap((k) => {
      const s = states.find((x) => x.key === k);
      if (!s) fail(ap, `'${String(k)}' is not a state of ${e.name} (${states.map((x) => x.key).join(', ')})`);
      return s ? [s.value] : [];
    });
  };
  const actions: WorkflowSpec['actions'] = [];
  for (const [name, a] of Object.entries(isObj(raw.actions) ? raw.actions : {})) {
    const ap = [...p, 'actions', name];
    if (!/^[a-z][A-Za-z]*$/.test(name)) fail(ap, 'action names are camelCase');
    if (!isObj(a)) { fail(ap, 'must be { en, zh, from, to, code? }'); continue; }
    checkKeys(a, ['en', 'zh', 'from', 'to', 'code'], ap, fail);
    const code = str(a, 'code', ap, fail, false) ?? editCode;
    if (!code) fail(ap, `missing 'code' (the resource has no edit code to default to)`);
    actions.push({ name, en: str(a, 'en', ap, fail) ?? name, zh: str(a, 'zh', ap, fail) ?? name, from: stateList(a.from, [...ap, 'from']), to: stateList(a.to, [...ap, 'to']), code: code ?? '' });
  }
  if (!actions.length) fail([...p, 'actions'], 'declare at least one action');
  return { field: fieldName, states, actions };
}

/** `one: { en, zh }`: a resource's singular name as it reads inside a sentence (ResourceSpec.one). */
function parseOne(raw: unknown, p: (string | number)[], fail: Fail): ResourceSpec['one'] {
  if (raw === undefined) return undefined;
  if (!isObj(raw)) { fail(p, 'must be { en, zh }: the singular name, e.g. { en: warehouse, zh: 仓库 }'); return undefined; }
  checkKeys(raw, ['en', 'zh'], p, fail);
  const en = str(raw, 'en', p, fail);
  const zh = str(raw, 'zh', p, fail);
  return en && zh ? { en, zh } : undefined;
}

function validate(root: unknown, fail: Fail): Model {
  const model: Model = { enums: [], menus: [], resources: [], codes: [], screens: [], api: { scopes: {}, resources: [] } };
  if (!isObj(root)) { fail([], 'the manifest must be a mapping with enums, menus and resources'); return model; }
  checkKeys(root, ['enums', 'menus', 'codes', 'screens', 'resources', 'api'], [], fail);

  for (const [code, c] of Object.entries(isObj(root.codes) ? root.codes : {})) {
    const p = ['codes', code];
    if (!/^[a-z_]+(:[a-z_]+)?$/.test(code)) fail(p, `'${code}' is not a code like area or area:action`);
    if (!isObj(c)) { fail(p, 'must be { en, zh, type, parent? }'); continue; }
    checkKeys(c, ['en', 'zh', 'type', 'parent'], p, fail);
    model.codes.push({ code, en: str(c, 'en', p, fail) ?? code, zh: str(c, 'zh', p, fail) ?? code, type: oneOf(c, 'type', ['menu', 'button'] as const, p, fail) ?? 'button', parent: str(c, 'parent', p, fail, false) });
  }

  for (const [name, e] of Object.entries(isObj(root.enums) ? root.enums : {})) {
    const p = ['enums', name];
    if (!/^[A-Z][A-Za-z]+$/.test(name)) fail(p, `enum names are PascalCase`);
    if (!isObj(e)) { fail(p, 'must be a mapping with en, zh and values'); continue; }
    checkKeys(e, ['en', 'zh', 'values'], p, fail);
    const values: EnumSpec['values'] = [];
    for (const [key, v] of Object.entries(isObj(e.values) ? e.values : {})) {
      const vp = [...p, 'values', key];
      if (!/^[A-Z][A-Z0-9_]*$/.test(key)) fail(vp, 'enum keys are UPPER_SNAKE_CASE');
      if (!isObj(v)) { fail(vp, 'must be { value, en, zh }'); continue; }
      checkKeys(v, ['value', 'en', 'zh', 'color'], vp, fail);
      const value = num(v, 'value', vp, fail);
      if (value === undefined || !Number.isInteger(value)) { fail(vp, `missing or non-integer 'value'`); continue; }
      if (values.some((x) => x.value === value)) fail([...vp, 'value'], `value ${value} is used twice in ${name}`);
      const color = oneOf(v, 'color', TAG_COLORS, vp, fail);
      values.push({ key, value, en: str(v, 'en', vp, fail) ?? key, zh: str(v, 'zh', vp, fail) ?? key, ...(color ? { color } : {}) });
    }
    if (!values.length) fail(p, 'an enum needs at least one value under values');
    model.enums.push({ name, en: str(e, 'en', p, fail) ?? name, zh: str(e, 'zh', p, fail) ?? name, values });
  }

  for (const [key, m] of Object.entries(isObj(root.menus) ? root.menus : {})) {
    const p = ['menus', key];
    if (!isObj(m)) { fail(p, 'must be { en, zh, icon, order }'); continue; }
    checkKeys(m, ['en', 'zh', 'icon', 'order'], p, fail);
    model.menus.push({ key, en: str(m, 'en', p, fail) ?? key, zh: str(m, 'zh', p, fail) ?? key, icon: str(m, 'icon', p, fail) ?? 'Folder', order: num(m, 'order', p, fail) ?? 0 });
  }

  for (const [name, sc] of Object.entries(isObj(root.screens) ? root.screens : {})) {
    const p = ['screens', name];
    if (!/^[a-z][A-Za-z]+$/.test(name)) fail(p, 'screen names are camelCase');
    if (!isObj(sc)) { fail(p, 'must be { en, zh, group, route, order, icon, code? } or { en, zh, hidden: true, route, code? }'); continue; }
    checkKeys(sc, ['en', 'zh', 'group', 'hidden', 'route', 'order', 'icon', 'code'], p, fail);
    // a hidden screen is a route without a sidebar entry (spec 2.3 "/func (hidden)"), so it has no group
    const hidden = bool(sc, 'hidden', p, fail, false);
    if (hidden && sc.group !== undefined) fail([...p, 'group'], 'a hidden screen has no sidebar group');
    const group = hidden ? undefined : str(sc, 'group', p, fail) ?? '';
    if (group && !model.menus.some((m) => m.key === group)) fail([...p, 'group'], `'${group}' is not a declared menu`);
    const route = str(sc, 'route', p, fail) ?? '/';
    if (!route.startsWith('/')) fail([...p, 'route'], 'routes start with /');
    const code = str(sc, 'code', p, fail, false);
    model.screens.push({ name, en: str(sc, 'en', p, fail) ?? name, zh: str(sc, 'zh', p, fail) ?? name, group, hidden, route, order: num(sc, 'order', p, fail) ?? 0, icon: str(sc, 'icon', p, fail, !hidden) ?? 'List', code });
  }

  const enumNames = new Set(model.enums.map((e) => e.name));
  const resources = isObj(root.resources) ? root.resources : {};
  const resourceNames = new Set(Object.keys(resources));
  const menuKeys = new Set(model.menus.map((m) => m.key));
  const paths = new Map<string, string>();
  const tables = new Map<string, string>();

  for (const [name, r] of Object.entries(resources)) {
    const p = ['resources', name];
    if (!/^[a-z][A-Za-z]+$/.test(name)) fail(p, 'resource names are camelCase');
    if (!isObj(r)) { fail(p, 'must be a mapping'); continue; }
    checkKeys(r, ['en', 'zh', 'path', 'table', 'represent', 'scope', 'permissions', 'operations', 'menu', 'defaultSort', 'unique', 'fields', 'queryParams', 'checks', 'readOnly', 'workflow', 'listCodes', 'screen', 'one', 'lockedRows', 'indexes'], p, fail);
    const path = str(r, 'path', p, fail) ?? '';
    if (path && !/^\/sapi\/[a-z]+\/[a-z-]+$/.test(path)) fail([...p, 'path'], `'${path}' must look like /sapi/<area>/<name> (spec 7)`);
    if (paths.has(path)) fail([...p, 'path'], `path also used by ${paths.get(path)}`);
    paths.set(path, name);
    const table = str(r, 'table', p, fail) ?? '';
    if (table && !/^[a-z][a-z0-9_]*$/.test(table)) fail([...p, 'table'], 'table names are snake_case');
    if (tables.has(table)) fail([...p, 'table'], `table also used by ${tables.get(table)}`);
    tables.set(table, name);

    /** Parses one mapping of fields (`fields` or `queryParams`). */
    const parseFields = (raw: Obj, key: string): FieldSpec[] => {
    const out: FieldSpec[] = [];
    for (const [fname, f] of Object.entries(raw)) {
      const fp = [...p, key, fname];
      if (!/^[a-z][A-Za-z0-9]*$/.test(fname) || fname === 'id') fail(fp, `field names are camelCase API names and 'id' is implicit`);
      if (!isObj(f)) { fail(fp, 'must be a mapping with at least type, en and zh'); continue; }
      checkKeys(f, ['type', 'en', 'zh', 'required', 'minLength', 'maxLength', 'min', 'max', 'decimals', 'pattern', 'enum', 'resource', 'nameAs', 'allowAll', 'default', 'unique', 'filter', 'sortable', 'list', 'form', 'readOnlyOnEdit', 'hideOnSelf', 'trigram', 'system', 'widget', 'currency', 'values', 'computed', 'outOf', 'grouping', 'example'], fp, fail);
      const type = oneOf(f, 'type', FIELD_TYPES, fp, fail);
      if (!type) { if (f.type === undefined) fail(fp, `missing 'type' (one of: ${FIELD_TYPES.join(', ')})`); continue; }
      const spec: FieldSpec = {
        name: fname,
        type,
        column: snake(fname),
        en: str(f, 'en', fp, fail) ?? fname,
        zh: str(f, 'zh', fp, fail) ?? fname,
        required: bool(f, 'required', fp, fail, false),
        minLength: num(f, 'minLength', fp, fail),
        maxLength: num(f, 'maxLength', fp, fail),
        min: num(f, 'min', fp, fail),
        max: num(f, 'max', fp, fail),
        decimals: num(f, 'decimals', fp, fail),
        pattern: oneOf(f, 'pattern', PATTERNS, fp, fail),
        enum: str(f, 'enum', fp, fail, false),
        resource: str(f, 'resource', fp, fail, false),
        nameAs: str(f, 'nameAs', fp, fail, false),
        allowAll: bool(f, 'allowAll', fp, fail, false),
        default: f.default as FieldSpec['default'],
        unique: bool(f, 'unique', fp, fail, false),
        filter: oneOf(f, 'filter', FILTER_KINDS, fp, fail),
        sortable: bool(f, 'sortable', fp, fail, false),
        list: bool(f, 'list', fp, fail, !['text', 'password', 'secret', 'strings'].includes(type)),
        form: bool(f, 'form', fp, fail, true),
        readOnlyOnEdit: bool(f, 'readOnlyOnEdit', fp, fail, false),
        hideOnSelf: bool(f, 'hideOnSelf', fp, fail, false),
        trigram: bool(f, 'trigram', fp, fail, false),
        system: bool(f, 'system', fp, fail, false),
        widget: oneOf(f, 'widget', WIDGETS, fp, fail),
        currency: str(f, 'currency', fp, fail, false),
        ...boolTexts(f.values, [...fp, 'values'], type, fail),
        ...(f.example !== undefined ? { example: f.example } : {}),
      };
      // a computed field: no column; the resource's decorate hook fills it whenever records are read
      if (bool(f, 'computed', fp, fail, false)) {
        spec.computed = true;
        spec.form = false;
        const taken = ['required', 'default', 'unique', 'filter', 'sortable', 'readOnlyOnEdit', 'hideOnSelf', 'trigram', 'system', 'widget'].filter((k) => f[k] !== undefined);
        if (taken.length) fail(fp, `a computed field is filled by the server when records are read: no ${taken.join(', ')}`);
        if (key !== 'fields') fail(fp, 'only resource fields can be computed');
      }
      // a number that names something (a port, a year) is shown without thousands separators
      if (!bool(f, 'grouping', fp, fail, true)) {
        if (type !== 'int' && type !== 'number') fail([...fp, 'grouping'], 'only int and number fields are shown with or without grouping');
        spec.grouping = false;
      }
      const outOf = str(f, 'outOf', fp, fail, false);
      if (outOf !== undefined) {
        spec.outOf = outOf;
        const target = raw[outOf] as Obj | undefined;
        if (!spec.computed || type !== 'int') fail([...fp, 'outOf'], 'only computed int fields are shown out of another field');
        else if (!isObj(target) || target.type !== 'int' || target.computed) fail([...fp, 'outOf'], `'${outOf}' is not a stored int field of this resource`);
      }
      if (spec.currency && type !== 'money') fail([...fp, 'currency'], 'only money fields name their currency field');
      if (spec.currency && !(raw[spec.currency] as Obj | undefined)) fail([...fp, 'currency'], `'${spec.currency}' is not a field of this resource`);
      if (spec.system) { spec.form = false; if (!['addDate', 'updateDate'].includes(fname)) fail(fp, `only addDate and updateDate are system fields`); }
      if ((type === 'string' || type === 'password' || type === 'secret') && spec.maxLength === undefined) fail(fp, `a ${type} field needs maxLength (the column's size)`);
      if (type === 'enum' && (!spec.enum || !enumNames.has(spec.enum))) fail([...fp, 'enum'], `'${spec.enum ?? ''}' is not a declared enum (declared: ${[...enumNames].join(', ')})`);
      // a strings field naming an enum holds keys of that enum (e.g. an API key's scopes)
      if (type === 'strings' && spec.enum && !enumNames.has(spec.enum)) fail([...fp, 'enum'], `'${spec.enum}' is not a declared enum (declared: ${[...enumNames].join(', ')})`);
      if (type !== 'enum' && type !== 'strings' && spec.enum) fail([...fp, 'enum'], `only enum and strings fields name an enum`);
      if (type === 'enum' && spec.default !== undefined) {
        const e = model.enums.find((x) => x.name === spec.enum);
        if (e && !e.values.some((v) => v.key === spec.default)) fail([...fp, 'default'], `'${String(spec.default)}' is not a key of ${spec.enum}`);
      }
      if ((type === 'ref' || type === 'refs') && (!spec.resource || !resourceNames.has(spec.resource))) fail([...fp, 'resource'], `'${spec.resource ?? ''}' is not a declared resource`);
      if (type === 'ref' && !fname.endsWith('Id')) fail(fp, `a ref field's name ends with Id (e.g. ownerId)`);
      if (type === 'refs' && !fname.endsWith('Ids')) fail(fp, `a refs field's name ends with Ids (e.g. warehouseIds)`);
      if ((spec.filter === 'contains' || spec.filter === 'codes') && !['string', 'text'].includes(type)) fail([...fp, 'filter'], `${spec.filter} filters are for string fields`);
      if (spec.trigram && spec.filter !== 'contains' && spec.filter !== 'codes') fail([...fp, 'trigram'], 'a trigram index serves contains or codes filters');
      if (spec.nameAs && type !== 'ref') fail([...fp, 'nameAs'], 'only ref fields have a name to return');
      if (spec.filter === 'dateRange' && type !== 'datetime') fail([...fp, 'filter'], 'dateRange filters are for datetime fields');
      if (spec.sortable && ['refs', 'strings', 'password', 'secret', 'text'].includes(type)) fail([...fp, 'sortable'], `a ${type} field cannot be sorted`);
      if ((type === 'password' || type === 'secret') && (spec.filter || spec.list)) fail(fp, `a ${type} is write-only: no filter, no list column`);
      if (spec.widget === 'permissionTree' && type !== 'strings') fail([...fp, 'widget'], 'permissionTree edits a strings field of permission codes');
      if (spec.widget === 'image' && type !== 'string') fail([...fp, 'widget'], 'image edits a string field holding the picture\'s url');
      if (spec.widget === 'grantableRoles' && (type !== 'refs' || spec.resource !== 'role')) fail([...fp, 'widget'], 'grantableRoles edits a refs field of resource role');
      out.push(spec);
    }
    return out;
    };
    const rawFields = isObj(r.fields) ? r.fields : {};
    if (!Object.keys(rawFields).length) fail(p, `missing 'fields' (a mapping of field name to field)`);
    const fields = parseFields(rawFields, 'fields');
    const queryParams = r.queryParams === undefined ? [] : isObj(r.queryParams) ? parseFields(r.queryParams, 'queryParams') : (fail([...p, 'queryParams'], 'must be a mapping of parameter name to field'), []);
    const fieldNames = new Set(fields.map((f) => f.name));
    const has = (f: string | undefined) => f === 'id' || (f !== undefined && fieldNames.has(f));

    const scope: ResourceSpec['scope'] = {};
    if (r.scope !== undefined) {
      if (!isObj(r.scope)) fail([...p, 'scope'], 'must be { owner?: field, warehouse?: field }');
      else {
        checkKeys(r.scope, ['owner', 'warehouse'], [...p, 'scope'], fail);
        for (const k of ['owner', 'warehouse'] as const) {
          const f = str(r.scope, k, [...p, 'scope'], fail, false);
          if (f && !has(f)) fail([...p, 'scope', k], `'${f}' is not a field of ${name}`);
          if (f) scope[k] = f;
        }
      }
    }
    const permissions: ResourceSpec['permissions'] = {};
    if (!isObj(r.permissions)) fail(p, `missing 'permissions' (codes per operation, spec 6)`);
    else {
      checkKeys(r.permissions, PERMISSION_KEYS, [...p, 'permissions'], fail);
      for (const k of PERMISSION_KEYS) {
        const c = str(r.permissions, k, [...p, 'permissions'], fail, false);
        if (c && !/^(any|[a-z_]+(:[a-z_]+)?)$/.test(c)) fail([...p, 'permissions', k], `'${c}' is not a code like area or area:action`);
        if (c) permissions[k] = c;
      }
      if (!permissions.list) fail([...p, 'permissions'], `missing 'list' (the code that reads this resource, or any)`);
    }
    const operations: Operation[] = ['list', 'page', 'detail', 'add', 'edit', 'remove'];
    if (r.operations !== undefined) {
      if (!Array.isArray(r.operations)) fail([...p, 'operations'], 'must be a list such as [lock, unlock]');
      else for (const [i, o] of r.operations.entries()) {
        if (!['lock', 'unlock'].includes(o as string)) fail([...p, 'operations', i], `'${String(o)}' is not an extra operation (lock, unlock)`);
        else {
          operations.push(o as Operation);
          if (!fieldNames.has('status')) fail([...p, 'operations', i], `${String(o)} needs a status field`);
        }
      }
    }
    const lockedRows = str(r, 'lockedRows', p, fail, false);
    if (lockedRows !== undefined) {
      if (fields.find((f) => f.name === lockedRows)?.type !== 'boolean') fail([...p, 'lockedRows'], `'${lockedRows}' is not a boolean field of ${name}`);
      if (r.readOnly !== undefined || (isObj(r.screen) && r.screen.views !== undefined)) fail([...p, 'lockedRows'], 'only a plain, writable list (a derived screen) locks rows');
    }
    let menu: ResourceSpec['menu'];
    if (r.menu !== undefined) {
      if (!isObj(r.menu)) fail([...p, 'menu'], 'must be { group, route, order, icon }');
      else {
        checkKeys(r.menu, ['group', 'route', 'order', 'icon', 'code'], [...p, 'menu'], fail);
        const group = str(r.menu, 'group', [...p, 'menu'], fail) ?? '';
        if (group && !menuKeys.has(group)) fail([...p, 'menu', 'group'], `'${group}' is not a declared menu (declared: ${[...menuKeys].join(', ')})`);
        const route = str(r.menu, 'route', [...p, 'menu'], fail) ?? `/${name}`;
        if (!route.startsWith(`/`)) fail([...p, 'menu', 'route'], 'routes start with /');
        menu = { group, route, order: num(r.menu, 'order', [...p, 'menu'], fail) ?? 0, icon: str(r.menu, 'icon', [...p, 'menu'], fail) ?? 'List', code: str(r.menu, 'code', [...p, 'menu'], fail, false) };
      }
    }
    const represent = str(r, 'represent', p, fail) ?? 'id';
    if (!has(represent)) fail([...p, 'represent'], `'${represent}' is not a field of ${name}`);
    let defaultSort: ResourceSpec['defaultSort'] = { field: 'id', order: 'desc' };
    if (isObj(r.defaultSort)) {
      const field = str(r.defaultSort, 'field', [...p, 'defaultSort'], fail) ?? 'id';
      if (!has(field)) fail([...p, 'defaultSort', 'field'], `'${field}' is not a field of ${name}`);
      defaultSort = { field, order: oneOf(r.defaultSort, 'order', ['asc', 'desc'] as const, [...p, 'defaultSort'], fail) ?? 'asc' };
    }
    const unique: string[][] = [];
    if (r.unique !== undefined) {
      if (!Array.isArray(r.unique)) fail([...p, 'unique'], 'must be a list of field lists');
      else for (const [i, u] of r.unique.entries()) {
        if (!Array.isArray(u) || u.some((x) => !has(String(x)))) fail([...p, 'unique', i], `each entry lists fields of ${name}`);
        else unique.push(u.map(String));
      }
    }
    for (const f of fields) if (f.unique) unique.push([f.name]);
    const indexes: string[][] = [];
    if (r.indexes !== undefined) {
      if (!Array.isArray(r.indexes)) fail([...p, 'indexes'], 'must be a list of field lists, e.g. [[warehouseId, ownerId, qty]]');
      else for (const [i, u] of r.indexes.entries()) {
        if (!Array.isArray(u) || !u.length || u.some((x) => !fieldNames.has(String(x)))) fail([...p, 'indexes', i], `each entry lists fields of ${name}`);
        else indexes.push(u.map(String));
      }
    }
    const checks: Record<string, string> = {};
    if (r.checks !== undefined) {
      if (!isObj(r.checks)) fail([...p, 'checks'], 'must be a mapping of constraint name to SQL condition');
      else for (const [k, v] of Object.entries(r.checks)) {
        if (!/^[a-z][a-z0-9_]*$/.test(k)) fail([...p, 'checks', k], 'check names are snake_case');
        if (typeof v !== 'string' || !v.trim()) fail([...p, 'checks', k], 'must be an SQL condition over column names');
        else checks[k] = v.trim();
      }
    }
    let readOnly: ResourceSpec['readOnly'];
    if (r.readOnly !== undefined) {
      if (!isObj(r.readOnly)) fail([...p, 'readOnly'], 'must be { en, zh }: the message that refuses direct writes');
      else { checkKeys(r.readOnly, ['en', 'zh'], [...p, 'readOnly'], fail); readOnly = { en: str(r.readOnly, 'en', [...p, 'readOnly'], fail) ?? '', zh: str(r.readOnly, 'zh', [...p, 'readOnly'], fail) ?? '' }; }
    }
    const workflow = r.workflow === undefined ? undefined : parseWorkflow(r.workflow, [...p, 'workflow'], fields, model, permissions.edit, fail);
    const listCodes = r.listCodes === undefined ? undefined : parseListCodes(r.listCodes, [...p, 'listCodes'], fields, model, fail);
    const label = { en: str(r, 'en', p, fail) ?? name, zh: str(r, 'zh', p, fail) ?? name };
    // a resource with a menu entry and no `views` of its own gets the default screen; what it declares under
    // `screen:` replaces the default's keys (the manifest states only what differs)
    const derive = menu !== undefined && (r.screen === undefined || (isObj(r.screen) && r.screen.views === undefined));
    const rawScreen = derive ? { ...defaultScreen({ name, represent, menu: menu!, fields, operations, readOnly, permissions }), ...(isObj(r.screen) ? r.screen : {}) } : r.screen;
    const screen = rawScreen === undefined ? undefined : parseScreen(rawScreen, [...p, 'screen'], { name, fields, queryParams, permissions, workflow, readOnly, ...label }, model, fail);
    const one = parseOne(r.one, [...p, 'one'], fail);
    if (screen && !one) fail(p, `missing 'one' (the singular name as it reads in a sentence, { en, zh }, e.g. one: { en: warehouse, zh: 仓库 }): the dialog titles need it`);
    model.resources.push({
      name, path, table, represent, scope, permissions, operations, menu, defaultSort, unique, fields, queryParams, checks, ...(indexes.length ? { indexes } : {}), ...(readOnly ? { readOnly } : {}), ...(workflow ? { workflow } : {}), ...(listCodes ? { listCodes } : {}), ...(screen ? { screen } : {}),
      ...(one ? { one } : {}), ...(lockedRows ? { lockedRows } : {}), ...label,
    });
  }
  // a screen's code must be one the permission tree holds (declared, or used by a resource or workflow)
  const known = new Set([...model.codes.map((c) => c.code), ...model.resources.flatMap((r) => [...Object.values(r.permissions), ...(r.menu?.code ? [r.menu.code] : []), ...(r.workflow?.actions.map((a) => a.code) ?? [])])]);
  for (const r of model.resources) for (const [v, c] of Object.entries(r.listCodes?.codes ?? {})) if (!known.has(c)) fail(['resources', r.name, 'listCodes', 'codes', v], `'${c}' is not a permission code of the manifest (declare it under codes:)`);
  for (const sc of model.screens) if (sc.code && !known.has(sc.code)) fail(['screens', sc.name, 'code'], `'${sc.code}' is not a permission code of the manifest`);
  for (const r of model.resources) for (const v of r.screen?.views ?? []) if (v.code !== 'any' && !known.has(v.code)) fail(['resources', r.name, 'screen', 'views', v.name, 'code'], `'${v.code}' is not a permission code of the manifest`);
  checkScreens(model, fail);
  if (root.api !== undefined) model.api = parseApi(root.api, ['api'], model, fail);
  // one route, one code (generated/client/routes.ts maps each route to the code its guard checks)
  const routeOwner = new Map<string, string>();
  const claim = (route: string, owner: string, path: (string | number)[]) => {
    const taken = routeOwner.get(route);
    if (taken) fail(path, `route '${route}' is already ${taken}'s`);
    else routeOwner.set(route, owner);
  };
  for (const r of model.resources) if (r.menu) claim(r.menu.route, `resource ${r.name}`, ['resources', r.name, 'menu', 'route']);
  for (const sc of model.screens) claim(sc.route, `screen ${sc.name}`, ['screens', sc.name, 'route']);
  for (const r of model.resources) for (const [k, route] of Object.entries(r.screen?.pages ?? {})) claim(route, `${r.name}'s ${k} page`, ['resources', r.name, 'screen', 'pages', k]);
  return model;
}
