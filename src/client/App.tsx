/**
 * Assembles the console (DESIGN.md "App.tsx only assembles"): <Admin> (layout/ConsoleAdmin.tsx) with the
 * providers, the WMS layout, login page, one <Resource> per generated resource (routing/resourceRoutes.tsx: list at its spec route,
 * `/<name>/add`, `/<name>/edit/:id`), and the custom routes /dashboard and the hand-written screens' (in the
 * layout), /401 and /404 (without layout, open without a token; spec 2.1).
 * Every route in the layout checks the user's codes first (routing/RouteGuard.tsx, codes from the manifest;
 * spec 6). `/` redirects to /dashboard (spec 2.3); unknown paths go to /404 (catchAll); a denied check goes
 * to /401. react-admin's own links are rewritten to the spec's pages (routing/specPaths.tsx).
 * Runs in a browser-history router with synchronous updates (layout/BrowserRouter.tsx) so the spec's
 * paths are real URLs (the server serves index.html for them).
 * The shell (spec 2.1, 2.2, 7.1): `/redirect/{path*}` re-mounts a view (in the layout), `/auth-redirect` signs
 * in with a handed-over token (without layout, open without a token), `/inventoryShare` is the public
 * inventory-share page (without layout, open without a token; issue 16), the loading mask lies over everything,
 * and the theme follows the component size chosen in the top bar.
 * Every document list comes from the manifest's `screen:` views (generated/client/viewRoutes.ts); no generated
 * screen is replaced by a hand-written one.
 * Every page in the layout is loaded on navigation, in its own chunk (routing/lazyPage.ts; issue 14 "First
 * load"; the small dashboard page excepted, its charts are a chunk of their own): the login page downloads
 * only the shell.
 */
import { Suspense, type ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { CustomRoutes, LoadingPage, ResourceContextProvider } from 'react-admin';
import { ConsoleAdmin } from './layout/ConsoleAdmin';
import { generatedResources, type ResourceDef } from '../../generated/client/resources';
import { dataProvider } from './providers/dataProvider';
import { authProvider } from './providers/authProvider';
import { i18nProvider } from './providers/i18nProvider';
import { BrowserRouter } from './layout/BrowserRouter';
import { themeOf } from './layout/theme';
import { LoadingMask } from './layout/LoadingMask';
import { componentSize, usePreference } from './providers/preferences';
import { RedirectView } from './routing/RedirectView';
import { AuthRedirect } from './routing/AuthRedirect';
import { LoginPage } from './screens/LoginPage';
import { Dashboard, RedirectToDashboard } from './screens/Dashboard';
import { NoPermission, RedirectToNoPermission, AuthErrorRedirect } from './screens/NoPermission';
import { NotFound, RedirectToNotFound } from './screens/NotFound';
import { inboundRoutes } from './screens/inbound/routes';
import { generatedViews } from '../../generated/client/viewRoutes';
import type { ConsoleRoute } from '../../generated/client/routes';
import { shippingRoutes } from './screens/shipping/routes';
import { dbmsRoutes } from './screens/dbms/routes';
import { waybillRoutes } from './screens/waybill/routes';
import { countRoutes } from './screens/count/routes';
import { floorRoutes } from './screens/floor/routes';
import { guardedRoute, type GuardedRoute } from './routing/RouteGuard';
import { mountedPages, outsideListRoute, resourceElement } from './routing/resourceRoutes';
import { specPathRewriter, specRouterProvider } from './routing/specPaths';
import { lazyPage, preloadPage, registerPagePreloads } from './routing/lazyPage';
import { getToken } from './providers/session';

/** The public share page (spec 2.1; issue 16): its own chunk, outside the layout, open without a token. */
const InventorySharePage = lazyPage(() => import('./screens/share/InventorySharePage'), 'InventorySharePage');

const resourceDefs: ResourceDef[] = generatedResources;

const resourceRoutes = resourceDefs.map(def => resourceElement(def));
const outsideListRoutes = resourceDefs.flatMap(def => outsideListRoute(def) ?? []);
/** react-admin's links and redirects lead to the spec's pages (routing/specPaths.tsx). */
const pagesMounted = mountedPages(resourceDefs);
const routerProvider = specRouterProvider(specPathRewriter(pagesMounted));

/** The manifest's list views (generated/client/views/<resource>.tsx), each behind the code of its route. */
const viewRoutes: GuardedRoute[] = generatedViews.map((v) => ({
  path: v.route as ConsoleRoute,
  element: (
    <ResourceContextProvider value={v.resource}>
      <v.component />
    </ResourceContextProvider>
  ),
}));

/**
 * The layout (app bar, menu, tabs bar, top-bar dialogs) is a chunk of its own: the login page does not need
 * it. Until it is in, the page shows react-admin's loading page.
 */
const LazyLayout = lazyPage(() => import('./layout/Layout'), 'WmsLayout');
const Layout = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<LoadingPage />}>
    <LazyLayout>{children}</LazyLayout>
  </Suspense>
);

/** The hand-written screens' routes (scanning and other screens the manifest cannot declare). */
const screenRoutes = [...inboundRoutes, ...shippingRoutes, ...dbmsRoutes, ...waybillRoutes, ...countRoutes, ...floorRoutes];

/** What the login page (and a start with a token) fetches ahead for a path: the layout and the route's page. */
registerPagePreloads([LazyLayout], [
  ...generatedViews.map((v) => ({ pattern: v.route, component: v.component })),
  ...screenRoutes.map((r) => ({ pattern: r.path, component: r.element.type })),
  ...resourceDefs.flatMap((def) => {
    const { list, add, edit } = pagesMounted[def.name];
    return [{ pattern: list, component: def.list }, { pattern: add, component: def.create }, { pattern: edit, component: def.edit }]
      .flatMap((p) => (p.pattern ? [{ pattern: p.pattern, component: p.component }] : []));
  }),
]);
// a returning user (token kept) needs the layout and this page at once: fetch them alongside the entry's work
if (getToken()) preloadPage(window.location.pathname);

export const App = () => {
  const [size] = usePreference(componentSize);
  return (
    <BrowserRouter>
      <ConsoleAdmin
        title="WMS"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={themeOf(size)}
        layout={Layout}
        loginPage={LoginPage}
        dashboard={RedirectToDashboard}
        catchAll={RedirectToNotFound}
        accessDenied={RedirectToNoPermission}
        authenticationError={AuthErrorRedirect}
        requireAuth
        disableTelemetry
        routerProvider={routerProvider}
      >
        {resourceRoutes}
        <CustomRoutes>
          {guardedRoute({ path: '/dashboard', element: <Dashboard /> })}
          {outsideListRoutes}
          {[...viewRoutes, ...screenRoutes].map(r => guardedRoute(r))}
          <Route path="/redirect/*" element={<RedirectView />} />
        </CustomRoutes>
        <CustomRoutes noLayout>
          <Route path="/401" element={<NoPermission />} />
          <Route path="/404" element={<NotFound />} />
          <Route path="/auth-redirect" element={<AuthRedirect />} />
          <Route
            path="/inventoryShare"
            element={
              <Suspense fallback={<LoadingPage />}>
                <InventorySharePage />
              </Suspense>
            }
          />
        </CustomRoutes>
      </ConsoleAdmin>
      <LoadingMask />
    </BrowserRouter>
  );
};
