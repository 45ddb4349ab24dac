/**
 * The default screen of a plain resource (issue 27 item 4; codegen/manifest-screen.ts defaultScreen): a resource
 * with a menu entry and no `views` of its own gets a screen from its fields (filters, list columns, form fields,
 * lock / unlock as a row widget, the add and edit pages), and what it declares under `screen:` replaces the
 * default's keys; `one` (the singular name) is required for every resource with a screen and emitted as
 * `resources.<r>.one`; `pages` routes are checked and claimed like the other routes.
 */
import { describe, expect, it } from 'vitest';
import { emitAll } from '../../codegen/emit';
import { ManifestError, parseManifest } from '../../codegen/manifest';

const FIELDS = [
  '      code: { type: string, en: Code, zh: 编码, required: true, maxLength: 20, filter: contains, readOnlyOnEdit: true }',
  '      name: { type: string, en: Name, zh: 名称, required: true, maxLength: 50, filter: contains }',
  '      status: { type: enum, enum: Status, en: Status, zh: 状态, default: ENABLE, filter: eq, form: false }',
  '      secret: { type: secret, en: Key, zh: 密钥, maxLength: 50 }',
  '      remark: { type: string, en: Remark, zh: 备注, maxLength: 200, list: false }',
  '      addDate: { type: datetime, en: Created, zh: 创建时间, system: true, filter: dateRange }',
].join('\n');

/** A manifest with one plain resource `depot` in the menu; `extra` goes under the resource, `one` may be replaced. */
const manifest = (extra = '', one = '    one: { en: depot, zh: 仓点 }\n') =>
  `enums:\n  Status:\n    en: S\n    zh: S\n    values:\n      ENABLE: { value: 1, en: E, zh: E }\n      LOCK: { value: -1, en: L, zh: L }\n` +
  `menus:\n  basic: { en: Basic, zh: 基础, icon: Apartment, order: 1 }\n` +
  `resources:\n  depot:\n    en: Depots\n    zh: 仓点\n${one}    path: /sapi/wms/depot\n    table: wms_depot\n    represent: code\n` +
  `    permissions: { list: depot:list, add: depot:edit, edit: depot:edit, remove: depot:edit, lock: depot:edit, unlock: depot:edit }\n` +
  `    operations: [lock, unlock]\n    menu: { group: basic, route: /depot/list, order: 1, icon: List }\n${extra}    fields:\n${FIELDS}\n`;

const problemsOf = (text: string) => {
  try { parseManifest(text, 'm.yaml'); } catch (e) { if (e instanceof ManifestError) return e.problems.join('\n'); throw e; }
  return '';
};

