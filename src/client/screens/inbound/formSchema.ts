/**
 * The inbound order form (issue 5): rules (yup, spec 5 "positive integer", "quantity required", "must be
 * greater than 0"; spec 8 "select owner first" / "select warehouse first"; a customer return needs its
 * source outbound number), the add / edit bodies, and the /receive body of the receiving screen.
 */
import * as yup from 'yup';
import type { Identifier } from 'react-admin';
import { BATCH_NO_MAX, InboundOrderType, MAX_LINES, NO_MAX, QTY_MAX, REMARK_MAX, type InboundLine, type InboundRecord } from './constants';
import type { InboundAddBody, InboundEditBody, InboundLineBody, ReceiveBody } from './inboundApi';

export interface InboundLineValues {
  skuId: number | null;
  batchNo: string;
  plannedQty: number | string | null;
  /** Display only. */
  sku?: string | null;
  skuName?: string | null;
}

export interface InboundFormValues {
  type: number;
  ownerId: number | null;
  warehouseId: number | null;
  storeOrderNo: string;
  sourceOutboundNo: string;
  waybillNo: string;
  returnWaybillNo: string;
  plannedArrivalTime: string | Date | null;
  remark: string;
  lines: InboundLineValues[];
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const emptyToUndefined = (v: unknown, orig: unknown) => (isEmpty(orig) ? undefined : v);

export function inboundFormSchema(t: Translate) {
  const maxText = (max: number) => yup.string().nullable().trim().max(max, t('app.inbound.rules.max_length', { max }));
  const line = yup.object({
    skuId: yup.number().nullable().transform(emptyToUndefined).required(t('app.inbound.rules.sku_required')),
    batchNo: maxText(BATCH_NO_MAX),
    plannedQty: yup
      .number()
      .transform(emptyToUndefined)
      .typeError(t('app.inbound.rules.qty_number'))
      .required(t('app.inbound.rules.qty_required'))
      .integer(t('app.inbound.rules.qty_integer'))
      .moreThan(0, t('app.inbound.rules.qty_positive'))
      .max(QTY_MAX, t('app.inbound.rules.qty_max', { max: QTY_MAX })),
  });
  return yup.object({
    type: yup.number().required(),
    ownerId: yup.number().transform(emptyToUndefined).required(t('app.inbound.rules.owner_first')),
    warehouseId: yup.number().transform(emptyToUndefined).required(t('app.inbound.rules.warehouse_first')),
    storeOrderNo: maxText(NO_MAX),
    sourceOutboundNo: maxText(NO_MAX).when('type', {
      is: InboundOrderType.RETURN,
      then: (s) => s.required(t('app.inbound.rules.source_outbound_required')),
    }),
    waybillNo: maxText(NO_MAX),
    returnWaybillNo: maxText(NO_MAX),
    remark: maxText(REMARK_MAX),
    lines: yup
      .array(line)
      .required(t('app.inbound.rules.lines_required'))
      .min(1, t('app.inbound.rules.lines_required'))
      .max(MAX_LINES, t('app.inbound.rules.too_many_lines', { max: MAX_LINES })),
  });
}

const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A date (DateTimeInput value, Date or text) as ISO text, or null. */
export function toIso(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function toLineBody(line: InboundLineValues): InboundLineBody {
  return { skuId: Number(line.skuId), batchNo: typeof line.batchNo === 'string' ? line.batchNo.trim() : '', plannedQty: Number(line.plannedQty) };
}

function commonBody(values: InboundFormValues) {
  const isReturn = Number(values.type) === InboundOrderType.RETURN;
  return {
    storeOrderNo: textOrNull(values.storeOrderNo),
    sourceOutboundNo: isReturn ? textOrNull(values.sourceOutboundNo) : null,
    waybillNo: textOrNull(values.waybillNo),
    returnWaybillNo: isReturn ? textOrNull(values.returnWaybillNo) : null,
    plannedArrivalTime: toIso(values.plannedArrivalTime),
    remark: textOrNull(values.remark),
    lines: values.lines.map(toLineBody),
  };
}

export function toAddBody(values: InboundFormValues): InboundAddBody {
  return { type: Number(values.type), warehouseId: Number(values.warehouseId), ownerId: Number(values.ownerId), ...commonBody(values) };
}

/** Edit: type, warehouse and owner cannot change, so they are not sent. */
export function toEditBody(id: Identifier, values: InboundFormValues): InboundEditBody {
  return { id, ...commonBody(values) };
}

export function newLine(): InboundLineValues {
  return { skuId: null, batchNo: '', plannedQty: null, sku: null, skuName: null };
}

/** The form values of a stored order (edit), or of a new one of `type`. */
export function formValuesOf(type: number, record?: InboundRecord | null): InboundFormValues {
  return {
    type: record?.type ?? type,
    ownerId: record?.ownerId ?? null,
    warehouseId: record?.warehouseId ?? null,
    storeOrderNo: record?.storeOrderNo ?? '',
    sourceOutboundNo: record?.sourceOutboundNo ?? '',
    waybillNo: record?.waybillNo ?? '',
    returnWaybillNo: record?.returnWaybillNo ?? '',
    plannedArrivalTime: record?.plannedArrivalTime ?? null,
    remark: record?.remark ?? '',
    lines: (record?.lines ?? []).map((l: InboundLine) => ({
      skuId: l.skuId ?? null,
      batchNo: l.batchNo ?? '',
      plannedQty: l.plannedQty,
      sku: l.sku ?? null,
      skuName: l.skuName ?? null,
    })),
  };
}

/** What a line still waits for (never below 0). */
export const remainingOf = (line: InboundLine): number => Math.max(0, Number(line.plannedQty ?? 0) - Number(line.receivedQty ?? 0));

/** One line of the receiving screen: the quantity received now (text as typed) and its batch. */
export interface ReceiptValues {
  lineId: number;
  qty: string;
  batchNo: string;
}

/** The receiving screen's starting values: each line's remaining quantity into its own batch. */
export function receiptDefaults(order: InboundRecord): ReceiptValues[] {
  return (order.lines ?? []).map((l) => ({ lineId: Number(l.id), qty: String(remainingOf(l)), batchNo: l.batchNo ?? '' }));
}

/** The error of one "receive now" quantity (i18n key), or undefined; empty means 0 (nothing now). */
export function receiptQtyError(qty: string): string | undefined {
  const text = qty.trim();
  if (text === '') return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(text)) return 'app.inbound.rules.qty_number';
  const n = Number(text);
  if (!Number.isInteger(n)) return 'app.inbound.rules.qty_integer';
  if (n < 0) return 'app.inbound.rules.qty_not_negative';
  if (n > QTY_MAX) return 'app.inbound.rules.qty_too_big';
  return undefined;
}

/**
 * The /receive body: lines with a quantity above 0; `batchNo` only where the operator changed the line's
 * batch; `overReceipt: true` only when confirmed.
 */
export function toReceiveBody(order: InboundRecord, receipts: ReceiptValues[], overReceipt: boolean): ReceiveBody {
  const byId = new Map((order.lines ?? []).map((l) => [Number(l.id), l]));
  const lines = receipts
    .filter((r) => Number(r.qty.trim() || 0) > 0)
    .map((r) => {
      const batch = r.batchNo.trim();
      const own = (byId.get(r.lineId)?.batchNo ?? '').trim();
      return batch !== own ? { lineId: r.lineId, qty: Number(r.qty), batchNo: batch } : { lineId: r.lineId, qty: Number(r.qty) };
    });
  return overReceipt ? { id: order.id, lines, overReceipt: true } : { id: order.id, lines };
}
