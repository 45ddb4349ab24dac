/**
 * The receiving screen's rules and /receive body (issue 5; spec 5 quantities). The create/edit form of an
 * inbound order is the manifest's (resources.yaml inboundOrder.screen).
 */
import type { Gs1Data } from '../../../shared/gs1';
import { QTY_MAX, type InboundLine, type InboundRecord } from './constants';
import type { ReceiveBody } from './inboundApi';

/** What a line still waits for (never below 0). */
export const remainingOf = (line: InboundLine): number => Math.max(0, Number(line.plannedQty ?? 0) - Number(line.receivedQty ?? 0));

/** One line of the receiving screen: the quantity received now (text as typed), its batch and the batch's dates (`yyyy-MM-dd` or ''; issue 30). */
export interface ReceiptValues {
  lineId: number;
  qty: string;
  batchNo: string;
  productionDate?: string;
  expiryDate?: string;
}

/** The receiving screen's starting values: each line's remaining quantity into its own batch, no dates. */
export function receiptDefaults(order: InboundRecord): ReceiptValues[] {
  return (order.lines ?? []).map((l) => ({ lineId: Number(l.id), qty: String(remainingOf(l)), batchNo: l.batchNo ?? '', productionDate: '', expiryDate: '' }));
}

/**
 * What a scanned GS1 label (shared/gs1.ts) sets on the line it counts onto: its lot (AI 10) as the batch, its
 * production date (11) and expiry date (17, else best before 15); what the label does not say stays. A line
 * already counting units of another batch or expiry date refuses the label (`conflict`): one line is
 * received into one batch.
 */
export function applyLabel(r: ReceiptValues, label: Gs1Data, counting: boolean): { values: ReceiptValues } | { conflict: 'batchNo' | 'expiryDate'; was: string } {
  const expiry = label.expiryDate ?? label.bestBeforeDate;
  if (counting && label.batchNo && r.batchNo.trim() && r.batchNo.trim() !== label.batchNo) return { conflict: 'batchNo', was: r.batchNo.trim() };
  if (counting && expiry && r.expiryDate && r.expiryDate !== expiry) return { conflict: 'expiryDate', was: r.expiryDate };
  return { values: { ...r, batchNo: label.batchNo ?? r.batchNo, productionDate: label.productionDate ?? r.productionDate, expiryDate: expiry ?? r.expiryDate } };
}

/** The codes a SKU's barcode may be stored as for a GTIN-14: itself, the GTIN-13 and the UPC-A (GTIN-12) it pads. */
export const gtinCodes = (gtin: string | undefined): string[] => (gtin ? [gtin, ...(gtin.startsWith('0') ? [gtin.slice(1)] : []), ...(gtin.startsWith('00') ? [gtin.slice(2)] : [])] : []);

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
 * batch; `productionDate` / `expiryDate` where given; `overReceipt: true` only when confirmed.
 */
export function toReceiveBody(order: InboundRecord, receipts: ReceiptValues[], overReceipt: boolean): ReceiveBody {
  const byId = new Map((order.lines ?? []).map((l) => [Number(l.id), l]));
  const lines = receipts
    .filter((r) => Number(r.qty.trim() || 0) > 0)
    .map((r) => {
      const batch = r.batchNo.trim();
      const own = (byId.get(r.lineId)?.batchNo ?? '').trim();
      const dates = { ...(r.productionDate ? { productionDate: r.productionDate } : {}), ...(r.expiryDate ? { expiryDate: r.expiryDate } : {}) };
      return batch !== own ? { lineId: r.lineId, qty: Number(r.qty), batchNo: batch, ...dates } : { lineId: r.lineId, qty: Number(r.qty), ...dates };
    });
  return overReceipt ? { id: order.id, lines, overReceipt: true } : { id: order.id, lines };
}
