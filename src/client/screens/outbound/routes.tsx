/**
 * The outbound routes besides the resource's menu route (/outbound/normal_list, served through
 * `screenOverrides`): the noon marketplace list /outbound/nano_list (spec 2.3). Mounted by App.tsx as custom
 * routes inside the layout.
 */
import { Route } from 'react-router-dom';
import { OutboundNoonList } from './OutboundList';

export const outboundRoutes = [<Route key="outbound/nano_list" path="/outbound/nano_list" element={<OutboundNoonList />} />];
