/**
 * How the ledger spreads a change that names no location over an inventory row's location rows (issue 29;
 * src/server/domain/inventory/locations.ts spreadChange): in the given (pick sequence) order, never more than a
 * row holds, locks only on lockable rows, shipping from locked units, and what no row can serve as `short`.
 */
import { describe, expect, it } from 'vitest';
import { spreadChange, type LocRow } from '../../src/server/domain/inventory/locations';

const rows = (...r: Array<[number, number, number, boolean?]>): LocRow[] => r.map(([locationId, qty, lockQty, lockable = true]) => ({ locationId, qty, lockQty, lockable }));

describe('spreadChange', () => {
  it('locks in order on lockable rows only, up to each row\'s available', () => {
    const r = rows([1, 5, 0, false], [2, 3, 1], [3, 10, 0]);
    expect(spreadChange(r, 0, 6)).toEqual({ parts: [{ locationId: 2, dq: 0, dl: 2 }, { locationId: 3, dq: 0, dl: 4 }], short: 0 });
    expect(r.map((x) => x.lockQty)).toEqual([0, 3, 4]);
    expect(spreadChange(r, 0, 7).short).toBe(1); // 6 left on row 3, none on the quarantine row
  });

  it('ships from locked units, then takes the rest of qty from available, releasing what is left', () => {
    const r = rows([1, 4, 2], [2, 6, 3]);
    // ship 4 (qty -4, lock -4): 2 from row 1, 2 from row 2; then take 1 more qty from available (row 1 has 2 left, 0 locked)
    expect(spreadChange(r, -5, -4)).toEqual({ parts: [{ locationId: 1, dq: -3, dl: -2 }, { locationId: 2, dq: -2, dl: -2 }], short: 0 });
    expect(r).toEqual(rows([1, 1, 0], [2, 4, 1]));
    expect(spreadChange(r, 0, -1)).toEqual({ parts: [{ locationId: 2, dq: 0, dl: -1 }], short: 0 });
  });

  it('takes (loss) only unlocked units; an addition goes to the receiving row; short when rows cannot serve', () => {
    const r = rows([1, 4, 4], [2, 2, 0]);
    expect(spreadChange(r, -3, 0)).toEqual({ parts: [{ locationId: 2, dq: -2, dl: 0 }], short: 1 });
    expect(spreadChange(r, 3, 1, r[1])).toEqual({ parts: [{ locationId: 2, dq: 3, dl: 1 }], short: 0 });
    expect(spreadChange([], 2, 0).short).toBe(2);
  });
});
