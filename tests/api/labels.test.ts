/**
 * Platform label download (spec 2.8, 6, 7.2, 8): POST /sapi/wms/sku/exportEcPlatformLabels {ids, ecPlatform}
 * answers a PDF file (one 100 x 50 mm label per SKU) or a JSON envelope for every refusal.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysSession } from '../../src/server/db/internal-schema';
import { sessionTokenHash } from '../../src/server/http/session';
import { EcPlatform } from '../../generated/shared/enums';
import { startTestApp, testDatabases, userWith, type TestApp } from './harness';
import { pageCount, pageTexts } from '../support/pdf';

const PATH = '/sapi/wms/sku/exportEcPlatformLabels';
const CODE = 'outbound:export_ec_platform_labels';

describe.each(testDatabases())('platform labels on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ownerA: number;
  let ownerB: number;
  let categoryId: number;
  const skus: Record<string, number> = {};

  const download = async (body: unknown, token?: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'POST', url: PATH, payload: body as object, headers: { ...(token ? { 'x-token': token } : {}), ...headers } });
    return { status: res.statusCode, headers: res.headers, body: res.rawPayload, json: () => JSON.parse(res.body) };
  };
  const addSku = async (ownerId: number, code: string, name: string, platforms: Array<[number, string]>) => {
    const s = await t.call('/sapi/wms/sku/add', { ownerId, sku: code, name, enable: true, categoryId, weight: 0.5 }, admin);
    expect(s.code, s.msg).toBe(200);
    for (const [ecPlatform, ecPlatformSku] of platforms) {
      const p = await t.call('/sapi/wms/ec-platform-sku/add', { skuId: s.data.id, ecPlatform, ecPlatformSku, brand: 'Brand' }, admin);
      expect(p.code, p.msg).toBe(200);
    }
    skus[code] = s.data.id;
    return s.data.id as number;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    [ownerA, ownerB] = (await t.call('/sapi/wms/owner/list', {}, admin)).data.map((o: any) => o.id);
    categoryId = (await t.call('/sapi/wms/sku-category/add', { name: 'Label goods' }, admin)).data.id;
    await addSku(ownerA, 'ROSE-30', 'Rose oil 30 ml', [[EcPlatform.NOON, 'N10000001A'], [EcPlatform.AMAZON_SA, 'B0ROSE30']]);
    await addSku(ownerA, 'OUD-100', `Oud perfume عود ${'extra long description '.repeat(7)}END-OF-NAME`, [[EcPlatform.NOON, 'N10000002A']]);
    await addSku(ownerA, 'MUSK-10', 'Musk – 10 ml “gift” ✓', [[EcPlatform.NOON, 'N10000003A']]);
    await addSku(ownerA, 'AMZ-ONLY', 'Only on Amazon', [[EcPlatform.AMAZON_SA, 'B0AMZONLY']]);
    await addSku(ownerA, 'NO-PLATFORM', 'No platform at all', []);
    await addSku(ownerB, 'GADGET-1', 'Phone stand', [[EcPlatform.NOON, 'N20000001A']]);
    await addSku(ownerA, 'ARABIC-PSKU', 'Platform SKU in Arabic', [[EcPlatform.ZID, 'زد-١٢٣']]);
  });
  afterAll(async () => { await t?.close(); });

  it('downloads one 100 x 50 mm label per SKU as a PDF file, in the order asked', async () => {
    const ids = [skus['MUSK-10'], skus['ROSE-30'], skus['OUD-100']];
    const res = await download({ ids, ecPlatform: EcPlatform.NOON, skipLoading: true }, admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="NOON-labels.pdf"');
    expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.body.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pageCount(res.body)).toBe(3);
    const boxes = [...res.body.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(boxes).toHaveLength(3);
    for (const [w, h] of boxes) { expect(w).toBeCloseTo(283.46, 1); expect(h).toBeCloseTo(141.73, 1); }
    // one barcode image per label: an opaque grey PNG (no alpha mask for pdfkit to split)
    const images = [...res.body.toString('latin1').matchAll(/<<([^>]*\/Subtype \/Image[^>]*)>>/g)].map((m) => m[1]);
    expect(images).toHaveLength(3);
    for (const d of images) { expect(d).toMatch(/\/ColorSpace \/DeviceGray/); expect(d).not.toMatch(/\/SMask/); }

    const pages = pageTexts(res.body);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('N10000003A');
    expect(pages[0]).toContain('SKU: MUSK-10');
    expect(pages[0]).toContain('Musk \x96 10 ml \x93gift\x94 ?'); // WinAnsi dash and quotes kept, the check mark is '?'
    expect(pages[1]).toContain('N10000001A');
    expect(pages[1]).toContain('SKU: ROSE-30');
    expect(pages[1]).toContain('Rose oil 30 ml');
    expect(pages[2]).toContain('SKU: OUD-100');
    expect(pages[2]).toContain('Oud perfume ??? extra long'); // Arabic is replaced by '?' (standard Helvetica)
    expect(pages[2]).not.toContain('END-OF-NAME'); // the name is cut to the label
    for (const p of pages) expect(p).toContain('NOON');
  });

  it('labels one platform only: the Amazon label carries the Amazon SKU', async () => {
    const res = await download({ ids: [skus['ROSE-30'], skus['ROSE-30']], ecPlatform: EcPlatform.AMAZON_SA }, admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="AMAZON_SA-labels.pdf"');
    expect(pageCount(res.body)).toBe(1); // a repeated id is one label
    expect(pageTexts(res.body)[0]).toContain('B0ROSE30');
    expect(pageTexts(res.body)[0]).not.toContain('N10000001A');
  });

  it('refuses SKUs without a platform SKU for that platform, naming their codes (spec 8)', async () => {
    const ids = [skus['ROSE-30'], skus['AMZ-ONLY'], skus['NO-PLATFORM']];
    const res = await download({ ids, ecPlatform: EcPlatform.NOON }, admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 400, msg: 'product SKU not configured for selected e-commerce platform: AMZ-ONLY, NO-PLATFORM', data: null });
    const zh = await download({ ids, ecPlatform: EcPlatform.NOON }, admin, { 'x-lang': 'zh' });
    expect(zh.json().msg).toBe('所选商品未配置该电商平台SKU：AMZ-ONLY, NO-PLATFORM');
    expect((await download({ ids: [skus['ROSE-30']], ecPlatform: EcPlatform.TRENDYOL }, admin)).json().msg).toBe('product SKU not configured for selected e-commerce platform: ROSE-30');
  });

  it('refuses a platform SKU that Code 128 cannot encode, naming the SKU code', async () => {
    const res = await download({ ids: [skus['ARABIC-PSKU']], ecPlatform: EcPlatform.ZID }, admin);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 400, msg: 'platform SKU cannot be printed as a Code 128 barcode: ARABIC-PSKU', data: null });
  });

  it('validates ids and ecPlatform', async () => {
    const cases: Array<[unknown, string | RegExp]> = [
      [{ ecPlatform: 1 }, 'SKUs cannot be empty'],
      [{ ids: [], ecPlatform: 1 }, 'SKUs cannot be empty'],
      [{ ids: 'x', ecPlatform: 1 }, 'SKUs must be a list'],
      [{ ids: [0], ecPlatform: 1 }, 'SKUs cannot be less than 1'],
      [{ ids: [skus['ROSE-30']] }, 'E-commerce platform cannot be empty'],
      [{ ids: [skus['ROSE-30']], ecPlatform: 99 }, 'E-commerce platform must be one of: 1, 2, 3, 4, 5, 6, 7, 8'],
      [{ ids: Array.from({ length: 1001 }, (_, i) => i + 1), ecPlatform: 1 }, 'SKUs can be at most 1000 per file'],
    ];
    for (const [body, msg] of cases) {
      const res = await download(body, admin);
      expect(res.headers['content-type'], JSON.stringify(body)).toMatch(/^application\/json/);
      const env = res.json();
      expect(env.code, JSON.stringify(body)).toBe(400);
      if (typeof msg === 'string') expect(env.msg).toBe(msg);
      else expect(env.msg).toMatch(msg);
    }
  });

  it('answers 404 and no file for an unknown id', async () => {
    const res = await download({ ids: [skus['ROSE-30'], 987654], ecPlatform: EcPlatform.NOON }, admin);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: 404, msg: 'SKUs #987654 does not exist' });
  });

  it('keeps an owner-scoped user to its own SKUs', async () => {
    const { token } = await userWith(t, admin, { codes: [CODE], ownerIds: [ownerA] });
    const own = await download({ ids: [skus['ROSE-30']], ecPlatform: EcPlatform.NOON }, token);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(pageCount(own.body)).toBe(1);
    for (const ids of [[skus['GADGET-1']], [skus['ROSE-30'], skus['GADGET-1']]]) {
      const res = await download({ ids, ecPlatform: EcPlatform.NOON }, token);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ code: 404, msg: `SKUs #${skus['GADGET-1']} does not exist` });
    }
    // the other owner's user gets its SKU, the all-owners admin both
    const b = await userWith(t, admin, { codes: [CODE], ownerIds: [ownerB] });
    expect(pageCount((await download({ ids: [skus['GADGET-1']], ecPlatform: EcPlatform.NOON }, b.token)).body)).toBe(1);
    expect(pageCount((await download({ ids: [skus['ROSE-30'], skus['GADGET-1']], ecPlatform: EcPlatform.NOON }, admin)).body)).toBe(2);
    // a user with an empty owner scope sees nothing
    const none = await userWith(t, admin, { codes: [CODE], ownerIds: [] });
    expect((await download({ ids: [skus['ROSE-30']], ecPlatform: EcPlatform.NOON }, none.token)).json().code).toBe(404);
  });

  it('keeps the renewed token header on the file response (spec 7.1)', async () => {
    const token = await t.login();
    await t.database.db.update(sysSession).set({ issuedAt: new Date(Date.now() - 13 * 3600_000) }).where(eq(sysSession.token, sessionTokenHash(token)));
    const res = await download({ ids: [skus['ROSE-30']], ecPlatform: EcPlatform.NOON }, token);
    expect(res.headers['content-type']).toBe('application/pdf');
    const renewed = res.headers['x-new-token'];
    expect(renewed).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.call('/sapi/sys/user/current/detail', {}, String(renewed))).code).toBe(200);
  });

  it('needs the code outbound:export_ec_platform_labels (spec 6) and a session', async () => {
    const body = { ids: [skus['ROSE-30']], ecPlatform: EcPlatform.NOON };
    const lister = await userWith(t, admin, { codes: ['sku', 'sku:list', 'sku:add', 'sku:edit'] });
    const refused = await download(body, lister.token);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({ code: 403, msg: 'Insufficient permission', data: null });
    expect((await download(body)).json().code).toBe(600);
    expect((await download(body, 'not-a-token')).json().code).toBe(600);
  });
});
