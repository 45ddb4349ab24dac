/**
 * The generator: manifest errors name file:line and the fix; the output for a small manifest equals the
 * golden files under fixtures/golden (UPDATE_GOLDEN=1 rewrites them after a deliberate change); the output
 * is deterministic. `npm run typecheck` covers the real generated/ with tsc.
 */
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitAll } from '../../codegen/emit';
import { loadManifest, parseManifest, ManifestError } from '../../codegen/manifest';
import { screenResources } from '../../codegen/emit-screens';
import { HEADER } from '../../codegen/source';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const problemsOf = (text: string) => {
  try { parseManifest(text, 'm.yaml'); } catch (e) { if (e instanceof ManifestError) return e.problems; throw e; }
  return [];
};
const base = (fields: string) => `enums:\n  Status:\n    en: S\n    zh: S\n    values:\n      ENABLE: { value: 1, en: E, zh: E }\nresources:\n  thing:\n    en: Things\n    zh: 物\n    path: /sapi/wms/thing\n    table: wms_thing\n    represent: name\n    permissions: { list: any }\n    fields:\n${fields}${fields.endsWith('\n') ? '' : '\n'}    one: { en: thing, zh: 物 }\n`;

describe('manifest validation', () => {
  it('accepts the project manifest', () => {
    expect(() => loadManifest(join(import.meta.dirname, '../../resources.yaml'))).not.toThrow();
  });
  it('emits each resource\'s metadata in its own module; a screen\'s views import only the resources it reads', () => {
    const model = loadManifest(join(import.meta.dirname, '../../resources.yaml'));
    // the SKU screen: itself, its children (supplier and platform SKUs) and what their fields refer to
    expect(screenResources(model, 'sku')).toEqual(['company', 'ecPlatformSku', 'owner', 'sku', 'skuCategory', 'supplierSku']);
    // an order screen brings its lines resource (the form's lines) and their refs
    expect(screenResources(model, 'inboundOrder')).toContain('inboundOrderLine');
    const out = emitAll(model);
    const text = (path: string) => out.find((o) => o.path === path)!.text;
    const imported = (t: string) => [...t.matchAll(/from "\.\.\/\.\.\/shared\/resources\/(\w+)"/g)].map((m) => m[1]);
    expect(imported(text('generated/client/views/sku.tsx'))).toEqual(screenResources(model, 'sku'));
    expect(text('generated/shared/resources/sku.ts')).toMatch(/^export const skuMeta = \{$/m);
    // the whole-manifest table (server, generic code) gathers every module, one import each
    expect(text('generated/shared/resources.ts').match(/from "\.\/resources\/\w+"/g)).toHaveLength(model.resources.length);
  });
  it('names file, line and the allowed keys for a typo', () => {
    const p = problemsOf(base('      name: { type: string, en: N, zh: N, maxLenght: 5 }\n'));
    expect(p.join('\n')).toMatch(/^m\.yaml:16:\d+: resources\.thing\.fields\.name\.maxLenght: unknown key 'maxLenght' \(allowed: .*maxLength/m);
  });
  it('names an unknown type, enum and resource', () => {
    const p = problemsOf(base('      name: { type: strin, en: N, zh: N }\n      kind: { type: enum, enum: Nope, en: K, zh: K }\n      ownerId: { type: ref, resource: owner, en: O, zh: O }\n')).join('\n');
    expect(p).toMatch(/m\.yaml:16:\d+: resources\.thing\.fields\.name\.type: 'strin' is not one of: string, text/);
    expect(p).toMatch(/m\.yaml:17:\d+: resources\.thing\.fields\.kind\.enum: 'Nope' is not a declared enum/);
    expect(p).toMatch(/m\.yaml:18:\d+: resources\.thing\.fields\.ownerId\.resource: 'owner' is not a declared resource/);
  });
  it('requires a column size for strings and a sortable type', () => {
    const p = problemsOf(base('      name: { type: string, en: N, zh: N }\n      tags: { type: strings, en: T, zh: T, sortable: true }\n')).join('\n');
    expect(p).toMatch(/fields\.name: a string field needs maxLength/);
    expect(p).toMatch(/fields\.tags\.sortable: a strings field cannot be sorted/);
  });
  it('checks CHECK constraints and the read-only message', () => {
    const withKeys = (extra: string) => base('      name: { type: string, en: N, zh: N, maxLength: 5 }\n').replace('    fields:\n', `${extra}    fields:\n`);
    const p = problemsOf(withKeys('    checks: { Bad-Name: "x > 0", empty: "" }\n    readOnly: { en: Only by code }\n')).join('\n');
    expect(p).toMatch(/resources\.thing\.checks\.Bad-Name: check names are snake_case/);
    expect(p).toMatch(/resources\.thing\.checks\.empty: must be an SQL condition over column names/);
    expect(p).toMatch(/resources\.thing\.readOnly: missing 'zh'/);
    expect(problemsOf(withKeys('    checks: { name_short: "length(name) < 5" }\n    readOnly: { en: A, zh: B }\n'))).toEqual([]);
  });
  it('checks a workflow against its enum field', () => {
    const wf = (w: string) => problemsOf(base('      name: { type: string, en: N, zh: N, maxLength: 5 }\n      status: { type: enum, enum: Status, en: S, zh: S }\n').replace('    permissions: { list: any }\n', `    permissions: { list: any, edit: thing:edit }\n${w}`)).join('\n');
    expect(wf('    workflow: { field: name, actions: { go: { en: G, zh: G, from: [ENABLE], to: ENABLE } } }\n')).toMatch(/workflow\.field: 'name' is not an enum field of this resource/);
    const p = wf('    workflow: { field: status, actions: { go: { en: G, zh: G, from: [OPEN], to: [] } } }\n');
    expect(p).toMatch(/workflow\.actions\.go\.from: 'OPEN' is not a state of Status \(ENABLE\)/);
    expect(p).toMatch(/workflow\.actions\.go\.to: name at least one state of Status/);
    expect(wf('    workflow: { field: status, actions: { go: { en: G, zh: G, from: [ENABLE], to: ENABLE } } }\n')).toBe('');
  });
  it('checks list codes per enum value and joins them to the read permission', async () => {
    const lc = (w: string, codes = '') => problemsOf(`${codes}` + base('      name: { type: string, en: N, zh: N, maxLength: 5 }\n      status: { type: enum, enum: Status, en: S, zh: S }\n').replace('    permissions: { list: any }\n', `    permissions: { list: thing:list }\n${w}`)).join('\n');
    expect(lc('    listCodes: { field: name, codes: {} }\n')).toMatch(/listCodes\.field: 'name' is not an enum field of this resource/);
    expect(lc('    listCodes: { field: status, codes: { OPEN: thing:open } }\n')).toMatch(/listCodes\.codes\.OPEN: 'OPEN' is not a value of Status \(ENABLE\)/);
    expect(lc('    listCodes: { field: status, codes: { ENABLE: Bad Code } }\n')).toMatch(/listCodes\.codes\.ENABLE: 'Bad Code' is not a code like area or area:action/);
    expect(lc('    listCodes: { field: status, codes: { ENABLE: thing:enabled } }\n')).toMatch(/listCodes\.codes\.1: 'thing:enabled' is not a permission code of the manifest/);
    expect(lc('    listCodes: { field: status, codes: { ENABLE: thing:enabled } }\n', 'codes:\n  thing:enabled: { en: E, zh: E, type: menu }\n')).toBe('');
    const { operationCode } = await import('../../codegen/emit-server');
    const { hasCode } = await import('../../src/client/providers/access');
    const code = operationCode({ permissions: { list: 'inbound:list' }, listCodes: { field: 'type', codes: { 2: 'inbound:return_list' } } } as never, 'page');
    expect(code).toBe('inbound:list|inbound:return_list');
    expect([hasCode(['inbound:return_list'], code), hasCode(['inbound:edit'], code)]).toEqual([true, false]);
  });
  it('checks a screen\'s form lines: requiredWithout, the lines widget\'s texts, view-line display values', () => {
    const manifest = (lines: string, viewLines: string) => `resources:
  thing:
    en: Things
    zh: 物
    path: /sapi/wms/thing
    table: wms_thing
    represent: name
    one: { en: thing, zh: 物 }
    permissions: { list: any }
    screen:
      testId: thing
      number: name
      views: { all: { route: /thing/list } }
      form: { fields: [name], lines: ${lines} }
      viewLines: ${viewLines}
    fields:
      name: { type: string, en: N, zh: N, maxLength: 5 }
  thingLine:
    en: Lines
    zh: 行
    path: /sapi/wms/thing-line
    table: wms_thing_line
    represent: id
    permissions: { list: any }
    fields:
      a: { type: int, en: A, zh: A }
      b: { type: int, en: B, zh: B }
`;
    const p = problemsOf(manifest('{ resource: thingLine, fields: [a, { field: b, requiredWithout: c }], widget: thingLines, texts: { addIt: { en: Add } } }', '[a, { field: shown, en: S, zh: S }, nope]')).join('\n');
    expect(p).toMatch(/screen\.form\.lines\.fields: b: requiredWithout 'c' is not one of these fields/);
    expect(p).toMatch(/screen\.form\.lines\.texts\.addIt: a label needs both en and zh/);
    expect(p).toMatch(/screen\.viewLines\.2: 'nope' is not a field of thingLine/);
    expect(p).not.toMatch(/viewLines\.1/);
    const ok = parseManifest(manifest('{ resource: thingLine, fields: [a, { field: b, requiredWithout: a }], widget: thingLines, texts: { addIt: { en: Add, zh: 添加 } } }', '[a, { field: shown, en: S, zh: S }]'), 'm.yaml');
    expect(ok.resources.find((r) => r.name === 'thing')!.screen!.form!.lines).toEqual({
      resource: 'thingLine',
      fields: ['a', 'b'],
      requiredWithout: { b: 'a' },
      widget: 'thingLines',
      texts: { addIt: { en: 'Add', zh: '添加' } },
    });
  });
  it('checks a read-only list screen: query-parameter filters, display-value columns, no form', () => {
    const manifest = (screen: string) => `resources:
  thing:
    en: Things
    zh: 物
    path: /sapi/wms/thing
    table: wms_thing
    represent: name
    permissions: { list: any }
    one: { en: thing, zh: 物 }
    readOnly: { en: No, zh: 不 }
    queryParams:
      text: { type: string, en: T, zh: T, maxLength: 9 }
      stocked: { type: boolean, en: S, zh: S }
      tags: { type: strings, en: G, zh: G }
    screen:
      testId: thing
      views: { all: { route: /thing/list } }
${screen}
    fields:
      name: { type: string, en: N, zh: N, maxLength: 5 }
      code: { type: string, en: C, zh: C, maxLength: 5, filter: eq }
`;
    const p = problemsOf(manifest('      filters: [text, stocked, code, name, tags, nope]\n      columns: [name, { field: sku.name, en: S, zh: S }, bare.path]\n      form: { fields: [name] }\n      editable: []')).join('\n');
    expect(p).toMatch(/screen\.filters\.3: 'name' is not a field that can be used here/);
    expect(p).toMatch(/screen\.filters\.4: 'tags' is not a field that can be used here/);
    expect(p).toMatch(/screen\.filters\.5: 'nope' is not a field that can be used here/);
    expect(p).toMatch(/screen\.columns\.2: 'bare\.path' is not a field that can be used here/);
    expect(p).toMatch(/screen\.form: a read-only resource has no create \/ edit form or editable states/);
    expect(p).toMatch(/screen\.editable: a read-only resource/);
    expect(p).not.toMatch(/filters\.[012]|columns\.1/);
    const ok = parseManifest(manifest('      filters: [text, stocked, code]\n      columns: [name, { field: sku.name, en: S, zh: S }]'), 'm.yaml').resources[0].screen!;
    expect([ok.number, ok.filters.map((f) => f.field), ok.columns[1]]).toEqual(['id', ['text', 'stocked', 'code'], { field: 'sku.name', label: { en: 'S', zh: 'S' } }]);
  });
  it('checks the read-only lines of a view (viewLinesOf, issue 32): a declared resource, its fields, only without form.lines', () => {
    const manifest = (screen: string) => `resources:
  thing:
    en: Things
    zh: 物
    path: /sapi/wms/thing
    table: wms_thing
    represent: name
    permissions: { list: any }
    one: { en: thing, zh: 物 }
    readOnly: { en: No, zh: 不 }
    screen:
      testId: thing
      view: true
      views: { all: { route: /thing/list } }
${screen}
    fields:
      name: { type: string, en: N, zh: N, maxLength: 5 }
`;
    expect(problemsOf(manifest('      viewLines: [name]')).join('\n')).toMatch(/screen\.viewLines: view lines need form\.lines or viewLinesOf/);
    expect(problemsOf(manifest('      viewLinesOf: nope\n      viewLines: [name]')).join('\n')).toMatch(/screen\.viewLinesOf: 'nope' is not a declared resource/);
    expect(problemsOf(manifest('      viewLinesOf: 7\n      viewLines: [name]')).join('\n')).toMatch(/screen\.viewLinesOf: name the lines resource/);
    const p = problemsOf(manifest('      viewLinesOf: thing\n      viewLines: [name, nope, { field: extra, en: X, zh: X }]')).join('\n');
    expect(p).toMatch(/screen\.viewLines\.1: 'nope' is not a field of thing/);
    expect(p).not.toMatch(/viewLines\.[02]/);
    const ok = parseManifest(manifest('      viewLinesOf: thing\n      viewLines: [name]'), 'm.yaml').resources[0].screen!;
    expect([ok.viewLinesOf, ok.viewLines]).toEqual(['thing', [{ field: 'name' }]]);
  });
  it('checks a filter\'s own label: both languages, one per field, emitted as resources.<r>.filters.<field>', () => {
    const manifest = (filters: string) => base('      name: { type: string, en: N, zh: N, maxLength: 5, filter: eq }\n      code: { type: string, en: C, zh: C, maxLength: 5, filter: eq }\n')
      .replace('    fields:\n', `    screen:\n      testId: thing\n      views: { all: { route: /thing/list } }\n      filters: ${filters}\n    fields:\n`);
    const p = problemsOf(manifest('[{ field: name, en: Name has }, code, { field: code, en: X, zh: X }, { field: code, en: Y, zh: Y }]')).join('\n');
    expect(p).toMatch(/^m\.yaml:18:17: resources\.thing\.screen\.filters\.0: a label needs both en and zh/m);
    expect(p).toMatch(/^m\.yaml:18:\d+: resources\.thing\.screen\.filters\.3: 'code' is labelled differently above: one label per field/m);
    expect(p).not.toMatch(/filters\.[12]/);
    const model = parseManifest(manifest('[{ field: name, en: Name has, zh: 名称含 }, code]'), 'm.yaml');
    expect(model.resources[0].screen!.filters).toEqual([{ field: 'name', label: { en: 'Name has', zh: '名称含' } }, { field: 'code' }]);
    const i18n = emitAll(model).find((o) => o.path === 'generated/client/i18n.ts')!.text;
    expect(i18n).toMatch(/filters: \{\s*name: "Name has",\s*\}/);
    expect(i18n).toMatch(/filters: \{\s*name: "名称含",\s*\}/);
  });
  it('takes a view without a route as embedded only: no component, no route, a title of its own or the resource\'s', () => {
    const manifest = (views: string) => base('      name: { type: string, en: N, zh: N, maxLength: 5, filter: eq }\n')
      .replace('    fields:\n', `    screen:\n      testId: thing\n      views: ${views}\n    fields:\n`);
    expect(problemsOf(manifest('{ list: { route: /thing/list }, record: { route: thing } }')).join('\n')).toMatch(/screen\.views\.record\.route: a route starting with \/ \(or none: shown only in a dialog\)/);
    const model = parseManifest(manifest('{ list: { route: /thing/list }, record: {} }'), 'm.yaml');
    expect(model.resources[0].screen!.views.map((v) => [v.name, v.route, v.en])).toEqual([['list', '/thing/list', 'Things'], ['record', undefined, 'Things']]);
    const out = emitAll(model);
    const views = out.find((o) => o.path === 'generated/client/views/thing.tsx')!.text;
    expect(views).toMatch(/ThingListList/);
    expect(views).not.toMatch(/ThingRecordList|view: "record"/);
    expect(out.find((o) => o.path === 'generated/client/routes.ts')!.text).not.toMatch(/undefined/);
  });
  it('emits a secret field write-only and sealed: a text column, no record field, required on add only, no list column', () => {
    const fields = '      name: { type: string, en: N, zh: N, maxLength: 5 }\n      token: { type: secret, en: Token, zh: 令牌, required: true, maxLength: 200 }\n';
    expect(problemsOf(base(fields.replace('maxLength: 200 }', 'maxLength: 200, list: true }'))).join('\n')).toMatch(/fields\.token: a secret is write-only: no filter, no list column/);
    expect(problemsOf(base(fields.replace(', maxLength: 200', ''))).join('\n')).toMatch(/fields\.token: a secret field needs maxLength/);
    const out = emitAll(parseManifest(base(fields), 'm.yaml'));
    const file = (path: string) => out.find((o) => o.path === path)!.text;
    expect(file('generated/db/schema.ts')).toMatch(/token: text\("token"\)\.notNull\(\)/);
    expect(file('generated/shared/types.ts')).not.toMatch(/token/);
    expect(file('generated/shared/schemas.ts')).toMatch(/token: r\.password\(/);
    const page = file('generated/client/resources/thing.tsx');
    expect(page).toMatch(/<PasswordInput source="token" isRequired=\{mode === 'add'\} autoComplete="new-password" \/>/);
    expect(page).not.toMatch(/<TextField source="token"/);
  });
  it('checks a screen\'s menu group and permission code', () => {
    const withScreen = (sc: string) => problemsOf(`menus:\n  basic: { en: B, zh: B, icon: Apartment, order: 1 }\nscreens:\n  map: ${sc}\n` + base('      name: { type: string, en: N, zh: N, maxLength: 5 }\n')).join('\n');
    expect(withScreen('{ en: M, zh: M, group: nope, route: /map, order: 1, icon: Map, code: thing:view }'))
      .toMatch(/screens\.map\.group: 'nope' is not a declared menu[\s\S]*screens\.map\.code: 'thing:view' is not a permission code of the manifest/);
    expect(withScreen('{ en: M, zh: M, group: basic, route: /map, order: 1, icon: Map }')).toBe('');
  });
  it('takes a hidden screen without a group, and one code per route', () => {
    const withScreens = (sc: string) => problemsOf(`menus:\n  basic: { en: B, zh: B, icon: Apartment, order: 1 }\nscreens:\n${sc}` + base('      name: { type: string, en: N, zh: N, maxLength: 5 }\n').replace('    fields:\n', '    menu: { group: basic, route: /thing/list, order: 1, icon: List }\n    fields:\n')).join('\n');
    expect(withScreens('  exec: { en: E, zh: E, hidden: true, route: /func/exec }\n')).toBe('');
    expect(withScreens('  exec: { en: E, zh: E, hidden: true, group: basic, route: /func/exec }\n')).toMatch(/screens\.exec\.group: a hidden screen has no sidebar group/);
    expect(withScreens('  exec: { en: E, zh: E, route: /func/exec }\n')).toMatch(/screens\.exec: missing 'group'/);
    const clash = withScreens('  one: { en: A, zh: A, hidden: true, route: /func/a }\n  two: { en: B, zh: B, hidden: true, route: /func/a }\n  three: { en: C, zh: C, hidden: true, route: /thing/list }\n');
    expect(clash).toMatch(/screens\.two\.route: route '\/func\/a' is already screen one's/);
    expect(clash).toMatch(/screens\.three\.route: route '\/thing\/list' is already resource thing's/);
  });
  it('checks a screen without a workflow: editable by a referenced record, lookup filters, add, a registered form', () => {
    const order = `  order:\n    en: Orders\n    zh: 单\n    path: /sapi/wms/order\n    table: wms_order\n    represent: orderNo\n    permissions: { list: any, edit: order:edit }\n    workflow: { field: status, actions: { go: { en: G, zh: G, from: [ENABLE], to: ENABLE } } }\n    fields:\n      orderNo: { type: string, en: N, zh: N, maxLength: 9, filter: eq }\n      status: { type: enum, enum: Status, en: S, zh: S }\n`;
    const pkg = (screen: string) => problemsOf(base('      name: { type: string, en: N, zh: N, maxLength: 5, filter: eq }\n      orderId: { type: ref, resource: order, en: O, zh: O, filter: eq }\n')
      .replace('resources:\n', `resources:\n${order}`).replace('    fields:\n      name:', `    screen:\n${screen}    fields:\n      name:`)).join('\n');
    const screen = (extra: string) => `      testId: thing\n      number: name\n      views: { list: { route: /thing/list } }\n${extra}`;
    const ok = screen('      editable: { ref: orderId, states: [ENABLE] }\n      add: false\n      filters: [name, { field: orderId, lookup: true }]\n      form: { widget: thingDialog, fields: [name] }\n');
    expect(pkg(ok)).toBe('');
    const p = pkg(screen('      editable: { ref: name, states: [OPEN] }\n      add: true\n      filters: [{ field: name, lookup: true }]\n      form: { lines: { resource: order } }\n'));
    expect(p).toMatch(/screen\.editable\.ref: name a ref field of this resource/);
    expect(p).toMatch(/screen\.add: must be false \(or left out\)/);
    expect(p).toMatch(/screen\.filters\.0\.lookup: 'name' is not a ref field/);
    expect(p).toMatch(/screen\.form\.fields: list the fields of the create\/edit dialog \(or name a registered form widget\)/);
    expect(p).toMatch(/screen\.form\.lines\.fields: list the fields of a line/);
    expect(pkg(screen('      editable: [ENABLE]\n'))).toMatch(/screen\.editable: a resource without a workflow names the states of a referenced record/);
    expect(pkg(screen('      editable: { ref: orderId, states: [OPEN] }\n'))).toMatch(/screen\.editable\.states\.0: 'OPEN' is not a state of the workflow of order/);
  });
  it('checks a screen\'s inline row actions (at most two, known, not destructive) and an action\'s own prompt (issue 27)', () => {
    const wf = '    workflow: { field: status, actions: { go: { en: Go, zh: 走, from: [ENABLE], to: ENABLE, code: t }, drop: { en: Drop, zh: 弃, from: [ENABLE], to: ENABLE, code: t }, ask: { en: Ask, zh: 问, from: [ENABLE], to: ENABLE, code: t } } }\n';
    const manifest = (screen: string) => base('      name: { type: string, en: N, zh: N, maxLength: 5, filter: eq }\n      status: { type: enum, enum: Status, en: S, zh: S }\n      why: { type: string, en: W, zh: W, maxLength: 9 }\n')
      .replace('    fields:\n      name:', `${wf}    screen:\n      testId: thing\n      number: name\n      views: { all: { route: /thing/list } }\n      form: { fields: [name] }\n      rowWidgets: [thingPrint]\n${screen}    fields:\n      name:`);
    const prompt = "{ en: 'Drop thing %{no}?', zh: '确定丢弃 %{no} 吗？', keep: { en: Keep thing, zh: 保留 }, ok: { en: Drop thing, zh: 丢弃 } }";
    const ok = manifest(`      actions: { drop: { color: error, confirm: ${prompt} }, ask: { reason: why } }\n      inline: [go, thingPrint]\n`);
    expect(problemsOf(ok)).toEqual([]);
    const thing = parseManifest(ok, 'm.yaml').resources.find((r) => r.name === 'thing')!;
    expect(thing.screen!.inline).toEqual(['go', 'thingPrint']);
    expect(thing.screen!.actions.find((a) => a.name === 'drop')!.confirm).toEqual({ en: 'Drop thing %{no}?', zh: '确定丢弃 %{no} 吗？', keep: { en: 'Keep thing', zh: '保留' }, ok: { en: 'Drop thing', zh: '丢弃' } });
    // the prompt's texts are messages of the resource, in both languages
    const i18n = emitAll(parseManifest(ok, 'm.yaml')).find((o) => o.path === 'generated/client/i18n.ts')!.text;
    const flat = i18n.replace(/\s+/g, ' ');
    expect(flat).toContain('confirm: { drop: { title: "Drop thing %{no}?", keep: "Keep thing", ok: "Drop thing", }, }');
    expect(flat).toContain('confirm: { drop: { title: "确定丢弃 %{no} 吗？", keep: "保留", ok: "丢弃", }, }');
    // left out: no inline in the spec (the console's default applies)
    expect(parseManifest(manifest(''), 'm.yaml').resources.find((r) => r.name === 'thing')!.screen!.inline).toBeUndefined();
    const bad = problemsOf(manifest(`      actions: { drop: { color: error }, ask: { reason: why, confirm: ${prompt} }, go: { confirm: { en: Go?, zh: 走？, keep: { en: K } } } }\n      inline: [go, edit, view]\n`)).join('\n');
    expect(bad).toMatch(/screen\.inline: at most 2 row actions are shown as buttons/);
    expect(bad).toMatch(/screen\.actions\.ask\.confirm: only an action that asks for confirmation/);
    expect(bad).toMatch(/screen\.actions\.go\.confirm\.keep: a label needs both en and zh/);
    expect(bad).toMatch(/screen\.actions\.go\.confirm\.ok: name the button/);
    const wrong = problemsOf(manifest('      actions: { drop: { color: error } }\n      inline: [drop, nope]\n')).join('\n');
    expect(wrong).toMatch(/screen\.inline\.0: 'drop' is destructive: it stays apart at the end of the row's menu/);
    expect(wrong).toMatch(/screen\.inline\.1: 'nope' is not a row action of this screen \(view, edit, go, drop, ask, thingPrint\)/);
    expect(problemsOf(manifest('      inline: [delete]\n')).join('\n')).toMatch(/screen\.inline\.0: 'delete' is destructive/);
  });
  it('checks the SKU list vocabulary: selection, bulk widgets, children, presets, dialog-only views, filter widgets, empty prompts', () => {
    const part = (extra: string) => `  part:\n    en: Parts\n    zh: 件\n    one: { en: part, zh: 件 }\n    path: /sapi/wms/part\n    table: wms_part\n    represent: code\n    permissions: { list: any }\n${extra}    fields:\n      thingId: { type: ref, resource: thing, en: T, zh: T, filter: eq }\n      code: { type: string, en: C, zh: C, maxLength: 9, filter: contains }\n`;
    const partScreen = '    screen:\n      testId: part\n      number: code\n      views: { ofThing: {} }\n      form: { emptyPrompt: true, fields: [code] }\n';
    const fields = '      name: { type: string, en: N, zh: N, maxLength: 5, filter: codes }\n      on: { type: boolean, en: O, zh: O, filter: eq, values: { true: { en: Y, zh: Y }, false: { en: N, zh: N } } }\n      pic: { type: string, en: P, zh: P, maxLength: 99, widget: image }\n';
    const manifest = (screen: string, child = partScreen, more = '') => base(fields + more).replace('    permissions: { list: any }\n', '    permissions: { list: any }\n    queryParams:\n      kind: { type: enum, enum: Status, en: K, zh: K }\n') + `    screen:\n      testId: thing\n      number: name\n${screen}` + part(child);
    const ok = manifest('      view: false\n      selectable: true\n      bulkWidgets: [thingPrint]\n      children: [part]\n      views:\n        all: { route: /thing/all }\n        one: { route: /thing/one, preset: { kind: ENABLE } }\n      filters: [{ field: name, widget: thingCodes }, on, kind]\n      form: { fields: [name, on, pic] }\n');
    expect(problemsOf(ok)).toEqual([]);
    const model = parseManifest(ok, 'm.yaml');
    const thing = model.resources.find((r) => r.name === 'thing')!;
    expect([thing.screen!.view, thing.screen!.selectable, thing.screen!.bulkWidgets, thing.screen!.children, thing.screen!.views[1].preset]).toEqual([false, true, ['thingPrint'], [{ resource: 'part', ref: 'thingId' }], { kind: 1 }]);
    expect(thing.fields.find((f) => f.name === 'on')!.values).toEqual({ true: { en: 'Y', zh: 'Y' }, false: { en: 'N', zh: 'N' } });
    const part0 = model.resources.find((r) => r.name === 'part')!.screen!;
    expect([part0.views[0].route, part0.form!.emptyPrompt]).toEqual([undefined, true]);
    // a dialog-only view is not routed
    expect(emitAll(model).find((o) => o.path === 'generated/client/routes.ts')!.text).not.toMatch(/ofThing|undefined/);
    const bad = problemsOf(manifest('      view: yes\n      selectable: yes\n      bulkWidgets: [thingPrint]\n      children: [thing, nope]\n      views:\n        all: { route: thing, preset: { kind: OPEN, nope: 1 } }\n      filters: [{ field: pic, widget: thingCodes }]\n      form: { emptyPrompt: 1, fields: [name] }\n', '', '      off: { type: string, en: F, zh: F, maxLength: 5, values: { true: { en: Y } }, widget: image }\n      map: { type: int, en: M, zh: M, widget: image }\n')).join('\n');
    expect(bad).toMatch(/^m\.yaml:\d+:\d+: resources\.thing\.screen\.view: must be true or false \(or left out\)/m);
    expect(bad).toMatch(/screen\.selectable: must be true \(or left out\)/);
    expect(bad).toMatch(/screen\.bulkWidgets: bulk widgets act on selected rows: say selectable: true/);
    expect(bad).toMatch(/screen\.children\.0: 'thing' is not a resource with a screen|screen\.children\.0: thing has no ref field to thing/);
    expect(bad).toMatch(/screen\.children\.1: 'nope' is not a resource with a screen/);
    expect(bad).toMatch(/screen\.views\.all\.route: a route starting with \/ \(or none: shown only in a dialog\)/);
    expect(bad).toMatch(/screen\.views\.all\.preset\.kind: 'OPEN' is not a key of Status/);
    expect(bad).toMatch(/screen\.views\.all\.preset\.nope: is not a field of this resource/);
    expect(bad).toMatch(/screen\.filters\.0: 'pic' is not a field with a filter or a query parameter/);
    expect(bad).toMatch(/screen\.form\.emptyPrompt: must be true \(or left out\)/);
    expect(bad).toMatch(/fields\.off\.values: only boolean fields name the texts of their values/);
    expect(bad).toMatch(/fields\.map\.widget: image edits a string field holding the picture's url/);
  });
  it('reports YAML syntax errors with their line', () => {
    expect(problemsOf('enums:\n  A: [\n')[0]).toMatch(/^m\.yaml:\d+:\d+: /);
  });
});

describe('generated output', () => {
  const model = loadManifest(join(FIXTURES, 'mini.yaml'));
  const outputs = emitAll(model);

  it('matches the golden files', () => {
    for (const o of outputs) {
      const golden = join(FIXTURES, 'golden', `${o.path}.golden`); // .golden: data, not compiled
      if (process.env.UPDATE_GOLDEN === '1' || !existsSync(golden)) {
        mkdirSync(dirname(golden), { recursive: true });
        writeFileSync(golden, o.text);
      }
      expect(o.text, o.path).toBe(readFileSync(golden, 'utf8'));
    }
  });

  it('is deterministic, sorted and headed', () => {
    const again = emitAll(loadManifest(join(FIXTURES, 'mini.yaml')));
    expect(again).toEqual(outputs);
    expect(outputs.map((o) => o.path)).toEqual([...outputs.map((o) => o.path)].sort());
    for (const o of outputs) expect(o.text.startsWith(o.path.endsWith('.md') ? `<!-- ${HEADER.slice(3).trim()} -->` : HEADER), o.path).toBe(true);
    expect(outputs.some((o) => /\d{4}-\d{2}-\d{2}T/.test(o.text))).toBe(false);
  });

  it('indexes a filter together with the default sort field (field, sort field, id)', () => {
    const m = parseManifest(base('      name: { type: string, en: N, zh: N, maxLength: 5, filter: eq }\n      status: { type: enum, enum: Status, en: S, zh: S, filter: eq }\n      addDate: { type: datetime, en: C, zh: C, system: true }\n')
      .replace('    permissions: { list: any }\n', '    permissions: { list: any }\n    defaultSort: { field: addDate, order: desc }\n'), 'm.yaml');
    const schema = emitAll(m).find((o) => o.path === 'generated/db/schema.ts')!.text;
    expect(schema).toContain('index("wms_thing_status_add_date_id_idx").on(t.status, t.addDate, t.id)');
    expect(schema).toContain('index("wms_thing_add_date_id_idx").on(t.addDate, t.id)');
    expect(schema).not.toContain('index("wms_thing_status_idx")');
  });

  it('indexes an owner filter in the default sort order once when the sort field is sortable (one index, one name)', () => {
    const m = parseManifest(base('      name: { type: string, en: N, zh: N, maxLength: 5 }\n      ownerId: { type: int, en: O, zh: O, filter: eq }\n      addDate: { type: datetime, en: C, zh: C, system: true, sortable: true }\n')
      .replace('    permissions: { list: any }\n', '    permissions: { list: any }\n    scope: { owner: ownerId }\n    defaultSort: { field: addDate, order: desc }\n'), 'm.yaml');
    const schema = emitAll(m).find((o) => o.path === 'generated/db/schema.ts')!.text;
    expect(schema.split('index("wms_thing_owner_id_add_date_id_idx").on(t.ownerId, t.addDate, t.id)').length).toBe(2);
  });

  it('indexes the declared field lists (indexes:), then id; a field it does not have is named', () => {
    const fields = '      name: { type: string, en: N, zh: N, maxLength: 5, filter: eq }\n      status: { type: enum, enum: Status, en: S, zh: S, filter: eq }\n';
    const m = parseManifest(base(fields).replace('    permissions: { list: any }\n', '    permissions: { list: any }\n    indexes: [[status, name]]\n'), 'm.yaml');
    expect(m.resources[0].indexes).toEqual([['status', 'name']]);
    const schema = emitAll(m).find((o) => o.path === 'generated/db/schema.ts')!.text;
    expect(schema).toContain('index("wms_thing_status_name_id_idx").on(t.status, t.name, t.id)');
    expect(problemsOf(base(fields).replace('    permissions: { list: any }\n', '    permissions: { list: any }\n    indexes: [[status, colour]]\n')).join('\n')).toMatch(/indexes\.0: each entry lists fields of thing/);
  });

  it('routes every operation with its code and scope', () => {
    // layout aside (a long route goes over several lines): no whitespace, no trailing commas
    const flat = (s: string) => s.replace(/\s+/g, '').replace(/,([}\]])/g, '$1');
    const routes = flat(outputs.find((o) => o.path === 'generated/server/routes.ts')!.text);
    expect(routes).toContain(flat('{ path: "/sapi/wms/carrier/lock", resource: "carrier", operation: "lock", permission: "carrier:edit" }'));
    expect(routes).toContain(flat('{ path: "/sapi/wms/carrier-service/page", resource: "service", operation: "page", permission: "any", scope: { owner: "ownerRefId" } }'));
  });
});

describe('workflow reading (src/shared/workflow.ts)', () => {
  const wf = loadManifest(join(FIXTURES, 'mini.yaml')).resources.find((r) => r.name === 'carrier')!.workflow;
  it('offers the actions of a state only', async () => {
    const { actionsFrom, canTake } = await import('../../src/shared/workflow');
    expect(actionsFrom(wf, 1).map((a) => a.name)).toEqual(['suspend']);
    expect(actionsFrom(wf, -1).map((a) => [a.name, a.code])).toEqual([['resume', 'carrier:resume']]);
    expect([canTake(wf, 'suspend', 1), canTake(wf, 'suspend', -1), canTake(undefined, 'suspend', 1)]).toEqual([true, false, false]);
  });
});
