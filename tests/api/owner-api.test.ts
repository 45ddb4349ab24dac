/**
 * The owner API (issue 31; docs/owner-api.md), driven by a client generated from the OpenAPI document
 * (openapi-typescript types + openapi-fetch, tests/api/owner-api-client.ts): the document validates; keys are
 * shown once, stored as digests, never wider than their maker, revoked and expired keys stop; SKUs upsert by
 * code; orders go in with SKU codes and come back with lines, packages and waybills; stock says available =
 * qty - lockQty; the inventory log reads since a cursor; a key of owner A gets 404 for owner B's documents and
 * 403 outside its scopes; bad input is a 422 problem naming every field; Idempotency-Key replays and refuses;
 * the rate limit answers 429; /api/v1 calls are recorded like /sapi calls.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { Validator } from '@seriousme/openapi-schema-validator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundOrderStatus, InboundOrderStatus } from '../../generated/shared/enums';
import { recorderOf } from '../../src/server/app';
import { jobHandler } from '../../src/server/domain/jobs/registry';
import { tokenDigest } from '../../src/server/http/token-digest';
import { documentFixture, testDatabases, userWith } from './harness';
import { ALL_SCOPES, apiClient, makeKey, type ApiClient } from './owner-api-client';

type Row = Record<string, unknown>;

const rowsOf = async (f: ReturnType<typeof documentFixture>, text: string): Promise<Row[]> => {
  const res = await f.t.database.db.execute(sql.raw(text));
  return (Array.isArray(res) ? res : (res as { rows: Row[] }).rows) as Row[];
};

/** An outbound order body of the API for `sku` codes (qty 1 each). */
const orderBody = (platformOrderNo: string, warehouseId: number, skus: string[]) => ({
  warehouseId, platformOrderNo, receiverName: 'Sara', receiverPhone: '+966500000001', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Road 1',
  codAmount: 12550, codCurrency: 1 as const, lines: skus.map((sku) => ({ sku, qty: 1 })),
});

/**
 * The inventory log since `cursor`, read again (every 100 ms, at most 5 s) until it holds an entry: an entry is
 * served once the transactions of the database that ran beside it have ended (the app's request recorder and
 * scheduler write too), so a busy moment may hold it back briefly.
 */
