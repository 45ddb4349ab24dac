/**
 * Assembles the console (DESIGN.md "App.tsx only assembles"): <Admin> with the providers, the WMS layout,
 * login page and dashboard, one <Resource> per generated resource, and the custom routes
 *   /dashboard (in the layout), /401 and /404 (without layout, open without a token; spec 2.1).
 * `/` shows the dashboard; unknown paths go to /404 (catchAll); a denied canAccess goes to /401.
 * A resource's `listRoute` (spec route of its list, e.g. /warehouse/list) is served besides `/<name>`:
 * as a child route of the Resource when it lies below `/<name>/`, else as a custom route in the layout.
 * Runs in a browser-history router with synchronous updates (layout/BrowserRouter.tsx) so the spec's
 * paths are real URLs (the server serves index.html for them).
 * Hand-written screens replace generated ones through `screenOverrides` / `extraChildRoutes` (SKU list of
 * spec 2.8 at /sku/list/all and /sku/list/noon; inventory list and log list of spec 2.6 and 2.9).
 */
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource, ResourceContextProvider } from 'react-admin';
import { generatedResources, type ResourceDef } from '../../generated/client/resources';
import { dataProvider } from './providers/dataProvider';
import { authProvider } from './providers/authProvider';
import { i18nProvider } from './providers/i18nProvider';
import { WmsLayout } from './layout/Layout';
import { BrowserRouter } from './layout/BrowserRouter';
import { theme } from './layout/theme';
import { LoginPage } from './screens/LoginPage';
import { Dashboard } from './screens/Dashboard';
import { NoPermission, RedirectToNoPermission, AuthErrorRedirect } from './screens/NoPermission';
import { NotFound, RedirectToNotFound } from './screens/NotFound';
import { SkuListAll, SkuListNoon } from './screens/sku';
import { JudgementList } from './screens/judgement';
import { InventoryListPage, InventoryLogListPage } from './screens/inventory';
import { inboundRoutes } from './screens/inbound';
import { generatedViews } from '../../generated/client/views';
import { RequireCode } from './layout/RequireCode';
import { shippingRoutes } from './screens/shipping';

/** The part of `listRoute` below `/<name>/`, or undefined when it lies elsewhere (or is absent). */
function childListPath(def: ResourceDef): string | undefined {
  const prefix = `/${def.name}/`;
  return def.list && def.listRoute?.startsWith(prefix) ? def.listRoute.slice(prefix.length) : undefined;
}

/** A listRoute outside `/<name>/...` (e.g. /sku/inventory_list), served as a custom route. */
function outsideListRoute(def: ResourceDef): string | undefined {
  if (!def.list || !def.listRoute || def.listRoute === `/${def.name}` || childListPath(def)) return undefined;
  return def.listRoute;
}

/**
 * Hand-written screens that replace generated ones. SKU (spec 2.8): the list at /sku/list/all (and /sku),
 * the noon list at /sku/list/noon; create and edit happen in the list's dialog, so the resource has no
 * create/edit routes (it stays registered for react-admin's data hooks).
 */
const screenOverrides: Record<string, Partial<ResourceDef>> = {
  sku: { list: SkuListAll, create: undefined, edit: undefined },
  // Inventory (spec 2.6, 2.9): read-only lists at /sku/inventory_list and /sku/inventory_log_list
  inventory: { list: InventoryListPage, create: undefined, edit: undefined },
  inventoryLog: { list: InventoryLogListPage, create: undefined, edit: undefined },
  // Inventory adjustments (issue 4): list at /sku/inventory_judgement_list; create/edit in its dialog
  inventoryJudgement: { list: JudgementList, create: undefined, edit: undefined },
};

/** More child routes of a resource (path below `/<name>/`). */
const extraChildRoutes: Record<string, ReactElement[]> = {
  sku: [<Route key="list/noon" path="list/noon" element={<SkuListNoon />} />],
};

const resourceDefs: ResourceDef[] = generatedResources.map(def =>
  screenOverrides[def.name] ? { ...def, ...screenOverrides[def.name] } : def,
);

const resourceRoutes = resourceDefs.map(def => {
  const List = def.list;
  const child = childListPath(def);
  return (
    <Resource
      key={def.name}
      name={def.name}
      list={def.list}
      create={def.create}
      edit={def.edit}
      icon={def.icon}
      recordRepresentation={def.recordRepresentation}
    >
      {child && List ? <Route path={child} element={<List />} /> : null}
      {extraChildRoutes[def.name] ?? null}
    </Resource>
  );
});

/** The manifest's list views (generated/client/views.tsx), each behind the code of its view. */
const viewRoutes = generatedViews.map((v) => (
  <Route
    key={`view:${v.route}`}
    path={v.route}
    element={
      <RequireCode code={v.code}>
        <ResourceContextProvider value={v.resource}>
          <v.component />
        </ResourceContextProvider>
      </RequireCode>
    }
  />
));

const outsideListRoutes = resourceDefs.flatMap(def => {
  const path = outsideListRoute(def);
  const List = def.list;
  if (!path || !List) return [];
  return [
    <Route
      key={`list:${def.name}`}
      path={path}
      element={
        <ResourceContextProvider value={def.name}>
          <List />
        </ResourceContextProvider>
      }
    />,
  ];
});

export const App = () => (
  <BrowserRouter>
    <Admin
      title="WMS"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      layout={WmsLayout}
      loginPage={LoginPage}
      dashboard={Dashboard}
      catchAll={RedirectToNotFound}
      accessDenied={RedirectToNoPermission}
      authenticationError={AuthErrorRedirect}
      requireAuth
      disableTelemetry
    >
      {resourceRoutes}
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
        {outsideListRoutes}
        {viewRoutes}
        {inboundRoutes}
        {shippingRoutes}
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/401" element={<NoPermission />} />
        <Route path="/404" element={<NotFound />} />
      </CustomRoutes>
    </Admin>
  </BrowserRouter>
);
