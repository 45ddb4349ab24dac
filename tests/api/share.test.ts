/**
 * Inventory sharing (issue 16; docs/share.md): share writes under their own codes and the caller's owner scope,
 * tokens (256 random bits, stored only as SHA-256), revoke / regenerate, and the public view
 * POST /sapi/wms/inventory-share/view: only the shared columns and the share's own goods, one neutral answer
 * for unknown / revoked / disabled / expired links, 429 per address and per link.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgementType, ShareSelection } from '../../generated/shared/enums';
import { wmsInventoryShareToken } from '../../src/server/db/internal-schema';
import { startTestApp, testDatabases, userWith, type Envelope, type TestApp } from './harness';

const VIEW = '/sapi/wms/inventory-share/view';
const SHARE = '/sapi/wms/inventory-share';
// windows of ~31 years: a test never straddles one
const LIMITS = { perIp: { max: 6, windowMs: 1e12 }, perToken: { max: 40, windowMs: 1e12 } };
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe.each(testDatabases())('inventory sharing on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ownerA: number;
  let ownerB: number;
  let w1: number;
  let w2: number;
  let perfume: number;
  let soap: number;
  const skus: Record<string, number> = {};
  let ipSeq = 0;
  /** A client address nobody used yet (the per-address limit is small here). */
  const freshIp = () => `198.51.100.${++ipSeq}`;

  const ok = async (path: string, body: unknown, token = admin) => {
    const r = await t.call(path, body, token);
    expect(r.code, `${path}: ${r.msg}`).toBe(200);
    return r.data;
  };
  const view = (token: string, body: Record<string, unknown> = {}, ip = freshIp(), lang = 'en'): Promise<Envelope> =>
    t.call(VIEW, { token, ...body }, undefined, { 'x-forwarded-for': ip, 'x-lang': lang });
  const gain = async (warehouseId: number, ownerId: number, skuId: number, qty: number, batchNo = '') => {
    const d = await ok('/sapi/wms/inventory-judgement/add', { warehouseId, ownerId, lines: [{ skuId, batchNo, qty, type: JudgementType.GAIN }] });
    await ok('/sapi/wms/inventory-judgement/approve', { id: d.id });
  };
  const addShare = (body: Record<string, unknown>, token = admin) => t.call(`${SHARE}/add`, body, token);

  beforeAll(async () => {
    t = await startTestApp(kind, { shareRateLimits: LIMITS });
    admin = await t.login();
    const owners = (await t.call('/sapi/wms/owner/list', {}, admin)).data as { id: number; code: string }[];
    ownerA = owners.find((o) => o.code === 'OWN-A')!.id;
    ownerB = owners.find((o) => o.code === 'OWN-B')!.id;
    [w1, w2] = ((await t.call('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' }, admin)).data as { id: number }[]).map((w) => w.id);
    perfume = (await ok('/sapi/wms/sku-category/add', { name: 'Perfume' })).id;
    soap = (await ok('/sapi/wms/sku-category/add', { name: 'Soap' })).id;
    for (const [code, owner, category] of [['A-ROSE', ownerA, perfume], ['A-MUSK', ownerA, perfume], ['A-SOAP', ownerA, soap], ['B-OUD', ownerB, perfume]] as const) {
      skus[code] = (await ok('/sapi/wms/sku/add', { ownerId: owner, sku: code, name: `${code} product`, enable: true, categoryId: category, weight: 1.25, color: 'red' })).id;
    }
    await gain(w1, ownerA, skus['A-ROSE'], 10, 'B1');
    await gain(w2, ownerA, skus['A-ROSE'], 5, 'B2');
    await gain(w1, ownerA, skus['A-MUSK'], 3);
    await gain(w1, ownerB, skus['B-OUD'], 99);
    // lock 4 of A-ROSE in w1 through an allocated outbound order
    const order = await ok('/sapi/wms/outbound-order/add', { ownerId: ownerA, warehouseId: w1, receiverName: 'R', receiverPhone: '1', countryCode: 'SA', address: 'x', lines: [{ skuId: skus['A-ROSE'], batchNo: 'B1', qty: 4 }] });
    await ok('/sapi/wms/outbound-order/allocate', { id: order.id });
  });
  afterAll(async () => { await t?.close(); });

  it('issues a 256-bit token once and keeps only its SHA-256', async () => {
    const a = await ok(`${SHARE}/add`, { title: 'All of A', ownerId: ownerA });
    const b = await ok(`${SHARE}/add`, { title: 'All of A again', ownerId: ownerA });
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.token, 'base64url')).toHaveLength(32);
    expect(a.token).not.toBe(b.token);
    expect(a).toMatchObject({ createdBy: 'admin', viewCount: 0, linkActive: true, enable: true, selection: ShareSelection.ALL, shownColumns: ['AVAILABLE'] });
    const [stored] = await t.database.db.select().from(wmsInventoryShareToken).where(eq(wmsInventoryShareToken.shareId, a.id));
    expect(stored.tokenHash).toBe(sha256(a.token));
    // the token itself is nowhere in the database's share tables, and never read back
    const dump = JSON.stringify((await t.database.db.execute(sql`select row_to_json(x)::text as j from (select * from wms_inventory_share) x union all select row_to_json(y)::text from (select * from wms_inventory_share_token) y`) as unknown as { rows: unknown[] }).rows);
    expect(dump).not.toContain(a.token);
    const detail = await ok(`${SHARE}/detail`, { id: a.id });
    expect(detail.token).toBeUndefined();
    expect(detail.linkActive).toBe(true);
    const page = await ok(`${SHARE}/page`, { current: 1, size: 10 });
    expect(JSON.stringify(page)).not.toContain(a.token);
  });

  it('shows only the shared columns of the share\'s own goods, with search and paging', async () => {
    const s = await ok(`${SHARE}/add`, { title: 'Rose & musk', ownerId: ownerA, selection: ShareSelection.SKUS, skuIds: [skus['A-ROSE'], skus['A-MUSK']], shownColumns: ['WAREHOUSE', 'AVAILABLE', 'QTY'] });
    const r = await view(s.token, { size: 10 });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ title: 'Rose & musk', ownerName: expect.any(String), warehouseName: null, columns: ['AVAILABLE', 'QTY', 'WAREHOUSE'] });
    const recs = r.data.page.records as Record<string, unknown>[];
    for (const rec of recs) expect(Object.keys(rec).sort()).toEqual(['available', 'name', 'qty', 'sku', 'warehouse']);
    const rose = recs.filter((x) => x.sku === 'A-ROSE');
    expect(rose.map((x) => [x.qty, x.available]).sort()).toEqual([[10, 6], [5, 5]]);
    expect(recs.map((x) => x.sku)).not.toContain('B-OUD');
    expect(recs.map((x) => x.sku)).not.toContain('A-SOAP');
    const text = JSON.stringify(r.data);
    expect(text).not.toMatch(/"(id|ownerId|skuId|warehouseId|companyId|lockQty|batchNo|weight)"/);
    // search and paging
    const musk = await view(s.token, { keyword: 'musk' });
    expect(musk.data.page.records.map((x: { sku: string }) => x.sku)).toEqual(['A-MUSK']);
    const p2 = await view(s.token, { current: 2, size: 1 });
    expect(p2.data.page).toMatchObject({ current: 2, total: 3 });
    expect(p2.data.page.records).toHaveLength(1);
  });

  it('a category share in one warehouse with batch, image and goods columns', async () => {
    const s = await ok(`${SHARE}/add`, { title: 'Perfume in w1', ownerId: ownerA, warehouseId: w1, selection: ShareSelection.CATEGORY, categoryId: perfume, shownColumns: ['BATCH_NO', 'LOCK_QTY', 'CATEGORY', 'COLOR', 'WEIGHT'] });
    const r = await view(s.token);
    expect(r.code, r.msg).toBe(200);
    const recs = r.data.page.records as Record<string, unknown>[];
    expect(recs.map((x) => [x.sku, x.batchNo, x.lockQty])).toEqual([['A-MUSK', '', 0], ['A-ROSE', 'B1', 4]]);
    expect(recs[0]).toEqual({ sku: 'A-MUSK', name: 'A-MUSK product', batchNo: '', lockQty: 0, category: 'Perfume', color: 'red', weight: 1.25 });
  });

  it('unknown, revoked, regenerated-away, disabled and expired links give one and the same answer', async () => {
    const neutral = async (token: string) => {
      const en = await view(token);
      const zh = await view(token, {}, freshIp(), 'zh');
      return { en, zh };
    };
    const unknown = await neutral('x'.repeat(43));
    expect(unknown.en.code).toBe(404);
    expect(unknown.en.data).toBeNull();
    expect(unknown.en.msg).toMatch(/not valid/);
    expect(unknown.zh.msg).toMatch(/链接无效/);

    const revoked = await ok(`${SHARE}/add`, { title: 'revoked', ownerId: ownerA });
    expect((await view(revoked.token)).code).toBe(200);
    expect(await ok(`${SHARE}/revoke`, { id: revoked.id })).toEqual({ revoked: true });
    expect(await neutral(revoked.token)).toEqual(unknown);
    expect((await ok(`${SHARE}/detail`, { id: revoked.id })).linkActive).toBe(false);

    const regen = await ok(`${SHARE}/add`, { title: 'regenerated', ownerId: ownerA });
    const fresh = await ok(`${SHARE}/regenerate`, { id: regen.id });
    expect(fresh.token).not.toBe(regen.token);
    expect(await neutral(regen.token)).toEqual(unknown);
    expect((await view(fresh.token)).code).toBe(200);

    const disabled = await ok(`${SHARE}/add`, { title: 'disabled', ownerId: ownerA });
    await ok(`${SHARE}/edit`, { id: disabled.id, enable: false });
    expect(await neutral(disabled.token)).toEqual(unknown);

    const expired = await ok(`${SHARE}/add`, { title: 'expired', ownerId: ownerA, expireDate: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await view(expired.token)).code).toBe(200);
    await ok(`${SHARE}/edit`, { id: expired.id, expireDate: new Date(Date.now() - 1000).toISOString() });
    expect(await neutral(expired.token)).toEqual(unknown);
  });

  it('counts views of the first page', async () => {
    const s = await ok(`${SHARE}/add`, { title: 'counted', ownerId: ownerA });
    await view(s.token);
    await view(s.token, { current: 2 });
    await view(s.token);
    const d = await ok(`${SHARE}/detail`, { id: s.id });
    expect(d.viewCount).toBe(2);
    expect(new Date(d.lastViewTime).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers 429 past the limit per address and per link', async () => {
    const s = await ok(`${SHARE}/add`, { title: 'busy', ownerId: ownerA });
    const ip = freshIp();
    for (let i = 0; i < LIMITS.perIp.max; i++) expect((await view(s.token, {}, ip)).code).toBe(200);
    const refused = await view(s.token, {}, ip);
    expect(refused.code).toBe(429);
    expect(refused.msg).toMatch(/Too many requests; try again in \d+ s/);
    // unknown tokens count against the address too (guessing costs the same)
    expect((await view('y'.repeat(43), {}, ip)).code).toBe(429);
    // another address still gets through, until the link's own limit
    const other = await ok(`${SHARE}/add`, { title: 'busy link', ownerId: ownerA });
    let code = 200;
    let n = 0;
    while (code === 200 && n < LIMITS.perToken.max + 5) { code = (await view(other.token)).code; n++; }
    expect(code).toBe(429);
    expect(n).toBe(LIMITS.perToken.max + 1);
  });

  it('serves a shared SKU\'s image without a session, and nothing else', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
    const boundary = `----wms${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rose.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const up = (await t.app.inject({ method: 'POST', url: '/sapi/sys/file/upload?fileType=5', payload: Readable.from([payload]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-upload-token': admin } })).json();
    expect(up.code, up.msg).toBe(200);
    await ok('/sapi/wms/sku/edit', { id: skus['A-ROSE'], goodsImageUrl: up.data.fileUrl });
    await ok('/sapi/wms/sku/edit', { id: skus['B-OUD'], goodsImageUrl: up.data.fileUrl });
    const s = await ok(`${SHARE}/add`, { title: 'pictures', ownerId: ownerA, shownColumns: ['IMAGE'] });
    const r = await view(s.token);
    const bySku = Object.fromEntries((r.data.page.records as Array<{ sku: string; image: string | null }>).map((x) => [x.sku, x.image]));
    expect(bySku['A-ROSE']).toBe(`/sapi/wms/inventory-share/image?token=${encodeURIComponent(s.token)}&sku=A-ROSE`);
    expect(bySku['A-MUSK']).toBeNull();
    expect(JSON.stringify(r.data)).not.toContain('/sapi/sys/file/get/');
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const img = await get(bySku['A-ROSE']!);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    // another owner's SKU, a share that does not show images, an unknown or revoked link: nothing
    expect((await get(`/sapi/wms/inventory-share/image?token=${encodeURIComponent(s.token)}&sku=B-OUD`)).statusCode).toBe(404);
    const noImages = await ok(`${SHARE}/add`, { title: 'no pictures', ownerId: ownerA, shownColumns: ['QTY'] });
    expect((await get(`/sapi/wms/inventory-share/image?token=${encodeURIComponent(noImages.token)}&sku=A-ROSE`)).statusCode).toBe(404);
    expect((await get('/sapi/wms/inventory-share/image?token=nope&sku=A-ROSE')).statusCode).toBe(404);
    await ok(`${SHARE}/revoke`, { id: s.id });
    expect((await get(bySku['A-ROSE']!)).statusCode).toBe(404);
  });

  it('writes need the share codes and stay within the owner scope', async () => {
    const bShare = await ok(`${SHARE}/add`, { title: 'B stock', ownerId: ownerB });
    const staffA = await userWith(t, admin, { codes: ['inventory_share:list', 'inventory_share:add', 'inventory_share:edit'], ownerIds: [ownerA] });
    const reader = await userWith(t, admin, { codes: ['inventory_share:list'], ownerIds: [ownerA] });

    const foreignOwner = await addShare({ title: 'steal', ownerId: ownerB }, staffA.token);
    expect(foreignOwner.code).toBe(403);
    expect(foreignOwner.msg).toMatch(/Goods owner/);
    const foreignSku = await addShare({ title: 'steal', ownerId: ownerA, selection: ShareSelection.SKUS, skuIds: [skus['A-ROSE'], skus['B-OUD']] }, staffA.token);
    expect(foreignSku.code).toBe(400);
    expect(foreignSku.msg).toBe(`Shared SKUs: SKU #${skus['B-OUD']} is not a SKU of this goods owner`);
    expect((await addShare({ title: 'none', ownerId: ownerA, selection: ShareSelection.SKUS }, staffA.token)).msg).toBe('Shared SKUs: choose at least one SKU');
    expect((await addShare({ title: 'cat', ownerId: ownerA, selection: ShareSelection.CATEGORY }, staffA.token)).msg).toBe('Shared category cannot be empty when one category is shared');
    expect((await addShare({ title: 'cols', ownerId: ownerA, shownColumns: ['COST'] }, staffA.token)).msg).toBe('Visible columns: "COST" is not a column that can be shared');

    const mine = await addShare({ title: 'A by staff', ownerId: ownerA }, staffA.token);
    expect(mine.code, mine.msg).toBe(200);
    expect(mine.data.createdBy).toBe((await t.call('/sapi/sys/user/current/detail', {}, staffA.token)).data.name);
    // B's share is not there for A's staff: not listed, not regenerated, revoked, edited or removed
    const listed = await t.call(`${SHARE}/page`, { current: 1, size: 100 }, staffA.token);
    expect(listed.data.records.map((r: { ownerId: number }) => r.ownerId)).not.toContain(ownerB);
    for (const op of ['regenerate', 'revoke', 'detail', 'remove']) expect((await t.call(`${SHARE}/${op}`, { id: bShare.id }, staffA.token)).code, op).toBe(404);
    expect((await t.call(`${SHARE}/edit`, { id: bShare.id, title: 'mine now' }, staffA.token)).code).toBe(404);
    // a user limited to one warehouse shares that warehouse only
    const staffW1 = await userWith(t, admin, { codes: ['inventory_share:add'], ownerIds: [ownerA], warehouseIds: [w1] });
    for (const warehouseId of [w2, null]) {
      const r = await addShare({ title: 'w', ownerId: ownerA, warehouseId }, staffW1.token);
      expect(r.code, String(warehouseId)).toBe(403);
      expect(r.msg).toBe('Warehouse: outside your data scope');
    }
    expect((await addShare({ title: 'w1 only', ownerId: ownerA, warehouseId: w1 }, staffW1.token)).code).toBe(200);
    // issue 26: shares of the user's own owner in another warehouse (or in every warehouse) are out of its reach
    // on every call, through the manifest's scope
    const w2Share = await ok(`${SHARE}/add`, { title: 'A in w2', ownerId: ownerA, warehouseId: w2 });
    const everywhere = await ok(`${SHARE}/add`, { title: 'A everywhere', ownerId: ownerA });
    const staffW1All = await userWith(t, admin, { codes: ['inventory_share:list', 'inventory_share:add', 'inventory_share:edit'], ownerIds: [ownerA], warehouseIds: [w1] });
    for (const op of ['page', 'list']) {
      const seen = (await t.call(`${SHARE}/${op}`, { size: 100 }, staffW1All.token)).data;
      const ids = (Array.isArray(seen) ? seen : seen.records).map((r: { id: number }) => r.id);
      expect(ids, op).not.toContain(w2Share.id);
      expect(ids, op).not.toContain(everywhere.id);
    }
    for (const share of [w2Share, everywhere]) {
      for (const op of ['regenerate', 'revoke', 'detail', 'remove']) expect((await t.call(`${SHARE}/${op}`, { id: share.id }, staffW1All.token)).code, op).toBe(404);
      expect((await t.call(`${SHARE}/edit`, { id: share.id, title: 'mine now' }, staffW1All.token)).code).toBe(404);
      expect((await view(share.token)).code).toBe(200); // its link untouched
    }
    // the list code alone writes nothing
    expect((await addShare({ title: 'x', ownerId: ownerA }, reader.token)).code).toBe(403);
    expect((await t.call(`${SHARE}/regenerate`, { id: mine.data.id }, reader.token)).code).toBe(403);
    expect((await t.call(`${SHARE}/revoke`, { id: mine.data.id }, reader.token)).code).toBe(403);
    // B's link still works: nothing above touched it
    expect((await view(bShare.token)).code).toBe(200);
    // removing a share removes its link
    await ok(`${SHARE}/remove`, { id: mine.data.id }, staffA.token);
    expect(await t.database.db.select().from(wmsInventoryShareToken).where(eq(wmsInventoryShareToken.shareId, mine.data.id))).toEqual([]);
  });
});
