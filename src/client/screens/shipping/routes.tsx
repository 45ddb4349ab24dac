/**
 * The shipping screen's route (spec 2.3 /func/normal_outbound_exec, hidden under /func; its sidebar entry
 * and code outbound:allocate come from the manifest). App.tsx mounts it as a guarded custom route in the layout.
 */
import type { ConsoleRoute } from '../../../../generated/client/routes';
import type { GuardedRoute } from '../../routing/RouteGuard';
import { lazyPage } from '../../routing/lazyPage';

/** The shipping screen's route (a manifest screen: its code guards it); constants.ts re-exports it. */
export const SHIPPING_ROUTE: ConsoleRoute = '/func/normal_outbound_exec';

// the screen is its own chunk, loaded on navigation; this module stays small: it is in the entry chunk (issue 14)
const ShippingPage = lazyPage(() => import('./ShippingPage'), 'ShippingPage');

export const shippingRoutes: GuardedRoute[] = [{ path: SHIPPING_ROUTE, element: <ShippingPage /> }];
