/**
 * The shipping screen's calls (POST /sapi/wms/outbound-order/<action>, envelope {code, msg, data}) through
 * the data provider's `call`; a refusal rejects with the server msg (spec 8), e.g. "Outbound order does not
 * exist: X", "insufficient inventory ...", "Not every line is packed: ...".
 */
import type { DataProvider } from 'react-admin';
import type { WmsDataProvider } from '../../providers/dataProvider';
import { SHIPPING_PATHS, type OutboundRecord, type PackBody, type ShippingAction } from './constants';

export const shippingApi = {
  /** The order of an order, platform order, package or waybill number (with `package` when one matched). */
  scan: (dp: DataProvider, code: string) => (dp as WmsDataProvider).call<OutboundRecord>(SHIPPING_PATHS.scan, { code }),
  /** allocate / pick / ship {id}, pack {id, waybillNo?, carrier?, weight?}: the order afterwards. */
  act: (dp: DataProvider, action: ShippingAction, body: PackBody | { id: number }) => (dp as WmsDataProvider).call<OutboundRecord>(SHIPPING_PATHS[action], body),
};
