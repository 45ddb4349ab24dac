/**
 * Emits generated/client/views/<resource>.tsx: one component per list view of every manifest `screen:` (each
 * renders the documents kit's DocumentScreen for its resource and view), and generated/client/viewRoutes.ts:
 * the route table App.tsx serves them from, with the permission code each route needs (spec 2.3, 6). The route
 * table loads a resource's views module lazily (issue 14 "First load"): the documents kit is fetched with the
 * first list, not on the login page, and each list brings only its own resources' metadata.
 */
import type { Model } from './manifest';
import { SCREEN_WIDGETS } from '../src/client/screens/widgets';
import { metaConst } from './emit-shared';
import { operationCode } from './emit-server';
import { byName, code, finish, lit, newFile, pascal, type Output } from './source';

/** The component name of a view, e.g. InboundOrderReturnList. */
export const viewComponent = (resource: string, view: string) => `${pascal(resource)}${pascal(view)}List`;

/** The component name of a screen's page (`pages`: the list with a dialog open), e.g. UserEditPage. */
export const pageComponent = (resource: string, page: string) => `${pascal(resource)}${pascal(page)}Page`;

/** A widget module's import path relative to generated/client/views: `widgets/<m>` lies in src/client/widgets, else src/client/screens/<m>/widgets. */
const widgetModulePath = (m: string) => (m.startsWith('widgets/') ? `../../../src/client/${m}` : `../../../src/client/screens/${m}/widgets`);

/** The screens a screen of `resource` shows: itself, its children's screens and its form's lines resource, each with those of its own. */
function shownResources(model: Model, resource: string): Set<string> {
  const byKey = new Map(model.resources.map((r) => [r.name, r]));
  const own = new Set<string>();
  const visit = (name: string) => {
    if (own.has(name) || !byKey.has(name)) return;
    own.add(name);
    const screen = byKey.get(name)!.screen;
    for (const c of screen?.children ?? []) visit(c.resource);
    if (screen?.form?.lines) visit(screen.form.lines.resource);
    if (screen?.viewLinesOf) visit(screen.viewLinesOf);
  };
  visit(resource);
  return own;
}

/**
 * The resources a screen of `resource` reads (src/client/kit/screen: `source.resources[...]`): those it shows
 * (shownResources: children are shown with the same source) and then the resources their fields and query
 * parameters refer to (a ref's `represent`, a lookup's target, an `editable.ref`'s workflow). Sorted by name.
 */
export function screenResources(model: Model, resource: string): string[] {
  const byKey = new Map(model.resources.map((r) => [r.name, r]));
  const own = shownResources(model, resource);
  const all = new Set(own);
  for (const name of own) {
    const r = byKey.get(name)!;
    for (const f of [...r.fields, ...r.queryParams]) if (f.resource && byKey.has(f.resource)) all.add(f.resource);
  }
  return [...all].sort();
}

/**
 * The hand-written widget modules (src/client/screens/<name>/widgets.tsx) the screens of `resource` shows need,
 * by src/client/screens/widgets.ts SCREEN_WIDGETS (a screen not listed: none; the test of that table names it).
 */
export function screenWidgetModules(model: Model, resource: string): string[] {
  return [...new Set([...shownResources(model, resource)].flatMap((name) => SCREEN_WIDGETS[name] ?? []))].sort();
}

/** The module of a resource's list views, relative to generated/client (viewRoutes.ts imports it lazily). */
export const viewsModule = (resource: string) => `./views/${resource}`;

/**
 * generated/client/views/<resource>.tsx, one per resource with a screen: its `screenSource` (the metadata of
 * the resources the screen reads, see screenResources, and the schema factories) and one component per routed
 * list view. Each is its own chunk, so the first list loads its own resources' metadata, not the manifest's.
 */
