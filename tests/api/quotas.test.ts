/**
 * Company monthly quotas (spec 3 company "allowed inbound, return-inbound and outbound counts"; issue 12;
 * src/server/domain/quotas.ts): one more normal inbound, return inbound or outbound order than the company
 * allows this month is a 409 naming the limit (en, zh) and writes nothing; 0 is unlimited; rejected
 * deliveries are not counted; cancelled orders count, removed ones and last month's do not; recreate takes a
 * place; an order import that would pass the quota creates none of the company's orders; the company list
 * shows used / allowed; concurrent creates never take more places than there are.
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EcPlatform, InboundOrderStatus, InboundOrderType, OutboundOrderType } from '../../generated/shared/enums';
import { monthOf } from '../../src/server/domain/quotas';
import { startTestApp, testDatabases, uploadXlsx, waitImportJob, type Envelope, type TestApp } from './harness';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const IN = '/sapi/wms/inbound-order';
const OUT = '/sapi/wms/outbound-order';
const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };

describe.each(testDatabases())('company quotas on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let w1: Rec;
  let categoryId: number;

  const call = (path: string, body: unknown = {}, headers?: Record<string, string>): Promise<Envelope> => t.call(path, body, admin, headers);
  const ok = async (path: string, body: unknown = {}) => {
    const r = await call(path, body);
    expect(r.code, `${path}: ${r.msg}`).toBe(200);
    return r.data;
  };

  /** A company with these allowances, one goods owner of it and one SKU of that owner. */
  async function companyWith(name: string, allow: { inbound?: number; returns?: number; outbound?: number }) {
    const company = await ok('/sapi/wms/company/add', { name, allowInboundCount: allow.inbound ?? 0, allowReturnInboundCount: allow.returns ?? 0, allowOutboundCount: allow.outbound ?? 0 });
    const code = name.replace(/\W/g, '').slice(0, 12).toUpperCase();
    const owner = await ok('/sapi/wms/owner/add', { code, name: `${name} owner`, companyId: company.id });
    const sku = await ok('/sapi/wms/sku/add', { ownerId: owner.id, sku: `${code}-SKU`, name: 'Product', enable: true, categoryId, weight: 1 });
    const inbound = (type: number = InboundOrderType.NORMAL, headers?: Record<string, string>) => call(`${IN}/add`, {
      type, warehouseId: w1.id, ownerId: owner.id, ...(type === InboundOrderType.RETURN ? { sourceOutboundNo: 'OUT-1' } : {}), lines: [{ skuId: sku.id, plannedQty: 1 }],
    }, headers);
    const outbound = (type: number = OutboundOrderType.NORMAL) => call(`${OUT}/add`, { type, warehouseId: w1.id, ownerId: owner.id, platformOrderNo: 'P-1', ...receiver, lines: [{ skuId: sku.id, qty: 1 }] });
    const used = async () => {
      const c = await ok('/sapi/wms/company/detail', { id: company.id });
      return [c.inboundUsed, c.returnInboundUsed, c.outboundUsed];
    };
    return { company, owner, sku, inbound, outbound, used };
  }
  const orderCount = async (path: string, ownerId: number) => (await ok(`${path}/page`, { ownerId, size: 1 })).total as number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    w1 = (await ok('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' }))[0];
    categoryId = (await ok('/sapi/wms/sku-category/add', { name: 'Quota goods' })).id;
  });
  afterAll(async () => { await t?.close(); });

  it('refuses one order more than allowed this month with 409, per kind, in either language, and writes nothing', async () => {
    const c = await companyWith('Limited Trading', { inbound: 2, returns: 1, outbound: 1 });
    for (let i = 0; i < 2; i++) expect((await c.inbound()).code).toBe(200);
    const before = await orderCount(IN, c.owner.id);
    expect(await c.inbound()).toMatchObject({ code: 409, msg: 'Monthly limit of inbound orders reached (2)' });
    expect(await c.inbound(InboundOrderType.NORMAL, { 'x-lang': 'zh' })).toMatchObject({ code: 409, msg: '本月入库单数量已达上限（2）' });
    expect(await orderCount(IN, c.owner.id)).toBe(before);
    expect((await c.inbound(InboundOrderType.RETURN)).code).toBe(200);
    expect(await c.inbound(InboundOrderType.RETURN)).toMatchObject({ code: 409, msg: 'Monthly limit of return inbound orders reached (1)' });
    expect(await c.inbound(InboundOrderType.RETURN, { 'x-lang': 'zh' })).toMatchObject({ code: 409, msg: '本月退货入库单数量已达上限（1）' });
    // rejected deliveries have no allowance
    for (let i = 0; i < 3; i++) expect((await c.inbound(InboundOrderType.REJECT)).code).toBe(200);
    // outbound: every type counts
    await ok('/sapi/wms/ec-platform-sku/add', { skuId: c.sku.id, ecPlatform: EcPlatform.NOON, ecPlatformSku: 'N-LIMITED' });
    expect((await c.outbound(OutboundOrderType.NOON)).code).toBe(200);
    expect(await c.outbound(OutboundOrderType.NORMAL)).toMatchObject({ code: 409, msg: 'Monthly limit of outbound orders reached (1)' });
    expect(await call(`${OUT}/add`, { warehouseId: w1.id, ownerId: c.owner.id, ...receiver, lines: [{ skuId: c.sku.id, qty: 1 }] }, { 'x-lang': 'zh' }))
      .toMatchObject({ code: 409, msg: '本月出库单数量已达上限（1）' });
    // a bad order is told so first (400), whatever the quota
    expect((await call(`${OUT}/add`, { warehouseId: w1.id, ownerId: c.owner.id, ...receiver, lines: [] })).code).toBe(400);
    expect(await c.used()).toEqual([2, 1, 1]);
    // a full quota does not stop edits of the orders there are
    const [first] = (await ok(`${IN}/page`, { ownerId: c.owner.id, type: InboundOrderType.NORMAL, size: 1 })).records;
    expect((await call(`${IN}/edit`, { id: first.id, remark: 'still editable' })).code).toBe(200);
  });

  it('counts nothing for 0 (unlimited), and lets more in when the allowance is raised', async () => {
    const c = await companyWith('Unlimited Trading', {});
    for (let i = 0; i < 5; i++) expect((await c.inbound()).code).toBe(200);
    expect(await c.used()).toEqual([5, 0, 0]);
    await ok('/sapi/wms/company/edit', { id: c.company.id, allowInboundCount: 5 });
    expect((await c.inbound()).code).toBe(409);
    await ok('/sapi/wms/company/edit', { id: c.company.id, allowInboundCount: 6 });
    expect((await c.inbound()).code).toBe(200);
  });

  it('counts cancelled orders, not removed ones nor those of last month; recreate takes a place', async () => {
    const c = await companyWith('Monthly Trading', { inbound: 2 });
    const a = (await c.inbound()).data;
    const b = (await c.inbound()).data;
    await ok(`${IN}/cancel`, { id: a.id });
    expect((await c.inbound()).code).toBe(409); // the cancelled one still counts
    expect(await call(`${IN}/recreate`, { id: a.id })).toMatchObject({ code: 409, msg: 'Monthly limit of inbound orders reached (2)' });
    expect((await ok(`${IN}/detail`, { id: a.id })).status).toBe(InboundOrderStatus.CANCELLED); // the refused recreate changed nothing
    await ok(`${IN}/remove`, { id: b.id });
    expect(await c.used()).toEqual([1, 0, 0]);
    expect((await call(`${IN}/recreate`, { id: a.id })).code).toBe(200);
    expect(await c.used()).toEqual([2, 0, 0]);
    // an order created before this month (server time zone) does not count
    const lastMonth = new Date(monthOf().start.getTime() - 1000);
    await t.database.db.execute(sql`update wms_inbound_order set add_date = ${lastMonth} where id = ${a.id}`);
    expect(await c.used()).toEqual([1, 0, 0]);
    expect((await c.inbound()).code).toBe(200);
  });

  it('shows used / allowed in the company list, for every company of the page', async () => {
    const c = await companyWith('Listed Trading', { inbound: 3, outbound: 7 });
    await c.inbound();
    await c.outbound();
    await c.outbound();
    const page = await ok('/sapi/wms/company/page', { name: 'Listed Trading' });
    expect(page.records).toEqual([expect.objectContaining({ allowInboundCount: 3, inboundUsed: 1, allowReturnInboundCount: 0, returnInboundUsed: 0, allowOutboundCount: 7, outboundUsed: 2 })]);
    const all = await ok('/sapi/wms/company/list', {});
    expect(all.every((r: Rec) => Number.isInteger(r.inboundUsed) && Number.isInteger(r.returnInboundUsed) && Number.isInteger(r.outboundUsed))).toBe(true);
    // a computed field is read-only: sent on edit, it is not stored anywhere
    expect((await ok('/sapi/wms/company/edit', { id: c.company.id, inboundUsed: 99, remark: 'x' })).inboundUsed).toBe(1);
  });

  it('refuses an import that would pass the quota as a whole (all or nothing), and takes one that fits', async () => {
    const c = await companyWith('Import Trading', { inbound: 3 });
    expect((await c.inbound()).code).toBe(200);
    const other = await companyWith('Other Trading', {});
    const file = async (keys: Array<[string, string]>) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Orders');
      ws.addRow(['Store order number', 'Warehouse', 'Goods owner', 'SKU', 'Planned quantity']);
      for (const [key, ownerName] of keys) ws.addRow([key, w1.name, ownerName, ownerName === c.owner.name ? c.sku.sku : other.sku.sku, 1]);
      return uploadXlsx(t, Buffer.from(await wb.xlsx.writeBuffer()), admin);
    };
    const run = async (keys: Array<[string, string]>) => {
      const started = await call(`${IN}/excel/import`, { type: InboundOrderType.NORMAL, ...(await file(keys)) });
      expect(started.code, started.msg).toBe(200);
      return waitImportJob(t, started.data.id, admin);
    };
    const three = await run([['Q-1', c.owner.name], ['Q-2', c.owner.name], ['O-1', other.owner.name], ['Q-3', c.owner.name]]);
    expect(three.status).toBe(3);
    const message = 'Monthly limit of inbound orders reached (3): 1 this month, this file would add 3';
    expect(three.errors).toEqual([2, 3, 5].map((row) => ({ row, column: 'Store order number', message })));
    expect(three.message).toMatch(/^Created 1 of 4 orders from 1 of 4 rows/); // the other company's order went in
    expect(await c.used()).toEqual([1, 0, 0]);
    const two = await run([['Q-1', c.owner.name], ['Q-2', c.owner.name]]);
    expect(two).toMatchObject({ status: 2, doneRows: 2 });
    expect(await c.used()).toEqual([3, 0, 0]);
  });

  it('gives the last place to exactly one of several creates at the same time', async () => {
    const c = await companyWith('Racing Trading', { inbound: 3, outbound: 2 });
    expect((await c.inbound()).code).toBe(200);
    expect((await c.inbound()).code).toBe(200);
    const inbound = await Promise.all(Array.from({ length: 6 }, () => c.inbound()));
    expect(inbound.map((r) => r.code).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const outbound = await Promise.all(Array.from({ length: 6 }, () => c.outbound()));
    expect(outbound.map((r) => r.code).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await c.used()).toEqual([3, 0, 2]);
    expect(await orderCount(IN, c.owner.id)).toBe(3);
  });
});
