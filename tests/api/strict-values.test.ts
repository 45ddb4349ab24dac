/**
 * Strict values on the wire (issue 26 items 4 and 5; docs/architecture.md "Strict input at the edge"): a date or
 * instant is ISO 8601 text that names a real instant, else 400 naming the field (en and zh) and nothing written;
 * real dates are stored exactly; a date-range filter refuses an impossible day. Money travels in cents: a fraction
 * of a cent (an amount with more than 2 decimals) is refused with spec 5's "at most 2 decimals", never rounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Currency } from '../../generated/shared/enums';
import { documentFixture, testDatabases } from './harness';

type Rec = Record<string, any>;

describe.each(testDatabases())('strict values on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let w1: number, ownerA: number;
  const IN = '/sapi/wms/inbound-order';
  const OUT = '/sapi/wms/outbound-order';
  const ZH = { 'x-lang': 'zh' };
  const inbound = (extra: Rec) => ({ warehouseId: w1, ownerId: ownerA, storeOrderNo: 'SHOP-D', lines: [{ skuId: skus.ROSE, plannedQty: 1 }], ...extra });
  const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };
  const outbound = (extra: Rec) => ({ warehouseId: w1, ownerId: ownerA, platformOrderNo: 'PO-M', ...receiver, lines: [{ skuId: skus.ROSE, qty: 1 }], ...extra });
  const count = async (path: string) => (await ok(`${path}/page`, { current: 1, size: 1 })).total as number;

  beforeAll(async () => {
    ({ w1, ownerA } = await f.setUp(kind, { ROSE: 'A' }));
  });
  afterAll(() => f.close());

  const IMPOSSIBLE = ['2024-13-45T99:99:99Z', '2024-02-30', '2023-02-29T10:00:00Z', '2024-02-03T25:00', '2024-02-03T10:60:00Z', '0000-00-00', 'Feb 3 2024'];

  it('refuses an impossible date with the field label, and writes nothing', async () => {
    const before = await count(IN);
    for (const when of IMPOSSIBLE) {
      const en = await call(`${IN}/add`, inbound({ plannedArrivalTime: when }));
      expect([en.code, en.msg], when).toEqual([400, 'Planned arrival must be a date']);
      const zh = await call(`${IN}/add`, inbound({ plannedArrivalTime: when }), undefined, ZH);
      expect([zh.code, zh.msg], when).toEqual([400, '预计到货时间必须是日期']);
    }
    for (const when of [12, true]) expect((await call(`${IN}/add`, inbound({ plannedArrivalTime: when }))).msg).toBe('Planned arrival must be a date');
    expect(await count(IN)).toBe(before);
    // an edit too leaves the order as it was
    const o = await ok(`${IN}/add`, inbound({ plannedArrivalTime: '2024-02-03T04:05:06.000Z' }));
    const e = await call(`${IN}/edit`, { id: o.id, plannedArrivalTime: '2024-02-30T10:00:00Z' });
    expect([e.code, e.msg]).toEqual([400, 'Planned arrival must be a date']);
    expect((await ok(`${IN}/detail`, { id: o.id })).plannedArrivalTime).toBe('2024-02-03T04:05:06.000Z');
  });

  it('stores real dates exactly, in the forms the console and the API use', async () => {
    const cases: Array<[string, string]> = [
      ['2024-02-03T04:05:06.000Z', '2024-02-03T04:05:06.000Z'], // what the API answers, sent back on edit
      ['2024-02-03T04:05:06+03:00', '2024-02-03T01:05:06.000Z'],
      ['2024-02-29T23:59:59Z', '2024-02-29T23:59:59.000Z'], // a leap day
      ['2024-02-03T04:05', new Date(2024, 1, 3, 4, 5).toISOString()], // a date-time input: wall time of the server's zone
      ['2024-02-03', new Date(2024, 1, 3).toISOString()],
    ];
    for (const [sent, stored] of cases) {
      const o = await ok(`${IN}/add`, inbound({ plannedArrivalTime: sent }));
      expect((await ok(`${IN}/detail`, { id: o.id })).plannedArrivalTime, sent).toBe(stored);
    }
  });

  it('refuses a date-range filter with an impossible date, and keeps real ones working', async () => {
    for (const q of [{ addDateStart: '2024-02-30' }, { addDateEnd: '2024-13-45T99:99:99Z' }, { addDateStart: '0000-00-00' }]) {
      const r = await call(`${IN}/page`, q);
      expect([r.code, r.msg], JSON.stringify(q)).toEqual([400, 'Created must be a date']);
      expect((await call(`${IN}/page`, q, undefined, ZH)).msg).toBe('创建时间必须是日期');
    }
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    const all = await count(IN);
    expect(all).toBeGreaterThan(0);
    expect((await ok(`${IN}/page`, { addDateStart: '2024-02-29', addDateEnd: new Date(now.getTime() + 3_600_000).toISOString() })).total).toBe(all);
    expect((await ok(`${IN}/page`, { addDateEnd: '2024-02-29' })).total).toBe(0);
    expect((await ok(`${IN}/page`, { addDateStart: day, addDateEnd: day })).total).toBe(all); // today, in UTC (no X-Time-Zone)
  });

  it('refuses money with more than 2 decimals (a fraction of a cent) with the label, and writes nothing', async () => {
    const before = await count(OUT);
    // 25.505 in currency units is 2550.5 cents
    const en = await call(`${OUT}/add`, outbound({ codAmount: 2550.5, codCurrency: Currency.SAR }));
    expect([en.code, en.msg]).toEqual([400, 'Cash on delivery can have at most 2 decimals']);
    const zh = await call(`${OUT}/add`, outbound({ insuredAmount: 0.5, insuredCurrency: Currency.SAR }), undefined, ZH);
    expect([zh.code, zh.msg]).toEqual([400, '保价金额小数点后最多2位']);
    expect(await count(OUT)).toBe(before);
    // 25.5 and 25.50 are 2550 cents: stored as such
    const o = await ok(`${OUT}/add`, outbound({ codAmount: 2550, codCurrency: Currency.SAR }));
    expect((await ok(`${OUT}/detail`, { id: o.id })).codAmount).toBe(2550);
    const e = await call(`${OUT}/edit`, { id: o.id, codAmount: 2550.4999999999995 });
    expect([e.code, e.msg]).toEqual([400, 'Cash on delivery can have at most 2 decimals']);
    expect((await ok(`${OUT}/detail`, { id: o.id })).codAmount).toBe(2550);
  });
});
