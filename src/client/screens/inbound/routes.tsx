/**
 * The inbound routes besides the resource's menu route (/inbound/normal_list, served through
 * `screenOverrides`): the customer return and rejected delivery lists, and the three receiving screens
 * (spec 2.3 /func, hidden). App.tsx mounts them as guarded custom routes inside the layout (each path is a
 * manifest route with its code).
 */
import type { GuardedRoute } from '../../routing/RouteGuard';
import { InboundRejectList, InboundReturnList } from './InboundList';
import { NormalInboundExec, RejectInboundExec, ReturnInboundExec } from './InboundReceivePage';

export const inboundRoutes: GuardedRoute[] = [
  { path: '/inbound/return_list', element: <InboundReturnList /> },
  { path: '/inbound/reject_list', element: <InboundRejectList /> },
  { path: '/func/normal_inbound_exec', element: <NormalInboundExec /> },
  { path: '/func/return_inbound_exec', element: <ReturnInboundExec /> },
  { path: '/func/reject_inbound_exec', element: <RejectInboundExec /> },
];
