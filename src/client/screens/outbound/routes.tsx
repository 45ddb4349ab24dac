/**
 * The outbound routes besides the resource's menu route (/outbound/normal_list, served through
 * `screenOverrides`): the noon marketplace list /outbound/nano_list (spec 2.3). App.tsx mounts them as guarded
 * custom routes inside the layout (each path is a manifest route with its code).
 */
import type { GuardedRoute } from '../../routing/RouteGuard';
import { OutboundNoonList } from './OutboundList';

export const outboundRoutes: GuardedRoute[] = [{ path: '/outbound/nano_list', element: <OutboundNoonList /> }];
