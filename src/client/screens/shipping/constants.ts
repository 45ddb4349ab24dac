/**
 * Constants of the shipping screen (spec 2.3 /func/normal_outbound_exec, code outbound:allocate; issue 5):
 * the outbound order life cycle and its action codes from the manifest (generated/shared/resources.ts
 * `outboundOrder.workflow`), the action paths, and the scanned order's shape
 * (src/server/domain/outbound/orders.ts).
 */
import { OutboundOrderStatus } from '../../../../generated/shared/enums';
import { resourceMeta } from '../../../../generated/shared/resources';
import { apiPaths } from '../../../../generated/client/api';
import type { ResourceSpec, WorkflowSpec } from '../../../shared/resource-meta';
import type { PackageRecord } from '../packages/constants';

export { OutboundOrderStatus };

export const OUTBOUND_WORKFLOW = (resourceMeta.outboundOrder as ResourceSpec).workflow as WorkflowSpec;

/** The workflow actions this screen offers, in the order of the job. */
export const SHIPPING_ACTIONS = ['allocate', 'pick', 'pack', 'ship'] as const;
export type ShippingAction = (typeof SHIPPING_ACTIONS)[number];

/** Permission code of an outbound workflow action (manifest). */
export const actionCode = (action: string): string => OUTBOUND_WORKFLOW.actions.find((a) => a.name === action)!.code;

/** POST /sapi/wms/outbound-order/<action> */
export const outboundPath = (action: ShippingAction | 'scan'): string => `${apiPaths.outboundOrder}/${action}`;

export const SHIPPING_ROUTE = '/func/normal_outbound_exec';

export interface OutboundLine {
  id: number;
  skuId: number;
  sku?: string | null;
  skuName?: string | null;
  batchNo?: string | null;
  qty: number;
  allocatedQty?: number;
}

/** An outbound order as /scan and the actions return it. */
export interface OutboundRecord {
  id: number;
  orderNo?: string | null;
  type?: number;
  platformOrderNo?: string | null;
  status: number;
  warehouseName?: string | null;
  ownerName?: string | null;
  receiverName?: string | null;
  receiverPhone?: string | null;
  countryCode?: string | null;
  province?: string | null;
  city?: string | null;
  address?: string | null;
  waybillNo?: string | null;
  remark?: string | null;
  lines?: OutboundLine[];
  /** The scanned package (scan by package number), else null. */
  package?: PackageRecord | null;
}

/** The pack step's form: {waybillNo?, carrier?, weight? (kg)}. */
export interface PackBody {
  id: number;
  waybillNo?: string;
  carrier?: string;
  weight?: number;
}
