/**
 * File upload and download (spec 5 upload limit, 7.1 upload token header, 7.2 /sapi/sys/file/upload, 9
 * thumbnails; issue 3): the bytes come back as sent, the 100 MB limit holds (a real 100 MB + 1 byte body,
 * streamed), product images get a 60x60 thumbnail, and a refused upload leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    t = await startTestApp(kind);
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
    // <img src> cannot send headers: the token may come as a query parameter
    expect((await get(`${up.data.fileUrl}?token=${admin}`, {})).statusCode).toBe(200);
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
});
