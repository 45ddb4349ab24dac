/**
 * Emits generated/shared/: enums (values), resource metadata (what the generic handlers and widgets read),
 * record types, yup schema factories (server and console validate with the same ones) and the permission
 * tree the server seeds (spec 6).
 */
import { refNameField } from '../src/shared/resource-meta';
import type { FieldSpec, Model, ResourceSpec } from './manifest';
import { byName, code, finish, lit, newFile, pascal, type Output } from './source';

function enumValues(model: Model, name: string) {
  return model.enums.find((e) => e.name === name)!.values;
}

function emitEnums(model: Model): Output {
  const sf = newFile('generated/shared/enums.ts');
  for (const e of byName(model.enums)) {
    sf.addStatements(`/** ${e.en} (${e.zh}) */\nexport const ${e.name} = ${lit(Object.fromEntries(e.values.map((v) => [v.key, v.value])), { expand: true })} as const;\nexport type ${e.name} = (typeof ${e.name})[keyof typeof ${e.name}];`);
  }
  sf.addStatements(`/** Every enum's keys and values, for selects and tags; labels are the i18n keys enums.<Enum>.<KEY>. */\nexport const enumValues: Record<string, Array<{ key: string; value: number }>> = ${lit(Object.fromEntries(byName(model.enums).map((e) => [e.name, e.values.map((v) => ({ key: v.key, value: v.value }))])), { expand: true })};`);
  return finish(sf);
}

/** The name of a resource's metadata constant in its own module, e.g. skuMeta (generated/shared/resources/sku.ts). */
export const metaConst = (resource: string) => `${resource}Meta`;

/**
 * generated/shared/resources/<name>.ts: one module per resource (its normalized metadata), so a console screen
 * loads only the resources it shows (issue 14 "First load"); generated/shared/resources.ts gathers them all
 * for the server and the generic code that looks resources up by name.
 */
function emitMeta(model: Model): Output[] {
  const outputs = byName(model.resources).map((r) => {
    const sf = newFile(`generated/shared/resources/${r.name}.ts`);
    sf.addImportDeclaration({ moduleSpecifier: '../../../src/shared/resource-meta', namedImports: ['ResourceSpec'], isTypeOnly: true });
    sf.addStatements(`/** ${r.en}: the resource's metadata, normalized (defaults filled in). */\nexport const ${metaConst(r.name)} = ${lit(r, { expand: true })} satisfies ResourceSpec;`);
    return finish(sf);
  });
  const sf = newFile('generated/shared/resources.ts');
  sf.addImportDeclaration({ moduleSpecifier: '../../src/shared/resource-meta', namedImports: ['ResourceSpec'], isTypeOnly: true });
  for (const r of byName(model.resources)) sf.addImportDeclaration({ moduleSpecifier: `./resources/${r.name}`, namedImports: [metaConst(r.name)] });
  const all = lit(Object.fromEntries(byName(model.resources).map((r) => [r.name, code(metaConst(r.name))])), { expand: true });
  sf.addStatements(`/** Every resource of the manifest, normalized (defaults filled in); one module each under resources/. */\nexport const resourceMeta = ${all} satisfies Record<string, ResourceSpec>;\nexport type ResourceName = keyof typeof resourceMeta;`);
  return [...outputs, finish(sf)];
}

function tsType(f: FieldSpec): string {
  switch (f.type) {
    case 'string': case 'text': case 'password': case 'secret': return 'string';
    case 'int': case 'number': case 'money': case 'enum': case 'ref': return 'number';
    case 'boolean': return 'boolean';
    case 'refs': return 'number[]';
    case 'strings': return 'string[]';
    case 'datetime': case 'date': return 'string';
  }
}

function emitTypes(model: Model): Output {
  const sf = newFile('generated/shared/types.ts');
  for (const r of byName(model.resources)) {
    const props = [{ name: 'id', type: 'number' }];
    for (const f of r.fields) {
      if (f.type === 'password' || f.type === 'secret') continue;
      props.push({ name: f.name, type: tsType(f) + (f.required || f.default !== undefined || f.system || f.computed || f.type === 'refs' || f.type === 'strings' ? '' : ' | null') });
      if (f.type === 'ref') props.push({ name: refNameField(f), type: 'string | null' });
    }
    if (!r.fields.some((f) => f.name === 'addDate')) props.push({ name: 'addDate', type: 'string' });
    sf.addInterface({ name: pascal(r.name), isExported: true, docs: [`${r.en} (${r.zh}) as the API returns it.`], properties: props });
  }
  return finish(sf);
}

