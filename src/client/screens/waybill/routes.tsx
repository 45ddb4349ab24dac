/**
 * The waybill screen's route (spec 2.3 /func/create_waybill, hidden; code outbound:waybill from the manifest's
 * `screens.createWaybill`). App.tsx mounts it as a guarded custom route in the layout.
 */
import type { ConsoleRoute } from '../../../../generated/client/routes';
import type { GuardedRoute } from '../../routing/RouteGuard';
import { lazyPage } from '../../routing/lazyPage';

export const CREATE_WAYBILL_ROUTE: ConsoleRoute = '/func/create_waybill';

// its own chunk, loaded on navigation (issue 14)
const CreateWaybillPage = lazyPage(() => import('./CreateWaybillPage'), 'CreateWaybillPage');

export const waybillRoutes: GuardedRoute[] = [{ path: CREATE_WAYBILL_ROUTE, element: <CreateWaybillPage /> }];
