/**
 * Constants of the inventory adjustment (inventory judgement) screens (spec 2.3 /sku/inventory_judgement_list,
 * 4, 6, 9; issue 4; server rules in src/server/domain/inventory/judgement.ts).
 */
import { JudgementStatus, JudgementType } from '../../../../generated/shared/enums';
import { resourceMeta } from '../../../../generated/shared/resources';
import { maxLengthOf, type ResourceSpec } from '../../../shared/resource-meta';
import { documentPaths } from '../../kit/documentApi';
import type { DocumentNames } from '../../kit/names';

const meta = resourceMeta.inventoryJudgement as ResourceSpec;

export { JudgementStatus, JudgementType };

export const JUDGEMENT_RESOURCE = 'inventoryJudgement';

/** Test ids `judgement-*`, messages `app.judgement.*` (see documents/names.ts). */
export const JUDGEMENT_NAMES: DocumentNames = { testId: 'judgement', ns: 'app.judgement' };

/** The calls of the screens (API path of the resource from the generated table). */
export const JUDGEMENT_PATHS = documentPaths(JUDGEMENT_RESOURCE, ['page', 'detail', 'add', 'edit', 'remove', 'approve', 'reject'] as const);

/** Permission codes (resources.yaml: list, add/edit/remove, approve/reject). */
export const CODE_JUDGEMENT_LIST = meta.permissions.list!;
export const CODE_JUDGEMENT_ADD = meta.permissions.add!;
export const CODE_JUDGEMENT_APPROVE = meta.workflow!.actions.find((a) => a.name === 'approve')!.code;

/** Server limits (judgement.ts / resources.yaml). */
export { MAX_LINES, QTY_MAX } from '../../../shared/documents';
export const REMARK_MAX = maxLengthOf(meta, 'remark');
export const REASON_MAX = maxLengthOf(resourceMeta.inventoryJudgementLine as ResourceSpec, 'reason');
export const REJECT_REASON_MAX = maxLengthOf(meta, 'rejectReason');
export const BATCH_NO_MAX = maxLengthOf(resourceMeta.inventoryJudgementLine as ResourceSpec, 'batchNo');
export const JUDGEMENT_NO_MAX = maxLengthOf(meta, 'judgementNo');

/** The record shapes of the page call. */
export interface JudgementLine {
  id?: number;
  inventoryId?: number | null;
  skuId?: number | null;
  sku?: string | null;
  skuName?: string | null;
  batchNo?: string | null;
  type: number;
  qty: number;
  reason?: string | null;
  inventoryQty?: number | null;
  inventoryLockQty?: number | null;
}

export interface JudgementRecord {
  id: number;
  judgementNo?: string | null;
  companyName?: string | null;
  warehouseId?: number | null;
  warehouseName?: string | null;
  ownerId?: number | null;
  ownerName?: string | null;
  status: number;
  remark?: string | null;
  rejectReason?: string | null;
  auditUserName?: string | null;
  auditDate?: string | null;
  addDate?: string | null;
  lines?: JudgementLine[];
}

export const isPending = (record: { status?: unknown; [key: string]: unknown } | null | undefined): boolean =>
  Number(record?.status) === JudgementStatus.PENDING;
