/**
 * The shipping screen's route (spec 2.3 /func/normal_outbound_exec, hidden under /func; its sidebar entry
 * and code outbound:allocate come from the manifest). Mounted by App.tsx as a custom route in the layout.
 */
import { Route } from 'react-router-dom';
import { SHIPPING_ROUTE } from './constants';
import { ShippingPage } from './ShippingPage';

export const shippingRoutes = [<Route key="func/normal_outbound_exec" path={SHIPPING_ROUTE} element={<ShippingPage />} />];
