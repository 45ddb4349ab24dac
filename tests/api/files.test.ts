/**
 * File upload and download (spec 5 upload limit, 7.1 upload token header, 7.2 /sapi/sys/file/upload, 9
 * thumbnails; issue 3): the bytes come back as sent, the 100 MB limit holds (a real 100 MB + 1 byte body,
 * streamed), product images get a 60x60 thumbnail, and a refused upload leaves nothing behind.
 * Issue 26 items 7 and 8: no session token in addresses (signed addresses that expire instead), and a file
 * goes only to users who may read its record (a SKU's owner scope, an upload's uploader, an export's maker).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGNED_PATH_STEP_MS, SIGNED_PATH_TTL_MS } from '../../src/server/domain/files/signed-url';
import { sysFile } from '../../src/server/db/internal-schema';
import type { LocalFileStorage } from '../../src/server/domain/files/storage';
import { MAX_UPLOAD_BYTES } from '../../src/server/domain/files/upload';
import { startTestApp, testDatabases, userWith, type TestApp } from './harness';

/** A multipart/form-data body with one file part, as a stream that never holds the whole content. */
function multipart(file: { name: string; type: string; size?: number; data?: Buffer }, field = 'file') {
  const boundary = `----wms${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    if (file.data) yield file.data;
    else {
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      for (let left = file.size ?? 0; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    }
    yield tail;
  }
  return { payload: Readable.from(body()), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true }).map(String).filter((f) => statSync(join(dir, f)).isFile());
  } catch {
    return [];
  }
}

describe.each(testDatabases())('files on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let root: string;
  const upload = async (file: Parameters<typeof multipart>[0], opts: { query?: string; token?: string; header?: string; field?: string } = {}) => {
    const m = multipart(file, opts.field);
    const token = opts.token ?? admin;
    const res = await t.app.inject({ method: 'POST', url: `/sapi/sys/file/upload${opts.query ?? ''}`, payload: m.payload, headers: { ...m.headers, ...(token ? { [opts.header ?? 'x-upload-token']: token } : {}) } });
    expect(res.statusCode).toBe(200);
    return res.json() as { code: number; msg: string; data: any };
  };
  const get = (url: string, headers: Record<string, string> = { 'x-token': admin }) => t.app.inject({ method: 'GET', url, headers });
  const fileRows = async () => Number((await t.database.db.select({ n: count() }).from(sysFile))[0].n);

  beforeAll(async () => {
    // the local folder on both databases: these tests look at the files it holds (the shared stores: shared-files.test.ts)
    t = await startTestApp(kind, { fileStore: 'local' });
    admin = await t.login();
    root = (t.app.fileStorage as LocalFileStorage).root;
  });
  afterAll(async () => { await t?.close(); });

  it('stores an upload under a generated key and gives it back to a logged-in user', async () => {
    const data = Buffer.from('carton list\nA-1,12\n');
    const up = await upload({ name: '../../evil name.txt', type: 'text/plain', data });
    expect(up.code).toBe(200);
    expect(up.data).toEqual({ fileUrl: `/sapi/sys/file/get/${up.data.filePath}`, filePath: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\.txt$/), size: data.length });
    expect(up.data.filePath).not.toContain('evil');
    const res = await get(up.data.fileUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.rawPayload.equals(data)).toBe(true);
    // a session token in the address is never read (issue 26 item 7): it would land in history and logs
    expect((await get(`${up.data.fileUrl}?token=${admin}`, {})).statusCode).toBe(401);
    expect((await get(up.data.fileUrl, {})).statusCode).toBe(401);
    expect((await get(`${up.data.fileUrl}?token=nope`, {})).statusCode).toBe(401);
    // the X-Token header works for uploads too
    expect((await upload({ name: 'b.csv', type: 'text/csv', data }, { header: 'x-token' })).code).toBe(200);
  });

  it('answers 404 for unknown or malformed keys', async () => {
    expect((await get('/sapi/sys/file/get/2024/01/01/00000000-0000-0000-0000-000000000000.txt')).statusCode).toBe(404);
    expect((await get('/sapi/sys/file/get/../../../etc/passwd')).statusCode).toBe(404);
    expect((await get('/sapi/sys/file/get/2024/01/01/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });

  it('refuses uploads without a session, without a file or with a bad fileType', async () => {
    expect((await upload({ name: 'a.txt', type: 'text/plain', data: Buffer.from('x') }, { token: '' })).code).toBe(600);
    expect(await upload({ name: 'a.txt', type: 'text/plain', data: Buffer.from('x') }, { field: 'other' })).toMatchObject({ code: 400, msg: 'No file was sent: put it in the multipart field "file"' });
    expect(await upload({ name: 'a.txt', type: 'text/plain', data: Buffer.from('x') }, { query: '?fileType=9' })).toMatchObject({ code: 400, msg: 'File type must be one of: 1, 2, 3, 5' });
    expect(await upload({ name: 'a.txt', type: 'text/plain', data: Buffer.alloc(0) })).toMatchObject({ code: 400, msg: 'The file is empty' });
    expect((await t.call('/sapi/sys/file/upload', { id: 1 }, admin))).toMatchObject({ code: 400, msg: 'Send the file as multipart/form-data in the field "file"' });
  });

  it('makes a 60x60 thumbnail (quality 80) of a jpg or png product image', async () => {
    const png = await sharp({ create: { width: 240, height: 120, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
    const up = await upload({ name: 'shirt.PNG', type: 'image/png', data: png }, { query: '?fileType=5' });
    expect(up.code).toBe(200);
    expect(up.data.filePath).toMatch(/\.png$/);
    expect(up.data.thumbnailUrl).toBe(up.data.fileUrl.replace(/\.png$/, '_60x60.png'));
    const thumb = await get(up.data.thumbnailUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
    expect(thumb.headers['content-disposition']).toMatch(/^inline; /);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 60, height: 60, format: 'png' });
    const original = await get(up.data.fileUrl);
    expect(original.rawPayload.equals(png)).toBe(true);

    const jpg = await sharp({ create: { width: 100, height: 300, channels: 3, background: '#3366aa' } }).jpeg({ quality: 95 }).toBuffer();
    const upJpg = await upload({ name: 'box.jpeg', type: 'image/jpeg', data: jpg }, { query: '?fileType=5' });
    expect(await sharp((await get(upJpg.data.thumbnailUrl)).rawPayload).metadata()).toMatchObject({ width: 60, height: 60, format: 'jpeg' });

    // webp is a valid product image; spec 9 makes thumbnails for jpg, jpeg and png only
    const webp = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#00ff00' } }).webp().toBuffer();
    const upWebp = await upload({ name: 'a.webp', type: 'image/webp', data: webp }, { query: '?fileType=5' });
    expect(upWebp.code).toBe(200);
    expect(upWebp.data.thumbnailUrl).toBeUndefined();
  });

  it('refuses a product image that is not jpg/jpeg/png/webp, by name or by content, and keeps nothing', async () => {
    const before = { rows: await fileRows(), files: filesUnder(root).length };
    const msg = 'A product image must be a jpg, jpeg, png or webp file';
    expect(await upload({ name: 'doc.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4') }, { query: '?fileType=5' })).toMatchObject({ code: 400, msg });
    expect(await upload({ name: 'fake.png', type: 'image/png', data: Buffer.from('not an image at all') }, { query: '?fileType=5' })).toMatchObject({ code: 400, msg });
    expect({ rows: await fileRows(), files: filesUnder(root).length }).toEqual(before);
  });

  it('refuses a file of 100 MB + 1 byte with the limit in the message and stores nothing; 100 MB exactly passes', async () => {
    expect(MAX_UPLOAD_BYTES).toBe(100 * 1024 * 1024);
    const before = { rows: await fileRows(), files: filesUnder(root).length };
    const big = await upload({ name: 'big.bin', type: 'application/octet-stream', size: MAX_UPLOAD_BYTES + 1 });
    expect(big).toEqual({ code: 400, msg: 'The file is larger than the upload limit of 100 MB', data: null });
    expect({ rows: await fileRows(), files: filesUnder(root).length }).toEqual(before);
    const zh = multipart({ name: 'big.bin', type: 'application/octet-stream', size: MAX_UPLOAD_BYTES + 5 * 1024 * 1024 });
    const res = await t.app.inject({ method: 'POST', url: '/sapi/sys/file/upload', payload: zh.payload, headers: { ...zh.headers, 'x-upload-token': admin, 'x-lang': 'zh' } });
    expect(res.json()).toMatchObject({ code: 400, msg: '文件大小超过上传限制 100 MB' });
    const exact = await upload({ name: 'exact.bin', type: 'application/octet-stream', size: MAX_UPLOAD_BYTES });
    expect(exact).toMatchObject({ code: 200, data: { size: MAX_UPLOAD_BYTES } });
    const files = filesUnder(root);
    expect(files).toHaveLength(before.files + 1);
    expect(statSync(join(root, exact.data.filePath)).size).toBe(MAX_UPLOAD_BYTES);
  }, 120_000);

  it('lets any logged-in user upload (permission any)', async () => {
    const { token } = await userWith(t, admin, { codes: [] });
    const up = await upload({ name: 'n.txt', type: 'text/plain', data: Buffer.from('hello') }, { token });
    expect(up.code).toBe(200);
    expect((await get(up.data.fileUrl, { 'x-token': token })).body).toBe('hello');
  });

  describe('follow their record (issue 26)', () => {
    type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const png = () => sharp({ create: { width: 80, height: 80, channels: 3, background: '#aa3355' } }).png().toBuffer();
    const sign = async (urls: string[], token: string) => {
      const r = await t.call('/sapi/sys/file/sign', { urls }, token);
      expect(r.code, r.msg).toBe(200);
      return r.data as { urls: Record<string, string>; expiresAt: number };
    };
    let ownerA: number;
    let ownerB: number;
    let w1: number;
    /** Owner A's and owner B's SKU images: upload answers. */
    const images: Record<'A' | 'B', Rec> = { A: {}, B: {} };
    let scoped: { token: string; userId: number };

    beforeAll(async () => {
      const owners = (await t.call('/sapi/wms/owner/list', {}, admin)).data as Rec[];
      ownerA = owners.find((o) => o.code === 'OWN-A')!.id;
      ownerB = owners.find((o) => o.code === 'OWN-B')!.id;
      w1 = ((await t.call('/sapi/wms/warehouse/list', {}, admin)).data as Rec[]).sort((a, b) => a.id - b.id)[0].id;
      const cat = (await t.call('/sapi/wms/sku-category/add', { name: 'Images' }, admin)).data.id;
      for (const [o, ownerId] of [['A', ownerA], ['B', ownerB]] as const) {
        images[o] = (await upload({ name: `${o}.png`, type: 'image/png', data: await png() }, { query: '?fileType=5' })).data;
        const sku = await t.call('/sapi/wms/sku/add', { ownerId, sku: `IMG-${o}`, name: `Imaged ${o}`, enable: true, categoryId: cat, weight: 1, goodsImageUrl: images[o].fileUrl }, admin);
        expect(sku.code, sku.msg).toBe(200);
      }
      scoped = await userWith(t, admin, { codes: ['sku:list'], ownerIds: [ownerA], warehouseIds: [w1] });
    });

    it("refuses another owner's SKU image and thumbnail to a user limited to one owner, and gives its own", async () => {
      const as = { 'x-token': scoped.token };
      for (const url of [images.B.fileUrl, images.B.thumbnailUrl]) {
        const res = await get(url, as);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 404, data: null });
      }
      for (const url of [images.A.fileUrl, images.A.thumbnailUrl]) expect((await get(url, as)).statusCode).toBe(200);
      // the sign call leaves out what the user may not read
      const signed = await sign([images.A.fileUrl, images.A.thumbnailUrl, images.B.fileUrl, images.B.thumbnailUrl, 'not a file'], scoped.token);
      expect(Object.keys(signed.urls).sort()).toEqual([images.A.fileUrl, images.A.thumbnailUrl].sort());
      // an unrestricted user (and the admin) get both owners' images
      const all = await userWith(t, admin, { codes: [] });
      for (const url of [images.B.fileUrl, images.B.thumbnailUrl]) expect((await get(url, { 'x-token': all.token })).statusCode).toBe(200);
      expect(Object.keys((await sign([images.B.fileUrl], all.token)).urls)).toEqual([images.B.fileUrl]);
      // moving the SKU to the other owner moves who sees its image
      const skuB = ((await t.call('/sapi/wms/sku/list', { sku: 'IMG-B' }, admin)).data as Rec[])[0];
      expect((await t.call('/sapi/wms/sku/edit', { id: skuB.id, goodsImageUrl: null }, admin)).code).toBe(200);
      // held by no record any more: only its uploader (the admin here) may read it
      expect((await get(images.B.fileUrl, as)).statusCode).toBe(404);
      expect((await get(images.B.fileUrl, { 'x-token': all.token })).statusCode).toBe(404);
      expect((await get(images.B.fileUrl)).statusCode).toBe(200);
      expect((await t.call('/sapi/wms/sku/edit', { id: skuB.id, goodsImageUrl: images.B.fileUrl }, admin)).code).toBe(200);
    });

    it("refuses to point a record of one's own scope at a file one may not read", async () => {
      const writer = await userWith(t, admin, { codes: ['sku:list', 'sku:add', 'sku:edit'], ownerIds: [ownerA], warehouseIds: [w1] });
      const skuA = ((await t.call('/sapi/wms/sku/list', { sku: 'IMG-A' }, admin)).data as Rec[])[0];
      const hijack = await t.call('/sapi/wms/sku/edit', { id: skuA.id, goodsImageUrl: images.B.fileUrl }, writer.token);
      expect(hijack).toMatchObject({ code: 403, msg: 'Image: outside your data scope', data: null });
      const added = await t.call('/sapi/wms/sku/add', { ownerId: ownerA, sku: 'IMG-A2', name: 'Copy', enable: true, categoryId: skuA.categoryId, weight: 1, goodsImageUrl: images.B.thumbnailUrl }, writer.token);
      expect(added.code).toBe(403);
      expect((await get(images.B.fileUrl, { 'x-token': writer.token })).statusCode).toBe(404);
      expect(((await t.call('/sapi/wms/sku/detail', { id: skuA.id }, admin)).data as Rec).goodsImageUrl).toBe(images.A.fileUrl);
      // an image of its own owner, its own upload and an address elsewhere are fine
      const own = await upload({ name: 'own.png', type: 'image/png', data: await png() }, { query: '?fileType=5', token: writer.token });
      for (const goodsImageUrl of [images.A.thumbnailUrl, own.data.fileUrl, 'https://cdn.example.com/x.png']) {
        expect((await t.call('/sapi/wms/sku/edit', { id: skuA.id, goodsImageUrl }, writer.token)).code).toBe(200);
      }
      expect((await t.call('/sapi/wms/sku/edit', { id: skuA.id, goodsImageUrl: images.A.fileUrl }, admin)).code).toBe(200);
    });

    it('gives an upload no record holds only to its uploader', async () => {
      const mine = await upload({ name: 'draft.png', type: 'image/png', data: await png() }, { query: '?fileType=5', token: scoped.token });
      const other = await userWith(t, admin, { codes: [] });
      expect((await get(mine.data.fileUrl, { 'x-token': scoped.token })).statusCode).toBe(200);
      expect((await get(mine.data.thumbnailUrl, { 'x-token': scoped.token })).statusCode).toBe(200);
      expect((await get(mine.data.fileUrl, { 'x-token': other.token })).statusCode).toBe(404);
      expect((await get(mine.data.thumbnailUrl, { 'x-token': other.token })).statusCode).toBe(404);
      expect((await sign([mine.data.fileUrl], other.token)).urls).toEqual({});
    });

    it('serves a signed address without a session until it expires; a changed one is refused', async () => {
      const { urls, expiresAt } = await sign([images.A.fileUrl, images.A.filePath], scoped.token);
      const url = urls[images.A.fileUrl];
      expect(url).toMatch(new RegExp(`^${images.A.fileUrl}\\?u=${scoped.userId}&exp=\\d+&sig=[\\w-]+$`));
      expect(urls[images.A.filePath]).toBe(url); // a bare key is signed as its address
      expect(expiresAt).toBeGreaterThanOrEqual(Date.now() + SIGNED_PATH_TTL_MS);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + SIGNED_PATH_TTL_MS + SIGNED_PATH_STEP_MS);
      expect(url).not.toContain('token');
      const ok = await get(url, {});
      expect(ok.statusCode).toBe(200);
      expect(ok.rawPayload.length).toBeGreaterThan(0);
      expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      // the same user and file within one step: the same address (the browser's cache serves it again)
      expect((await sign([images.A.fileUrl], scoped.token)).urls[images.A.fileUrl]).toBe(url);
      // another file, another user or a later expiry under the same signature: refused
      const q = new URL(url, 'http://x').searchParams;
      const refused = [
        `${images.B.fileUrl}?${q}`,
        url.replace(`u=${scoped.userId}`, 'u=1'),
        url.replace(/exp=(\d+)/, (_, e) => `exp=${Number(e) + 60_000}`),
        url.replace(/sig=[\w-]+/, 'sig=AAAA'),
        `${images.A.fileUrl}?u=${scoped.userId}&exp=${q.get('exp')}`,
      ];
      for (const bad of refused) {
        const res = await get(bad, {});
        expect(res.statusCode, bad).toBe(403);
        expect(res.json()).toMatchObject({ code: 403, msg: 'This file link is invalid or has expired; open it again from the console', data: null });
      }
      // a session token in the address never opens a file, whosever it is
      expect((await get(`${images.A.fileUrl}?token=${scoped.token}`, {})).statusCode).toBe(401);
      expect((await get(`${images.A.thumbnailUrl}?token=${admin}`, {})).statusCode).toBe(401);
      // past its expiry the address is refused
      vi.useFakeTimers({ toFake: ['Date'], now: expiresAt + 1 });
      try {
        expect((await get(url, {})).statusCode).toBe(403);
      } finally {
        vi.useRealTimers();
      }
      expect((await get(url, {})).statusCode).toBe(200);
    });

    it("refuses another user's export; the maker's signed download address works without a session", async () => {
      const maker = await userWith(t, admin, { codes: ['sku_inventory:export'] });
      const other = await userWith(t, admin, { codes: ['sku_inventory:export'] });
      const started = await t.call('/sapi/wms/sku-inventory/exportExcel', {}, maker.token);
      expect(started.code, started.msg).toBe(200);
      let job: Rec = started.data;
      for (let i = 0; i < 400 && job.exportStatus === 1; i++) {
        await new Promise((ok) => setTimeout(ok, 50));
        job = (await t.call('/sapi/sys/fileExport/query', { id: started.data.id }, maker.token)).data;
      }
      expect(job.exportStatus).toBe(2);
      const path = `/sapi/sys/fileExport/download/${job.id}`;
      expect(job.downloadUrl).toMatch(new RegExp(`^${path}\\?u=${maker.userId}&exp=\\d+&sig=`));
      expect((await get(job.downloadUrl, {})).statusCode).toBe(200);
      expect((await get(path, { 'x-token': maker.token })).statusCode).toBe(200);
      expect(await t.call('/sapi/sys/fileExport/query', { id: job.id }, other.token)).toMatchObject({ code: 404 });
      expect((await get(path, { 'x-token': other.token })).statusCode).toBe(404);
      expect((await get(`${path}?token=${maker.token}`, {})).statusCode).toBe(401);
      // the maker's signature does not open the address for another job
      const q = new URL(job.downloadUrl, 'http://x').search;
      expect((await get(`/sapi/sys/fileExport/download/00000000-0000-4000-8000-000000000000${q}`, {})).statusCode).toBe(403);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SIGNED_PATH_TTL_MS + SIGNED_PATH_STEP_MS + 1 });
      try {
        expect((await get(job.downloadUrl, {})).statusCode).toBe(403);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
