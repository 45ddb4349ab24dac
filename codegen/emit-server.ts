/**
 * Emits generated/server/routes.ts: the route table of every generic /sapi call (spec 7.2): path ->
 * resource, operation, permission code ('any' = every logged-in user; 'a|b' = any of them) and data scope, plus the resource
 * bindings (Drizzle table, metadata, schema factories) the generic handlers run on.
 */
import type { Model, ResourceSpec } from './manifest';
import { byName, code, finish, lit, newFile, type Output } from './source';
import { readCodes } from '../src/shared/resource-meta';

/** The code an operation needs: reads need the list code, lock/unlock their own (spec 2.3, 6). */
export function operationCode(r: ResourceSpec, op: string): string {
  const p = r.permissions;
  switch (op) {
    // any of the read codes (a|b): the handlers then cut the rows to the values the caller may read
    case 'list': case 'page': case 'detail': return readCodes(r).join('|');
    case 'add': return p.add ?? p.list!;
    case 'edit': return p.edit ?? p.list!;
    case 'remove': return p.remove ?? p.edit ?? p.list!;
    case 'lock': return p.lock ?? p.edit ?? p.list!;
    case 'unlock': return p.unlock ?? p.lock ?? p.edit ?? p.list!;
    default: throw new Error(`unknown operation ${op}`);
  }
}

export function emitServer(model: Model): Output[] {
  const sf = newFile('generated/server/routes.ts');
  sf.addImportDeclaration({ moduleSpecifier: '../db/schema', namespaceImport: 'tables' });
  sf.addImportDeclaration({ moduleSpecifier: '../shared/resources', namedImports: ['resourceMeta'] });
  sf.addImportDeclaration({ moduleSpecifier: '../shared/schemas', namedImports: ['schemas'] });
  const resources = byName(model.resources);
  const bindings = Object.fromEntries(resources.map((r) => [r.name, { meta: code(`resourceMeta.${r.name}`), table: code(`tables.${r.name}`), schemas: code(`schemas.${r.name}`) }]));
  sf.addStatements(`/** What a generic handler needs for one resource. */\nexport const bindings = ${lit(bindings, { expand: true })};\nexport type Binding = (typeof bindings)[keyof typeof bindings];`);
  const routes = resources.flatMap((r) => r.operations.map((op) => ({ path: `${r.path}/${op}`, resource: r.name, operation: op, permission: operationCode(r, op), scope: Object.keys(r.scope).length ? r.scope : undefined })));
  routes.sort((a, b) => a.path.localeCompare(b.path));
  // a local type keeps the table's first line short (the formatter mis-indents an array after a long type)
  sf.addStatements(`type Route = {
  path: string;
  resource: keyof typeof bindings;
  operation: 'list' | 'page' | 'detail' | 'add' | 'edit' | 'remove' | 'lock' | 'unlock';
  permission: string;
  scope?: { owner?: string; warehouse?: string };
};
/** Every generic call: POST path -> resource, operation, permission code, data scope (spec 6, 7.2). */
export const routeTable: Route[] = ${lit(routes, { expand: true })};`);
  return [finish(sf)];
}
