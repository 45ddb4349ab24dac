/**
 * Outbound orders through the API (spec 1, 2.3, 3, 4, 8; issue 5): the document with its lines and the noon
 * platform rule, allocation locking stock (lockQty) or refusing with "insufficient inventory" and locking
 * nothing, picking, packing, shipping (qty and lockQty fall), cancelling (locks released), every refused
 * transition, owner scope, and 64 concurrent allocations against a stock of 100 on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizType, Currency, EcPlatform, OutboundOrderStatus as S, OutboundOrderType } from '../../generated/shared/enums';
import { ledgerDiscrepancies } from '../../src/server/domain/inventory/ledger';
import { locationDiscrepancies } from '../../src/server/domain/inventory/locations';
import { documentFixture, testDatabases, userWith, type TestApp } from './harness';

type Rec = Record<string, any>;

describe.each(testDatabases())('outbound orders on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, gain, skus } = f;
  let t: TestApp, admin: string, ownerA: number, ownerB: number, w1: number;
  const P = '/sapi/wms/outbound-order';
  const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };
  const newOrder = (lines: Rec[], extra: Rec = {}) => ok(`${P}/add`, { warehouseId: w1, ownerId: ownerA, platformOrderNo: 'PO-1', ...receiver, lines, ...extra });
  const stockRow = async (skuId: number, batchNo = '') => (await ok('/sapi/wms/sku-inventory/page', { skuId, warehouseId: w1 })).records.find((r: Rec) => r.batchNo === batchNo);

  beforeAll(async () => {
    ({ t, admin, ownerA, ownerB, w1 } = await f.setUp(kind, { ROSE: 'A', MUSK: 'A', HOT: 'A', CABLE: 'B' }));
    await ok('/sapi/wms/ec-platform-sku/add', { skuId: skus.ROSE, ecPlatform: EcPlatform.NOON, ecPlatformSku: 'N-ROSE' });
    await gain(ownerA, skus.ROSE, 6, 'B1');
    await gain(ownerA, skus.ROSE, 4, 'B2');
    await gain(ownerA, skus.MUSK, 3);
  });
  afterAll(() => f.close());

  it('creates an order with receiver, money in cents and lines; checks it before writing', async () => {
    const o = await newOrder([{ skuId: skus.ROSE, qty: 2 }], { codAmount: 12550, codCurrency: Currency.SAR });
    expect(o).toMatchObject({ status: S.CREATED, type: OutboundOrderType.NORMAL, codAmount: 12550, codCurrency: Currency.SAR, receiverName: 'Sara Ali', qty: 2 });
    expect(o.orderNo).toMatch(/^OUT\d{8}\d{6}$/);
    const bad = async (body: Rec) => (await call(`${P}/add`, { warehouseId: w1, ownerId: ownerA, ...receiver, lines: [{ skuId: skus.ROSE, qty: 1 }], ...body })).msg;
    expect(await bad({ lines: [] })).toBe('Lines cannot be empty');
    expect(await bad({ receiverName: '' })).toBe('Receiver cannot be empty');
    expect(await bad({ codAmount: 100 })).toBe('COD currency: choose the currency of the amount');
    expect(await bad({ lines: [{ skuId: skus.CABLE, qty: 1 }] })).toBe('Line 1: the SKU does not belong to this order\'s goods owner');
    expect(await bad({ type: OutboundOrderType.NOON, lines: [{ skuId: skus.ROSE, qty: 1 }, { skuId: skus.MUSK, qty: 1 }] }))
      .toBe('Lines: product SKU not configured for selected e-commerce platform (noon): MUSK');
    expect((await newOrder([{ skuId: skus.ROSE, qty: 1 }], { type: OutboundOrderType.NOON })).type).toBe(OutboundOrderType.NOON);
  });

  it('allocates across batches, picks, packs and ships through the ledger', async () => {
    const o = await newOrder([{ skuId: skus.ROSE, qty: 8 }, { skuId: skus.MUSK, qty: 1 }]);
    const a = await ok(`${P}/allocate`, { id: o.id });
    expect(a.status).toBe(S.ALLOCATED);
    expect(a.lines.map((l: Rec) => l.allocatedQty)).toEqual([8, 1]);
    expect([(await stockRow(skus.ROSE, 'B1')).lockQty, (await stockRow(skus.ROSE, 'B2')).lockQty]).toEqual([6, 2]); // oldest record first
    expect((await ok('/sapi/wms/sku-inventory-log/page', { bizNo: o.orderNo })).records.every((l: Rec) => l.bizType === BizType.OUTBOUND_ORDER && l.changeQty === 0 && l.bizNoExtra === 'PO-1')).toBe(true);
    expect((await call(`${P}/edit`, { id: o.id, remark: 'x' })).msg).toBe(`${o.orderNo} can be changed only when created; it is allocated`);
    expect((await call(`${P}/remove`, { id: o.id })).code).toBe(409);
    expect((await call(`${P}/allocate`, { id: o.id })).msg).toBe(`Cannot allocate ${o.orderNo}: it is allocated; allowed when created`);
    expect((await ok(`${P}/pick`, { id: o.id })).status).toBe(S.PICKING);
    const packed = await ok(`${P}/pack`, { id: o.id, waybillNo: 'SMSA-1' });
    expect([packed.status, packed.waybillNo]).toEqual([S.PACKED, 'SMSA-1']);
    const shipped = await ok(`${P}/ship`, { id: o.id });
    expect([shipped.status, !!shipped.shippedTime]).toEqual([S.SHIPPED, true]);
    const [b1, b2, musk] = [await stockRow(skus.ROSE, 'B1'), await stockRow(skus.ROSE, 'B2'), await stockRow(skus.MUSK)];
    expect([b1.qty, b1.lockQty, b2.qty, b2.lockQty, musk.qty, musk.lockQty]).toEqual([0, 0, 2, 0, 2, 0]);
    expect((await call(`${P}/cancel`, { id: o.id })).msg).toBe(`Cannot cancel ${o.orderNo}: it is shipped; allowed when created, allocated, picking, packed`);
    expect(await ledgerDiscrepancies(t.database.db)).toEqual([]);
    expect(await locationDiscrepancies(t.database.db)).toEqual([]);
  });

  it('refuses an allocation larger than the available quantity and locks nothing', async () => {
    await gain(ownerA, skus.HOT, 5);
    const first = await newOrder([{ skuId: skus.HOT, qty: 4 }]);
    await ok(`${P}/allocate`, { id: first.id });
    const second = await newOrder([{ skuId: skus.MUSK, qty: 1 }, { skuId: skus.HOT, qty: 2 }]);
    const r = await call(`${P}/allocate`, { id: second.id });
    expect([r.code, r.msg]).toEqual([409, 'Insufficient inventory for selected product: SKU HOT: available 1, requested 2']);
    expect((await ok(`${P}/detail`, { id: second.id })).status).toBe(S.CREATED);
    expect((await stockRow(skus.MUSK)).lockQty).toBe(0); // the MUSK line's lock was rolled back too
    // cancelling the first releases its lock; then the second fits
    const cancelled = await ok(`${P}/cancel`, { id: first.id });
    expect(cancelled.status).toBe(S.CANCELLED);
    expect((await stockRow(skus.HOT)).lockQty).toBe(0);
    expect((await ok(`${P}/allocate`, { id: second.id })).status).toBe(S.ALLOCATED);
    expect((await call(`${P}/allocate`, { id: second.id }, admin, { 'x-lang': 'zh' })).msg).toBe(`不能分配库存${second.orderNo}：当前状态为已分配，仅在已创建时可以分配库存`);
    expect(await ledgerDiscrepancies(t.database.db)).toEqual([]);
    expect(await locationDiscrepancies(t.database.db)).toEqual([]);
  });

  it('owner scope and permission codes', async () => {
    await gain(ownerB, skus.CABLE, 2);
    const clerk = await userWith(t, admin, { codes: ['outbound:list', 'outbound:edit'], ownerIds: [ownerB] });
    const mine = await ok(`${P}/add`, { warehouseId: w1, ownerId: ownerB, ...receiver, lines: [{ skuId: skus.CABLE, qty: 2 }] }, clerk.token);
    expect(((await ok(`${P}/page`, { size: 100 }, clerk.token)).records as Rec[]).map((r) => r.id)).toEqual([mine.id]);
    const other = (await ok(`${P}/page`, { ownerId: ownerA })).records[0];
    expect((await call(`${P}/cancel`, { id: other.id }, clerk.token)).code).toBe(404);
    expect((await call(`${P}/allocate`, { id: mine.id }, clerk.token)).code).toBe(403);
    const picker = await userWith(t, admin, { codes: ['outbound:list', 'outbound:allocate'], ownerIds: [ownerB] });
    expect((await ok(`${P}/allocate`, { id: mine.id }, picker.token)).status).toBe(S.ALLOCATED);
    expect((await call('/sapi/wms/outbound-allocation/remove', { id: 1 })).code).toBe(400);
  });

  it.runIf(kind === 'postgres')('64 concurrent allocations against a stock of 100: exactly 100 locked; then ship half and cancel half', async () => {
    const skuId = (await ok('/sapi/wms/sku/add', { ownerId: ownerA, sku: 'CONC', name: 'Concurrent', enable: true, categoryId: (await ok('/sapi/wms/sku/detail', { id: skus.ROSE })).categoryId, weight: 1 })).id;
    await gain(ownerA, skuId, 100);
    const orders: Rec[] = [];
    for (let i = 0; i < 64; i++) orders.push(await newOrder([{ skuId, qty: 2 }]));
    const results = await Promise.all(orders.map((o) => call(`${P}/allocate`, { id: o.id })));
    const won = orders.filter((_, i) => results[i].code === 200);
    expect(won).toHaveLength(50);
    expect(results.filter((r) => r.code === 409)).toHaveLength(14);
    let row = await stockRow(skuId);
    expect([row.qty, row.lockQty]).toEqual([100, 100]);
    const half = won.length / 2;
    const done = await Promise.all(won.map((o, i) => call(`${P}/${i < half ? 'ship' : 'cancel'}`, { id: o.id })));
    expect(done.every((r) => r.code === 200)).toBe(true);
    row = await stockRow(skuId);
    expect([row.qty, row.lockQty]).toEqual([50, 0]);
    expect(await ledgerDiscrepancies(t.database.db)).toEqual([]);
    expect(await locationDiscrepancies(t.database.db)).toEqual([]);
  });
});
