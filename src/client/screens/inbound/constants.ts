/**
 * Constants of the inbound order screens (spec 2.3 /inbound/normal_list, return_list, reject_list and
 * /func/*_inbound_exec; spec 3 "Inbound order", 4, 8, 9; issue 5; server rules in
 * src/server/domain/inbound/orders.ts; workflow in generated/shared/resources/inboundOrder.ts `workflow`).
 */
import { InboundOrderStatus, InboundOrderType } from '../../../../generated/shared/enums';
import { inboundOrderMeta } from '../../../../generated/shared/resources/inboundOrder';
import { inboundOrderLineMeta } from '../../../../generated/shared/resources/inboundOrderLine';
import { maxLengthOf, type ResourceSpec, type WorkflowSpec } from '../../../shared/resource-meta';
import { documentPaths } from '../../kit/documentApi';
import type { DocumentNames } from '../../kit/names';

export { InboundOrderStatus, InboundOrderType };

export const INBOUND_RESOURCE = 'inboundOrder';

/** Test ids `inbound-*`, messages `app.inbound.*` (see documents/names.ts). */
export const INBOUND_NAMES: DocumentNames = { testId: 'inbound', ns: 'app.inbound' };

export const INBOUND_PATHS = documentPaths(INBOUND_RESOURCE, [
  'page',
  'detail',
  'add',
  'edit',
  'remove',
  'cancel',
  'submitProblem',
  'cancelProblem',
  'recreate',
  'complete',
  'receive',
  'scan',
] as const);

/** The manifest's life cycle of an inbound order (states and actions with their `from` states and codes). */
const meta = inboundOrderMeta as ResourceSpec;
export const INBOUND_WORKFLOW = meta.workflow as WorkflowSpec;

/** Permission codes (resources.yaml). */
export const CODE_INBOUND_LIST = meta.permissions.list!;
export const CODE_INBOUND_EDIT = meta.permissions.edit!;
export const CODE_INBOUND_RECEIVE = INBOUND_WORKFLOW.actions.find((a) => a.name === 'receive')!.code;

/** Server limits (orders.ts / resources.yaml). */
export { MAX_LINES, QTY_MAX } from '../../../shared/documents';
export const NO_MAX = maxLengthOf(meta, 'storeOrderNo');
export const ORDER_NO_MAX = maxLengthOf(meta, 'orderNo');
export const REMARK_MAX = maxLengthOf(meta, 'remark');
export const PROBLEM_REASON_MAX = maxLengthOf(meta, 'problemReason');
export const BATCH_NO_MAX = maxLengthOf(inboundOrderLineMeta as ResourceSpec, 'batchNo');

/** The three kinds of inbound order with their list and receiving routes (spec 2.3). */
export interface InboundKind {
  type: number;
  /** Key part: normal | return | reject. */
  key: 'normal' | 'return' | 'reject';
  listRoute: string;
  execRoute: string;
}

export const INBOUND_KINDS: Record<number, InboundKind> = {
  [InboundOrderType.NORMAL]: { type: InboundOrderType.NORMAL, key: 'normal', listRoute: '/inbound/normal_list', execRoute: '/func/normal_inbound_exec' },
  [InboundOrderType.RETURN]: { type: InboundOrderType.RETURN, key: 'return', listRoute: '/inbound/return_list', execRoute: '/func/return_inbound_exec' },
  [InboundOrderType.REJECT]: { type: InboundOrderType.REJECT, key: 'reject', listRoute: '/inbound/reject_list', execRoute: '/func/reject_inbound_exec' },
};

export const kindOf = (type: number): InboundKind => INBOUND_KINDS[type] ?? INBOUND_KINDS[InboundOrderType.NORMAL];

export interface InboundLine {
  id?: number;
  skuId?: number | null;
  sku?: string | null;
  skuName?: string | null;
  batchNo?: string | null;
  plannedQty: number;
  receivedQty?: number;
}

export interface InboundRecord {
  id: number;
  orderNo?: string | null;
  type: number;
  companyName?: string | null;
  warehouseId?: number | null;
  warehouseName?: string | null;
  ownerId?: number | null;
  ownerName?: string | null;
  status: number;
  storeOrderNo?: string | null;
  sourceOutboundNo?: string | null;
  waybillNo?: string | null;
  returnWaybillNo?: string | null;
  plannedArrivalTime?: string | null;
  completionTime?: string | null;
  problemReason?: string | null;
  recreatedFromNo?: string | null;
  remark?: string | null;
  addDate?: string | null;
  plannedQty?: number;
  receivedQty?: number;
  lines?: InboundLine[];
}

export const isCreated = (record: { status?: unknown; [key: string]: unknown } | null | undefined): boolean => Number(record?.status) === InboundOrderStatus.CREATED;
