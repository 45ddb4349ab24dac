/**
 * Location-directed picking, issue 29 step 2 (docs/locations.md "Location-directed picking";
 * src/server/domain/outbound/stock.ts, picking.ts): allocation records name the location holding their lock (one
 * record per location piece, pick sequence, never quarantine or locked locations); ship and cancel release
 * exactly those locations, also when two orders share an inventory row (a fresh spread would pick others);
 * pick/confirm refuses another order's record, a wrong location, a wrong SKU and wrong quantities, and records
 * what was picked; a short pick releases the rest at its location, records the discrepancy and reserves the
 * missing units on other locations, or leaves the order picking and partially allocated (pack and ship refuse)
 * until pick/reallocate finds stock; the pick list PDF in location order with the codes (pdftotext); migration
 * 0024 on records written before locations, run twice. Both levels close after each step (ledgerDiscrepancies,
 * locationDiscrepancies). On PostgreSQL: 32 parallel allocations over shared locations followed by a burst of
 * picks and short picks; and a SIGKILL of a server process in the middle of a burst of allocations and picks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizType, LocationType, OutboundOrderStatus as S } from '../../generated/shared/enums';
import type { Db } from '../../src/server/db/connect';
import { applyLedger, ledgerDiscrepancies } from '../../src/server/domain/inventory/ledger';
import { locationDiscrepancies } from '../../src/server/domain/inventory/locations';
import { pdfText } from '../support/pdf';
import { ADMIN_PASSWORD, CAPTCHA_ANSWER, createTestDatabase, documentFixture, startTestApp, testDatabases, userWith, type TestApp } from './harness';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const P = '/sapi/wms/outbound-order';
const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };
const rowsOf = async (db: Db, q: string) => ((await db.execute(sql.raw(q))) as unknown as { rows: Rec[] }).rows;

/** Closure at both levels, and every location row's lock = what the allocation records of open orders hold there. */
async function closed(db: Db): Promise<void> {
  expect(await ledgerDiscrepancies(db)).toEqual([]);
  expect(await locationDiscrepancies(db)).toEqual([]);
  const held = await rowsOf(db, `select li.inventory_id, li.location_id, li.lock_qty, coalesce(a.q, 0)::int as held from wms_location_inventory li
    full join (select x.inventory_id, x.location_id, sum(x.qty) q from wms_outbound_allocation x join wms_outbound_order o on o.id = x.order_id
      where o.status in (${S.ALLOCATED}, ${S.PICKING}, ${S.PACKED}) group by x.inventory_id, x.location_id) a on a.inventory_id = li.inventory_id and a.location_id = li.location_id
    where coalesce(li.lock_qty, 0) <> coalesce(a.q, 0)`);
  expect(held).toEqual([]);
}

