/**
 * The create/edit form of an adjustment: values, client-side rules (yup, checked before anything is sent)
 * and the add/edit body (issue 4; spec 5 "quantity required", "must be greater than 0", integers only;
 * spec 8 "select owner first" / "select warehouse first"). The server checks the same again and names the
 * field of a failure (`lines[0].qty: ...`), which the dialog shows as it is.
 */
import * as yup from 'yup';
import type { Identifier } from 'react-admin';
import { JudgementType } from '../../../../generated/shared/enums';
import { documentRules, emptyToUndefined, isBlank, textOrNull, type Translate } from '../../kit/formRules';
import { BATCH_NO_MAX, JUDGEMENT_NAMES, REASON_MAX, REMARK_MAX, type JudgementLine, type JudgementRecord } from './constants';
import type { JudgementAddBody, JudgementEditBody, JudgementLineBody } from './judgementApi';

/** One line as the form holds it (display fields ride along and are not sent). */
export interface LineValues {
  inventoryId?: number | null;
  skuId?: number | null;
  batchNo?: string | null;
  type?: number | null;
  qty?: number | string | null;
  reason?: string | null;
  /** Display only. */
  sku?: string | null;
  skuName?: string | null;
  inventoryQty?: number | null;
  inventoryLockQty?: number | null;
}

export interface JudgementFormValues {
  ownerId?: number | null;
  warehouseId?: number | null;
  remark?: string | null;
  lines: LineValues[];
}

export type { Translate };

/** The form's rules in the current language. */
export function judgementFormSchema(t: Translate) {
  const r = documentRules(t, JUDGEMENT_NAMES);
  const line = yup.object({
    inventoryId: yup.number().nullable().transform(emptyToUndefined),
    // a line without an inventory record names its SKU
    skuId: yup
      .number()
      .nullable()
      .transform(emptyToUndefined)
      .when('inventoryId', {
        is: (v: unknown) => isBlank(v),
        then: (s) => s.required(r.message('sku_required')),
      }),
    batchNo: r.maxText(BATCH_NO_MAX),
    type: yup
      .number()
      .transform(emptyToUndefined)
      .typeError(r.message('type_required'))
      .required(r.message('type_required'))
      .oneOf([JudgementType.GAIN, JudgementType.LOSS], r.message('type_required')),
    qty: r.qty(),
    reason: r.maxText(REASON_MAX),
  });
  return yup.object({
    ownerId: r.ownerId(),
    warehouseId: r.warehouseId(),
    remark: r.maxText(REMARK_MAX),
    lines: r.lines(line),
  });
}

/** One form line -> the line of the body: `{inventoryId}` or `{skuId, batchNo}`, then type, qty, reason. */
export function toLineBody(line: LineValues): JudgementLineBody {
  const common = { type: Number(line.type), qty: Number(line.qty), reason: textOrNull(line.reason) };
  if (!isBlank(line.inventoryId)) return { inventoryId: Number(line.inventoryId), ...common };
  return { skuId: Number(line.skuId), batchNo: typeof line.batchNo === 'string' ? line.batchNo.trim() : '', ...common };
}

export function toAddBody(values: JudgementFormValues): JudgementAddBody {
  return {
    warehouseId: Number(values.warehouseId),
    ownerId: Number(values.ownerId),
    remark: textOrNull(values.remark),
    lines: values.lines.map(toLineBody),
  };
}

/** Edit: warehouse and owner cannot change, so they are not sent. */
export function toEditBody(id: Identifier, values: JudgementFormValues): JudgementEditBody {
  return { id, remark: textOrNull(values.remark), lines: values.lines.map(toLineBody) };
}

/** A stored line back into the form. */
export function lineValuesOf(line: JudgementLine): LineValues {
  return {
    inventoryId: line.inventoryId ?? null,
    skuId: line.skuId ?? null,
    batchNo: line.batchNo ?? '',
    type: line.type,
    qty: line.qty,
    reason: line.reason ?? '',
    sku: line.sku ?? null,
    skuName: line.skuName ?? null,
    inventoryQty: line.inventoryQty ?? null,
    inventoryLockQty: line.inventoryLockQty ?? null,
  };
}

/** The form values of a stored document (edit), or of a new one. */
export function formValuesOf(record?: JudgementRecord | null): JudgementFormValues {
  if (!record) return { ownerId: null, warehouseId: null, remark: '', lines: [] };
  return {
    ownerId: record.ownerId ?? null,
    warehouseId: record.warehouseId ?? null,
    remark: record.remark ?? '',
    lines: (record.lines ?? []).map(lineValuesOf),
  };
}

/**
 * A line from a record of the inventory picker (spec 3 inventory record: id, qty, lockQty, batchNo,
 * skuEntity {sku, name, ...}; skuId / sku / skuName read too when the record carries them flat).
 */
export function lineFromInventory(record: Record<string, any>): LineValues {
  const entity = (record.skuEntity ?? {}) as Record<string, any>;
  return {
    inventoryId: Number(record.id),
    skuId: record.skuId ?? entity.id ?? null,
    batchNo: record.batchNo ?? '',
    type: JudgementType.GAIN,
    qty: null,
    reason: '',
    sku: entity.sku ?? record.sku ?? null,
    skuName: entity.name ?? record.skuName ?? record.name ?? null,
    inventoryQty: record.qty ?? null,
    inventoryLockQty: record.lockQty ?? null,
  };
}

/** A new SKU + batch line (goods with no stock record yet: a gain by default). */
export function newSkuLine(): LineValues {
  return { inventoryId: null, skuId: null, batchNo: '', type: JudgementType.GAIN, qty: null, reason: '', sku: null, skuName: null, inventoryQty: null, inventoryLockQty: null };
}
