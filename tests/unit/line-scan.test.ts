/**
 * The scanning rules of issue 27 item 8 (src/client/widgets/lineScan.ts): parsing `CODE` / `N*CODE`, matching
 * codes to lines, counting with the over-receipt / over-pick limit, refusals that change nothing, progress.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SCAN_QTY, countMessage, countOf, countScan, formScan, lineProgress, parseScan, sameCode, scanProgress, type CountLine } from '../../src/client/widgets/lineScan';

const line = (skuId: number, sku: string, limit: number | null, done = 0, counted = 0): CountLine => ({ skuId, sku, limit, done, counted });

describe('parseScan', () => {
  it('counts 1 for a bare code, N for N*CODE, trimmed', () => {
    expect(parseScan('  ROSE-30 ')).toEqual({ ok: true, code: 'ROSE-30', qty: 1 });
    expect(parseScan('3*ROSE-30')).toEqual({ ok: true, code: 'ROSE-30', qty: 3 });
    expect(parseScan('12 * B0ROSE30')).toEqual({ ok: true, code: 'B0ROSE30', qty: 12 });
    expect(parseScan(`${MAX_SCAN_QTY}*X`)).toEqual({ ok: true, code: 'X', qty: MAX_SCAN_QTY });
  });
  it('refuses a blank input, a quantity of 0 or above the maximum, and a quantity without a code', () => {
    expect(parseScan('   ')).toMatchObject({ ok: false, reason: 'empty' });
    expect(parseScan('0*ROSE')).toEqual({ ok: false, reason: 'qty', code: 'ROSE' });
    expect(parseScan(`${MAX_SCAN_QTY + 1}*ROSE`)).toEqual({ ok: false, reason: 'qty', code: 'ROSE' });
    expect(parseScan('3*')).toMatchObject({ ok: false, reason: 'qty' });
  });
  it('reads a code with a star elsewhere as a plain code', () => {
    expect(parseScan('A*3')).toEqual({ ok: true, code: 'A*3', qty: 1 });
  });
});

describe('matching codes', () => {
  it('compares trimmed and case-insensitively', () => {
    expect(sameCode('rose-30', ' ROSE-30')).toBe(true);
    expect(sameCode('ROSE-3', 'ROSE-30')).toBe(false);
    expect(sameCode(null, '')).toBe(false);
  });
});

describe('countScan', () => {
  const lines = [line(1, 'ROSE-30', 5, 2, 0), line(2, 'MUSK', 3, 0, 3), line(1, 'ROSE-30', 4, 0, 0)];
  it('counts onto the first line of the SKU with room', () => {
    expect(countScan(lines, [1], 1)).toEqual({ ok: true, index: 0, counted: 1 });
    expect(countScan(lines, [1], 3)).toEqual({ ok: true, index: 0, counted: 3 });
  });
  it('goes on to the next line of the same SKU when the first is full (a scan is not split)', () => {
    const full = [line(1, 'ROSE-30', 5, 2, 3), lines[1], lines[2]];
    expect(countScan(full, [1], 1)).toEqual({ ok: true, index: 2, counted: 1 });
    expect(countScan(lines, [1], 4)).toEqual({ ok: true, index: 2, counted: 4 });
  });
  it('refuses more than the limit, naming the room left', () => {
    expect(countScan(lines, [2], 1)).toEqual({ ok: false, reason: 'over', index: 1, room: 0 });
    expect(countScan(lines, [1], 5)).toEqual({ ok: false, reason: 'over', index: 0, room: 7 });
  });
  it('lets over-receipt through when allowed', () => {
    expect(countScan(lines, [2], 2, true)).toEqual({ ok: true, index: 1, counted: 5 });
  });
  it('refuses an unknown code and a SKU that is not on the order', () => {
    expect(countScan(lines, [], 1)).toEqual({ ok: false, reason: 'unknown' });
    expect(countScan(lines, [9], 1)).toEqual({ ok: false, reason: 'not_on_order' });
  });
  it('never limits lines without a limit (order forms)', () => {
    expect(countScan([line(1, 'A', null, 0, 400)], [1], MAX_SCAN_QTY)).toEqual({ ok: true, index: 0, counted: 400 + MAX_SCAN_QTY });
  });
});

describe('progress', () => {
  it('sums done and counted against the limits', () => {
    const lines = [line(1, 'A', 5, 2, 1), line(2, 'B', 3, 0, 3)];
    expect(lineProgress(lines[0])).toEqual({ reached: 3, planned: 5, complete: false });
    expect(lineProgress(lines[1])).toEqual({ reached: 3, planned: 3, complete: true });
    expect(scanProgress(lines)).toEqual({ reached: 6, planned: 8, complete: false });
    expect(scanProgress([line(1, 'A', 5, 2, 3)]).complete).toBe(true);
  });
  it('reads typed counts as whole numbers >= 0', () => {
    expect([countOf('4'), countOf(' 2 '), countOf(''), countOf('-1'), countOf('1.5'), countOf('x'), countOf(7)]).toEqual([4, 2, 0, 0, 0, 0, 7]);
  });
});

describe('countMessage', () => {
  const lines = [line(1, 'ROSE-30', 5, 2, 0), line(2, 'MUSK', 3, 0, 3)];
  it('names the code, the line\'s SKU and its new progress when counted', () => {
    const r = countScan(lines, [1], 2);
    expect(countMessage(r, 'b0rose', 2, lines, [{ id: 1, sku: 'ROSE-30' }], 'over')).toEqual({ ok: true, key: 'counted', params: { code: 'b0rose', qty: 2, reached: 4, planned: 5, sku: 'ROSE-30' } });
  });
  it('names the code in every refusal, with the SKUs or the room left', () => {
    expect(countMessage(countScan(lines, [], 1), 'XX', 1, lines, [], 'over')).toEqual({ ok: false, key: 'unknown', params: { code: 'XX' } });
    expect(countMessage(countScan(lines, [7, 8], 1), 'YY', 1, lines, [{ id: 7, sku: 'A' }, { id: 8, sku: 'B' }], 'over')).toEqual({ ok: false, key: 'not_on_order', params: { code: 'YY', sku: 'A, B' } });
    expect(countMessage(countScan(lines, [2], 1), 'MUSK', 1, lines, [{ id: 2, sku: 'MUSK' }], 'over_ordered')).toEqual({ ok: false, key: 'over_ordered', params: { code: 'MUSK', reached: 3, planned: 3, room: 0 } });
  });
});

describe('formScan', () => {
  const rose = { id: 1, sku: 'ROSE-30' };
  const musk = { id: 2, sku: 'MUSK' };
  it('adds to the SKU\'s existing line', () => {
    expect(formScan([{ skuId: 2, qty: 1 }, { skuId: 1, qty: '4' }], [rose], 3)).toEqual({ ok: true, index: 1, total: 7, sku: rose });
    expect(formScan([{ skuId: 1, qty: null }], [rose], 1)).toEqual({ ok: true, index: 0, total: 1, sku: rose });
  });
  it('makes a new line for a SKU not on the lines', () => {
    expect(formScan([{ skuId: 2, qty: 1 }], [rose], 2)).toEqual({ ok: true, index: -1, total: 2, sku: rose });
  });
  it('refuses an unknown code, and a code naming several SKUs none of which is on the lines', () => {
    expect(formScan([], [], 1)).toEqual({ ok: false, reason: 'unknown' });
    expect(formScan([], [rose, musk], 1)).toEqual({ ok: false, reason: 'ambiguous' });
    expect(formScan([{ skuId: 2, qty: 1 }], [rose, musk], 1)).toEqual({ ok: true, index: 0, total: 2, sku: musk });
  });
});
