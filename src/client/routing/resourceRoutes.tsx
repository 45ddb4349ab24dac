/**
 * The routes of the generated resources (spec 2.3), each page behind its RouteGuard:
 * - the list at `/<name>` and at its spec route (`resourcePages[name].list`, e.g. /warehouse/list): a child
 *   route of the <Resource> when it lies below `/<name>/`, else a custom route in the layout
 *   (`outsideListRoute`, e.g. /sku/inventory_list);
 * - the add page at `/<name>/add` and the edit page at `/<name>/edit/:id` (react-admin's create/edit
 *   components, given as child routes so react-admin's own `create` and `:id` routes are not mounted);
 * - react-admin's paths `/<name>/create` and `/<name>/<id>` (old bookmarks) redirect to those pages, or to a
 *   screen's add and edit pages (the list with its dialog open); a non-numeric id is an unknown path (/404).
 * `mountedPages` tells the link rewrite (specPaths.tsx) which pages the console serves.
 */
import type { ComponentType, ReactElement } from 'react';
import { Navigate, Route, useLocation, useParams } from 'react-router-dom';
import { Resource, ResourceContextProvider } from 'react-admin';
import type { ResourceDef } from '../../../generated/client/resources';
import { resourcePages, type ResourcePages } from '../../../generated/client/routes';
import { RedirectToNotFound } from '../screens/NotFound';
import { guarded, guardedRoute, type GuardedRoute } from './RouteGuard';
import { editPathOf, type MountedPages } from './specPaths';

/** The manifest's pages of `def` (every generated resource has an entry). */
const pagesOf = (def: ResourceDef): ResourcePages => resourcePages[def.name] ?? { list: `/${def.name}` as ResourcePages['list'] };

/** The part of the list route below `/<name>/`, or undefined when it lies elsewhere. */
function childListPath(def: ResourceDef): string | undefined {
  const prefix = `/${def.name}/`;
  const list = pagesOf(def).list;
  return def.list && list.startsWith(prefix) ? list.slice(prefix.length) : undefined;
}

/** The pages the console serves for each resource (only those whose component is given). */
export function mountedPages(defs: readonly ResourceDef[]): Record<string, MountedPages> {
  return Object.fromEntries(
    defs.map((def) => {
      const pages = pagesOf(def);
      return [def.name, { list: def.list ? pages.list : undefined, add: def.create ? pages.add : undefined, edit: def.edit ? pages.edit : undefined }];
    }),
  );
}

/** Old react-admin path -> the spec page, keeping query and hash (e.g. create's `?source=`). */
const RedirectTo = ({ path }: { path: string }) => {
  const { search, hash } = useLocation();
  return <Navigate to={`${path}${search}${hash}`} replace />;
};

/** `/<name>/<id>` -> `/<name>/edit/<id>` for integer ids (record ids are integers); else /404. */
const RedirectToEdit = ({ pattern }: { pattern: string }) => {
  const { id = '' } = useParams();
  return /^\d+$/.test(id) ? <RedirectTo path={editPathOf(pattern, id)} /> : <RedirectToNotFound />;
};

/** A page component as a guarded element of `route`. */
const page = (route: ResourcePages['list'], Component: ComponentType): ReactElement => guarded(route, <Component />);

/** The <Resource> of `def`: guarded list, add and edit pages, redirects from react-admin's paths, `extra` child routes. */
export function resourceElement(def: ResourceDef, extra: readonly GuardedRoute[] = []): ReactElement {
  const pages = pagesOf(def);
  const list = def.list ? page(pages.list, def.list) : undefined;
  const child = childListPath(def);
  const base = `/${def.name}`;
  return (
    <Resource
      key={def.name}
      name={def.name}
      list={list}
      hasCreate={Boolean(def.create && pages.add)}
      hasEdit={Boolean(def.edit && pages.edit)}
      icon={def.icon}
      recordRepresentation={def.recordRepresentation}
    >
      {child && list ? <Route path={child} element={list} /> : null}
      {def.create && pages.add ? [
        <Route key="add" path={pages.add.slice(base.length + 1)} element={page(pages.add, def.create)} />,
        <Route key="create" path="create" element={<RedirectTo path={pages.add} />} />,
      ] : null}
      {def.edit && pages.edit ? [
        <Route key="edit" path={pages.edit.slice(base.length + 1)} element={page(pages.edit, def.edit)} />,
        <Route key=":id" path=":id" element={<RedirectToEdit pattern={pages.edit} />} />,
      ] : null}
      {/* a screen's pages (the list with its dialog open) are routed with the views; old paths lead there too */}
      {!def.create && pages.add ? <Route key="create" path="create" element={<RedirectTo path={pages.add} />} /> : null}
      {!def.edit && pages.edit ? <Route key=":id" path=":id" element={<RedirectToEdit pattern={pages.edit} />} /> : null}
      {extra.map((r) => guardedRoute(r, base))}
    </Resource>
  );
}

/** The list of `def` at a spec route outside `/<name>/` (e.g. /sku/inventory_list) as a custom route, or null. */
export function outsideListRoute(def: ResourceDef): ReactElement | null {
  const pages = pagesOf(def);
  const List = def.list;
  if (!List || pages.list === `/${def.name}` || childListPath(def)) return null;
  return (
    <Route
      key={`list:${def.name}`}
      path={pages.list}
      element={guarded(pages.list, <ResourceContextProvider value={def.name}><List /></ResourceContextProvider>)}
    />
  );
}
