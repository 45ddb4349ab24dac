/**
 * The receiving screen's rules and /receive body (issue 5; spec 5 quantities). The create/edit form of an
 * inbound order is the manifest's (resources.yaml inboundOrder.screen).
 */
import { QTY_MAX, type InboundLine, type InboundRecord } from './constants';
import type { ReceiveBody } from './inboundApi';

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
