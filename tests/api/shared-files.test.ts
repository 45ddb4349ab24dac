/**
 * Stored files every instance sees (issue 28; docs/files.md "Stores"): two app instances on one PostgreSQL
 * database, each with its own data folder (as on two machines), with the database store and with the S3 store
 * (a local S3-compatible server, ./s3-fake.ts). A product image, its thumbnail, its share-page address, an
 * import file, an export workbook and a waybill label made through A are read byte for byte through B, B imports A's upload, a print
 * address minted on A opens on B; with A closed all of it still works through B. An export whose file is gone
 * from the store says so. These need DATABASE_URL and are skipped without it.
 *
 * Without PostgreSQL too: the S3 store takes a 100 MB upload streamed (the app's RSS grows by less than 100 MB),
 * fails its check for a bucket it cannot use, and with its server gone the export download answers 503; the database store (on PGlite here) keeps files across chunks
 * with their size and SHA-256, replaces and removes them; files:move copies a local folder into it, verified
 * and resumable.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Carrier, ExportStatus, JudgementType } from '../../generated/shared/enums';
import type { FileStoreKind } from '../../src/server/config';
import { sysFileExport } from '../../src/server/db/internal-schema';
import { CHUNK_BYTES, DatabaseFileStorage } from '../../src/server/domain/files/db-storage';
import { moveLocalFiles } from '../../src/server/domain/files/move';
import { S3FileStorage, type S3Settings } from '../../src/server/domain/files/s3-storage';
import { newStorageKey, type FileStorage } from '../../src/server/domain/files/storage';
import { MAX_UPLOAD_BYTES } from '../../src/server/domain/files/upload';
import { pageTexts } from '../support/pdf';
import { LABEL_PDF } from './carriers/fake-server';
import { SMSA_KEY, startSmsaFake, type SmsaFake } from './carriers/smsa-fake';
import { createTestDatabase, startTestApp, uploadXlsx, waitImportJob, type TestApp } from './harness';
import { startS3Fake, type S3Fake } from './s3-fake';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const tempDir = (tag: string) => mkdtempSync(join(tmpdir(), `wms-${tag}-`));

/** A multipart body with one file part (a Buffer, or `size` bytes made as they are read) and its content type. */
function multipart(name: string, type: string, data: Buffer | { size: number }) {
  const boundary = `----wms${randomBytes(8).toString('hex')}`;
  async function* body() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
    if (Buffer.isBuffer(data)) yield data;
    else {
      const chunk = Buffer.alloc(1024 * 1024, 0x5a);
      for (let left = data.size; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(t: TestApp, token: string, name: string, type: string, data: Buffer, query = ''): Promise<Rec> {
  const m = multipart(name, type, data);
  const res = await t.app.inject({ method: 'POST', url: `/sapi/sys/file/upload${query}`, payload: Readable.from(m.body()), headers: { 'content-type': m.contentType, 'x-upload-token': token } });
  const env = res.json();
  expect(env.code, env.msg).toBe(200);
  return env.data;
}

/** GET `url` on `t` (with the session token unless the address is signed); the status and the bytes. */
async function fetchBytes(t: TestApp, url: string, token?: string): Promise<{ status: number; bytes: Buffer; body: string }> {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { 'x-token': token } : {} });
  return { status: res.statusCode, bytes: res.rawPayload, body: res.body };
}

async function skuWorkbook(rows: Array<Array<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  ws.addRow(['SKU / SKU编码', 'Product name / 商品名称', 'Category / 商品分类', 'Colour / 颜色', 'Size / 尺码', 'Goods number / 货号', 'Weight (kg) / 重量(kg)', 'Enabled (Y/N) / 是否启用(Y/N)', 'Remark for warehouse / 仓库备注', 'Remark for owner / 货主备注']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const stores: Array<{ store: FileStoreKind }> = [{ store: 'database' }, { store: 's3' }];

describe.skipIf(!process.env.DATABASE_URL).each(stores)('two instances on one PostgreSQL database, $store store', ({ store }) => {
  let a: TestApp, b: TestApp;
  let s3: S3Fake | undefined;
  let smsa: SmsaFake;
  let testDb: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let token: string;
  const dirs: string[] = [];
  const savedKey = process.env.WMS_SECRET_KEY;
  /** What was made through A: address, whether it opens without a session, and the bytes. */
  const made: Record<string, { url: string; signed?: boolean; bytes: Buffer }> = {};
  let orderNo = '';
  let exportKey = '';
  let exportId = '';

  const ok = async (t: TestApp, path: string, body: unknown) => {
    const r = await t.call(path, body, token);
    expect(r.code, `${path}: ${r.msg}`).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    // instances that share a database share WMS_SECRET_KEY (README), so an address one signs opens on the other
    process.env.WMS_SECRET_KEY = 'shared-files-test-key-0123456789';
    if (store === 's3') s3 = await startS3Fake();
    testDb = await createTestDatabase();
    const url = testDb.url;
    // kind 'pglite' + databaseUrl: the harness opens this URL and leaves the database alone at close
    const instance = async () => {
      const dir = tempDir('instance');
      dirs.push(dir);
      return startTestApp('pglite', { databaseUrl: url, dataDir: dir, fileStore: store, s3: s3?.settings });
    };
    a = await instance();
    b = await instance();
    token = await a.login();
    smsa = await startSmsaFake();
  });

  afterAll(async () => {
    await a?.close().catch(() => {});
    await b?.close();
    await smsa?.close();
    await s3?.stop();
    await testDb?.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    if (savedKey === undefined) delete process.env.WMS_SECRET_KEY;
    else process.env.WMS_SECRET_KEY = savedKey;
  });

  it('files made through A are read byte for byte through B; B imports A\'s upload; A\'s print address opens on B', async () => {
    expect(a.app.fileStorage.kind).toBe(store);
    expect(a.app.fileStorage.localPath).toBeUndefined();
    await a.app.fileStorage.check();

    // product image and its thumbnail
    const png = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#3a7' } }).png().toBuffer();
    const image = await upload(a, token, 'bottle.png', 'image/png', png, '?fileType=5');
    expect(image.thumbnailUrl).toBeTruthy();
    made.image = { url: image.fileUrl, bytes: png };
    const thumbA = await fetchBytes(a, image.thumbnailUrl, token);
    expect(thumbA.status).toBe(200);
    expect(await sharp(thumbA.bytes).metadata()).toMatchObject({ width: 60, height: 60, format: 'png' });
    made.thumbnail = { url: image.thumbnailUrl, bytes: thumbA.bytes };

    // reference data: owner, warehouse with an address, a category, a SKU with stock and an allocated order
    const owners = await ok(a, '/sapi/wms/owner/list', {}) as Rec[];
    const ownerA = owners.find((o) => o.code === 'OWN-A')!.id;
    const w1 = (await ok(a, '/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' }))[0].id;
    await ok(a, '/sapi/wms/warehouse/edit', { id: w1, countryCode: 'SA', city: 'Riyadh', address: 'Second Industrial City, Street 12' });
    const categoryId = (await ok(a, '/sapi/wms/sku-category/add', { name: 'Perfume' })).id;
    const skuId = (await ok(a, '/sapi/wms/sku/add', { ownerId: ownerA, sku: 'ROSE', name: 'Rose oil', enable: true, categoryId, weight: 1, goodsImageUrl: image.fileUrl })).id;
    const adj = await ok(a, '/sapi/wms/inventory-judgement/add', { warehouseId: w1, ownerId: ownerA, lines: [{ skuId, batchNo: '', qty: 20, type: JudgementType.GAIN }] });
    await ok(a, '/sapi/wms/inventory-judgement/approve', { id: adj.id });
    const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Road 120, Olaya' };
    const order = await ok(a, '/sapi/wms/outbound-order/add', { warehouseId: w1, ownerId: ownerA, ...receiver, lines: [{ skuId, qty: 1 }] });
    await ok(a, '/sapi/wms/outbound-order/allocate', { id: order.id });
    orderNo = order.orderNo;

    // share image: the public share page's address of the SKU's image (no session)
    const share = await ok(a, '/sapi/wms/inventory-share/add', { title: 'pictures', ownerId: ownerA, shownColumns: ['IMAGE'] });
    made.shareImage = { url: `/sapi/wms/inventory-share/image?token=${encodeURIComponent(share.token)}&sku=ROSE`, signed: true, bytes: png };

    // import file: uploaded through A, imported by B (B reads it from the store)
    const workbook = await skuWorkbook([['IMP-1', 'Imported musk', 'Perfume', '', '', '', 1, 'Y', '', '']]);
    const file = await uploadXlsx(a, workbook, token);
    made.importFile = { url: file.fileUrl, bytes: workbook };
    const started = await b.call('/sapi/wms/sku/excel/import', { ownerId: ownerA, ...file }, token);
    expect(started.code, started.msg).toBe(200);
    const job = await waitImportJob(b, started.data.id, token);
    expect(job, JSON.stringify(job.errors)).toMatchObject({ status: 2, totalRows: 1 });
    expect((await ok(b, '/sapi/wms/sku/page', { ownerId: ownerA, size: 50 })).records.map((r: Rec) => r.sku)).toContain('IMP-1');

    // export workbook: made by A, downloaded through B at the address A signed
    const exp = await ok(a, '/sapi/wms/sku-inventory/exportExcel', {});
    let state: Rec = {};
    for (let i = 0; i < 600 && state.exportStatus !== ExportStatus.SUCCESS; i++, await sleep(50)) state = await ok(a, '/sapi/sys/fileExport/query', { id: exp.id });
    expect(state.exportStatus, state.message).toBe(ExportStatus.SUCCESS);
    const xlsxA = await fetchBytes(a, state.downloadUrl);
    expect(xlsxA.status).toBe(200);
    made.export = { url: state.downloadUrl, signed: true, bytes: xlsxA.bytes };
    exportId = exp.id;
    exportKey = (await a.database.db.select({ p: sysFileExport.filePath }).from(sysFileExport).where(eq(sysFileExport.id, exp.id)))[0].p!;

    // waybill label: the carrier's PDF, stored by A
    const cfg = await ok(a, '/sapi/wms/carrier-config/add', { name: 'SMSA RUH', carrier: Carrier.SMSA, warehouseId: w1, testEnv: true, shipperName: 'Gulf 3PL', shipperPhone: '+966110000000', baseUrl: smsa.url, apiKey: SMSA_KEY, serviceType: 'EDDL', isDefault: true });
    const wb = await ok(a, '/sapi/wms/waybill/create', { orderId: order.id, configId: cfg.id, requestKey: randomUUID(), ...receiver, weight: 1.5 });
    made.label = { url: `/sapi/sys/file/get/${wb.labelFile}`, bytes: LABEL_PDF };

    for (const [what, m] of Object.entries(made)) {
      const got = await fetchBytes(b, m.url, m.signed ? undefined : token);
      expect(got.status, `${what} through B: ${got.body.slice(0, 200)}`).toBe(200);
      expect(sha(got.bytes), `${what} through B`).toBe(sha(m.bytes));
    }

    // print: drawn per request, so nothing is stored; the address A mints opens on B (shared key, shared data)
    const minted = await ok(a, '/sapi/sys/print/url', { document: 'pickList', id: order.id });
    made.print = { url: minted.url, signed: true, bytes: Buffer.alloc(0) };
    const pdf = await fetchBytes(b, minted.url);
    expect([pdf.status, pdf.bytes.subarray(0, 5).toString('latin1')]).toEqual([200, '%PDF-']);
    expect(pageTexts(pdf.bytes).join('\n')).toContain(orderNo);
  });

  it('with A closed, every file is still read through B', async () => {
    await a.close();
    for (const [what, m] of Object.entries(made)) {
      const got = await fetchBytes(b, m.url, m.signed ? undefined : token);
      expect(got.status, `${what} through B: ${got.body.slice(0, 200)}`).toBe(200);
      if (what === 'print') expect(pageTexts(got.bytes).join('\n')).toContain(orderNo);
      else expect(sha(got.bytes), what).toBe(sha(m.bytes));
    }
  });

  it('an export whose file is gone from the store says so (not "kept elsewhere"), in en and zh', async () => {
    await b.app.fileStorage.remove(exportKey);
    const res = await b.app.inject({ method: 'GET', url: `/sapi/sys/fileExport/download/${exportId}`, headers: { 'x-token': token } });
    expect([res.statusCode, res.json().msg]).toEqual([404, `The file of export job ${exportId} is missing from the file storage: start the export again`]);
    const zh = await b.app.inject({ method: 'GET', url: `/sapi/sys/fileExport/download/${exportId}`, headers: { 'x-token': token, 'x-lang': 'zh' } });
    expect(zh.json().msg).toBe(`导出任务 ${exportId} 的文件已从文件存储中缺失，请重新导出`);
  });
});

describe('S3 store', () => {
  let s3: S3Fake;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    s3 = await startS3Fake();
    t = await startTestApp('pglite', { fileStore: 's3', s3: s3.settings });
    token = await t.login();
  });
  afterAll(async () => { await t?.close(); await s3?.stop(); });

  it(`takes a ${MAX_UPLOAD_BYTES / 1024 / 1024} MB upload streamed: the app's memory grows by less than 100 MB`, async () => {
    // warm up: the SDK and the upload path load at the first file, not part of what a big file costs
    const small = await upload(t, token, 'a.txt', 'text/plain', Buffer.from('warm up'));
    expect((await fetchBytes(t, small.fileUrl, token)).bytes.toString()).toBe('warm up');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 10);
    const m = multipart('big.bin', 'application/octet-stream', { size: MAX_UPLOAD_BYTES });
    const answer = await new Promise<Rec>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/sapi/sys/file/upload', headers: { 'content-type': m.contentType, 'x-upload-token': token } }, (res) => {
        let text = '';
        res.on('data', (d) => { text += d; });
        res.on('end', () => resolve(JSON.parse(text)));
      });
      req.on('error', reject);
      pipeline(Readable.from(m.body()), req).catch(reject);
    });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.size).toBe(MAX_UPLOAD_BYTES);
    expect((peak - before) / 1024 / 1024, 'RSS growth in MB').toBeLessThan(100);
    // the stored object is the body, byte for byte (hashed as it streams back)
    const hash = createHash('sha256');
    let n = 0;
    for await (const c of t.app.fileStorage.get(answer.data.filePath)) { n += c.length; hash.update(c); }
    expect(n).toBe(MAX_UPLOAD_BYTES);
    expect(hash.digest('hex')).toBe(sha(Buffer.alloc(MAX_UPLOAD_BYTES, 0x5a)));
  }, 180_000);

  it('missing keys: stat null, get fails with ENOENT; check fails for a bucket it cannot use', async () => {
    const storage = t.app.fileStorage;
    const key = newStorageKey('txt');
    expect(await storage.stat(key)).toBeNull();
    await expect(async () => { for await (const _ of storage.get(key)) { /* drain */ } }).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await storage.put(key, Buffer.from('abc'))).toEqual({ size: 3, sha256: sha(Buffer.from('abc')) });
    expect(await storage.stat(key)).toEqual({ size: 3, sha256: sha(Buffer.from('abc')) });
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.remove(key); // a missing key is not an error
    const wrong = new S3FileStorage({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(wrong.check()).rejects.toThrow(/S3 bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used: HTTP 404/);
    await wrong.dispose();
  });

  it('with the S3 server gone: check fails and an export download answers 503, not "missing"', async () => {
    const exp = (await t.call('/sapi/wms/sku-inventory/exportExcel', {}, token)).data;
    let state: Rec = {};
    for (let i = 0; i < 600 && state.exportStatus !== ExportStatus.SUCCESS; i++, await sleep(50)) state = (await t.call('/sapi/sys/fileExport/query', { id: exp.id }, token)).data;
    expect(state.exportStatus, state.message).toBe(ExportStatus.SUCCESS);
    expect((await fetchBytes(t, state.downloadUrl)).status).toBe(200);
    await s3.stop();
    await expect(t.app.fileStorage.check()).rejects.toThrow(/^S3 bucket wms at http:\/\/127\.0\.0\.1:\d+ cannot be used: /);
    const res = await t.app.inject({ method: 'GET', url: state.downloadUrl });
    expect([res.statusCode, res.json().msg]).toEqual([503, 'The file storage cannot be reached now: try again later']);
  }, 60_000);
});

