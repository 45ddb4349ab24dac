/**
 * The query tool's screens (spec 2.3 /dbms: database/query and database/history/{id}, code dbms:database_query,
 * both declared under the manifest's `screens:`). The connection list, its add, edit and read-only detail
 * (database/list, add, edit/{id}, detail/{id}) are the manifest's resource `dbConnection` and its screen's
 * `pages` (generated/client/viewRoutes.ts). App.tsx mounts these as guarded custom routes in the layout.
 */
import type { GuardedRoute } from '../../routing/RouteGuard';
import { lazyPage } from '../../routing/lazyPage';

// one chunk for both, loaded on navigation (issue 14 "First load")
const QueryPage = lazyPage(() => import('./QueryPage'), 'QueryPage');
const HistoryPage = lazyPage(() => import('./HistoryPage'), 'HistoryPage');

export const dbmsRoutes: GuardedRoute[] = [
  { path: '/dbms/database/query', element: <QueryPage /> },
  { path: '/dbms/database/history/:id', element: <HistoryPage /> },
];
