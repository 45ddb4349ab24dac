/**
 * Main layout (spec 2.4): react-admin <Layout> with the WMS app bar and the permission-filtered menu;
 * keeps `document.title` in step with the route (spec 1) and registers the router/notification bridge
 * used by http.ts and the auth provider.
 */
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { WmsAppBar } from './AppBar';
import { WmsMenu } from './Menu';
import { useDocumentTitle } from './useDocumentTitle';
import { AppBridge } from '../providers/AppBridge';

export const WmsLayout = ({ children }: { children: ReactNode }) => {
  useDocumentTitle();
  return (
    <Layout appBar={WmsAppBar} menu={WmsMenu}>
      <AppBridge />
      {children}
    </Layout>
  );
};
