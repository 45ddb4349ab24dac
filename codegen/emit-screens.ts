/**
 * Emits generated/client/views/<resource>.tsx: one component per list view of every manifest `screen:` (each
 * renders the documents kit's DocumentScreen for its resource and view), and generated/client/viewRoutes.ts:
 * the route table App.tsx serves them from, with the permission code each route needs (spec 2.3, 6). The route
 * table loads a resource's views module lazily (issue 14 "First load"): the documents kit is fetched with the
 * first list, not on the login page, and each list brings only its own resources' metadata.
 */
import type { Model } from './manifest';
import { metaConst } from './emit-shared';
import { byName, code, finish, lit, newFile, pascal, type Output } from './source';

/** The component name of a view, e.g. InboundOrderReturnList. */
export const viewComponent = (resource: string, view: string) => `${pascal(resource)}${pascal(view)}List`;

/**
 * The resources a screen of `resource` reads (src/client/kit/screen: `source.resources[...]`): itself, its
 * children's screens (shown with the same source) and its form's lines resource, each with those of its own,
 * and then the resources their fields and query parameters refer to (a ref's `represent`, a lookup's target,
 * an `editable.ref`'s workflow). Sorted by name.
 */
export function screenResources(model: Model, resource: string): string[] {
  const byKey = new Map(model.resources.map((r) => [r.name, r]));
  const own = new Set<string>();
  const visit = (name: string) => {
    if (own.has(name) || !byKey.has(name)) return;
    own.add(name);
    const screen = byKey.get(name)!.screen;
    for (const c of screen?.children ?? []) visit(c.resource);
    if (screen?.form?.lines) visit(screen.form.lines.resource);
  };
  visit(resource);
  const all = new Set(own);
  for (const name of own) {
    const r = byKey.get(name)!;
    for (const f of [...r.fields, ...r.queryParams]) if (f.resource && byKey.has(f.resource)) all.add(f.resource);
  }
  return [...all].sort();
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
    sf.addImportDeclaration({ moduleSpecifier: '../../../src/client/screens/widgets', namedImports: ['loadScreenWidgets'] });
    const source = lit({ resources: Object.fromEntries(all.map((name) => [name, code(metaConst(name))])), schemas: code('schemas') });
    sf.addStatements(`/** What the ${r.en} screen reads: the resources it shows or refers to, and the schema factories. */\nexport const screenSource: ScreenSource = ${source};`);
    sf.addStatements(`/** Settles once the screen's widget modules are registered; its routes wait for it (viewRoutes.ts). */\nexport const widgetsReady = loadScreenWidgets(${lit(r.name)});`);
    // a view without a route is shown only inside a dialog (children, or a hand-written dialog naming it)
    for (const v of (r.screen?.views ?? []).filter((x) => x.route)) {
      const name = viewComponent(r.name, v.name);
      sf.addStatements(`/** ${r.en}: ${v.en} (${v.route}). */\nexport const ${name} = () => <DocumentScreen source={screenSource} resource=${lit(r.name)} view=${lit(v.name)} />;`);
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
  for (const r of byName(model.resources).filter((x) => x.screen?.views.some((v) => v.route))) {
    loaders.push(`const ${r.name}Views = () => import(${lit(viewsModule(r.name))}).then((m) => m.widgetsReady.then(() => m));`);
  }
  for (const r of byName(model.resources)) {
    for (const v of (r.screen?.views ?? []).filter((x) => x.route)) {
      const name = viewComponent(r.name, v.name);
      rows.push(`{ resource: ${lit(r.name)}, view: ${lit(v.name)}, route: ${lit(v.route!)}, code: ${lit(v.code)}, component: lazyPage(${r.name}Views, ${lit(name)}) }`);
    }
  }
  sf.addStatements([
    `/**`,
    ` * Each screen's views module (views/<resource>.tsx), its own chunk: imported on the first visit of one of its lists,`,
    ` * which waits for the screen's widget modules too (inside the route's loading, not after the list's first render).`,
    ` */`,
    ...loaders,
    ``,
    `/** A generated list view: its route and the code that opens it ('any': every logged-in user). */`,
    `export interface ViewDef {`,
    `  resource: string;`,
    `  view: string;`,
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
