/**
 * Constants of the outbound order screens (spec 2.3 /outbound/normal_list and /outbound/nano_list; spec 3
 * "Outbound order", 4, 8, 9; server rules in src/server/domain/outbound/orders.ts; workflow in
 * generated/shared/resources/outboundOrder.ts `workflow`). Field limits and permission codes are read from
 * the generated manifest metadata, line limits from src/shared/documents.ts.
 */
import { Currency, EcPlatform, OutboundOrderStatus, OutboundOrderType } from '../../../../generated/shared/enums';
import { outboundOrderMeta } from '../../../../generated/shared/resources/outboundOrder';
import { outboundOrderLineMeta } from '../../../../generated/shared/resources/outboundOrderLine';
import type { OutboundOrder } from '../../../../generated/shared/types';
import { maxLengthOf, type ResourceSpec, type WorkflowSpec } from '../../../shared/resource-meta';
import { documentPaths } from '../../kit/documentApi';
import type { DocumentNames } from '../../kit/names';

export { Currency, OutboundOrderStatus, OutboundOrderType };
export { MAX_LINES, QTY_MAX } from '../../../shared/documents';

export const OUTBOUND_RESOURCE = 'outboundOrder';

/** Test ids `outbound-*`, messages `app.outbound.*` (see documents/names.ts). */
export const OUTBOUND_NAMES: DocumentNames = { testId: 'outbound', ns: 'app.outbound' };

/** The workflow actions this console offers, each `POST <path>/<action> {id, ...}`. */
export const OUTBOUND_ACTIONS = ['allocate', 'pick', 'pack', 'ship', 'cancel', 'deliver'] as const;
export type OutboundAction = (typeof OUTBOUND_ACTIONS)[number];

export const OUTBOUND_PATHS = documentPaths(OUTBOUND_RESOURCE, ['page', 'detail', 'add', 'edit', 'remove', ...OUTBOUND_ACTIONS] as const);

const meta = outboundOrderMeta as ResourceSpec;
const lineMeta = outboundOrderLineMeta as ResourceSpec;

/** The manifest's life cycle of an outbound order (states and actions with their `from` states and codes). */
export const OUTBOUND_WORKFLOW = meta.workflow as WorkflowSpec;

/** Permission codes (resources.yaml): add/edit/delete, and the warehouse steps (allocate...ship). */
export const CODE_OUTBOUND_EDIT = meta.permissions.edit!;
export const CODE_OUTBOUND_ALLOCATE = OUTBOUND_WORKFLOW.actions.find((a) => a.name === 'allocate')!.code;

/** Text limits of the order's fields (resources.yaml maxLength). */
export const MAX = {
  orderNo: maxLengthOf(meta, 'orderNo'),
  platformOrderNo: maxLengthOf(meta, 'platformOrderNo'),
  receiverName: maxLengthOf(meta, 'receiverName'),
  receiverPhone: maxLengthOf(meta, 'receiverPhone'),
  receiverEmail: maxLengthOf(meta, 'receiverEmail'),
  province: maxLengthOf(meta, 'province'),
  city: maxLengthOf(meta, 'city'),
  postcode: maxLengthOf(meta, 'postcode'),
  address: maxLengthOf(meta, 'address'),
  waybillNo: maxLengthOf(meta, 'waybillNo'),
  remark: maxLengthOf(meta, 'remark'),
  batchNo: maxLengthOf(lineMeta, 'batchNo'),
} as const;

/** The two kinds of outbound list (spec 2.3): normal orders and noon marketplace orders. */
export interface OutboundKind {
  type: number;
  key: 'normal' | 'noon';
  listRoute: string;
  /** The platform a kind's SKUs must be configured for (noon orders: the server refuses others, spec 8). */
  ecPlatform?: number;
}

export const OUTBOUND_KINDS: Record<number, OutboundKind> = {
  [OutboundOrderType.NORMAL]: { type: OutboundOrderType.NORMAL, key: 'normal', listRoute: '/outbound/normal_list' },
  [OutboundOrderType.NOON]: { type: OutboundOrderType.NOON, key: 'noon', listRoute: '/outbound/nano_list', ecPlatform: EcPlatform.NOON },
};

export const outboundKindOf = (type: number): OutboundKind => OUTBOUND_KINDS[type] ?? OUTBOUND_KINDS[OutboundOrderType.NORMAL];

/** One line of an order as the server returns it. */
export interface OutboundLine {
  id?: number;
  skuId?: number | null;
  sku?: string | null;
  skuName?: string | null;
  batchNo?: string | null;
  qty: number;
  /** Locked for this line by the allocation (0 before). */
  allocatedQty?: number;
}

/** An outbound order as the page / detail calls return it (generated record type; amounts in cents) with its lines and total quantity. */
export type OutboundRecord = Pick<OutboundOrder, 'id' | 'type' | 'status'> &
  Partial<OutboundOrder> & {
    /** Total quantity of the lines. */
    qty?: number;
    lines?: OutboundLine[];
  };

export const isCreated = (record: { status?: unknown; [key: string]: unknown } | null | undefined): boolean => Number(record?.status) === OutboundOrderStatus.CREATED;
