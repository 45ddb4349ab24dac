/**
 * Excel imports of SKUs, supplier SKUs and platform SKUs (spec 2.8, 3 "Import form", 5, 7.2; issue 3):
 * a good file goes in whole, a bad one names every row, column and rule and writes nothing, the owner must
 * be in the caller's scope, jobs are private to their starter, templates round-trip, and a job cut off by a
 * restart does not stay running.
 */
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sku as skuTable } from '../../generated/db/schema';
import { sysImportJob } from '../../src/server/db/internal-schema';
import { failInterruptedImports, IMPORT_STALE_SECONDS, INTERRUPTED_MESSAGE, MAX_STORED_ERRORS } from '../../src/server/domain/imports/jobs';
import { startTestApp, testDatabases, userWith, type TestApp, uploadXlsx, waitImportJob } from './harness';

type Cell = string | number | boolean | null | undefined;

/** An xlsx workbook in memory: one data sheet (header + rows), optionally preceded by another sheet. */
async function xlsx(header: string[], rows: Cell[][], opts: { sheetBefore?: boolean } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  if (opts.sheetBefore) wb.addWorksheet('Read me').addRow(['This workbook holds SKUs on the next sheet']);
  const ws = wb.addWorksheet('Data');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const SKU_HEADER = ['SKU / SKU编码', 'Product name / 商品名称', 'Category / 商品分类', 'Colour / 颜色', 'Size / 尺码', 'Goods number / 货号', 'Weight (kg) / 重量(kg)', 'Enabled (Y/N) / 是否启用(Y/N)', 'Remark for warehouse / 仓库备注', 'Remark for owner / 货主备注'];

describe.each(testDatabases())('excel imports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let o1: { id: number; companyId: number };
  let o2: { id: number; companyId: number };

  const upload = (data: Buffer, token = admin, name = 'import.xlsx') => uploadXlsx(t, data, token, name);
  const waitJob = (id: string, token = admin) => waitImportJob(t, id, token);
  /** Uploads `data`, starts the import at `path` for `ownerId` and waits for its end. */
  const importFile = async (path: string, ownerId: number, data: Buffer, token = admin) => {
    const file = await upload(data, token);
    const started = await t.call(path, { ownerId, ...file }, token);
    expect(started.code, started.msg).toBe(200);
    expect(started.data).toEqual({ id: expect.any(String), status: 1, totalRows: 0, doneRows: 0 });
    return waitJob(started.data.id, token);
  };
  const skuCount = async (ownerId: number) => (await t.call('/sapi/wms/sku/page', { ownerId, size: 1 }, admin)).data.total as number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    [o1, o2] = (await t.call('/sapi/wms/owner/list', {}, admin)).data;
    for (const name of ['Clothing', 'Shoes', 'Electronics']) expect((await t.call('/sapi/wms/sku-category/add', { name }, admin)).code).toBe(200);
  });
  afterAll(async () => { await t?.close(); });

  it('imports 200 good SKUs in one go, with the owner\'s company', async () => {
    const cats = ['Clothing', 'shoes', 'Electronics'];
    const rows: Cell[][] = Array.from({ length: 200 }, (_, i) => [
      `GOOD-${String(i).padStart(4, '0')}`, `Product ${i}`, cats[i % 3], i % 2 ? 'Red' : null, ['S', 'M', 'L'][i % 3], `G${i}`,
      i % 4 === 0 ? `${(i / 8).toFixed(3)}` : Math.round(i * 12.345) / 1000, i % 10 === 0 ? 'N' : i % 10 === 1 ? null : 'Y', i === 5 ? 'Fragile' : null, null,
    ]);
    const job = await importFile('/sapi/wms/sku/excel/import', o1.id, await xlsx(SKU_HEADER, rows));
    expect(job).toMatchObject({ status: 2, kind: 'sku', totalRows: 200, doneRows: 200, errors: [], message: null });
    expect(await skuCount(o1.id)).toBe(200);
    const [first] = (await t.call('/sapi/wms/sku/list', { ownerId: o1.id, sku: 'GOOD-0005' }, admin)).data.filter((s: any) => s.sku === 'GOOD-0005');
    expect(first).toMatchObject({ ownerId: o1.id, companyId: o1.companyId, name: 'Product 5', category: 'Electronics', color: 'Red', size: 'L', goodsNo: 'G5', weight: 0.062, enable: true, remarkForWarehouse: 'Fragile' });
    const all = await t.database.db.select().from(skuTable).where(eq(skuTable.ownerId, o1.id));
    expect(all.every((s) => s.companyId === o1.companyId)).toBe(true);
    expect(all.find((s) => s.sku === 'GOOD-0010')).toMatchObject({ enable: false, weight: 0.123 });
    expect(all.find((s) => s.sku === 'GOOD-0008')).toMatchObject({ enable: true, weight: 1 }); // the text '1.000'
    expect(all.find((s) => s.sku === 'GOOD-0011')).toMatchObject({ enable: true, color: 'Red' });
  });

  it('reads columns by header text in either language, in any order, on the sheet that has them', async () => {
    const header = ['重量', '商品名称', '备用列', 'SKU编码', '商品分类', 'Enabled'];
    const job = await importFile('/sapi/wms/sku/excel/import', o2.id, await xlsx(header, [[1.5, '中文商品', 'x', 'ZH-1', 'Clothing', '否'], [2, 'Second', null, 'ZH-2', 'Shoes', 'yes']], { sheetBefore: true }));
    expect(job).toMatchObject({ status: 2, totalRows: 2, doneRows: 2 });
    const rows = await t.database.db.select().from(skuTable).where(eq(skuTable.ownerId, o2.id));
    expect(rows.map((r) => [r.sku, r.weight, r.enable, r.companyId]).sort()).toEqual([['ZH-1', 1.5, false, o2.companyId], ['ZH-2', 2, true, o2.companyId]]);
  });

  it('fails a file with bad rows, naming every row, column and rule, and writes nothing', async () => {
    const before = await skuCount(o1.id);
    const rows: Cell[][] = [
      ['NEW-1', 'Fine row', 'Clothing', null, null, null, 1, 'Y', null, null], // row 2: good
      [null, 'No code', 'Clothing', null, null, null, 1, 'Y', null, null], // row 3
      ['NEW-3', null, null, null, null, null, 1, 'Y', null, null], // row 4: no name, no category
      ['NEW-4', 'Bad category', 'Furniture', null, null, null, 1, 'Y', null, null], // row 5
      ['NEW-5', 'Weight text', 'Shoes', null, null, null, 'heavy', 'Y', null, null], // row 6
      ['NEW-6', 'Weight high', 'Shoes', null, null, null, 10000, 'Y', null, null], // row 7
      ['NEW-7', 'Weight decimals', 'Shoes', null, null, null, 1.2345, 'Y', null, null], // row 8
      ['NEW-1', 'Repeated code', 'Shoes', null, null, null, 1, 'Y', null, null], // row 9: repeats row 2
      ['GOOD-0001', 'Exists already', 'Shoes', null, null, null, 1, 'Y', null, null], // row 10
      ['NEW-10', 'Enabled?', 'Shoes', null, null, null, -1, 'maybe', null, null], // row 11: weight < 0, enabled
      ['NEW-11', 'No weight', 'Shoes', null, null, null, null, null, null, null], // row 12
    ];
    const job = await importFile('/sapi/wms/sku/excel/import', o1.id, await xlsx(SKU_HEADER, rows));
    expect(job.status).toBe(3);
    expect(job.errors).toEqual([
      { row: 3, column: 'SKU', message: 'SKU cannot be empty' },
      { row: 4, column: 'Product name', message: 'Product name cannot be empty' },
      { row: 4, column: 'Category', message: 'Category cannot be empty' },
      { row: 5, column: 'Category', message: 'Category "Furniture" does not exist' },
      { row: 6, column: 'Weight (kg)', message: 'Weight (kg) must be a number' },
      { row: 7, column: 'Weight (kg)', message: 'Weight (kg) cannot be greater than 9999' },
      { row: 8, column: 'Weight (kg)', message: 'Weight (kg) can have at most 3 decimals' },
      { row: 9, column: 'SKU', message: 'SKU "NEW-1" is repeated: it is already on row 2' },
      { row: 10, column: 'SKU', message: 'SKU "GOOD-0001" already exists for this goods owner' },
      { row: 11, column: 'Weight (kg)', message: 'Weight (kg) cannot be less than 0' },
      { row: 11, column: 'Enabled (Y/N)', message: 'Enabled (Y/N) must be Y or N' },
      { row: 12, column: 'Weight (kg)', message: 'Weight (kg) cannot be empty' },
    ]);
    expect(job.message).toBe('12 errors in 10 of 11 rows; nothing was imported');
    expect(job.doneRows).toBe(0);
    expect(await skuCount(o1.id)).toBe(before);
  });

  it('runs two imports for one owner one after the other: the second finds the first one\'s SKUs', async () => {
    const data = await xlsx(SKU_HEADER, Array.from({ length: 50 }, (_, i) => [`TWICE-${i}`, 'x', 'Shoes', null, null, null, 0.5, 'Y', null, null]));
    const [f1, f2] = [await upload(data), await upload(data)];
    const [a, b] = await Promise.all([t.call('/sapi/wms/sku/excel/import', { ownerId: o2.id, ...f1 }, admin), t.call('/sapi/wms/sku/excel/import', { ownerId: o2.id, ...f2 }, admin)]);
    const jobs = [await waitJob(a.data.id), await waitJob(b.data.id)];
    expect(jobs.map((j) => j.status).sort()).toEqual([2, 3]);
    const failed = jobs.find((j) => j.status === 3);
    expect(failed.errors).toHaveLength(50);
    expect(failed.errors[0]).toEqual({ row: 2, column: 'SKU', message: 'SKU "TWICE-0" already exists for this goods owner' });
  });

  it('writes its messages in the caller\'s language', async () => {
    const file = await upload(await xlsx(SKU_HEADER, [['ZH-ERR', null, 'Clothing', null, null, null, 'x', null, null, null]]));
    const started = await t.call('/sapi/wms/sku/excel/import', { ownerId: o1.id, ...file }, admin, { 'x-lang': 'zh' });
    const job = await waitJob(started.data.id);
    expect(job.errors).toEqual([{ row: 2, column: '商品名称', message: '商品名称不能为空' }, { row: 2, column: '重量(kg)', message: '重量(kg)只能是数字' }]);
  });

  it('stores at most 1000 errors and says how many more there are', async () => {
    const rows: Cell[][] = Array.from({ length: 1200 }, (_, i) => [`MANY-${i}`, null, 'Clothing', null, null, null, 1, 'Y', null, null]);
    const job = await importFile('/sapi/wms/sku/excel/import', o1.id, await xlsx(SKU_HEADER, rows));
    expect(job.status).toBe(3);
    expect(job.errors).toHaveLength(MAX_STORED_ERRORS);
    expect(job.errors[999]).toEqual({ row: 1001, column: 'Product name', message: 'Product name cannot be empty' });
    expect(job.message).toBe('1200 errors in 1200 of 1200 rows; nothing was imported; the first 1000 are listed, 200 more are not shown');
  });

  it('fails a file whose header lacks required columns, or that is not a workbook', async () => {
    const job = await importFile('/sapi/wms/sku/excel/import', o1.id, await xlsx(['SKU', 'Name', 'Colour'], [['H-1', 'x', 'red']]));
    expect(job).toMatchObject({ status: 3, message: 'The header row lacks required columns; nothing was imported' });
    expect(job.errors).toEqual([
      { row: 1, column: 'Category', message: 'Column "Category / 商品分类" is missing from the header row' },
      { row: 1, column: 'Weight (kg)', message: 'Column "Weight (kg) / 重量(kg)" is missing from the header row' },
    ]);
    const broken = await importFile('/sapi/wms/sku/excel/import', o1.id, Buffer.from('this is not a zip file'));
    expect(broken.status).toBe(3);
    expect(broken.message).toMatch(/^The file cannot be read as an \.xlsx workbook: /);
    const empty = await importFile('/sapi/wms/sku/excel/import', o1.id, await xlsx(SKU_HEADER, []));
    expect(empty).toMatchObject({ status: 3, message: 'The file has no data rows below the header row' });
  });

  it('checks the form: owner, file, scope and permission', async () => {
    const file = await upload(await xlsx(SKU_HEADER, [['S-1', 'x', 'Clothing', null, null, null, 1, 'Y', null, null]]));
    expect(await t.call('/sapi/wms/sku/excel/import', { filePath: file.filePath }, admin)).toMatchObject({ code: 400, msg: 'Goods owner cannot be empty' });
    expect(await t.call('/sapi/wms/sku/excel/import', { ownerId: o1.id }, admin)).toMatchObject({ code: 400, msg: 'File cannot be empty' });
    expect(await t.call('/sapi/wms/sku/excel/import', { ownerId: o1.id, filePath: '2024/01/01/00000000-0000-0000-0000-000000000000.xlsx' }, admin)).toMatchObject({ code: 404 });
    expect(await t.call('/sapi/wms/sku/excel/import', { ownerId: 99999, filePath: file.filePath }, admin)).toMatchObject({ code: 404 });
    // a user scoped to owner 1 cannot import for owner 2, nor use another user's upload
    const scoped = await userWith(t, admin, { codes: ['sku:add', 'sku:list'], ownerIds: [o1.id] });
    const own = await upload(await xlsx(SKU_HEADER, [['SCOPED-1', 'x', 'Clothing', null, null, null, 1, 'Y', null, null]]), scoped.token);
    const refused = await t.call('/sapi/wms/sku/excel/import', { ownerId: o2.id, ...own }, scoped.token);
    expect(refused).toMatchObject({ code: 404, msg: `Goods owners #${o2.id} does not exist` });
    expect((await t.call('/sapi/wms/sku/excel/import', { ownerId: o1.id, ...file }, scoped.token)).code).toBe(404);
    const accepted = await t.call('/sapi/wms/sku/excel/import', { ownerId: o1.id, ...own }, scoped.token);
    expect(accepted.code).toBe(200);
    expect(await waitJob(accepted.data.id, scoped.token)).toMatchObject({ status: 2, doneRows: 1 });
    // without sku:add: 403
    const reader = await userWith(t, admin, { codes: ['sku:list'] });
    expect((await t.call('/sapi/wms/supplier-sku/excel/import', { ownerId: o1.id, ...own }, reader.token)).code).toBe(403);
    // a .txt is no workbook
    const txt = await upload(Buffer.from('a,b'), admin, 'list.txt');
    expect(await t.call('/sapi/wms/sku/excel/import', { ownerId: o1.id, ...txt }, admin)).toMatchObject({ code: 400, msg: 'File must be an .xlsx workbook (use the template)' });
  });

  it('imports supplier SKUs of the owner\'s SKUs and refuses unknown SKUs, empty and repeated rows', async () => {
    const header = ['SKU / SKU编码', 'Supplier name / 供应商名称', 'Supplier SKU / 供应商SKU'];
    const good = await importFile('/sapi/wms/supplier-sku/excel/import', o1.id, await xlsx(header, [
      ['GOOD-0001', 'Acme', 'AC-1'], ['GOOD-0001', 'Beta Ltd', null], ['GOOD-0002', null, 'X-2'],
    ]));
    expect(good).toMatchObject({ status: 2, kind: 'supplierSku', totalRows: 3, doneRows: 3 });
    const [s1] = (await t.call('/sapi/wms/sku/list', { ownerId: o1.id, sku: 'GOOD-0001' }, admin)).data.filter((s: any) => s.sku === 'GOOD-0001');
    expect(s1.supplierNames).toEqual(['Acme', 'Beta Ltd']);
    const list = (await t.call('/sapi/wms/supplier-sku/list', { skuId: s1.id }, admin)).data;
    expect(list.every((r: any) => r.ownerId === o1.id)).toBe(true);

    const bad = await importFile('/sapi/wms/supplier-sku/excel/import', o1.id, await xlsx(header, [
      ['GOOD-0003', 'Gamma', 'G-3'], // row 2 fine
      ['ZH-1', 'Acme', 'A'], // row 3: SKU of the other owner
      ['GOOD-0004', null, null], // row 4: nothing to add
      ['GOOD-0003', 'Gamma', 'G-3'], // row 5: repeats row 2
      ['GOOD-0001', 'Acme', 'AC-1'], // row 6: exists
    ]));
    expect(bad.status).toBe(3);
    expect(bad.errors).toEqual([
      { row: 3, column: 'SKU', message: 'SKU "ZH-1" does not exist for this goods owner' },
      { row: 4, column: 'Supplier name', message: 'Supplier name or Supplier SKU must be filled' },
      { row: 5, column: 'Supplier SKU', message: 'This supplier and supplier SKU of SKU "GOOD-0003" are repeated: already on row 2' },
      { row: 6, column: 'Supplier SKU', message: 'SKU "GOOD-0001" already has this supplier and supplier SKU' },
    ]);
    expect((await t.call('/sapi/wms/supplier-sku/page', { skuId: s1.id }, admin)).data.total).toBe(2);
  });

  it('imports platform SKUs by platform key or label and refuses unknown platforms, missing and repeated ones', async () => {
    const header = ['Platform / 平台', 'SKU / SKU编码', 'Platform SKU / 平台SKU', 'Brand / 品牌', 'Model name / 型号名称', 'Model number / 型号'];
    const good = await importFile('/sapi/wms/ec-platform-sku/excel/import', o1.id, await xlsx(header, [
      ['NOON', 'GOOD-0001', 'N-1', 'Acme', 'Tee', 'T1'], ['noon', 'GOOD-0002', 'N-2', null, null, null], ['Amazon.sa', 'GOOD-0001', 'A-1', null, null, null], ['amazon_ae', 'GOOD-0001', 'A-2', null, null, null],
    ]));
    expect(good).toMatchObject({ status: 2, kind: 'ecPlatformSku', totalRows: 4, doneRows: 4 });
    const [s1] = (await t.call('/sapi/wms/sku/list', { ownerId: o1.id, sku: 'GOOD-0001' }, admin)).data.filter((s: any) => s.sku === 'GOOD-0001');
    expect(s1.ecPlatforms).toEqual([1, 2, 3]);
    const noon = (await t.call('/sapi/wms/ec-platform-sku/list', { skuId: s1.id, ecPlatform: 1 }, admin)).data;
    expect(noon).toMatchObject([{ ecPlatformSku: 'N-1', brand: 'Acme', modelName: 'Tee', modelNumber: 'T1', ownerId: o1.id }]);

    const bad = await importFile('/sapi/wms/ec-platform-sku/excel/import', o1.id, await xlsx(header, [
      ['ZID', 'GOOD-0003', 'Z-3', null, null, null], // row 2 fine
      ['eBay', 'GOOD-0003', 'E-3', null, null, null], // row 3
      ['SALLA', 'GOOD-0003', null, null, null, null], // row 4
      [null, 'GOOD-0004', 'X', null, null, null], // row 5
      ['Zid', 'GOOD-0003', 'Z-again', null, null, null], // row 6: repeats row 2
      ['NOON', 'GOOD-0001', 'N-again', null, null, null], // row 7: exists
      ['NOON', 'NOPE', 'N-x', null, null, null], // row 8: unknown SKU
    ]));
    expect(bad.status).toBe(3);
    expect(bad.errors).toEqual([
      { row: 3, column: 'Platform', message: 'Platform "eBay" is unknown; use one of: NOON, AMAZON_SA, AMAZON_AE, NAMSHI, TRENDYOL, SALLA, ZID, CARREFOUR' },
      { row: 4, column: 'Platform SKU', message: 'Platform SKU cannot be empty' },
      { row: 5, column: 'Platform', message: 'Platform cannot be empty' },
      { row: 6, column: 'Platform', message: 'SKU "GOOD-0003" on platform ZID (Zid) is repeated: already on row 2' },
      { row: 7, column: 'Platform', message: 'SKU "GOOD-0001" already has a platform SKU on NOON (noon)' },
      { row: 8, column: 'SKU', message: 'SKU "NOPE" does not exist for this goods owner' },
    ]);
    const [s3] = (await t.call('/sapi/wms/sku/list', { ownerId: o1.id, sku: 'GOOD-0003' }, admin)).data.filter((s: any) => s.sku === 'GOOD-0003');
    expect(s3.ecPlatforms).toEqual([]);
  });

  it('shows a job only to the user who started it, and to admins', async () => {
    const u = await userWith(t, admin, { codes: ['sku:add'], ownerIds: [o2.id] });
    const job = await importFile('/sapi/wms/sku/excel/import', o2.id, await xlsx(SKU_HEADER, [['PRIV-1', 'x', 'Clothing', null, null, null, 1, null, null, null]]), u.token);
    expect(job).toMatchObject({ status: 2, ownerId: o2.id, errors: [], finishDate: expect.any(String) });
    expect((await t.call('/sapi/sys/importJob/query', { id: job.id }, admin)).data.id).toBe(job.id);
    const other = await userWith(t, admin, { codes: ['sku:add'] });
    expect(await t.call('/sapi/sys/importJob/query', { id: job.id }, other.token)).toMatchObject({ code: 404 });
    expect(await t.call('/sapi/sys/importJob/query', { id: 'nope' }, admin)).toMatchObject({ code: 404 });
    expect((await t.call('/sapi/sys/importJob/query', { id: job.id })).code).toBe(600);
  });

  it('serves the three templates; the SKU template imports as it is', async () => {
    const read = async (name: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/static/templates/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return { wb, bytes: res.rawPayload };
    };
    const header = (wb: ExcelJS.Workbook, i = 0) => (wb.worksheets[i].getRow(1).values as string[]).slice(1);
    const skuT = await read('sku-import.xlsx');
    expect(header(skuT.wb)).toEqual(SKU_HEADER);
    expect(skuT.wb.worksheets[1].name).toBe('Categories');
    expect(skuT.wb.worksheets[1].getColumn(1).values.slice(2)).toEqual(['Clothing', 'Electronics', 'Shoes']);
    expect(skuT.wb.worksheets[0].rowCount).toBe(2);
    const supT = await read('supplier-sku-import.xlsx');
    expect(header(supT.wb)).toEqual(['SKU / SKU编码', 'Supplier name / 供应商名称', 'Supplier SKU / 供应商SKU']);
    const platT = await read('ec-platform-sku-import.xlsx');
    expect(header(platT.wb)).toEqual(['SKU / SKU编码', 'Platform / 平台', 'Platform SKU / 平台SKU', 'Brand / 品牌', 'Model name / 型号名称', 'Model number / 型号']);
    expect(platT.wb.worksheets[1].name).toBe('Platforms');
    expect(platT.wb.worksheets[1].getRow(2).values).toEqual([undefined, 'NOON', 'noon', 'noon']);
    // a new category shows up in the next download
    expect((await t.call('/sapi/wms/sku-category/add', { name: 'Accessories' }, admin)).code).toBe(200);
    const again = await read('sku-import.xlsx');
    expect(again.wb.worksheets[1].getColumn(1).values.slice(2)).toEqual(['Accessories', 'Clothing', 'Electronics', 'Shoes']);
    // the example row (first category) goes in as it is
    const job = await importFile('/sapi/wms/sku/excel/import', o2.id, again.bytes);
    expect(job).toMatchObject({ status: 2, totalRows: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/static/templates/nope.xlsx' })).statusCode).toBe(404);
  });

  it('marks jobs left running by a crash as failed once their heartbeat is old, and leaves live ones alone (issue 28)', async () => {
    const dead = '00000000-0000-4000-8000-000000000001';
    const alive = '00000000-0000-4000-8000-000000000002';
    const lost = '00000000-0000-4000-8000-000000000003';
    const old = new Date(Date.now() - (IMPORT_STALE_SECONDS + 5) * 1000);
    await t.database.db.insert(sysImportJob).values([
      { id: dead, kind: 'sku', ownerId: o1.id, filePath: 'x', status: 1, userId: 1, heartbeatAt: old },
      // another instance's job: it beats
      { id: alive, kind: 'sku', ownerId: o1.id, filePath: 'x', status: 1, userId: 1, heartbeatAt: new Date() },
      { id: lost, kind: 'sku', ownerId: o1.id, filePath: 'x', status: 1, userId: 1, heartbeatAt: old },
    ]);
    expect(await failInterruptedImports(t.database.db, dead)).toBe(1);
    expect((await t.call('/sapi/sys/importJob/query', { id: dead }, admin)).data).toMatchObject({ status: 3, message: INTERRUPTED_MESSAGE });
    // the query fails a stale job it reads; a live one stays running
    expect((await t.call('/sapi/sys/importJob/query', { id: lost }, admin)).data).toMatchObject({ status: 3, message: INTERRUPTED_MESSAGE });
    expect((await t.call('/sapi/sys/importJob/query', { id: alive }, admin)).data).toMatchObject({ status: 1 });
    expect(await failInterruptedImports(t.database.db)).toBe(0);
    await t.database.db.delete(sysImportJob).where(inArray(sysImportJob.id, [dead, alive, lost]));
  });
});
