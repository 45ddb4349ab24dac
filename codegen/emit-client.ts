/**
 * Emits generated/client/: API paths, access codes per react-admin action, the menu tree, the console's
 * routes with the code each needs, i18n messages (en, zh), the screens' views (emit-screens.ts: every resource
 * with a menu entry has a screen, declared or derived) and one react-admin resource module per resource without
 * a screen (the lines resources: list with the manifest's filters, sortable columns and paging; create; edit),
 * assembled in generated/client/resources.tsx.
 */
import { refNameField } from '../src/shared/resource-meta';
import type { FieldSpec, Model, ResourceSpec } from './manifest';
import { operationCode } from './emit-server';
import { byName, code, finish, lit, newFile, pascal, type Output } from './source';
import { emitViewRoutes, emitViews } from './emit-screens';

const ACTIONS: Array<[string, string]> = [['list', 'list'], ['show', 'detail'], ['create', 'add'], ['edit', 'edit'], ['delete', 'remove'], ['lock', 'lock'], ['unlock', 'unlock']];

function emitApi(model: Model): Output {
  const sf = newFile('generated/client/api.ts');
  sf.addStatements(`/** API path of every resource (spec 7.2). */\nexport const apiPaths: Record<string, string> = ${lit(Object.fromEntries(byName(model.resources).map((r) => [r.name, r.path])), { expand: true })};`);
  return finish(sf);
}

function emitAccess(model: Model): Output {
  const sf = newFile('generated/client/access.ts');
  const codes = Object.fromEntries(byName(model.resources).map((r) => [r.name, Object.fromEntries(ACTIONS.filter(([, op]) => r.operations.includes(op as never)).map(([a, op]) => [a, operationCode(r, op)]).filter(([, c]) => c !== 'any'))]));
  const tops = Object.fromEntries(byName(model.resources).filter((r) => r.permissions.top).map((r) => [r.name, r.permissions.top]));
  sf.addStatements(`/** Code needed per react-admin action (spec 6); an absent action is open to every logged-in user. */
export const accessCodes: Record<
  string,
  Partial<Record<'list' | 'show' | 'create' | 'edit' | 'delete' | 'lock' | 'unlock' | 'export', string>>
> = ${lit(codes, { expand: true })};`);
  sf.addStatements(`/** Top-level code of each resource (spec 6). */\nexport const topCodes: Record<string, string> = ${lit(tops, { expand: true })};`);
  return finish(sf);
}

/** The code a resource's list route needs (spec 2.3): the menu's own code, else the list code; undefined = open. */
function listRouteCode(r: ResourceSpec): string | undefined {
  return r.menu?.code ?? (r.permissions.list === 'any' ? undefined : r.permissions.list);
}

/**
 * A resource's pages (spec 2.3): list at its menu route (else `/<name>`); a screen's `pages` (routes opening the
 * list with its add, edit or detail dialog open); a writable resource without a screen (a lines resource, never
 * in the menu) its react-admin add and edit pages below `/<name>`.
 */
function resourcePages(r: ResourceSpec): { list: string; add?: string; edit?: string; detail?: string } {
  if (r.screen) return { list: r.menu?.route ?? `/${r.name}`, ...(r.screen.pages ?? {}) };
  return { list: r.menu?.route ?? `/${r.name}`, ...(r.readOnly ? {} : { add: `/${r.name}/add`, edit: `/${r.name}/edit/:id` }) };
}

