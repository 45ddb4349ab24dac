/**
 * Scanning line by line (issue 27 item 8): the pure rules behind the scan inputs of the receiving and shipping
 * screens and of the order-line forms (widgets/LineScanField.tsx shows them; the screens hold the counts).
 *
 * - Input: what a wedge scanner (or a clerk) types before Enter. `CODE` counts 1; `N*CODE` counts N
 *   (1..MAX_SCAN_QTY; spaces around `*` allowed). CODE is a SKU code, a supplier SKU, a platform SKU or the
 *   platform SKU's barcode, of the order's goods owner; it is compared trimmed and case-insensitively.
 * - Matching: the SKUs a code names (`skuIds`: a line's own SKU code, else the server's /sku/findByCode) are
 *   looked for among the lines; the count goes to the first such line with room for the whole quantity (a SKU
 *   on two lines, e.g. two batches, fills the first line first; one scan is never split over lines).
 * - Refusals, each naming the code: `unknown` (no SKU of the owner has that code), `not_on_order` (a SKU, but
 *   not on the order), `over` (more than planned on receiving, more than ordered on picking/packing; the lines'
 *   `limit`), `qty` (a bad N in `N*CODE`). A refused scan changes no count.
 * - Progress: `done + counted` of `limit` per line and in total.
 */

/** The largest quantity one scan may count (`N*CODE`). */
export const MAX_SCAN_QTY = 9999;

/** A parsed scan: the code and how many it counts. */
export interface ScanInput {
  code: string;
  qty: number;
}

export type ScanParse = ({ ok: true } & ScanInput) | { ok: false; reason: 'empty' | 'qty'; code: string };

const QTY_PREFIX = /^(\d+)\s*\*\s*(.*)$/;

/** `CODE` -> {code, qty: 1}; `N*CODE` -> {code, qty: N}; blank -> empty; N outside 1..MAX_SCAN_QTY or no code -> qty. */
export function parseScan(raw: string): ScanParse {
  const text = raw.trim();
  if (!text) return { ok: false, reason: 'empty', code: '' };
  const m = QTY_PREFIX.exec(text);
  if (!m) return { ok: true, code: text, qty: 1 };
  const code = m[2].trim();
  const qty = Number(m[1]);
  if (!code || !Number.isSafeInteger(qty) || qty < 1 || qty > MAX_SCAN_QTY) return { ok: false, reason: 'qty', code: code || text };
  return { ok: true, code, qty };
}

/** Codes compare trimmed and case-insensitively (scanners and typists differ in case). */
export const sameCode = (a: string | null | undefined, b: string | null | undefined): boolean =>
  a !== null && a !== undefined && b !== null && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/** A line as the counting sees it. */
export interface CountLine {
  skuId: number;
  /** The SKU code shown on the line (matched without asking the server). */
  sku?: string | null;
  /** Most the line may reach (planned / ordered quantity); null: no limit (order forms). */
  limit: number | null;
  /** Already done before this count (e.g. received earlier). */
  done: number;
  /** Counted by this screen so far. */
  counted: number;
}

/** Room left on a line (Infinity without a limit). */
export const roomOf = (l: CountLine): number => (l.limit === null ? Infinity : Math.max(0, l.limit - l.done - l.counted));

export type ScanRefusal = 'unknown' | 'not_on_order' | 'over' | 'qty';

export type CountResult =
  | { ok: true; index: number; counted: number }
  | { ok: false; reason: Exclude<ScanRefusal, 'qty'>; index?: number; room?: number };

/**
 * Counts `qty` of the SKUs `skuIds` (what the code names) onto `lines`: the index of the first line of one of
 * those SKUs with room for all of it and that line's new count; else the refusal (for `over`: the first
 * matching line and the room left on all matching lines). `allowOver` lifts the limit (the receiving screen's
 * "Allow over-receipt"): the first matching line takes it.
 */
