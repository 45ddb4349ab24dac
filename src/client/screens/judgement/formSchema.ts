/**
 * The create/edit form of an adjustment: values, client-side rules (yup, checked before anything is sent)
 * and the add/edit body (issue 4; spec 5 "quantity required", "must be greater than 0", integers only;
 * spec 8 "select owner first" / "select warehouse first"). The server checks the same again and names the
 * field of a failure (`lines[0].qty: ...`), which the dialog shows as it is.
 */
import * as yup from 'yup';
import type { Identifier } from 'react-admin';
import { JudgementType } from '../../../../generated/shared/enums';
import { BATCH_NO_MAX, MAX_LINES, QTY_MAX, REASON_MAX, REMARK_MAX, type JudgementLine, type JudgementRecord } from './constants';
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

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const emptyToUndefined = (v: unknown, orig: unknown) => (isEmpty(orig) ? undefined : v);

/** The form's rules in the current language. */
export function judgementFormSchema(t: Translate) {
  const maxText = (max: number) => yup.string().nullable().trim().max(max, t('app.judgement.rules.max_length', { max }));
  const line = yup.object({
    inventoryId: yup.number().nullable().transform(emptyToUndefined),
    skuId: yup
      .number()
      .nullable()
      .transform(emptyToUndefined)
      .when('inventoryId', {
        is: (v: unknown) => isEmpty(v),
        then: (s) => s.required(t('app.judgement.rules.sku_required')),
      }),
    batchNo: maxText(BATCH_NO_MAX),
    type: yup
      .number()
      .transform(emptyToUndefined)
      .typeError(t('app.judgement.rules.type_required'))
      .required(t('app.judgement.rules.type_required'))
      .oneOf([JudgementType.GAIN, JudgementType.LOSS], t('app.judgement.rules.type_required')),
    qty: yup
      .number()
      .transform(emptyToUndefined)
      .typeError(t('app.judgement.rules.qty_number'))
      .required(t('app.judgement.rules.qty_required'))
      .integer(t('app.judgement.rules.qty_integer'))
      .moreThan(0, t('app.judgement.rules.qty_positive'))
      .max(QTY_MAX, t('app.judgement.rules.qty_max', { max: QTY_MAX })),
    reason: maxText(REASON_MAX),
  });
  return yup.object({
    ownerId: yup.number().transform(emptyToUndefined).required(t('app.judgement.rules.owner_first')),
    warehouseId: yup.number().transform(emptyToUndefined).required(t('app.judgement.rules.warehouse_first')),
    remark: maxText(REMARK_MAX),
    lines: yup
      .array(line)
      .required(t('app.judgement.rules.lines_required'))
      .min(1, t('app.judgement.rules.lines_required'))
      .max(MAX_LINES, t('app.judgement.rules.too_many_lines', { max: MAX_LINES })),
  });
}

const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** One form line -> the line of the body: `{inventoryId}` or `{skuId, batchNo}`, then type, qty, reason. */
export function toLineBody(line: LineValues): JudgementLineBody {
  const common = { type: Number(line.type), qty: Number(line.qty), reason: textOrNull(line.reason) };
  if (!isEmpty(line.inventoryId)) return { inventoryId: Number(line.inventoryId), ...common };
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