function emitRoutes(model: Model): Output {
  const sf = newFile('generated/client/routes.ts');
  const code = (c: string | undefined) => (c === undefined || c === 'any' ? null : c);
  const entries: Array<[string, string | null]> = [];
  for (const r of byName(model.resources)) {
    const pages = resourcePages(r);
    entries.push([pages.list, code(listRouteCode(r))]);
    if (pages.add) entries.push([pages.add, code(operationCode(r, 'add'))]);
    if (pages.edit) entries.push([pages.edit, code(operationCode(r, 'edit'))]);
    if (pages.detail) entries.push([pages.detail, code(listRouteCode(r))]);
  }
  for (const sc of byName(model.screens)) entries.push([sc.route, code(sc.code)]);
  for (const r of byName(model.resources)) for (const v of r.screen?.views ?? []) if (v.route) entries.push([v.route, code(v.code)]);
  sf.addStatements(`/**\n * The code each console route needs (spec 2.3, 6): resource lists, add and edit pages, the manifest's screens\n * (hidden ones included) and the list views of its document screens; null = open to every logged-in user. A route pattern's parameter is written \`:id\`.\n */\nexport const routeCodes = ${lit(Object.fromEntries(entries))} as const satisfies Record<string, string | null>;`);
  sf.addStatements(`/** A route of the manifest (typing a route table with it makes an unknown path a type error). */\nexport type ConsoleRoute = keyof typeof routeCodes;`);
  sf.addStatements(`/** The pages of a resource (spec 2.3): its list, and the add and edit pages of a writable resource. */\nexport interface ResourcePages { list: ConsoleRoute; add?: ConsoleRoute; edit?: ConsoleRoute; detail?: ConsoleRoute }`);
  sf.addStatements(`/** Pages of every resource (list at the menu route, else \`/<name>\`; add \`/<name>/add\`; edit \`/<name>/edit/:id\`). */\nexport const resourcePages: Record<string, ResourcePages> = ${lit(Object.fromEntries(byName(model.resources).map((r) => [r.name, resourcePages(r)])))};`);
  return finish(sf);
}

function emitMenu(model: Model): Output {
  const sf = newFile('generated/client/menu.ts');
  sf.addInterface({ name: 'MenuNode', isExported: true, properties: [
    { name: 'key', type: 'string' }, { name: 'labelKey', type: 'string' }, { name: 'icon', type: 'string', hasQuestionToken: true },
    { name: 'route', type: 'string', hasQuestionToken: true }, { name: 'resource', type: 'string', hasQuestionToken: true },
    { name: 'code', type: 'string', hasQuestionToken: true }, { name: 'children', type: 'MenuNode[]', hasQuestionToken: true }] });
  const groups = [...model.menus].sort((a, b) => a.order - b.order || a.key.localeCompare(b.key)).map((g) => ({
    key: g.key, labelKey: `menu.${g.key}`, icon: g.icon,
    children: [
      ...model.resources.filter((r) => r.menu?.group === g.key)
        .map((r) => ({ order: r.menu!.order, node: { key: r.name, labelKey: `resources.${r.name}.name`, icon: r.menu!.icon, route: r.menu!.route, resource: r.name, code: listRouteCode(r) } })),
      ...model.screens.filter((sc) => sc.group === g.key).map((sc) => ({ order: sc.order, node: { key: sc.name, labelKey: `screens.${sc.name}`, icon: sc.icon, route: sc.route, code: sc.code } })),
    ].sort((a, b) => a.order - b.order || a.node.key.localeCompare(b.node.key)).map((x) => x.node),
  })).filter((g) => g.children.length);
  sf.addStatements(`/** The sidebar (spec 2.3, 2.4): groups, then resources; a node with a code needs it. */\nexport const menuTree: MenuNode[] = ${lit(groups, { expand: true })};`);
  const hidden = model.screens.filter((sc) => sc.hidden).map((sc) => ({ key: sc.name, labelKey: `screens.${sc.name}`, route: sc.route, code: sc.code }));
  sf.addStatements(`/** Screens without a sidebar entry (spec 2.3 "hidden"): routed and titled like the menu's. */\nexport const hiddenScreens: MenuNode[] = ${lit(hidden, { expand: true })};`);
  return finish(sf);
}

/** A screen's columns (list and view lines) with labels of their own (widget columns). */
const labelled = (r: ResourceSpec) => [...(r.screen?.columns ?? []), ...(r.screen?.viewLines ?? [])].filter((c) => c.label);
/** A screen's filters with labels of their own (`resources.<r>.filters.<field>`). */
const labelledFilters = (r: ResourceSpec) => (r.screen?.filters ?? []).filter((c) => c.label);