function fieldRule(model: Model, f: FieldSpec): string {
  const label = lit({ en: f.en, zh: f.zh });
  // notNull: a defaulted NOT NULL column, where an empty value keeps the old one instead of clearing it
  const req = f.required ? { required: true } : f.default !== undefined ? { notNull: true } : {};
  switch (f.type) {
    case 'string': case 'text': return `r.string(${label}, ${lit({ ...req, minLength: f.minLength, maxLength: f.maxLength ?? (f.type === 'text' ? 10000 : undefined), pattern: f.pattern })})`;
    // a secret has the password's rule: required on add only, empty on edit keeps the stored value
    case 'password': case 'secret': return `r.password(${label}, ${lit({ ...req, minLength: f.minLength, maxLength: f.maxLength })})`;
    // int is PostgreSQL integer (the rule's default range); money bigint in cents (a fraction of a cent: "at most
    // 2 decimals", issue 26); number numeric(14, decimals)
    case 'int': return `r.number(${label}, ${lit({ ...req, integer: true, min: f.min, max: f.max })})`;
    case 'money': return `r.money(${label}, ${lit({ ...req, min: f.min, max: f.max })})`;
    case 'number': {
      const decimals = f.decimals ?? 3;
      const widest = 10 ** (14 - decimals) - 1; // the whole part numeric(14, decimals) holds
      return `r.number(${label}, ${lit({ ...req, min: f.min ?? -widest, max: f.max ?? widest, decimals })})`;
    }
    case 'boolean': return `r.boolean(${label}, ${lit(req)})`;
    case 'enum': return `r.oneOf(${label}, ${lit(enumValues(model, f.enum!).map((v) => v.value))}, ${lit(req)})`;
    case 'ref': return `r.ref(${label}, ${lit(req)})`;
    case 'refs': return `r.refs(${label}, ${lit({ ...req, allowAll: f.allowAll || undefined })})`;
    // keys of an enum (e.g. an API key's scopes): each one of them, none twice
    case 'strings': return `r.strings(${label}, ${lit({ ...req, oneOf: f.enum ? enumValues(model, f.enum).map((v) => v.key) : undefined })})`;
    case 'datetime': return `r.date(${label}, ${lit(req)})`;
    case 'date': return `r.calendarDate(${label}, ${lit(req)})`;
  }
}

function filterRules(model: Model, r: ResourceSpec): string[] {
  const out: string[] = [];
  for (const f of r.fields) {
    if (!f.filter) continue;
    const label = lit({ en: f.en, zh: f.zh });
    if (f.filter === 'dateRange') out.push(`${f.name}Start: r.day(${label})`, `${f.name}End: r.day(${label})`);
    else if (f.filter === 'in') out.push(`${f.name}: r.refs(${label})`);
    else if (f.filter === 'contains') out.push(`${f.name}: r.string(${label}, ${lit({ maxLength: f.maxLength ?? 200 })})`);
    else if (f.filter === 'codes') out.push(`${f.name}: r.string(${label}, ${lit({ maxLength: 10000 })})`);
    else out.push(`${f.name}: ${fieldRule(model, { ...f, required: false, minLength: undefined, pattern: undefined })}`);
  }
  for (const q of r.queryParams) out.push(`${q.name}: ${fieldRule(model, { ...q, required: false })}`);
  return out;
}

export function sortableFields(r: ResourceSpec): string[] {
  return ['id', ...r.fields.filter((f) => f.sortable).map((f) => f.name)];
}

