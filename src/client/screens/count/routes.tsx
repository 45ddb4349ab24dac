/**
 * The blind counting screen's route (issue 30; manifest `screens.countExec`, /func/count_exec, code count:count;
 * its sidebar entry comes from the manifest). App.tsx mounts it as a guarded custom route in the layout.
 */
import type { ConsoleRoute } from '../../../../generated/client/routes';
import type { GuardedRoute } from '../../routing/RouteGuard';
import { lazyPage } from '../../routing/lazyPage';

/** The counting screen's route; `?code=<count number>` opens that count (the count list's "Count" row button). */
export const COUNT_EXEC_ROUTE: ConsoleRoute = '/func/count_exec';

// the screen is its own chunk, loaded on navigation; this module stays small: it is in the entry chunk (issue 14)
const CountExecPage = lazyPage(() => import('./CountExecPage'), 'CountExecPage');

export const countRoutes: GuardedRoute[] = [{ path: COUNT_EXEC_ROUTE, element: <CountExecPage /> }];
