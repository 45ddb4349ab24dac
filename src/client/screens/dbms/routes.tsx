/**
 * The query tool's screens (spec 2.3 /dbms: database/query and database/history/{id}, code dbms:database_query,
 * both declared under the manifest's `screens:`); the connection list and forms are the manifest's resource
 * `dbConnection`, whose pages the spec's paths database/add, database/edit/{id} and database/detail/{id} lead to
 * (the detail is the edit page: a connection has nothing to show that its form does not). App.tsx mounts them
 * as guarded custom routes in the layout.
 */
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { resourcePages } from '../../../../generated/client/routes';
import type { GuardedRoute } from '../../routing/RouteGuard';
import { lazyPage } from '../../routing/lazyPage';

// one chunk for both, loaded on navigation (issue 14 "First load")
const QueryPage = lazyPage(() => import('./QueryPage'), 'QueryPage');
const HistoryPage = lazyPage(() => import('./HistoryPage'), 'HistoryPage');

const pages = resourcePages.dbConnection;

/** The spec's path -> the generated page (`:id` kept), with the query. */
const ToPage = ({ page }: { page?: string }) => {
  const { id = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`${(page ?? pages.list).replace(':id', id)}${search}`} replace />;
};

export const dbmsRoutes: GuardedRoute[] = [
  { path: '/dbms/database/query', element: <QueryPage /> },
  { path: '/dbms/database/history/:id', element: <HistoryPage /> },
  { path: '/dbms/database/add', element: <ToPage page={pages.add} /> },
  { path: '/dbms/database/edit/:id', element: <ToPage page={pages.edit} /> },
  { path: '/dbms/database/detail/:id', element: <ToPage page={pages.edit} /> },
];