function messages(model: Model, lang: 'en' | 'zh') {
  return {
    resources: Object.fromEntries(byName(model.resources).map((r) => [r.name, {
      name: r[lang],
      ...(r.one ? { one: r.one[lang] } : {}),
      fields: { id: 'ID', ...Object.fromEntries(r.fields.map((f) => [f.name, f[lang]])), ...Object.fromEntries(r.fields.filter((f) => f.type === 'ref').map((f) => [refNameField(f), f[lang]])), ...Object.fromEntries(r.queryParams.map((f) => [f.name, f[lang]])), updateDate: lang === 'en' ? 'Updated' : '更新时间' },
      ...(r.workflow ? { actions: Object.fromEntries(r.workflow.actions.map((a) => [a.name, a[lang]])) } : {}),
      // a confirmed action's own prompt and buttons (screen.actions.<a>.confirm)
      ...(r.screen?.actions.some((a) => a.confirm) ? { confirm: Object.fromEntries(r.screen.actions.filter((a) => a.confirm).map((a) => [a.name, { title: a.confirm![lang], keep: a.confirm!.keep[lang], ok: a.confirm!.ok[lang] }])) } : {}),
      ...(r.screen ? { views: Object.fromEntries(r.screen.views.map((v) => [v.name, v[lang]])) } : {}),
      ...(labelled(r).length ? { columns: Object.fromEntries(labelled(r).map((c) => [c.field, c.label![lang]])) } : {}),
      ...(labelledFilters(r).length ? { filters: Object.fromEntries(labelledFilters(r).map((c) => [c.field, c.label![lang]])) } : {}),
      // the texts of boolean values (a field's `values`: Enabled / Disabled)
      ...(r.fields.some((f) => f.values) ? { values: Object.fromEntries(r.fields.filter((f) => f.values).map((f) => [f.name, { true: f.values!.true[lang], false: f.values!.false[lang] }])) } : {}),
      // the texts of a registered lines widget (form.lines.texts)
      ...(r.screen?.form?.lines?.texts ? { lines: Object.fromEntries(Object.entries(r.screen.form.lines.texts).map(([k, t]) => [k, t[lang]])) } : {}),
    }])),
    enums: Object.fromEntries(byName(model.enums).map((e) => [e.name, Object.fromEntries(e.values.map((v) => [v.key, v[lang]]))])),
    menu: Object.fromEntries(model.menus.map((m) => [m.key, m[lang]])),
    screens: Object.fromEntries([...model.screens].sort((a, b) => a.name.localeCompare(b.name)).map((sc) => [sc.name, sc[lang]])),
  };
}

function emitI18n(model: Model): Output {
  const sf = newFile('generated/client/i18n.ts');
  sf.addStatements(`/** Labels of the manifest in both languages (resources.<name>.name/fields/actions/confirm/views/columns/filters/lines/values, enums.<Enum>.<KEY>, menu.<group>, screens.<name>). */\nexport const generatedMessages = {\nen: ${lit(messages(model, 'en'), { inline: 0 })},\nzh: ${lit(messages(model, 'zh'), { inline: 0 })},\n};`);
  return finish(sf);
}

const hasStatus = (model: Model, name: string) => model.resources.find((r) => r.name === name)!.fields.some((f) => f.name === 'status');

function column(model: Model, r: ResourceSpec, f: FieldSpec): string | undefined {
  const s = lit(f.name);
  const sort = f.sortable ? '' : ' sortable={false}';
  if (f.outOf) {
    // `used / allowed`, sorted by the allowed number when that one is sortable
    const of = r.fields.find((x) => x.name === f.outOf)!;
    return `<UsedOfField source=${s} outOf=${lit(f.outOf)}${of.sortable ? ` sortBy=${lit(f.outOf)}` : ' sortable={false}'} />`;
  }
  switch (f.type) {
    case 'enum': return `<EnumField source=${s} enumName=${lit(f.enum)}${sort} />`;
    case 'boolean': return `<YesNoField source=${s}${sort} />`;
    case 'money': return `<MoneyField source=${s}${sort} />`;
    case 'int': case 'number': return `<NumberField source=${s}${f.grouping === false ? ' options={{ useGrouping: false }}' : ''}${sort} />`;
    case 'datetime': return `<DateTimeField source=${s}${sort} />`;
    case 'ref': return `<TextField source=${lit(refNameField(f))} label=${lit(`resources.${r.name}.fields.${f.name}`)}${sort} />`;
    case 'refs': return `<RefsField source=${s} reference=${lit(f.resource)}${f.allowAll ? ' allowAll' : ''} sortable={false} />`;
    case 'password': case 'secret': return undefined;
    default: return `<TextField source=${s}${sort} />`;
  }
}

