/**
 * Capped page totals (issue 13 "Counts that scale", src/server/crud/count.ts): a page call counts at most
 * COUNT_CAP + 1 matching rows. Below and at the cap the total is exact and `totalCapped` is absent (spec 7's
 * `{records, current, total}` unchanged); above it the total is the cap with `totalCapped: true`; a filter that
 * brings the matches under the cap is exact again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../src/server/crud/count';
import { startTestApp, testDatabases, type TestApp } from './harness';

const P = '/sapi/wms/sku-category';

describe.each(testDatabases())('capped page totals on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const page = async (body: Record<string, unknown>) => {
    const r = await t.call(`${P}/page`, body, admin);
    expect(r.code, r.msg).toBe(200);
    return r.data as { records: Array<{ name: string }>; current: number; total: number; totalCapped?: boolean };
  };
  /** Adds categories named `cap-<n>` (n = from..to) straight in SQL: 10,000 API calls would take minutes. */
  const addCategories = (from: number, to: number) =>
    t.database.db.execute(sql`insert into wms_sku_category (name) select 'cap-' || n from generate_series(${from}::int, ${to}::int) n`);
  const existing = async () => (await page({ size: 1 })).total;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
  }, 60_000);
  afterAll(async () => { await t?.close(); });

  it('is exact up to the cap, then the cap with totalCapped; a narrowing filter is exact again', async () => {
    const seeded = await existing();
    expect(seeded).toBeLessThan(COUNT_CAP);
    await addCategories(1, COUNT_CAP - seeded); // exactly COUNT_CAP rows now
    const atCap = await page({ size: 10 });
    expect(atCap.total).toBe(COUNT_CAP);
    expect('totalCapped' in atCap).toBe(false);

    await addCategories(COUNT_CAP - seeded + 1, COUNT_CAP - seeded + 1); // one more than the cap
    const over = await page({ size: 10, current: 3 });
    expect(over).toMatchObject({ current: 3, total: COUNT_CAP, totalCapped: true });
    expect(over.records).toHaveLength(10);

    // name contains 'cap-99': cap-99, cap-990..cap-999, cap-9900..cap-9999 (those that exist): exact
    const narrowed = await page({ name: 'cap-99', size: 500 });
    const expected = Number(((await t.database.db.execute(sql`select count(*)::int as n from wms_sku_category where name like '%cap-99%'`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n);
    expect(narrowed.total).toBe(expected);
    expect(narrowed.total).toBeGreaterThan(100);
    expect(narrowed.records.length).toBe(narrowed.total);
    expect('totalCapped' in narrowed).toBe(false);
  }, 60_000);
});
