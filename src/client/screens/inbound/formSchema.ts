/**
 * The inbound order form (issue 5): rules (yup, spec 5 "positive integer", "quantity required", "must be
 * greater than 0"; spec 8 "select owner first" / "select warehouse first"; a customer return needs its
 * source outbound number), the add / edit bodies, and the /receive body of the receiving screen.
 */
import * as yup from 'yup';
import type { Identifier } from 'react-admin';
import { documentRules, newSkuLine, skuLineBody, skuLineValues, textOrNull, type SkuLineValues, type Translate } from '../documents/formRules';
import { BATCH_NO_MAX, INBOUND_NAMES, InboundOrderType, NO_MAX, QTY_MAX, REMARK_MAX, type InboundLine, type InboundRecord } from './constants';
import type { InboundAddBody, InboundEditBody, InboundLineBody, ReceiveBody } from './inboundApi';

/** One line as the form holds it (SKU code and name ride along for display). */
export type InboundLineValues = SkuLineValues<'plannedQty'>;

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

export type { Translate };

export function inboundFormSchema(t: Translate) {
  const r = documentRules(t, INBOUND_NAMES);
  const line = yup.object({
    skuId: r.skuId(),
    batchNo: r.maxText(BATCH_NO_MAX),
    plannedQty: r.qty(),
  });
  return yup.object({
    type: yup.number().required(),
    ownerId: r.ownerId(),
    warehouseId: r.warehouseId(),
    storeOrderNo: r.maxText(NO_MAX),
    sourceOutboundNo: r.maxText(NO_MAX).when('type', {
      is: InboundOrderType.RETURN,
      then: (s) => s.required(r.message('source_outbound_required')),
    }),
    waybillNo: r.maxText(NO_MAX),
    returnWaybillNo: r.maxText(NO_MAX),
    remark: r.maxText(REMARK_MAX),
    lines: r.lines(line),
  });
}

/** A date (DateTimeInput value, Date or text) as ISO text, or null. */
export function toIso(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function toLineBody(line: InboundLineValues): InboundLineBody {
  return skuLineBody(line, 'plannedQty');
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
  return newSkuLine('plannedQty');
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
    lines: (record?.lines ?? []).map((l: InboundLine) => skuLineValues(l, 'plannedQty')),
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