describe.each(testDatabases())('location-directed picking on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let t: TestApp, w1: number, ownerA: number, ownerB: number;
  const db = () => f.t.database.db as unknown as Db;
  const closure = () => closed(db());
  let zoneSeq = 0;
  const zone = async () => (await ok('/sapi/wms/warehouse-zone/add', { warehouseId: w1, code: `PZ${++zoneSeq}`, name: `Pick zone ${zoneSeq}` })).id as number;
  const location = async (zoneId: number, code: string, pickSequence: number, type: number = LocationType.STORAGE) =>
    (await ok('/sapi/wms/location/add', { warehouseId: w1, zoneId, code, type, pickSequence })).id as number;
  /** Puts stock on a named location through the ledger (putaway's job in production). */
  const putOn = (skuId: number, locationId: number, qty: number, batchNo = '', ownerId = ownerA) => db().transaction((tx) => applyLedger(tx as unknown as Db, [{
    target: { warehouseId: w1, ownerId, skuId, batchNo }, locationId, qtyChange: qty, lockQtyChange: 0, bizType: BizType.INVENTORY_JUDGEMENT, bizNo: 'T-PUT',
  }], 'en'));
  /** Location rows of a SKU by location id: [qty, lockQty]. */
  const stockOf = async (skuId: number) => Object.fromEntries(((await ok('/sapi/wms/location-inventory/list', { skuId })) as Rec[]).map((r) => [r.locationId, [r.qty, r.lockQty]]));
  /** An order's allocation records: [locationId, qty, pickedQty], sorted. */
  const recordsOf = async (orderId: number) => ((await ok('/sapi/wms/outbound-allocation/list', { orderId })) as Rec[]).map((r) => [r.locationId, r.qty, r.pickedQty]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const order = (lines: Rec[], ownerId = ownerA) => ok(`${P}/add`, { warehouseId: w1, ownerId, ...receiver, lines });
  const tasksOf = async (id: number, token?: string) => (await ok(`${P}/pick/list`, { id }, token)) as Rec[];
  const confirm = (id: number, task: Rec, qty: number, extra: Rec = {}, token?: string) =>
    call(`${P}/pick/confirm`, { id, allocationId: task.id, locationCode: task.locationCode, skuCode: task.sku, qty, ...extra }, token);

  beforeAll(async () => {
    ({ t, w1, ownerA, ownerB } = await f.setUp(kind, { ROSE: 'A', OUD: 'A', AMBER: 'A', ZETA: 'A', ALPHA: 'A', MIDDLE: 'A', OLDP: 'A', CONC: 'A', SPARE: 'A', CABLE: 'B' }));
  });
  afterAll(() => f.close());

  it('allocation records name their locations in pick sequence, never quarantine or locked ones; pick/list walks them', async () => {
    const z = await zone();
    const Q = await location(z, 'Q-01', 1, LocationType.QUARANTINE);
    const L1 = await location(z, 'S-02', 2);
    const P5 = await location(z, 'P-05', 5, LocationType.PICK_FACE);
    const S10 = await location(z, 'S-10', 10);
    const S20 = await location(z, 'S-20', 20);
    for (const [loc, qty] of [[Q, 5], [L1, 3], [P5, 4], [S10, 6], [S20, 10]]) await putOn(skus.ROSE, loc, qty, 'R');
    await ok('/sapi/wms/location/lock', { id: L1 });
    const a = await order([{ skuId: skus.ROSE, batchNo: 'R', qty: 7 }]);
    await ok(`${P}/allocate`, { id: a.id });
    expect(await recordsOf(a.id)).toEqual([[P5, 4, 0], [S10, 3, 0]].sort((x, y) => x[0] - y[0]));
    expect(await stockOf(skus.ROSE)).toEqual({ [Q]: [5, 0], [L1]: [3, 0], [P5]: [4, 4], [S10]: [6, 3], [S20]: [10, 0] });
    // the ledger's lines name the same locations
    const logs = (await ok('/sapi/wms/sku-inventory-log/page', { bizNo: a.orderNo })).records as Rec[];
    expect(logs.map((l) => [l.locationId, l.lockChangeQty]).sort((x, y) => x[0] - y[0])).toEqual([[P5, 4], [S10, 3]].sort((x, y) => x[0] - y[0]));
    // walk order: pick sequence, with codes, SKU and batch
    const tasks = await tasksOf(a.id);
    expect(tasks.map((x) => [x.locationCode, x.sku, x.batchNo, x.qty, x.pickedQty])).toEqual([['P-05', 'ROSE', 'R', 4, 0], ['S-10', 'ROSE', 'R', 3, 0]]);
    // the order's lines carry allocated and picked units
    expect((await ok(`${P}/detail`, { id: a.id })).lines.map((l: Rec) => [l.allocatedQty, l.pickedQty])).toEqual([[7, 0]]);
    await ok(`${P}/cancel`, { id: a.id });
    await ok('/sapi/wms/location/unlock', { id: L1 });
    await closure();
  });

  it('ship and cancel release exactly the locations the records name, also when two orders share an inventory row', async () => {
    const z = await zone();
    const P5 = await location(z, 'O-05', 5);
    const S10 = await location(z, 'O-10', 10);
    const S20 = await location(z, 'O-20', 20);
    for (const [loc, qty] of [[P5, 4], [S10, 6], [S20, 10]]) await putOn(skus.OUD, loc, qty);
    const a = await order([{ skuId: skus.OUD, qty: 7 }]);
    const b = await order([{ skuId: skus.OUD, qty: 6 }]);
    await ok(`${P}/allocate`, { id: a.id });
    await ok(`${P}/allocate`, { id: b.id });
    expect(await recordsOf(a.id)).toEqual([[P5, 4, 0], [S10, 3, 0]]);
    expect(await recordsOf(b.id)).toEqual([[S10, 3, 0], [S20, 3, 0]]);
    // b's 6 units leave S-10 and S-20 (a spread of the release would have taken P-05's locks first)
    await ok(`${P}/cancel`, { id: b.id });
    expect(await stockOf(skus.OUD)).toEqual({ [P5]: [4, 4], [S10]: [6, 3], [S20]: [10, 0] });
    await closure();
    // a location locked after allocation still gives up what is allocated on it
    await ok('/sapi/wms/location/lock', { id: S10 });
    await ok(`${P}/ship`, { id: a.id });
    expect(await stockOf(skus.OUD)).toEqual({ [P5]: [0, 0], [S10]: [3, 0], [S20]: [10, 0] });
    const shipped = (await ok('/sapi/wms/sku-inventory-log/page', { bizNo: a.orderNo })).records as Rec[];
    expect(shipped.filter((l) => l.changeQty < 0).map((l) => [l.locationId, l.changeQty, l.lockChangeQty]).sort((x, y) => x[0] - y[0])).toEqual([[P5, -4, -4], [S10, -3, -3]]);
    await ok('/sapi/wms/location/unlock', { id: S10 });
    await closure();
  });

  it('pick/confirm refuses another order\'s record, a wrong location, SKU or quantity; scans record the picked units', async () => {
    const z = await zone();
    const A1 = await location(z, 'AM-01', 1);
    const A2 = await location(z, 'AM-02', 2);
    await putOn(skus.AMBER, A1, 3);
    await putOn(skus.AMBER, A2, 5);
    await ok('/sapi/wms/supplier-sku/add', { skuId: skus.AMBER, supplierName: 'Taif Farms', supplierSku: 'TF-AMBER-1' });
    const o = await order([{ skuId: skus.AMBER, qty: 5 }]);
    const other = await order([{ skuId: skus.AMBER, qty: 1 }]);
    await ok(`${P}/allocate`, { id: o.id });
    await ok(`${P}/allocate`, { id: other.id });
    const [t1, t2] = await tasksOf(o.id);
    const [foreign] = await tasksOf(other.id);
    expect([t1.locationCode, t1.qty, t2.locationCode, t2.qty]).toEqual(['AM-01', 3, 'AM-02', 2]);
    const refused = async (body: Rec) => {
      const r = await call(`${P}/pick/confirm`, { id: o.id, allocationId: t1.id, locationCode: 'AM-01', skuCode: 'AMBER', qty: 1, ...body });
      return [r.code, r.msg];
    };
    expect(await refused({ allocationId: foreign.id })).toEqual([400, `Pick line: is not a pick line of ${o.orderNo}`]);
    expect(await refused({ locationCode: 'AM-02' })).toEqual([400, 'Scanned location: AM-02 is not the location of this pick line: take it from AM-01']);
    expect(await refused({ skuCode: 'ROSE' })).toEqual([400, 'SKU, supplier SKU, platform SKU or barcode: ROSE is not SKU AMBER of this pick line']);
    expect(await refused({ qty: 4 })).toEqual([400, 'Picked quantity: at most 3 left to pick on this line (0 of 3 picked)']);
    expect(await refused({ qty: 0 })).toEqual([400, 'Picked quantity: must be at least 1 unless the pick is short']);
    expect(await refused({ qty: -1 })).toEqual([400, 'Picked quantity cannot be less than 0']);
    const zh = await call(`${P}/pick/confirm`, { id: o.id, allocationId: t1.id, locationCode: 'AM-02', skuCode: 'AMBER', qty: 1 }, f.admin, { 'x-lang': 'zh' });
    expect(zh.msg).toBe('扫描库位：AM-02 不是该拣货行的库位：请到 AM-01 拣货');
    // refused: nothing written, not even the status step
    expect((await ok(`${P}/detail`, { id: o.id })).status).toBe(S.ALLOCATED);
    expect(await recordsOf(o.id)).toEqual([[A1, 3, 0], [A2, 2, 0]]);
    // right scans: the location in small letters, the supplier SKU as the barcode
    const first = await ok(`${P}/pick/confirm`, { id: o.id, allocationId: t1.id, locationCode: 'am-01', skuCode: 'tf-amber-1', qty: 2 });
    expect([first.status, first.discrepancy, first.offered, first.unreserved]).toEqual([S.PICKING, null, [], 0]);
    expect(first.tasks.map((x: Rec) => [x.locationCode, x.qty, x.pickedQty])).toEqual([['AM-01', 3, 2], ['AM-02', 2, 0]]);
    expect(await refused({ qty: 2 })).toEqual([400, 'Picked quantity: at most 1 left to pick on this line (2 of 3 picked)']);
    expect((await confirm(o.id, t1, 1)).code).toBe(200);
    expect((await confirm(o.id, t2, 2)).code).toBe(200);
    expect(await recordsOf(o.id)).toEqual([[A1, 3, 3], [A2, 2, 2]]);
    expect((await ok(`${P}/detail`, { id: o.id })).lines.map((l: Rec) => [l.qty, l.allocatedQty, l.pickedQty])).toEqual([[5, 5, 5]]);
    // codes, scope and states
    const reader = await userWith(t, f.admin, { codes: ['outbound:list'] });
    expect((await tasksOf(o.id, reader.token)).length).toBe(2);
    expect((await confirm(o.id, t1, 1, {}, reader.token)).code).toBe(403);
    const ownerBOnly = await userWith(t, f.admin, { codes: ['outbound:list', 'outbound:allocate'], ownerIds: [ownerB] });
    expect((await call(`${P}/pick/list`, { id: o.id }, ownerBOnly.token)).code).toBe(404);
    expect((await confirm(o.id, t1, 1, {}, ownerBOnly.token)).code).toBe(404);
    expect((await call(`${P}/pick/reallocate`, { id: o.id }, ownerBOnly.token)).code).toBe(404);
    const created = await order([{ skuId: skus.AMBER, qty: 1 }]);
    expect(await call(`${P}/pick/confirm`, { id: created.id, allocationId: t1.id, locationCode: 'AM-01', skuCode: 'AMBER', qty: 1 }))
      .toEqual({ code: 409, msg: `Picking of ${created.orderNo} is confirmed while it is allocated or picking; it is created`, data: null });
    await ok(`${P}/pack`, { id: o.id });
    await ok(`${P}/ship`, { id: o.id });
    expect((await confirm(o.id, t1, 1)).code).toBe(409);
    await ok(`${P}/cancel`, { id: other.id });
    expect(await stockOf(skus.AMBER)).toEqual({ [A1]: [0, 0], [A2]: [3, 0] });
    await closure();
  });

  it('a short pick releases the rest at its location, records the discrepancy and reserves the missing units on another location', async () => {
    const z = await zone();
    const P5 = await location(z, 'ZT-05', 5);
    const S10 = await location(z, 'ZT-10', 10);
    const S20 = await location(z, 'ZT-20', 20);
    for (const [loc, qty] of [[P5, 2], [S10, 3], [S20, 5]]) await putOn(skus.ZETA, loc, qty);
    const o = await order([{ skuId: skus.ZETA, qty: 4 }]);
    await ok(`${P}/allocate`, { id: o.id });
    const [atP5, atS10] = await tasksOf(o.id);
    expect([atP5.locationCode, atP5.qty, atS10.locationCode, atS10.qty]).toEqual(['ZT-05', 2, 'ZT-10', 2]);
    // one unit found at ZT-10 instead of two: ZT-10 is skipped (though it shows 2 more), ZT-05 is full, ZT-20 gets it
    const res = await ok(`${P}/pick/confirm`, { id: o.id, allocationId: atS10.id, locationCode: 'ZT-10', skuCode: 'ZETA', qty: 1, short: true });
    expect(res.status).toBe(S.PICKING);
    expect(res.discrepancy).toMatchObject({ orderId: o.id, lineId: atS10.lineId, skuId: skus.ZETA, batchNo: '', locationId: S10, expectedQty: 2, foundQty: 1, shortQty: 1, reallocatedQty: 1, userName: 'admin' });
    expect(res.offered.map((x: Rec) => [x.locationCode, x.qty, x.pickedQty])).toEqual([['ZT-20', 1, 0]]);
    expect(res.unreserved).toBe(0);
    expect(res.tasks.map((x: Rec) => [x.locationCode, x.qty, x.pickedQty])).toEqual([['ZT-05', 2, 0], ['ZT-10', 1, 1], ['ZT-20', 1, 0]]);
    expect(await stockOf(skus.ZETA)).toEqual({ [P5]: [2, 2], [S10]: [3, 1], [S20]: [5, 1] });
    const release = ((await ok('/sapi/wms/sku-inventory-log/page', { bizNo: o.orderNo })).records as Rec[]).find((l) => l.lockChangeQty < 0)!;
    expect([release.locationId, release.lockChangeQty, release.remark]).toEqual([S10, -1, 'short pick at ZT-10: found 1 of 2']);
    await closure();
    // the operator sees it: which order, SKU, location, expected, found, who, when
    const listed = (await ok('/sapi/wms/pick-discrepancy/page', { orderId: o.id })).records as Rec[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ orderNo: o.orderNo, sku: 'ZETA', locationId: S10, expectedQty: 2, foundQty: 1, shortQty: 1, userName: 'admin' });
    expect(typeof listed[0].addDate).toBe('string');
    expect((await call('/sapi/wms/pick-discrepancy/add', { orderId: o.id })).code).toBe(400);
    // a short confirmation that found everything is no short pick
    const full = await ok(`${P}/pick/confirm`, { id: o.id, allocationId: atP5.id, locationCode: 'ZT-05', skuCode: 'ZETA', qty: 2, short: true });
    expect([full.discrepancy, full.unreserved]).toEqual([null, 0]);
    await ok(`${P}/pick/confirm`, { id: o.id, allocationId: res.offered[0].id, locationCode: 'ZT-20', skuCode: 'ZETA', qty: 1 });
    await ok(`${P}/ship`, { id: o.id });
    expect(await stockOf(skus.ZETA)).toEqual({ [P5]: [0, 0], [S10]: [2, 0], [S20]: [4, 0] });
    await closure();
  });

  it('missing units found nowhere leave the order picking and partially allocated; pack and ship wait for pick/reallocate', async () => {
    const z = await zone();
    const A = await location(z, 'AL-10', 10);
    await putOn(skus.ALPHA, A, 3);
    const o = await order([{ skuId: skus.ALPHA, qty: 3 }]);
    await ok(`${P}/allocate`, { id: o.id });
    const [task] = await tasksOf(o.id);
    const res = await ok(`${P}/pick/confirm`, { id: o.id, allocationId: task.id, locationCode: 'AL-10', skuCode: 'ALPHA', qty: 0, short: true });
    expect(res.discrepancy).toMatchObject({ expectedQty: 3, foundQty: 0, shortQty: 3, reallocatedQty: 0 });
    expect([res.offered, res.unreserved, res.tasks]).toEqual([[], 3, []]);
    expect(await stockOf(skus.ALPHA)).toEqual({ [A]: [3, 0] });
    const detail = await ok(`${P}/detail`, { id: o.id });
    expect([detail.status, detail.lines[0].allocatedQty]).toEqual([S.PICKING, 0]);
    const msg = `${o.orderNo}: SKU ALPHA has 0 of 3 allocated after a short pick; reserve the rest (pick/reallocate) or cancel the order`;
    expect(await call(`${P}/pack`, { id: o.id })).toEqual({ code: 409, msg, data: null });
    expect((await call(`${P}/ship`, { id: o.id })).msg).toBe(msg);
    expect((await ok(`${P}/detail`, { id: o.id })).status).toBe(S.PICKING);
    // nothing elsewhere yet
    expect(await ok(`${P}/pick/reallocate`, { id: o.id })).toMatchObject({ offered: [], unreserved: 3, discrepancy: null, status: S.PICKING });
    // stock arrives on two locations: the call takes what it finds, the discrepancy counts it
    const B = await location(z, 'AL-20', 20);
    await putOn(skus.ALPHA, B, 2);
    const again = await ok(`${P}/pick/reallocate`, { id: o.id });
    expect([again.offered.map((x: Rec) => [x.locationCode, x.qty]), again.unreserved]).toEqual([[['AL-20', 2]], 1]);
    const other = await order([{ skuId: skus.ALPHA, qty: 1 }]);
    expect((await call(`${P}/pick/reallocate`, { id: o.id, lineId: other.lines[0].id })).msg).toBe(`Order line: is not a line of ${o.orderNo}`);
    const C = await location(z, 'AL-30', 30);
    await putOn(skus.ALPHA, C, 1);
    const last = await ok(`${P}/pick/reallocate`, { id: o.id, lineId: detail.lines[0].id });
    expect([last.offered.map((x: Rec) => [x.locationCode, x.qty]), last.unreserved]).toEqual([[['AL-30', 1]], 0]);
    expect(((await ok('/sapi/wms/pick-discrepancy/list', { orderId: o.id })) as Rec[]).map((d) => [d.shortQty, d.reallocatedQty])).toEqual([[3, 3]]);
    // AL-10 still shows 3 (a count corrects it); this line is never sent there again
    expect(await stockOf(skus.ALPHA)).toEqual({ [A]: [3, 0], [B]: [2, 2], [C]: [1, 1] });
    for (const x of await tasksOf(o.id)) await ok(`${P}/pick/confirm`, { id: o.id, allocationId: x.id, locationCode: x.locationCode, skuCode: 'ALPHA', qty: x.qty });
    await ok(`${P}/pack`, { id: o.id });
    await ok(`${P}/ship`, { id: o.id });
    // another order short with nothing found elsewhere: cancel releases what its records still hold
    await ok(`${P}/allocate`, { id: other.id });
    const [ot] = await tasksOf(other.id);
    expect(ot.locationCode).toBe('AL-10');
    const short = await ok(`${P}/pick/confirm`, { id: other.id, allocationId: ot.id, locationCode: 'AL-10', skuCode: 'ALPHA', qty: 0, short: true });
    expect([short.offered, short.unreserved]).toEqual([[], 1]); // AL-10 was short for this line too
    await ok(`${P}/cancel`, { id: other.id });
    expect(await stockOf(skus.ALPHA)).toEqual({ [A]: [3, 0], [B]: [0, 0], [C]: [0, 0] });
    await closure();
  });

  it('the pick list PDF prints the records by location pick sequence with their codes (pdftotext)', async () => {
    const z = await zone();
    // SKU order (ALPHA, MIDDLE, ROSE) differs from the walk order (PL-A, PL-B, PL-C)
    const locs = { 'PL-C': await location(z, 'PL-C', 300), 'PL-A': await location(z, 'PL-A', 100), 'PL-B': await location(z, 'PL-B', 200) };
    await putOn(skus.ROSE, locs['PL-A'], 2, 'PL');
    await putOn(skus.MIDDLE, locs['PL-B'], 2);
    await putOn(skus.ALPHA, locs['PL-C'], 2, 'PL');
    const o = await order([{ skuId: skus.ALPHA, batchNo: 'PL', qty: 2 }, { skuId: skus.MIDDLE, qty: 2 }, { skuId: skus.ROSE, batchNo: 'PL', qty: 2 }]);
    const pdf = async () => {
      const minted = await ok('/sapi/sys/print/url', { document: 'pickList', id: o.id });
      const res = await t.app.inject({ method: 'GET', url: minted.url });
      expect(res.statusCode).toBe(200);
      return pdfText(res.rawPayload);
    };
    const before = await pdf();
    expect(before).toContain(o.orderNo);
    expect(before).not.toContain('PL-A');
    expect(before.indexOf('ALPHA')).toBeLessThan(before.indexOf('MIDDLE'));
    await ok(`${P}/allocate`, { id: o.id });
    const text = await pdf();
    expect(text).toContain('Location');
    const rows = text.split('\n').filter((l) => /\bPL-[ABC]\b/.test(l));
    expect(rows.map((l) => /\bPL-[ABC]\b/.exec(l)![0])).toEqual(['PL-A', 'PL-B', 'PL-C']);
    // each location on the row of its SKU
    expect(rows.map((l) => /\b(ALPHA|MIDDLE|ROSE)\b/.exec(l)?.[0])).toEqual(['ROSE', 'MIDDLE', 'ALPHA']);
    await ok(`${P}/cancel`, { id: o.id });
    await closure();
  });

  it('migration 0024 places records written before locations on the location rows holding their locks; shipped ones on their log; twice is once', async () => {
    const z = await zone();
    const M1 = await location(z, 'MG-1', 1);
    const M2 = await location(z, 'MG-2', 2);
    await putOn(skus.OLDP, M1, 5);
    await putOn(skus.OLDP, M2, 8);
    const zs = await order([{ skuId: skus.OLDP, qty: 6 }]);
    await ok(`${P}/allocate`, { id: zs.id }); // M1 5, M2 1
    await ok(`${P}/ship`, { id: zs.id });
    await putOn(skus.OLDP, M1, 4);
    const x = await order([{ skuId: skus.OLDP, qty: 3 }]);
    const y = await order([{ skuId: skus.OLDP, qty: 5 }]);
    await ok(`${P}/allocate`, { id: x.id }); // M1 3
    await ok(`${P}/allocate`, { id: y.id }); // M1 1, M2 4
    expect(await stockOf(skus.OLDP)).toEqual({ [M1]: [4, 4], [M2]: [7, 4] });
    // the records as step 1 wrote them: one per (line, inventory row), no location; y's written before x's
    for (const o of [y, zs, x]) {
      const [r] = await rowsOf(db(), `select order_id, line_id, inventory_id, warehouse_id, owner_id, sum(qty)::int as qty from wms_outbound_allocation where order_id = ${o.id} group by 1, 2, 3, 4, 5`);
      await rowsOf(db(), `delete from wms_outbound_allocation where order_id = ${o.id}`);
      await rowsOf(db(), `insert into wms_outbound_allocation (order_id, line_id, inventory_id, warehouse_id, owner_id, qty) values (${r.order_id}, ${r.line_id}, ${r.inventory_id}, ${r.warehouse_id}, ${r.owner_id}, ${r.qty})`);
    }
    expect(await recordsOf(y.id)).toEqual([[null, 5, 0]]);
    const statements = readFileSync(new URL('../../generated/db/migrations/0024_allocation_locations.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    const run = async () => { for (const s of statements) await rowsOf(db(), s); };
    await run();
    // y's 5 over the unclaimed locks in sequence (M1 4, then M2 1), x's 3 on the rest of M2; the shipped order on its log
    const placed = { y: await recordsOf(y.id), x: await recordsOf(x.id), zs: await recordsOf(zs.id) };
    expect(placed).toEqual({ y: [[M1, 4, 0], [M2, 1, 0]], x: [[M2, 3, 0]], zs: [[M1, 5, 0], [M2, 1, 0]] });
    await closure();
    await run();
    expect({ y: await recordsOf(y.id), x: await recordsOf(x.id), zs: await recordsOf(zs.id) }).toEqual(placed);
    // and they move on by their locations
    await ok(`${P}/cancel`, { id: y.id });
    expect(await stockOf(skus.OLDP)).toEqual({ [M1]: [4, 0], [M2]: [7, 3] });
    const [xt] = await tasksOf(x.id);
    await ok(`${P}/pick/confirm`, { id: x.id, allocationId: xt.id, locationCode: 'MG-2', skuCode: 'OLDP', qty: 3 });
    await ok(`${P}/ship`, { id: x.id });
    expect(await stockOf(skus.OLDP)).toEqual({ [M1]: [4, 0], [M2]: [4, 0] });
    await closure();
  });

  it.runIf(kind === 'postgres')('32 parallel allocations over shared locations never take more than a location holds; then parallel picks and short picks', async () => {
    const z = await zone();
    const locs = [await location(z, 'CC-1', 1), await location(z, 'CC-2', 2), await location(z, 'CC-3', 3), await location(z, 'CC-Q', 0, LocationType.QUARANTINE)];
    for (const [i, qty] of [10, 7, 5, 10].entries()) await putOn(skus.CONC, locs[i], qty);
    const orders: Rec[] = [];
    for (let i = 0; i < 32; i++) orders.push(await order([{ skuId: skus.CONC, qty: 2 }]));
    const results = await Promise.all(orders.map((o) => call(`${P}/allocate`, { id: o.id })));
    const won = orders.filter((_, i) => results[i].code === 200);
    expect(won).toHaveLength(11); // 22 lockable units
    expect(results.filter((r) => r.code === 409)).toHaveLength(21);
    expect(await stockOf(skus.CONC)).toEqual({ [locs[0]]: [10, 10], [locs[1]]: [7, 7], [locs[2]]: [5, 5], [locs[3]]: [10, 0] });
    await closure();
    // room elsewhere for what short picks miss, fought over by the parallel confirmations
    const spare = await location(z, 'CC-9', 9);
    await putOn(skus.CONC, spare, 3);
    const picks = await Promise.all(won.map(async (o, i) => {
      const answers: Rec[] = [];
      for (const task of await tasksOf(o.id)) {
        const short = i % 2 === 0;
        answers.push(await call(`${P}/pick/confirm`, { id: o.id, allocationId: task.id, locationCode: task.locationCode, skuCode: 'CONC', qty: short ? task.qty - 1 : task.qty, short }));
      }
      return answers;
    }));
    expect(picks.flat().every((r) => r.code === 200), JSON.stringify(picks.flat().filter((r) => r.code !== 200))).toBe(true);
    // every missing unit (one per short task) was either reserved again or reported unreserved
    const shortTasks = picks.filter((_, i) => i % 2 === 0).flat().length;
    const offered = picks.flat().reduce((s, r) => s + r.data.offered.reduce((n: number, x: Rec) => n + x.qty, 0), 0);
    const unreserved = picks.flat().reduce((s, r) => s + r.data.unreserved, 0);
    expect(offered + unreserved).toBe(shortTasks);
    // the spare's 3 and what other short picks released on their locations (the phantom units a count corrects)
    expect(offered).toBeGreaterThan(0);
    for (const [qty, lockQty] of Object.values(await stockOf(skus.CONC)) as number[][]) expect(lockQty).toBeLessThanOrEqual(qty);
    await closure();
    const done = await Promise.all(won.map((o, i) => call(`${P}/${i % 3 === 0 ? 'ship' : 'cancel'}`, { id: o.id })));
    // shipping an order still short is refused; cancel those
    await Promise.all(won.filter((_, i) => done[i].code === 409).map((o) => ok(`${P}/cancel`, { id: o.id })));
    const row = ((await ok('/sapi/wms/sku-inventory/page', { skuId: skus.CONC })).records as Rec[])[0];
    expect(row.lockQty).toBe(0);
    await closure();
  });
});

/**
 * kill -9 of a server process in the middle of a burst of allocations, pick confirmations and short picks
 * (issue 29 "a kill -9 during a burst ... leaves both levels closed"): instance A runs in a process of its own
 * (./server-process.ts) on a PostgreSQL database that B, in this process, set up; B checks afterwards that both
 * levels close and every location's lock is what the records of open orders hold, then ships or cancels every
 * order through its records and finds no lock left.
 */
describe.skipIf(!process.env.DATABASE_URL)('SIGKILL during a burst of allocations and picks (PostgreSQL)', () => {
  let url = '';
  let drop: (() => Promise<void>) | undefined;
  let b: TestApp;
  let child: ChildProcess | undefined;
  const dirs: string[] = [];

  const priorKey = process.env.WMS_SECRET_KEY;
  beforeAll(async () => {
    // one installation key for both instances (sessions and signed addresses verify on either)
    process.env.WMS_SECRET_KEY = 'picking-kill-test-key-0123456789abcdef';
    ({ url, drop } = await createTestDatabase());
    const dir = mkdtempSync(join(tmpdir(), 'wms-pick-b-'));
    dirs.push(dir);
    b = await startTestApp('pglite', { databaseUrl: url, dataDir: dir });
  }, 120_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await b?.close();
    await drop?.();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    if (priorKey === undefined) delete process.env.WMS_SECRET_KEY;
    else process.env.WMS_SECRET_KEY = priorKey;
  });

  it('both levels stay closed and records match locks', { timeout: 240_000 }, async () => {
    const token = await b.login();
    const ok = async (path: string, body: Rec) => {
      const r = await b.call(path, body, token);
      expect(r.code, `${path}: ${r.msg}`).toBe(200);
      return r.data;
    };
    const bdb = b.database.db as unknown as Db;
    const owners = (await ok('/sapi/wms/owner/list', {})) as Rec[];
    const ownerId = owners.find((o) => o.code === 'OWN-A')!.id;
    const warehouseId = ((await ok('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' })) as Rec[])[0].id;
    const categoryId = (await ok('/sapi/wms/sku-category/add', { name: 'Kill' })).id;
    const zoneId = (await ok('/sapi/wms/warehouse-zone/add', { warehouseId, code: 'KZ', name: 'Kill zone' })).id;
    const skuIds: number[] = [];
    for (const code of ['K1', 'K2']) skuIds.push((await ok('/sapi/wms/sku/add', { ownerId, sku: code, name: code, enable: true, categoryId, weight: 1 })).id);
    for (let i = 1; i <= 4; i++) {
      const loc = (await ok('/sapi/wms/location/add', { warehouseId, zoneId, code: `K-${i}`, type: LocationType.STORAGE, pickSequence: i })).id;
      await bdb.transaction((tx) => applyLedger(tx as unknown as Db, skuIds.map((skuId) => ({
        target: { warehouseId, ownerId, skuId, batchNo: '' }, locationId: loc, qtyChange: 25, lockQtyChange: 0, bizType: BizType.INVENTORY_JUDGEMENT, bizNo: 'T-KILL',
      })), 'en'));
    }
    const orders: Rec[] = [];
    for (let i = 0; i < 60; i++) orders.push(await ok(`${P}/add`, { warehouseId, ownerId, ...receiver, lines: [{ skuId: skuIds[0], qty: 1 + (i % 3) }, { skuId: skuIds[1], qty: 2 }] }));

    const dirA = mkdtempSync(join(tmpdir(), 'wms-pick-a-'));
    dirs.push(dirA);
    child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'server-process.ts'), 'pglite', JSON.stringify({ databaseUrl: url, dataDir: dirA, seedDemo: false, seedReference: 'none' })], {
      stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env },
    });
    const first = await new Promise<string>((resolve, fail) => {
      createInterface({ input: child!.stdout! }).once('line', resolve);
      child!.once('exit', (code) => fail(new Error(`instance A exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${(JSON.parse(first) as { port: number }).port}`;
    const post = async (path: string, body: unknown): Promise<Rec> => {
      const res = await fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-token': token } });
      return (await res.json()) as Rec;
    };
    // half the orders allocated beforehand; the burst: their picks, beside the other half's allocations and then
    // picks; every third order short on each task; the process dies once picks and allocations are both under way
    for (const o of orders.slice(0, 30)) await ok(`${P}/allocate`, { id: o.id });
    const done = { allocations: 0, picks: 0 };
    let cut = 0;
    const flow = async (o: Rec, i: number) => {
      try {
        if (i >= 30) {
          if ((await post(`${P}/allocate`, { id: o.id })).code !== 200) return;
          done.allocations++;
        }
        const tasks = (await post(`${P}/pick/list`, { id: o.id })).data as Rec[];
        for (const task of tasks) {
          const short = i % 3 === 0;
          const r = await post(`${P}/pick/confirm`, { id: o.id, allocationId: task.id, locationCode: task.locationCode, skuCode: task.sku, qty: short ? Math.max(task.qty - 1, 0) : task.qty, short });
          expect(r.code, r.msg).toBe(200);
          done.picks++;
        }
      } catch (e) {
        if ((e as Error).name === 'AssertionError') throw e;
        cut++; // a call in flight when the process died
      }
    };
    let settled = false;
    const burst = Promise.all(orders.map((o, i) => flow(o, i))).finally(() => { settled = true; });
    while ((done.picks < 20 || done.allocations < 5) && !settled) await new Promise((r) => setTimeout(r, 10));
    expect(settled, 'the burst ended before the kill').toBe(false);
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    child = undefined;
    await burst;
    expect(cut, 'calls in flight at the kill').toBeGreaterThan(0);

    // the killed instance's open transactions roll back when PostgreSQL sees its connections close
    await expect.poll(async () => (await rowsOf(bdb, `select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`))[0].n, { timeout: 30_000 }).toBe(0);
    await closed(bdb);
    const statuses = await rowsOf(bdb, `select status, count(*)::int as n from wms_outbound_order where id = any(array[${orders.map((o) => o.id).join(',')}]) group by status`);
    expect(statuses.some((s) => s.status !== S.CREATED), JSON.stringify(statuses)).toBe(true);
    expect((await rowsOf(bdb, 'select count(*)::int as n from wms_pick_discrepancy'))[0].n).toBeGreaterThan(0);
    // every order still open ends through its records; short ones that cannot ship are cancelled
    for (const o of orders) {
      const d = (await b.call(`${P}/detail`, { id: o.id }, token)).data;
      if (![S.ALLOCATED, S.PICKING].includes(d.status)) continue;
      const shipped = await b.call(`${P}/ship`, { id: o.id }, token);
      if (shipped.code !== 200) await ok(`${P}/cancel`, { id: o.id });
    }
    await closed(bdb);
    const [left] = await rowsOf(bdb, `select coalesce(sum(lock_qty), 0)::int as n from wms_location_inventory`);
    expect(left.n).toBe(0);
  });
});