function input(model: Model, r: ResourceSpec, f: FieldSpec, where: 'form' | 'filter'): string {
  const s = lit(f.name);
  const dflt = where === 'form' ? defaultLiteral(model, f) : undefined;
  const extra = where === 'filter' ? ` key=${s}` : `${f.readOnlyOnEdit ? ` disabled={mode === 'edit'}` : ''}${dflt !== undefined ? ` defaultValue={${dflt}}` : ''}`;
  // the asterisk of a required field (a switch is never empty; a password may stay empty on edit: keep the old one)
  const req = where === 'form' && f.required && f.type !== 'boolean' ? (f.type === 'password' || f.type === 'secret' ? ` isRequired={mode === 'add'}` : ' isRequired') : '';
  const enabledOnly = (ref: string) => (hasStatus(model, ref) ? ` filter={{ status: 1 }}` : '');
  // an autocomplete's look-ups never show the full-screen loading mask (spec 7.1 skipLoading)
  const quiet = ' queryOptions={{ meta: { skipLoading: true } }}';
  if (f.widget === 'permissionTree') return `<PermissionTreeInput source=${s}${extra}${req} />`;
  if (f.widget === 'image' && where === 'form') return `<ImageUploader source=${s}${extra} />`;
  if (f.widget === 'grantableRoles' && where === 'form') return `<GrantableRolesInput source=${s} label=${lit(`resources.${r.name}.fields.${f.name}`)}${extra}${req} />`;
  if (f.widget === 'country') return `<CountryInput source=${s}${extra}${req} />`;
  if (f.widget === 'province') return `<ProvinceInput source=${s}${extra}${req} countrySource=${lit(r.fields.find((x) => x.widget === 'country')?.name ?? 'countryCode')} />`;
  if (f.widget === 'city') return `<CityInput source=${s}${extra}${req} countrySource=${lit(r.fields.find((x) => x.widget === 'country')?.name ?? 'countryCode')} provinceSource=${lit(r.fields.find((x) => x.widget === 'province')?.name ?? 'province')} />`;
  switch (f.type) {
    case 'enum': return `<EnumInput source=${s} enumName=${lit(f.enum)}${extra}${req} />`;
    case 'boolean': return where === 'filter' ? `<NullableBooleanInput source=${s}${extra}${req} />` : `<BooleanInput source=${s}${extra}${req} />`;
    case 'money': return `<MoneyInput source=${s}${extra}${req} />`;
    case 'int': case 'number': return `<NumberInput source=${s}${extra}${req} />`;
    case 'datetime': return `<DateTimeInput source=${s}${extra}${req} />`;
    // an add form picks a select's only option by itself (spec 2.10 "single-result selects auto-pick")
    case 'ref': return `<ReferenceInput source=${s} reference=${lit(f.resource)}${enabledOnly(f.resource!)}${quiet}${extra}><AutocompleteInput label=${lit(`resources.${r.name}.fields.${f.name}`)}${req} />${where === 'form' ? `{mode === 'add' && <AutoPickSingle source=${s} />}` : ''}</ReferenceInput>`;
    case 'refs': return f.allowAll ? `<AllOrSomeInput source=${s} reference=${lit(f.resource)}${extra}${req} />` : `<ReferenceArrayInput source=${s} reference=${lit(f.resource)}${enabledOnly(f.resource!)}${quiet}${extra}><AutocompleteArrayInput label=${lit(`resources.${r.name}.fields.${f.name}`)}${req} /></ReferenceArrayInput>`;
    case 'strings': return `<StringsInput source=${s}${extra}${req} />`;
    case 'password': case 'secret': return `<PasswordInput source=${s}${extra}${req} autoComplete="new-password" />`;
    case 'text': return `<TextInput source=${s} multiline${extra}${req} />`;
    default: return `<TextInput source=${s}${extra}${req} />`;
  }
}