describe('the default screen of a plain resource', () => {
  it('derives filters, columns, form, row widgets and pages from the fields', () => {
    const screen = parseManifest(manifest(), 'm.yaml').resources[0].screen!;
    expect(screen.testId).toBe('depot');
    expect(screen.number).toBe('code');
    expect(screen.view).toBe(false);
    expect(screen.views.map((v) => [v.name, v.route, v.code])).toEqual([['list', '/depot/list', 'depot:list']]);
    expect(screen.filters.map((f) => f.field)).toEqual(['code', 'name', 'status', 'addDate']);
    // list fields: not the write-only secret, not the remark (list: false)
    expect(screen.columns.map((f) => f.field)).toEqual(['code', 'name', 'status', 'addDate']);
    // form fields: not the status (form: false) nor the system date
    expect(screen.form!.fields.map((f) => f.field)).toEqual(['code', 'name', 'secret', 'remark']);
    expect(screen.rowWidgets).toEqual(['lockToggle']);
    expect(screen.pages).toEqual({ add: '/depot/add', edit: '/depot/edit/:id' });
  });

  it('offers the import and the labels of a resource declaring their codes (permissions.import / labels)', () => {
    const text = manifest().replace('unlock: depot:edit }', 'unlock: depot:edit, import: depot:import, labels: depot:label }');
    const screen = parseManifest(text, 'm.yaml').resources[0].screen!;
    expect(screen.topWidgets).toEqual(['excelImport']);
    expect(screen.selectable).toBe(true);
    expect(screen.bulkWidgets).toEqual(['labels']);
    expect(screen.rowWidgets).toEqual(['lockToggle', 'labels']);
    // without them: none of it
    const plain = parseManifest(manifest(), 'm.yaml').resources[0].screen!;
    expect([plain.topWidgets, plain.bulkWidgets, plain.selectable]).toEqual([[], [], undefined]);
    expect(problemsOf(manifest().replace('unlock: depot:edit }', 'unlock: depot:edit, print: depot:label }'))).toMatch(/unknown key 'print'/);
  });

  it('takes what the resource declares under screen: in place of the default\'s keys', () => {
    const screen = parseManifest(manifest('    screen:\n      rowWidgets: [depotPing]\n      view: true\n      pages: { add: /bas/depot/add, edit: /bas/depot/edit/:id, detail: /bas/depot/detail/:id }\n'), 'm.yaml').resources[0].screen!;
    expect(screen.rowWidgets).toEqual(['depotPing']);
    expect(screen.view).toBe(true);
    expect(screen.pages).toEqual({ add: '/bas/depot/add', edit: '/bas/depot/edit/:id', detail: '/bas/depot/detail/:id' });
    expect(screen.filters.map((f) => f.field)).toEqual(['code', 'name', 'status', 'addDate']); // still the default's
  });

  it('routes the pages with their codes and opens them as the list with a dialog', () => {
    const out = emitAll(parseManifest(manifest('    screen:\n      view: true\n      pages: { add: /depot/add, edit: /depot/edit/:id, detail: /depot/detail/:id }\n'), 'm.yaml'));
    const file = (path: string) => out.find((o) => o.path === path)?.text ?? '';
    expect(file('generated/client/resources/depot.tsx')).toBe(''); // no react-admin pages any more
    expect(file('generated/client/routes.ts')).toMatch(/"\/depot\/list": "depot:list",\s*"\/depot\/add": "depot:edit",\s*"\/depot\/edit\/:id": "depot:edit",\s*"\/depot\/detail\/:id": "depot:list"/);
    const views = file('generated/client/views/depot.tsx');
    expect(views).toMatch(/export const DepotEditPage = \(\) => <DocumentScreen[\s\S]*?page="edit"/);
    expect(views).toMatch(/export const DepotDetailPage = \(\) => <DocumentScreen[\s\S]*?page="detail"/);
    expect(file('generated/client/viewRoutes.ts')).toMatch(/page: "detail", route: "\/depot\/detail\/:id", code: "depot:list"/);
  });

  it('emits the singular name in both languages and requires it for a resource with a screen', () => {
    const i18n = emitAll(parseManifest(manifest(), 'm.yaml')).find((o) => o.path === 'generated/client/i18n.ts')!.text;
    expect(i18n).toMatch(/depot: \{\s*name: "Depots",\s*one: "depot",/);
    expect(i18n).toMatch(/depot: \{\s*name: "仓点",\s*one: "仓点",/);
    expect(problemsOf(manifest('', ''))).toMatch(/resources\.depot: missing 'one' \(the singular name/);
    expect(problemsOf(manifest('', '    one: { en: depot }\n'))).toMatch(/resources\.depot\.one: missing 'zh'/);
    expect(problemsOf(manifest('', '    one: depot\n'))).toMatch(/resources\.depot\.one: must be \{ en, zh \}/);
    expect(problemsOf(manifest('', '    one: { en: depot, zh: 仓点, fr: dépôt }\n'))).toMatch(/resources\.depot\.one\.fr: unknown key 'fr'/);
  });

  it('checks the pages: routes with :id for edit and detail, a View for the detail, one owner per route', () => {
    const withPages = (pages: string, more = '') => problemsOf(manifest(`    screen:\n${more}      pages: ${pages}\n`));
    expect(withPages('{ edit: /depot/edit }')).toMatch(/screen\.pages\.edit: the route ends with \/:id/);
    expect(withPages('{ detail: /depot/detail/:id }')).toMatch(/screen\.pages\.detail: a detail page needs the View \(view: true\)/);
    expect(withPages('{ add: depot/add }')).toMatch(/screen\.pages\.add: a route starting with \//);
    expect(withPages('{ show: /depot/show }')).toMatch(/screen\.pages\.show: unknown key 'show'/);
    expect(withPages('{ add: /depot/list }')).toMatch(/screen\.pages\.add: route also used by depot\.list/);
    expect(withPages('{ detail: /depot/detail/:id }', '      view: true\n')).toBe('');
    expect(problemsOf(manifest('    screen:\n      view: maybe\n'))).toMatch(/screen\.view: must be true or false/);
  });

  it('gives a read-only resource no form and no pages; a resource without a menu no screen', () => {
    const readOnly = parseManifest(manifest('    readOnly: { en: Written by the server, zh: 服务器写入 }\n'), 'm.yaml').resources[0].screen!;
    expect(readOnly.form).toBeUndefined();
    expect(readOnly.pages).toBeUndefined();
    const hidden = parseManifest(manifest().replace('    menu: { group: basic, route: /depot/list, order: 1, icon: List }\n', ''), 'm.yaml').resources[0];
    expect(hidden.screen).toBeUndefined();
  });
});