export function countScan(lines: readonly CountLine[], skuIds: readonly number[], qty: number, allowOver = false): CountResult {
  if (skuIds.length === 0) return { ok: false, reason: 'unknown' };
  const matching = lines.map((l, index) => ({ l, index })).filter(({ l }) => skuIds.includes(l.skuId));
  if (matching.length === 0) return { ok: false, reason: 'not_on_order' };
  const target = allowOver ? matching[0] : matching.find(({ l }) => roomOf(l) >= qty);
  if (!target) return { ok: false, reason: 'over', index: matching[0].index, room: matching.reduce((s, { l }) => s + roomOf(l), 0) };
  return { ok: true, index: target.index, counted: target.l.counted + qty };
}

export interface ScanProgress {
  /** done + counted, summed. */
  reached: number;
  /** Sum of the limits (lines without a limit count what they reached). */
  planned: number;
  /** Every line at its limit. */
  complete: boolean;
}

/** Progress of one line: done + counted of its limit. */
export const lineProgress = (l: CountLine): { reached: number; planned: number; complete: boolean } => {
  const reached = l.done + l.counted;
  const planned = l.limit ?? reached;
  return { reached, planned, complete: reached >= planned };
};

/** Progress over all lines. */
export function scanProgress(lines: readonly CountLine[]): ScanProgress {
  const each = lines.map(lineProgress);
  return {
    reached: each.reduce((s, p) => s + p.reached, 0),
    planned: each.reduce((s, p) => s + p.planned, 0),
    complete: each.every((p) => p.complete),
  };
}

/** A count typed into a quantity input: a whole number >= 0, else 0. */
export const countOf = (text: unknown): number => {
  const n = typeof text === 'number' ? text : Number(String(text ?? '').trim());
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/** A SKU a code names, as the lookup answers it. */
export interface NamedSku {
  id: number;
  sku: string;
}

/** A scan's message: ok or refused, its key under `wms.widgets.lineScan.` and the values it names. */
export interface ScanMessage {
  ok: boolean;
  key: string;
  params: Record<string, string | number>;
}

/**
 * The message of `countScan`'s result for a scan of `qty` × `code` naming `hits`: `counted` (the line's SKU and
 * its new reached / planned), `unknown`, `not_on_order` (the SKUs the code names), or `overKey` (`over` on
 * receiving, `over_ordered` on picking/packing: the first matching line's reached / planned and the room left).
 */
export function countMessage(result: CountResult, code: string, qty: number, lines: readonly CountLine[], hits: readonly NamedSku[], overKey: 'over' | 'over_ordered'): ScanMessage {
  if (result.ok) {
    const l = lines[result.index];
    return { ok: true, key: 'counted', params: { code, qty, reached: l.done + result.counted, planned: l.limit ?? l.done + result.counted, sku: l.sku ?? '' } };
  }
  if (result.reason === 'unknown') return { ok: false, key: 'unknown', params: { code } };
  if (result.reason === 'not_on_order') return { ok: false, key: 'not_on_order', params: { code, sku: hits.map((h) => h.sku).join(', ') } };
  const l = lines[result.index ?? 0];
  return { ok: false, key: overKey, params: { code, reached: l.done + l.counted, planned: l.limit ?? 0, room: result.room ?? 0 } };
}

export type FormScanResult<H extends NamedSku = NamedSku> =
  | { ok: true; index: number; total: number; sku: H }
  | { ok: false; reason: 'unknown' | 'ambiguous' };

/**
 * Where a scan of `qty` goes in an order form's lines (no limits there): onto the first line of one of the SKUs
 * the code names (`index`, its new quantity `total`), else a new line (`index` -1, `total` = qty) when the code
 * names exactly one SKU; a code naming none is `unknown`, several not on the lines `ambiguous` (the picker
 * decides).
 */
export function formScan<H extends NamedSku>(lines: ReadonlyArray<{ skuId: unknown; qty: unknown }>, hits: readonly H[], qty: number): FormScanResult<H> {
  if (hits.length === 0) return { ok: false, reason: 'unknown' };
  const index = lines.findIndex((l) => hits.some((h) => String(h.id) === String(l.skuId)));
  if (index >= 0) return { ok: true, index, total: countOf(lines[index].qty) + qty, sku: hits.find((h) => String(h.id) === String(lines[index].skuId))! };
  if (hits.length > 1) return { ok: false, reason: 'ambiguous' };
  return { ok: true, index: -1, total: qty, sku: hits[0] };
}
