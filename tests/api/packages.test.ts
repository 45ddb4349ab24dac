/**
 * Packages of inbound and outbound orders (spec 1, 2.3 pack lists, 8; issue 5; src/server/domain/packages.ts):
 * contents checked against the order's lines, numbers, the package-exists rule when an order's line is
 * deleted, scanning by package number or package waybill with the spec 8 messages, outbound packing into
 * packages, delivery status, and the per-kind list codes of inbound orders (manifest listCodes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryStatus, InboundOrderType, OutboundOrderStatus as S } from '../../generated/shared/enums';
import { ledgerDiscrepancies } from '../../src/server/domain/inventory/ledger';
import { locationDiscrepancies } from '../../src/server/domain/inventory/locations';
import { documentFixture, testDatabases, userWith, type TestApp } from './harness';

type Rec = Record<string, any>;

describe.each(testDatabases())('packages on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let t: TestApp, admin: string, ownerA: number, ownerB: number, w1: number;
  const IN = '/sapi/wms/inbound-order';
  const OUT = '/sapi/wms/outbound-order';
  const IP = '/sapi/wms/inbound-package';
  const OP = '/sapi/wms/outbound-package';
  const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };
  const inbound = (extra: Rec = {}) => ok(`${IN}/add`, {
    warehouseId: w1, ownerId: ownerA, lines: [{ skuId: skus.ROSE, batchNo: 'B1', plannedQty: 10 }, { skuId: skus.MUSK, plannedQty: 5 }], ...extra,
  });
  const outbound = (lines: Rec[], extra: Rec = {}) => ok(`${OUT}/add`, { warehouseId: w1, ownerId: ownerA, ...receiver, lines, ...extra });

  beforeAll(async () => {
    ({ t, admin, ownerA, ownerB, w1 } = await f.setUp(kind, { ROSE: 'A', MUSK: 'A', CABLE: 'B' }));
    await f.gainLines(ownerA, [{ skuId: skus.ROSE, qty: 20 }, { skuId: skus.MUSK, qty: 20 }]);
  });
  afterAll(() => f.close());

  it('inbound packages: contents are lines of the order, never more than planned; numbers and the pack list', async () => {
    const o = await inbound();
    const p1 = await ok(`${IP}/add`, { orderId: o.id, waybillNo: 'WB-PK', weight: 12.5, lines: [{ skuId: skus.ROSE, batchNo: 'B1', qty: 6 }] });
    expect(p1.packageNo).toMatch(/^PI\d{8}\d{6}$/);
    expect(p1).toMatchObject({ orderNo: o.orderNo, warehouseId: w1, ownerId: ownerA, companyName: 'Demo Trading Co.', qty: 6, weight: 12.5 });
    expect(p1.lines.map((l: Rec) => [l.sku, l.batchNo, l.qty])).toEqual([['ROSE', 'B1', 6]]);
    // 6 + 5 > 10 planned
    expect(await call(`${IP}/add`, { orderId: o.id, lines: [{ skuId: skus.ROSE, batchNo: 'B1', qty: 5 }] }))
      .toMatchObject({ code: 409, msg: `Line 1: SKU ROSE (batch B1): order ${o.orderNo} has 10, packages already hold 6, this package 5` });
    expect((await call(`${IP}/add`, { orderId: o.id, lines: [{ skuId: skus.ROSE, batchNo: 'B9', qty: 1 }] })).msg).toBe(`Line 1: SKU ROSE (batch B9) is not a line of order ${o.orderNo}`);
    expect((await call(`${IP}/add`, { orderId: o.id, lines: [] })).msg).toBe('Package contents cannot be empty');
    expect((await call(`${IP}/add`, { orderId: o.id, packageNo: p1.packageNo, lines: [{ skuId: skus.MUSK, qty: 1 }] })).code).toBe(409); // unique number
    const p2 = await ok(`${IP}/add`, { orderId: o.id, packageNo: 'CARTON-2', waybillNo: 'WB-PK', lines: [{ skuId: skus.ROSE, batchNo: 'B1', qty: 4 }, { skuId: skus.MUSK, qty: 5 }] });
    expect([p2.packageNo, p2.qty]).toEqual(['CARTON-2', 9]);
    // editing a package does not count its own old contents
    expect((await ok(`${IP}/edit`, { id: p2.id, lines: [{ skuId: skus.ROSE, batchNo: 'B1', qty: 4 }, { skuId: skus.MUSK, qty: 4 }] })).qty).toBe(8);
    const list = await ok(`${IP}/page`, { orderId: o.id });
    expect(list.records.map((r: Rec) => r.packageNo).sort()).toEqual(['CARTON-2', p1.packageNo].sort());
    // the order's lines: a packaged line cannot be deleted, nor cut below its packages
    expect(await call(`${IN}/edit`, { id: o.id, lines: [{ skuId: skus.ROSE, batchNo: 'B1', plannedQty: 10 }] }))
      .toMatchObject({ code: 409, msg: 'Lines: Package already exists so the line cannot be deleted: SKU MUSK is in package CARTON-2' });
    expect((await call(`${IN}/edit`, { id: o.id, lines: [{ skuId: skus.ROSE, batchNo: 'B1', plannedQty: 9 }, { skuId: skus.MUSK, plannedQty: 5 }] }, admin, { 'x-lang': 'zh' })).msg)
      .toBe(`明细：已存在包裹：SKU ROSE（批次 B1）已装 10 件（包裹 CARTON-2, ${p1.packageNo}），明细数量不能更少`);
    expect((await ok(`${IN}/edit`, { id: o.id, lines: [{ skuId: skus.ROSE, batchNo: 'B1', plannedQty: 12 }, { skuId: skus.MUSK, plannedQty: 4 }] })).plannedQty).toBe(16);
    // receiving closes the packages
    const order = await ok(`${IN}/detail`, { id: o.id });
    await ok(`${IN}/receive`, { id: o.id, lines: order.lines.map((l: Rec) => ({ lineId: l.id, qty: l.plannedQty })) });
    expect((await call(`${IP}/remove`, { id: p1.id })).msg).toBe(`${o.orderNo} can be deleted only when created, receiving; it is completed`);
    expect((await call(`${IP}/add`, { orderId: o.id, lines: [{ skuId: skus.MUSK, qty: 1 }] })).code).toBe(409);
    expect((await call(`${IP}-line/remove`, { id: 1 })).code).toBe(400);
    // removing a created order removes its packages
    const o2 = await inbound();
    const p3 = await ok(`${IP}/add`, { orderId: o2.id, lines: [{ skuId: skus.MUSK, qty: 1 }] });
    await ok(`${IN}/remove`, { id: o2.id });
    expect((await call(`${IP}/detail`, { id: p3.id })).code).toBe(404);
  });

  it('receiving scans a package number or a package waybill (spec 8 messages)', async () => {
    const o = await inbound({ waybillNo: 'WB-ORDER-S' });
    const p = await ok(`${IP}/add`, { orderId: o.id, packageNo: 'SCAN-PK-1', waybillNo: 'WB-SHARED', lines: [{ skuId: skus.MUSK, qty: 2 }] });
    await ok(`${IP}/add`, { orderId: o.id, packageNo: 'SCAN-PK-2', waybillNo: 'WB-SHARED', lines: [{ skuId: skus.MUSK, qty: 3 }] });
    const byPackage = await ok(`${IN}/scan`, { code: 'SCAN-PK-1' });
    expect([byPackage.id, byPackage.package.id, byPackage.package.lines[0].qty]).toEqual([o.id, p.id, 2]);
    const byWaybill = await ok(`${IN}/scan`, { code: 'WB-SHARED' }); // two cartons of one order share a waybill
    expect([byWaybill.id, byWaybill.package]).toEqual([o.id, null]);
    expect((await ok(`${IN}/scan`, { code: 'WB-ORDER-S' })).package).toBeNull();
    const other = await inbound();
    await ok(`${IP}/add`, { orderId: other.id, packageNo: 'SCAN-PK-3', waybillNo: 'WB-SHARED', lines: [{ skuId: skus.MUSK, qty: 1 }] });
    expect(await call(`${IN}/scan`, { code: 'WB-SHARED' })).toMatchObject({ code: 409, msg: 'Multiple packages found for WB-SHARED: SCAN-PK-1, SCAN-PK-2, SCAN-PK-3' });
    expect(await call(`${IN}/scan`, { code: 'NO-SUCH', by: 'package' })).toMatchObject({ code: 404, msg: 'Package does not exist: NO-SUCH' });
    expect((await call(`${IN}/scan`, { code: 'NO-SUCH', by: 'package' }, admin, { 'x-lang': 'zh' })).msg).toBe('包裹不存在：NO-SUCH');
    expect((await call(`${IN}/scan`, { code: 'SCAN-PK-1', by: 'order' })).code).toBe(404);
    expect((await call(`${IN}/scan`, { code: 'SCAN-PK-1', by: 'box' })).msg).toBe('Look up by must be one of: order, package');
    // a package of an order of another type is not found by that type's screen
    expect((await call(`${IN}/scan`, { code: 'SCAN-PK-1', type: InboundOrderType.RETURN })).code).toBe(404);
  });

  it('outbound: packs into packages, refuses packing while a line is not fully packed, scans and records delivery', async () => {
    const o = await outbound([{ skuId: skus.ROSE, qty: 3 }, { skuId: skus.MUSK, qty: 2 }], { platformOrderNo: 'NOON-77' });
    await ok(`${OUT}/allocate`, { id: o.id });
    const p1 = await ok(`${OP}/add`, { orderId: o.id, carrier: 'SMSA', waybillNo: 'SMSA-100', lines: [{ skuId: skus.ROSE, qty: 3 }] });
    expect(p1.packageNo).toMatch(/^PO\d{8}\d{6}$/);
    expect(await call(`${OUT}/pack`, { id: o.id })).toMatchObject({ code: 409, msg: 'Not every line is packed: SKU MUSK has 0 of 2 in packages' });
    expect((await ok(`${OUT}/detail`, { id: o.id })).status).toBe(S.ALLOCATED); // refused step left the state
    await ok(`${OP}/add`, { orderId: o.id, carrier: 'SMSA', waybillNo: 'SMSA-101', lines: [{ skuId: skus.MUSK, qty: 2 }] });
    const packed = await ok(`${OUT}/pack`, { id: o.id });
    expect([packed.status, packed.waybillNo]).toEqual([S.PACKED, 'SMSA-100']);
    expect((await call(`${OP}/add`, { orderId: o.id, lines: [{ skuId: skus.MUSK, qty: 1 }] })).msg).toBe(`${o.orderNo} can be changed only when created, allocated, picking; it is packed`);
    // scan by order, platform order, package and package waybill
    for (const code of [o.orderNo, 'NOON-77', p1.packageNo, 'SMSA-101']) expect((await ok(`${OUT}/scan`, { code })).id, code).toBe(o.id);
    expect((await ok(`${OUT}/scan`, { code: p1.packageNo })).package.lines[0].sku).toBe('ROSE');
    expect(await call(`${OUT}/scan`, { code: 'NOPE' })).toMatchObject({ code: 404, msg: 'Outbound order does not exist: NOPE' });
    const twin = await outbound([{ skuId: skus.MUSK, qty: 1 }], { platformOrderNo: 'NOON-77' });
    expect(await call(`${OUT}/scan`, { code: 'NOON-77' })).toMatchObject({ code: 409, msg: `Multiple outbound orders found for NOON-77: ${o.orderNo}, ${twin.orderNo}` });
    // delivery status after shipping only
    expect((await call(`${OUT}/deliver`, { id: o.id, deliveryStatus: DeliveryStatus.ALL_DELIVERED })).msg).toBe(`Cannot update delivery status ${o.orderNo}: it is packed; allowed when shipped`);
    await ok(`${OUT}/ship`, { id: o.id });
    expect((await call(`${OUT}/deliver`, { id: o.id })).msg).toBe('Delivery status cannot be empty');
    expect((await ok(`${OUT}/deliver`, { id: o.id, deliveryStatus: DeliveryStatus.PARTIALLY_DELIVERED })).deliveryStatus).toBe(DeliveryStatus.PARTIALLY_DELIVERED);
    expect((await ok(`${OUT}/page`, { deliveryStatus: DeliveryStatus.PARTIALLY_DELIVERED })).records.map((r: Rec) => r.id)).toEqual([o.id]);
    expect(await ledgerDiscrepancies(t.database.db)).toEqual([]);
    expect(await locationDiscrepancies(t.database.db)).toEqual([]);
  });

  it('outbound: packing with no package makes one holding every line; a packaged line cannot be deleted', async () => {
    const o = await outbound([{ skuId: skus.ROSE, qty: 1 }, { skuId: skus.MUSK, qty: 1 }]);
    // a pre-labelled parcel (marketplace orders) may be announced while the order is created
    await ok(`${OP}/add`, { orderId: o.id, lines: [{ skuId: skus.MUSK, qty: 1 }] });
    expect(await call(`${OUT}/edit`, { id: o.id, lines: [{ skuId: skus.ROSE, qty: 1 }] })).toMatchObject({ code: 409, msg: expect.stringMatching(/^Lines: Package already exists so the line cannot be deleted: SKU MUSK/) });
    const o2 = await outbound([{ skuId: skus.ROSE, qty: 2 }, { skuId: skus.MUSK, qty: 1 }]);
    await ok(`${OUT}/allocate`, { id: o2.id });
    const packed = await ok(`${OUT}/pack`, { id: o2.id, waybillNo: 'ARAMEX-9', carrier: 'Aramex', weight: 1.25 });
    expect([packed.status, packed.waybillNo]).toEqual([S.PACKED, 'ARAMEX-9']);
    const [pkg] = (await ok(`${OP}/page`, { orderId: o2.id })).records;
    expect([pkg.carrier, pkg.waybillNo, pkg.weight, pkg.qty, pkg.lines.map((l: Rec) => [l.sku, l.qty])]).toEqual(['Aramex', 'ARAMEX-9', 1.25, 3, [['ROSE', 2], ['MUSK', 1]]]);
  });

  it('each inbound kind has its own list code; the pack lists theirs; owners see their own packages', async () => {
    const normal = await inbound();
    const ret = await inbound({ type: InboundOrderType.RETURN, sourceOutboundNo: 'OUT-1' });
    const returns = await userWith(t, admin, { codes: ['inbound:return_list'] });
    const page = await ok(`${IN}/page`, { size: 500 }, returns.token);
    expect(page.records.every((r: Rec) => r.type === InboundOrderType.RETURN)).toBe(true);
    expect(page.records.map((r: Rec) => r.id)).toContain(ret.id);
    expect((await call(`${IN}/detail`, { id: normal.id }, returns.token)).code).toBe(404);
    expect((await ok(`${IN}/page`, { type: InboundOrderType.NORMAL }, returns.token)).total).toBe(0);
    const normals = await userWith(t, admin, { codes: ['inbound:list'] });
    expect((await ok(`${IN}/page`, { size: 500 }, normals.token)).records.every((r: Rec) => r.type === InboundOrderType.NORMAL)).toBe(true);
    const nobody = await userWith(t, admin, { codes: ['inbound:pack_list'] });
    expect((await call(`${IN}/page`, {}, nobody.token)).code).toBe(403);
    expect((await call(`${IP}/page`, {}, nobody.token)).code).toBe(200);
    expect((await call(`${OP}/page`, {}, nobody.token)).code).toBe(403);
    // owner B sees no package of owner A, and cannot package A's order
    const b = await userWith(t, admin, { codes: ['inbound:pack_list', 'inbound:edit', 'inbound:list'], ownerIds: [ownerB] });
    expect((await ok(`${IP}/page`, {}, b.token)).total).toBe(0);
    expect((await call(`${IP}/add`, { orderId: normal.id, lines: [{ skuId: skus.MUSK, qty: 1 }] }, b.token)).code).toBe(404);
  });
});
