/**
 * Idempotency under load (issue 31 "Done when"): 1,000 outbound orders pushed through the owner API, 16 calls at a
 * time, every order sent twice at once with the same Idempotency-Key (the duplicates race for the key) and every
 * tenth sent a third time after its answer (a client retrying after a lost answer), make exactly 1,000 documents,
 * and every call of one key answers the same order.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFixture, testDatabases } from './harness';
import { apiClient, makeKey, type ApiClient } from './owner-api-client';

const ORDERS = 1000;
const AT_ONCE = 16;

/** Runs `jobs` with at most `n` at a time, in order of the list. */
async function pool(jobs: Array<() => Promise<void>>, n: number): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < jobs.length) await jobs[next++]();
  }));
}

describe.each(testDatabases())('owner API idempotency under load on %s', (kind) => {
  const f = documentFixture();
  let api: ApiClient;

  beforeAll(async () => {
    await f.setUp(kind, { ROSE: 'A' });
    // the demo company allows 500 outbound orders a month (domain/quotas.ts): unlimited here
    const owner = await f.ok('/sapi/wms/owner/detail', { id: f.ownerA });
    await f.ok('/sapi/wms/company/edit', { id: owner.companyId, allowOutboundCount: 0 });
    api = apiClient(f.t, (await makeKey(f.t, f.admin, { ownerId: f.ownerA, scopes: ['ORDERS_WRITE'], rateLimit: 100000 })).key);
  });
  afterAll(() => f.close());

  it(`makes exactly ${ORDERS} orders of ${ORDERS} pushed with duplicates and retries, ${AT_ONCE} at a time`, async () => {
    const answers = new Map<number, Array<{ status: number; id?: number; replayed: boolean }>>();
    const send = (i: number) => async () => {
      const r = await api.POST('/outbound-orders', {
        params: { header: { 'Idempotency-Key': `load-${i}` } },
        body: { warehouseId: f.w1, platformOrderNo: `LOAD-${i}`, receiverName: 'Load test', receiverPhone: '1', countryCode: 'SA', address: 'x', lines: [{ sku: 'ROSE', qty: 1 }] },
      });
      const list = answers.get(i) ?? [];
      list.push({ status: r.response.status, id: r.data?.id, replayed: r.response.headers.get('idempotent-replayed') === 'true' });
      answers.set(i, list);
    };
    // each order twice back to back (both in flight together), and every tenth once more after both answered
    const jobs: Array<() => Promise<void>> = [];
    for (let i = 0; i < ORDERS; i++) {
      if (i % 10 === 0) jobs.push(async () => { await Promise.all([send(i)(), send(i)()]); await send(i)(); });
      else jobs.push(send(i), send(i));
    }
    await pool(jobs, AT_ONCE);

    const all = [...answers.values()].flat();
    expect(all.length).toBe(ORDERS * 2 + ORDERS / 10);
    expect(all.filter((x) => x.status !== 201)).toEqual([]);
    for (const [i, list] of answers) {
      expect(new Set(list.map((x) => x.id)).size, `order ${i}`).toBe(1);
      expect(list.filter((x) => !x.replayed).length, `order ${i}`).toBe(1);
    }
    const res = await f.t.database.db.execute(sql.raw(`select count(*)::int as n, count(distinct platform_order_no)::int as d from wms_outbound_order where platform_order_no like 'LOAD-%'`));
    const [row] = (Array.isArray(res) ? res : (res as { rows: Array<{ n: number; d: number }> }).rows) as Array<{ n: number; d: number }>;
    expect(row).toEqual({ n: ORDERS, d: ORDERS });
    expect(new Set([...answers.values()].map((l) => l[0].id)).size).toBe(ORDERS);
  }, 900_000);
});
