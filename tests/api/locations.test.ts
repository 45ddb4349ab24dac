/**
 * Storage locations, step 1 (issue 29; docs/locations.md): zones and locations as manifest resources (unique
 * code per warehouse, zone of the same warehouse, lock/unlock), and the ledger at two levels: after receiving,
 * adjustment gain and loss, allocation, shipping and cancelling, every inventory row is the sum of its location
 * rows and both levels close against the log (locations.ts locationDiscrepancies); allocation spreads in pick
 * sequence and never locks on QUARANTINE or LOCK-status locations; a location of another warehouse is refused;
 * the inventory list's locationId filter and `locations` breakdown; the migration of existing stock (0020) on
 * stock written the old way, run twice; warehouse scope; 32 parallel allocations over several locations
 * (PostgreSQL). Both databases.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizType, LocationType, Status } from '../../generated/shared/enums';
import type { Db } from '../../src/server/db/connect';
import { applyLedger, ledgerDiscrepancies } from '../../src/server/domain/inventory/ledger';
import { locationDiscrepancies } from '../../src/server/domain/inventory/locations';
import { documentFixture, testDatabases, userWith } from './harness';

type Rec = Record<string, any>;

describe.each(testDatabases())('storage locations on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let w1: number, w2: number, ownerA: number;
  const db = () => f.t.database.db as unknown as Db;
  const P = '/sapi/wms/outbound-order';
  const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };
  const rowsOf = async (q: string) => ((await db().execute(sql.raw(q))) as unknown as { rows: Rec[] }).rows;
  const closure = async () => {
    expect(await ledgerDiscrepancies(db())).toEqual([]);
    expect(await locationDiscrepancies(db())).toEqual([]);
  };
  let zoneSeq = 0;
  const zone = async (warehouseId: number) => (await ok('/sapi/wms/warehouse-zone/add', { warehouseId, code: `Z${++zoneSeq}`, name: `Zone ${zoneSeq}` })).id as number;
  const location = async (warehouseId: number, zoneId: number, code: string, type: number, pickSequence: number) =>
    (await ok('/sapi/wms/location/add', { warehouseId, zoneId, code, type, pickSequence })).id as number;
  /** Puts stock on a named location through the ledger (step 2's putaway will do it by document). */
  const putOn = (skuId: number, batchNo: string, locationId: number, qty: number, warehouseId = w1) => db().transaction((tx) => applyLedger(tx as unknown as Db, [{
    target: { warehouseId, ownerId: ownerA, skuId, batchNo }, locationId, qtyChange: qty, lockQtyChange: 0, bizType: BizType.INVENTORY_JUDGEMENT, bizNo: 'T-PUT',
  }], 'en'));
  /** The location rows of an inventory row by location id: [qty, lockQty]. */
  const byLocation = async (inventoryId: number) => Object.fromEntries(((await ok('/sapi/wms/location-inventory/list', { inventoryId })) as Rec[]).map((r) => [r.locationId, [r.qty, r.lockQty]]));
  const order = (skuId: number, qty: number, batchNo = '') => ok(`${P}/add`, { warehouseId: w1, ownerId: ownerA, ...receiver, lines: [{ skuId, qty, batchNo }] });

  beforeAll(async () => {
    ({ w1, ownerA } = await f.setUp(kind, { ROSE: 'A', MUSK: 'A', CONC: 'A', OLD: 'A', CABLE: 'B' }));
    w2 = ((await call('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' })).data as Rec[])[1].id;
  }, 60_000);
  afterAll(() => f.close());

  it('zones and locations: unique code per warehouse, a zone of the same warehouse, lock and unlock', async () => {
    const z1 = await zone(w1);
    expect((await call('/sapi/wms/warehouse-zone/add', { warehouseId: w1, code: `Z${zoneSeq}`, name: 'again' })).code).toBe(409);
    const z2 = (await ok('/sapi/wms/warehouse-zone/add', { warehouseId: w2, code: `Z${zoneSeq}`, name: 'same code, other warehouse' })).id;
    const id = await location(w1, z1, 'A-01-02-03', LocationType.STORAGE, 10);
    expect((await call('/sapi/wms/location/add', { warehouseId: w1, zoneId: z1, code: 'A-01-02-03' })).code).toBe(409);
    const wrongZone = await call('/sapi/wms/location/add', { warehouseId: w1, zoneId: z2, code: 'A-01-02-04' });
    expect([wrongZone.code, wrongZone.msg]).toEqual([400, 'Zone: the zone is not in the location\'s warehouse']);
    const zh = await call('/sapi/wms/location/add', { warehouseId: w1, zoneId: z2, code: 'A-01-02-04' }, f.admin, { 'x-lang': 'zh' });
    expect(zh.msg).toContain('库区不属于该库位的仓库');
    expect((await call('/sapi/wms/location/add', { warehouseId: w1, zoneId: z1, code: 'A-01-02-05', type: 99 })).code).toBe(400);
    expect((await ok('/sapi/wms/location/lock', { id })).status).toBe(Status.LOCK);
    expect((await ok('/sapi/wms/location/detail', { id })).status).toBe(Status.LOCK);
    expect((await ok('/sapi/wms/location/unlock', { id })).status).toBe(Status.ENABLE);
    // a lock needs location:lock
    const clerk = await userWith(f.t, f.admin, { codes: ['location:list', 'location:add'] });
    expect((await call('/sapi/wms/location/lock', { id }, clerk.token)).code).toBe(403);
  });

  it('receiving without a location lands on the warehouse\'s RECEIVING location; gain and loss keep both levels equal', async () => {
    const inbound = await ok('/sapi/wms/inbound-order/add', { warehouseId: w1, ownerId: ownerA, lines: [{ skuId: skus.MUSK, batchNo: 'R1', plannedQty: 10 }] });
    await ok('/sapi/wms/inbound-order/receive', { id: inbound.id, lines: [{ lineId: inbound.lines[0].id, batchNo: 'R1', qty: 7 }] });
    const [receiving] = (await ok('/sapi/wms/location/list', { warehouseId: w1, type: LocationType.RECEIVING })) as Rec[];
    expect(receiving).toMatchObject({ code: 'RECEIVING', type: LocationType.RECEIVING, status: Status.ENABLE });
    const [row] = (await ok('/sapi/wms/sku-inventory/page', { skuId: skus.MUSK, warehouseId: w1 })).records as Rec[];
    expect(row.locations).toEqual([{ locationId: receiving.id, code: 'RECEIVING', qty: 7, lockQty: 0 }]);
    expect(await byLocation(row.id)).toEqual({ [receiving.id]: [7, 0] });
    const logs = (await ok('/sapi/wms/sku-inventory-log/page', { inventoryId: row.id })).records as Rec[];
    expect(logs.map((l) => [l.bizType, l.changeQty, l.locationId])).toEqual([[BizType.INBOUND_ORDER, 7, receiving.id]]);
    // a second location, then an adjustment loss spread over both
    const shelf = await location(w1, await zone(w1), 'M-01', LocationType.STORAGE, 0);
    await putOn(skus.MUSK, 'R1', shelf, 2);
    await f.gainLines(ownerA, [{ skuId: skus.MUSK, batchNo: 'R1', qty: 1 }]); // gain: RECEIVING
    expect(await byLocation(row.id)).toEqual({ [receiving.id]: [8, 0], [shelf]: [2, 0] });
    const loss = await ok('/sapi/wms/inventory-judgement/add', { warehouseId: w1, ownerId: ownerA, lines: [{ inventoryId: row.id, type: 2, qty: 9 }] });
    await ok('/sapi/wms/inventory-judgement/approve', { id: loss.id });
    // same pick sequence: RECEIVING (lower id) first, 8 from it, then 1 from the shelf
    expect(await byLocation(row.id)).toEqual({ [receiving.id]: [0, 0], [shelf]: [1, 0] });
    const lossLogs = (await ok('/sapi/wms/sku-inventory-log/page', { inventoryId: row.id, bizNo: loss.judgementNo })).records as Rec[];
    expect(lossLogs.map((l) => [l.changeQty, l.locationId]).sort()).toEqual([[-1, shelf], [-8, receiving.id]].sort());
    expect((await ok('/sapi/wms/sku-inventory/detail', { id: row.id })).qty).toBe(1);
    await closure();
  });

  it('allocation spreads in pick sequence, never on quarantine or locked locations; ship and cancel follow the locks', async () => {
    const z = await zone(w1);
    const Q = await location(w1, z, 'Q-01', LocationType.QUARANTINE, 1);
    const L = await location(w1, z, 'S-02', LocationType.STORAGE, 2);
    const PF = await location(w1, z, 'P-05', LocationType.PICK_FACE, 5);
    const S = await location(w1, z, 'S-10', LocationType.STORAGE, 10);
    for (const [loc, qty] of [[Q, 5], [L, 3], [PF, 4], [S, 6]]) await putOn(skus.ROSE, 'SP', loc, qty);
    await ok('/sapi/wms/location/lock', { id: L });
    const [row] = (await ok('/sapi/wms/sku-inventory/page', { skuId: skus.ROSE, warehouseId: w1 })).records as Rec[];
    expect([row.qty, row.lockQty]).toEqual([18, 0]);
    expect(row.locations.map((l: Rec) => l.code)).toEqual(['Q-01', 'S-02', 'P-05', 'S-10']);
    // 18 on hand, but only P-05 and S-10 (10) may be locked
    const big = await order(skus.ROSE, 12);
    const refused = await call(`${P}/allocate`, { id: big.id });
    expect([refused.code, refused.msg]).toEqual([409, 'Insufficient inventory for selected product: SKU ROSE: available 10, requested 12']);
    expect((await ok('/sapi/wms/sku-inventory/detail', { id: row.id })).lockQty).toBe(0);
    await ok('/sapi/wms/location/unlock', { id: L });
    await ok(`${P}/allocate`, { id: big.id });
    expect(await byLocation(row.id)).toEqual({ [Q]: [5, 0], [L]: [3, 3], [PF]: [4, 4], [S]: [6, 5] });
    await ok('/sapi/wms/location/lock', { id: L });
    await ok(`${P}/cancel`, { id: big.id }); // releases, the locked location's too
    expect(await byLocation(row.id)).toEqual({ [Q]: [5, 0], [L]: [3, 0], [PF]: [4, 0], [S]: [6, 0] });
    const small = await order(skus.ROSE, 8);
    await ok(`${P}/allocate`, { id: small.id });
    expect(await byLocation(row.id)).toEqual({ [Q]: [5, 0], [L]: [3, 0], [PF]: [4, 4], [S]: [6, 4] });
    const allocLogs = (await ok('/sapi/wms/sku-inventory-log/page', { inventoryId: row.id, bizNo: small.orderNo })).records as Rec[];
    expect(allocLogs.map((l) => [l.locationId, l.lockChangeQty]).sort()).toEqual([[PF, 4], [S, 4]].sort());
    await ok(`${P}/ship`, { id: small.id });
    expect(await byLocation(row.id)).toEqual({ [Q]: [5, 0], [L]: [3, 0], [PF]: [0, 0], [S]: [2, 0] });
    const after = await ok('/sapi/wms/sku-inventory/detail', { id: row.id });
    expect([after.qty, after.lockQty]).toEqual([10, 0]);
    // the list's location filter: stock on S-10, none left on P-05
    expect(((await ok('/sapi/wms/sku-inventory/page', { locationId: S })).records as Rec[]).map((r) => r.id)).toEqual([row.id]);
    expect((await ok('/sapi/wms/sku-inventory/page', { locationId: PF })).records).toEqual([]);
    expect((await call('/sapi/wms/sku-inventory/page', { locationId: 'x' })).code).toBe(400);
    await closure();
  });

  it('refuses a location of another warehouse and direct writes of location stock', async () => {
    const other = await location(w2, await zone(w2), 'W2-01', LocationType.STORAGE, 1);
    await expect(putOn(skus.ROSE, 'SP', other, 1)).rejects.toMatchObject({ code: 400 });
    const res = await call('/sapi/wms/location-inventory/add', { inventoryId: 1, locationId: other, qty: 5 });
    expect([res.code, res.msg]).toEqual([400, 'Location stock changes only through inbound orders, outbound orders, inventory adjustments, putaway and stock moves']);
    await closure();
  });

  it('a user of one warehouse sees only its zones, locations and location stock', async () => {
    await zone(w2);
    await putOn(skus.ROSE, 'W2', (await ok('/sapi/wms/location/list', { warehouseId: w2 }))[0].id, 2, w2);
    const u = await userWith(f.t, f.admin, { codes: ['location:list'], warehouseIds: [w1] });
    for (const path of ['/sapi/wms/warehouse-zone/list', '/sapi/wms/location/list', '/sapi/wms/location-inventory/list']) {
      const all = (await ok(path, {})) as Rec[];
      const mine = (await ok(path, {}, u.token)) as Rec[];
      expect(all.some((r) => r.warehouseId === w2), path).toBe(true);
      expect(mine.length, path).toBeGreaterThan(0);
      expect(mine.map((r) => r.id).sort(), path).toEqual(all.filter((r) => r.warehouseId === w1).map((r) => r.id).sort());
    }
  });

  it('migration 0020 moves stock written the old way (no location rows) to RECEIVING; both levels close; twice is once', async () => {
    // a warehouse without any location, and stock rows + log lines as the ledger wrote them before issue 29
    const w3 = (await ok('/sapi/wms/warehouse/add', { code: 'OLDW', name: 'Old warehouse', type: 1 })).id;
    const [{ company_id: companyId }] = await rowsOf(`select company_id from wms_owner where id = ${ownerA}`);
    const old: Array<[number, string, number, number]> = [[w3, 'O1', 9, 4], [w3, 'O2', 5, 0], [w1, 'O3', 6, 2]];
    for (const [w, batch, qty, lockQty] of old) {
      const [{ id }] = await rowsOf(`insert into wms_inventory (company_id, warehouse_id, owner_id, sku_id, batch_no, qty, lock_qty)
        values (${companyId}, ${w}, ${ownerA}, ${skus.OLD}, '${batch}', ${qty}, ${lockQty}) returning id`);
      await rowsOf(`insert into wms_inventory_log (inventory_id, company_id, warehouse_id, owner_id, sku_id, origin_qty, new_qty, change_qty, origin_lock_qty, new_lock_qty, lock_change_qty, biz_type, biz_no)
        values (${id}, ${companyId}, ${w}, ${ownerA}, ${skus.OLD}, 0, ${qty}, ${qty}, 0, 0, 0, 1, 'OLD-IN'), (${id}, ${companyId}, ${w}, ${ownerA}, ${skus.OLD}, ${qty}, ${qty}, 0, 0, ${lockQty}, ${lockQty}, 2, 'OLD-OUT')`);
    }
    expect((await locationDiscrepancies(db())).length).toBeGreaterThan(0); // the old state does not close at the location level
    const statements = readFileSync(new URL('../../generated/db/migrations/0020_locations_stock.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    const run = async () => { for (const s of statements) await rowsOf(s); };
    await run();
    await closure();
    const count = async () => (await rowsOf('select count(*)::int as n from wms_location_inventory'))[0].n;
    const before = await count();
    await run();
    expect(await count()).toBe(before);
    await closure();
    const [recv3] = (await ok('/sapi/wms/location/list', { warehouseId: w3 })) as Rec[];
    expect(recv3).toMatchObject({ code: 'RECEIVING', type: LocationType.RECEIVING });
    const rows = await rowsOf(`select i.batch_no, li.qty, li.lock_qty, l.code from wms_location_inventory li join wms_inventory i on i.id = li.inventory_id
      join wms_location l on l.id = li.location_id where i.sku_id = ${skus.OLD} order by i.batch_no`);
    expect(rows.map((r) => [r.batch_no, r.qty, r.lock_qty, r.code])).toEqual([['O1', 9, 4, 'RECEIVING'], ['O2', 5, 0, 'RECEIVING'], ['O3', 6, 2, 'RECEIVING']]);
    expect(Number((await rowsOf(`select count(*)::int as n from wms_inventory_log where location_id is null`))[0].n)).toBe(0);
    // and the migrated stock moves on through the ledger: O3's 4 available units allocated
    await ok(`${P}/allocate`, { id: (await order(skus.OLD, 4, 'O3')).id });
    await closure();
  });

  it.runIf(kind === 'postgres')('32 parallel allocations over stock on several locations never take more than a location holds', async () => {
    const z = await zone(w1);
    const locs = [await location(w1, z, 'C-1', LocationType.STORAGE, 3), await location(w1, z, 'C-2', LocationType.PICK_FACE, 1),
      await location(w1, z, 'C-3', LocationType.STORAGE, 2), await location(w1, z, 'C-Q', LocationType.QUARANTINE, 0)];
    for (const loc of locs) await putOn(skus.CONC, '', loc, 10);
    const orders: Rec[] = [];
    for (let i = 0; i < 32; i++) orders.push(await order(skus.CONC, 2));
    const results = await Promise.all(orders.map((o) => call(`${P}/allocate`, { id: o.id })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(15); // 30 lockable units, 2 per order
    expect(results.filter((r) => r.code === 409)).toHaveLength(17);
    const [row] = (await ok('/sapi/wms/sku-inventory/page', { skuId: skus.CONC })).records as Rec[];
    expect([row.qty, row.lockQty]).toEqual([40, 30]);
    expect(await byLocation(row.id)).toEqual({ [locs[0]]: [10, 10], [locs[1]]: [10, 10], [locs[2]]: [10, 10], [locs[3]]: [10, 0] });
    await Promise.all(orders.filter((_, i) => results[i].code === 200).map((o, i) => call(`${P}/${i % 2 ? 'cancel' : 'ship'}`, { id: o.id })));
    await closure();
  });
});
