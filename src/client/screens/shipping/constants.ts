/**
 * Constants of the shipping screen (spec 2.3 /func/normal_outbound_exec, code outbound:allocate; issue 5).
 * The outbound order life cycle (manifest `outboundOrder.workflow`), its statuses, action paths and record
 * shapes are the outbound console's (../outbound/constants.ts); this screen adds the steps it offers, the
 * /scan path and the scanned package (src/server/domain/packages.ts scanOrder).
 */
import { documentPaths } from '../../kit/documentApi';
import { OUTBOUND_PATHS, OUTBOUND_RESOURCE, type OutboundAction, type OutboundLine, type OutboundRecord as OutboundOrderRecord } from '../outbound/constants';
import type { PackageRecord } from '../packages/constants';

export { OUTBOUND_WORKFLOW, OutboundOrderStatus } from '../outbound/constants';

/** The workflow actions this screen offers, in the order of the job. */
export const SHIPPING_ACTIONS = ['allocate', 'pick', 'pack', 'ship'] as const satisfies readonly OutboundAction[];
export type ShippingAction = (typeof SHIPPING_ACTIONS)[number];

/** POST /sapi/wms/outbound-order/<action> and /scan. */
export const SHIPPING_PATHS: Record<ShippingAction | 'scan', string> = { ...OUTBOUND_PATHS, ...documentPaths(OUTBOUND_RESOURCE, ['scan'] as const) };

export { SHIPPING_ROUTE } from './routes';

/** A line of a scanned order (the server always sends its id and SKU). */
export type ShippingLine = OutboundLine & { id: number; skuId: number };

/** An outbound order as /scan and the actions return it: `package` is the scanned package (scan by package number), else null. */
export type OutboundRecord = Omit<OutboundOrderRecord, 'lines'> & { lines?: ShippingLine[]; package?: PackageRecord | null };

/** The pack step's form: {waybillNo?, carrier?, weight? (kg)}. */
export interface PackBody {
  id: number;
  waybillNo?: string;
  carrier?: string;
  weight?: number;
}
