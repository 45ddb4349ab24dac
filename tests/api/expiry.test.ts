/**
 * Expiry dates and FEFO through the API (issue 30; docs/expiry.md): receiving requires or derives an expiry
 * date for an expiry-tracked SKU and stores it on the batch (checked before the transaction; a batch's dates
 * never change, also under two receipts at once); allocation takes the earliest expiry first, never expired
 * stock, refuses stock below the owner's minimum remaining shelf life and says so in its 409; FIFO for other
 * SKUs; the inventory list, the batch list and the pick list show the expiry date; the near-expiry list,
 * the dashboard card and the daily task. Dates are relative to the server's today (same process, same TZ).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStatus } from '../../generated/shared/enums';
import { addDays } from '../../src/shared/calendar';
import { nearExpiryJob, serverToday } from '../../src/server/domain/inventory/expiry';
import { ledgerDiscrepancies } from '../../src/server/domain/inventory/ledger';
import { locationDiscrepancies } from '../../src/server/domain/inventory/locations';
import { pageTexts } from '../support/pdf';
import { documentFixture, testDatabases, type TestApp } from './harness';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(testDatabases())('expiry and FEFO on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let t: TestApp, ownerA: number, w1: number;
  const IN = '/sapi/wms/inbound-order';
  const OUT = '/sapi/wms/outbound-order';
  const today = serverToday();
  const day = (n: number) => addDays(today, n);
  const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };

  /**
   * An inbound order of owner A with one line per receipt (planned in the receipt's batch; a second line of the
   * same SKU and batch planned as `P<n>` and received into the batch), received at once; the receive envelope.
   */
  const receive = async (receipts: Array<{ skuId: number; qty: number; batchNo?: string; productionDate?: string | null; expiryDate?: string | null }>, headers?: Record<string, string>) => {
    const planned = new Set<string>();
    const plan = receipts.map((r, i) => {
      const key = `${r.skuId}/${r.batchNo ?? ''}`;
      const batchNo = planned.has(key) ? `P${i}` : r.batchNo ?? '';
      planned.add(key);
      return { skuId: r.skuId, batchNo, plannedQty: r.qty };
    });
    const order = await ok(`${IN}/add`, { warehouseId: w1, ownerId: ownerA, lines: plan });
    const lines = receipts.map((r, i) => ({ lineId: order.lines[i].id, qty: r.qty, ...(r.batchNo !== undefined ? { batchNo: r.batchNo } : {}), ...(r.productionDate !== undefined ? { productionDate: r.productionDate } : {}), ...(r.expiryDate !== undefined ? { expiryDate: r.expiryDate } : {}) }));
    return { order, res: await call(`${IN}/receive`, { id: order.id, lines }, f.admin, headers) };
  };
  const received = async (...args: Parameters<typeof receive>) => {
    const { res } = await receive(...args);
    expect(res.code, res.msg).toBe(200);
    return res.data;
  };
  const stock = async (skuId: number) => (await ok('/sapi/wms/sku-inventory/list', { skuId, warehouseId: w1, sortProp: 'id', sortOrder: 'asc' })) as Rec[];
  const locks = async (skuId: number) => Object.fromEntries((await stock(skuId)).map((r) => [r.batchNo, r.lockQty]));
  const order = (skuId: number, qty: number, batchNo?: string) => ok(`${OUT}/add`, { warehouseId: w1, ownerId: ownerA, ...receiver, lines: [{ skuId, qty, ...(batchNo ? { batchNo } : {}) }] });
  const allocate = async (skuId: number, qty: number, batchNo?: string, headers?: Record<string, string>) => call(`${OUT}/allocate`, { id: (await order(skuId, qty, batchNo)).id }, f.admin, headers);
  const setOwner = (values: Rec) => ok('/sapi/wms/owner/edit', { id: ownerA, ...values });

  beforeAll(async () => {
    ({ t, ownerA, w1 } = await f.setUp(kind, { MILK: 'A', CREAM: 'A', SOAP: 'A', DATES: 'A', JAM: 'A', HONEY: 'A', TEA: 'A' }));
    for (const [code, shelfLifeDays] of [['MILK', 10], ['CREAM', null], ['DATES', 365], ['JAM', null], ['HONEY', null], ['TEA', null]] as const) {
      await ok('/sapi/wms/sku/edit', { id: skus[code], expiryTracked: true, shelfLifeDays });
    }
  });
  afterAll(() => f.close());

  it('keeps the SKU and owner settings', async () => {
    expect(await ok('/sapi/wms/sku/detail', { id: skus.MILK })).toMatchObject({ expiryTracked: true, shelfLifeDays: 10 });
    expect(await ok('/sapi/wms/sku/detail', { id: skus.SOAP })).toMatchObject({ expiryTracked: false, shelfLifeDays: null });
    expect((await call('/sapi/wms/owner/edit', { id: ownerA, minRemainingShelfLifeDays: -1 })).msg).toBe('Minimum remaining shelf life for outbound (days) cannot be less than 0');
    expect(await setOwner({ minRemainingShelfLifeDays: null, nearExpiryDays: null })).toMatchObject({ minRemainingShelfLifeDays: null, nearExpiryDays: null });
  });

  it('receiving requires an expiry date for an expiry-tracked SKU, checked before anything is written', async () => {
    const refused = async (receipt: Parameters<typeof receive>[0][0], headers?: Record<string, string>) => {
      const { order: o, res } = await receive([{ skuId: skus.SOAP, qty: 1, batchNo: 'FINE' }, receipt], headers);
      expect(res.code, res.msg).toBe(400);
      expect((await ok(`${IN}/detail`, { id: o.id })).lines.map((l: Rec) => l.receivedQty)).toEqual([0, 0]); // nothing received
      return res.msg;
    };
    expect(await refused({ skuId: skus.MILK, qty: 1, batchNo: 'M0' }))
      .toBe('Line 2: Expiry date cannot be empty: SKU MILK tracks expiry; give it, or the production date (the shelf life of 10 days is added)');
    expect(await refused({ skuId: skus.CREAM, qty: 1, batchNo: 'C0', productionDate: day(-1) }))
      .toBe('Line 2: Expiry date cannot be empty: SKU CREAM tracks expiry and has no shelf life to count it from a production date');
    expect(await refused({ skuId: skus.MILK, qty: 1, expiryDate: day(5) })).toBe('Line 2: Batch number cannot be empty: dates belong to a batch, and SKU MILK tracks expiry');
    expect(await refused({ skuId: skus.SOAP, qty: 1, expiryDate: day(5) })).toBe('Line 2: Batch number cannot be empty: dates belong to a batch, and SKU SOAP has dates on this line');
    expect(await refused({ skuId: skus.MILK, qty: 1, batchNo: 'M0', expiryDate: '2026-02-30' })).toBe('Line 2: Expiry date must be a date written yyyy-MM-dd');
    expect(await refused({ skuId: skus.MILK, qty: 1, batchNo: 'M0', productionDate: '20260101', expiryDate: day(3) })).toBe('Line 2: Production date must be a date written yyyy-MM-dd');
    expect(await refused({ skuId: skus.MILK, qty: 1, batchNo: 'M0', productionDate: day(1), expiryDate: day(0) })).toBe(`Line 2: Expiry date ${day(0)} is before the production date ${day(1)}`);
    expect(await refused({ skuId: skus.MILK, qty: 1, batchNo: 'M0' }, { 'x-lang': 'zh' })).toBe('第2行：有效期至不能为空：SKU MILK 管理效期；请填写有效期，或填写生产日期（加上 10 天保质期）');
    expect(await stock(skus.MILK)).toEqual([]);
    expect((await ok('/sapi/wms/batch/list', { skuId: skus.MILK }))).toEqual([]);
  });

  it('derives the expiry date from the production date and the shelf life; a batch keeps its dates', async () => {
    await received([{ skuId: skus.MILK, qty: 4, batchNo: 'M1', productionDate: day(-2) }]);
    const [batch] = await ok('/sapi/wms/batch/list', { skuId: skus.MILK });
    expect(batch).toMatchObject({ ownerId: ownerA, skuId: skus.MILK, sku: 'MILK', batchNo: 'M1', productionDate: day(-2), expiryDate: day(8) });
    // again without dates: the batch's own; with the same dates: fine
    await received([{ skuId: skus.MILK, qty: 1, batchNo: 'M1' }, { skuId: skus.MILK, qty: 1, batchNo: 'M1', productionDate: day(-2), expiryDate: day(8) }]);
    expect((await stock(skus.MILK)).map((r) => [r.batchNo, r.qty, r.expiryDate])).toEqual([['M1', 6, day(8)]]);
    // other dates for the batch: 400 naming the line and field, nothing received
    const { res } = await receive([{ skuId: skus.MILK, qty: 1, batchNo: 'M1', expiryDate: day(9) }]);
    expect([res.code, res.msg]).toEqual([400, `Line 1: Expiry date ${day(9)} differs from ${day(8)}, which batch M1 of SKU MILK already has`]);
    expect((await receive([{ skuId: skus.MILK, qty: 1, batchNo: 'M1', productionDate: day(-3) }])).res.msg)
      .toBe(`Line 1: Production date ${day(-3)} differs from ${day(-2)}, which batch M1 of SKU MILK already has`);
    // two lines of one new batch that disagree
    expect((await receive([{ skuId: skus.CREAM, qty: 1, batchNo: 'C1', expiryDate: day(20) }, { skuId: skus.CREAM, qty: 1, batchNo: 'C1', expiryDate: day(21) }])).res.msg)
      .toBe(`Line 2: Expiry date ${day(21)} differs from ${day(20)}, which batch C1 of SKU CREAM already has`);
    expect((await stock(skus.MILK))[0].qty).toBe(6);
    expect(await stock(skus.CREAM)).toEqual([]);
    // a SKU that tracks no expiry needs no dates
    await received([{ skuId: skus.SOAP, qty: 2 }]);
    expect((await stock(skus.SOAP)).map((r) => [r.batchNo, r.qty, r.expiryDate])).toEqual([['', 2, null]]);
  });

  it('two receipts giving one new batch different dates at once: one of them is stored, the other refused', async () => {
    const orders = await Promise.all([1, 2].map(() => ok(`${IN}/add`, { warehouseId: w1, ownerId: ownerA, lines: [{ skuId: skus.CREAM, batchNo: 'RACE', plannedQty: 1 }] })));
    const res = await Promise.all(orders.map((o, i) => call(`${IN}/receive`, { id: o.id, lines: [{ lineId: o.lines[0].id, qty: 1, expiryDate: day(40 + i) }] })));
    expect(res.map((r) => r.code).sort()).toEqual([200, 400]);
    const [batch] = await ok('/sapi/wms/batch/list', { skuId: skus.CREAM, batchNo: 'RACE' });
    const won = res.findIndex((r) => r.code === 200);
    expect(batch.expiryDate).toBe(day(40 + won));
    expect((await stock(skus.CREAM)).map((r) => [r.batchNo, r.qty])).toEqual([['RACE', 1]]);
  });

  it('allocates the earliest expiry first and never expired stock; the 409 says what the rules refused', async () => {
    // received out of expiry order: FIFO would take L3 first
    await received([
      { skuId: skus.DATES, qty: 5, batchNo: 'L3', expiryDate: day(30) },
      { skuId: skus.DATES, qty: 5, batchNo: 'L1', expiryDate: day(5) },
      { skuId: skus.DATES, qty: 5, batchNo: 'LX', expiryDate: day(-1) }, // expired yesterday
      { skuId: skus.DATES, qty: 5, batchNo: 'L2', expiryDate: day(10) },
      { skuId: skus.DATES, qty: 5, batchNo: 'L0', expiryDate: day(0) }, // last day today: still good
    ]);
    expect((await allocate(skus.DATES, 8)).code).toBe(200);
    expect(await locks(skus.DATES)).toEqual({ L3: 0, L1: 3, LX: 0, L2: 0, L0: 5 });
    expect((await allocate(skus.DATES, 4)).code).toBe(200);
    expect(await locks(skus.DATES)).toEqual({ L3: 0, L1: 5, LX: 0, L2: 2, L0: 5 });
    // left: L2 3 + L3 5 = 8 good, LX 5 expired
    const short = await allocate(skus.DATES, 10);
    expect([short.code, short.msg]).toEqual([409, 'Insufficient inventory for selected product: SKU DATES: available 8, requested 10; 5 of DATES are expired']);
    const zh = await allocate(skus.DATES, 10, undefined, { 'x-lang': 'zh' });
    expect(zh.msg).toBe('所选商品库存不足：SKU DATES：可用 8，需要 10；DATES 有 5 件已过期');
    expect((await allocate(skus.DATES, 1, 'LX')).msg).toBe('Insufficient inventory for selected product: SKU DATES (batch LX): available 0, requested 1; 5 of DATES are expired');
    expect(await locks(skus.DATES)).toEqual({ L3: 0, L1: 5, LX: 0, L2: 2, L0: 5 }); // the refusals locked nothing
    expect((await allocate(skus.DATES, 8)).code).toBe(200);
    expect(await locks(skus.DATES)).toEqual({ L3: 5, L1: 5, LX: 0, L2: 5, L0: 5 });
  });

  it('takes the oldest stock first (FIFO by receipt) for a SKU that tracks no expiry, whatever its dates', async () => {
    await received([{ skuId: skus.SOAP, qty: 3, batchNo: 'S-LATE', expiryDate: day(90) }]);
    await received([{ skuId: skus.SOAP, qty: 3, batchNo: 'S-SOON', expiryDate: day(-5) }]); // dates kept, not acted on
    expect((await allocate(skus.SOAP, 4)).code).toBe(200);
    expect(await locks(skus.SOAP)).toEqual({ '': 2, 'S-LATE': 2, 'S-SOON': 0 });
    expect((await ok('/sapi/wms/batch/list', { skuId: skus.SOAP })).map((b: Rec) => [b.batchNo, b.expiryDate])).toEqual([['S-SOON', day(-5)], ['S-LATE', day(90)]]);
  });

  it('refuses stock below the owner\'s minimum remaining shelf life, and takes it again once the minimum is lifted', async () => {
    await received([{ skuId: skus.JAM, qty: 4, batchNo: 'J1', expiryDate: day(5) }, { skuId: skus.JAM, qty: 2, batchNo: 'J2', expiryDate: day(20) }]);
    await setOwner({ minRemainingShelfLifeDays: 7 });
    const short = await allocate(skus.JAM, 3);
    expect([short.code, short.msg]).toEqual([409, 'Insufficient inventory for selected product: SKU JAM: available 2, requested 3; 4 of JAM are expired or below the minimum remaining shelf life (7 days)']);
    expect((await allocate(skus.JAM, 3, undefined, { 'x-lang': 'zh' })).msg).toBe('所选商品库存不足：SKU JAM：可用 2，需要 3；JAM 有 4 件已过期或低于最低剩余保质期（7 天）');
    expect((await allocate(skus.JAM, 2)).code).toBe(200);
    expect(await locks(skus.JAM)).toEqual({ J1: 0, J2: 2 });
    // exactly the minimum left is enough: 5 days left, minimum 5
    await setOwner({ minRemainingShelfLifeDays: 5 });
    expect((await allocate(skus.JAM, 1)).code).toBe(200);
    await setOwner({ minRemainingShelfLifeDays: null });
    expect((await allocate(skus.JAM, 3)).code).toBe(200);
    expect(await locks(skus.JAM)).toEqual({ J1: 4, J2: 2 });
  });

  it('shows the expiry date in the inventory list, the batch list and the pick list', async () => {
    const rows = await stock(skus.DATES);
    expect(rows.map((r) => [r.batchNo, r.expiryDate])).toEqual([['L3', day(30)], ['L1', day(5)], ['LX', day(-1)], ['L2', day(10)], ['L0', day(0)]]);
    const page = await ok('/sapi/wms/sku-inventory/page', { skuId: skus.DATES, batchNo: 'L1' });
    expect(page.records[0]).toMatchObject({ batchNo: 'L1', expiryDate: day(5), skuEntity: { sku: 'DATES' } });
    // the batch list: read-only, soonest expiry first
    const batches = await ok('/sapi/wms/batch/page', { skuId: skus.DATES });
    expect(batches.records.map((b: Rec) => b.batchNo)).toEqual(['LX', 'L0', 'L1', 'L2', 'L3']);
    expect((await call('/sapi/wms/batch/add', { ownerId: ownerA, skuId: skus.DATES, batchNo: 'NEW', expiryDate: day(1) })).msg).toBe('Batches are written by receiving only');
    expect((await call('/sapi/wms/batch/edit', { id: batches.records[0].id, expiryDate: day(100) })).code).toBe(400);
    // the pick list of an allocated order: batch and expiry date per row
    await received([{ skuId: skus.HONEY, qty: 2, batchNo: 'H1', expiryDate: day(60) }]);
    const o = await order(skus.HONEY, 2);
    await ok(`${OUT}/allocate`, { id: o.id });
    const minted = await ok('/sapi/sys/print/url', { document: 'pickList', id: o.id });
    const pdf = await t.app.inject({ method: 'GET', url: minted.url });
    expect(pdf.statusCode).toBe(200);
    const text = pageTexts(pdf.rawPayload).join('\n');
    expect(text).toContain('Expiry date');
    expect(text).toContain(day(60));
  });

  it('lists stock near expiry, counts it on the dashboard, and the daily task records what entered the window', async () => {
    // TEA: one batch in each part of the window
    await received([
      { skuId: skus.TEA, qty: 1, batchNo: 'T-EXPIRED', expiryDate: day(-3) },
      { skuId: skus.TEA, qty: 1, batchNo: 'T-7', expiryDate: day(7) },
      { skuId: skus.TEA, qty: 1, batchNo: 'T-30', expiryDate: day(30) },
      { skuId: skus.TEA, qty: 1, batchNo: 'T-31', expiryDate: day(31) },
    ]);
    const near = async (q: Rec) => ((await ok('/sapi/wms/sku-inventory/list', { skuId: skus.TEA, ...q })) as Rec[]).map((r) => r.batchNo).sort();
    expect(await near({ nearExpiry: true })).toEqual(['T-30', 'T-7', 'T-EXPIRED']); // the default window: 30 days
    expect(await near({ expiringWithinDays: 7 })).toEqual(['T-7', 'T-EXPIRED']);
    expect(await near({ expiringWithinDays: 0 })).toEqual(['T-EXPIRED']);
    expect(await near({ nearExpiry: false })).toEqual(['T-30', 'T-31', 'T-7', 'T-EXPIRED']); // false: no filter
    expect((await call('/sapi/wms/sku-inventory/page', { expiringWithinDays: -1 })).msg).toBe('Expiring within (days) cannot be less than 0');
    // all near-expiry stock of the data set: every tracked SKU's rows with stock in the window
    const all = (await ok('/sapi/wms/sku-inventory/page', { nearExpiry: true, size: 100 })).records as Rec[];
    expect(all.every((r) => r.qty > 0 && r.expiryDate <= day(30))).toBe(true);
    expect(all.some((r) => r.skuEntity.sku === 'SOAP')).toBe(false); // dates of a SKU that tracks no expiry are not watched
    const dashboard = async () => (await ok('/sapi/dashboard/overview', {})).counts.nearExpiry;
    expect(await dashboard()).toBe(all.length);
    // the owner's window: 7 days
    await setOwner({ nearExpiryDays: 7 });
    expect(await near({ nearExpiry: true })).toEqual(['T-7', 'T-EXPIRED']);
    expect(await dashboard()).toBe(((await ok('/sapi/wms/sku-inventory/page', { nearExpiry: true, size: 100 })).records as Rec[]).length);

    // the daily task: seeded, records each row once with its stock, expiry date and window
    const jobs = (await ok('/sapi/sys/job/list', {})) as Rec[];
    expect(jobs.find((j) => j.beanName === 'nearExpiryScan')).toMatchObject({ cronExpression: '10 0 * * *', status: JobStatus.ENABLED });
    const run = (params: Rec = {}) => nearExpiryJob.run({ db: t.database.db, params, signal: new AbortController().signal, fireTime: new Date(), dataDir: '' });
    const first = await run();
    const alerts = (await ok('/sapi/wms/expiry-alert/list', { skuId: skus.TEA })) as Rec[];
    expect(alerts.map((a) => [a.batchNo, a.expiryDate, a.qty, a.windowDays, a.alertDate]).sort()).toEqual([['T-7', day(7), 1, 7, today], ['T-EXPIRED', day(-3), 1, 7, today]]);
    expect(first).toMatchObject({ en: expect.stringMatching(new RegExp(`^${today}: \\d+ stock record\\(s\\) entered the near-expiry window$`)) });
    expect(await run()).toEqual({ en: `${today}: 0 stock record(s) entered the near-expiry window`, zh: `${today}：0 条库存记录进入临期预警期` });
    // a wider window tomorrow (30 days from tomorrow reach T-31): what entered it is recorded then, the rest stays as it was
    await setOwner({ nearExpiryDays: 30 });
    await run({ date: day(1) });
    const later = (await ok('/sapi/wms/expiry-alert/list', { skuId: skus.TEA })) as Rec[];
    expect(later.map((a) => [a.batchNo, a.windowDays, a.alertDate]).sort()).toEqual([['T-30', 30, day(1)], ['T-31', 30, day(1)], ['T-7', 7, today], ['T-EXPIRED', 7, today]]);
    await expect(run({ date: '2026-02-30' })).rejects.toThrow('date must be a calendar day yyyy-MM-dd');
    expect((await call('/sapi/wms/expiry-alert/add', { inventoryId: alerts[0].inventoryId })).msg).toBe('Near-expiry alerts are recorded by the daily task only');
    await setOwner({ nearExpiryDays: null });
  });

  it('leaves both inventory levels closed', async () => {
    expect(await ledgerDiscrepancies(t.database.db)).toEqual([]);
    expect(await locationDiscrepancies(t.database.db)).toEqual([]);
  });
});