export function emitViews(model: Model): Output[] {
  return byName(model.resources).filter((r) => r.screen).map((r) => {
    const sf = newFile(`generated/client/views/${r.name}.tsx`);
    sf.addImportDeclaration({ moduleSpecifier: '../../../src/client/kit/screen/DocumentScreen', namedImports: ['DocumentScreen'] });
    sf.addImportDeclaration({ moduleSpecifier: '../../../src/client/kit/screen/spec', namedImports: ['type ScreenSource'] });
    const all = screenResources(model, r.name);
    for (const name of all) sf.addImportDeclaration({ moduleSpecifier: `../../shared/resources/${name}`, namedImports: [metaConst(name)] });
    sf.addImportDeclaration({ moduleSpecifier: '../../shared/schemas', namedImports: ['schemas'] });
    // registered before the screen renders; each module is shared by the screens that name its widgets
    for (const m of screenWidgetModules(model, r.name)) sf.addImportDeclaration({ moduleSpecifier: widgetModulePath(m) });
    const source = lit({ resources: Object.fromEntries(all.map((name) => [name, code(metaConst(name))])), schemas: code('schemas') });
    sf.addStatements(`/** What the ${r.en} screen reads: the resources it shows or refers to, and the schema factories. */\nexport const screenSource: ScreenSource = ${source};`);
    // a view without a route is shown only inside a dialog (children, or a hand-written dialog naming it)
    for (const v of (r.screen?.views ?? []).filter((x) => x.route)) {
      const name = viewComponent(r.name, v.name);
      sf.addStatements(`/** ${r.en}: ${v.en} (${v.route}). */\nexport const ${name} = () => <DocumentScreen source={screenSource} resource=${lit(r.name)} view=${lit(v.name)} />;`);
    }
    // a page is the first routed list with its dialog open (record `:id` of the route for edit and detail)
    const listView = r.screen?.views.find((x) => x.route);
    for (const [page, route] of Object.entries(r.screen?.pages ?? {})) {
      sf.addStatements(`/** ${r.en}: the list with its ${page} dialog open (${route}). */\nexport const ${pageComponent(r.name, page)} = () => <DocumentScreen source={screenSource} resource=${lit(r.name)} view=${lit(listView!.name)} page=${lit(page)} />;`);
    }
    return finish(sf);
  });
}

/** generated/client/viewRoutes.ts: every routed list view with its code, its component loaded with its resource's views module. */
export function emitViewRoutes(model: Model): Output {
  const sf = newFile('generated/client/viewRoutes.ts');
  sf.addImportDeclaration({ moduleSpecifier: 'react', namedImports: ['type ComponentType'] });
  sf.addImportDeclaration({ moduleSpecifier: '../../src/client/routing/lazyPage', namedImports: ['lazyPage'] });
  const rows: string[] = [];
  const loaders: string[] = [];
  for (const r of byName(model.resources).filter((x) => x.screen?.views.some((v) => v.route) || x.screen?.pages)) {
    loaders.push(`const ${r.name}Views = () => import(${lit(viewsModule(r.name))});`);
  }
  for (const r of byName(model.resources)) {
    for (const v of (r.screen?.views ?? []).filter((x) => x.route)) {
      const name = viewComponent(r.name, v.name);
      rows.push(`{ resource: ${lit(r.name)}, view: ${lit(v.name)}, route: ${lit(v.route!)}, code: ${lit(v.code)}, component: lazyPage(${r.name}Views, ${lit(name)}) }`);
    }
    // the pages open the first routed view: its code to read, the operation's to add or edit
    const listView = r.screen?.views.find((x) => x.route);
    for (const [page, route] of Object.entries(r.screen?.pages ?? {})) {
      const code = page === 'add' ? operationCode(r, 'add') : page === 'edit' ? operationCode(r, 'edit') : listView!.code;
      rows.push(`{ resource: ${lit(r.name)}, view: ${lit(listView!.name)}, page: ${lit(page)}, route: ${lit(route)}, code: ${lit(code)}, component: lazyPage(${r.name}Views, ${lit(pageComponent(r.name, page))}) }`);
    }
  }
  sf.addStatements([
    `/** Each screen's views module (views/<resource>.tsx, with its widget modules), its own chunk: imported on the first visit of one of its lists. */`,
    ...loaders,
    ``,
    `/** A generated list view: its route and the code that opens it ('any': every logged-in user). */`,
    `export interface ViewDef {`,
    `  resource: string;`,
    `  view: string;`,
    `  /** A page of the screen (\`pages\`): the list with this dialog open. */`,
    `  page?: 'add' | 'edit' | 'detail';`,
    `  route: string;`,
    `  code: string;`,
    `  component: ComponentType;`,
    `}`,
    ``,
    `/** Every list view of the manifest's screens. */`,
    `export const generatedViews: ViewDef[] = [`,
    ...rows.map((x) => `  ${x},`),
    `];`,
  ].join('\n'));
  return finish(sf);
}