/** The manifest default as a literal for a create form (enum keys become their values). */
function defaultLiteral(model: Model, f: FieldSpec): string | undefined {
  if (f.default === undefined) return undefined;
  if (f.type === 'enum') return String(model.enums.find((e) => e.name === f.enum)!.values.find((v) => v.key === f.default)!.value);
  return lit(f.default);
}

function filterInputs(model: Model, r: ResourceSpec): string[] {
  const out: string[] = [];
  for (const f of r.fields) {
    if (!f.filter) continue;
    const on = out.length < 3 ? ' alwaysOn' : '';
    if (f.filter === 'dateRange') {
      out.push(`<DateInput key=${lit(f.name + 'Start')} source=${lit(f.name + 'Start')} label=${lit(`wms.filter.${f.name}Start`)} />`, `<DateInput key=${lit(f.name + 'End')} source=${lit(f.name + 'End')} label=${lit(`wms.filter.${f.name}End`)} />`);
      continue;
    }
    out.push(input(model, r, f, 'filter').replace(/ \/>$|>(?=<)/, (m) => `${on}${m}`));
  }
  return out;
}

/** The create and edit screens of a writable resource. */
function formBody(r: ResourceSpec, P: string, form: string[]): string[] {
  return [
    `const ${P}Form = ({ mode }: { mode: FormMode }) => (`,
    `<SimpleForm resolver={useFormResolver(${r.name}Form, mode)}>`,
    ...form,
    `</SimpleForm>`,
    `);`,
    ``,
    `export const ${P}Create = () => (<Create redirect="list"><${P}Form mode="add" /></Create>);`,
    `export const ${P}Edit = () => (<Edit redirect="list" mutationMode="pessimistic"><${P}Form mode="edit" /></Edit>);`,
  ];
}

function emitResource(model: Model, r: ResourceSpec): Output {
  const P = pascal(r.name);
  const sf = newFile(`generated/client/resources/${r.name}.tsx`);
  const cols = r.fields.filter((f) => f.list).map((f) => column(model, r, f)!);
  const form = r.fields.filter((f) => f.form).map((f) => (f.hideOnSelf ? `<HideOnSelf>${input(model, r, f, 'form')}</HideOnSelf>` : input(model, r, f, 'form')));
  const filters = filterInputs(model, r);
  const body = [
    `const filters = [`,
    ...filters.map((f) => `${f},`),
    `];`,
    ``,
    `/** ${r.en} list: filters, sortable columns and paging from the manifest. */`,
    `export const ${P}List = () => (`,
    `<List filters={filters} sort={${lit({ field: r.defaultSort.field, order: r.defaultSort.order.toUpperCase() })}} perPage={10} pagination={<ListPagination />} exporter={false}>`,
    `<Datagrid rowClick={${r.readOnly ? 'false' : r.lockedRows ? `lockedRowClick(${lit(r.lockedRows)})` : lit('edit')}} bulkActionButtons={false}>`,
    `<TextField source="id" />`,
    ...cols,
    ...(r.operations.includes('lock') ? ['<LockToggleButton />'] : []),
    ...(r.readOnly ? [] : [`<EditButton />`, `<DeleteButton mutationMode="pessimistic" />`].map((b) => (r.lockedRows ? `<UnlessLocked field=${lit(r.lockedRows)}>${b}</UnlessLocked>` : b))),
    `</Datagrid>`,
    `</List>`,
    `);`,
    ...(r.readOnly ? [] : [``, ...formBody(r, P, form)]),
  ].join('\n');
  const text = body;
  const used = (name: string) => new RegExp(`<${name}[\\s>/]`).test(text);
  const ra = ['AutocompleteArrayInput', 'AutocompleteInput', 'BooleanInput', 'Create', 'Datagrid', 'DateInput', 'DateTimeInput', 'DeleteButton', 'Edit', 'EditButton', 'List', 'NullableBooleanInput', 'NumberField', 'NumberInput', 'PasswordInput', 'ReferenceArrayInput', 'ReferenceInput', 'SimpleForm', 'TextField', 'TextInput'].filter(used);
  const widgets = ['AllOrSomeInput', 'AutoPickSingle', 'CityInput', 'CountryInput', 'DateTimeField', 'EnumField', 'EnumInput', 'GrantableRolesInput', 'HideOnSelf', 'ImageUploader', 'ListPagination', 'LockToggleButton', 'MoneyField', 'MoneyInput', 'PermissionTreeInput', 'ProvinceInput', 'RefsField', 'StringsInput', 'UnlessLocked', 'UsedOfField', 'YesNoField'].filter(used);
  sf.addImportDeclaration({ moduleSpecifier: 'react-admin', namedImports: ra });
  sf.addImportDeclaration({ moduleSpecifier: '../../../src/client/widgets', namedImports: [...widgets, ...(r.lockedRows ? ['lockedRowClick'] : []), ...(r.readOnly ? [] : ['useFormResolver'])].sort() });
  if (!r.readOnly) {
    sf.addImportDeclaration({ moduleSpecifier: '../../../src/shared/validation', namedImports: ['type FormMode'] });
    sf.addImportDeclaration({ moduleSpecifier: '../../shared/schemas', namedImports: [`${r.name}Form`] });
  }
  sf.addStatements(text);
  return finish(sf);
}

