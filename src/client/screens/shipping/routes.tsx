/**
 * The shipping screen's route (spec 2.3 /func/normal_outbound_exec, hidden under /func; its sidebar entry
 * and code outbound:allocate come from the manifest). App.tsx mounts it as a guarded custom route in the layout.
 */
import type { GuardedRoute } from '../../routing/RouteGuard';
import { SHIPPING_ROUTE } from './constants';
import { ShippingPage } from './ShippingPage';

export const shippingRoutes: GuardedRoute[] = [{ path: SHIPPING_ROUTE, element: <ShippingPage /> }];
