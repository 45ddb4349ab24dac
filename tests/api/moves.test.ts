/**
 * Stock moves (issue 29 step 2; docs/locations.md "Putaway and moves"; domain/moves/moves.ts): a move document
 * (number MV..., lines by inventory record or SKU + batch, from and to locations of its warehouse) is created,
 * edited and removed while CREATED, then confirmed (every line through the ledger in one transaction, bizType
 * MOVE, two log lines per line naming the locations, inventory rows unchanged) or cancelled (nothing moves). A line
 * the stock cannot serve (locked location, more than available, no room) fails the whole confirmation and names
 * its line; moves may go into and out of quarantine. Both levels close after every movement; 16 concurrent moves
 * over shared rows and a shared target never overdraw or overfill a location; a one-warehouse, one-owner user
 * sees and moves only its own. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizType, LocationType, MoveStatus, MoveType } from '../../generated/shared/enums';
import type { Db } from '../../src/server/db/connect';
import { ledgerDiscrepancies } from '../../src/server/domain/inventory/ledger';
import { locationDiscrepancies } from '../../src/server/domain/inventory/locations';
import { documentFixture, testDatabases, userWith } from './harness';

type Rec = Record<string, any>;
const M = '/sapi/wms/move';

describe.each(testDatabases())('stock moves on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let w1: number, w2: number, ownerA: number, ownerB: number;
  const db = () => f.t.database.db as unknown as Db;
  const closure = async () => {
    expect(await ledgerDiscrepancies(db())).toEqual([]);
    expect(await locationDiscrepancies(db())).toEqual([]);
  };
  const loc: Record<string, number> = {};
  let zoneSeq = 0;
  const zone = async (warehouseId: number) => (await ok('/sapi/wms/warehouse-zone/add', { warehouseId, code: `MZ${++zoneSeq}`, name: `Zone ${zoneSeq}` })).id as number;
  const addLocation = async (warehouseId: number, zoneId: number, code: string, type: number, pickSequence: number, capacityQty?: number) => {
    loc[code] = (await ok('/sapi/wms/location/add', { warehouseId, zoneId, code, type, pickSequence, ...(capacityQty ? { capacityQty } : {}) })).id;
    return loc[code];
  };
  /** Receives stock (on RECEIVING) and puts it away onto `code`; returns the inventory row id. */
  const stockOn = async (skuId: number, skuCode: string, code: string, qty: number, batchNo = '', ownerId = ownerA, warehouseId = w1) => {
    const order = await ok('/sapi/wms/inbound-order/add', { warehouseId, ownerId, lines: [{ skuId, batchNo, plannedQty: qty }] });
    await ok('/sapi/wms/inbound-order/receive', { id: order.id, lines: [{ lineId: order.lines[0].id, batchNo, qty }] });
    const [row] = (await ok('/sapi/wms/sku-inventory/page', { skuId, warehouseId, batchNo })).records as Rec[];
    const receiving = (await ok('/sapi/wms/location/list', { warehouseId, code: 'RECEIVING' }))[0].id;
    await ok('/sapi/wms/putaway/confirm', { inventoryId: row.id, fromLocationId: receiving, toLocationCode: code, skuCode, qty });
    return row.id as number;
  };
  const byCode = async (inventoryId: number) => Object.fromEntries(((await ok('/sapi/wms/location-inventory/list', { inventoryId })) as Rec[])
    .filter((r) => r.qty > 0 || r.lockQty > 0).map((r) => [r.locationName, [r.qty, r.lockQty]]));
  const line = (inventoryId: number, from: string, to: string, qty: number) => ({ inventoryId, fromLocationId: loc[from], toLocationId: loc[to], qty });
  const addMove = (lines: Rec[], extra: Rec = {}, token = f.admin) => call(`${M}/add`, { warehouseId: w1, ownerId: ownerA, lines, ...extra }, token);

  beforeAll(async () => {
    ({ w1, ownerA, ownerB } = await f.setUp(kind, { ROSE: 'A', MUSK: 'A', OUD: 'A', CABLE: 'B' }));
    w2 = ((await call('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' })).data as Rec[])[1].id;
    const z = await zone(w1);
    await addLocation(w1, z, 'A-1', LocationType.STORAGE, 10);
    await addLocation(w1, z, 'A-2', LocationType.STORAGE, 20, 10);
    await addLocation(w1, z, 'A-3', LocationType.PICK_FACE, 5);
    await addLocation(w1, z, 'Q-1', LocationType.QUARANTINE, 1);
    await addLocation(w1, z, 'L-1', LocationType.STORAGE, 30);
    await addLocation(w2, await zone(w2), 'W2-1', LocationType.STORAGE, 1);
  });
  afterAll(() => f.close());

  it('a created move: number, lines by inventory record or SKU + batch with the locations\' codes, the owner of its lines; edit and remove while created', async () => {
    const rose = await stockOn(skus.ROSE, 'ROSE', 'A-1', 10, 'B1');
    const musk = await stockOn(skus.MUSK, 'MUSK', 'A-1', 5);
    const doc = (await call(`${M}/add`, { warehouseId: w1, remark: 'tidy A-1', lines: [line(rose, 'A-1', 'A-2', 4), { skuId: skus.MUSK, fromLocationId: loc['A-1'], toLocationId: loc['A-3'], qty: 2 }] })).data;
    expect(doc).toMatchObject({ type: MoveType.MOVE, status: MoveStatus.CREATED, warehouseId: w1, ownerId: ownerA, remark: 'tidy A-1', confirmUserName: null });
    expect(doc.moveNo).toMatch(/^MV\d{14}$/);
    expect(doc.lines.map((l: Rec) => [l.inventoryId, l.sku, l.batchNo, l.fromLocationCode, l.toLocationCode, l.qty])).toEqual([[rose, 'ROSE', 'B1', 'A-1', 'A-2', 4], [musk, 'MUSK', '', 'A-1', 'A-3', 2]]);
    // nothing moves on add
    expect(await byCode(rose)).toEqual({ 'A-1': [10, 0] });
    const edited = await ok(`${M}/edit`, { id: doc.id, remark: 'only rose', lines: [line(rose, 'A-1', 'A-2', 3)] });
    expect(edited.lines.map((l: Rec) => l.qty)).toEqual([3]);
    expect((await ok(`${M}/edit`, { id: doc.id, remark: 'kept lines' })).lines).toHaveLength(1);
    const lines = (await ok('/sapi/wms/move-line/list', { moveId: doc.id })) as Rec[];
    expect(lines.map((l) => [l.moveNo, l.fromLocationCode, l.toLocationCode, l.qty])).toEqual([[doc.moveNo, 'A-1', 'A-2', 3]]);
    await ok(`${M}/remove`, { id: doc.id });
    expect((await call(`${M}/detail`, { id: doc.id })).code).toBe(404);
    await closure();
  });

  it('confirm moves every line through the ledger as named-location pairs (bizType MOVE), once; cancel moves nothing', async () => {
    const [rose] = (await ok('/sapi/wms/sku-inventory/page', { skuId: skus.ROSE, batchNo: 'B1', warehouseId: w1 })).records as Rec[];
    // A-1 -> A-2 and on from in the same move: each line sees the ones before it
    const doc = (await addMove([line(rose.id, 'A-1', 'A-2', 6), line(rose.id, 'A-2', 'A-3', 2)])).data;
    const done = await ok(`${M}/confirm`, { id: doc.id });
    expect(done).toMatchObject({ status: MoveStatus.COMPLETED, confirmUserName: 'admin', confirmDate: expect.any(String) });
    expect(await byCode(rose.id)).toEqual({ 'A-1': [4, 0], 'A-2': [4, 0], 'A-3': [2, 0] });
    const inv = await ok('/sapi/wms/sku-inventory/detail', { id: rose.id });
    expect([inv.qty, inv.lockQty]).toEqual([10, 0]);
    const logs = ((await ok('/sapi/wms/sku-inventory-log/page', { inventoryId: rose.id, bizNo: doc.moveNo })).records as Rec[]).sort((a, b) => a.id - b.id);
    expect(logs.map((l) => [l.bizType, l.locationId, l.originQty, l.newQty, l.changeQty, l.remark])).toEqual([
      [BizType.MOVE, loc['A-1'], 10, 4, -6, 'A-1 -> A-2'],
      [BizType.MOVE, loc['A-2'], 4, 10, 6, 'A-1 -> A-2'],
      [BizType.MOVE, loc['A-2'], 10, 8, -2, 'A-2 -> A-3'],
      [BizType.MOVE, loc['A-3'], 8, 10, 2, 'A-2 -> A-3'],
    ]);
    expect((await call(`${M}/confirm`, { id: doc.id })).msg).toBe(`Cannot confirm move ${doc.moveNo}: it is completed; allowed when created`);
    expect((await call(`${M}/cancel`, { id: doc.id })).code).toBe(409);
    expect((await call(`${M}/edit`, { id: doc.id, remark: 'late' })).msg).toBe(`${doc.moveNo} can be changed only when created; it is completed`);
    expect((await call(`${M}/remove`, { id: doc.id })).code).toBe(409);
    // into quarantine and out again: moves may
    const q = (await addMove([line(rose.id, 'A-3', 'Q-1', 2)])).data;
    await ok(`${M}/confirm`, { id: q.id });
    expect(await byCode(rose.id)).toEqual({ 'A-1': [4, 0], 'A-2': [4, 0], 'Q-1': [2, 0] });
    await ok(`${M}/confirm`, { id: (await addMove([line(rose.id, 'Q-1', 'A-3', 2)])).data.id });
    const cancelled = (await addMove([line(rose.id, 'A-1', 'A-3', 1)])).data;
    expect((await ok(`${M}/cancel`, { id: cancelled.id })).status).toBe(MoveStatus.CANCELLED);
    expect((await call(`${M}/confirm`, { id: cancelled.id })).code).toBe(409);
    expect(await byCode(rose.id)).toEqual({ 'A-1': [4, 0], 'A-2': [4, 0], 'A-3': [2, 0] });
    await closure();
  });

  it('refuses lines outside the warehouse or the owner, the same location, unknown stock and repeats', async () => {
    const [rose] = (await ok('/sapi/wms/sku-inventory/page', { skuId: skus.ROSE, batchNo: 'B1', warehouseId: w1 })).records as Rec[];
    const cable = await stockOn(skus.CABLE, 'CABLE', 'A-1', 3, '', ownerB);
    const w2rose = await stockOn(skus.ROSE, 'ROSE', 'W2-1', 2, 'B1', ownerA, w2);
    const cases: Array<[Rec[], Rec, string]> = [
      [[line(rose.id, 'A-1', 'W2-1', 1)], {}, 'Line 1: the location is not in this move\'s warehouse'],
      [[line(rose.id, 'A-1', 'A-1', 1)], {}, 'Line 1: the target is the source location'],
      [[line(cable, 'A-1', 'A-2', 1)], {}, 'Line 1: the inventory record is not in this move\'s warehouse and goods owner'],
      [[line(w2rose, 'A-1', 'A-2', 1)], {}, 'Line 1: the inventory record is not in this move\'s warehouse and goods owner'],
      [[{ skuId: skus.CABLE, fromLocationId: loc['A-1'], toLocationId: loc['A-2'], qty: 1 }], {}, 'Line 1: the SKU does not belong to this move\'s goods owner'],
      [[{ skuId: skus.ROSE, batchNo: 'NOPE', fromLocationId: loc['A-1'], toLocationId: loc['A-2'], qty: 1 }], {}, 'Line 1: there is no stock of this SKU and batch in this warehouse'],
      [[line(rose.id, 'A-1', 'A-2', 1), line(rose.id, 'A-2', 'A-3', 1), line(rose.id, 'A-1', 'A-2', 2)], {}, 'Line 3: the same stock is moved between the same locations twice'],
      [[{ fromLocationId: loc['A-1'], toLocationId: loc['A-2'], qty: 1 }], {}, 'Line 1: Inventory record or SKU cannot be empty'],
      [[], {}, 'Lines cannot be empty'],
    ];
    for (const [lines, extra, msg] of cases) {
      const res = await addMove(lines, extra);
      expect([res.code, res.msg], JSON.stringify(lines)).toEqual([400, msg]);
    }
    // without an owner a move may carry several owners' goods
    const mixed = (await call(`${M}/add`, { warehouseId: w1, lines: [line(rose.id, 'A-1', 'A-2', 1), line(cable, 'A-1', 'A-3', 1)] })).data;
    expect(mixed.ownerId).toBeNull();
    await ok(`${M}/remove`, { id: mixed.id });
    await closure();
  });

  it('a line the stock cannot serve fails the whole confirmation, naming it; nothing moves and the move stays created', async () => {
    const oud = await stockOn(skus.OUD, 'OUD', 'A-1', 10);
    const [rose] = (await ok('/sapi/wms/sku-inventory/page', { skuId: skus.ROSE, batchNo: 'B1', warehouseId: w1 })).records as Rec[];
    const before = { oud: await byCode(oud), rose: await byCode(rose.id) };
    const logsBefore = (await ok('/sapi/wms/sku-inventory-log/page', { size: 1 })).total;
    await ok('/sapi/wms/location/lock', { id: loc['L-1'] });
    const cases: Array<[Rec[], number, string]> = [
      [[line(oud, 'A-1', 'A-3', 1), line(rose.id, 'A-1', 'A-3', 5)], 409, 'Line 2: Insufficient inventory for selected product: SKU ROSE (batch B1) on A-1: available 4, requested 5'],
      [[line(oud, 'A-1', 'A-3', 1), line(oud, 'A-1', 'L-1', 1)], 409, 'Line 2: location L-1 is locked: nothing moves in or out of it'],
      // A-2 (capacity 10) holds 4 of ROSE: room 6
      [[line(oud, 'A-1', 'A-2', 5), line(oud, 'A-1', 'A-2', 2)], 400, 'Line 2: the same stock is moved between the same locations twice'],
      [[line(oud, 'A-1', 'A-2', 7)], 409, 'Line 1: location A-2 has room for 6 more units; 7 requested'],
      [[line(oud, 'A-1', 'A-2', 5), line(rose.id, 'A-1', 'A-2', 2)], 409, 'Line 2: location A-2 has room for 1 more units; 2 requested'],
    ];
    for (const [lines, code, msg] of cases) {
      const res = await addMove(lines);
      if (res.code !== 200) { expect([res.code, res.msg]).toEqual([code, msg]); continue; }
      const confirmed = await call(`${M}/confirm`, { id: res.data.id });
      expect([confirmed.code, confirmed.msg], JSON.stringify(lines)).toEqual([code, msg]);
      expect((await ok(`${M}/detail`, { id: res.data.id })).status).toBe(MoveStatus.CREATED);
      await ok(`${M}/cancel`, { id: res.data.id });
    }
    // a locked source too
    const out = (await addMove([line(oud, 'A-1', 'A-3', 1)])).data;
    await ok('/sapi/wms/location/lock', { id: loc['A-1'] });
    expect((await call(`${M}/confirm`, { id: out.id })).msg).toBe('Line 1: location A-1 is locked: nothing moves in or out of it');
    await ok('/sapi/wms/location/unlock', { id: loc['A-1'] });
    await ok('/sapi/wms/location/unlock', { id: loc['L-1'] });
    expect({ oud: await byCode(oud), rose: await byCode(rose.id) }).toEqual(before);
    expect((await ok('/sapi/wms/sku-inventory-log/page', { size: 1 })).total).toBe(logsBefore);
    await ok(`${M}/confirm`, { id: out.id });
    expect(await byCode(oud)).toEqual({ 'A-1': [9, 0], 'A-3': [1, 0] });
    await closure();
  });

  it('a one-warehouse, one-owner user sees and moves only its own', async () => {
    const clerk = await userWith(f.t, f.admin, { codes: ['move:list', 'move:add', 'move:confirm'], warehouseIds: [w1], ownerIds: [ownerA] });
    const [rose] = (await ok('/sapi/wms/sku-inventory/page', { skuId: skus.ROSE, batchNo: 'B1', warehouseId: w1 })).records as Rec[];
    const [cable] = (await ok('/sapi/wms/sku-inventory/page', { skuId: skus.CABLE, warehouseId: w1 })).records as Rec[];
    const foreign = (await call(`${M}/add`, { warehouseId: w1, ownerId: ownerB, lines: [line(cable.id, 'A-1', 'A-3', 1)] })).data;
    const all = (await ok(`${M}/list`, {})) as Rec[];
    const mine = (await ok(`${M}/list`, {}, clerk.token)) as Rec[];
    expect(mine.map((m) => m.id).sort()).toEqual(all.filter((m) => m.warehouseId === w1 && m.ownerId === ownerA).map((m) => m.id).sort());
    expect(mine.some((m) => m.id === foreign.id)).toBe(false);
    expect((await call(`${M}/confirm`, { id: foreign.id }, clerk.token)).code).toBe(404);
    expect((await call(`${M}/cancel`, { id: foreign.id }, clerk.token)).code).toBe(404);
    expect((await addMove([line(cable.id, 'A-1', 'A-3', 1)], { ownerId: ownerB }, clerk.token)).code).toBe(403);
    expect((await addMove([line(rose.id, 'A-1', 'A-3', 1)], { ownerId: undefined }, clerk.token)).code).toBe(403);
    expect((await addMove([line(rose.id, 'A-1', 'A-3', 1)], { warehouseId: w2 }, clerk.token)).code).toBe(403);
    // its own owner, another owner's stock in the line: not found in its scope
    expect((await addMove([line(cable.id, 'A-1', 'A-3', 1)], {}, clerk.token)).msg).toBe('Line 1: the inventory record is not in this move\'s warehouse and goods owner');
    const own = (await addMove([line(rose.id, 'A-1', 'A-3', 1)], {}, clerk.token)).data;
    expect((await ok(`${M}/confirm`, { id: own.id }, clerk.token)).status).toBe(MoveStatus.COMPLETED);
    const lines = (await ok('/sapi/wms/move-line/list', {}, clerk.token)) as Rec[];
    expect(lines.every((l) => l.warehouseId === w1 && l.ownerId === ownerA)).toBe(true);
    await ok(`${M}/cancel`, { id: foreign.id });
    await closure();
  });

  it('16 concurrent moves over shared rows and a shared target never overdraw or overfill a location', async () => {
    const z = await zone(w1);
    const [a, b, c] = [await addLocation(w1, z, 'K-A', LocationType.STORAGE, 40), await addLocation(w1, z, 'K-B', LocationType.STORAGE, 41), await addLocation(w1, z, 'K-C', LocationType.STORAGE, 42, 6)];
    const x = await stockOn(skus.MUSK, 'MUSK', 'K-A', 10, 'K1');
    await ok(`${M}/confirm`, { id: (await addMove([line(x, 'K-A', 'K-B', 5)])).data.id }); // K-A 5, K-B 5
    const y = await stockOn(skus.OUD, 'OUD', 'K-A', 10, 'K2');
    // back and forth on one row: 3 units each way, 8 times each
    const shuttle = [];
    for (let i = 0; i < 16; i++) shuttle.push((await addMove([i % 2 ? line(x, 'K-A', 'K-B', 3) : line(x, 'K-B', 'K-A', 3)])).data.id);
    const done = await Promise.all(shuttle.map((id) => call(`${M}/confirm`, { id })));
    expect(done.every((r) => r.code === 200 || (r.code === 409 && /Insufficient inventory/.test(r.msg))), JSON.stringify(done.map((r) => r.msg))).toBe(true);
    const rows = await byCode(x);
    expect((rows['K-A']?.[0] ?? 0) + (rows['K-B']?.[0] ?? 0)).toBe(10);
    const there = done.filter((r, i) => r.code === 200 && i % 2).length - done.filter((r, i) => r.code === 200 && !(i % 2)).length;
    expect(rows['K-A']?.[0] ?? 0).toBe(5 - 3 * there);
    // two rows into K-C (capacity 6): three of sixteen moves of 2 fit
    const z2 = await stockOn(skus.ROSE, 'ROSE', 'K-A', 10, 'K3');
    const fill = [];
    for (let i = 0; i < 16; i++) fill.push((await addMove([line(i % 2 ? y : z2, 'K-A', 'K-C', 2)])).data.id);
    const filled = await Promise.all(fill.map((id) => call(`${M}/confirm`, { id })));
    expect(filled.filter((r) => r.code === 200)).toHaveLength(3);
    expect(filled.filter((r) => r.code !== 200).every((r) => r.code === 409 && /K-C has room for 0 more units/.test(r.msg)), JSON.stringify(filled.map((r) => r.msg))).toBe(true);
    const kc = ((await ok('/sapi/wms/location-inventory/list', { locationId: c })) as Rec[]).reduce((s, r) => s + r.qty, 0);
    expect(kc).toBe(6);
    expect((await byCode(y))['K-A'][0] + (await byCode(z2))['K-A'][0]).toBe(14);
    expect(((await ok('/sapi/wms/location-inventory/list', { locationId: a })) as Rec[]).every((r) => r.qty >= 0 && r.lockQty <= r.qty)).toBe(true);
    expect(((await ok('/sapi/wms/location-inventory/list', { locationId: b })) as Rec[]).every((r) => r.qty >= 0)).toBe(true);
    await closure();
  });
});
