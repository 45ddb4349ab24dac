/**
 * POST /sapi/wms/sku/findByCode {code, ownerId} (issue 27 item 8: the scan inputs' code -> SKU lookup): the SKUs of
 * the owner whose SKU code, supplier SKU or platform SKU equals the code (case-insensitive, trimmed), never another
 * owner's; the body rule (400 naming the field); the permission (any of the scanning codes) and the owner scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EcPlatform } from '../../generated/shared/enums';
import { startTestApp, testDatabases, userWith, type TestApp } from './harness';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const PATH = '/sapi/wms/sku/findByCode';

describe.each(testDatabases())('SKU lookup by scanned code on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const owners = { A: 0, B: 0 };
  const ids: Record<string, number> = {};
  const call = (body: unknown, token = admin) => t.call(PATH, body, token);
  const found = async (body: Rec, token = admin) => {
    const r = await call(body, token);
    expect(r.code, r.msg).toBe(200);
    return (r.data as Rec[]).map((s) => s.id);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    const ok = async (path: string, body: Rec) => {
      const r = await t.call(path, body, admin);
      expect(r.code, `${path} ${r.msg}`).toBe(200);
      return r.data as Rec;
    };
    const seeded = (await t.call('/sapi/wms/owner/list', {}, admin)).data as Rec[];
    owners.A = seeded.find((o) => o.code === 'OWN-A')!.id;
    owners.B = seeded.find((o) => o.code === 'OWN-B')!.id;
    const categoryId = (await ok('/sapi/wms/sku-category/add', { name: 'Scan test' })).id;
    for (const [o, code, name] of [['A', 'ROSE-30', 'Rose Oil'], ['A', 'MUSK-10', 'White Musk'], ['A', 'TF-1', 'Code clash'], ['B', 'ROSE-30', 'Rose Lamp']] as const) {
      ids[`${o}:${code}`] = (await ok('/sapi/wms/sku/add', { ownerId: owners[o], sku: code, name, enable: true, categoryId, weight: 1 })).id;
    }
    await ok('/sapi/wms/supplier-sku/add', { skuId: ids['A:ROSE-30'], supplierName: 'Taif Farms', supplierSku: 'TF-1' });
    await ok('/sapi/wms/ec-platform-sku/add', { skuId: ids['A:MUSK-10'], ecPlatform: EcPlatform.NOON, ecPlatformSku: 'N-MUSK-10' });
    await ok('/sapi/wms/ec-platform-sku/add', { skuId: ids['B:ROSE-30'], ecPlatform: EcPlatform.NOON, ecPlatformSku: 'N-MUSK-10' });
  });
  afterAll(async () => { await t?.close(); });

  it('finds the owner\'s SKU by its code, a supplier SKU or a platform SKU (the label barcode), in any case', async () => {
    expect(await call({ code: 'rose-30', ownerId: owners.A })).toMatchObject({ code: 200, data: [{ id: ids['A:ROSE-30'], sku: 'ROSE-30', name: 'Rose Oil' }] });
    expect(await found({ code: ' ROSE-30 ', ownerId: owners.B })).toEqual([ids['B:ROSE-30']]);
    expect(await found({ code: 'n-musk-10', ownerId: owners.A })).toEqual([ids['A:MUSK-10']]);
    expect(await found({ code: 'N-MUSK-10', ownerId: owners.B })).toEqual([ids['B:ROSE-30']]);
    // a code that is one SKU's own code and another's supplier SKU names both, by SKU code
    expect(await found({ code: 'TF-1', ownerId: owners.A })).toEqual([ids['A:ROSE-30'], ids['A:TF-1']]);
  });

  it('matches whole codes only and finds nothing for an unknown code or another owner\'s code', async () => {
    expect(await found({ code: 'ROSE', ownerId: owners.A })).toEqual([]);
    expect(await found({ code: 'ROSE-3%', ownerId: owners.A })).toEqual([]);
    expect(await found({ code: 'Rose Oil', ownerId: owners.A })).toEqual([]);
    expect(await found({ code: 'TF-1', ownerId: owners.B })).toEqual([]);
    expect(await found({ code: 'NOPE', ownerId: 999999 })).toEqual([]);
  });

  it('refuses a body without code or owner, or with a code too long, naming the field', async () => {
    expect(await call({ ownerId: owners.A })).toMatchObject({ code: 400, msg: 'SKU, supplier SKU, platform SKU or barcode cannot be empty' });
    expect(await call({ code: 'ROSE-30' })).toMatchObject({ code: 400, msg: 'Goods owner cannot be empty' });
    expect((await call({ code: 'x'.repeat(101), ownerId: owners.A })).code).toBe(400);
    expect((await call({ code: 12, ownerId: owners.A })).code).toBe(400);
    expect((await t.call(PATH, { ownerId: owners.A }, admin, { 'X-Lang': 'zh' })).msg).toBe('SKU、供应商SKU、平台SKU或条码不能为空');
  });

  it('is open to the scanning codes, cut to the caller\'s owners', async () => {
    for (const code of ['sku:list', 'inbound:edit', 'inbound:receive', 'outbound:edit', 'outbound:allocate']) {
      const { token } = await userWith(t, admin, { codes: [code], ownerIds: [owners.A] });
      expect(await found({ code: 'ROSE-30', ownerId: owners.A }, token), code).toEqual([ids['A:ROSE-30']]);
      expect(await found({ code: 'ROSE-30', ownerId: owners.B }, token), `${code}, other owner`).toEqual([]);
    }
    const none = await userWith(t, admin, { codes: ['inbound:list', 'outbound:list'] });
    expect((await call({ code: 'ROSE-30', ownerId: owners.A }, none.token)).code).toBe(403);
  });
});
