/**
 * The generic reads answer the JSON PostgreSQL writes (crud/records-sql.ts, http/json-text.ts; issue 13): it must be
 * the same JSON a Drizzle select of the same rows serializes to, for every resource's own columns (timestamps
 * as ISO instants with milliseconds, numeric and bigint columns as numbers, arrays and json as they are), and the
 * envelope around it must be the usual one.
 */
import { asc, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindings, routeTable } from '../../generated/server/routes';
import type { ResourceSpec } from '../../src/shared/resource-meta';
import { startTestApp, testDatabases, type TestApp } from './harness';

type Row = Record<string, unknown>;

describe.each(testDatabases())('records written by PostgreSQL on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  it('keeps a timestamp to the millisecond (truncated) and a numeric as a number, in page, list and detail', async () => {
    const owner = (await t.call('/sapi/wms/owner/page', { size: 1 }, admin)).data.records[0];
    const category = (await t.call('/sapi/wms/sku-category/add', { name: 'Json' }, admin)).data;
    const made = await t.call('/sapi/wms/sku/add', { ownerId: owner.id, categoryId: category.id, sku: 'JSON-1', name: 'Json check', weight: 1.5 }, admin);
    expect(made.code, made.msg).toBe(200);
    const id = made.data.id as number;
    await t.database.db.execute(sql`update wms_sku set update_date = '2026-11-24 13:05:00.123987+00' where id = ${id}`);
    const res = await t.app.inject({ method: 'POST', url: '/sapi/wms/sku/page', payload: { sku: 'JSON-1' }, headers: { 'x-token': admin } });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body.startsWith('{"code":200,"msg":"success","data":{"records":[{"id":')).toBe(true);
    const page = res.json().data;
    expect(page).toMatchObject({ current: 1, total: 1 });
    expect(page.totalCapped).toBeUndefined();
    const list = (await t.call('/sapi/wms/sku/list', { sku: 'JSON-1' }, admin)).data;
    const detail = (await t.call('/sapi/wms/sku/detail', { id }, admin)).data;
    for (const r of [page.records[0], list[0], detail]) {
      expect(r.updateDate).toBe('2026-11-24T13:05:00.123Z');
      expect(r.weight).toBe(1.5);
      expect(r.ownerName).toBe(owner.name);
      expect(r.inventoryQty).toBe(0); // a sum as a number, not text
    }
    const none = await t.call('/sapi/wms/sku/page', { sku: 'NO-SUCH-SKU' }, admin);
    expect(none.data).toEqual({ records: [], current: 1, total: 0 });
    expect((await t.call('/sapi/wms/sku-inventory/queryOne', { skuId: id }, admin)).data).toBeNull();
  });

  it('gives every resource the JSON of a Drizzle select of its rows', async () => {
    let compared = 0;
    for (const route of routeTable.filter((r) => r.operation === 'list')) {
      const b = bindings[route.resource as keyof typeof bindings];
      const spec = b.meta as ResourceSpec;
      const cols = getTableColumns(b.table as PgTable);
      const hidden = new Set(spec.fields.filter((f) => f.type === 'password' || f.type === 'secret').map((f) => f.name));
      const answer = await t.call(route.path, {}, admin);
      expect(answer.code, `${route.path}: ${answer.msg}`).toBe(200);
      const byId = new Map((answer.data as Row[]).map((r) => [r.id, r]));
      const rows = await t.database.db.select().from(b.table as PgTable).orderBy(asc((cols as Record<string, never>).id)).limit(50);
      for (const row of rows) {
        const got = byId.get((row as Row).id);
        if (!got) continue; // beyond the list's first rows, or out of the list's own rule (e.g. listCodes)
        const expected = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(row as Row).filter(([k]) => !hidden.has(k)))));
        const own = Object.fromEntries(Object.keys(expected).map((k) => [k, got[k]]));
        expect(own, `${spec.name} #${(row as Row).id}`).toEqual(expected);
        for (const k of hidden) expect(got).not.toHaveProperty(k);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
