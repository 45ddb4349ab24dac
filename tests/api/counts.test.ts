/**
 * Cycle counts (issue 30; docs/counts.md; src/server/domain/counts/): the count document through the generic calls
 * (scope checks, bad input 400 naming the field, edit and remove while draft); start snapshots the expected lines
 * and freezes the locations; counters count blind (scans and typed quantities; the expected quantity never reaches
 * them); found goods become new lines; differences per location and SKU; approval moves exactly the differences
 * through the ledger as named-location changes (bizType COUNT, bizNo = the count number) and leaves both levels
 * closed; a frozen location refuses allocation, putaway/moves, adjustments and shipping (releases allowed); reject
 * releases the freeze; recount of chosen lines; a count below the allocated units is refused; stock picked but not
 * shipped blocks the start; the scope of a one-warehouse, one-owner user; the count sheet PDF and the Excel import;
 * concurrent scans and starts (PostgreSQL). Both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizType, CountStatus, ImportStatus, LocationType } from '../../generated/shared/enums';
import type { Db } from '../../src/server/db/connect';
import { applyLedger, ledgerDiscrepancies } from '../../src/server/domain/inventory/ledger';
import { locationDiscrepancies } from '../../src/server/domain/inventory/locations';
import { pageTexts } from '../support/pdf';
import { documentFixture, testDatabases, uploadXlsx, userWith, waitImportJob } from './harness';

type Rec = Record<string, any>;

describe.each(testDatabases())('cycle counts on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let w1: number, w2: number, ownerA: number, ownerB: number, zoneId: number;
  const db = () => f.t.database.db as unknown as Db;
  const C = '/sapi/wms/count';
  const OUT = '/sapi/wms/outbound-order';
  const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };
  const rowsOf = async (q: string) => ((await db().execute(sql.raw(q))) as unknown as { rows: Rec[] }).rows;
  const closure = async () => {
    expect(await ledgerDiscrepancies(db())).toEqual([]);
    expect(await locationDiscrepancies(db())).toEqual([]);
  };
  let seq = 0;
  const location = async (code: string, pickSequence = ++seq, warehouseId = w1, zone = zoneId, type: number = LocationType.STORAGE) =>
    (await ok('/sapi/wms/location/add', { warehouseId, zoneId: zone, code, type, pickSequence })).id as number;
  /** Puts stock on a named location through the ledger (a putaway or move names its locations the same way). */
  const putOn = (skuId: number, batchNo: string, locationId: number, qty: number, ownerId = ownerA) => db().transaction((tx) => applyLedger(tx as unknown as Db, [{
    target: { warehouseId: w1, ownerId, skuId, batchNo }, locationId, qtyChange: qty, lockQtyChange: 0, bizType: BizType.INVENTORY_JUDGEMENT, bizNo: 'T-PUT',
  }], 'en'));
  /** [qty, lockQty] of the location row of (SKU, batch, location) in w1. */
  const at = async (skuId: number, batchNo: string, locationId: number) => {
    const [r] = await rowsOf(`select li.qty, li.lock_qty from wms_location_inventory li join wms_inventory i on i.id = li.inventory_id
      where i.warehouse_id = ${w1} and i.sku_id = ${skuId} and i.batch_no = '${batchNo}' and li.location_id = ${locationId}`);
    return r ? [Number(r.qty), Number(r.lock_qty)] : undefined;
  };
  const order = async (skuId: number, qty: number, batchNo = '') => ok(`${OUT}/add`, { warehouseId: w1, ownerId: ownerA, ...receiver, lines: [{ skuId, qty, batchNo }] });
  const newCount = (body: Rec, token?: string) => ok(`${C}/add`, { warehouseId: w1, ownerId: ownerA, ...body }, token);
  let counter: { token: string }, reviewer: { token: string };

  beforeAll(async () => {
    ({ w1, ownerA, ownerB } = await f.setUp(kind, { ROSE: 'A', MUSK: 'A', OUD: 'A', AMBER: 'A', CEDAR: 'A', CABLE: 'B' }));
    w2 = ((await call('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' })).data as Rec[])[1].id;
    zoneId = (await ok('/sapi/wms/warehouse-zone/add', { warehouseId: w1, code: 'CNT', name: 'Count zone' })).id;
    counter = await userWith(f.t, f.admin, { codes: ['count', 'count:list', 'count:count'], name: 'counter1' });
    reviewer = await userWith(f.t, f.admin, { codes: ['count', 'count:list', 'count:approve'], name: 'reviewer1' });
  });
  afterAll(() => f.close());

  it('add, edit and remove while draft; the scope lists are checked; bad input is a 400 naming the field', async () => {
    const s1 = await location('D-01');
    const other = (await ok('/sapi/wms/warehouse-zone/add', { warehouseId: w2, code: 'W2Z', name: 'w2 zone' })).id;
    const w2loc = (await ok('/sapi/wms/location/add', { warehouseId: w2, zoneId: other, code: 'W2-01' })).id;
    const d = await newCount({ locationIds: [s1, s1], skuIds: [skus.ROSE], remark: 'shelf D' });
    expect(d).toMatchObject({ status: CountStatus.DRAFT, locationIds: [s1], skuIds: [skus.ROSE], lineCount: 0, countedLines: 0 });
    expect(d.countNo).toMatch(/^CC\d{8}\d{6}$/);
    const bad = async (body: Rec, msg: string) => {
      const r = await call(`${C}/add`, { warehouseId: w1, ownerId: ownerA, ...body });
      expect([r.code, r.msg]).toEqual([400, msg]);
    };
    await bad({ locationIds: [w2loc] }, `Locations: location #${w2loc} is not a location of this warehouse`);
    await bad({ zoneIds: [other] }, `Zones: zone #${other} is not a zone of this warehouse`);
    await bad({ skuIds: [skus.CABLE] }, `SKUs: SKU #${skus.CABLE} is not a SKU of this goods owner`);
    await bad({ zoneIds: 'x' }, 'Zones must be a list');
    await bad({ warehouseId: null }, 'Warehouse cannot be empty');
    await bad({ remark: 'x'.repeat(201) }, 'Remark can be at most 200 characters');
    const zh = await call(`${C}/add`, { warehouseId: w1, ownerId: ownerA, locationIds: [w2loc] }, f.admin, { 'x-lang': 'zh' });
    expect(zh.msg).toBe(`库位：库位 #${w2loc} 不属于该仓库`);
    expect((await ok(`${C}/edit`, { id: d.id, remark: 'shelf D, top' })).remark).toBe('shelf D, top');
    await ok(`${C}/remove`, { id: d.id });
    expect((await call(`${C}/detail`, { id: d.id })).code).toBe(404);
    // the workflow calls check their bodies too
    expect(await call(`${C}/start`, { id: 'x' })).toMatchObject({ code: 400, msg: 'ID must be a positive integer' });
    expect(await call(`${C}/enter`, { id: 1, lines: [] })).toMatchObject({ code: 400, msg: 'Counted lines cannot be empty' });
    expect(await call(`${C}/enter`, { id: 1, lines: [{ locationId: 1, skuId: 1, countedQty: -1 }] })).toMatchObject({ code: 400, msg: 'Line 1: Counted quantity cannot be less than 0' });
    expect(await call(`${C}/enter`, { id: 1, lines: [{ locationId: 1, skuId: 1, countedQty: 1.5 }] })).toMatchObject({ code: 400, msg: 'Line 1: Counted quantity must be an integer' });
    expect(await call(`${C}/enter`, { id: 1, lines: [{ locationId: 1, skuId: 1, batchNo: 7, countedQty: 1 }] })).toMatchObject({ code: 400, msg: 'Line 1: Batch number must be text' });
    expect(await call(`${C}/scan`, { id: 1, code: 'ROSE' })).toMatchObject({ code: 400, msg: 'Location code cannot be empty' });
    expect(await call(`${C}/scan`, { id: 1, location: 'A', code: 'ROSE', qty: 0 })).toMatchObject({ code: 400, msg: 'Quantity cannot be less than 1' });
    expect(await call(`${C}/lines`, { id: 1, size: 5000 })).toMatchObject({ code: 400, msg: 'Page size cannot be greater than 1000' });
    expect(await call(`${C}/recount`, { id: 1, lineIds: [0] })).toMatchObject({ code: 400, msg: expect.stringContaining('Lines to recount') });
    expect(await call(`${C}/reject`, { id: 1 })).toMatchObject({ code: 400, msg: 'Rejection reason cannot be empty' });
  });

  it('start snapshots and freezes; counting is blind; found goods are added; approval posts exactly the differences; both levels close', async () => {
    const s1 = await location('A-01');
    const s2 = await location('A-02');
    const s3 = await location('A-03'); // empty
    await putOn(skus.ROSE, 'B1', s1, 10);
    await putOn(skus.MUSK, '', s1, 6);
    await putOn(skus.ROSE, 'B1', s2, 4);
    // an order allocated before the count holds 3 of ROSE on A-01 (first in pick sequence): not picked yet
    const o = await order(skus.ROSE, 3, 'B1');
    await ok(`${OUT}/allocate`, { id: o.id });
    expect(await at(skus.ROSE, 'B1', s1)).toEqual([10, 3]);

    const d = await newCount({ locationIds: [s1, s2, s3] });
    // a counter may not start (count:edit), the admin may
    expect((await call(`${C}/start`, { id: d.id }, counter.token)).code).toBe(403);
    const started = await ok(`${C}/start`, { id: d.id });
    expect(started).toMatchObject({ status: CountStatus.COUNTING, lineCount: 3, countedLines: 0 });
    expect((await call(`${C}/edit`, { id: d.id, remark: 'late' })).code).toBe(409);
    expect((await call(`${C}/remove`, { id: d.id })).code).toBe(409);

    // the reviewer sees what the books expect; a counter never does
    const review = (await ok(`${C}/lines`, { id: d.id }, reviewer.token)).records as Rec[];
    expect(review.map((l) => [l.locationCode, l.sku, l.batchNo, l.expectedQty, l.lockedQty, l.countedQty])).toEqual([
      ['A-01', 'MUSK', '', 6, 0, null], ['A-01', 'ROSE', 'B1', 10, 3, null], ['A-02', 'ROSE', 'B1', 4, 0, null],
    ]);
    const hidden = ['expectedQty', 'lockedQty', 'bookQty', 'diffQty', 'previousCountedQty', 'unexpected', 'inventoryId'];
    const blind = (await ok(`${C}/lines`, { id: d.id }, counter.token)).records as Rec[];
    expect(blind.map((l) => [l.locationCode, l.sku, l.batchNo, l.countedQty])).toEqual([['A-01', 'MUSK', '', null], ['A-01', 'ROSE', 'B1', null], ['A-02', 'ROSE', 'B1', null]]);
    for (const l of blind) for (const k of hidden) expect(l, k).not.toHaveProperty(k);
    expect((await ok(`${C}/locations`, { id: d.id }, counter.token)).map((l: Rec) => [l.code, l.lines])).toEqual([['A-01', 2], ['A-02', 1], ['A-03', 0]]);
    expect((await ok(`${C}/detail`, { id: d.id }, counter.token)).differenceLines).toBeNull();
    expect((await call('/sapi/wms/count-line/page', { countId: d.id }, counter.token)).code).toBe(403);
    expect((await call(`${C}/differences`, { id: d.id }, counter.token)).code).toBe(403);

    // counting: typed for A-01 ROSE (9: one missing), scans for MUSK (6), A-02 ROSE 5 (one more), OUD found on A-03
    const typed = await ok(`${C}/enter`, { id: d.id, lines: [{ locationId: s1, skuId: skus.ROSE, countedQty: 9 }, { locationId: s2, skuId: skus.ROSE, batchNo: 'B1', countedQty: 5 }] }, counter.token);
    expect(typed.map((l: Rec) => [l.locationCode, l.sku, l.countedQty])).toEqual([['A-01', 'ROSE', 9], ['A-02', 'ROSE', 5]]);
    for (const l of typed) for (const k of hidden) expect(l).not.toHaveProperty(k);
    for (let i = 0; i < 5; i++) await ok(`${C}/scan`, { id: d.id, location: 'A-01', code: 'musk' }, counter.token);
    const scanned = await ok(`${C}/scan`, { id: d.id, location: 'a-01', code: 'MUSK' }, counter.token);
    expect(scanned).toEqual({ id: expect.any(Number), locationId: s1, locationCode: 'A-01', skuId: skus.MUSK, sku: 'MUSK', skuName: 'MUSK product', batchNo: '', countedQty: 6 });
    const found = await ok(`${C}/scan`, { id: d.id, location: 'A-03', code: 'OUD', batchNo: 'N1', qty: 2 }, counter.token);
    expect(found).toMatchObject({ locationCode: 'A-03', sku: 'OUD', batchNo: 'N1', countedQty: 2 });
    expect(found).not.toHaveProperty('unexpected');
    // not a location of the count, a SKU of another owner, a code nothing has
    expect(await call(`${C}/scan`, { id: d.id, location: 'D-01', code: 'OUD' }, counter.token)).toMatchObject({ code: 400, msg: 'Location code: no location of this count has code "D-01"' });
    expect(await call(`${C}/enter`, { id: d.id, lines: [{ locationId: s1, skuId: skus.CABLE, countedQty: 1 }] }, counter.token))
      .toMatchObject({ code: 400, msg: 'Line 1: SKU: the SKU is outside this count (its goods owner, its SKUs or your data scope)' });
    expect(await call(`${C}/scan`, { id: d.id, location: 'A-01', code: 'NOPE' }, counter.token)).toMatchObject({ code: 400, msg: 'SKU, supplier SKU, platform SKU or barcode: no SKU of this count has code "NOPE"' });
    expect(await call(`${C}/enter`, { id: d.id, lines: [{ locationId: s1, skuId: skus.MUSK, countedQty: 1 }, { locationId: s1, skuId: skus.MUSK, batchNo: '', countedQty: 2 }] }, counter.token))
      .toMatchObject({ code: 400, msg: 'Line 2: Batch number: the same location, SKU and batch are listed twice' });
    expect((await ok(`${C}/detail`, { id: d.id }, counter.token)).countedLines).toBe(4);

    // the count's locations are frozen: nothing is put on them meanwhile
    await expect(putOn(skus.ROSE, 'B1', s3, 1)).rejects.toMatchObject({ code: 409, message: `Location A-03 is frozen by cycle count ${d.countNo}: no stock may be put on it, moved, allocated or picked there until the count ends` });

    await ok(`${C}/finish`, { id: d.id }, counter.token);
    expect((await call(`${C}/scan`, { id: d.id, location: 'A-01', code: 'MUSK' }, counter.token))).toMatchObject({ code: 409, msg: `${d.countNo} is not being counted: it is to review` });
    const diffs = await ok(`${C}/differences`, { id: d.id }, reviewer.token);
    expect(diffs.records.map((l: Rec) => [l.locationCode, l.sku, l.batchNo, l.expectedQty, l.bookQty, l.countedQty, l.diffQty, l.unexpected])).toEqual([
      ['A-01', 'ROSE', 'B1', 10, 10, 9, -1, false], ['A-02', 'ROSE', 'B1', 4, 4, 5, 1, false], ['A-03', 'OUD', 'N1', 0, 0, 2, 2, true],
    ]);
    expect(diffs.summary).toEqual({ lines: 4, countedLines: 4, differenceLines: 3, gainQty: 3, lossQty: 1 });
    expect((await ok(`${C}/detail`, { id: d.id }, reviewer.token)).differenceLines).toBe(3);

    const logsBefore = Number((await rowsOf('select count(*)::int as n from wms_inventory_log'))[0].n);
    expect((await call(`${C}/approve`, { id: d.id }, counter.token)).code).toBe(403);
    const approved = await ok(`${C}/approve`, { id: d.id }, reviewer.token);
    expect(approved).toMatchObject({ status: CountStatus.APPROVED, auditUserName: 'reviewer1' });
    // exactly the differences, one log line each, on the named locations, with the count's number and type
    const logs = await rowsOf(`select l.biz_type, l.biz_no, l.change_qty, l.lock_change_qty, l.location_id, s.sku, l.remark from wms_inventory_log l join wms_sku s on s.id = l.sku_id
      where l.biz_no = '${d.countNo}' order by l.id`);
    expect(logs.map((l) => [l.biz_type, l.sku, l.location_id, l.change_qty, l.lock_change_qty])).toEqual(expect.arrayContaining([
      [BizType.COUNT, 'ROSE', s1, -1, 0], [BizType.COUNT, 'ROSE', s2, 1, 0], [BizType.COUNT, 'OUD', s3, 2, 0],
    ]));
    expect(logs).toHaveLength(3);
    expect(logs.find((l) => l.sku === 'ROSE' && l.location_id === s1)!.remark).toBe('Counted 9, book 10');
    expect(Number((await rowsOf('select count(*)::int as n from wms_inventory_log'))[0].n)).toBe(logsBefore + 3);
    expect(await at(skus.ROSE, 'B1', s1)).toEqual([9, 3]);
    expect(await at(skus.ROSE, 'B1', s2)).toEqual([5, 0]);
    expect(await at(skus.MUSK, '', s1)).toEqual([6, 0]);
    expect(await at(skus.OUD, 'N1', s3)).toEqual([2, 0]);
    const [rose] = (await ok('/sapi/wms/sku-inventory/page', { skuId: skus.ROSE, warehouseId: w1, batchNo: 'B1' })).records as Rec[];
    expect([rose.qty, rose.lockQty]).toEqual([14, 3]);
    // the change log shows the count's number and its document type in both languages
    const page = (await ok('/sapi/wms/sku-inventory-log/page', { bizNo: d.countNo })).records as Rec[];
    expect(page).toHaveLength(3);
    const done = await ok(`${C}/lines`, { id: d.id }, reviewer.token);
    expect(done.records.map((l: Rec) => [l.sku, l.bookQty, l.diffQty])).toEqual([['MUSK', 6, 0], ['ROSE', 10, -1], ['ROSE', 4, 1], ['OUD', 0, 2]]);
    await closure();
    // the freeze ended: the locations take stock and locks again
    await putOn(skus.ROSE, 'B1', s3, 1);
    await ok(`${OUT}/allocate`, { id: (await order(skus.ROSE, 2, 'B1')).id });
    await closure();
  });

  it('a frozen location refuses allocation, putaway, moves, adjustments and shipping; releasing a lock is allowed; reject releases the freeze', async () => {
    const s4 = await location('F-01');
    const s5 = await location('F-02');
    await putOn(skus.AMBER, '', s4, 5);
    const o1 = await order(skus.AMBER, 2);
    await ok(`${OUT}/allocate`, { id: o1.id });
    const d = await newCount({ locationIds: [s4] });
    await ok(`${C}/start`, { id: d.id });
    const frozen = `Location F-01 is frozen by cycle count ${d.countNo}: no stock may be put on it, moved, allocated or picked there until the count ends`;
    // allocation: F-01 is the only stock, and it is not lockable now
    const o2 = await order(skus.AMBER, 1);
    expect(await call(`${OUT}/allocate`, { id: o2.id })).toMatchObject({ code: 409, msg: 'Insufficient inventory for selected product: SKU AMBER: available 0, requested 1' });
    // putaway onto it, a move off it (a pair of named changes), an adjustment loss, shipping the order allocated before
    await expect(putOn(skus.AMBER, '', s4, 1)).rejects.toMatchObject({ code: 409, message: frozen });
    const move = db().transaction((tx) => applyLedger(tx as unknown as Db, [
      { target: { warehouseId: w1, ownerId: ownerA, skuId: skus.AMBER, batchNo: '' }, locationId: s4, qtyChange: -1, lockQtyChange: 0, bizType: BizType.INVENTORY_JUDGEMENT, bizNo: 'T-MOVE' },
      { target: { warehouseId: w1, ownerId: ownerA, skuId: skus.AMBER, batchNo: '' }, locationId: s5, qtyChange: 1, lockQtyChange: 0, bizType: BizType.INVENTORY_JUDGEMENT, bizNo: 'T-MOVE' },
    ], 'en'));
    await expect(move).rejects.toMatchObject({ code: 409, message: frozen });
    const loss = await ok('/sapi/wms/inventory-judgement/add', { warehouseId: w1, ownerId: ownerA, lines: [{ skuId: skus.AMBER, type: 2, qty: 1 }] });
    expect(await call('/sapi/wms/inventory-judgement/approve', { id: loss.id })).toMatchObject({ code: 409, msg: frozen });
    expect(await call(`${OUT}/ship`, { id: o1.id })).toMatchObject({ code: 409, msg: frozen });
    expect((await call(`${OUT}/ship`, { id: o1.id }, f.admin, { 'x-lang': 'zh' })).msg).toBe(`库位 F-01 正在盘点（${d.countNo}），盘点结束前不能上架、移库、分配或拣货`);
    // a second count cannot take the location
    const d2 = await newCount({ locationIds: [s4, s5] });
    expect(await call(`${C}/start`, { id: d2.id })).toMatchObject({ code: 409, msg: frozen });
    expect((await ok(`${C}/detail`, { id: d2.id })).status).toBe(CountStatus.DRAFT);
    // cancelling the order allocated before the count releases its lock: nothing moves
    await ok(`${OUT}/cancel`, { id: o1.id });
    expect(await at(skus.AMBER, '', s4)).toEqual([5, 0]);
    expect((await ok('/sapi/wms/inventory-judgement/detail', { id: loss.id })).status).toBe(1);
    await closure();

    // reject: a reason is required; it ends the freeze and moves nothing
    expect(await call(`${C}/reject`, { id: d.id, rejectReason: '' }, reviewer.token)).toMatchObject({ code: 400, msg: 'Rejection reason cannot be empty' });
    const logs = Number((await rowsOf('select count(*)::int as n from wms_inventory_log').then((r) => r[0].n)));
    const rejected = await ok(`${C}/reject`, { id: d.id, rejectReason: 'wrong shelf' }, reviewer.token);
    expect(rejected).toMatchObject({ status: CountStatus.REJECTED, rejectReason: 'wrong shelf' });
    expect(Number((await rowsOf('select count(*)::int as n from wms_inventory_log'))[0].n)).toBe(logs);
    expect(await call(`${C}/enter`, { id: d.id, lines: [{ locationId: s4, skuId: skus.AMBER, countedQty: 1 }] }, counter.token)).toMatchObject({ code: 409 });
    expect((await rowsOf(`select count(*)::int as n from wms_count_freeze where count_id = ${d.id}`))[0].n).toBe(0);
    await ok(`${OUT}/allocate`, { id: o2.id });
    await ok('/sapi/wms/inventory-judgement/approve', { id: loss.id });
    await ok(`${C}/start`, { id: d2.id });
    await ok(`${C}/reject`, { id: d2.id, rejectReason: 'not today' });
    await closure();
  });

  it('recount of chosen lines; approval refuses a count below the units allocated there', async () => {
    const s6 = await location('R-01');
    const s7 = await location('R-02');
    await putOn(skus.CEDAR, 'C1', s6, 8);
    await putOn(skus.CEDAR, 'C1', s7, 2);
    const o = await order(skus.CEDAR, 5, 'C1');
    await ok(`${OUT}/allocate`, { id: o.id });
    expect(await at(skus.CEDAR, 'C1', s6)).toEqual([8, 5]);
    const d = await newCount({ locationIds: [s6, s7], skuIds: [skus.CEDAR] });
    await ok(`${C}/start`, { id: d.id });
    await ok(`${C}/enter`, { id: d.id, lines: [{ locationId: s6, skuId: skus.CEDAR, countedQty: 3 }, { locationId: s7, skuId: skus.CEDAR, countedQty: 2 }] }, counter.token);
    await ok(`${C}/finish`, { id: d.id }, counter.token);
    const refused = await call(`${C}/approve`, { id: d.id }, reviewer.token);
    expect(refused).toMatchObject({ code: 409, msg: 'Location R-01, SKU CEDAR (batch C1): counted 3, but 5 are allocated to outbound orders there; cancel or re-allocate those orders, or recount' });
    expect((await ok(`${C}/detail`, { id: d.id })).status).toBe(CountStatus.REVIEW);
    expect(await at(skus.CEDAR, 'C1', s6)).toEqual([8, 5]);
    expect((await rowsOf(`select count(*)::int as n from wms_count_freeze where count_id = ${d.id}`))[0].n).toBe(2); // still frozen

    // recount the R-01 line only; another count's line is refused by the field's label
    const lines = (await ok(`${C}/lines`, { id: d.id }, reviewer.token)).records as Rec[];
    const r01 = lines.find((l) => l.locationCode === 'R-01')!;
    expect(await call(`${C}/recount`, { id: d.id, lineIds: [999999] }, reviewer.token)).toMatchObject({ code: 400, msg: 'Lines to recount: line #999999 is not a line of this count' });
    expect(await call(`${C}/recount`, { id: d.id, lineIds: [r01.id] }, counter.token)).toMatchObject({ code: 403 });
    expect(await ok(`${C}/recount`, { id: d.id, lineIds: [r01.id] }, reviewer.token)).toMatchObject({ status: CountStatus.COUNTING, recountRound: 1 });
    const blind = (await ok(`${C}/lines`, { id: d.id, onlyOpen: true }, counter.token)).records as Rec[];
    expect(blind.map((l) => [l.locationCode, l.countedQty, l.recounting])).toEqual([['R-01', null, true]]);
    expect(blind[0]).not.toHaveProperty('previousCountedQty');
    expect(((await ok(`${C}/lines`, { id: d.id }, reviewer.token)).records as Rec[]).find((l) => l.id === r01.id)).toMatchObject({ previousCountedQty: 3, recounts: 1, countedQty: null });
    // only the line open for recount takes a count now
    expect(await call(`${C}/enter`, { id: d.id, lines: [{ locationId: s7, skuId: skus.CEDAR, countedQty: 9 }] }, counter.token))
      .toMatchObject({ code: 409, msg: 'Line 1: SKU: the line of SKU CEDAR on location R-02 is not open for recount' });
    await ok(`${C}/scan`, { id: d.id, location: 'R-01', code: 'CEDAR', qty: 8 }, counter.token);
    await ok(`${C}/finish`, { id: d.id }, counter.token);
    // nothing differs now: approval posts nothing
    expect(await call(`${C}/recount`, { id: d.id }, reviewer.token)).toMatchObject({ code: 409, msg: 'No line to recount: every counted line matches the book' });
    await ok(`${C}/approve`, { id: d.id }, reviewer.token);
    expect((await rowsOf(`select count(*)::int as n from wms_inventory_log where biz_no = '${d.countNo}'`))[0].n).toBe(0);
    await ok(`${OUT}/ship`, { id: o.id });
    expect(await at(skus.CEDAR, 'C1', s6)).toEqual([3, 0]);
    await closure();
  });

  it('stock picked for an order and not shipped yet blocks the start; a scope that matches nothing is refused', async () => {
    const s8 = await location('P-01');
    await putOn(skus.CEDAR, 'P1', s8, 4);
    const o = await order(skus.CEDAR, 2, 'P1');
    await ok(`${OUT}/allocate`, { id: o.id });
    await ok(`${OUT}/pick`, { id: o.id });
    const d = await newCount({ locationIds: [s8] });
    expect(await call(`${C}/start`, { id: d.id })).toMatchObject({ code: 409, msg: `Location P-01 holds stock picked for outbound order ${o.orderNo}, not shipped yet: ship or cancel it before counting the location` });
    await ok(`${OUT}/ship`, { id: o.id });
    await ok(`${C}/start`, { id: d.id });
    await ok(`${C}/reject`, { id: d.id, rejectReason: 'test over' });
    // a goods owner's count covers the locations holding its stock; an owner without stock there has nothing to count
    const none = await ok(`${C}/add`, { warehouseId: w1, ownerId: ownerB });
    expect(await call(`${C}/start`, { id: none.id })).toMatchObject({ code: 409, msg: expect.stringContaining('Nothing to count') });
  });

  it('a user of one warehouse and one goods owner counts only within that scope', async () => {
    const s9 = await location('U-01');
    await putOn(skus.ROSE, 'U', s9, 3);
    await putOn(skus.CABLE, 'U', s9, 4, ownerB);
    const clerk = await userWith(f.t, f.admin, { codes: ['count', 'count:list', 'count:add', 'count:edit', 'count:count', 'count:approve'], warehouseIds: [w1], ownerIds: [ownerA] });
    expect((await call(`${C}/add`, { warehouseId: w1, locationIds: [s9] }, clerk.token))).toMatchObject({ code: 403, msg: 'Goods owner: outside your data scope' });
    expect((await call(`${C}/add`, { warehouseId: w1, ownerId: ownerB }, clerk.token)).code).toBe(403);
    expect((await call(`${C}/add`, { warehouseId: w2, ownerId: ownerA }, clerk.token)).code).toBe(403);
    expect(await call(`${C}/add`, { warehouseId: w1, ownerId: ownerA, skuIds: [skus.CABLE] }, clerk.token)).toMatchObject({ code: 400, msg: `SKUs: SKU #${skus.CABLE} does not exist or is outside your data scope` });
    // the admin's count of every owner on U-01 is not the clerk's to see
    const all = await ok(`${C}/add`, { warehouseId: w1, locationIds: [s9] });
    expect((await call(`${C}/detail`, { id: all.id }, clerk.token)).code).toBe(404);
    expect((await call(`${C}/lines`, { id: all.id }, clerk.token)).code).toBe(404);
    const mine = await ok(`${C}/add`, { warehouseId: w1, ownerId: ownerA, locationIds: [s9] }, clerk.token);
    const listed = (await ok(`${C}/page`, { size: 100 }, clerk.token)).records as Rec[];
    expect(listed.map((r) => r.id)).toContain(mine.id);
    expect(listed.every((r) => r.ownerId === ownerA && r.warehouseId === w1)).toBe(true);
    // the clerk's count: only owner A's stock on the shared location is a line; owner B's SKU is outside it
    await ok(`${C}/start`, { id: mine.id }, clerk.token);
    expect(((await ok(`${C}/lines`, { id: mine.id }, clerk.token)).records as Rec[]).map((l) => [l.sku, l.expectedQty])).toEqual([['ROSE', 3]]);
    expect(await call(`${C}/scan`, { id: mine.id, location: 'U-01', code: 'CABLE' }, clerk.token)).toMatchObject({ code: 400, msg: 'SKU, supplier SKU, platform SKU or barcode: no SKU of this count has code "CABLE"' });
    expect(await call(`${C}/scan`, { id: mine.id, location: 'U-01', code: 'CABLE', skuId: skus.CABLE }, clerk.token))
      .toMatchObject({ code: 400, msg: 'SKU: the SKU is outside this count (its goods owner, its SKUs or your data scope)' });
    await ok(`${C}/enter`, { id: mine.id, lines: [{ locationId: s9, skuId: skus.ROSE, countedQty: 3 }] }, clerk.token);
    await ok(`${C}/finish`, { id: mine.id }, clerk.token);
    await ok(`${C}/approve`, { id: mine.id }, clerk.token);
    expect(await at(skus.CABLE, 'U', s9)).toEqual([4, 0]);
    await closure();
  });

  it('the count sheet PDF lists the lines to count, blind; the Excel import enters counted quantities, all or nothing', async () => {
    const s10 = await location('X-01');
    const s11 = await location('X-02');
    await putOn(skus.MUSK, 'X', s10, 7);
    const d = await newCount({ locationIds: [s10, s11] });
    await ok(`${C}/start`, { id: d.id });
    const minted = await ok('/sapi/sys/print/url', { document: 'countSheet', id: d.id }, counter.token);
    const res = await f.t.app.inject({ method: 'GET', url: minted.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pageTexts(res.rawPayload).join('\n');
    expect(text).toContain(d.countNo);
    expect(text).toContain('Count sheet');
    expect(text).toContain('X-01');
    expect(text).toContain('X-02'); // an empty location of the count
    expect(text).toContain('MUSK');
    expect(text).not.toMatch(/\b7\b/); // never the expected quantity
    const outsider = await userWith(f.t, f.admin, { codes: ['sku:list'] });
    expect((await call('/sapi/sys/print/url', { document: 'countSheet', id: d.id }, outsider.token)).code).toBe(403);

    const { default: ExcelJS } = await import('exceljs');
    const book = async (rows: Array<Array<string | number>>) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Counted quantities');
      ws.addRow(['Location code / 库位编码', 'SKU / SKU编码', 'Batch number / 批次号', 'Counted quantity / 盘点数量']);
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const importRows = async (rows: Array<Array<string | number>>) => {
      const file = await uploadXlsx(f.t, await book(rows), counter.token);
      const job = await ok(`${C}/excel/import`, { id: d.id, ...file }, counter.token);
      return waitImportJob(f.t, job.id, counter.token);
    };
    const failed = await importRows([['X-01', 'MUSK', 'X', 6], ['X-09', 'MUSK', '', 1], ['X-02', 'OUD', '', -1], ['X-01', 'MUSK', 'X', 5]]);
    expect(failed.status).toBe(ImportStatus.FAIL);
    expect(failed.errors).toEqual([
      { row: 3, column: 'Location code', message: 'Location "X-09" is not a location of this count' },
      { row: 4, column: 'Counted quantity', message: 'Counted quantity cannot be less than 0' },
      { row: 5, column: 'Location code', message: 'Location X-01, SKU MUSK, batch "X" is repeated: it is already on row 2' },
    ]);
    expect(((await ok(`${C}/lines`, { id: d.id }, counter.token)).records as Rec[]).every((l) => l.countedQty === null)).toBe(true);
    // a scanned code several SKUs share: the one with a line on the location, else the screen must choose
    for (const key of ['MUSK', 'OUD']) await ok('/sapi/wms/supplier-sku/add', { skuId: skus[key], supplierName: 'Oasis', supplierSku: 'SHARED-1' });
    expect(await call(`${C}/scan`, { id: d.id, location: 'X-02', code: 'shared-1' }, counter.token))
      .toMatchObject({ code: 409, msg: `SKU, supplier SKU, platform SKU or barcode: code "shared-1" names several SKUs (MUSK #${skus.MUSK}, OUD #${skus.OUD}): choose one` });
    expect(await ok(`${C}/scan`, { id: d.id, location: 'X-01', code: 'SHARED-1' }, counter.token)).toMatchObject({ sku: 'MUSK', batchNo: 'X', countedQty: 1 });
    const good = await importRows([['X-01', 'musk', '', 6], ['x-02', 'OUD', 'Z9', 1]]);
    expect(good).toMatchObject({ status: ImportStatus.SUCCESS, totalRows: 2, doneRows: 2 });
    expect(((await ok(`${C}/lines`, { id: d.id }, counter.token)).records as Rec[]).map((l) => [l.locationCode, l.sku, l.batchNo, l.countedQty])).toEqual([['X-01', 'MUSK', 'X', 6], ['X-02', 'OUD', 'Z9', 1]]);
    expect(((await ok(`${C}/locations`, { id: d.id }, counter.token)) as Rec[]).map((l) => [l.code, l.lines, l.countedLines])).toEqual([['X-01', 1, 1], ['X-02', 1, 1]]);
    const tpl = await f.t.app.inject({ method: 'GET', url: '/static/templates/count-import.xlsx' });
    expect(tpl.statusCode).toBe(200);
    await ok(`${C}/finish`, { id: d.id }, counter.token);
    expect(await call(`${C}/excel/import`, { id: d.id, ...(await uploadXlsx(f.t, await book([['X-01', 'MUSK', 'X', 1]]), counter.token)) }, counter.token))
      .toMatchObject({ code: 409, msg: `${d.countNo} is not being counted: it is to review` });
    await ok(`${C}/approve`, { id: d.id }, reviewer.token);
    expect(await at(skus.MUSK, 'X', s10)).toEqual([6, 0]);
    expect(await at(skus.OUD, 'Z9', s11)).toEqual([1, 0]);
    await closure();
  });

  it.runIf(kind === 'postgres')('16 parallel scans of one line add up; two counts started at once over one location: one freezes it', async () => {
    const s12 = await location('Z-01');
    const s13 = await location('Z-02');
    await putOn(skus.OUD, 'Z', s12, 20);
    const d = await newCount({ locationIds: [s12] });
    await ok(`${C}/start`, { id: d.id });
    const scans = await Promise.all(Array.from({ length: 16 }, () => call(`${C}/scan`, { id: d.id, location: 'Z-01', code: 'OUD' }, counter.token)));
    expect(scans.every((r) => r.code === 200)).toBe(true);
    expect(((await ok(`${C}/lines`, { id: d.id }, counter.token)).records as Rec[]).map((l) => l.countedQty)).toEqual([16]);
    // scans racing the end of counting: each lands before it or is refused after it, none is lost
    const racing = await Promise.all([...Array.from({ length: 8 }, () => call(`${C}/scan`, { id: d.id, location: 'Z-01', code: 'OUD' }, counter.token)), call(`${C}/finish`, { id: d.id }, counter.token)]);
    const landed = racing.slice(0, 8).filter((r) => r.code === 200).length;
    expect(racing[8].code).toBe(200);
    expect(((await ok(`${C}/lines`, { id: d.id }, reviewer.token)).records as Rec[])[0].countedQty).toBe(16 + landed);
    await ok(`${C}/reject`, { id: d.id, rejectReason: 'race test' });
    const a = await newCount({ locationIds: [s12, s13] });
    const b = await newCount({ locationIds: [s13] });
    const started = await Promise.all([call(`${C}/start`, { id: a.id }), call(`${C}/start`, { id: b.id })]);
    expect(started.map((r) => r.code).sort()).toEqual([200, 409]);
    const holders = await rowsOf(`select distinct count_id from wms_count_freeze where location_id in (${s12}, ${s13})`);
    expect(holders).toHaveLength(1);
    // allocations racing a start: each either locks before the snapshot (the line shows it) or is refused
    await ok(`${C}/reject`, { id: Number(holders[0].count_id), rejectReason: 'race test' });
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await order(skus.OUD, 1, 'Z'));
    const c = await newCount({ locationIds: [s12] });
    const race = await Promise.all([call(`${C}/start`, { id: c.id }), ...orders.map((o) => call(`${OUT}/allocate`, { id: o.id }))]);
    expect(race[0].code).toBe(200);
    const allocated = race.slice(1).filter((r) => r.code === 200).length;
    const [line] = (await ok(`${C}/lines`, { id: c.id }, reviewer.token)).records as Rec[];
    expect(line.lockedQty).toBe(allocated);
    expect(await at(skus.OUD, 'Z', s12)).toEqual([20, allocated]);
    await ok(`${C}/reject`, { id: c.id, rejectReason: 'race test' });
    await closure();
  });
});
