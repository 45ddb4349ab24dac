/**
 * The counting screen's lines (pure; CountExecPage.tsx shows them): the blind lines as the screen holds them, the
 * typed counts' rule (the server's countedQty rule: a whole number 0..QTY_MAX; empty is 0 when submitted), the
 * /count/enter body of a location, and the lines as widgets/lineScan.ts counts scans (no limit: a blind count
 * has no plan to stop at).
 */
import { QTY_MAX } from '../../../shared/documents';
import type { CountLine } from '../../widgets/lineScan';
import type { BlindLine, EnterLine } from './constants';

/** A line on the screen: the blind line (id 0: found here, not yet on the server) and the typed count. */
export interface ScreenLine {
  id: number;
  skuId: number;
  sku: string;
  skuName: string | null;
  batchNo: string;
  /** Found goods added on this screen: the server picks the batch (the SKU's one batch there, else none). */
  found: boolean;
  /** What the "Counted" box holds ('' = not counted yet). */
  qty: string;
}

/** The screen's lines from the server's (a count entered before shows; a line being recounted is empty). */
export const screenLinesOf = (lines: readonly BlindLine[]): ScreenLine[] =>
  lines.map((l) => ({ id: l.id, skuId: l.skuId, sku: l.sku, skuName: l.skuName, batchNo: l.batchNo ?? '', found: false, qty: l.countedQty === null || l.countedQty === undefined ? '' : String(l.countedQty) }));

/** A typed count: '' is 0; else a whole number 0..QTY_MAX (null: not one; the server's rule of countedQty). */
export function typedQty(text: string): number | null {
  const t = text.trim();
  if (t === '') return 0;
  const n = Number(t);
  return /^\d+$/.test(t) && Number.isSafeInteger(n) && n <= QTY_MAX ? n : null;
}

/** The /enter lines of a location: every listed line (empty: 0); found goods without a batch (the server's choice). */
export const enterLinesOf = (locationId: number, lines: readonly ScreenLine[]): EnterLine[] =>
  lines.map((l) => ({ locationId, skuId: l.skuId, ...(l.found ? {} : { batchNo: l.batchNo }), countedQty: typedQty(l.qty) ?? 0 }));

/** The lines as the scan counting sees them: no limit (a blind count has no plan), counted = the typed count. */
export const countLinesOf = (lines: readonly ScreenLine[]): CountLine[] => lines.map((l) => ({ skuId: l.skuId, sku: l.sku, limit: null, done: 0, counted: typedQty(l.qty) ?? 0 }));
