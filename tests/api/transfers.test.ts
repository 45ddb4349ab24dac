/**
 * Transfers between warehouses (issue 30; docs/transfers.md; domain/transfers/): a transfer of one goods owner's
 * stock from warehouse A to B ships with the outbound steps (allocate, pick, pack, ship) and receives with the
 * inbound receipt and putaway; the owner's total A + in transit + B stays constant at every step, and a short
 * receipt is recorded per line (shipped, received, difference) when the receipt is completed; cancelling before
 * shipping releases the locks (from the transfer or from its outbound order); 16 concurrent allocations of
 * transfers and ordinary orders on one stock never oversell and the total stays constant through shipping; a user
 * without warehouse B or the owner is refused; bad input is a 400 naming the field; the orders a transfer makes
 * cannot be added, changed or cancelled by hand; both ledger levels close after every step. Both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizType, InboundOrderStatus, InboundOrderType, LocationType, OutboundOrderStatus, OutboundOrderType, TransferStatus as S } from '../../generated/shared/enums';
import type { Db } from '../../src/server/db/connect';
import { ledgerDiscrepancies } from '../../src/server/domain/inventory/ledger';
import { locationDiscrepancies } from '../../src/server/domain/inventory/locations';
import { documentFixture, testDatabases, userWith } from './harness';

type Rec = Record<string, any>;
const P = '/sapi/wms/transfer';
const OUT = '/sapi/wms/outbound-order';
const IN = '/sapi/wms/inbound-order';

describe.each(testDatabases())('transfers on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let w1: number, w2: number, ownerA: number, ownerB: number;
  const db = () => f.t.database.db as unknown as Db;
  const closure = async () => {
    expect(await ledgerDiscrepancies(db())).toEqual([]);
    expect(await locationDiscrepancies(db())).toEqual([]);
  };
  const one = async (q: ReturnType<typeof sql>) => Number(((await db().execute(q)) as unknown as { rows: Rec[] }).rows[0].n);
  /** Units of the SKU on hand in a warehouse (owner A). */
  const onHand = (skuId: number, warehouseId: number) => one(sql`select coalesce(sum(qty), 0)::int as n from wms_inventory where sku_id = ${skuId} and warehouse_id = ${warehouseId} and owner_id = ${ownerA}`);
  const locked = (skuId: number, warehouseId: number) => one(sql`select coalesce(sum(lock_qty), 0)::int as n from wms_inventory where sku_id = ${skuId} and warehouse_id = ${warehouseId}`);
  /** The SKU's units in transit, read through the API: the sum of the transfers' transitQty lines (owner A). */
  const transit = async (skuId: number) => {
    const rows = (await ok(`${P}/list`, { ownerId: ownerA, status: S.IN_TRANSIT })) as Rec[];
    return rows.flatMap((t) => t.lines as Rec[]).filter((l) => l.skuId === skuId).reduce((a, l) => a + Math.max(l.shippedQty - l.receivedQty, 0), 0);
  };
  /** A + in transit + B (+ units shipped to customers, + units recorded missing): what must never change. */
  const total = async (skuId: number, shippedOut = 0) => {
    const missing = await one(sql`select coalesce(-sum(l.diff_qty), 0)::int as n from wms_transfer_line l where l.sku_id = ${skuId} and l.diff_qty is not null`);
    return (await onHand(skuId, w1)) + (await transit(skuId)) + (await onHand(skuId, w2)) + shippedOut + missing;
  };
  const transfer = (lines: Rec[], body: Rec = {}, token?: string) => call(`${P}/add`, { ownerId: ownerA, fromWarehouseId: w1, toWarehouseId: w2, lines, ...body }, token);
  const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };

  beforeAll(async () => {
    ({ w1, ownerA, ownerB } = await f.setUp(kind, { ROSE: 'A', MUSK: 'A', OUD: 'A', AMBER: 'A', CABLE: 'B' }));
    w2 = ((await call('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' })).data as Rec[])[1].id;
  });
  afterAll(() => f.close());

  it('ships from A, carries the quantity in transit on both sides and the dashboard, receives at B with a difference recorded, and keeps A + transit + B constant', async () => {
    await f.gain(ownerA, skus.ROSE, 10, 'B1');
    const start = await total(skus.ROSE);
    expect(start).toBe(10);
    const steps: string[] = [];
    const check = async (step: string) => { steps.push(step); expect(await total(skus.ROSE), step).toBe(start); await closure(); };

    const t0 = await ok(`${P}/add`, { ownerId: ownerA, fromWarehouseId: w1, toWarehouseId: w2, remark: 'restock Jeddah', lines: [{ skuId: skus.ROSE, qty: 6 }] });
    expect(t0).toMatchObject({ status: S.CREATED, transferNo: expect.stringMatching(/^TR\d{14}$/), qty: 6, shippedQty: 0, transitQty: 0, receivedQty: 0, diffQty: null, outboundOrderId: null });
    expect(t0.lines).toEqual([expect.objectContaining({ skuId: skus.ROSE, sku: 'ROSE', batchNo: '', qty: 6, shippedQty: 0, receivedQty: 0, diffQty: null })]);
    await check('create');

    const t1 = await ok(`${P}/confirm`, { id: t0.id });
    expect(t1.status).toBe(S.SHIPPING);
    const out = await ok(`${OUT}/detail`, { id: t1.outboundOrderId });
    expect(out).toMatchObject({ type: OutboundOrderType.TRANSFER, status: OutboundOrderStatus.CREATED, warehouseId: w1, ownerId: ownerA, platformOrderNo: t0.transferNo });
    expect(out.lines).toEqual([expect.objectContaining({ skuId: skus.ROSE, batchNo: '', qty: 6 })]);
    expect(t1.outboundOrderNo).toBe(out.orderNo);
    await check('confirm');
    // the transfer's orders are the transfer's: not edited or deleted by hand
    expect((await call(`${OUT}/edit`, { id: out.id, remark: 'x' })).code).toBe(409);
    expect((await call(`${OUT}/remove`, { id: out.id })).code).toBe(409);
    // and no longer editable themselves
    expect((await call(`${P}/edit`, { id: t0.id, remark: 'x' })).code).toBe(409);

    await ok(`${OUT}/allocate`, { id: out.id });
    expect(await locked(skus.ROSE, w1)).toBe(6);
    await check('allocate');
    await ok(`${OUT}/pick`, { id: out.id });
    await check('pick');
    await ok(`${OUT}/pack`, { id: out.id, waybillNo: 'TRUCK-7' });
    await check('pack');
    await ok(`${OUT}/ship`, { id: out.id });
    await check('ship');

    const t2 = await ok(`${P}/detail`, { id: t0.id });
    expect(t2).toMatchObject({ status: S.IN_TRANSIT, shippedQty: 6, transitQty: 6, receivedQty: 0, shippedTime: expect.any(String) });
    expect(await onHand(skus.ROSE, w1)).toBe(4);
    expect(await locked(skus.ROSE, w1)).toBe(0);
    // B's side: the inbound order of the shipped batch, in transit on the dashboard for a user of B only
    const inb = await ok(`${IN}/detail`, { id: t2.inboundOrderId });
    expect(inb).toMatchObject({ type: InboundOrderType.TRANSFER, status: InboundOrderStatus.CREATED, warehouseId: w2, ownerId: ownerA, storeOrderNo: t0.transferNo, sourceOutboundNo: out.orderNo, waybillNo: 'TRUCK-7' });
    expect(inb.lines).toEqual([expect.objectContaining({ skuId: skus.ROSE, batchNo: 'B1', plannedQty: 6, receivedQty: 0 })]);
    const bUser = await userWith(f.t, f.admin, { codes: ['dashboard', 'inbound', 'inbound:list', 'inbound:receive'], warehouseIds: [w2], ownerIds: [ownerA] });
    expect((await ok('/sapi/dashboard/overview', {}, bUser.token)).counts.inTransit).toBe(6);
    expect((await ok('/sapi/dashboard/overview', { warehouseId: w1 })).counts.inTransit).toBe(6);
    const other = await userWith(f.t, f.admin, { codes: ['dashboard'], ownerIds: [ownerB] });
    expect((await ok('/sapi/dashboard/overview', {}, other.token)).counts.inTransit).toBe(0);
    // the goods are on the road: the receipt is not edited, deleted or cancelled
    for (const path of ['edit', 'remove', 'cancel']) {
      const r = await call(`${IN}/${path}`, { id: inb.id, ...(path === 'edit' ? { remark: 'x' } : {}) });
      expect(r.code, path).toBe(409);
      expect(r.msg, path).toContain(t0.transferNo);
    }
    // nor can the transfer be cancelled once shipped
    expect((await call(`${P}/cancel`, { id: t0.id })).code).toBe(409);

    // B receives 4 of the 6 (a user of B alone), then closes the receipt: 2 are recorded missing
    await ok(`${IN}/receive`, { id: inb.id, lines: [{ lineId: inb.lines[0].id, qty: 4 }] }, bUser.token);
    expect(await ok(`${P}/detail`, { id: t0.id })).toMatchObject({ status: S.IN_TRANSIT, transitQty: 2, receivedQty: 4, diffQty: null });
    await check('receive 4 of 6');
    await ok(`${IN}/complete`, { id: inb.id });
    const t3 = await ok(`${P}/detail`, { id: t0.id });
    expect(t3).toMatchObject({ status: S.RECEIVED, shippedQty: 6, receivedQty: 4, transitQty: 0, diffQty: -2, receivedTime: expect.any(String) });
    expect(t3.lines).toEqual([expect.objectContaining({ qty: 6, shippedQty: 6, receivedQty: 4, diffQty: -2 })]);
    expect(await onHand(skus.ROSE, w2)).toBe(4);
    expect((await ok('/sapi/dashboard/overview', {}, bUser.token)).counts.inTransit).toBe(0);
    await check('complete the receipt');

    // the ledger names the transfer on both sides
    const log = (await ok('/sapi/wms/sku-inventory-log/list', { skuId: skus.ROSE })) as Rec[];
    expect(log.filter((l) => l.bizNoExtra === t0.transferNo).map((l) => [l.bizType, l.bizNo, l.changeQty, l.warehouseId]).filter(([, , q]) => q !== 0))
      .toEqual(expect.arrayContaining([[BizType.OUTBOUND_ORDER, out.orderNo, -6, w1], [BizType.INBOUND_ORDER, inb.orderNo, 4, w2]]));

    // putaway at B from RECEIVING to a storage location
    const zone = (await ok('/sapi/wms/warehouse-zone/add', { warehouseId: w2, code: 'TZ1', name: 'Transfer zone' })).id;
    await ok('/sapi/wms/location/add', { warehouseId: w2, zoneId: zone, code: 'J-01', type: LocationType.STORAGE, pickSequence: 1 });
    const [task] = (await ok('/sapi/wms/putaway/page', { warehouseId: w2, skuId: skus.ROSE })).records as Rec[];
    await ok('/sapi/wms/putaway/confirm', { inventoryId: task.inventoryId, fromLocationId: task.locationId, toLocationCode: 'J-01', skuCode: 'ROSE', qty: 4 });
    await check('putaway');
    expect(steps).toEqual(['create', 'confirm', 'allocate', 'pick', 'pack', 'ship', 'receive 4 of 6', 'complete the receipt', 'putaway']);
  });

  it('cancelling before shipping releases the locks, from the transfer or from its outbound order', async () => {
    await f.gain(ownerA, skus.MUSK, 5);
    const a = await ok(`${P}/add`, { ownerId: ownerA, fromWarehouseId: w1, toWarehouseId: w2, lines: [{ skuId: skus.MUSK, qty: 5 }] });
    const ac = await ok(`${P}/confirm`, { id: a.id });
    await ok(`${OUT}/allocate`, { id: ac.outboundOrderId });
    expect(await locked(skus.MUSK, w1)).toBe(5);
    // a second transfer cannot take the same stock
    const b = await ok(`${P}/add`, { ownerId: ownerA, fromWarehouseId: w1, toWarehouseId: w2, lines: [{ skuId: skus.MUSK, qty: 1 }] });
    const bc = await ok(`${P}/confirm`, { id: b.id });
    expect((await call(`${OUT}/allocate`, { id: bc.outboundOrderId })).code).toBe(409);

    expect(await ok(`${P}/cancel`, { id: a.id })).toMatchObject({ status: S.CANCELLED, transitQty: 0 });
    expect((await ok(`${OUT}/detail`, { id: ac.outboundOrderId })).status).toBe(OutboundOrderStatus.CANCELLED);
    expect(await locked(skus.MUSK, w1)).toBe(0);
    expect(await one(sql`select count(*)::int as n from wms_outbound_allocation where order_id = ${ac.outboundOrderId}`)).toBe(0);
    await closure();

    // the stock is free again: b allocates it; cancelling b's outbound order cancels b
    await ok(`${OUT}/allocate`, { id: bc.outboundOrderId });
    await ok(`${OUT}/cancel`, { id: bc.outboundOrderId });
    expect((await ok(`${P}/detail`, { id: b.id })).status).toBe(S.CANCELLED);
    expect(await locked(skus.MUSK, w1)).toBe(0);
    expect(await total(skus.MUSK)).toBe(5);
    // a created transfer is cancelled without an order; cancelled twice is a 409
    const c = await ok(`${P}/add`, { ownerId: ownerA, fromWarehouseId: w1, toWarehouseId: w2, lines: [{ skuId: skus.MUSK, qty: 1 }] });
    expect((await ok(`${P}/cancel`, { id: c.id })).status).toBe(S.CANCELLED);
    expect((await call(`${P}/cancel`, { id: c.id })).code).toBe(409);
    expect((await call(`${P}/confirm`, { id: c.id })).code).toBe(409);
    await closure();
  });

  it('16 concurrent allocations of transfers and ordinary orders never oversell, and A + transit + B + shipped stays constant through shipping and receipt', async () => {
    await f.gain(ownerA, skus.OUD, 20);
    // 8 transfers created and confirmed and 8 ordinary orders created, all at once
    const eight = Array.from({ length: 8 }, (_, i) => i);
    const [transfers, normal] = await Promise.all([
      Promise.all(eight.map(async () => {
        const t = await ok(`${P}/add`, { ownerId: ownerA, fromWarehouseId: w1, toWarehouseId: w2, lines: [{ skuId: skus.OUD, qty: 3 }] });
        return ok(`${P}/confirm`, { id: t.id }) as Promise<Rec>;
      })),
      Promise.all(eight.map(async () => (await ok(`${OUT}/add`, { warehouseId: w1, ownerId: ownerA, ...receiver, lines: [{ skuId: skus.OUD, qty: 3 }] })).id as number)),
    ]);
    expect(new Set(transfers.map((t) => t.outboundOrderId)).size).toBe(8);
    expect(await total(skus.OUD)).toBe(20);
    const orders = [...transfers.map((t) => t.outboundOrderId as number), ...normal];
    const results = await Promise.all(orders.map((id) => call(`${OUT}/allocate`, { id })));
    expect(results.every((r) => r.code === 200 || r.code === 409), JSON.stringify(results.map((r) => r.msg))).toBe(true);
    const allocated = orders.filter((_, i) => results[i].code === 200);
    expect(allocated).toHaveLength(6); // 20 units, 3 each
    expect(await locked(skus.OUD, w1)).toBe(18);
    await closure();

    // ship every allocated order, and confirm new transfers and cancel the unallocated ones, all at once
    const unallocatedTransfers = transfers.filter((t) => !allocated.includes(t.outboundOrderId));
    const shipments = await Promise.all([
      ...allocated.map((id) => call(`${OUT}/ship`, { id })),
      ...unallocatedTransfers.map((t) => call(`${P}/cancel`, { id: t.id })),
    ]);
    expect(shipments.every((r) => r.code === 200), JSON.stringify(shipments.map((r) => r.msg))).toBe(true);
    const shippedToCustomers = 3 * allocated.filter((id) => normal.includes(id)).length;
    const inTransit = 3 * allocated.filter((id) => !normal.includes(id)).length;
    expect(await transit(skus.OUD)).toBe(inTransit);
    expect(await onHand(skus.OUD, w1)).toBe(20 - shippedToCustomers - inTransit);
    expect(await locked(skus.OUD, w1)).toBe(0);
    expect(await total(skus.OUD, shippedToCustomers)).toBe(20);
    await closure();

    // B receives every transfer in full, concurrently
    const shipped = await Promise.all(transfers.filter((t) => allocated.includes(t.outboundOrderId)).map((t) => ok(`${P}/detail`, { id: t.id })));
    const receipts = await Promise.all(shipped.map(async (t) => {
      const inb = await ok(`${IN}/detail`, { id: t.inboundOrderId });
      return call(`${IN}/receive`, { id: inb.id, lines: inb.lines.map((l: Rec) => ({ lineId: l.id, qty: l.plannedQty })) });
    }));
    expect(receipts.every((r) => r.code === 200), JSON.stringify(receipts.map((r) => r.msg))).toBe(true);
    for (const t of shipped) expect(await ok(`${P}/detail`, { id: t.id })).toMatchObject({ status: S.RECEIVED, transitQty: 0, diffQty: 0 });
    expect(await onHand(skus.OUD, w2)).toBe(inTransit);
    expect(await total(skus.OUD, shippedToCustomers)).toBe(20);
    await closure();
  });

  it('needs both warehouses and the goods owner in scope', async () => {
    const codes = ['transfer', 'transfer:list', 'transfer:add', 'transfer:confirm'];
    const onlyA = await userWith(f.t, f.admin, { codes, warehouseIds: [w1], ownerIds: [ownerA] });
    const r = await transfer([{ skuId: skus.AMBER, qty: 1 }], {}, onlyA.token);
    expect(r.code).toBe(403);
    expect(r.msg).toContain('To warehouse');
    const ownerBOnly = await userWith(f.t, f.admin, { codes, warehouseIds: [w1, w2], ownerIds: [ownerB] });
    const r2 = await transfer([{ skuId: skus.AMBER, qty: 1 }], {}, ownerBOnly.token);
    expect(r2.code).toBe(403);
    expect(r2.msg).toContain('Goods owner');
    // a transfer made by someone with both: a user of A alone may read it but neither confirm nor cancel it
    const t = await ok(`${P}/add`, { ownerId: ownerA, fromWarehouseId: w1, toWarehouseId: w2, lines: [{ skuId: skus.AMBER, qty: 1 }] });
    expect((await ok(`${P}/detail`, { id: t.id }, onlyA.token)).id).toBe(t.id);
    expect((await call(`${P}/confirm`, { id: t.id }, onlyA.token)).code).toBe(403);
    expect((await call(`${P}/cancel`, { id: t.id }, onlyA.token)).code).toBe(403);
    expect((await call(`${P}/edit`, { id: t.id, remark: 'x' }, onlyA.token)).code).toBe(403);
    expect((await call(`${P}/remove`, { id: t.id }, onlyA.token)).code).toBe(403);
    // the other owner's users do not see it
    expect((await call(`${P}/detail`, { id: t.id }, ownerBOnly.token)).code).toBe(404);
    // without the code
    const noCode = await userWith(f.t, f.admin, { codes: ['transfer', 'transfer:list'] });
    expect((await call(`${P}/confirm`, { id: t.id }, noCode.token)).code).toBe(403);
    expect((await transfer([{ skuId: skus.AMBER, qty: 1 }], {}, noCode.token)).code).toBe(403);
    const both = await userWith(f.t, f.admin, { codes, warehouseIds: [w1, w2], ownerIds: [ownerA] });
    expect((await ok(`${P}/confirm`, { id: t.id }, both.token)).status).toBe(S.SHIPPING);
    expect((await ok(`${P}/cancel`, { id: t.id }, both.token)).status).toBe(S.CANCELLED);
  });

  it('answers bad input with a 400 naming the field, and refuses hand-made transfer orders', async () => {
    const bad = async (body: Rec, lines: Rec[] = [{ skuId: skus.AMBER, qty: 1 }]) => {
      const r = await transfer(lines, body);
      expect(r.code, JSON.stringify(body)).toBe(400);
      return r.msg;
    };
    expect(await bad({ fromWarehouseId: 'x' })).toContain('From warehouse');
    expect(await bad({ fromWarehouseId: [w1] })).toContain('From warehouse');
    expect(await bad({ toWarehouseId: 1.5 })).toContain('To warehouse');
    expect(await bad({ toWarehouseId: w1 })).toMatch(/To warehouse.*must differ/);
    expect(await bad({ ownerId: true })).toContain('Goods owner');
    expect(await bad({}, [{ skuId: skus.AMBER, qty: 1.5 }])).toMatch(/Line 1.*Quantity/);
    expect(await bad({}, [{ skuId: skus.AMBER, qty: 0 }])).toMatch(/Line 1.*Quantity/);
    expect(await bad({}, [{ skuId: skus.CABLE, qty: 1 }])).toMatch(/Line 1.*owner/);
    expect(await bad({}, [])).toBeTruthy();
    expect(await bad({ lines: undefined }, undefined as unknown as Rec[])).toBeTruthy();
    expect((await call(`${P}/confirm`, { id: 'x' })).code).toBe(400);
    expect((await call(`${P}/confirm`, { id: 999999 })).code).toBe(404);
    // the order types of transfers are the transfers'
    const out = await call(`${OUT}/add`, { warehouseId: w1, ownerId: ownerA, type: OutboundOrderType.TRANSFER, ...receiver, lines: [{ skuId: skus.AMBER, qty: 1 }] });
    expect(out.code).toBe(400);
    expect(out.msg).toContain('Type');
    const inb = await call(`${IN}/add`, { warehouseId: w2, ownerId: ownerA, type: InboundOrderType.TRANSFER, lines: [{ skuId: skus.AMBER, plannedQty: 1 }] });
    expect(inb.code).toBe(400);
    expect(inb.msg).toContain('Type');
    // zh
    const zh = await call(`${P}/add`, { ownerId: ownerA, fromWarehouseId: w1, toWarehouseId: w1, lines: [{ skuId: skus.AMBER, qty: 1 }] }, f.admin, { 'x-lang': 'zh' });
    expect(zh.code).toBe(400);
    expect(zh.msg).toContain('调入仓库');
  });
});
