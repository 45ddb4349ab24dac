/**
 * Dashboard and statistics through the API (issue 15; spec 3 warehouse and owner statistics, spec 6 scope):
 * on a small data set built through the real calls (inventory adjustments, an inbound order received in the
 * second warehouse, outbound orders shipped, allocated and created, a cancelled inbound order), the warehouse
 * and owner lists carry the right figures, `/sapi/dashboard/overview` the right counts and series, an
 * owner-scoped or warehouse-scoped user only their share, the nightly snapshot job is idempotent per day and
 * feeds the stock trend, and the daily series follow the caller's time zone.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChargeKind, Currency, InboundOrderStatus } from '../../generated/shared/enums';
import { jobHandler } from '../../src/server/domain/jobs/registry';
import { DAYS } from '../../src/server/domain/statistics/dashboard';
import { inventorySnapshotJob, serverDay } from '../../src/server/domain/statistics/snapshot';
import { documentFixture, testDatabases, userWith, type TestApp } from './harness';

type Rec = Record<string, any>;
const DAY_MS = 86_400_000;
/** The calendar day of instant `at` in a zone `tz` hours east of UTC. */
const dayIn = (at: number, tz: number) => new Date(at + tz * 3_600_000).toISOString().slice(0, 10);
/** The server's offset in whole hours: with it, the caller's days are the server's (snapshot) days. */
const SERVER_TZ = String(-new Date().getTimezoneOffset() / 60);

