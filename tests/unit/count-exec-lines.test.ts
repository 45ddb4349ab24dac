/**
 * The blind counting screen's line rules (src/client/screens/count/lines.ts; issue 30, docs/counts.md
 * "Counting"): typed counts, the /count/enter body of a location, and scans counted with widgets/lineScan.ts.
 */
import { describe, expect, it } from 'vitest';
import { countLinesOf, enterLinesOf, screenLinesOf, typedQty, type ScreenLine } from '../../src/client/screens/count/lines';
import { countScan } from '../../src/client/widgets/lineScan';

const blind = (id: number, skuId: number, sku: string, batchNo: string, countedQty: number | null) => ({ id, locationId: 7, locationCode: 'A-01', skuId, sku, skuName: `${sku} name`, batchNo, countedQty });

describe('count screen lines', () => {
  it('typed counts: empty is 0, whole numbers 0..QTY_MAX, anything else refused', () => {
    expect(['', ' ', '0', '12', ' 3 ', '1000000000'].map(typedQty)).toEqual([0, 0, 0, 12, 3, 1_000_000_000]);
    expect(['-1', '1.5', '1e3', 'x', '1000000001', '0x10'].map(typedQty)).toEqual([null, null, null, null, null, null]);
  });

  it('shows a count entered before, and an uncounted or reopened line empty', () => {
    expect(screenLinesOf([blind(1, 10, 'ROSE', 'B1', 4), blind(2, 11, 'MUSK', '', null)]).map((l) => [l.sku, l.batchNo, l.qty, l.found])).toEqual([
      ['ROSE', 'B1', '4', false],
      ['MUSK', '', '', false],
    ]);
  });

  it('submits every line of the location: empty as 0, found goods without a batch', () => {
    const lines: ScreenLine[] = [
      ...screenLinesOf([blind(1, 10, 'ROSE', 'B1', null), blind(2, 11, 'MUSK', '', null)]).map((l, i) => ({ ...l, qty: i ? '' : '5' })),
      { id: 0, skuId: 12, sku: 'OUD', skuName: null, batchNo: '', found: true, qty: '1' },
    ];
    expect(enterLinesOf(7, lines)).toEqual([
      { locationId: 7, skuId: 10, batchNo: 'B1', countedQty: 5 },
      { locationId: 7, skuId: 11, batchNo: '', countedQty: 0 },
      { locationId: 7, skuId: 12, countedQty: 1 },
    ]);
  });

  it('scans add to the first line of the SKU without a limit; a SKU not listed is not counted onto another line', () => {
    const lines = screenLinesOf([blind(1, 10, 'ROSE', 'B1', null), blind(2, 10, 'ROSE', 'B2', null), blind(3, 11, 'MUSK', '', 2)]);
    expect(countScan(countLinesOf(lines), [10], 9999)).toEqual({ ok: true, index: 0, counted: 9999 });
    expect(countScan(countLinesOf(lines), [11], 3)).toEqual({ ok: true, index: 2, counted: 5 });
    expect(countScan(countLinesOf(lines), [12], 1)).toEqual({ ok: false, reason: 'not_on_order' });
  });
});
