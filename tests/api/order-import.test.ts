/**
 * Excel import of inbound and outbound orders (issue 5; spec 7.2, 8): rows grouped into orders by their key,
 * each order created through the generic add (same rules and numbers as POST .../add) in its own
 * transaction, so a bad order fails alone; duplicates in the database and in the file ("a duplicate
 * exists"); the noon platform-SKU rule; unknown and foreign SKUs; money in cents; dates in the caller's
 * time zone; zh messages; tracking refused; permission 403; owner scope; templates.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Currency, EcPlatform, InboundOrderType, OutboundOrderType } from '../../generated/shared/enums';
import { startTestApp, testDatabases, userWith, type TestApp, uploadXlsx, waitImportJob } from './harness';

type Cell = string | number | boolean | Date | null | undefined;
type Rec = Record<string, any>;

async function xlsx(header: string[], rows: Cell[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Orders');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const IN_HEADER = ['Store order number / 店铺订单号', 'Warehouse / 仓库', 'Goods owner / 货主', 'Source outbound number / 原出库单号', 'Waybill number / 运单号',
  'Return waybill number / 退货运单号', 'Planned arrival / 预计到货时间', 'Remark / 备注', 'SKU / SKU编码', 'Batch number / 批次号', 'Planned quantity / 计划数量'];
const OUT_HEADER = ['Platform order number / 平台订单号', 'Warehouse / 仓库', 'Goods owner / 货主', 'Receiver / 收件人', 'Receiver phone / 收件人电话', 'Receiver email / 收件人邮箱',
  'Country / 国家', 'Province / 省/州', 'City / 城市', 'Postcode / 邮编', 'Address / 地址', 'Cash on delivery / 代收货款', 'COD currency / 代收币种', 'Insured (Y/N) / 是否保价(Y/N)',
  'Insured amount / 保价金额', 'Insured currency / 保价币种', 'Waybill number / 运单号', 'Remark / 备注', 'SKU / SKU编码', 'Batch number / 批次号', 'Quantity / 数量'];

const IN_PATH = '/sapi/wms/inbound-order/excel/import';
const OUT_PATH = '/sapi/wms/outbound-order/excel/import';

describe.each(testDatabases())('order imports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ownerA: Rec, ownerB: Rec, w1: Rec, w2: Rec;

  const upload = (data: Buffer, token = admin) => uploadXlsx(t, data, token, 'orders.xlsx');
  const waitJob = (id: string, token = admin) => waitImportJob(t, id, token);
  /** Uploads the rows as a workbook, starts the import at `path` with `type` and waits for its end. */
  const importRows = async (path: string, type: number, header: string[], rows: Cell[][], o: { token?: string; headers?: Record<string, string> } = {}) => {
    const token = o.token ?? admin;
    const file = await upload(await xlsx(header, rows), token);
    const started = await t.call(path, { type, ...file }, token, o.headers);
    expect(started.code, started.msg).toBe(200);
    expect(started.data).toEqual({ id: expect.any(String), status: 1, totalRows: 0, doneRows: 0 });
    return waitJob(started.data.id, token);
  };
  const inbound = async (storeOrderNo: string) => (await t.call('/sapi/wms/inbound-order/page', { storeOrderNo, size: 50 }, admin)).data.records as Rec[];
  const outbound = async (platformOrderNo: string) => (await t.call('/sapi/wms/outbound-order/page', { platformOrderNo, size: 50 }, admin)).data.records as Rec[];
  /** An inbound row: key, warehouse, owner, source outbound, waybill, return waybill, arrival, remark, SKU, batch, qty. */
  const inRow = (key: string, sku: string, qty: Cell, o: Partial<Record<'warehouse' | 'owner' | 'source' | 'waybill' | 'returnWaybill' | 'arrival' | 'remark' | 'batch', Cell>> = {}): Cell[] =>
    [key, o.warehouse === undefined ? w1.name : o.warehouse, o.owner === undefined ? ownerA.name : o.owner, o.source, o.waybill, o.returnWaybill, o.arrival, o.remark, sku, o.batch, qty];
  const outRow = (key: string, sku: string, qty: Cell, o: Rec = {}): Cell[] => {
    const v: Rec = { warehouse: w1.code, owner: ownerA.code, receiver: 'Sara Ali', phone: '+966 555 0001', email: null, country: 'sa', province: null, city: 'Riyadh', postcode: '12211', address: 'King Fahd Rd 1', ...o };
    return [key, v.warehouse, v.owner, v.receiver, v.phone, v.email, v.country, v.province, v.city, v.postcode, v.address, v.cod, v.codCurrency, v.insured, v.insuredAmount, v.insuredCurrency, v.waybill, v.remark, sku, v.batch, qty];
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    const owners = (await t.call('/sapi/wms/owner/list', {}, admin)).data as Rec[];
    ownerA = owners.find((o) => o.code === 'OWN-A')!;
    ownerB = owners.find((o) => o.code === 'OWN-B')!;
    [w1, w2] = (await t.call('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' }, admin)).data;
    const cat = (await t.call('/sapi/wms/sku-category/add', { name: 'Perfume' }, admin)).data.id;
    for (const [code, owner] of [['ROSE', ownerA], ['MUSK', ownerA], ['007', ownerA], ['CABLE', ownerB]] as const) {
      const r = await t.call('/sapi/wms/sku/add', { ownerId: owner.id, sku: code, name: `${code} product`, enable: true, categoryId: cat, weight: 1 }, admin);
      expect(r.code, r.msg).toBe(200);
      if (code === 'ROSE') expect((await t.call('/sapi/wms/ec-platform-sku/add', { skuId: r.data.id, ecPlatform: EcPlatform.NOON, ecPlatformSku: 'N-ROSE' }, admin)).code).toBe(200);
    }
  });
  afterAll(async () => { await t?.close(); });

  it('creates one inbound order per store order number, lines from its rows, through the add (numbers, company, time zone)', async () => {
    const job = await importRows(IN_PATH, InboundOrderType.NORMAL, IN_HEADER, [
      inRow('SO-1', 'ROSE', 10, { waybill: 'SMSA-1', arrival: '2026-01-15 10:00', remark: 'Pallets', batch: 'B1' }),
      inRow('SO-1', 'MUSK', 5, { warehouse: null, owner: null }), // order columns may stay empty on later rows
      inRow('SO-1', '007', '3'),
      inRow('SO-2', 'ROSE', 1, { warehouse: w2.code, owner: ownerA.code, arrival: new Date(Date.UTC(2026, 0, 16, 8, 30)) }), // an Excel date: wall time
    ], { headers: { 'x-time-zone': '+3' } });
    expect(job).toMatchObject({ status: 2, kind: 'inboundOrder', ownerId: 0, totalRows: 4, doneRows: 4, errors: [], message: 'Created 2 of 2 orders from 4 of 4 rows' });
    const [so1] = await inbound('SO-1');
    expect(so1).toMatchObject({
      type: InboundOrderType.NORMAL, status: 1, warehouseId: w1.id, ownerId: ownerA.id, companyId: ownerA.companyId, waybillNo: 'SMSA-1', remark: 'Pallets',
      plannedArrivalTime: '2026-01-15T07:00:00.000Z', plannedQty: 18,
    });
    expect(so1.orderNo).toMatch(/^IN\d{14}$/);
    expect(so1.lines.map((l: Rec) => [l.sku, l.batchNo, l.plannedQty])).toEqual([['ROSE', 'B1', 10], ['MUSK', '', 5], ['007', '', 3]]);
    const [so2] = await inbound('SO-2');
    expect(so2).toMatchObject({ warehouseId: w2.id, ownerId: ownerA.id, plannedQty: 1, plannedArrivalTime: '2026-01-16T05:30:00.000Z' });
  });

  it('fails only the bad orders, naming row, column and rule (unknown and foreign SKU, add rules, conflicts)', async () => {
    const job = await importRows(IN_PATH, InboundOrderType.NORMAL, IN_HEADER, [
      inRow('BAD-1', 'ROSE', 1), // row 2
      inRow('BAD-1', 'NOPE', 1), // row 3: unknown SKU
      inRow('BAD-2', 'CABLE', 1), // row 4: SKU of the other owner
      inRow('GOOD-1', 'ROSE', 2), // row 5: goes in
      inRow('BAD-3', 'ROSE', 0), // row 6: the add's quantity rule
      inRow('BAD-4', 'ROSE', 1, { batch: 'X' }), // row 7
      inRow('BAD-4', 'ROSE', 2, { batch: 'X' }), // row 8: the add's "same SKU and batch twice"
      inRow('BAD-5', 'ROSE', 1), // row 9
      inRow('BAD-5', 'MUSK', 1, { warehouse: w2.name }), // row 10: another warehouse within one order
      inRow('BAD-6', 'ROSE', 1, { warehouse: 'Nowhere', arrival: 'soon' }), // row 11
      inRow('', 'ROSE', 1), // row 12: no key
    ]);
    expect(job.status).toBe(3);
    expect(job.doneRows).toBe(1);
    expect(job.message).toBe('Created 1 of 7 orders from 1 of 11 rows; an order with an error is not imported at all: correct its rows and import them again');
    expect(job.errors).toEqual([
      { row: 3, column: 'SKU', message: 'SKU "NOPE" does not exist for this goods owner' },
      { row: 4, column: 'SKU', message: 'SKU "CABLE" does not exist for this goods owner' },
      { row: 6, column: 'Planned quantity', message: 'Planned quantity cannot be less than 1' },
      { row: 8, column: 'SKU', message: 'the same SKU and batch are listed twice' },
      { row: 10, column: 'Warehouse', message: `Warehouse "${w2.name}" differs from "${w1.name}" on row 9 of the same order` },
      { row: 11, column: 'Warehouse', message: 'Warehouse "Nowhere" does not exist' },
      { row: 11, column: 'Planned arrival', message: 'Planned arrival must be a date' },
      { row: 12, column: 'Store order number', message: 'Store order number cannot be empty' },
    ]);
    expect(await inbound('GOOD-1')).toHaveLength(1);
    for (const key of ['BAD-1', 'BAD-2', 'BAD-3', 'BAD-4', 'BAD-5', 'BAD-6']) expect(await inbound(key), key).toHaveLength(0);
  });

  it('refuses a store order number that a live order of the owner has, or that two groups of the file have', async () => {
    expect((await importRows(IN_PATH, InboundOrderType.NORMAL, IN_HEADER, [inRow('DUP-DB', 'ROSE', 1)])).status).toBe(2);
    const [existing] = await inbound('DUP-DB');
    const job = await importRows(IN_PATH, InboundOrderType.NORMAL, IN_HEADER, [
      inRow('DUP-DB', 'ROSE', 4), // row 2: exists for owner A
      inRow('DUP-DB', 'MUSK', 4), // row 3
      inRow('DUP-F', 'ROSE', 1), // row 4
      inRow('DUP-F', 'MUSK', 1), // row 5
      inRow('FINE', 'ROSE', 1), // row 6
      inRow('DUP-F', 'ROSE', 2), // row 7: DUP-F again, not adjacent
      inRow('DUP-DB', 'CABLE', 1, { owner: ownerB.name }), // row 8: same key for another owner is no duplicate
    ]);
    expect(job.status).toBe(3);
    expect(job.errors).toEqual([
      { row: 2, column: 'Store order number', message: `A duplicate exists: Store order number "DUP-DB" (${existing.orderNo})` },
      { row: 3, column: 'Store order number', message: `A duplicate exists: Store order number "DUP-DB" (${existing.orderNo})` },
      { row: 4, column: 'Store order number', message: 'A duplicate exists: Store order number "DUP-F" (also on row 7)' },
      { row: 5, column: 'Store order number', message: 'A duplicate exists: Store order number "DUP-F" (also on row 7)' },
      { row: 7, column: 'Store order number', message: 'A duplicate exists: Store order number "DUP-F" (also on row 4)' },
    ]);
    expect(job.message).toMatch(/^Created 2 of 5 orders from 2 of 7 rows; /);
    expect((await inbound('DUP-DB')).map((o) => o.ownerId).sort()).toEqual([ownerA.id, ownerB.id].sort());
    expect(await inbound('DUP-F')).toHaveLength(0);
    expect(await inbound('FINE')).toHaveLength(1);
    // a cancelled order is no duplicate
    expect((await t.call('/sapi/wms/inbound-order/cancel', { id: existing.id }, admin)).code).toBe(200);
    expect((await importRows(IN_PATH, InboundOrderType.NORMAL, IN_HEADER, [inRow('DUP-DB', 'MUSK', 9)])).status).toBe(2);
    expect((await inbound('DUP-DB')).filter((o) => o.ownerId === ownerA.id).map((o) => o.status).sort()).toEqual([1, 4]);
  });

  it('creates each order once when two imports of one file run at the same time', async () => {
    const data = await xlsx(IN_HEADER, Array.from({ length: 12 }, (_, i) => inRow(`RACE-${i >> 1}`, i % 2 ? 'MUSK' : 'ROSE', 1)));
    const [f1, f2] = [await upload(data), await upload(data)];
    const started = await Promise.all([t.call(IN_PATH, { type: 1, ...f1 }, admin), t.call(IN_PATH, { type: 1, ...f2 }, admin)]);
    const jobs = await Promise.all(started.map((s) => waitJob(s.data.id)));
    expect(jobs[0].doneRows + jobs[1].doneRows).toBe(12);
    expect([...jobs[0].errors, ...jobs[1].errors]).toHaveLength(12);
    expect([...jobs[0].errors, ...jobs[1].errors].every((e: Rec) => e.message.startsWith('A duplicate exists: Store order number "RACE-'))).toBe(true);
    for (let i = 0; i < 6; i++) expect((await inbound(`RACE-${i}`)).map((o) => o.plannedQty)).toEqual([2]);
  });

  it('imports customer returns with the add\'s rule on the source outbound number', async () => {
    const job = await importRows(IN_PATH, InboundOrderType.RETURN, IN_HEADER, [
      inRow('RET-1', 'ROSE', 1, { source: 'OUT20260101000001', returnWaybill: 'RW-1' }),
      inRow('RET-2', 'ROSE', 1),
    ]);
    expect(job.errors).toEqual([{ row: 3, column: 'Source outbound number', message: 'Source outbound number cannot be empty for a customer return' }]);
    expect(await inbound('RET-1')).toMatchObject([{ type: InboundOrderType.RETURN, sourceOutboundNo: 'OUT20260101000001', returnWaybillNo: 'RW-1' }]);
  });

  it('creates outbound orders with money in cents and currencies; refuses amounts without currency and bad cells', async () => {
    const job = await importRows(OUT_PATH, OutboundOrderType.NORMAL, OUT_HEADER, [
      outRow('PO-1', 'ROSE', 2, { cod: 125.5, codCurrency: 'sar', insured: 'Y', insuredAmount: '10.05', insuredCurrency: 'USD', email: 'sara@example.com', waybill: 'WB-1' }), // row 2
      outRow('PO-1', 'MUSK', 1, { receiver: null, phone: null, country: null, address: null, city: null, postcode: null }), // row 3
      outRow('PO-2', 'ROSE', 1, { cod: 10 }), // row 4: no currency (the add's rule)
      outRow('PO-3', 'ROSE', 1, { cod: 1.005, codCurrency: 'EUR' }), // row 5: 3 decimals, unknown currency
      outRow('PO-4', 'ROSE', 1, { receiver: null }), // row 6: the add's required receiver
      outRow('PO-5', 'ROSE', 1, { insured: 'maybe' }), // row 7
    ]);
    expect(job.status).toBe(3);
    expect(job.errors).toEqual([
      { row: 4, column: 'COD currency', message: 'choose the currency of the amount' },
      { row: 5, column: 'Cash on delivery', message: 'Cash on delivery can have at most 2 decimals' },
      { row: 5, column: 'COD currency', message: 'COD currency must be one of: SAR, AED, USD, RMB' },
      { row: 6, column: 'Receiver', message: 'Receiver cannot be empty' },
      { row: 7, column: 'Insured (Y/N)', message: 'Insured (Y/N) must be Y or N' },
    ]);
    const [po1] = await outbound('PO-1');
    expect(po1).toMatchObject({
      type: OutboundOrderType.NORMAL, status: 1, warehouseId: w1.id, ownerId: ownerA.id, receiverName: 'Sara Ali', receiverEmail: 'sara@example.com', countryCode: 'SA',
      codAmount: 12550, codCurrency: Currency.SAR, insured: true, insuredAmount: 1005, insuredCurrency: Currency.USD, waybillNo: 'WB-1', qty: 3,
    });
    expect(po1.orderNo).toMatch(/^OUT\d{14}$/);
    expect(po1.lines.map((l: Rec) => [l.sku, l.qty])).toEqual([['ROSE', 2], ['MUSK', 1]]);
    for (const key of ['PO-2', 'PO-3', 'PO-4', 'PO-5']) expect(await outbound(key), key).toHaveLength(0);
  });

  it('applies the noon platform-SKU rule of the add to noon imports', async () => {
    const job = await importRows(OUT_PATH, OutboundOrderType.NOON, OUT_HEADER, [
      outRow('NOON-1', 'ROSE', 1),
      outRow('NOON-2', 'ROSE', 1),
      outRow('NOON-2', 'MUSK', 1),
    ]);
    expect(job.errors).toEqual([{ row: 3, column: 'SKU', message: 'product SKU not configured for selected e-commerce platform (noon): MUSK' }]);
    expect(await outbound('NOON-1')).toMatchObject([{ type: OutboundOrderType.NOON }]);
    expect(await outbound('NOON-2')).toHaveLength(0);
  });

  it('refuses duplicates of live outbound orders and rows with a tracking column filled', async () => {
    const [po1] = await outbound('PO-1');
    const header = [...OUT_HEADER, 'Delivery status / 妥投状态'];
    const job = await importRows(OUT_PATH, OutboundOrderType.NORMAL, header, [
      [...outRow('PO-1', 'ROSE', 1), null],
      [...outRow('TRACK-1', 'ROSE', 1), 'All delivered'],
      [...outRow('TRACK-2', 'ROSE', 1), null],
    ]);
    expect(job.errors).toEqual([
      { row: 2, column: 'Platform order number', message: `A duplicate exists: Platform order number "PO-1" (${po1.orderNo})` },
      { row: 3, column: 'Delivery status', message: 'Trajectory tracking not supported via import' },
    ]);
    expect(await outbound('TRACK-1')).toHaveLength(0);
    expect(await outbound('TRACK-2')).toHaveLength(1);
  });

  it('writes its messages in the caller\'s language', async () => {
    const [so2] = await inbound('SO-2');
    const job = await importRows(IN_PATH, InboundOrderType.NORMAL, ['店铺订单号', '仓库', '货主', 'SKU编码', '计划数量'], [
      ['SO-2', w2.name, ownerA.name, 'ROSE', 1],
      ['ZH-1', w1.name, ownerA.name, 'NOPE', 1],
      ['ZH-2', w1.name, ownerA.name, 'ROSE', 1],
    ], { headers: { 'x-lang': 'zh' } });
    expect(job.errors).toEqual([
      { row: 2, column: '店铺订单号', message: `已存在重复数据：店铺订单号“SO-2”（${so2.orderNo}）` },
      { row: 3, column: 'SKU编码', message: '该货主没有 SKU“NOPE”' },
    ]);
    expect(job.message).toBe('共3个订单，已创建1个（3行中的1行）；有错误的订单整单未导入：请修改这些行后重新导入');
  });

  it('checks the form, the permission and the owner scope', async () => {
    const file = await upload(await xlsx(IN_HEADER, [inRow('F-1', 'ROSE', 1)]));
    expect(await t.call(IN_PATH, { filePath: file.filePath }, admin)).toMatchObject({ code: 400, msg: 'Type cannot be empty' });
    expect(await t.call(IN_PATH, { type: 4, ...file }, admin)).toMatchObject({ code: 400, msg: 'Type must be one of: 1, 2, 3' });
    expect(await t.call(OUT_PATH, { type: 3, ...file }, admin)).toMatchObject({ code: 400, msg: 'Type must be one of: 1, 2' });
    expect(await t.call(IN_PATH, { type: 1 }, admin)).toMatchObject({ code: 400, msg: 'File cannot be empty' });
    expect(await t.call(IN_PATH, { type: 1, filePath: '2024/01/01/00000000-0000-0000-0000-000000000000.xlsx' }, admin)).toMatchObject({ code: 404 });

    const inboundOnly = await userWith(t, admin, { codes: ['inbound:edit', 'inbound:list', 'outbound:list'] });
    const own = await upload(await xlsx(IN_HEADER, [inRow('F-1', 'ROSE', 1)]), inboundOnly.token);
    expect((await t.call(OUT_PATH, { type: 1, ...own }, inboundOnly.token)).code).toBe(403);
    const reader = await userWith(t, admin, { codes: ['inbound:list'] });
    expect((await t.call(IN_PATH, { type: 1, ...own }, reader.token)).code).toBe(403);
    expect((await t.call(IN_PATH, { type: 1, ...own }, inboundOnly.token)).code).toBe(200);
    // someone else's upload is not found
    expect((await t.call(IN_PATH, { type: 1, ...file }, inboundOnly.token)).code).toBe(404);

    // a user scoped to owner A and warehouse 1: owner B and warehouse 2 do not exist for it
    const scoped = await userWith(t, admin, { codes: ['inbound:edit', 'inbound:list'], ownerIds: [ownerA.id], warehouseIds: [w1.id] });
    const job = await importRows(IN_PATH, InboundOrderType.NORMAL, IN_HEADER, [
      inRow('SCOPE-1', 'ROSE', 1),
      inRow('SCOPE-2', 'CABLE', 1, { owner: ownerB.name }),
      inRow('SCOPE-3', 'ROSE', 1, { warehouse: w2.name }),
    ], { token: scoped.token });
    expect(job.errors).toEqual([
      { row: 3, column: 'Goods owner', message: `Goods owner "${ownerB.name}" does not exist` },
      { row: 4, column: 'Warehouse', message: `Warehouse "${w2.name}" does not exist` },
    ]);
    expect(await inbound('SCOPE-1')).toMatchObject([{ ownerId: ownerA.id, warehouseId: w1.id }]);
    expect(await inbound('SCOPE-2')).toHaveLength(0);
    // the job is the starter's
    expect((await t.call('/sapi/sys/importJob/query', { id: job.id }, reader.token)).code).toBe(404);
  });

  it('fails a file without the required columns and one without rows', async () => {
    const job = await importRows(IN_PATH, InboundOrderType.NORMAL, ['Store order number', 'SKU', 'Planned quantity'], [['H-1', 'ROSE', 1]]);
    expect(job).toMatchObject({ status: 3, message: 'The header row lacks required columns; nothing was imported' });
    expect(job.errors.map((e: Rec) => e.column)).toEqual(['Warehouse', 'Goods owner']);
    expect(await importRows(OUT_PATH, OutboundOrderType.NORMAL, OUT_HEADER, [])).toMatchObject({ status: 3, message: 'The file has no data rows below the header row' });
  });

  it('serves both templates with their headers', async () => {
    const read = async (name: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/static/templates/${name}` });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return wb;
    };
    const header = (wb: ExcelJS.Workbook) => (wb.worksheets[0].getRow(1).values as string[]).slice(1);
    const inT = await read('inbound-order-import.xlsx');
    expect(header(inT)).toEqual(IN_HEADER);
    expect(inT.worksheets[1].name).toBe('Notes');
    const outT = await read('outbound-order-import.xlsx');
    expect(header(outT)).toEqual(OUT_HEADER);
    expect(outT.worksheets[0].getRow(2).getCell(12).value).toBe(125.5);
  });
});