describe.each(testDatabases())('dashboard and statistics on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let t: TestApp, ownerA: number, ownerB: number, w1: number, w2: number;
  let userA: string, userB: string, userW2: string;
  const overview = async (token: string, body: Rec = {}, tz = SERVER_TZ) => {
    const r = await call('/sapi/dashboard/overview', body, token, { 'x-time-zone': tz });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  const figures = (records: Rec[], fields: string[]) => Object.fromEntries(records.map((r) => [r.code, fields.map((k) => r[k])]));
  const warehouseFigures = async (token = f.admin) => figures((await ok('/sapi/wms/warehouse/page', { sortProp: 'code', sortOrder: 'asc' }, token)).records, ['availableQty', 'lockedQty', 'categoryCount']);
  const ownerFigures = async (token = f.admin) => figures((await ok('/sapi/wms/owner/page', {}, token)).records, ['skuCount', 'inventoryQty', 'inboundCount', 'outboundCount']);
  const runSnapshot = (params: Rec = {}) => inventorySnapshotJob.run({ db: t.database.db, params, signal: new AbortController().signal, fireTime: new Date(), dataDir: '' });
  const snapshotRows = async () => (await t.database.db.execute(sql`select snapshot_date::text as day, warehouse_id, owner_id, qty::int, lock_qty::int, sku_count from wms_inventory_snapshot order by 1, 2, 3`) as unknown as { rows: Rec[] }).rows;
  let codeOf: Record<number, string>;

  beforeAll(async () => {
    ({ t, ownerA, ownerB, w1 } = await f.setUp(kind, { ROSE: 'A', MUSK: 'A', CABLE: 'B' }));
    const warehouses = await ok('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' });
    w2 = warehouses[1].id;
    codeOf = Object.fromEntries(warehouses.map((w: Rec) => [w.id, w.code]));
    // categories: ROSE Perfume; MUSK and CABLE Oud
    const oud = (await ok('/sapi/wms/sku-category/add', { name: 'Oud' })).id;
    for (const k of ['MUSK', 'CABLE']) await ok('/sapi/wms/sku/edit', { id: skus[k], categoryId: oud });
    // w1: ROSE 10 (A), CABLE 7 (B) by adjustment (bizType 3: not a receipt)
    await f.gain(ownerA, skus.ROSE, 10);
    await f.gain(ownerB, skus.CABLE, 7);
    // w2: MUSK 5 (A) received on an inbound order (bizType 1), which completes it
    const IN = '/sapi/wms/inbound-order';
    const received = await ok(`${IN}/add`, { warehouseId: w2, ownerId: ownerA, storeOrderNo: 'S-1', lines: [{ skuId: skus.MUSK, plannedQty: 5 }] });
    expect((await ok(`${IN}/receive`, { id: received.id, lines: [{ lineId: received.lines[0].id, qty: 5 }] })).status).toBe(InboundOrderStatus.COMPLETED);
    // one inbound order open in w1 (A), one cancelled (not counted anywhere)
    await ok(`${IN}/add`, { warehouseId: w1, ownerId: ownerA, storeOrderNo: 'S-2', lines: [{ skuId: skus.ROSE, plannedQty: 1 }] });
    const cancelled = await ok(`${IN}/add`, { warehouseId: w1, ownerId: ownerA, storeOrderNo: 'S-3', lines: [{ skuId: skus.ROSE, plannedQty: 1 }] });
    await ok(`${IN}/cancel`, { id: cancelled.id });
    // outbound in w1: A ships 3 ROSE, A allocates 2 ROSE (locked), B creates 1 CABLE
    const OUT = '/sapi/wms/outbound-order';
    const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };
    const shipped = await ok(`${OUT}/add`, { warehouseId: w1, ownerId: ownerA, ...receiver, lines: [{ skuId: skus.ROSE, qty: 3 }] });
    await ok(`${OUT}/allocate`, { id: shipped.id });
    await ok(`${OUT}/ship`, { id: shipped.id });
    const allocated = await ok(`${OUT}/add`, { warehouseId: w1, ownerId: ownerA, ...receiver, lines: [{ skuId: skus.ROSE, qty: 2 }] });
    await ok(`${OUT}/allocate`, { id: allocated.id });
    await ok(`${OUT}/add`, { warehouseId: w1, ownerId: ownerB, ...receiver, lines: [{ skuId: skus.CABLE, qty: 1 }] });
    const codes = ['dashboard', 'warehouse:list', 'owner:list'];
    userA = (await userWith(t, f.admin, { codes, ownerIds: [ownerA] })).token;
    userB = (await userWith(t, f.admin, { codes, ownerIds: [ownerB] })).token;
    userW2 = (await userWith(t, f.admin, { codes, warehouseIds: [w2] })).token;
  });
  afterAll(() => f.close());

  it('warehouse list: available and locked units and categories in stock, within the owner scope', async () => {
    const [c1, c2] = [codeOf[w1], codeOf[w2]];
    // w1: ROSE 7 (2 locked) + CABLE 7; Perfume and Oud. w2: MUSK 5; Oud
    expect(await warehouseFigures()).toMatchObject({ [c1]: [12, 2, 2], [c2]: [5, 0, 1] });
    expect(await warehouseFigures(userA)).toMatchObject({ [c1]: [5, 2, 1], [c2]: [5, 0, 1] });
    expect(await warehouseFigures(userB)).toMatchObject({ [c1]: [7, 0, 1], [c2]: [0, 0, 0] });
    expect(await warehouseFigures(userW2)).toEqual({ [c2]: [5, 0, 1] });
    // the detail carries them too
    expect(await ok('/sapi/wms/warehouse/detail', { id: w1 }, userB)).toMatchObject({ availableQty: 7, lockedQty: 0, categoryCount: 1 });
  });

  it('owner list: SKUs, units on hand, inbound and outbound orders (cancelled excluded), within the warehouse scope', async () => {
    expect(await ownerFigures()).toEqual({ 'OWN-A': [2, 12, 2, 2], 'OWN-B': [1, 7, 0, 1] });
    expect(await ownerFigures(userA)).toEqual({ 'OWN-A': [2, 12, 2, 2] });
    expect(await ownerFigures(userB)).toEqual({ 'OWN-B': [1, 7, 0, 1] });
    // w2 only: A's MUSK received there, nothing else of w1
    expect(await ownerFigures(userW2)).toEqual({ 'OWN-A': [2, 5, 1, 0], 'OWN-B': [1, 0, 0, 0] });
  });

  it('dashboard: counts and series for the whole data set (admin)', async () => {
    const d = await overview(f.admin);
    expect(d.counts).toEqual({ skus: 3, onHand: 19, locked: 2, available: 17, inboundOpen: 1, outboundToShip: 2, receivedToday: 5, shippedToday: 3, nearExpiry: 0, inTransit: 0 });
    expect(d.inventoryByWarehouse.map((w: Rec) => [w.warehouseId, w.qty, w.lockQty])).toEqual(expect.arrayContaining([[w1, 14, 2], [w2, 5, 0]]));
    expect(d.daily).toHaveLength(DAYS);
    expect(d.daily.at(-1)).toEqual({ date: dayIn(Date.now(), Number(SERVER_TZ)), inboundUnits: 5, outboundUnits: 3, stockUnits: 19 });
    expect(d.daily.slice(0, -1).every((x: Rec) => x.inboundUnits === 0 && x.outboundUnits === 0 && x.stockUnits === null)).toBe(true);
    // one warehouse, one owner
    expect((await overview(f.admin, { warehouseId: w2 })).counts).toEqual({ skus: 3, onHand: 5, locked: 0, available: 5, inboundOpen: 0, outboundToShip: 0, receivedToday: 5, shippedToday: 0, nearExpiry: 0, inTransit: 0 });
    expect((await overview(f.admin, { ownerId: ownerB })).counts).toEqual({ skus: 1, onHand: 7, locked: 0, available: 7, inboundOpen: 0, outboundToShip: 1, receivedToday: 0, shippedToday: 0, nearExpiry: 0, inTransit: 0 });
  });

  it('dashboard: an owner-scoped user sees only their figures; another owner in the body is a 403', async () => {
    const a = await overview(userA);
    expect(a.counts).toEqual({ skus: 2, onHand: 12, locked: 2, available: 10, inboundOpen: 1, outboundToShip: 1, receivedToday: 5, shippedToday: 3, nearExpiry: 0, inTransit: 0 });
    const b = await overview(userB);
    expect(b.counts).toEqual({ skus: 1, onHand: 7, locked: 0, available: 7, inboundOpen: 0, outboundToShip: 1, receivedToday: 0, shippedToday: 0, nearExpiry: 0, inTransit: 0 });
    expect(b.inventoryByWarehouse.map((w: Rec) => [w.warehouseId, w.qty, w.lockQty])).toEqual([[w1, 7, 0]]);
    expect(b.daily.at(-1)).toMatchObject({ inboundUnits: 0, outboundUnits: 0, stockUnits: 7 });
    const denied = await call('/sapi/dashboard/overview', { ownerId: ownerA }, userB);
    expect([denied.code, denied.msg]).toEqual([403, 'Goods owner: outside your data scope']);
    const bad = await call('/sapi/dashboard/overview', { warehouseId: 'w1' }, f.admin);
    expect([bad.code, bad.msg]).toEqual([400, 'Warehouse must be an integer']);
    // the call needs the dashboard code
    const clerk = await userWith(t, f.admin, { codes: ['owner:list'] });
    expect((await call('/sapi/dashboard/overview', {}, clerk.token)).code).toBe(403);
  });

  it('revenue per owner and month: an operator only; accrued charges, then the invoice total (issue 32)', async () => {
    expect((await overview(f.admin)).revenue).toEqual([]);
    // owner A's card: 100 cents per unit received, a monthly minimum of 2,000 cents; MUSK 5 were received today
    const today = new Date().toISOString().slice(0, 10);
    await ok('/sapi/wms/rate-card/add', { name: 'A list', ownerId: ownerA, currency: Currency.AED, validFrom: '2026-01-01', monthlyMinimum: 2000, lines: [{ kind: ChargeKind.INBOUND_UNIT, rate: 100 }] });
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    await ok('/sapi/wms/charge/compute', { ownerId: ownerA, from: yesterday, to: today });
    const [charge] = await ok('/sapi/wms/charge/list', { ownerId: ownerA });
    const month = String(charge.serviceDate).slice(0, 7);
    const row = { month, ownerId: ownerA, ownerName: expect.any(String), currency: 'AED' };
    expect((await overview(f.admin)).revenue).toEqual([{ ...row, amount: 500, status: null }]);
    const draft = await ok('/sapi/wms/invoice/run', { ownerId: ownerA, month });
    expect((await overview(f.admin)).revenue).toEqual([{ ...row, amount: 2000, status: 'DRAFT' }]);
    // confirmed, then credited 300: 1,700
    await ok('/sapi/wms/invoice/confirm', { id: draft.id });
    await ok('/sapi/wms/invoice/credit', { id: draft.id, kind: ChargeKind.INBOUND_UNIT, amount: 300, reason: 'Damaged in receiving' });
    expect((await overview(f.admin)).revenue).toEqual([{ ...row, amount: 1700, status: 'CONFIRMED' }]);
    expect((await overview(f.admin, { ownerId: ownerB })).revenue).toEqual([]);
    // an operator role (every owner and warehouse, billing:list) sees it; an owner's staff, a warehouse's staff, or a
    // role without billing:list get null
    const operator = await userWith(t, f.admin, { codes: ['dashboard', 'billing:list'] });
    expect((await overview(operator.token)).revenue).toHaveLength(1);
    const ownerStaff = await userWith(t, f.admin, { codes: ['dashboard', 'billing:list'], ownerIds: [ownerA] });
    const warehouseStaff = await userWith(t, f.admin, { codes: ['dashboard', 'billing:list'], warehouseIds: [w1] });
    for (const token of [ownerStaff.token, warehouseStaff.token, userA]) expect((await overview(token)).revenue).toBeNull();
  });

  it('snapshot job: one row per day, warehouse and owner; a second run the same day overwrites (idempotent); it feeds the trend', async () => {
    expect(jobHandler('inventorySnapshot')).toBe(inventorySnapshotJob);
    expect(inventorySnapshotJob.defaults?.cron).toBe('5 0 * * *');
    const today = serverDay(new Date());
    expect(await runSnapshot()).toMatchObject({ en: `${today}: 3 warehouse/owner rows` });
    const first = await snapshotRows();
    const rowsOf = (rows: Rec[]) => rows.map((r) => [r.day, r.warehouse_id, r.owner_id, r.qty, r.lock_qty, r.sku_count]);
    expect(rowsOf(first)).toEqual(expect.arrayContaining([[today, w1, ownerA, 7, 2, 1], [today, w1, ownerB, 7, 0, 1], [today, w2, ownerA, 5, 0, 1]]));
    expect(first).toHaveLength(3);
    await runSnapshot();
    expect(rowsOf(await snapshotRows())).toEqual(rowsOf(first));
    // stock changes, the same day's run overwrites its rows (no second set)
    await f.gain(ownerB, skus.CABLE, 1);
    await runSnapshot();
    const again = await snapshotRows();
    expect(again).toHaveLength(3);
    expect(rowsOf(again)).toContainEqual([today, w1, ownerB, 8, 0, 1]);
    // a missed night filled by hand: yesterday's rows feed the trend's second-last point, cut to the scope
    const yesterday = serverDay(new Date(Date.now() - DAY_MS));
    expect(await runSnapshot({ date: yesterday })).toMatchObject({ en: `${yesterday}: 3 warehouse/owner rows` });
    expect((await overview(f.admin)).daily.at(-2)).toMatchObject({ date: yesterday, stockUnits: 20 });
    expect((await overview(userB)).daily.at(-2)).toMatchObject({ date: yesterday, stockUnits: 8 });
    expect((await overview(userA)).daily.at(-2)).toMatchObject({ date: yesterday, stockUnits: 12 });
    await expect(runSnapshot({ date: '2025-02-30' })).rejects.toThrow('date must be a calendar day YYYY-MM-DD');
  });

  it('daily series: a receipt counts on its day in the caller\'s time zone', async () => {
    // move the receipt (bizType 1) to 23:30 UTC two days ago: that day at UTC+0, the next day at UTC+1
    const at = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 2 * DAY_MS + 23.5 * 3_600_000;
    await t.database.db.execute(sql`update wms_inventory_log set add_date = ${new Date(at).toISOString()} where biz_type = 1`);
    for (const tz of [0, 1, -5]) {
      const d = await overview(f.admin, {}, String(tz));
      expect(d.daily.at(-1).date).toBe(dayIn(Date.now(), tz));
      const withReceipt = d.daily.filter((x: Rec) => x.inboundUnits > 0);
      expect(withReceipt.map((x: Rec) => [x.date, x.inboundUnits])).toEqual([[dayIn(at, tz), 5]]);
    }
    expect(dayIn(at, 1)).not.toBe(dayIn(at, 0));
  });
});
