/**
 * Inbound orders through the API (spec 1, 2.3, 3, 4, 8; issue 5): the document with its lines, every
 * workflow action allowed and refused, receiving in parts, over-receipt, stock and log through the ledger
 * (bizType 1), problem orders, recreate, and owner scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizType, InboundOrderStatus as S, InboundOrderType } from '../../generated/shared/enums';
import { ledgerDiscrepancies } from '../../src/server/domain/inventory/ledger';
import { locationDiscrepancies } from '../../src/server/domain/inventory/locations';
import { documentFixture, testDatabases, userWith, type TestApp } from './harness';

type Rec = Record<string, any>;

describe.each(testDatabases())('inbound orders on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let t: TestApp, admin: string, ownerA: number, ownerB: number, w1: number;
  const P = '/sapi/wms/inbound-order';
  const newOrder = (extra: Rec = {}) => ok(`${P}/add`, {
    warehouseId: w1, ownerId: ownerA, storeOrderNo: 'SHOP-1', waybillNo: 'WB-1',
    lines: [{ skuId: skus.ROSE, batchNo: 'B1', plannedQty: 10 }, { skuId: skus.MUSK, plannedQty: 5 }], ...extra,
  });
  const stock = async (skuId: number, batchNo: string) => (await ok('/sapi/wms/sku-inventory/page', { skuId, batchNo, warehouseId: w1 })).records.find((r: Rec) => r.batchNo === batchNo)?.qty ?? 0;

  beforeAll(async () => {
    ({ t, admin, ownerA, ownerB, w1 } = await f.setUp(kind, { ROSE: 'A', MUSK: 'A', CABLE: 'B' }));
  });
  afterAll(() => f.close());

  it('creates an order with its lines and a generated number', async () => {
    const o = await newOrder();
    expect(o).toMatchObject({ status: S.CREATED, type: InboundOrderType.NORMAL, storeOrderNo: 'SHOP-1', plannedQty: 15, receivedQty: 0, companyName: 'Demo Trading Co.' });
    expect(o.orderNo).toMatch(/^IN\d{8}\d{6}$/);
    expect(o.lines.map((l: Rec) => [l.sku, l.batchNo, l.plannedQty, l.receivedQty])).toEqual([['ROSE', 'B1', 10, 0], ['MUSK', '', 5, 0]]);
    expect((await ok(`${P}/page`, { orderNo: o.orderNo })).total).toBe(1);
    // edit replaces the lines while created
    const e = await ok(`${P}/edit`, { id: o.id, remark: 'two pallets', lines: [{ skuId: skus.ROSE, batchNo: 'B1', plannedQty: 12 }] });
    expect([e.remark, e.plannedQty, e.lines.length]).toEqual(['two pallets', 12, 1]);
    // edit without lines keeps them
    expect((await ok(`${P}/edit`, { id: o.id, remark: 'r2' })).lines.length).toBe(1);
  });

  it('checks the order before writing', async () => {
    const bad = async (body: Rec) => (await call(`${P}/add`, { warehouseId: w1, ownerId: ownerA, lines: [{ skuId: skus.ROSE, plannedQty: 1 }], ...body })).msg;
    expect(await bad({ lines: [] })).toBe('Lines cannot be empty');
    expect(await bad({ lines: [{ skuId: skus.ROSE, plannedQty: 0 }] })).toBe('Line 1: Planned quantity cannot be less than 1');
    expect(await bad({ lines: [{ skuId: skus.CABLE, plannedQty: 1 }] })).toBe('Line 1: the SKU does not belong to this order\'s goods owner');
    expect(await bad({ lines: [{ skuId: skus.ROSE, plannedQty: 1 }, { skuId: skus.ROSE, plannedQty: 2 }] })).toBe('Line 2: the same SKU and batch are listed twice');
    expect(await bad({ type: InboundOrderType.RETURN })).toBe('Source outbound number cannot be empty for a customer return');
    expect(await bad({ ownerId: undefined })).toBe('Goods owner cannot be empty');
    const ret = await newOrder({ type: InboundOrderType.RETURN, sourceOutboundNo: 'OUT-9', returnWaybillNo: 'RWB-1' });
    expect([ret.type, ret.sourceOutboundNo, ret.returnWaybillNo]).toEqual([InboundOrderType.RETURN, 'OUT-9', 'RWB-1']);
  });

  it('receives in parts through the ledger, refuses over-receipt unless confirmed, and completes', async () => {
    const o = await newOrder();
    const [rose, musk] = o.lines;
    const before = await stock(skus.ROSE, 'B1');
    const r1 = await ok(`${P}/receive`, { id: o.id, lines: [{ lineId: rose.id, qty: 4 }] });
    expect([r1.status, r1.receivedQty]).toEqual([S.RECEIVING, 4]);
    expect(await stock(skus.ROSE, 'B1')).toBe(before + 4);
    const log = (await ok('/sapi/wms/sku-inventory-log/page', { bizNo: o.orderNo })).records;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ bizType: BizType.INBOUND_ORDER, changeQty: 4, newQty: before + 4, bizNoExtra: 'SHOP-1' });
    // over-receipt: refused, nothing changes; confirmed: accepted and visible
    const over = await call(`${P}/receive`, { id: o.id, lines: [{ lineId: musk.id, qty: 2 }, { lineId: rose.id, qty: 7 }] });
    expect(over.code).toBe(409);
    expect(over.msg).toBe('Line 2: Receiving 7 of SKU ROSE (batch B1) would exceed the planned 10 (already received 4); confirm over-receipt to accept it');
    expect((await ok(`${P}/detail`, { id: o.id })).receivedQty).toBe(4);
    expect(await stock(skus.MUSK, '')).toBe(0);
    const r2 = await ok(`${P}/receive`, { id: o.id, overReceipt: true, lines: [{ lineId: rose.id, qty: 7 }, { lineId: musk.id, qty: 5, batchNo: 'M-LOT' }] });
    expect(r2.status).toBe(S.COMPLETED);
    expect(r2.completionTime).toBeTruthy();
    expect(r2.lines.map((l: Rec) => [l.plannedQty, l.receivedQty])).toEqual([[10, 11], [5, 5]]);
    expect(await stock(skus.MUSK, 'M-LOT')).toBe(5); // received into the batch the operator entered
    // a completed order takes no more receipts and cannot be cancelled, edited or removed
    const again = await call(`${P}/receive`, { id: o.id, lines: [{ lineId: rose.id, qty: 1 }] });
    expect([again.code, again.msg]).toEqual([409, `Cannot receive ${o.orderNo}: it is completed; allowed when created, receiving`]);
    expect((await call(`${P}/cancel`, { id: o.id })).msg).toBe(`Cannot cancel ${o.orderNo}: it is completed; allowed when created`);
    expect((await call(`${P}/edit`, { id: o.id, remark: 'x' })).msg).toBe(`${o.orderNo} can be changed only when created; it is completed`);
    expect((await call(`${P}/remove`, { id: o.id })).code).toBe(409);
    expect((await call(`${P}/receive`, { id: o.id, lines: [{ lineId: 999999, qty: 1 }] })).code).toBe(409);
    expect(await ledgerDiscrepancies(t.database.db)).toEqual([]);
    expect(await locationDiscrepancies(t.database.db)).toEqual([]);
  });

  it('closes a partial receipt, cancels, flags problems and recreates', async () => {
    const partial = await newOrder();
    await ok(`${P}/receive`, { id: partial.id, lines: [{ lineId: partial.lines[1].id, qty: 2 }] });
    expect((await ok(`${P}/complete`, { id: partial.id })).status).toBe(S.COMPLETED);
    expect((await call(`${P}/receive`, { id: (await newOrder()).id, lines: [{ lineId: partial.lines[0].id, qty: 1 }] })).msg).toBe('Line 1: not a line of this inbound order');

    const p = await newOrder();
    expect((await call(`${P}/submitProblem`, { id: p.id })).msg).toBe('Problem reason cannot be empty');
    const flagged = await ok(`${P}/submitProblem`, { id: p.id, problemReason: 'carton damaged' });
    expect([flagged.status, flagged.problemReason]).toEqual([S.PROBLEM, 'carton damaged']);
    expect((await call(`${P}/receive`, { id: p.id, lines: [{ lineId: p.lines[0].id, qty: 1 }] })).code).toBe(409);
    expect((await ok(`${P}/cancelProblem`, { id: p.id })).status).toBe(S.CREATED);
    await ok(`${P}/receive`, { id: p.id, lines: [{ lineId: p.lines[0].id, qty: 1 }] });
    await ok(`${P}/submitProblem`, { id: p.id, problemReason: 'short' });
    expect((await ok(`${P}/cancelProblem`, { id: p.id })).status).toBe(S.RECEIVING); // something was received

    const c = await newOrder();
    expect((await call(`${P}/recreate`, { id: c.id })).code).toBe(409);
    expect((await ok(`${P}/cancel`, { id: c.id })).status).toBe(S.CANCELLED);
    const copy = await ok(`${P}/recreate`, { id: c.id });
    expect(copy.id).not.toBe(c.id);
    expect([copy.status, copy.recreatedFromNo, copy.storeOrderNo]).toEqual([S.CREATED, c.orderNo, 'SHOP-1']);
    expect(copy.lines.map((l: Rec) => [l.sku, l.plannedQty, l.receivedQty])).toEqual([['ROSE', 10, 0], ['MUSK', 5, 0]]);
    expect((await ok(`${P}/detail`, { id: c.id })).status).toBe(S.CANCELLED);
    // once: a second click (or two at once) makes no second open order for the same store order (issue 27)
    const again = await call(`${P}/recreate`, { id: c.id });
    expect(again).toMatchObject({ code: 409, msg: `Inbound order ${c.orderNo} was already recreated as ${copy.orderNo}: work on that one` });
    const d = await newOrder({ storeOrderNo: 'SHOP-TWICE' });
    await ok(`${P}/cancel`, { id: d.id });
    const both = await Promise.all([call(`${P}/recreate`, { id: d.id }), call(`${P}/recreate`, { id: d.id })]);
    expect(both.map((r) => r.code).sort()).toEqual([200, 409]);
    const open = (await ok(`${P}/page`, { storeOrderNo: 'SHOP-TWICE', size: 50 })).records.filter((r: Rec) => r.status !== S.CANCELLED);
    expect(open).toHaveLength(1);
  });

  it('finds the order the receiving screen scans: by order, waybill or store order number', async () => {
    const o = await newOrder({ waybillNo: 'WB-SCAN-1', storeOrderNo: 'SHOP-SCAN' });
    expect((await ok(`${P}/scan`, { code: o.orderNo })).id).toBe(o.id);
    expect((await ok(`${P}/scan`, { code: ' WB-SCAN-1 ' })).id).toBe(o.id);
    expect((await ok(`${P}/scan`, { code: 'SHOP-SCAN', type: InboundOrderType.NORMAL })).lines).toHaveLength(2);
    expect(await call(`${P}/scan`, { code: 'SHOP-SCAN', type: InboundOrderType.RETURN })).toMatchObject({ code: 404, msg: 'Inbound order does not exist: SHOP-SCAN' });
    expect((await call(`${P}/scan`, { code: 'nothing' }, admin, { 'x-lang': 'zh' })).msg).toBe('入库单不存在：nothing');
    const twin = await newOrder({ waybillNo: 'WB-SCAN-1' });
    expect(await call(`${P}/scan`, { code: 'WB-SCAN-1' })).toMatchObject({ code: 409, msg: `Multiple inbound orders found for WB-SCAN-1: ${o.orderNo}, ${twin.orderNo}` });
    expect((await call(`${P}/scan`, {})).msg).toBe('Order, package, waybill or store order number cannot be empty');
  });

  it('owner scope and permission codes', async () => {
    const mine = await ok(`${P}/add`, { warehouseId: w1, ownerId: ownerB, lines: [{ skuId: skus.CABLE, plannedQty: 3 }] });
    const clerk = await userWith(t, admin, { codes: ['inbound:list', 'inbound:edit'], ownerIds: [ownerB] });
    const rows = (await ok(`${P}/page`, { size: 100 }, clerk.token)).records as Rec[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.ownerId === ownerB)).toBe(true);
    const other = (await ok(`${P}/page`, { ownerId: ownerA })).records[0];
    expect((await call(`${P}/detail`, { id: other.id }, clerk.token)).code).toBe(404);
    expect((await call(`${P}/cancel`, { id: other.id }, clerk.token)).code).toBe(404);
    expect((await call(`${P}/add`, { warehouseId: w1, ownerId: ownerA, lines: [{ skuId: skus.ROSE, plannedQty: 1 }] }, clerk.token)).code).toBe(403);
    // receiving needs inbound:receive
    expect((await call(`${P}/receive`, { id: mine.id, lines: [{ lineId: mine.lines[0].id, qty: 3 }] }, clerk.token)).code).toBe(403);
    const operator = await userWith(t, admin, { codes: ['inbound:list', 'inbound:receive'], ownerIds: [ownerB] });
    expect((await ok(`${P}/receive`, { id: mine.id, lines: [{ lineId: mine.lines[0].id, qty: 3 }] }, operator.token)).status).toBe(S.COMPLETED);
    expect((await call('/sapi/wms/inbound-order-line/add', {})).code).toBe(400);
  });

  it.runIf(kind === 'postgres')('concurrent receipts of one order cannot over-receive a line', async () => {
    const o = await ok(`${P}/add`, { warehouseId: w1, ownerId: ownerA, lines: [{ skuId: skus.ROSE, batchNo: 'CONC', plannedQty: 20 }] });
    const results = await Promise.all(Array.from({ length: 32 }, () => call(`${P}/receive`, { id: o.id, lines: [{ lineId: o.lines[0].id, qty: 1 }] })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(20);
    const done = await ok(`${P}/detail`, { id: o.id });
    expect([done.status, done.receivedQty]).toEqual([S.COMPLETED, 20]);
    expect(await stock(skus.ROSE, 'CONC')).toBe(20);
    expect(await ledgerDiscrepancies(t.database.db)).toEqual([]);
    expect(await locationDiscrepancies(t.database.db)).toEqual([]);
  });
});
