/**
 * 3PL billing (issue 32 step 1-2; docs/billing.md): rate cards with their prices, versioned by valid-from day (the
 * owner's card, else the company's); charges from the warehouse's own events (receipts, shipments, packages, nightly
 * stock snapshots). A small October of activity (made through the API, its instants then moved into October), priced
 * by the cards, equals the computation written out in this test, to the cent; computing twice, or twice at once,
 * changes nothing; a rate-card correction recomputes the uninvoiced charges and answers the difference, never an
 * invoiced one; owner scope on cards, charges and the compute calls; bad input is a 400 naming the field. Both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChargeKind as K, Currency } from '../../generated/shared/enums';
import type { Db } from '../../src/server/db/connect';
import { takeStockSnapshot } from '../../src/server/domain/billing/snapshot';
import { jobHandler } from '../../src/server/domain/jobs/registry';
import { documentFixture, testDatabases, userWith } from './harness';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const CARD = '/sapi/wms/rate-card';
const CHARGE = '/sapi/wms/charge';

/** The test's own rounding: cents of qty x rate, half away from zero, in exact integers (rate 4 decimals, qty 6). */
function cents(qty: number, rate: number): number {
  const q = BigInt(Math.round(qty * 1e6));
  const r = BigInt(Math.round(rate * 1e4));
  const p = q * r; // scaled by 1e10
  const whole = p / 10_000_000_000n;
  const rest = p % 10_000_000_000n;
  return Number(rest * 2n >= 10_000_000_000n ? whole + 1n : whole);
}