describe('database store (on PGlite)', () => {
  let t: TestApp;
  let storage: FileStorage;
  beforeAll(async () => {
    t = await startTestApp('pglite', { fileStore: 'database' });
    storage = t.app.fileStorage;
  });
  afterAll(async () => { await t?.close(); });

  it('keeps a file across chunks with its size and SHA-256; a put replaces; remove removes', async () => {
    expect(storage).toBeInstanceOf(DatabaseFileStorage);
    await storage.check();
    const data = randomBytes(2 * CHUNK_BYTES + 12345);
    const key = newStorageKey('bin');
    // fed in odd pieces, as a network stream would be
    const pieces = async function* () { for (let i = 0; i < data.length; i += 333_333) yield data.subarray(i, i + 333_333); };
    expect(await storage.put(key, Readable.from(pieces()))).toEqual({ size: data.length, sha256: sha(data) });
    expect(await storage.stat(key)).toEqual({ size: data.length, sha256: sha(data) });
    const chunks: Buffer[] = [];
    for await (const c of storage.get(key)) chunks.push(c);
    expect(chunks.length).toBe(3);
    expect(sha(Buffer.concat(chunks))).toBe(sha(data));
    expect(await storage.put(key, Buffer.from('second'))).toMatchObject({ size: 6 });
    const back: Buffer[] = [];
    for await (const c of storage.get(key)) back.push(c);
    expect(Buffer.concat(back).toString()).toBe('second');
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(async () => { for await (const _ of storage.get(key)) { /* drain */ } }).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('files:move copies a local folder in, verified, removes the local copies; a second run finds nothing to do', async () => {
    const root = tempDir('move');
    try {
      const files = new Map<string, Buffer>();
      for (const ext of ['png', 'xlsx', 'pdf']) {
        const key = newStorageKey(ext);
        files.set(key, randomBytes(1000 + files.size * CHUNK_BYTES));
        mkdirSync(dirname(join(root, key)), { recursive: true });
        writeFileSync(join(root, key), files.get(key)!);
      }
      const [already] = files.keys();
      await storage.put(already, files.get(already)!); // a run that stopped after this copy, before removing
      writeFileSync(join(root, 'stray.part'), 'half a file');
      const counts = await moveLocalFiles(root, storage);
      expect(counts).toEqual({ moved: 2, alreadyThere: 1, failed: 0, ignored: 1, errors: [] });
      for (const [key, data] of files) expect(await storage.stat(key)).toEqual({ size: data.length, sha256: sha(data) });
      expect(readdirSync(root)).toEqual(['stray.part']);
      expect(await moveLocalFiles(root, storage)).toEqual({ moved: 0, alreadyThere: 0, failed: 0, ignored: 1, errors: [] });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
