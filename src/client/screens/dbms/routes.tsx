/**
 * The query tool's screens (spec 2.3 /dbms: database/query and database/history/{id}, code dbms:database_query,
 * both declared under the manifest's `screens:`); the connection list and forms are the manifest's resource
 * `dbConnection`. App.tsx mounts them as guarded custom routes in the layout.
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
