/**
 * Emits generated/client/views.tsx: one component per list view of every manifest `screen:` (each renders the
 * documents kit's DocumentScreen for its resource and view), and generated/client/viewRoutes.ts: the route
 * table App.tsx serves them from, with the permission code each route needs (spec 2.3, 6). The route table
 * loads views.tsx lazily (issue 14 "First load"): the documents kit and the manifest's schemas are one chunk,
 * fetched with the first list, not on the login page.
 */
import type { Model } from './manifest';
import { byName, finish, lit, newFile, pascal, type Output } from './source';

/** The component name of a view, e.g. InboundOrderReturnList. */
export const viewComponent = (resource: string, view: string) => `${pascal(resource)}${pascal(view)}List`;

export function emitViews(model: Model): Output {
  const sf = newFile('generated/client/views.tsx');
  sf.addImportDeclaration({ moduleSpecifier: '../../src/client/kit/screen/DocumentScreen', namedImports: ['DocumentScreen'] });
  sf.addImportDeclaration({ moduleSpecifier: '../../src/client/kit/screen/spec', namedImports: ['type ScreenSource'] });
  sf.addImportDeclaration({ moduleSpecifier: '../shared/resources', namedImports: ['resourceMeta'] });
  sf.addImportDeclaration({ moduleSpecifier: '../shared/schemas', namedImports: ['schemas'] });
  sf.addStatements(`/** The declarations the screens read: this manifest's resources and schema factories. */\nexport const screenSource: ScreenSource = { resources: resourceMeta, schemas };`);
  for (const r of byName(model.resources)) {
    // a view without a route is shown only inside a dialog (children, or a hand-written dialog naming it)
    for (const v of (r.screen?.views ?? []).filter((x) => x.route)) {
      const name = viewComponent(r.name, v.name);
      sf.addStatements(`/** ${r.en}: ${v.en} (${v.route}). */\nexport const ${name} = () => <DocumentScreen source={screenSource} resource=${lit(r.name)} view=${lit(v.name)} />;`);
    }
  }
  return finish(sf);
}

/** generated/client/viewRoutes.ts: every routed list view with its code, its component loaded with views.tsx. */
export function emitViewRoutes(model: Model): Output {
  const sf = newFile('generated/client/viewRoutes.ts');
  sf.addImportDeclaration({ moduleSpecifier: 'react', namedImports: ['type ComponentType'] });
  sf.addImportDeclaration({ moduleSpecifier: '../../src/client/routing/lazyPage', namedImports: ['lazyPage'] });
  const rows: string[] = [];
  for (const r of byName(model.resources)) {
    for (const v of (r.screen?.views ?? []).filter((x) => x.route)) {
      const name = viewComponent(r.name, v.name);
      rows.push(`{ resource: ${lit(r.name)}, view: ${lit(v.name)}, route: ${lit(v.route!)}, code: ${lit(v.code)}, component: lazyPage(views, ${lit(name)}) }`);
    }
  }
  sf.addStatements([
    `/** The list views' module (views.tsx), its own chunk: imported on the first visit of a list. */`,
    `const views = () => import(${lit('./views')});`,
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
