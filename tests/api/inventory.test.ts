/**
 * Inventory, its ledger and inventory adjustments through the API (spec 2.6, 2.7, 2.9, 3, 4, 5, 7.2, 8;
 * DESIGN "Inventory is a ledger"; issue 4): adjustments move stock only on approval, through the ledger,
 * one log line per change; closure (sum of log changes = qty and lockQty) holds after every step; a failed
 * approval leaves nothing behind; direct writes are refused; the inventory list query and the log query
 * filter as the spec says; owner and warehouse scope cut every call.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizType, EcPlatform, JudgementStatus, JudgementType } from '../../generated/shared/enums';
import { ledgerDiscrepancies } from '../../src/server/domain/inventory/ledger';
import { locationDiscrepancies } from '../../src/server/domain/inventory/locations';
import { startTestApp, testDatabases, userWith, type TestApp } from './harness';

type Rec = Record<string, any>;
const { GAIN, LOSS } = JudgementType;

describe.each(testDatabases())('inventory ledger on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const call = (path: string, body: unknown = {}, token = admin, headers?: Record<string, string>) => t.call(path, body, token, headers);
  let ownerA: number, ownerB: number, w1: number, w2: number, catPerfume: number, catCable: number;
  const skus: Record<string, number> = {};

  const ok = async (path: string, body: unknown, token = admin) => {
    const r = await call(path, body, token);
    expect(r.code, `${path}: ${r.msg}`).toBe(200);
    return r.data;
  };
  /** Adds and approves an adjustment; returns the approved document. */
  const adjust = async (warehouseId: number, ownerId: number, lines: Rec[], token = admin) => {
    const doc = await ok('/sapi/wms/inventory-judgement/add', { warehouseId, ownerId, remark: 'count', lines }, token);
    return ok('/sapi/wms/inventory-judgement/approve', { id: doc.id }, token);
  };
  const inventoryOf = async (body: Rec, token = admin) => (await ok('/sapi/wms/sku-inventory/page', { size: 500, ...body }, token)).records as Rec[];
  const closure = async () => {
    expect(await ledgerDiscrepancies(t.database.db)).toEqual([]);
    expect(await locationDiscrepancies(t.database.db)).toEqual([]);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    const owners = (await call('/sapi/wms/owner/list')).data as Rec[];
    ownerA = owners.find((o) => o.code === 'OWN-A')!.id;
    ownerB = owners.find((o) => o.code === 'OWN-B')!.id;
    const whs = (await call('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' })).data as Rec[];
    [w1, w2] = whs.map((w) => w.id);
    catPerfume = (await ok('/sapi/wms/sku-category/add', { name: 'Perfume' })).id;
    catCable = (await ok('/sapi/wms/sku-category/add', { name: 'Cables' })).id;
    for (const [owner, code, name, cat] of [[ownerA, 'ROSE-30', 'Rose Oil 30ml', catPerfume], [ownerA, 'MUSK-10', 'White Musk', catPerfume], [ownerB, 'CABLE-1', 'USB Cable', catCable]] as const) {
      skus[code] = (await ok('/sapi/wms/sku/add', { ownerId: owner, sku: code, name, enable: true, categoryId: cat, weight: 0.2, goodsNo: `G-${code}`, color: 'Red' })).id;
    }
    await ok('/sapi/wms/ec-platform-sku/add', { skuId: skus['ROSE-30'], ecPlatform: EcPlatform.NOON, ecPlatformSku: 'N-ROSE' });
    await ok('/sapi/wms/supplier-sku/add', { skuId: skus['ROSE-30'], supplierName: 'Taif Farms', supplierSku: 'TF-1' });
  });
  afterAll(async () => { await t?.close(); });

  it('an adjustment changes nothing until approved; approval writes the stock and one log line per line', async () => {
    const doc = await ok('/sapi/wms/inventory-judgement/add', {
      warehouseId: w1, ownerId: ownerA, remark: 'opening count',
      lines: [{ skuId: skus['ROSE-30'], batchNo: 'B1', type: GAIN, qty: 10, reason: 'found' }, { skuId: skus['MUSK-10'], type: GAIN, qty: 4 }],
    });
    expect(doc.status).toBe(JudgementStatus.PENDING);
    expect(doc.judgementNo).toMatch(/^IJ\d{8}\d{6}$/);
    expect(doc.lines.map((l: Rec) => [l.sku, l.batchNo, l.type, l.qty])).toEqual([['ROSE-30', 'B1', GAIN, 10], ['MUSK-10', '', GAIN, 4]]);
    expect(await inventoryOf({ ownerId: ownerA })).toEqual([]);

    const approved = await ok('/sapi/wms/inventory-judgement/approve', { id: doc.id });
    expect(approved.status).toBe(JudgementStatus.APPROVED);
    expect(approved.auditUserName).toBe('admin');
    const rows = await inventoryOf({ ownerId: ownerA, sortProp: 'qty', sortOrder: 'desc' });
    expect(rows.map((r) => [r.sku, r.batchNo, r.qty, r.lockQty, r.warehouseId])).toEqual([['ROSE-30', 'B1', 10, 0, w1], ['MUSK-10', '', 4, 0, w1]]);
    const logs = (await ok('/sapi/wms/sku-inventory-log/page', { inventoryId: rows[0].id })).records as Rec[];
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ originQty: 0, newQty: 10, changeQty: 10, originLockQty: 0, newLockQty: 0, lockChangeQty: 0, bizType: BizType.INVENTORY_JUDGEMENT, bizNo: doc.judgementNo, remark: 'found' });
    await closure();
  });

  it('inventory records carry the SKU entity, suppliers and platforms; the SKU list shows inventoryQty', async () => {
    const [rose] = await inventoryOf({ skuId: skus['ROSE-30'] });
    expect(rose).toMatchObject({ companyName: 'Demo Trading Co.', ownerName: expect.any(String), warehouseName: expect.any(String), supplierNames: ['Taif Farms'], ecPlatforms: [EcPlatform.NOON] });
    expect(rose.skuEntity).toMatchObject({ sku: 'ROSE-30', name: 'Rose Oil 30ml', goodsNo: 'G-ROSE-30', category: 'Perfume', color: 'Red', weight: 0.2 });
    await adjust(w2, ownerA, [{ skuId: skus['ROSE-30'], batchNo: 'B2', type: GAIN, qty: 5 }]);
    const sku = await ok('/sapi/wms/sku/detail', { id: skus['ROSE-30'] });
    expect(sku.inventoryQty).toBe(15);
    const page = await ok('/sapi/wms/sku/page', { ownerId: ownerA, sortProp: 'sku', sortOrder: 'asc' });
    expect(page.records.map((r: Rec) => [r.sku, r.inventoryQty])).toEqual([['MUSK-10', 4], ['ROSE-30', 15]]);
    // queryOne: the first record of the query, or null
    expect((await ok('/sapi/wms/sku-inventory/queryOne', { skuId: skus['ROSE-30'], warehouseId: w2 })).batchNo).toBe('B2');
    expect(await ok('/sapi/wms/sku-inventory/queryOne', { skuId: skus['CABLE-1'] })).toBeNull();
  });

  it('the inventory list query filters and sorts as spec 2.6 / 3 say', async () => {
    await adjust(w1, ownerB, [{ skuId: skus['CABLE-1'], batchNo: 'C-9', type: GAIN, qty: 3 }]);
    const codes = (rs: Rec[]) => rs.map((r) => `${r.sku}/${r.batchNo}`).sort();
    expect(codes(await inventoryOf({ sku: '  rose ' }))).toEqual(['ROSE-30/B1', 'ROSE-30/B2']);
    expect(codes(await inventoryOf({ sku: 'white musk' }))).toEqual(['MUSK-10/']);
    expect(codes(await inventoryOf({ warehouseId: w2 }))).toEqual(['ROSE-30/B2']);
    expect(codes(await inventoryOf({ batchNo: 'c-' }))).toEqual(['CABLE-1/C-9']);
    expect(codes(await inventoryOf({ categoryIds: [catCable] }))).toEqual(['CABLE-1/C-9']);
    expect(codes(await inventoryOf({ ecPlatform: EcPlatform.NOON }))).toEqual(['ROSE-30/B1', 'ROSE-30/B2']);
    expect(codes(await inventoryOf({ companyId: (await inventoryOf({}))[0].companyId, ownerId: ownerB }))).toEqual(['CABLE-1/C-9']);
    // empty a row: out of stock (qty 0) versus in stock
    await adjust(w1, ownerA, [{ skuId: skus['MUSK-10'], type: LOSS, qty: 4, reason: 'broken' }]);
    expect(codes(await inventoryOf({ containInventory: false }))).toEqual(['MUSK-10/']);
    expect(codes(await inventoryOf({ containInventory: true }))).toEqual(['CABLE-1/C-9', 'ROSE-30/B1', 'ROSE-30/B2']);
    const asc = await inventoryOf({ sortProp: 'qty', sortOrder: 'asc' });
    expect(asc.map((r) => r.qty)).toEqual([0, 3, 5, 10]);
    const page = await ok('/sapi/wms/sku-inventory/page', { current: 2, size: 3, sortProp: 'qty', sortOrder: 'desc' });
    expect([page.total, page.current, page.records.map((r: Rec) => r.qty)]).toEqual([4, 2, [0]]);
    expect((await call('/sapi/wms/sku-inventory/page', { sortProp: 'batchNo' })).msg).toMatch(/^Sort field must be one of: /);
    await closure();
  });

  it('the log query filters by inventory, document type, number and creation date in the caller\'s time zone', async () => {
    const [rose] = await inventoryOf({ skuId: skus['ROSE-30'], warehouseId: w1 });
    const all = (await ok('/sapi/wms/sku-inventory-log/page', { size: 100 })).records as Rec[];
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all.every((l) => l.bizType === BizType.INVENTORY_JUDGEMENT)).toBe(true);
    expect(all.map((l) => l.id)).toEqual([...all.map((l) => l.id)].sort((a, b) => b - a)); // newest first
    expect((await ok('/sapi/wms/sku-inventory-log/page', { bizType: BizType.OUTBOUND_ORDER })).total).toBe(0);
    const one = await ok('/sapi/wms/sku-inventory-log/page', { inventoryId: rose.id, bizNo: all.find((l) => l.inventoryId === rose.id)!.bizNo });
    expect(one.total).toBe(1);
    // a log written now falls on "today" in UTC+14 and UTC-12 alike only by the caller's date: check both sides
    const now = new Date();
    const day = (offsetHours: number) => new Date(now.getTime() + offsetHours * 3600_000).toISOString().slice(0, 10);
    for (const tz of [14, -12, 0]) {
      const h = { 'x-time-zone': tz === 0 ? '' : (tz > 0 ? `+${tz}` : String(tz)) };
      const today = await t.call('/sapi/wms/sku-inventory-log/page', { addDateStart: day(tz), addDateEnd: day(tz) }, admin, h);
      expect(today.data.total, `tz ${tz}`).toBe(all.length);
      const yesterday = await t.call('/sapi/wms/sku-inventory-log/page', { addDateStart: day(tz - 24), addDateEnd: day(tz - 24) }, admin, h);
      expect(yesterday.data.total, `tz ${tz}`).toBe(0);
    }
  });

  it('refuses direct writes to inventory and its log with a clear message', async () => {
    const [row] = await inventoryOf({ skuId: skus['ROSE-30'] });
    for (const [path, body] of [
      ['/sapi/wms/sku-inventory/add', { warehouseId: w1, ownerId: ownerA, skuId: skus['ROSE-30'], qty: 99 }],
      ['/sapi/wms/sku-inventory/edit', { id: row.id, qty: 99 }],
      ['/sapi/wms/sku-inventory/remove', { id: row.id }],
    ] as const) {
      const r = await call(path, body);
      expect([r.code, r.msg]).toEqual([400, 'Inventory changes only through inbound orders, outbound orders and inventory adjustments']);
    }
    const zh = await call('/sapi/wms/sku-inventory-log/remove', { id: 1 }, admin, { 'x-lang': 'zh' });
    expect((await call('/sapi/wms/inventory-judgement/approve', { id: 999999 })).code).toBe(404);
    expect([zh.code, zh.msg]).toEqual([400, '库存流水只能由库存账本写入']);
    expect((await call('/sapi/wms/inventory-judgement-line/add', {})).code).toBe(400);
    expect((await inventoryOf({ skuId: skus['ROSE-30'] })).find((r) => r.id === row.id)!.qty).toBe(row.qty);
  });

  it('a loss larger than the available quantity fails the whole approval and leaves nothing behind', async () => {
    const before = await inventoryOf({ ownerId: ownerA });
    const logsBefore = (await ok('/sapi/wms/sku-inventory-log/page', {})).total;
    const rose = before.find((r) => r.batchNo === 'B1')!;
    const doc = await ok('/sapi/wms/inventory-judgement/add', {
      warehouseId: w1, ownerId: ownerA,
      lines: [{ skuId: skus['MUSK-10'], batchNo: 'NEW', type: GAIN, qty: 2 }, { inventoryId: rose.id, type: LOSS, qty: 11 }],
    });
    const r = await call('/sapi/wms/inventory-judgement/approve', { id: doc.id });
    expect(r.code).toBe(409);
    expect(r.msg).toBe('Insufficient inventory for selected product: SKU ROSE-30 (batch B1): available 10 (locked 0), requested 11');
    expect((await ok('/sapi/wms/inventory-judgement/detail', { id: doc.id })).status).toBe(JudgementStatus.PENDING);
    expect(await inventoryOf({ ownerId: ownerA })).toEqual(before); // the gain's new record was rolled back too
    expect((await ok('/sapi/wms/sku-inventory-log/page', {})).total).toBe(logsBefore);
    // a loss on a batch never stocked is refused the same way
    const none = await ok('/sapi/wms/inventory-judgement/add', { warehouseId: w1, ownerId: ownerA, lines: [{ skuId: skus['ROSE-30'], batchNo: 'NONE', type: LOSS, qty: 1 }] });
    expect((await call('/sapi/wms/inventory-judgement/approve', { id: none.id })).code).toBe(409);
    expect((await inventoryOf({ batchNo: 'NONE' }))).toEqual([]);
    // fix the document: edit while pending, then approve
    await ok('/sapi/wms/inventory-judgement/edit', { id: doc.id, remark: 'recount', lines: [{ inventoryId: rose.id, type: LOSS, qty: 10, reason: 'damaged' }] });
    expect((await ok('/sapi/wms/inventory-judgement/approve', { id: doc.id })).lines.map((l: Rec) => l.inventoryQty)).toEqual([0]);
    await closure();
  });

  it('states: edit, remove, approve and reject only while pending; rejection needs a reason', async () => {
    const doc = await ok('/sapi/wms/inventory-judgement/add', { warehouseId: w1, ownerId: ownerA, lines: [{ skuId: skus['ROSE-30'], batchNo: 'B1', type: GAIN, qty: 1 }] });
    expect((await call('/sapi/wms/inventory-judgement/reject', { id: doc.id })).msg).toBe('Rejection reason cannot be empty');
    expect((await call('/sapi/wms/inventory-judgement/reject', { id: doc.id, rejectReason: '   ' })).msg).toBe('Rejection reason cannot be empty');
    expect((await call('/sapi/wms/inventory-judgement/reject', { id: doc.id, rejectReason: 'x' }, admin)).code).toBe(200);
    const rejected = await ok('/sapi/wms/inventory-judgement/detail', { id: doc.id });
    expect([rejected.status, rejected.rejectReason]).toEqual([JudgementStatus.REJECTED, 'x']);
    for (const [path, body] of [['approve', {}], ['reject', { rejectReason: 'again' }], ['edit', { lines: [{ skuId: skus['ROSE-30'], type: GAIN, qty: 1 }] }], ['remove', {}]] as const) {
      const r = await call(`/sapi/wms/inventory-judgement/${path}`, { id: doc.id, ...body });
      const msg = ['approve', 'reject'].includes(path) ? new RegExp(`^Cannot ${path} ${doc.judgementNo}: it is rejected; allowed when pending$`) : new RegExp(`^${doc.judgementNo} can be (changed|deleted) only when pending; it is rejected$`);
      expect([path, r.code, r.msg]).toEqual([path, 409, expect.stringMatching(msg)]);
    }
    expect((await call('/sapi/wms/inventory-judgement/approve', { id: doc.id }, admin, { 'x-lang': 'zh' })).msg).toBe(`不能审核${doc.judgementNo}：当前状态为已驳回，仅在待审核时可以审核`);
    // removing a pending document removes its lines
    const draft = await ok('/sapi/wms/inventory-judgement/add', { warehouseId: w1, ownerId: ownerA, lines: [{ skuId: skus['ROSE-30'], type: GAIN, qty: 1 }] });
    await ok('/sapi/wms/inventory-judgement/remove', { id: draft.id });
    expect((await ok('/sapi/wms/inventory-judgement-line/page', { judgementId: draft.id })).total).toBe(0);
  });

  it('checks the document and its lines before writing', async () => {
    const bad = async (body: Rec) => (await call('/sapi/wms/inventory-judgement/add', { warehouseId: w1, ownerId: ownerA, ...body })).msg;
    expect(await bad({ lines: [] })).toBe('Lines cannot be empty');
    expect(await bad({})).toBe('Lines cannot be empty');
    expect(await bad({ lines: [{ skuId: skus['ROSE-30'], type: GAIN, qty: 0 }] })).toBe('Line 1: Quantity cannot be less than 1');
    expect(await bad({ lines: [{ skuId: skus['ROSE-30'], type: GAIN, qty: 1.5 }] })).toBe('Line 1: Quantity must be an integer');
    expect(await bad({ lines: [{ skuId: skus['ROSE-30'], type: 7, qty: 1 }] })).toMatch(/^Line 1: Gain or loss must be one of/);
    expect(await bad({ lines: [{ type: GAIN, qty: 1 }] })).toBe('Line 1: Inventory record or SKU cannot be empty');
    expect(await bad({ lines: [{ skuId: skus['CABLE-1'], type: GAIN, qty: 1 }] })).toBe('Line 1: the SKU does not belong to this adjustment\'s goods owner');
    const [cable] = await inventoryOf({ skuId: skus['CABLE-1'] });
    expect(await bad({ lines: [{ inventoryId: cable.id, type: LOSS, qty: 1 }] })).toBe('Line 1: the inventory record is not in this adjustment\'s warehouse and goods owner');
    expect(await bad({ lines: [{ skuId: skus['ROSE-30'], batchNo: 'B1', type: GAIN, qty: 1 }, { skuId: skus['ROSE-30'], batchNo: 'B1', type: LOSS, qty: 1 }] })).toBe('Line 2: the same SKU and batch are listed twice');
    expect(await bad({ warehouseId: undefined, lines: [{ skuId: skus['ROSE-30'], type: GAIN, qty: 1 }] })).toBe('Warehouse cannot be empty');
  });

  it('owner and warehouse scope cut inventory, logs and adjustments', async () => {
    const b = await userWith(t, admin, { codes: ['inventory_judgement:list', 'inventory_judgement:add', 'inventory_judgement:approve'], ownerIds: [ownerB], warehouseIds: [-1] });
    const rows = await inventoryOf({}, b.token);
    expect(rows.map((r) => r.sku)).toEqual(['CABLE-1']);
    const logs = (await ok('/sapi/wms/sku-inventory-log/page', { size: 100 }, b.token)).records as Rec[];
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.every((l) => l.ownerId === ownerB)).toBe(true);
    const [roseRow] = await inventoryOf({ skuId: skus['ROSE-30'], warehouseId: w1 });
    expect((await call('/sapi/wms/sku-inventory/detail', { id: roseRow.id }, b.token)).code).toBe(404);
    expect((await call('/sapi/wms/sku-inventory-log/page', { inventoryId: roseRow.id }, b.token)).data.total).toBe(0);
    // a document for another owner is refused; one for B's own stock works; A's documents are invisible
    expect((await call('/sapi/wms/inventory-judgement/add', { warehouseId: w1, ownerId: ownerA, lines: [{ inventoryId: roseRow.id, type: LOSS, qty: 1 }] }, b.token)).code).toBe(403);
    const aDoc = await ok('/sapi/wms/inventory-judgement/add', { warehouseId: w1, ownerId: ownerA, lines: [{ inventoryId: roseRow.id, type: GAIN, qty: 1 }] });
    expect((await call('/sapi/wms/inventory-judgement/approve', { id: aDoc.id }, b.token)).code).toBe(404);
    expect((await ok('/sapi/wms/inventory-judgement/page', {}, b.token)).records.every((d: Rec) => d.ownerId === ownerB)).toBe(true);
    await adjust(w1, ownerB, [{ inventoryId: rows[0].id, type: GAIN, qty: 2 }], b.token);
    // B's SKU list shows only stock B may see; a warehouse-limited user sees only that warehouse's stock
    const w2only = await userWith(t, admin, { codes: ['sku:list'], ownerIds: [ownerA], warehouseIds: [w2] });
    expect((await inventoryOf({}, w2only.token)).map((r) => `${r.sku}/${r.batchNo}`)).toEqual(['ROSE-30/B2']);
    expect((await ok('/sapi/wms/sku/detail', { id: skus['ROSE-30'] }, w2only.token)).inventoryQty).toBe(5);
    // approving needs its own code
    const clerk = await userWith(t, admin, { codes: ['inventory_judgement:list', 'inventory_judgement:add'] });
    expect((await call('/sapi/wms/inventory-judgement/approve', { id: aDoc.id }, clerk.token)).code).toBe(403);
    await closure();
  });

  it('a SKU with inventory records cannot be deleted; nothing of it is removed', async () => {
    const r = await call('/sapi/wms/sku/remove', { id: skus['ROSE-30'] });
    expect(r.code).toBe(409);
    expect(r.msg).toMatch(/Inventory/);
    expect((await ok('/sapi/wms/supplier-sku/list', { skuId: skus['ROSE-30'] })).length).toBe(1);
  });

  it('the database itself refuses negative or over-locked stock, and the closure check sees a row changed behind the ledger', async () => {
    const [row] = await inventoryOf({ skuId: skus['ROSE-30'], warehouseId: w2 });
    const db = t.database.db;
    await expect(db.execute(sql`update wms_inventory set qty = -1 where id = ${row.id}`)).rejects.toThrow();
    await expect(db.execute(sql`update wms_inventory set lock_qty = qty + 1 where id = ${row.id}`)).rejects.toThrow();
    await db.execute(sql`update wms_inventory set qty = qty + 1 where id = ${row.id}`);
    expect(await ledgerDiscrepancies(db)).toEqual([{ id: row.id, qty: row.qty + 1, lockQty: 0, loggedQty: row.qty, loggedLockQty: 0 }]);
    await db.execute(sql`update wms_inventory set qty = qty - 1 where id = ${row.id}`);
    await closure();
  });

  it.runIf(kind === 'postgres')('64 concurrent approvals on the same rows: no lost update, nothing negative, closure holds', async () => {
    // stock: 40 of X, 0 of Y; 64 documents each take 1 of X and add 1 to Y, in opposite line orders
    const [rose] = await inventoryOf({ skuId: skus['ROSE-30'], warehouseId: w2 });
    await adjust(w2, ownerA, [{ inventoryId: rose.id, type: GAIN, qty: 40 - rose.qty }]);
    const docs: number[] = [];
    for (let i = 0; i < 64; i++) {
      const lines = [{ inventoryId: rose.id, type: LOSS, qty: 1, reason: `c${i}` }, { skuId: skus['MUSK-10'], batchNo: 'CONC', type: GAIN, qty: 1 }];
      docs.push((await ok('/sapi/wms/inventory-judgement/add', { warehouseId: w2, ownerId: ownerA, lines: i % 2 ? lines.reverse() : lines })).id);
    }
    // every document approved twice at once: the second approval of each must be refused
    const results = await Promise.all([...docs, ...docs].map((id) => call('/sapi/wms/inventory-judgement/approve', { id })));
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(40);
    expect(codes.filter((c) => c === 409)).toHaveLength(88);
    const [x] = await inventoryOf({ skuId: skus['ROSE-30'], warehouseId: w2 });
    const [y] = await inventoryOf({ batchNo: 'CONC' });
    expect([x.qty, y.qty]).toEqual([0, 40]);
    const approved = (await ok('/sapi/wms/inventory-judgement/page', { status: JudgementStatus.APPROVED, size: 500 })).records.filter((d: Rec) => docs.includes(d.id));
    expect(approved).toHaveLength(40);
    expect((await ok('/sapi/wms/sku-inventory-log/page', { inventoryId: x.id, size: 500 })).records.filter((l: Rec) => l.changeQty === -1)).toHaveLength(40);
    await closure();
  });
});