function emitResourceIndex(model: Model): Output {
  const sf = newFile('generated/client/resources.tsx');
  sf.addImportDeclaration({ moduleSpecifier: 'react', namedImports: ['type ComponentType'] });
  sf.addImportDeclaration({ moduleSpecifier: '../../src/client/routing/lazyPage', namedImports: ['lazyPage'] });
  const icons = [...new Set(model.resources.map((r) => r.menu?.icon).filter(Boolean) as string[])].sort();
  sf.addImportDeclaration({ moduleSpecifier: '@mui/icons-material', namedImports: icons });
  // each resource's pages are a chunk of their own, fetched on the first visit (issue 14 "First load")
  const loaders = byName(model.resources).filter((r) => !r.screen).map((r) => `  ${r.name}: () => import(${lit(`./resources/${r.name}`)}),`);
  sf.addStatements([`/** The modules of the resources' pages, each its own chunk. */`, `const pages = {`, ...loaders, `};`].join('\n'));
  sf.addInterface({ name: 'ResourceDef', isExported: true, properties: [
    { name: 'name', type: 'string' }, { name: 'list', type: 'ComponentType', hasQuestionToken: true }, { name: 'create', type: 'ComponentType', hasQuestionToken: true },
    { name: 'edit', type: 'ComponentType', hasQuestionToken: true }, { name: 'icon', type: 'ComponentType', hasQuestionToken: true },
    { name: 'recordRepresentation', type: 'string', hasQuestionToken: true }, { name: 'listRoute', type: 'string', hasQuestionToken: true }] });
  const defs = byName(model.resources).map((r) => {
    const P = pascal(r.name);
    // a resource with a screen: its views are routed from views/<resource>.tsx; create and edit are the screen's dialog
    if (r.screen) return { name: r.name, icon: r.menu ? code(r.menu.icon) : undefined, recordRepresentation: r.represent };
    return {
      name: r.name, list: code(`lazyPage(pages.${r.name}, ${lit(`${P}List`)})`),
      create: r.readOnly ? undefined : code(`lazyPage(pages.${r.name}, ${lit(`${P}Create`)})`),
      edit: r.readOnly ? undefined : code(`lazyPage(pages.${r.name}, ${lit(`${P}Edit`)})`),
      icon: r.menu ? code(r.menu.icon) : undefined, recordRepresentation: r.represent,
      listRoute: r.menu && r.menu.route !== `/${r.name}` ? r.menu.route : undefined,
    };
  });
  sf.addStatements(`/** Every manifest resource as react-admin registers it (App.tsx maps these to <Resource>). */\nexport const generatedResources: ResourceDef[] = ${lit(defs, { expand: true })};`);
  return finish(sf);
}

export function emitClient(model: Model): Output[] {
  return [emitApi(model), emitAccess(model), emitMenu(model), emitRoutes(model), emitI18n(model), ...byName(model.resources).filter((r) => !r.screen).map((r) => emitResource(model, r)), emitResourceIndex(model), ...emitViews(model), emitViewRoutes(model)];
}
