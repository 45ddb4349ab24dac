/**
 * Putaway (issue 29 step 2; docs/locations.md "Putaway and moves"; domain/moves/putaway.ts): the pending list is
 * the stock on RECEIVING locations with its suggestion (same stock with room, else the first empty enabled storage
 * or pick-face location in pick sequence, capacity counted); confirmation by scanned location code and SKU code
 * moves stock through the ledger as two named-location changes (inventory row unchanged, log lines naming the
 * locations, a PUTAWAY move document) and refuses locked, quarantine and other-type targets, other warehouses'
 * codes, a wrong SKU scan, more than the source's available quantity and more than the target's room; both levels
 * close after every movement; 16 concurrent putaways on shared rows and a shared target never overdraw a location
 * or overfill it; a one-warehouse, one-owner user sees and puts away only its own. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizType, LocationType, MoveStatus, MoveType } from '../../generated/shared/enums';
import type { Db } from '../../src/server/db/connect';
import { ledgerDiscrepancies } from '../../src/server/domain/inventory/ledger';
import { locationDiscrepancies } from '../../src/server/domain/inventory/locations';
import { documentFixture, testDatabases, userWith } from './harness';

type Rec = Record<string, any>;
const P = '/sapi/wms/putaway';

describe.each(testDatabases())('putaway on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let w1: number, w2: number, ownerA: number, ownerB: number;
  const db = () => f.t.database.db as unknown as Db;
  const closure = async () => {
    expect(await ledgerDiscrepancies(db())).toEqual([]);
    expect(await locationDiscrepancies(db())).toEqual([]);
  };
  const loc: Record<string, number> = {};
  const receivingOf: Record<number, number> = {};
  let zoneSeq = 0;
  const zone = async (warehouseId: number) => (await ok('/sapi/wms/warehouse-zone/add', { warehouseId, code: `PZ${++zoneSeq}`, name: `Zone ${zoneSeq}` })).id as number;
  const addLocation = async (warehouseId: number, zoneId: number, code: string, type: number, pickSequence: number, capacityQty?: number) => {
    loc[code] = (await ok('/sapi/wms/location/add', { warehouseId, zoneId, code, type, pickSequence, ...(capacityQty ? { capacityQty } : {}) })).id;
    return loc[code];
  };
  /** Receives `qty` of a SKU through an inbound order: the stock lands on the warehouse's RECEIVING location. */
  const receive = async (skuId: number, qty: number, batchNo = '', warehouseId = w1, ownerId = ownerA) => {
    const order = await ok('/sapi/wms/inbound-order/add', { warehouseId, ownerId, lines: [{ skuId, batchNo, plannedQty: qty }] });
    await ok('/sapi/wms/inbound-order/receive', { id: order.id, lines: [{ lineId: order.lines[0].id, batchNo, qty }] });
    const [row] = (await ok('/sapi/wms/sku-inventory/page', { skuId, warehouseId, batchNo })).records as Rec[];
    receivingOf[warehouseId] ??= (await ok('/sapi/wms/location/list', { warehouseId, code: 'RECEIVING' }))[0].id;
    return row.id as number;
  };
  /** The location rows of an inventory row by location code: [qty, lockQty] (rows holding or having held stock). */
  const byCode = async (inventoryId: number) => Object.fromEntries(((await ok('/sapi/wms/location-inventory/list', { inventoryId })) as Rec[]).map((r) => [r.locationName, [r.qty, r.lockQty]]));
  const pending = async (body: Rec = {}, token = f.admin) => (await ok(`${P}/page`, { size: 500, ...body }, token)).records as Rec[];
  const confirm = (inventoryId: number, from: number, toLocationCode: string, skuCode: string, qty: number, token = f.admin, headers?: Record<string, string>) =>
    call(`${P}/confirm`, { inventoryId, fromLocationId: from, toLocationCode, skuCode, qty }, token, headers);

  beforeAll(async () => {
    ({ w1, ownerA, ownerB } = await f.setUp(kind, { ROSE: 'A', MUSK: 'A', OUD: 'A', CABLE: 'B' }));
    w2 = ((await call('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' })).data as Rec[])[1].id;
    const z = await zone(w1);
    await addLocation(w1, z, 'Q-01', LocationType.QUARANTINE, 1);
    await addLocation(w1, z, 'X-01', LocationType.STORAGE, 2);
    await addLocation(w1, z, 'SH-01', LocationType.SHIPPING, 3);
    await addLocation(w1, z, 'P-01', LocationType.PICK_FACE, 5, 4);
    await addLocation(w1, z, 'S-01', LocationType.STORAGE, 10, 10);
    await addLocation(w1, z, 'S-02', LocationType.STORAGE, 20);
    await addLocation(w2, await zone(w2), 'W2-01', LocationType.STORAGE, 1);
    await ok('/sapi/wms/location/lock', { id: loc['X-01'] });
    await ok('/sapi/wms/supplier-sku/add', { skuId: skus.ROSE, supplierName: 'Taif Farms', supplierSku: 'TF-ROSE' });
  });
  afterAll(() => f.close());

  it('lists stock on RECEIVING with SKU, owner, batch, quantities and the suggestion: the first empty enabled storage or pick face in sequence that takes it', async () => {
    const rose = await receive(skus.ROSE, 8, 'B1');
    const rows = await pending({ inventoryId: rose });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      inventoryId: rose, locationId: receivingOf[w1], locationName: 'RECEIVING', warehouseId: w1, ownerId: ownerA, ownerName: expect.any(String),
      skuId: skus.ROSE, sku: 'ROSE', skuName: 'ROSE product', batchNo: 'B1', qty: 8, lockQty: 0, availableQty: 8,
    });
    // Q-01 quarantine, X-01 locked, SH-01 shipping, P-01 holds 4 < 8: S-01 (room 10)
    expect(rows[0].suggestion).toEqual({ locationId: loc['S-01'], code: 'S-01', type: LocationType.STORAGE, pickSequence: 10, capacityQty: 10, room: 10, reason: 'EMPTY' });
    // three units fit the pick face
    const three = await ok(`${P}/suggest`, { inventoryId: rose, fromLocationId: receivingOf[w1], qty: 3 });
    expect(three.suggestion).toMatchObject({ code: 'P-01', room: 4, reason: 'EMPTY' });
    expect((await ok(`${P}/suggest`, { id: rows[0].id })).suggestion.code).toBe('S-01');
    // the list holds only RECEIVING stock (nothing in storage yet) and is a page
    const page = await ok(`${P}/page`, { current: 1, size: 10 });
    expect(page).toMatchObject({ current: 1, total: expect.any(Number) });
    expect((page.records as Rec[]).every((r) => r.locationName === 'RECEIVING' && r.qty > 0)).toBe(true);
    expect((await ok(`${P}/list`, { inventoryId: rose })).map((r: Rec) => r.id)).toEqual([rows[0].id]);
  });

  it('confirms by scanned codes: two named-location changes in one ledger call, inventory row unchanged, a PUTAWAY document; the next suggestion is the same stock with room', async () => {
    const [row] = await pending({ skuId: skus.ROSE, batchNo: 'B1' });
    const doc = (await confirm(row.inventoryId, row.locationId, 'S-01', 'rose', 5)).data;
    expect(doc).toMatchObject({ type: MoveType.PUTAWAY, status: MoveStatus.COMPLETED, warehouseId: w1, ownerId: ownerA, confirmUserName: 'admin' });
    expect(doc.moveNo).toMatch(/^PA\d{14}$/);
    expect(doc.lines).toMatchObject([{ inventoryId: row.inventoryId, sku: 'ROSE', batchNo: 'B1', fromLocationCode: 'RECEIVING', toLocationCode: 'S-01', qty: 5 }]);
    expect(await byCode(row.inventoryId)).toEqual({ RECEIVING: [3, 0], 'S-01': [5, 0] });
    const inv = await ok('/sapi/wms/sku-inventory/detail', { id: row.inventoryId });
    expect([inv.qty, inv.lockQty]).toEqual([8, 0]);
    const logs = ((await ok('/sapi/wms/sku-inventory-log/page', { inventoryId: row.inventoryId, bizNo: doc.moveNo })).records as Rec[]).sort((a, b) => a.id - b.id);
    expect(logs.map((l) => [l.bizType, l.locationId, l.originQty, l.newQty, l.changeQty, l.remark])).toEqual([
      [BizType.PUTAWAY, receivingOf[w1], 8, 3, -5, 'RECEIVING -> S-01'],
      [BizType.PUTAWAY, loc['S-01'], 3, 8, 5, 'RECEIVING -> S-01'],
    ]);
    await closure();
    // the rest: S-01 already holds this stock and has room 5
    const [rest] = await pending({ inventoryId: row.inventoryId });
    expect(rest).toMatchObject({ qty: 3, availableQty: 3, suggestion: { code: 'S-01', room: 5, reason: 'SAME_STOCK' } });
    // six would not fit S-01 (5) nor P-01 (4): the next empty one, S-02 (no capacity)
    expect((await ok(`${P}/suggest`, { id: rest.id, qty: 6 })).suggestion).toEqual({ locationId: loc['S-02'], code: 'S-02', type: LocationType.STORAGE, pickSequence: 20, capacityQty: null, room: null, reason: 'EMPTY' });
    // a supplier SKU scans as its SKU, a location code typed in lower case finds it; the row leaves the pending list when empty
    await ok(`${P}/confirm`, { id: rest.id, toLocationCode: 's-01', skuCode: 'TF-ROSE', qty: 3 });
    expect(await byCode(row.inventoryId)).toEqual({ RECEIVING: [0, 0], 'S-01': [8, 0] });
    expect(await pending({ inventoryId: row.inventoryId })).toEqual([]);
    // the putaways are move documents of type PUTAWAY
    const putaways = (await ok('/sapi/wms/move/list', { type: MoveType.PUTAWAY })) as Rec[];
    expect(putaways.map((m) => m.lines[0].qty).sort()).toEqual([3, 5]);
    await closure();
  });

  it('refuses locked, quarantine and shipping targets, another warehouse\'s code, a wrong SKU scan, more than available and more than the room; nothing changes', async () => {
    const musk = await receive(skus.MUSK, 10);
    const from = receivingOf[w1];
    // 4 of the 10 allocated (locked on RECEIVING): 6 available
    const out = await ok('/sapi/wms/outbound-order/add', { warehouseId: w1, ownerId: ownerA, receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1', lines: [{ skuId: skus.MUSK, qty: 4 }] });
    await ok('/sapi/wms/outbound-order/allocate', { id: out.id });
    const before = await byCode(musk);
    const docsBefore = ((await ok('/sapi/wms/move/list', {})) as Rec[]).length;
    const refusals: Array<[Rec, number, string]> = [
      [{ toLocationCode: 'X-01' }, 409, 'To location: location X-01 is locked: nothing moves in or out of it'],
      [{ toLocationCode: 'Q-01' }, 400, 'To location: location Q-01 is a Quarantine location; choose one of: Storage, Pick face'],
      [{ toLocationCode: 'SH-01' }, 400, 'To location: location SH-01 is a Shipping location; choose one of: Storage, Pick face'],
      [{ toLocationCode: 'RECEIVING' }, 400, 'To location: the target is the source location'],
      [{ toLocationCode: 'W2-01' }, 400, 'To location: there is no location W2-01 in this warehouse'],
      [{ toLocationCode: 'NOPE' }, 400, 'To location: there is no location NOPE in this warehouse'],
      [{ skuCode: 'ROSE' }, 400, 'SKU, supplier SKU, platform SKU or barcode: ROSE is not a code of SKU MUSK'],
      [{ qty: 7 }, 409, 'Insufficient inventory for selected product: SKU MUSK on RECEIVING: available 6, requested 7'],
      [{ toLocationCode: 'P-01', qty: 5 }, 409, 'To location: location P-01 has room for 4 more units; 5 requested'],
      [{ fromLocationId: loc['S-02'] }, 404, 'Location stock record does not exist'],
      [{ fromLocationId: undefined }, 400, 'Location stock record, or inventory record and source location cannot be empty'],
      [{ qty: 0 }, 400, 'Quantity cannot be less than 1'],
    ];
    for (const [change, code, msg] of refusals) {
      const res = await call(`${P}/confirm`, { inventoryId: musk, fromLocationId: from, toLocationCode: 'S-02', skuCode: 'MUSK', qty: 2, ...change });
      expect([res.code, res.msg], JSON.stringify(change)).toEqual([code, msg]);
    }
    const zh = await confirm(musk, from, 'Q-01', 'MUSK', 2, f.admin, { 'x-lang': 'zh' });
    expect(zh.msg).toBe('目标库位：库位 Q-01 是隔离区库位，请选择：存储位、拣货位');
    // a locked source: nothing leaves it
    await ok('/sapi/wms/location/lock', { id: from });
    expect((await confirm(musk, from, 'S-02', 'MUSK', 2)).msg).toBe('From location: location RECEIVING is locked: nothing moves in or out of it');
    await ok('/sapi/wms/location/unlock', { id: from });
    expect(await byCode(musk)).toEqual(before);
    expect(((await ok('/sapi/wms/move/list', {})) as Rec[]).length).toBe(docsBefore);
    // the available six go, to the pick face (4) and S-02 (2); the locked four stay on RECEIVING
    expect((await confirm(musk, from, 'P-01', 'MUSK', 4)).code).toBe(200);
    expect((await confirm(musk, from, 'S-02', 'musk', 2)).code).toBe(200);
    expect(await byCode(musk)).toEqual({ RECEIVING: [4, 4], 'P-01': [4, 0], 'S-02': [2, 0] });
    const [left] = await pending({ inventoryId: musk });
    expect(left).toMatchObject({ qty: 4, lockQty: 4, availableQty: 0 });
    await ok('/sapi/wms/outbound-order/ship', { id: out.id });
    await closure();
  });

  it('a one-warehouse, one-owner user sees and puts away only its own stock; confirming needs putaway:confirm', async () => {
    const own = await receive(skus.OUD, 3);
    const otherOwner = await receive(skus.CABLE, 2, '', w1, ownerB);
    const otherWarehouse = await receive(skus.OUD, 2, '', w2);
    const clerk = await userWith(f.t, f.admin, { codes: ['putaway', 'putaway:confirm'], warehouseIds: [w1], ownerIds: [ownerA] });
    const all = await pending();
    const mine = await pending({}, clerk.token);
    expect(all.some((r) => r.ownerId === ownerB) && all.some((r) => r.warehouseId === w2)).toBe(true);
    expect(mine.map((r) => r.id).sort()).toEqual(all.filter((r) => r.warehouseId === w1 && r.ownerId === ownerA).map((r) => r.id).sort());
    expect(mine.map((r) => r.inventoryId)).toContain(own);
    expect(await pending({ ownerId: ownerB }, clerk.token)).toEqual([]);
    for (const [inventoryId, from] of [[otherOwner, receivingOf[w1]], [otherWarehouse, receivingOf[w2]]]) {
      expect((await call(`${P}/suggest`, { inventoryId, fromLocationId: from }, clerk.token)).code).toBe(404);
      expect((await confirm(inventoryId, from, 'S-02', 'CABLE', 1, clerk.token)).code).toBe(404);
    }
    expect((await confirm(own, receivingOf[w1], 'S-02', 'OUD', 1, clerk.token)).code).toBe(200);
    const reader = await userWith(f.t, f.admin, { codes: ['putaway'], warehouseIds: [w1], ownerIds: [ownerA] });
    expect((await ok(`${P}/list`, {}, reader.token)).length).toBeGreaterThan(0);
    expect((await confirm(own, receivingOf[w1], 'S-02', 'OUD', 1, reader.token)).code).toBe(403);
    const nobody = await userWith(f.t, f.admin, { codes: ['location:list'] });
    expect((await call(`${P}/page`, {}, nobody.token)).code).toBe(403);
    await closure();
  });

  it('16 concurrent putaways on shared rows and one target never overdraw a location nor overfill the target', async () => {
    const z = await zone(w1);
    const target = await addLocation(w1, z, 'C-T', LocationType.STORAGE, 30, 12);
    const wide = await addLocation(w1, z, 'C-W', LocationType.STORAGE, 31);
    const a = await receive(skus.ROSE, 10, 'C1');
    const b = await receive(skus.ROSE, 10, 'C2');
    const c = await receive(skus.MUSK, 10, 'C3');
    const from = receivingOf[w1];
    // two rows into one target of 12: six of sixteen (2 units each) fit
    const intoTarget = await Promise.all(Array.from({ length: 16 }, (_, i) => confirm(i % 2 ? a : b, from, 'C-T', 'ROSE', 2)));
    expect(intoTarget.filter((r) => r.code === 200)).toHaveLength(6);
    expect(intoTarget.filter((r) => r.code !== 200).every((r) => r.code === 409 && /C-T has room for 0 more units/.test(r.msg)), JSON.stringify(intoTarget.map((r) => r.msg))).toBe(true);
    // one row of 10 to a wide location: five of sixteen (2 units each) find stock
    const fromOne = await Promise.all(Array.from({ length: 16 }, () => confirm(c, from, 'C-W', 'MUSK', 2)));
    expect(fromOne.filter((r) => r.code === 200)).toHaveLength(5);
    expect(fromOne.filter((r) => r.code !== 200).every((r) => r.code === 409 && /Insufficient inventory/.test(r.msg))).toBe(true);
    const rows = (await ok('/sapi/wms/location-inventory/list', { locationId: target })) as Rec[];
    expect(rows.reduce((s, r) => s + r.qty, 0)).toBe(12);
    const onA = await byCode(a);
    const onB = await byCode(b);
    expect(onA.RECEIVING[0] + onB.RECEIVING[0]).toBe(8);
    expect(onA['C-T'][0] + onB['C-T'][0]).toBe(12);
    expect(await byCode(c)).toEqual({ RECEIVING: [0, 0], 'C-W': [10, 0] });
    expect(((await ok('/sapi/wms/location-inventory/list', { locationId: wide })) as Rec[]).map((r) => r.qty)).toEqual([10]);
    await closure();
  });
});
