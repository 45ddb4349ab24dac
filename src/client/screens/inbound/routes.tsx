/**
 * The receiving screens (spec 2.3 /func, hidden); the inbound lists are the manifest's views
 * (generated/client/views/<resource>.tsx). App.tsx mounts them as guarded custom routes inside the layout (each path is a
 * manifest route with its code).
 */
import type { GuardedRoute } from '../../routing/RouteGuard';
import { lazyPage } from '../../routing/lazyPage';

// the receiving screens are one chunk, loaded on navigation (issue 14 "First load")
const receivePage = () => import('./InboundReceivePage');
const NormalInboundExec = lazyPage(receivePage, 'NormalInboundExec');
const ReturnInboundExec = lazyPage(receivePage, 'ReturnInboundExec');
const RejectInboundExec = lazyPage(receivePage, 'RejectInboundExec');

export const inboundRoutes: GuardedRoute[] = [
  { path: '/func/normal_inbound_exec', element: <NormalInboundExec /> },
  { path: '/func/return_inbound_exec', element: <ReturnInboundExec /> },
  { path: '/func/reject_inbound_exec', element: <RejectInboundExec /> },
];
