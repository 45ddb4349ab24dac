/**
 * 3PL billing, location-days (issue 32; docs/billing.md "Stock snapshot"): a location holding two SKUs of one goods
 * owner is ONE location-day for that owner, not one per SKU; each snapshot row keeps the SKU's own `locations`
 * for display, and the owner's first row of the warehouse and day carries `ownerLocations`, which prices
 * STORAGE_LOCATION_DAY. Another owner's SKU on the same location is that owner's location-day. Both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChargeKind as K, Currency } from '../../generated/shared/enums';
import type { Db } from '../../src/server/db/connect';
import { takeStockSnapshot } from '../../src/server/domain/billing/snapshot';
import { documentFixture, testDatabases } from './harness';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(testDatabases())('billing location-days on %s', (kind) => {
  const f = documentFixture();
  const { ok, skus } = f;
  let ownerA: number, ownerB: number;
  const db = () => f.t.database.db as unknown as Db;
  const rows = async (q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: Rec[] }).rows;

  beforeAll(async () => {
    ({ ownerA, ownerB } = await f.setUp(kind, { ROSE: 'A', MUSK: 'A', CABLE: 'B' }));
    const companyA = (await ok('/sapi/wms/owner/detail', { id: ownerA })).companyId;
    const companyB = (await ok('/sapi/wms/owner/detail', { id: ownerB })).companyId;
    await ok('/sapi/wms/rate-card/add', { name: 'A', ownerId: ownerA, companyId: companyA, currency: Currency.SAR, validFrom: '2026-01-01', lines: [{ kind: K.STORAGE_LOCATION_DAY, rate: 20 }] });
    await ok('/sapi/wms/rate-card/add', { name: 'B', ownerId: ownerB, companyId: companyB, currency: Currency.SAR, validFrom: '2026-01-01', lines: [{ kind: K.STORAGE_LOCATION_DAY, rate: 30 }] });
    // two SKUs of owner A and one of owner B, all landing on the same location
    await f.gain(ownerA, skus.ROSE, 5);
    await f.gain(ownerA, skus.MUSK, 2);
    await f.gain(ownerB, skus.CABLE, 1);
    await takeStockSnapshot(db(), '2026-10-07');
  }, 120_000);
  afterAll(() => f.close());

  it('two SKUs of one owner on one location make one location-day; each row still shows its SKU\'s locations', async () => {
    const [held] = await rows(sql`select count(distinct location_id)::int as n from wms_location_inventory where qty > 0 and sku_id in (${skus.ROSE}, ${skus.MUSK}, ${skus.CABLE})`);
    expect(held.n).toBe(1); // the premise: one location holds all three
    const snap = await rows(sql`select sku_id, locations, owner_locations from wms_stock_snapshot where day = '2026-10-07' order by sku_id`);
    expect(snap.map((r) => [Number(r.sku_id), r.locations, r.owner_locations])).toEqual([
      [skus.ROSE, 1, 1], [skus.MUSK, 1, null], [skus.CABLE, 1, 1],
    ].sort((a, b) => (a[0] as number) - (b[0] as number)));

    expect(await ok('/sapi/wms/charge/compute', { ownerId: ownerA, from: '2026-10-07', to: '2026-10-07' })).toEqual({ added: 1, addedAmount: 20 });
    expect(await ok('/sapi/wms/charge/compute', { ownerId: ownerB, from: '2026-10-07', to: '2026-10-07' })).toEqual({ added: 1, addedAmount: 30 });
    const a = (await ok('/sapi/wms/charge/list', { ownerId: ownerA })) as Rec[];
    expect(a.map((c) => [c.kind, c.serviceDate, c.qty, c.amount])).toEqual([[K.STORAGE_LOCATION_DAY, '2026-10-07', 1, 20]]);
    // computed again: nothing more
    expect(await ok('/sapi/wms/charge/compute', { ownerId: ownerA, from: '2026-10-01', to: '2026-10-31' })).toEqual({ added: 0, addedAmount: 0 });
  });

  it('snapshots taken before the owner figure existed are still counted per SKU', async () => {
    await db().execute(sql`insert into wms_stock_snapshot (day, warehouse_id, owner_id, sku_id, qty, locations, volume)
      select '2026-10-01', warehouse_id, owner_id, sku_id, qty, locations, volume from wms_stock_snapshot where day = '2026-10-07' and owner_id = ${ownerA}`);
    expect(await ok('/sapi/wms/charge/compute', { ownerId: ownerA, from: '2026-10-01', to: '2026-10-01' })).toEqual({ added: 2, addedAmount: 40 });
  });
});
