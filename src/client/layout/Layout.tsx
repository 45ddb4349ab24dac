/**
 * Main layout (spec 2.4): react-admin <Layout> with the WMS app bar, the permission-filtered menu and the
 * tabs bar above the view (layout/tabs/); keeps `document.title` in step with the route (spec 1), the
 * sidebar closed on mobile (useMobileDrawer) and registers the router/notification bridge used by http.ts
 * and the auth provider.
 */
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { WmsAppBar } from './AppBar';
import { WmsMenu } from './Menu';
import { TabsBar } from './tabs/TabsBar';
import { useDocumentTitle } from './useDocumentTitle';
import { useMobileDrawer } from './useMobileDrawer';
import { AppBridge } from '../providers/AppBridge';

export const WmsLayout = ({ children }: { children: ReactNode }) => {
  useDocumentTitle();
  useMobileDrawer();
  return (
    <Layout appBar={WmsAppBar} menu={WmsMenu}>
      <AppBridge />
      <TabsBar />
      {children}
    </Layout>
  );
};
