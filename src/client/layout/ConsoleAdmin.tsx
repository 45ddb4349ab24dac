/**
 * react-admin's <Admin> with every page given (issue 14 "First load"): <Admin>/<AdminUI> fill each page prop
 * they are not given from a default parameter (react-admin's own layout, login form, 404, error, access-denied
 * and auth-callback pages), and default parameters keep those modules and their MUI parts (app bar, drawer,
 * menu, tooltips and popper) in the entry chunk even when the app replaces them. This is the same assembly
 * (AdminContext, CssBaseline, CoreAdminUI, the notification with errors first; ra's localStorage store) with our pages only,
 * so the login page downloads only what it renders. Props: those of <Admin> that App.tsx uses; `error` is
 * react-admin's error page, loaded when first needed.
 */
import { Suspense, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { AdminContext, CoreAdminUI, LoadingPage, localStorageStore, type AdminContextProps, type CoreAdminUIProps } from 'react-admin';
import { lazyPage } from '../routing/lazyPage';
import { ConsoleNotification } from './ConsoleNotification';
import { createQueryClient } from '../providers/queryClient';

const store = localStorageStore();

const LazyErrorPage = lazyPage(() => import('./ErrorPage'), 'ErrorPage');
/** react-admin's error page (shown when rendering failed), fetched when first shown. */
const ErrorPage = (props: Record<string, unknown>) => (
  <Suspense fallback={null}>
    <LazyErrorPage {...props} />
  </Suspense>
);

export type ConsoleAdminProps = Pick<AdminContextProps, 'dataProvider' | 'authProvider' | 'i18nProvider' | 'theme' | 'routerProvider'>
  & Pick<CoreAdminUIProps, 'title' | 'layout' | 'loginPage' | 'dashboard' | 'catchAll' | 'accessDenied' | 'authenticationError' | 'requireAuth' | 'disableTelemetry'>
  & { children: ReactNode };

export const ConsoleAdmin = ({ dataProvider, authProvider, i18nProvider, theme, routerProvider, children, ...ui }: ConsoleAdminProps) => {
  // one client per mounted console, as react-admin makes its own (a module-wide one outlived a remount's user)
  const [queryClient] = useState(createQueryClient);
  return (
  <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} theme={theme} routerProvider={routerProvider} store={store} queryClient={queryClient}>
    <CssBaseline enableColorScheme>
      <CoreAdminUI {...ui} authCallbackPage={false} error={ErrorPage} loading={LoadingPage}>
        {children}
      </CoreAdminUI>
      <ConsoleNotification />
    </CssBaseline>
  </AdminContext>
  );
};
