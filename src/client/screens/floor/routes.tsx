/**
 * The scanning screens of storage locations (issue 29; docs/locations.md): putaway, picking and moves by
 * scanning, hidden under /func. Their sidebar entries and codes are the manifest's `screens.putawayExec`
 * (code putaway), `screens.pickExec` (outbound:allocate) and `screens.moveExec` (move:add); App.tsx mounts them
 * as guarded custom routes in the layout, as the shipping screen's.
 */
import type { ConsoleRoute } from '../../../../generated/client/routes';
import type { GuardedRoute } from '../../routing/RouteGuard';
import { lazyPage } from '../../routing/lazyPage';

export const PUTAWAY_ROUTE: ConsoleRoute = '/func/putaway_exec';
export const PICK_ROUTE: ConsoleRoute = '/func/pick_exec';
export const MOVE_ROUTE: ConsoleRoute = '/func/move_exec';

// each screen is its own chunk, loaded on navigation; this module is in the entry chunk (issue 14)
const PutawayPage = lazyPage(() => import('./PutawayPage'), 'PutawayPage');
const PickPage = lazyPage(() => import('./PickPage'), 'PickPage');
const MovePage = lazyPage(() => import('./MovePage'), 'MovePage');

export const floorRoutes: GuardedRoute[] = [
  { path: PUTAWAY_ROUTE, element: <PutawayPage /> },
  { path: PICK_ROUTE, element: <PickPage /> },
  { path: MOVE_ROUTE, element: <MovePage /> },
];
