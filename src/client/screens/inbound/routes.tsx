/**
 * The inbound routes besides the resource's menu route (/inbound/normal_list, served through
 * `screenOverrides`): the customer return and rejected delivery lists, and the three receiving screens
 * (spec 2.3 /func, hidden). Mounted by App.tsx as custom routes inside the layout.
 */
import { Route } from 'react-router-dom';
import { NormalInboundExec, RejectInboundExec, ReturnInboundExec } from './InboundReceivePage';

export const inboundRoutes = [
  <Route key="func/normal_inbound_exec" path="/func/normal_inbound_exec" element={<NormalInboundExec />} />,
  <Route key="func/return_inbound_exec" path="/func/return_inbound_exec" element={<ReturnInboundExec />} />,
  <Route key="func/reject_inbound_exec" path="/func/reject_inbound_exec" element={<RejectInboundExec />} />,
];
