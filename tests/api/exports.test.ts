/**
 * Asynchronous Excel export of the inventory list (spec 2.6, 3 "Export job", 4, 7.2, 8; issue 4): the start
 * call answers at once with a CREATED job, polling reaches SUCCESS, the downloaded workbook holds the header
 * in the caller's language and exactly the rows the list query selects within the caller's scope; jobs are
 * private to their starter; a job abandoned by a stopped instance is resumed at the next start; a failing
 * export ends FAIL with a message.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EcPlatform, ExportStatus, JudgementType } from '../../generated/shared/enums';
import { buildApp } from '../../src/server/app';
import { sysFileExport } from '../../src/server/db/internal-schema';
import { createExportDeps, downloadName, resumeStaleExports, settleExports } from '../../src/server/domain/exports/jobs';
import { exportDefinitions } from '../../src/server/domain/exports/routes';
import type { FileStorage } from '../../src/server/domain/files/storage';
import { CAPTCHA_ANSWER, startTestApp, testDatabases, userWith, type TestApp } from './harness';

type Rec = Record<string, any>;
type Cell = string | number | null;
const { GAIN, LOSS } = JudgementType;

const HEADER_EN = ['No.', 'Company', 'Warehouse', 'Goods owner', 'SKU', 'Product name', 'Goods number', 'Category', 'Colour', 'Size', 'Weight (kg)', 'Batch number', 'Quantity', 'Locked quantity', 'Available quantity', 'Suppliers', 'Platforms'];
const HEADER_ZH = ['序号', '公司', '仓库', '货主', 'SKU', '商品名称', '货号', '商品分类', '颜色', '尺码', '重量(kg)', '批次号', '数量', '冻结数量', '可用数量', '供应商', '平台'];
const OLD = new Date(Date.now() - 10 * 60_000);

/** The cells of a workbook's first sheet, row by row, 17 columns each (empty cells as null). */
async function readSheet(data: Buffer): Promise<{ name: string; rows: Cell[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: Cell[][] = [];
  for (let i = 1; i <= ws.rowCount; i++) rows.push(Array.from({ length: 17 }, (_, c) => (ws.getRow(i).getCell(c + 1).value as Cell) ?? null));
  return { name: ws.name, rows };
}

describe.each(testDatabases())('inventory export on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ownerA: Rec, ownerB: Rec, w1: Rec, w2: Rec;
  const skus: Record<string, number> = {};
  const call = (path: string, body: unknown = {}, token = admin, headers?: Record<string, string>) => t.call(path, body, token, headers);
  const ok = async (path: string, body: unknown, token = admin) => {
    const r = await call(path, body, token);
    expect(r.code, `${path}: ${r.msg}`).toBe(200);
    return r.data;
  };
  const adjust = async (warehouseId: number, ownerId: number, lines: Rec[]) => {
    const doc = await ok('/sapi/wms/inventory-judgement/add', { warehouseId, ownerId, remark: 'count', lines });
    return ok('/sapi/wms/inventory-judgement/approve', { id: doc.id });
  };
  /** Starts an export; checks it answers at once with a CREATED job. */
  const start = async (body: Rec, token = admin, headers?: Record<string, string>) => {
    const r = await call('/sapi/wms/sku-inventory/exportExcel', body, token, headers);
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), exportStatus: ExportStatus.CREATED, downloadUrl: null });
    return r.data.id as string;
  };
  const waitJob = async (id: string, token = admin, app = t) => {
    for (let i = 0; i < 600; i++) {
      const r = await app.call('/sapi/sys/fileExport/query', { id }, token);
      expect(r.code, r.msg).toBe(200);
      if (r.data.exportStatus !== ExportStatus.CREATED) return r.data as { id: string; exportStatus: number; downloadUrl: string | null; message: string | null; totalRows: number };
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error(`export ${id} still running`);
  };
  const download = (url: string, token?: string, app = t) => app.app.inject({ method: 'GET', url, headers: token ? { 'x-token': token } : {} });
  /** Starts, waits for SUCCESS, downloads and reads the sheet. */
  const exportRows = async (body: Rec, token = admin, headers?: Record<string, string>) => {
    const id = await start(body, token, headers);
    const job = await waitJob(id, token);
    expect(job, job.message ?? '').toMatchObject({ id, exportStatus: ExportStatus.SUCCESS, downloadUrl: expect.stringMatching(new RegExp(`^/sapi/sys/fileExport/download/${id}\\?u=\\d+&exp=\\d+&sig=[\\w-]+$`)), message: null });
    const res = await download(job.downloadUrl!, token);
    expect(res.statusCode).toBe(200);
    const sheet = await readSheet(res.rawPayload);
    expect(job.totalRows).toBe(sheet.rows.length - 1);
    return { id, job, res, ...sheet };
  };
  /** The SKU codes and batch numbers of the data rows. */
  const keys = (rows: Cell[][]) => rows.slice(1).map((r) => `${r[4]}/${r[11] ?? ''}@${r[2]}`);

  // PostgreSQL: a real files directory, shared with the second instance of the resume test (as in production)
  const filesDir = kind === 'postgres' ? mkdtempSync(join(tmpdir(), 'wms-export-test-')) : undefined;

  beforeAll(async () => {
    t = await startTestApp(kind, filesDir ? { dataDir: filesDir } : {});
    admin = await t.login();
    const owners = (await call('/sapi/wms/owner/list')).data as Rec[];
    ownerA = owners.find((o) => o.code === 'OWN-A')!;
    ownerB = owners.find((o) => o.code === 'OWN-B')!;
    [w1, w2] = (await call('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' })).data as Rec[];
    const perfume = (await ok('/sapi/wms/sku-category/add', { name: 'Perfume' })).id;
    const cables = (await ok('/sapi/wms/sku-category/add', { name: 'Cables' })).id;
    for (const [o, code, name, cat, extra] of [
      [ownerA, 'ROSE-30', 'Rose Oil 30ml', perfume, { goodsNo: 'G-ROSE', color: 'Red', size: '30 ml', weight: 0.125 }],
      [ownerA, 'MUSK-10', 'White Musk', perfume, { weight: 2 }],
      [ownerB, 'CABLE-1', 'USB Cable', cables, { goodsNo: 'G-CAB', color: 'Black', weight: 0.05 }],
    ] as const) {
      skus[code] = (await ok('/sapi/wms/sku/add', { ownerId: o.id, sku: code, name, enable: true, categoryId: cat, ...extra })).id;
    }
    await ok('/sapi/wms/supplier-sku/add', { skuId: skus['ROSE-30'], supplierName: 'Taif Farms', supplierSku: 'TF-1' });
    await ok('/sapi/wms/supplier-sku/add', { skuId: skus['ROSE-30'], supplierName: 'Acme', supplierSku: 'AC-1' });
    await ok('/sapi/wms/ec-platform-sku/add', { skuId: skus['ROSE-30'], ecPlatform: EcPlatform.NOON, ecPlatformSku: 'N-ROSE' });
    await ok('/sapi/wms/ec-platform-sku/add', { skuId: skus['ROSE-30'], ecPlatform: EcPlatform.AMAZON_SA, ecPlatformSku: 'A-ROSE' });
    // inventory only through the ledger: approved adjustments
    await adjust(w1.id, ownerA.id, [{ skuId: skus['ROSE-30'], batchNo: 'B1', type: GAIN, qty: 10, reason: 'count' }, { skuId: skus['MUSK-10'], type: GAIN, qty: 4 }]);
    await adjust(w2.id, ownerA.id, [{ skuId: skus['ROSE-30'], batchNo: 'B2', type: GAIN, qty: 5 }]);
    await adjust(w1.id, ownerB.id, [{ skuId: skus['CABLE-1'], type: GAIN, qty: 7 }]);
    await adjust(w2.id, ownerB.id, [{ skuId: skus['CABLE-1'], batchNo: 'OLD', type: GAIN, qty: 3 }]);
    await adjust(w2.id, ownerB.id, [{ skuId: skus['CABLE-1'], batchNo: 'OLD', type: LOSS, qty: 3 }]);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  it('answers at once with a CREATED job; polling reaches SUCCESS; the file holds the header and every row of the list', async () => {
    const { rows, name, res, id } = await exportRows({ skipLoading: true, current: 3, size: 10 });
    expect(name).toBe('Inventory');
    expect(rows[0]).toEqual(HEADER_EN);
    const list = (await ok('/sapi/wms/sku-inventory/page', { size: 500 })).records as Rec[];
    expect(list).toHaveLength(5);
    // the list's order (id desc) and its values, one row per record
    expect(rows.slice(1)).toEqual(list.map((r, i) => [
      i + 1, r.companyName, r.warehouseName, r.ownerName, r.skuEntity.sku, r.skuEntity.name, r.skuEntity.goodsNo ?? null, r.skuEntity.category,
      r.skuEntity.color ?? null, r.skuEntity.size ?? null, r.skuEntity.weight, r.batchNo || null, r.qty, r.lockQty, r.qty - r.lockQty,
      r.supplierNames.join('\n') || null, r.ecPlatforms.length ? r.ecPlatforms.map((p: number) => ({ 1: 'noon', 2: 'Amazon.sa' } as Rec)[p]).join('\n') : null,
    ]));
    const rose = rows.find((r) => r[4] === 'ROSE-30' && r[11] === 'B1')!;
    expect(rose).toEqual([expect.any(Number), 'Demo Trading Co.', w1.name, ownerA.name, 'ROSE-30', 'Rose Oil 30ml', 'G-ROSE', 'Perfume', 'Red', '30 ml', 0.125, 'B1', 10, 0, 10, 'Acme\nTaif Farms', 'noon\nAmazon.sa']);
    expect(rows.find((r) => r[4] === 'MUSK-10')).toEqual([expect.any(Number), 'Demo Trading Co.', w1.name, ownerA.name, 'MUSK-10', 'White Musk', null, 'Perfume', null, null, 2, null, 4, 0, 4, null, null]);
    // a download named after the start time, as an attachment
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const [job] = await t.database.db.select().from(sysFileExport).where(eq(sysFileExport.id, id));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${downloadName('inventory', job.addDate, 0)}"`);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inventory-\d{8}-\d{6}\.xlsx"$/);
    expect(job).toMatchObject({ kind: 'inventory', status: ExportStatus.SUCCESS, userId: expect.any(Number), query: {}, scope: { warehouseIds: [-1], ownerIds: [-1] }, lang: 'en', totalRows: 5, finishDate: expect.any(Date) });
    // a browser opens the signed downloadUrl without headers; a session token in the query is never read (issue 26)
    expect((await t.app.inject({ method: 'GET', url: `/sapi/sys/fileExport/download/${id}?token=${admin}` })).statusCode).toBe(401);
  });

  it('applies the list filters and sort: owner, in stock, SKU text, platform, category, warehouse, batch', async () => {
    expect(keys((await exportRows({ ownerId: ownerB.id })).rows).sort()).toEqual([`CABLE-1/@${w1.name}`, `CABLE-1/OLD@${w2.name}`]);
    expect(keys((await exportRows({ containInventory: false })).rows)).toEqual([`CABLE-1/OLD@${w2.name}`]);
    expect((await exportRows({ containInventory: true })).rows).toHaveLength(5);
    expect(keys((await exportRows({ sku: '  rose  ' })).rows).sort()).toEqual([`ROSE-30/B1@${w1.name}`, `ROSE-30/B2@${w2.name}`]);
    expect(keys((await exportRows({ sku: 'usb cab' })).rows).sort()).toEqual([`CABLE-1/@${w1.name}`, `CABLE-1/OLD@${w2.name}`]);
    expect(keys((await exportRows({ ecPlatform: EcPlatform.AMAZON_SA })).rows).sort()).toEqual([`ROSE-30/B1@${w1.name}`, `ROSE-30/B2@${w2.name}`]);
    const cat = (await ok('/sapi/wms/sku-category/list', { name: 'Cables' }))[0].id;
    expect((await exportRows({ categoryIds: [cat] })).rows.slice(1).map((r) => r[4])).toEqual(['CABLE-1', 'CABLE-1']);
    expect(keys((await exportRows({ warehouseId: w2.id, batchNo: 'b' })).rows).sort()).toEqual([`ROSE-30/B2@${w2.name}`]);
    const bySku = (await exportRows({ skuId: skus['MUSK-10'] })).rows;
    expect(bySku.slice(1).map((r) => r[4])).toEqual(['MUSK-10']);
    // sort by quantity, both ways; row numbers follow the order
    const up = (await exportRows({ sortProp: 'qty', sortOrder: 'asc' })).rows.slice(1);
    expect(up.map((r) => r[12])).toEqual([0, 4, 5, 7, 10]);
    expect(up.map((r) => r[0])).toEqual([1, 2, 3, 4, 5]);
    const down = (await exportRows({ sortProp: 'qty', sortOrder: 'descending' })).rows.slice(1);
    expect(down.map((r) => r[12])).toEqual([10, 7, 5, 4, 0]);
    // nothing matches: a file with the header only
    const none = await exportRows({ sku: 'no-such-thing' });
    expect(none.rows).toEqual([HEADER_EN]);
    expect(none.job.totalRows).toBe(0);
  });

  it('writes the header and platform names in the caller\'s language', async () => {
    const { rows, name } = await exportRows({ sku: 'ROSE', batchNo: 'B1' }, admin, { 'x-lang': 'zh' });
    expect(name).toBe('库存');
    expect(rows[0]).toEqual(HEADER_ZH);
    expect(rows[1][16]).toBe('noon\n亚马逊沙特');
  });

  it('names the file in the caller\'s time zone', async () => {
    const { res, id } = await exportRows({ ownerId: ownerB.id }, admin, { 'x-time-zone': '+8' });
    const [job] = await t.database.db.select().from(sysFileExport).where(eq(sysFileExport.id, id));
    expect(job.tzHours).toBe(8);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${downloadName('inventory', job.addDate, 8)}"`);
    expect(downloadName('inventory', new Date('2026-11-22T07:30:00Z'), 8)).toBe('inventory-20261122-153000.xlsx');
  });

  it('cuts the rows to the starter\'s owner scope; jobs are private; the permission is needed', async () => {
    const scoped = await userWith(t, admin, { codes: ['sku_inventory:export'], ownerIds: [ownerB.id] });
    const mine = await exportRows({}, scoped.token);
    expect(keys(mine.rows).sort()).toEqual([`CABLE-1/@${w1.name}`, `CABLE-1/OLD@${w2.name}`]);
    const [stored] = await t.database.db.select().from(sysFileExport).where(eq(sysFileExport.id, mine.id));
    expect(stored.scope).toEqual({ warehouseIds: [-1], ownerIds: [ownerB.id] });
    // asking for another owner's stock gives nothing, not an error
    expect((await exportRows({ ownerId: ownerA.id }, scoped.token)).rows).toEqual([HEADER_EN]);
    // a warehouse-scoped user sees only that warehouse
    const wScoped = await userWith(t, admin, { codes: ['sku_inventory:export'], warehouseIds: [w2.id] });
    expect(keys((await exportRows({}, wScoped.token)).rows).sort()).toEqual([`CABLE-1/OLD@${w2.name}`, `ROSE-30/B2@${w2.name}`]);

    // admin's job: hidden from the scoped user (404 on query and download); the admin sees the user's job
    const adminJob = await exportRows({});
    expect(await call('/sapi/sys/fileExport/query', { id: adminJob.id }, scoped.token)).toMatchObject({ code: 404, data: null });
    const plainUrl = (url: string) => url.split('?')[0];
    const refused = await download(plainUrl(adminJob.job.downloadUrl!), scoped.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 404 });
    expect((await call('/sapi/sys/fileExport/query', { id: mine.id })).data).toMatchObject({ id: mine.id, exportStatus: ExportStatus.SUCCESS });
    expect((await download(plainUrl(mine.job.downloadUrl!), admin)).statusCode).toBe(200);
    expect(await call('/sapi/sys/fileExport/query', { id: 'nope' })).toMatchObject({ code: 404 });
    expect(await call('/sapi/sys/fileExport/query', { id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ code: 404 });

    // no permission: 403; no session: 600; download without a token: 401 and no file
    const reader = await userWith(t, admin, { codes: ['sku_inventory:list'] });
    expect(await call('/sapi/wms/sku-inventory/exportExcel', {}, reader.token)).toMatchObject({ code: 403, data: null });
    expect((await t.call('/sapi/wms/sku-inventory/exportExcel', {})).code).toBe(600);
    expect((await t.call('/sapi/sys/fileExport/query', { id: adminJob.id })).code).toBe(600);
    const anon = await download(plainUrl(adminJob.job.downloadUrl!));
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ code: 600, data: null });
    expect((await t.app.inject({ method: 'GET', url: `${plainUrl(adminJob.job.downloadUrl!)}?token=${admin}` })).statusCode).toBe(401);
  });

  it('refuses a bad query at once with 400', async () => {
    expect(await call('/sapi/wms/sku-inventory/exportExcel', { sortProp: 'name' })).toMatchObject({ code: 400, msg: expect.stringMatching(/^Sort field must be one of: /) });
    expect(await call('/sapi/wms/sku-inventory/exportExcel', { ecPlatform: 99 })).toMatchObject({ code: 400, msg: expect.stringMatching(/^E-commerce platform must be one of: /) });
  });

  it('ends FAIL with a message when storage fails, and keeps no file', async () => {
    const storage = t.app.fileStorage as FileStorage;
    const put = storage.put;
    storage.put = async (_key, data) => {
      (data as NodeJS.ReadableStream).resume?.();
      throw new Error('disk full');
    };
    try {
      const id = await start({});
      expect(await waitJob(id)).toEqual({ id, exportStatus: ExportStatus.FAIL, downloadUrl: null, message: 'Export failed: disk full', totalRows: expect.any(Number) });
      const zh = await start({}, admin, { 'x-lang': 'zh' });
      expect((await waitJob(zh)).message).toBe('导出失败：disk full');
      const res = await download(`/sapi/sys/fileExport/download/${id}`, admin);
      expect(res.statusCode).toBe(409);
      const [row] = await t.database.db.select().from(sysFileExport).where(eq(sysFileExport.id, id));
      expect(row).toMatchObject({ status: ExportStatus.FAIL, filePath: null, finishDate: expect.any(Date) });
    } finally {
      storage.put = put;
    }
  });

  it('resumes at the next start a job whose instance stopped beating, and fails one that cannot run', async () => {
    const { db } = t.database;
    const [me] = await t.database.db.select().from(sysFileExport).limit(1);
    const base = { kind: 'inventory', userId: me.userId, lang: 'en', status: ExportStatus.CREATED, scope: { warehouseIds: [-1], ownerIds: [ownerA.id] } };
    const stale = '00000000-0000-4000-8000-00000000000a';
    const noBeat = '00000000-0000-4000-8000-00000000000b';
    const bad = '00000000-0000-4000-8000-00000000000c';
    const alive = '00000000-0000-4000-8000-00000000000d';
    await db.insert(sysFileExport).values([
      { ...base, id: stale, query: { sortProp: 'qty', sortOrder: 'desc' }, worker: 'dead-instance', heartbeatAt: OLD, addDate: OLD },
      { ...base, id: noBeat, query: { ownerId: ownerB.id }, heartbeatAt: null, addDate: OLD },
      { ...base, id: bad, query: { sortProp: 'nope' }, heartbeatAt: OLD, addDate: OLD, lang: 'zh' },
      { ...base, id: alive, query: {}, worker: 'live-instance', heartbeatAt: new Date(), addDate: OLD },
    ]);
    let other: TestApp = t;
    if (kind === 'postgres') {
      // a second instance on the same PostgreSQL database: it claims the abandoned jobs as it starts
      const app2 = await buildApp({ database: t.database, config: { port: 0, host: '127.0.0.1', dataDir: filesDir!, seedReference: 'none', seedDemo: false, captchaTestAnswer: CAPTCHA_ANSWER, clientDir: '/nonexistent' } });
      other = { ...t, app: app2, call: async (path, body = {}, token, headers = {}) => (await app2.inject({ method: 'POST', url: path, payload: body as object, headers: { ...(token ? { 'x-token': token } : {}), ...headers } })).json() };
    } else {
      // PGlite has one process: what the next start runs
      const deps = createExportDeps(t.database, t.app.fileStorage, t.app.log, exportDefinitions);
      expect(await resumeStaleExports(deps)).toBe(3);
      await settleExports(deps);
    }
    try {
      const resumed = await waitJob(stale, admin, other);
      expect(resumed, resumed.message ?? '').toMatchObject({ exportStatus: ExportStatus.SUCCESS, totalRows: 3 });
      const res = await download(resumed.downloadUrl!, admin, other);
      expect(res.statusCode).toBe(200);
      const { rows } = await readSheet(res.rawPayload);
      expect(rows.slice(1).map((r) => [r[4], r[12]])).toEqual([['ROSE-30', 10], ['ROSE-30', 5], ['MUSK-10', 4]]);
      // the stored scope (owner A) cuts the stored filter (owner B): no rows, still a success
      expect(await waitJob(noBeat, admin, other)).toMatchObject({ exportStatus: ExportStatus.SUCCESS, totalRows: 0 });
      const failed = await waitJob(bad, admin, other);
      expect(failed).toMatchObject({ exportStatus: ExportStatus.FAIL, downloadUrl: null });
      expect(failed.message).toMatch(/^导出失败：排序字段必须是以下之一：/);
      // a job whose instance still beats is left alone
      const [live] = await db.select().from(sysFileExport).where(eq(sysFileExport.id, alive));
      expect(live).toMatchObject({ status: ExportStatus.CREATED, worker: 'live-instance' });
      // nothing is claimed twice
      const deps = createExportDeps(t.database, t.app.fileStorage, t.app.log, exportDefinitions);
      expect(await resumeStaleExports(deps)).toBe(0);
    } finally {
      await db.update(sysFileExport).set({ status: ExportStatus.FAIL, message: 'test cleanup' }).where(eq(sysFileExport.id, alive));
      if (other !== t) await other.app.close();
    }
  });
});