describe.each(testDatabases())('billing on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let ownerA: number, ownerB: number, w1: number, companyId: number;
  let cardA: Rec, cardA2: Rec, cardB: Rec;
  const db = () => f.t.database.db as unknown as Db;
  const rows = async (q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: Rec[] }).rows;

  /** Owner A's rates from October 1st, and from October 20th (storage dearer); the company's from January. */
  const RATES_A: Record<number, number> = {
    [K.INBOUND_ORDER]: 500, [K.INBOUND_LINE]: 100, [K.INBOUND_UNIT]: 12.5, [K.OUTBOUND_ORDER]: 300, [K.OUTBOUND_LINE]: 50,
    [K.OUTBOUND_UNIT]: 7.25, [K.OUTBOUND_PACKAGE]: 150, [K.STORAGE_UNIT_DAY]: 0.3333, [K.STORAGE_LOCATION_DAY]: 20, [K.STORAGE_CBM_DAY]: 1234.5678,
  };
  const RATES_A2: Record<number, number> = { ...RATES_A, [K.STORAGE_UNIT_DAY]: 0.75, [K.STORAGE_LOCATION_DAY]: 25.5 };
  const RATES_COMPANY: Record<number, number> = { [K.STORAGE_UNIT_DAY]: 1.5, [K.INBOUND_ORDER]: 999 };
  const lines = (rates: Record<number, number>) => Object.entries(rates).map(([k, rate]) => ({ kind: Number(k), rate }));

  /** What October must cost owner A, written out from the activity below. */
  let expected: Array<{ kind: number; day: string; amount: number }> = [];

  beforeAll(async () => {
    ({ ownerA, ownerB, w1 } = await f.setUp(kind, { ROSE: 'A', MUSK: 'A', CABLE: 'B' }));
    companyId = (await ok('/sapi/wms/owner/detail', { id: ownerA })).companyId;
    // ROSE: 10 x 20 x 30 cm = 0.006 m³ a unit; MUSK has no dimensions (no volume)
    await ok('/sapi/wms/sku/edit', { id: skus.ROSE, length: 10, width: 20, height: 30 });

    await ok(`${CARD}/add`, { name: 'Company list prices', companyId, currency: Currency.SAR, validFrom: '2026-01-01', lines: lines(RATES_COMPANY) });
    cardA = await ok(`${CARD}/add`, { name: 'Desert Rose 2026', ownerId: ownerA, currency: Currency.SAR, validFrom: '2026-10-01', monthlyMinimum: 50000, lines: lines(RATES_A) });
    cardA2 = await ok(`${CARD}/add`, { name: 'Desert Rose from Oct 20', ownerId: ownerA, currency: Currency.SAR, validFrom: '2026-10-20', lines: lines(RATES_A2) });
    cardB = await ok(`${CARD}/add`, { name: 'Gulf Gadgets', ownerId: ownerB, currency: Currency.AED, validFrom: '2026-10-01', monthlyMinimum: 5000, lines: [{ kind: K.STORAGE_UNIT_DAY, rate: 2 }] });

    // receipts: ROSE 4 on Oct 5, ROSE 3 and MUSK 3 on Oct 6 (one order, two lines)
    const inbound = await ok('/sapi/wms/inbound-order/add', { warehouseId: w1, ownerId: ownerA, lines: [{ skuId: skus.ROSE, plannedQty: 7 }, { skuId: skus.MUSK, plannedQty: 3 }] });
    const [rose, musk] = inbound.lines as Rec[];
    await ok('/sapi/wms/inbound-order/receive', { id: inbound.id, lines: [{ lineId: rose.id, qty: 4 }] });
    await db().execute(sql`update wms_inventory_log set add_date = '2026-10-05T10:00:00Z' where biz_no = ${inbound.orderNo}`);
    await ok('/sapi/wms/inbound-order/receive', { id: inbound.id, lines: [{ lineId: rose.id, qty: 3 }, { lineId: musk.id, qty: 3 }] });
    await db().execute(sql`update wms_inventory_log set add_date = '2026-10-06T23:30:00Z' where biz_no = ${inbound.orderNo} and add_date > '2026-11-01'`);
    // owner B's stock comes from an adjustment (no handling charge)
    await f.gain(ownerB, skus.CABLE, 5);
    // the stock of Oct 7..10 (ROSE 7, MUSK 3; B: CABLE 5)
    for (const day of ['2026-10-07', '2026-10-08', '2026-10-09', '2026-10-10']) await takeStockSnapshot(db(), day);

    // a shipment on Oct 15: ROSE 2 + MUSK 1, two packages
    const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };
    const out = await ok('/sapi/wms/outbound-order/add', { warehouseId: w1, ownerId: ownerA, ...receiver, lines: [{ skuId: skus.ROSE, qty: 2 }, { skuId: skus.MUSK, qty: 1 }] });
    await ok('/sapi/wms/outbound-order/allocate', { id: out.id });
    await ok('/sapi/wms/outbound-package/add', { orderId: out.id, carrier: 'SMSA', weight: 1, lines: [{ skuId: skus.ROSE, qty: 2 }] });
    await ok('/sapi/wms/outbound-package/add', { orderId: out.id, carrier: 'SMSA', weight: 1, lines: [{ skuId: skus.MUSK, qty: 1 }] });
    await ok('/sapi/wms/outbound-order/ship', { id: out.id });
    await db().execute(sql`update wms_outbound_order set shipped_time = '2026-10-15T08:00:00Z' where id = ${out.id}`);
    // a shipment today (November): outside October
    const later = await ok('/sapi/wms/outbound-order/add', { warehouseId: w1, ownerId: ownerA, ...receiver, lines: [{ skuId: skus.ROSE, qty: 1 }] });
    await ok('/sapi/wms/outbound-order/allocate', { id: later.id });
    await ok('/sapi/wms/outbound-order/ship', { id: later.id });
    // the stock of Oct 20, 21 (ROSE 4, MUSK 2), priced by the second card; Sep 30 by the company's card
    for (const day of ['2026-10-20', '2026-10-21', '2026-09-30']) await takeStockSnapshot(db(), day);

    const at = (k: number, day: string, qty: number, rates = RATES_A) => expected.push({ kind: k, day, amount: cents(qty, rates[k]) });
    at(K.INBOUND_ORDER, '2026-10-05', 1);
    at(K.INBOUND_LINE, '2026-10-05', 1); // ROSE
    at(K.INBOUND_LINE, '2026-10-06', 1); // MUSK
    at(K.INBOUND_UNIT, '2026-10-05', 4);
    at(K.INBOUND_UNIT, '2026-10-06', 3);
    at(K.INBOUND_UNIT, '2026-10-06', 3);
    at(K.OUTBOUND_ORDER, '2026-10-15', 1);
    at(K.OUTBOUND_LINE, '2026-10-15', 1);
    at(K.OUTBOUND_LINE, '2026-10-15', 1);
    at(K.OUTBOUND_UNIT, '2026-10-15', 2);
    at(K.OUTBOUND_UNIT, '2026-10-15', 1);
    at(K.OUTBOUND_PACKAGE, '2026-10-15', 1);
    at(K.OUTBOUND_PACKAGE, '2026-10-15', 1);
    for (const day of ['2026-10-07', '2026-10-08', '2026-10-09', '2026-10-10']) {
      at(K.STORAGE_UNIT_DAY, day, 7); at(K.STORAGE_UNIT_DAY, day, 3);
      at(K.STORAGE_LOCATION_DAY, day, 1); // ROSE and MUSK share the receiving location: one location-day
      at(K.STORAGE_CBM_DAY, day, 7 * 0.006);
    }
    for (const day of ['2026-10-20', '2026-10-21']) {
      at(K.STORAGE_UNIT_DAY, day, 4, RATES_A2); at(K.STORAGE_UNIT_DAY, day, 2, RATES_A2);
      at(K.STORAGE_LOCATION_DAY, day, 1, RATES_A2); // one location holds both SKUs
      at(K.STORAGE_CBM_DAY, day, 4 * 0.006, RATES_A2);
    }
    expected = expected.sort((a, b) => a.day.localeCompare(b.day) || a.kind - b.kind || a.amount - b.amount);
  }, 120_000);
  afterAll(() => f.close());

  const charges = async (ownerId: number, from = '2026-10-01', to = '2026-10-31', token?: string) =>
    ((await ok(`${CHARGE}/list`, { ownerId }, token)) as Rec[]).filter((c) => c.serviceDate >= from && c.serviceDate <= to);
  const norm = (cs: Rec[]) => cs.map((c) => ({ kind: c.kind, day: c.serviceDate, amount: c.amount })).sort((a, b) => a.day.localeCompare(b.day) || a.kind - b.kind || a.amount - b.amount);
  const sum = (xs: Rec[]) => xs.reduce((a, x) => a + (x.amount as number), 0);

  it('keeps a card with its prices; the company card and another owner\'s card stay apart', async () => {
    const d = await ok(`${CARD}/detail`, { id: cardA.id });
    expect(d).toMatchObject({ ownerId: ownerA, companyId, currency: Currency.SAR, validFrom: '2026-10-01', monthlyMinimum: 50000 });
    expect(d.lines.map((l: Rec) => [l.kind, l.rate])).toEqual(Object.entries(RATES_A).map(([k, r]) => [Number(k), r]).sort((a, b) => a[0] - b[0]));
    const edited = await ok(`${CARD}/edit`, { id: cardB.id, remark: 'kept lines' });
    expect(edited.lines).toHaveLength(1);
  });

  it('prices October from the events as the test computes it, to the cent; a second and two concurrent runs change nothing', async () => {
    const first = await ok(`${CHARGE}/compute`, { ownerId: ownerA, from: '2026-09-30', to: '2026-10-31' });
    const october = await charges(ownerA);
    expect(norm(october)).toEqual(expected);
    expect(sum(october)).toBe(sum(expected));
    // Sep 30: the owner's cards start in October, so the company's card prices it (its unit-day rate only)
    const sept = await charges(ownerA, '2026-09-30', '2026-09-30');
    expect(norm(sept)).toEqual([{ kind: K.STORAGE_UNIT_DAY, day: '2026-09-30', amount: cents(2, 1.5) }, { kind: K.STORAGE_UNIT_DAY, day: '2026-09-30', amount: cents(4, 1.5) }].sort((a, b) => a.amount - b.amount));
    expect(first).toEqual({ added: october.length + sept.length, addedAmount: sum(october) + sum(sept) });
    // every charge names its card and currency; owner B has none of A's
    expect(october.every((c) => c.currency === Currency.SAR && [cardA.id, cardA2.id].includes(c.rateCardId))).toBe(true);
    expect(await ok(`${CHARGE}/compute`, { ownerId: ownerA, from: '2026-09-30', to: '2026-10-31' })).toEqual({ added: 0, addedAmount: 0 });
    const both = await Promise.all([1, 2].map(() => call(`${CHARGE}/compute`, { ownerId: ownerA, from: '2026-09-01', to: '2026-11-30' })));
    expect(both.map((r) => r.code)).toEqual([200, 200]);
    // November's shipment is charged once between the two runs
    // (its order, line and units; no package, and no snapshot in November)
    expect(both.reduce((a, r) => a + r.data.added, 0)).toBe(3);
    expect(norm(await charges(ownerA))).toEqual(expected);
    const [dup] = await rows(sql`select count(*)::int as n from (select kind, source_type, source_id from wms_charge group by 1, 2, 3 having count(*) > 1) d`);
    expect(dup.n).toBe(0);
  });

  it('the daily task computes the day that ended and the day before, once', async () => {
    const run = () => jobHandler('chargeCompute')!.run({ db: db(), params: { date: '2026-10-21' }, signal: new AbortController().signal, fireTime: new Date(), dataDir: '' });
    const before = (await charges(ownerB)).length;
    await run();
    await run();
    // owner B: CABLE 5 on Oct 20 and 21 at B's own card (AED 2 cents a unit-day)
    const b = await charges(ownerB, '2026-10-20', '2026-10-21');
    expect(norm(b)).toEqual([{ kind: K.STORAGE_UNIT_DAY, day: '2026-10-20', amount: 10 }, { kind: K.STORAGE_UNIT_DAY, day: '2026-10-21', amount: 10 }]);
    expect(b.every((c) => c.currency === Currency.AED && c.rateCardId === cardB.id)).toBe(true);
    expect((await charges(ownerB)).length).toBe(before + 2);
    // the snapshot task of a day taken already adds nothing
    const snap = await jobHandler('stockSnapshot')!.run({ db: db(), params: { date: '2026-10-21' }, signal: new AbortController().signal, fireTime: new Date(), dataDir: '' });
    expect(snap).toMatchObject({ en: '2026-10-21: 0 snapshot row(s)' });
  });

  it('a rate-card correction recomputes the uninvoiced charges, answers the difference, and leaves an invoiced charge alone', async () => {
    const october = await charges(ownerA);
    // one unit-day charge of Oct 7 counts as invoiced (step 3 sets invoiceId)
    const invoiced = october.find((c) => c.kind === K.STORAGE_UNIT_DAY && c.serviceDate === '2026-10-07')!;
    await db().execute(sql`update wms_charge set invoice_id = 999999 where id = ${invoiced.id}`);
    const newRates: Record<number, number> = { ...RATES_A, [K.STORAGE_UNIT_DAY]: 0.5, [K.INBOUND_UNIT]: 11 };
    await ok(`${CARD}/edit`, { id: cardA.id, lines: lines(newRates) });
    const r = await ok(`${CHARGE}/recompute`, { ownerId: ownerA, from: '2026-10-01', to: '2026-10-31' });
    // independently: the charges of card A of those two kinds, except the invoiced one, at the new rates
    let diff = 0;
    for (const c of october) {
      if (c.id === invoiced.id || c.rateCardId !== cardA.id || ![K.STORAGE_UNIT_DAY, K.INBOUND_UNIT].includes(c.kind)) continue;
      diff += cents(Number(c.qty), newRates[c.kind]) - c.amount;
    }
    expect(diff).not.toBe(0);
    const uninvoiced = sum(october) - invoiced.amount;
    expect(r).toMatchObject({ before: uninvoiced, after: uninvoiced + diff, difference: diff, removed: 0, added: 0 });
    expect(r.updated).toBe(october.filter((c) => c.id !== invoiced.id && c.rateCardId === cardA.id && [K.STORAGE_UNIT_DAY, K.INBOUND_UNIT].includes(c.kind)).length);
    const after = await charges(ownerA);
    expect(after.find((c) => c.id === invoiced.id)).toEqual({ ...invoiced, invoiceId: 999999 });
    expect(sum(after)).toBe(sum(october) + diff);
    // a kind taken off the card: its uninvoiced charges go; again: nothing changes
    const fewer = Object.fromEntries(Object.entries(newRates).filter(([k]) => Number(k) !== K.OUTBOUND_PACKAGE));
    await ok(`${CARD}/edit`, { id: cardA.id, lines: lines(fewer) });
    const r2 = await ok(`${CHARGE}/recompute`, { ownerId: ownerA, from: '2026-10-01', to: '2026-10-31' });
    expect(r2).toMatchObject({ removed: 2, updated: 0, added: 0, difference: -2 * cents(1, 150) });
    expect(await ok(`${CHARGE}/recompute`, { ownerId: ownerA, from: '2026-10-01', to: '2026-10-31' })).toMatchObject({ difference: 0, updated: 0, removed: 0, added: 0 });
    // a card that priced charges cannot be deleted
    expect((await call(`${CARD}/remove`, { id: cardA.id })).code).toBe(409);
  });

  it('invoices: a draft per owner and month by kind with the monthly minimum, remade after a card change, confirmed once and locked', async () => {
    const INV = '/sapi/wms/invoice';
    /** The month's uninvoiced charges grouped by kind, computed here from the charge list. */
    const byKind = async (ownerId: number) => {
      const m = new Map<number, { kind: number; charges: number; amount: number }>();
      for (const c of (await charges(ownerId)).filter((x) => x.invoiceId === null)) {
        const g = m.get(c.kind) ?? { kind: c.kind, charges: 0, amount: 0 };
        g.charges++; g.amount += c.amount; m.set(c.kind, g);
      }
      return [...m.values()].sort((a, b) => a.kind - b.kind);
    };
    const lineView = (inv: Rec) => inv.lines.map((l: Rec) => ({ kind: l.kind, charges: l.charges, amount: l.amount }));
    const draft = await ok(`${INV}/run`, { ownerId: ownerA, month: '2026-10' });
    const expectA = await byKind(ownerA);
    expect(draft).toMatchObject({ status: 1, ownerId: ownerA, month: '2026-10', currency: Currency.SAR, invoiceNo: null });
    expect(lineView(draft)).toEqual(expectA);
    expect(draft.total).toBe(sum(expectA));
    // a card correction reaches the draft when it is remade: the unit-day line moves by the recomputed difference
    await ok(`${CARD}/edit`, { id: cardA2.id, lines: lines({ ...RATES_A2, [K.STORAGE_UNIT_DAY]: 1.25 }) });
    const again = await ok(`${INV}/run`, { ownerId: ownerA, month: '2026-10' });
    expect(again.id).toBe(draft.id);
    const unitDay = (inv: Rec) => inv.lines.find((l: Rec) => l.kind === K.STORAGE_UNIT_DAY).amount;
    const moved = [4, 2, 4, 2].reduce((a, q) => a + cents(q, 1.25) - cents(q, 0.75), 0);
    expect(unitDay(again) - unitDay(draft)).toBe(moved);
    expect(again.total).toBe(draft.total + moved);
    expect(lineView(again)).toEqual(await byKind(ownerA));
    // owner B: CABLE 5 on six snapshot days at 2 fils a unit-day (the run charges the days the task had not), the
    // minimum 5000 tops it up; two runs at once make one invoice
    const [b1, b2] = await Promise.all([1, 2].map(() => call(`${INV}/run`, { ownerId: ownerB, month: '2026-10' })));
    expect([b1.code, b2.code]).toEqual([200, 200]);
    expect(b1.data.id).toBe(b2.data.id);
    expect(lineView(b1.data)).toEqual([{ kind: K.STORAGE_UNIT_DAY, charges: 6, amount: 6 * cents(5, 2) }, { kind: K.MONTHLY_MINIMUM, charges: 0, amount: 5000 - 6 * cents(5, 2) }]);
    expect(b1.data).toMatchObject({ total: 5000, currency: Currency.AED });
    // confirm: numbered, its charges locked; a second confirmation (at once) is refused
    const confirms = await Promise.all([1, 2].map(() => call(`${INV}/confirm`, { id: draft.id })));
    expect(confirms.map((r) => r.code).sort()).toEqual([200, 409]);
    const done = confirms.find((r) => r.code === 200)!.data;
    expect(done).toMatchObject({ status: 2, invoiceNo: expect.stringMatching(/^INV\d{14}$/), total: again.total });
    const locked = (await charges(ownerA)).filter((c) => c.invoiceId === draft.id);
    expect(sum(locked)).toBe(done.total);
    // never remade, never recomputed
    expect((await call(`${INV}/run`, { ownerId: ownerA, month: '2026-10' })).code).toBe(409);
    await ok(`${CARD}/edit`, { id: cardA2.id, lines: lines(RATES_A2) });
    expect(await ok(`${CHARGE}/recompute`, { ownerId: ownerA, from: '2026-10-01', to: '2026-10-31' })).toMatchObject({ difference: 0, updated: 0 });
    expect(await ok(`${INV}/detail`, { id: draft.id })).toEqual(done);
    expect(sum((await charges(ownerA)).filter((c) => c.invoiceId === draft.id))).toBe(done.total);
    // bad month: 400 naming it; another owner's invoice: refused below
    const bad = await call(`${INV}/run`, { ownerId: ownerA, month: '2026-13' });
    expect([bad.code, bad.msg]).toEqual([400, 'Month must be a month written yyyy-MM']);
  });

  it('owner scope: owner B\'s staff see only B\'s cards and charges, cannot edit cards or compute A\'s', async () => {
    const { token } = await userWith(f.t, f.admin, { codes: ['billing', 'billing:list'], ownerIds: [ownerB] });
    const cards = (await ok(`${CARD}/list`, {}, token)) as Rec[];
    expect(cards.map((c) => c.id)).toEqual([cardB.id]);
    expect([403, 404]).toContain((await call(`${CARD}/detail`, { id: cardA.id }, token)).code);
    const mine = (await ok(`${CHARGE}/list`, {}, token)) as Rec[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((c) => c.ownerId === ownerB)).toBe(true);
    const foreign = await call(`${CHARGE}/list`, { ownerId: ownerA }, token);
    if (foreign.code === 200) expect(foreign.data).toEqual([]);
    else expect([403, 404]).toContain(foreign.code);
    expect((await ok('/sapi/wms/rate-card-line/list', {}, token)).every((l: Rec) => l.rateCardId === cardB.id)).toBe(true);
    const invoices = (await ok('/sapi/wms/invoice/list', {}, token)) as Rec[];
    expect(invoices.length).toBeGreaterThan(0);
    expect(invoices.every((i) => i.ownerId === ownerB)).toBe(true);
    expect((await call('/sapi/wms/invoice/run', { ownerId: ownerB, month: '2026-10' }, token)).code).toBe(403);
    for (const [path, body] of [[`${CARD}/edit`, { id: cardB.id, remark: 'x' }], [`${CARD}/add`, { name: 'Mine', ownerId: ownerB, currency: 1, validFrom: '2026-12-01', lines: [{ kind: K.VAS, rate: 1 }] }],
      [`${CARD}/remove`, { id: cardB.id }], [`${CHARGE}/compute`, { ownerId: ownerB, from: '2026-10-01', to: '2026-10-31' }]] as const) {
      expect((await call(path, body, token)).code, path).toBe(403);
    }
    // an operator limited to owner B: computing or editing A is outside the scope
    const op = (await userWith(f.t, f.admin, { codes: ['billing', 'billing:list', 'billing:edit', 'billing:compute'], ownerIds: [ownerB] })).token;
    expect((await call(`${CHARGE}/compute`, { ownerId: ownerA, from: '2026-10-01', to: '2026-10-31' }, op)).code).toBe(403);
    const opInv = (await userWith(f.t, f.admin, { codes: ['billing', 'billing:list', 'billing:invoice'], ownerIds: [ownerB] })).token;
    expect((await call('/sapi/wms/invoice/run', { ownerId: ownerA, month: '2026-10' }, opInv)).code).toBe(403);
    const [invA] = (await ok('/sapi/wms/invoice/list', { ownerId: ownerA })) as Rec[];
    expect([403, 404]).toContain((await call('/sapi/wms/invoice/confirm', { id: invA.id }, opInv)).code);
    expect([403, 404]).toContain((await call(`${CARD}/edit`, { id: cardA.id, remark: 'x' }, op)).code);
    expect((await call(`${CARD}/add`, { name: 'A by B', ownerId: ownerA, currency: 1, validFrom: '2026-12-01', lines: [{ kind: K.VAS, rate: 1 }] }, op)).code).toBe(403);
    expect((await call(`${CARD}/add`, { name: 'Company by B', companyId, currency: 1, validFrom: '2026-12-01', lines: [{ kind: K.VAS, rate: 1 }] }, op)).code).toBe(403);
    expect((await ok(`${CARD}/detail`, { id: cardA.id })).remark).toBeNull();
  });

  it('bad input: 400 naming the field, nothing written', async () => {
    const count = async () => (await rows(sql`select (select count(*) from wms_rate_card)::int + (select count(*) from wms_charge)::int as n`))[0].n;
    const n = await count();
    const bad: Array<[string, Rec, RegExp]> = [
      [`${CHARGE}/compute`, { ownerId: ownerA, from: '2026-13-01', to: '2026-10-31' }, /^From /],
      [`${CHARGE}/compute`, { ownerId: ownerA, from: '2026-10-31', to: '2026-10-01' }, /^To /],
      [`${CHARGE}/compute`, { ownerId: ownerA, from: '2025-01-01', to: '2026-10-01' }, /^To: a period is at most 366 days/],
      [`${CHARGE}/recompute`, { ownerId: '1', from: '2026-10-01', to: '2026-10-31' }, /^Goods owner /],
      [`${CARD}/add`, { name: 'Twice', ownerId: ownerA, currency: 1, validFrom: '2026-12-01', lines: [{ kind: K.VAS, rate: 1 }, { kind: K.VAS, rate: 2 }] }, /^Line 2: Charge kind/],
      [`${CARD}/add`, { name: 'No holder', currency: 1, validFrom: '2026-12-01', lines: [{ kind: K.VAS, rate: 1 }] }, /^Company cannot be empty/],
      [`${CARD}/add`, { name: 'Fraction', ownerId: ownerA, currency: 1, validFrom: '2026-12-01', lines: [{ kind: K.VAS, rate: 1.00001 }] }, /^Line 1: Rate/],
      [`${CARD}/add`, { name: 'No lines', ownerId: ownerA, currency: 1, validFrom: '2026-12-01' }, /^Prices /],
      [`${CARD}/add`, { name: 'Bad day', ownerId: ownerA, currency: 1, validFrom: '2026-02-30', lines: [{ kind: K.VAS, rate: 1 }] }, /^Valid from /],
      [`${CARD}/add`, { name: 'Cents', ownerId: ownerA, currency: 1, validFrom: '2026-12-01', monthlyMinimum: 10.5, lines: [{ kind: K.VAS, rate: 1 }] }, /^Monthly minimum /],
    ];
    for (const [path, body, msg] of bad) {
      const r = await call(path, body);
      expect([r.code, r.msg], `${path} ${JSON.stringify(body)}`).toEqual([400, expect.stringMatching(msg)]);
    }
    expect(await count()).toBe(n);
  });
});