async function logSince(client: ApiClient, cursor?: string) {
  for (let i = 0; ; i++) {
    const r = await client.GET('/inventory-log', { params: { query: { limit: 500, ...(cursor ? { cursor } : {}) } } });
    expect(r.response.status).toBe(200);
    if (r.data!.data.length || i >= 50) return r.data!;
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

describe.each(testDatabases())('owner API on %s', (kind) => {
  const f = documentFixture();
  let keyA: { id: number; key: string; prefix: string };
  let a: ApiClient;
  let b: ApiClient;
  let ordersOnly: ApiClient;

  beforeAll(async () => {
    await f.setUp(kind, { ROSE: 'A', LILY: 'A', BSKU: 'B' });
    keyA = await makeKey(f.t, f.admin, { ownerId: f.ownerA, scopes: ALL_SCOPES, rateLimit: 100000 });
    a = apiClient(f.t, keyA.key);
    b = apiClient(f.t, (await makeKey(f.t, f.admin, { ownerId: f.ownerB, scopes: ALL_SCOPES, rateLimit: 100000 })).key);
    ordersOnly = apiClient(f.t, (await makeKey(f.t, f.admin, { ownerId: f.ownerA, scopes: ['ORDERS_READ'] })).key);
  });
  afterAll(() => f.close());

  it('serves an OpenAPI 3.1 document that a maintained validator accepts, the generated one', async () => {
    const res = await f.t.app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(readFileSync('generated/api/openapi.json', 'utf8'));
    const v = new Validator();
    const result = await v.validate(res.json());
    expect(result.errors ?? []).toEqual([]);
    expect([result.valid, v.version]).toEqual([true, '3.1']);
    // the manifest's rules are in it: lengths, ranges, enums, required, examples
    const doc = res.json();
    const create = doc.components.schemas.OutboundOrderCreate;
    expect(create.required).toEqual(expect.arrayContaining(['warehouseId', 'receiverName', 'receiverPhone', 'countryCode', 'address', 'lines']));
    expect(create.properties.receiverName).toMatchObject({ type: 'string', maxLength: 100, examples: ['Sara Al-Harbi'] });
    expect(doc.components.schemas.OutboundOrderLineInput.properties.qty).toMatchObject({ type: 'integer', minimum: 1 });
    expect(doc.components.schemas.SkuUpsert.properties.weight).toMatchObject({ minimum: 0, maximum: 9999 });
    expect(doc.components.schemas.OutboundOrder.properties.status.enum).toEqual([1, 2, 3, 4, 5, 6]);
    // the reference page: self-hosted Swagger UI, its script a file (CSP script-src 'self')
    const page = await f.t.app.inject({ url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script>(?!<)/);
    expect(page.body).toContain('/api/v1/docs/assets/swagger-ui-bundle.js');
    expect((await f.t.app.inject({ url: '/api/v1/docs/assets/swagger-ui-bundle.js' })).statusCode).toBe(200);
    expect((await f.t.app.inject({ url: '/api/v1/docs/assets/package.json' })).statusCode).toBe(404);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('shows a key once, keeps only its digest, and names it by its prefix', async () => {
    expect(keyA.key).toMatch(/^wms_live_[A-Za-z0-9_-]{43}$/);
    expect(keyA.key.startsWith(keyA.prefix)).toBe(true);
    const detail = await f.ok('/sapi/sys/api-key/detail', { id: keyA.id });
    expect(detail.key).toBeUndefined();
    expect(detail.prefix).toBe(keyA.prefix);
    const stored = await rowsOf(f, `select key_hash from sys_api_key_secret where key_id = ${keyA.id}`);
    expect(stored).toEqual([{ key_hash: tokenDigest(keyA.key) }]);
    expect(JSON.stringify(await rowsOf(f, 'select * from sys_api_key_secret'))).not.toContain(keyA.key);
  });

  it('never makes a key wider than its maker (owner, warehouses, scopes)', async () => {
    const w2 = (await f.call('/sapi/wms/warehouse/list', { sortProp: 'id', sortOrder: 'asc' })).data[1].id;
    const { token } = await userWith(f.t, f.admin, { codes: ['api_key:list', 'api_key:edit', 'outbound:list', 'outbound:pack_list'], ownerIds: [f.ownerA], warehouseIds: [f.w1] });
    const add = (body: Row) => f.call('/sapi/sys/api-key/add', { name: 'mine', ownerId: f.ownerA, warehouseIds: [f.w1], scopes: ['ORDERS_READ'], ...body }, token);
    const other = await add({ ownerId: f.ownerB });
    expect([other.code, other.msg]).toEqual([403, 'Goods owner: outside your data scope']);
    const wide = await add({ warehouseIds: [f.w1, w2] });
    expect([wide.code, wide.msg]).toEqual([403, `Warehouses: warehouse #${w2} is outside your data scope`]);
    expect((await add({ warehouseIds: [-1] })).code).toBe(403);
    const scope = await add({ scopes: ['ORDERS_READ', 'ORDERS_WRITE'] });
    expect([scope.code, scope.msg]).toEqual([403, 'Scopes: orders:write needs permissions you do not hold (outbound:edit)']);
    expect((await add({ scopes: ['NOT_A_SCOPE'] })).code).toBe(400);
    expect((await add({ scopes: [] })).msg).toBe('Scopes cannot be empty');
    const made = await add({});
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({ ownerId: f.ownerA, warehouseIds: [f.w1], scopes: ['ORDERS_READ'], status: 1 });
    // within its own rights it also edits its keys, never widening them
    expect((await f.call('/sapi/sys/api-key/edit', { id: made.data.id, scopes: ['SKUS_READ'] }, token)).code).toBe(403);
  });

  it('answers 401 problem details without a key, with a wrong, revoked or expired one', async () => {
    const none = await apiClient(f.t).GET('/skus');
    expect(none.response.status).toBe(401);
    expect(none.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(none.error).toMatchObject({ type: 'urn:wms:problem:unauthorized', status: 401, title: 'Not authenticated' });
    expect((await apiClient(f.t, 'wms_live_nope').GET('/skus')).response.status).toBe(401);
    const doomed = await makeKey(f.t, f.admin, { ownerId: f.ownerA, scopes: ['SKUS_READ'] });
    expect((await apiClient(f.t, doomed.key).GET('/skus')).response.status).toBe(200);
    const revoked = await f.ok('/sapi/sys/api-key/revoke', { id: doomed.id });
    expect(revoked.status).toBe(2);
    const after = await apiClient(f.t, doomed.key, 'zh').GET('/skus');
    expect([after.response.status, after.error?.detail]).toEqual([401, '接口密钥已被吊销']);
    const old = await makeKey(f.t, f.admin, { ownerId: f.ownerA, scopes: ['SKUS_READ'], expireDate: '2020-01-01T00:00:00Z' });
    const expired = await apiClient(f.t, old.key).GET('/skus');
    expect([expired.response.status, expired.error?.detail]).toEqual([401, 'The API key expired at 2020-01-01T00:00:00+00:00']);
    // last used: set by a call
    expect((await f.ok('/sapi/sys/api-key/detail', { id: doomed.id })).lastUsedAt).toEqual(expect.any(String));
  });

  it('upserts SKUs by code with the manifest rules, and lists them by cursor', async () => {
    const put = (code: string, body: Row) => a.PUT('/skus/{sku}', { params: { path: { sku: code } }, body: body as never });
    const made = await put('TULIP-50', { name: 'Tulip 50 ml', category: 'Perfume', weight: 0.5, enable: true });
    expect(made.response.status).toBe(201);
    expect(made.data).toMatchObject({ sku: 'TULIP-50', name: 'Tulip 50 ml', categoryId: f.categoryId, category: 'Perfume', weight: 0.5, enable: true });
    const changed = await put('TULIP-50', { name: 'Tulip 50 ml (new)', category: 'Perfume', weight: 0.55 });
    expect([changed.response.status, changed.data?.id, changed.data?.name, changed.data?.weight]).toEqual([200, made.data!.id, 'Tulip 50 ml (new)', 0.55]);
    const bad = await put('TULIP-60', { name: '', category: 'Nope', weight: 10000.5 });
    expect(bad.response.status).toBe(422);
    expect(bad.error).toMatchObject({ type: 'urn:wms:problem:validation', status: 422 });
    expect(bad.error!.errors!.map((e) => e.field)).toEqual(['category', 'name', 'weight']);
    expect(bad.error!.errors![0].message).toBe('Category Nope does not exist');
    const rules = await put('TULIP-60', { name: '', category: 'Perfume', weight: 10000.5 });
    expect(rules.error!.errors!.map((e) => [e.field, e.message])).toEqual([
      ['name', 'Product name cannot be empty'],
      ['weight', 'Weight (kg) cannot be greater than 9999'],
    ]);
    // owner B's key sees none of A's SKUs, and its own TULIP-50 is another SKU
    expect((await b.GET('/skus', { params: { query: { sku: 'TULIP-50' } } })).data!.data).toEqual([]);
    // cursor pages: 1 at a time through A's SKUs
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await a.GET('/skus', { params: { query: { limit: 1, ...(cursor ? { cursor } : {}) } } });
      seen.push(...page.data!.data.map((s) => s.sku));
      if (!page.data!.next_cursor) break;
      cursor = page.data!.next_cursor;
    }
    expect(seen).toEqual(['ROSE', 'LILY', 'TULIP-50']);
    const badLimit = await a.GET('/skus', { params: { query: { limit: 0 } } });
    expect([badLimit.response.status, badLimit.error?.errors?.[0].field]).toEqual([400, 'limit']);
    expect((await a.GET('/skus', { params: { query: { cursor: 'garbage' } } })).response.status).toBe(400);
  });

  it('creates outbound orders with SKU codes and names every field at fault', async () => {
    const post = (client: ApiClient, key: string, body: Row) => client.POST('/outbound-orders', { params: { header: { 'Idempotency-Key': key } }, body: body as never });
    const made = await post(a, 'o-1', orderBody('SHOP-1', f.w1, ['ROSE', 'LILY']));
    expect(made.response.status).toBe(201);
    expect(made.data).toMatchObject({ platformOrderNo: 'SHOP-1', status: OutboundOrderStatus.CREATED, warehouseId: f.w1, codAmount: 12550, packages: [], waybills: [] });
    expect(made.data!.orderNo).toMatch(/^OUT\d{14}$/);
    expect(made.data!.lines.map((l) => [l.sku, l.qty])).toEqual([['ROSE', 1], ['LILY', 1]]);
    const wrong = await post(a, 'o-2', { ...orderBody('SHOP-2', f.w1, ['ROSE', 'NOPE', 'BSKU']), receiverName: '', countryCode: 'SAUDI' });
    expect(wrong.response.status).toBe(422);
    // the codes that name nothing and the rules' own findings, every field once
    expect(wrong.error!.errors!.map((e) => e.field)).toEqual(['lines[1].sku', 'lines[2].sku', 'receiverName', 'countryCode']);
    expect(wrong.error!.errors![0]).toEqual({ field: 'lines[1].sku', pointer: '/lines/1/sku', message: 'Line 2: SKU NOPE does not exist' });
    const rules = await post(a, 'o-3', { ...orderBody('SHOP-3', f.w1, ['ROSE']), receiverName: '', countryCode: 'SAUDI', lines: [{ sku: 'ROSE', qty: 0 }] });
    expect(rules.error!.errors!.map((e) => [e.field, e.message])).toEqual([
      ['receiverName', 'Receiver cannot be empty'],
      ['countryCode', 'Country can be at most 3 characters'],
      ['lines[0].qty', 'Line 1: Quantity cannot be less than 1'],
    ]);
    const zh = await apiClient(f.t, keyA.key, 'zh').POST('/outbound-orders', { params: { header: { 'Idempotency-Key': 'o-4' } }, body: { ...orderBody('SHOP-4', f.w1, ['ROSE']), receiverName: '' } as never });
    expect(zh.error!.errors![0].message).toBe('收件人不能为空');
    const noLines = await post(a, 'o-5', { ...orderBody('SHOP-5', f.w1, []) });
    expect(noLines.error!.errors![0].field).toBe('lines');
    // a warehouse outside the key: 403
    const narrow = apiClient(f.t, (await makeKey(f.t, f.admin, { ownerId: f.ownerA, warehouseIds: [f.w1 + 1], scopes: ['ORDERS_WRITE'] })).key);
    const outside = await post(narrow, 'o-6', orderBody('SHOP-6', f.w1, ['ROSE']));
    expect([outside.response.status, outside.error?.errors?.[0].field]).toEqual([403, 'warehouseId']);
    // malformed JSON: 400 problem, not an envelope
    const raw = await f.t.app.inject({ method: 'POST', url: '/api/v1/outbound-orders', payload: '{"warehouseId":', headers: { 'content-type': 'application/json', authorization: `Bearer ${keyA.key}`, 'idempotency-key': 'o-7' } });
    expect([raw.statusCode, raw.json().type]).toEqual([400, 'urn:wms:problem:bad-request']);
  });

  it('replays an Idempotency-Key with the same body, refuses it with another, and wants one on every POST', async () => {
    const body = orderBody('SHOP-IDEM', f.w1, ['ROSE']);
    const first = await a.POST('/outbound-orders', { params: { header: { 'Idempotency-Key': 'idem-1' } }, body });
    const again = await a.POST('/outbound-orders', { params: { header: { 'Idempotency-Key': 'idem-1' } }, body: { ...body } });
    expect([again.response.status, again.response.headers.get('idempotent-replayed'), again.data]).toEqual([201, 'true', first.data]);
    expect(first.response.headers.get('idempotent-replayed')).toBeNull();
    const other = await a.POST('/outbound-orders', { params: { header: { 'Idempotency-Key': 'idem-1' } }, body: { ...body, remark: 'changed' } });
    expect([other.response.status, other.error?.type]).toEqual([422, 'urn:wms:problem:idempotency-mismatch']);
    // the same key of another API key is another request
    const bOwn = await b.POST('/outbound-orders', { params: { header: { 'Idempotency-Key': 'idem-1' } }, body: orderBody('SHOP-IDEM', f.w1, ['BSKU']) });
    expect(bOwn.response.status).toBe(201);
    const none = await f.t.app.inject({ method: 'POST', url: '/api/v1/outbound-orders', payload: body, headers: { authorization: `Bearer ${keyA.key}` } });
    expect([none.statusCode, none.json().errors[0].field]).toEqual([400, 'Idempotency-Key']);
    const count = await rowsOf(f, `select count(*)::int as n from wms_outbound_order where platform_order_no = 'SHOP-IDEM'`);
    expect(count[0].n).toBe(2);
  });

  it("gives a key of owner A 404 for owner B's documents and 403 outside its scopes", async () => {
    const bOrder = (await b.POST('/outbound-orders', { params: { header: { 'Idempotency-Key': 'b-1' } }, body: orderBody('SHOP-B1', f.w1, ['BSKU']) })).data!;
    const byId = await a.GET('/outbound-orders/{ref}', { params: { path: { ref: String(bOrder.id) } } });
    expect([byId.response.status, byId.error?.type]).toEqual([404, 'urn:wms:problem:not-found']);
    expect((await a.GET('/outbound-orders/{ref}', { params: { path: { ref: bOrder.orderNo! } } })).response.status).toBe(404);
    expect((await a.POST('/outbound-orders/{ref}/cancel', { params: { path: { ref: String(bOrder.id) }, header: { 'Idempotency-Key': 'x-1' } } })).response.status).toBe(404);
    expect((await b.GET('/outbound-orders/{ref}', { params: { path: { ref: bOrder.orderNo! } } })).data!.id).toBe(bOrder.id);
    expect((await a.GET('/outbound-orders', {})).data!.data.every((o) => o.id !== bOrder.id)).toBe(true);
    // orders:read only: reading works, writing and other resources are 403
    expect((await ordersOnly.GET('/outbound-orders', {})).response.status).toBe(200);
    const write = await ordersOnly.POST('/outbound-orders', { params: { header: { 'Idempotency-Key': 'r-1' } }, body: orderBody('SHOP-R', f.w1, ['ROSE']) });
    expect([write.response.status, write.error?.detail]).toEqual([403, 'This API key lacks the scope orders:write']);
    expect((await ordersOnly.GET('/skus')).response.status).toBe(403);
    expect((await ordersOnly.GET('/stock')).response.status).toBe(403);
    expect((await ordersOnly.GET('/inventory-log')).response.status).toBe(403);
    expect((await ordersOnly.GET('/inbound-orders')).response.status).toBe(403);
    expect((await ordersOnly.GET('/warehouses')).response.status).toBe(200);
    // an unknown path is a problem too
    const unknown = await f.t.app.inject({ url: '/api/v1/nothing', headers: { authorization: `Bearer ${keyA.key}` } });
    expect([unknown.statusCode, unknown.json().type]).toEqual([404, 'urn:wms:problem:not-found']);
  });

  it('reads stock with available = qty - lockQty, orders with packages and waybill, cancels until shipped', async () => {
    await f.gain(f.ownerA, f.skus.ROSE, 10, 'B1');
    const o = (await a.POST('/outbound-orders', { params: { header: { 'Idempotency-Key': 's-1' } }, body: { ...orderBody('SHOP-S1', f.w1, []), lines: [{ sku: 'ROSE', qty: 3 }] } })).data!;
    await f.ok('/sapi/wms/outbound-order/allocate', { id: o.id });
    const stock = await a.GET('/stock', { params: { query: { sku: 'ROSE', warehouse: f.w1 } } });
    expect(stock.data!.data.map((s) => [s.sku, s.batchNo, s.qty, s.lockQty, s.available])).toEqual([['ROSE', 'B1', 10, 3, 7]]);
    expect((await a.GET('/stock', { params: { query: { sku: 'NOPE' } } })).data!.data).toEqual([]);
    expect((await b.GET('/stock', { params: { query: { sku: 'ROSE' } } })).data!.data).toEqual([]);
    await f.ok('/sapi/wms/outbound-order/pack', { id: o.id, waybillNo: 'SMSA-9', carrier: 'SMSA', weight: 1.2 });
    const packed = (await a.GET('/outbound-orders/{ref}', { params: { path: { ref: o.orderNo! } } })).data!;
    expect(packed).toMatchObject({ status: OutboundOrderStatus.PACKED, waybillNo: 'SMSA-9' });
    expect(packed.packages.map((p) => [p.waybillNo, p.carrier, p.weight])).toEqual([['SMSA-9', 'SMSA', 1.2]]);
    // cancel while not shipped: the lock is released
    const c = await a.POST('/outbound-orders/{ref}/cancel', { params: { path: { ref: String(o.id) }, header: { 'Idempotency-Key': 'c-1' } } });
    expect(c.data!.status).toBe(OutboundOrderStatus.CANCELLED);
    expect((await a.GET('/stock', { params: { query: { sku: 'ROSE' } } })).data!.data[0]).toMatchObject({ lockQty: 0, available: 10 });
    const o2 = (await a.POST('/outbound-orders', { params: { header: { 'Idempotency-Key': 's-2' } }, body: orderBody('SHOP-S2', f.w1, ['ROSE']) })).data!;
    await f.ok('/sapi/wms/outbound-order/allocate', { id: o2.id });
    await f.ok('/sapi/wms/outbound-order/ship', { id: o2.id });
    const late = await a.POST('/outbound-orders/{ref}/cancel', { params: { path: { ref: o2.orderNo! }, header: { 'Idempotency-Key': 'c-2' } } });
    expect([late.response.status, late.error?.type]).toEqual([409, 'urn:wms:problem:conflict']);
  });

  it('reads the inventory log since a cursor, in order, and later entries with the next cursor', async () => {
    const first = { data: await logSince(a) };
    const entries = first.data.data;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((x, y) => x - y));
    expect(entries.every((e) => e.sku !== 'BSKU')).toBe(true);
    const cursor = first.data.next_cursor!;
    expect((await a.GET('/inventory-log', { params: { query: { cursor } } })).data).toEqual({ data: [], next_cursor: cursor });
    await f.gain(f.ownerA, f.skus.LILY, 4);
    const next = await logSince(a, cursor);
    expect(next.data.map((e) => [e.sku, e.changeQty, e.bizType])).toEqual([['LILY', 4, 3]]);
    expect(next.next_cursor).not.toBe(cursor);
  });

  it.runIf(kind === 'postgres')('holds the log cursor back while an older transaction could still add an earlier entry', async () => {
    // read to the end
    let page = await logSince(a);
    while (page.data.length) page = (await a.GET('/inventory-log', { params: { query: { cursor: page.next_cursor!, limit: 500 } } })).data!;
    const cursor = page.next_cursor!;
    // another connection: a transaction that took a log id before the next entry and is still running
    const other = new pg.Client({ connectionString: f.t.config.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`select nextval(pg_get_serial_sequence('wms_inventory_log', 'id'))`);
      await other.query('create temp table held (i int); insert into held values (1)');
      await f.gain(f.ownerA, f.skus.ROSE, 1, 'HELD');
      expect((await a.GET('/inventory-log', { params: { query: { cursor } } })).data!.data).toEqual([]);
      expect((await a.GET('/inventory-log', { params: { query: { cursor } } })).data!.data).toEqual([]);
      await other.query('rollback');
      const after = (await logSince(a, cursor)).data;
      expect(after.map((e) => [e.sku, e.changeQty])).toEqual([['ROSE', 1]]);
    } finally {
      await other.end();
    }
  });

  it('forgets idempotency keys after 24 hours (job apiIdempotencyRetention)', async () => {
    const count = async () => Number((await rowsOf(f, 'select count(*)::int as n from api_idempotency'))[0].n);
    expect(await count()).toBeGreaterThan(0);
    const job = jobHandler('apiIdempotencyRetention')!;
    expect(job.defaults?.cron).toBe('15 * * * *');
    await job.run({ db: f.t.database.db, params: {}, signal: new AbortController().signal, fireTime: new Date(), dataDir: '' });
    expect(await count()).toBeGreaterThan(0);
    await job.run({ db: f.t.database.db, params: {}, signal: new AbortController().signal, fireTime: new Date(Date.now() + 25 * 3_600_000), dataDir: '' });
    expect(await count()).toBe(0);
  });

  it('creates inbound orders and reads what was received', async () => {
    const post = await a.POST('/inbound-orders', { params: { header: { 'Idempotency-Key': 'in-1' } }, body: { warehouseId: f.w1, storeOrderNo: 'PO-1', lines: [{ sku: 'LILY', plannedQty: 5, batchNo: 'L1' }] } });
    expect(post.response.status).toBe(201);
    const order = post.data!;
    expect(order.lines.map((l) => [l.sku, l.batchNo, l.plannedQty, l.receivedQty])).toEqual([['LILY', 'L1', 5, 0]]);
    const line = (await f.ok('/sapi/wms/inbound-order/detail', { id: order.id })).lines[0];
    await f.ok('/sapi/wms/inbound-order/receive', { id: order.id, lines: [{ lineId: line.id, qty: 2 }] });
    const read = (await a.GET('/inbound-orders/{ref}', { params: { path: { ref: order.orderNo! } } })).data!;
    expect([read.status, read.lines[0].receivedQty]).toEqual([InboundOrderStatus.RECEIVING, 2]);
    const missing = await a.POST('/inbound-orders', { params: { header: { 'Idempotency-Key': 'in-2' } }, body: { warehouseId: f.w1, type: 2, lines: [{ sku: 'LILY', plannedQty: 1 }] } });
    expect(missing.error!.errors!.map((e) => e.field)).toEqual(['sourceOutboundNo']);
    expect((await b.GET('/inbound-orders/{ref}', { params: { path: { ref: String(order.id) } } })).response.status).toBe(404);
  });

  it('limits calls per key and minute (429 with Retry-After) and records every call like /sapi calls', async () => {
    const limited = apiClient(f.t, (await makeKey(f.t, f.admin, { ownerId: f.ownerA, scopes: ['SKUS_READ'], rateLimit: 2, name: 'limited' })).key);
    const answers = [await limited.GET('/skus'), await limited.GET('/skus'), await limited.GET('/skus')];
    expect(answers.map((x) => x.response.status)).toEqual([200, 200, 429]);
    expect(answers[0].response.headers.get('ratelimit-limit')).toBe('2');
    expect(answers[1].response.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(answers[2].response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answers[2].error?.type).toBe('urn:wms:problem:rate-limited');
    await recorderOf(f.t.app)!.flush();
    const recorded = await rowsOf(f, `select user_id, user_name, method, path, code from sys_request_record where path like '/api/v1/%' order by id`);
    const limitedPrefix = (await f.ok('/sapi/sys/api-key/list', { name: 'limited' }))[0].prefix;
    expect(recorded.filter((r) => r.user_name === limitedPrefix).map((r) => [r.user_id, r.method, r.path, r.code])).toEqual([
      [0, 'GET', '/api/v1/skus', 200], [0, 'GET', '/api/v1/skus', 200], [0, 'GET', '/api/v1/skus', 429],
    ]);
    expect(recorded.some((r) => r.path === '/api/v1/outbound-orders' && r.method === 'POST' && r.code === 422)).toBe(true);
  });
});