function emitSchemas(model: Model): Output {
  const sf = newFile('generated/shared/schemas.ts');
  sf.addImportDeclaration({ moduleSpecifier: 'yup', namespaceImport: 'yup' });
  sf.addImportDeclaration({ moduleSpecifier: '../../src/shared/validation', namedImports: ['rules', 'type FormMode', 'type Lang', 'type Source'] });
  const names: string[] = [];
  for (const r of byName(model.resources)) {
    const form = r.fields.filter((f) => f.form && !f.system);
    sf.addStatements([
      `/** ${r.en}: the add/edit body (spec 5). On edit, read-only-on-edit fields are left out. Source: see rules(). */`,
      `export function ${r.name}Form(mode: FormMode, lang: Lang, source?: Source) {`,
      `  const r = rules(lang, mode, source);`,
      `  return yup.object({`,
      ...form.map((f) => f.readOnlyOnEdit ? `    ...(mode === 'add' ? { ${f.name}: ${fieldRule(model, f)} } : {}),` : `    ${f.name}: ${fieldRule(model, f)},`),
      `  });`,
      `}`,
      `/** ${r.en}: the page/list query (paging, whitelisted sort, filters). */`,
      `export function ${r.name}Query(lang: Lang, source?: Source) {`,
      `  const r = rules(lang, 'query', source);`,
      `  return yup.object({`,
      `    ...r.paging(${lit(sortableFields(r))}),`,
      ...filterRules(model, r).map((rule) => `    ${rule},`),
      `  });`,
      `}`,
    ].join('\n'));
    names.push(r.name);
  }
  const byResource = Object.fromEntries(names.map((n) => [n, { form: code(`${n}Form`), query: code(`${n}Query`) }]));
  sf.addStatements(`/** Schema factories by resource name. */\nexport const schemas = ${lit(byResource, { expand: true })};`);
  return finish(sf);
}

export interface PermissionNode { code: string; name: string; nameZh: string; type: 1 | 2; parentCode: string | null }

/** The permission tree of spec 6: top codes are menus, list codes menus below them, the rest buttons. */
export function permissionTree(model: Model): PermissionNode[] {
  const nodes = new Map<string, PermissionNode>();
  const put = (code: string | undefined, name: string, nameZh: string, type: 1 | 2, parentCode: string | null) => {
    if (!code || code === 'any' || nodes.has(code)) return;
    nodes.set(code, { code, name, nameZh, type, parentCode });
  };
  // codes declared on their own come first, so their names win over derived ones
  for (const c of model.codes) put(c.code, c.en, c.zh, c.type === 'menu' ? 1 : 2, c.parent ?? null);
  for (const r of model.resources) {
    const p = r.permissions;
    if (p.top && p.top !== p.list) put(p.top, r.en, r.zh, 1, null);
    put(p.list, r.en, r.zh, 1, p.top && p.top !== p.list ? p.top : null);
    // a menu entry with a code of its own (a list open to every reader, its screen behind the code)
    put(r.menu?.code, r.en, r.zh, 1, p.top && p.top !== r.menu?.code ? p.top : null);
    const parent = p.top ?? p.list ?? null;
    put(p.add, `Add ${r.en}`, `新增${r.zh}`, 2, parent === 'any' ? null : parent);
    put(p.edit, `Edit ${r.en}`, `编辑${r.zh}`, 2, parent === 'any' ? null : parent);
    put(p.remove, `Delete ${r.en}`, `删除${r.zh}`, 2, parent === 'any' ? null : parent);
    put(p.lock, `Lock and unlock ${r.en}`, `锁定/解锁${r.zh}`, 2, parent === 'any' ? null : parent);
    put(p.unlock, `Lock and unlock ${r.en}`, `锁定/解锁${r.zh}`, 2, parent === 'any' ? null : parent);
    for (const a of r.workflow?.actions ?? []) put(a.code, `${a.en}: ${r.en}`, `${a.zh}${r.zh}`, 2, parent === 'any' ? null : parent);
  }
  return [...nodes.values()].sort((a, b) => a.code.localeCompare(b.code));
}

function emitPermissions(model: Model): Output {
  const sf = newFile('generated/shared/permissions.ts');
  sf.addStatements(`/** Every permission code the manifest uses (spec 6); seeded into sys_permission at start. type 1 menu, 2 button. */
export const permissionTree: Array<{ code: string; name: string; nameZh: string; type: 1 | 2; parentCode: string | null }> = ${lit(permissionTree(model), { expand: true })};`);
  return finish(sf);
}

export function emitShared(model: Model): Output[] {
  return [emitEnums(model), ...emitMeta(model), emitTypes(model), emitSchemas(model), emitPermissions(model)];
}
