/**
 * Printing (issue 16; src/server/domain/print/): POST /sapi/sys/print/url mints a signed, short-lived address of
 * one document after checking the record's read code and the caller's owner/warehouse scope; GET of that
 * address answers the PDF without a session (what the local print plugin fetches). The PDFs carry their
 * order/package number as text; pick lists are sorted by SKU, then batch; Chinese text embeds Noto Sans SC.
 * Also: the plugin zip under /static.
 */
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageTexts } from '../support/pdf';
import { documentFixture, testDatabases, userWith, type TestApp } from './harness';

type Rec = Record<string, any>;

describe.each(testDatabases())('printing on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let t: TestApp, ownerA: number, ownerB: number, w1: number;
  let order: Rec;
  const OUT = '/sapi/wms/outbound-order';
  const receiver = { receiverName: '王小明', receiverPhone: '+86 138 0000 0000', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const mint = async (document: string, id: number, token?: string, headers?: Record<string, string>) => call('/sapi/sys/print/url', { document, id }, token, headers);
  const pdfOf = async (document: string, id: number) => {
    const minted = await ok('/sapi/sys/print/url', { document, id });
    const res = await get(minted.url);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return { pdf: res.rawPayload, text: pageTexts(res.rawPayload).join('\n') };
  };

  beforeAll(async () => {
    ({ t, ownerA, ownerB, w1 } = await f.setUp(kind, { ROSE: 'A', MUSK: 'A', CABLE: 'B' }));
    await f.gainLines(ownerA, [{ skuId: skus.ROSE, batchNo: 'B2', qty: 10 }, { skuId: skus.ROSE, batchNo: 'B1', qty: 10 }, { skuId: skus.MUSK, qty: 10 }]);
    order = await ok(`${OUT}/add`, { warehouseId: w1, ownerId: ownerA, ...receiver, lines: [{ skuId: skus.ROSE, batchNo: 'B2', qty: 1 }, { skuId: skus.MUSK, qty: 2 }, { skuId: skus.ROSE, batchNo: 'B1', qty: 3 }] });
  });
  afterAll(() => f.close());

  it('a pick list is a PDF with the order number, its lines sorted by SKU then batch, before and after allocation', async () => {
    const before = await pdfOf('pickList', order.id);
    expect(before.text).toContain(order.orderNo);
    const at = (text: string, s: string) => text.indexOf(s);
    expect(at(before.text, 'MUSK')).toBeGreaterThan(-1);
    expect(at(before.text, 'MUSK')).toBeLessThan(at(before.text, 'ROSE'));
    expect(at(before.text, 'B1')).toBeLessThan(at(before.text, 'B2'));
    await ok(`${OUT}/allocate`, { id: order.id });
    const after = await pdfOf('pickList', order.id);
    expect(after.text).toContain(order.orderNo);
    expect(at(after.text, 'MUSK')).toBeLessThan(at(after.text, 'B1'));
    expect(at(after.text, 'B1')).toBeLessThan(at(after.text, 'B2'));
    expect(after.text).toMatch(/Pick list/);
  });

  it('in Chinese the text is drawn with the embedded Noto Sans SC font', async () => {
    const minted = await mint('packingList', order.id, undefined, { 'x-lang': 'zh' });
    expect(minted.code).toBe(200);
    expect(minted.data.url).toContain('lang=zh');
    const res = await get(minted.data.url);
    const raw = res.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    expect(raw).toContain('/FontFile2');
    expect(pageTexts(res.rawPayload).join('\n')).toContain(order.orderNo);
  });

  it('packing list and package label carry the package number; inbound receipt its order number', async () => {
    // a long waybill number and a carrier: the weight still shows (issue 27)
    const pack = await ok('/sapi/wms/outbound-package/add', { orderId: order.id, waybillNo: 'WB-PRINT-1-0123456789012345678901234567', carrier: 'Aramex', weight: 1.5, lines: [{ skuId: skus.MUSK, qty: 2 }] });
    const packing = await pdfOf('packingList', order.id);
    expect(packing.text).toContain(order.orderNo);
    expect(packing.text).toContain(pack.packageNo);
    expect(packing.text).toContain('WB-PRINT-1');
    expect(packing.text).toMatch(/Weight \(kg\): 1\.5/);
    // a package line without a batch shows the batches allocated to its SKU (issue 27)
    await f.gainLines(ownerA, [{ skuId: skus.MUSK, batchNo: 'M7', qty: 5 }]);
    const anyBatch = await ok(`${OUT}/add`, { warehouseId: w1, ownerId: ownerA, ...receiver, lines: [{ skuId: skus.MUSK, qty: 10 }] });
    await ok(`${OUT}/allocate`, { id: anyBatch.id });
    expect((await pdfOf('packingList', anyBatch.id)).text).toContain('M7');
    await ok('/sapi/wms/outbound-package/add', { orderId: anyBatch.id, lines: [{ skuId: skus.MUSK, qty: 10 }] });
    expect((await pdfOf('packingList', anyBatch.id)).text).toContain('M7');
    const label = await pdfOf('outboundPackageLabel', pack.id);
    expect(label.text).toContain(pack.packageNo);
    expect(label.text).toContain(order.orderNo);
    expect(label.text).toContain('Aramex');
    const inbound = await ok('/sapi/wms/inbound-order/add', { warehouseId: w1, ownerId: ownerA, lines: [{ skuId: skus.ROSE, batchNo: 'B7', plannedQty: 10 }] });
    const receipt = await pdfOf('inboundReceipt', inbound.id);
    expect(receipt.text).toContain(inbound.orderNo);
    expect(receipt.text).toContain('B7');
    expect(receipt.text).toContain('-10'); // nothing received yet
    const ipack = await ok('/sapi/wms/inbound-package/add', { orderId: inbound.id, lines: [{ skuId: skus.ROSE, batchNo: 'B7', qty: 4 }] });
    expect((await pdfOf('inboundPackageLabel', ipack.id)).text).toContain(ipack.packageNo);
  });

  it('owner scope and read codes apply when the address is minted', async () => {
    const otherOwner = await userWith(t, f.admin, { codes: ['outbound:list', 'inbound:list'], ownerIds: [ownerB] });
    expect((await mint('pickList', order.id, otherOwner.token)).code).toBe(404);
    const sameOwner = await userWith(t, f.admin, { codes: ['outbound:list'], ownerIds: [ownerA] });
    const minted = await mint('pickList', order.id, sameOwner.token);
    expect(minted.code).toBe(200);
    expect((await get(minted.data.url)).statusCode).toBe(200);
    const noCode = await userWith(t, f.admin, { codes: ['inbound:list'], ownerIds: [ownerA] });
    expect((await mint('pickList', order.id, noCode.token)).code).toBe(403);
    expect((await mint('pickList', 999999)).code).toBe(404);
    // a return order needs the return list's code (manifest listCodes), not inbound:list
    const ret = await ok('/sapi/wms/inbound-order/add', { type: 2, sourceOutboundNo: order.orderNo, warehouseId: w1, ownerId: ownerA, lines: [{ skuId: skus.ROSE, plannedQty: 1 }] });
    const inboundOnly = await userWith(t, f.admin, { codes: ['inbound:list'], ownerIds: [ownerA] });
    expect((await mint('inboundReceipt', ret.id, inboundOnly.token)).code).toBe(403);
    const returns = await userWith(t, f.admin, { codes: ['inbound:return_list'], ownerIds: [ownerA] });
    expect((await mint('inboundReceipt', ret.id, returns.token)).code).toBe(200);
    expect((await call('/sapi/sys/print/url', { document: 'pickList', id: order.id })).code).toBe(200);
    expect((await call('/sapi/sys/print/url', { document: 'pickList', id: order.id }, 'no-such-token')).code).toBe(600);
  });

  it('refuses an unknown document by its label', async () => {
    expect(await mint('deliveryNote', order.id)).toMatchObject({ code: 400, msg: expect.stringContaining('Document') });
    expect(await mint('deliveryNote', order.id, undefined, { 'x-lang': 'zh' })).toMatchObject({ code: 400, msg: expect.stringContaining('单据') });
  });

  it('the address is the only credential: tampered, moved to another record, or expired is a 403 and no PDF', async () => {
    const minted = await ok('/sapi/sys/print/url', { document: 'pickList', id: order.id });
    expect(minted.url).not.toContain(f.admin);
    expect(minted.expiresAt - Date.now()).toBeGreaterThan(4 * 60_000);
    const url = new URL(minted.url, 'http://x');
    const variants = [
      minted.url.replace(/sig=[^&]+/, 'sig=AAAA'),
      minted.url.replace(`/pickList/${order.id}`, `/pickList/${order.id + 1}`),
      minted.url.replace('/pickList/', '/packingList/'),
      minted.url.replace(/exp=\d+/, `exp=${Number(url.searchParams.get('exp')) + 3600_000}`),
      minted.url.replace(/u=\d+/, 'u=2'),
      minted.url.replace(/&sig=[^&]+/, ''),
    ];
    for (const v of variants) {
      const res = await get(v);
      expect(res.statusCode, v).toBe(403);
      expect(res.headers['content-type']).toMatch(/json/);
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6 * 60_000);
      expect((await get(minted.url)).statusCode).toBe(403);
    } finally {
      vi.useRealTimers();
    }
    expect((await get(minted.url)).statusCode).toBe(200);
  });

  it('serves the local print plugin as a zip with its program and README', async () => {
    const res = await get('/static/print-plugin.zip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['wms-print-plugin/README.md', 'wms-print-plugin/print-plugin.mjs']);
    expect(Buffer.from(files['wms-print-plugin/print-plugin.mjs']).toString()).toContain('WMS_CONSOLE_ORIGIN');
  });
});
