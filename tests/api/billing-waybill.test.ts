/**
 * 3PL billing, waybills (issue 32; docs/billing.md "Charges"): a CREATED waybill with a carrier cost is charged once
 * (source `waybill`, qty = the cost in units of its currency) at its cost plus the card's WAYBILL_MARKUP_PERCENT, rounded half away from zero to the cent,
 * on the UTC day it was made. The operator enters the cost (/sapi/wms/waybill/cost) when the carrier's answer gave
 * none: the charge follows at once, and follows a correction; a charge on a confirmed invoice: 409. A cost in
 * another currency than the card's is not charged. Bad input: 400 naming the field. Both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChargeKind as K, Currency, WaybillStatus } from '../../generated/shared/enums';
import type { Db } from '../../src/server/db/connect';
import { documentFixture, testDatabases } from './harness';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const COST = '/sapi/wms/waybill/cost';

describe.each(testDatabases())('billing waybills on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let ownerA: number, w1: number;
  const waybills: number[] = [];
  const db = () => f.t.database.db as unknown as Db;
  const rows = async (q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: Rec[] }).rows;
  const waybillCharges = async () => ((await ok('/sapi/wms/charge/list', { ownerId: ownerA })) as Rec[]).filter((c) => c.kind === K.WAYBILL_MARKUP_PERCENT);

  beforeAll(async () => {
    ({ ownerA, w1 } = await f.setUp(kind, { ROSE: 'A' }));
    const companyId = (await ok('/sapi/wms/owner/detail', { id: ownerA })).companyId;
    await ok('/sapi/wms/rate-card/add', { name: 'A', ownerId: ownerA, companyId, currency: Currency.SAR, validFrom: '2026-01-01', lines: [{ kind: K.WAYBILL_MARKUP_PERCENT, rate: 12.5 }] });
    await f.gain(ownerA, skus.ROSE, 10);
    const receiver = { receiverName: 'Sara Ali', receiverPhone: '+966 5555 1234', countryCode: 'SA', city: 'Riyadh', address: 'King Fahd Rd 1' };
    const [cfg] = await rows(sql`insert into wms_carrier_config (name, carrier, warehouse_id, shipper_name, shipper_phone) values ('SMSA test', 1, ${w1}, 'WH', '+966 1') returning id`);
    for (let i = 0; i < 3; i++) {
      const o = await ok('/sapi/wms/outbound-order/add', { warehouseId: w1, ownerId: ownerA, ...receiver, lines: [{ skuId: skus.ROSE, qty: 1 }] });
      const [w] = await rows(sql`insert into wms_waybill (order_id, config_id, warehouse_id, owner_id, carrier, status, waybill_no, receiver_name, receiver_phone, country_code, city, address, weight, add_date)
        values (${o.id}, ${cfg.id}, ${w1}, ${ownerA}, 1, ${WaybillStatus.CREATED}, ${`WB${i}`}, 'Sara Ali', '1', 'SA', 'Riyadh', 'A', 1, '2026-10-15T23:30:00Z') returning id`);
      waybills.push(Number(w.id));
    }
  }, 120_000);
  afterAll(() => f.close());

  it('a waybill without a cost charges nothing; the cost entered charges cost + markup once, rounded half away from zero', async () => {
    expect(await ok('/sapi/wms/charge/compute', { ownerId: ownerA, from: '2026-10-01', to: '2026-10-31' })).toEqual({ added: 0, addedAmount: 0 });
    // 1004 x 1.125 = 1129.5 -> 1130 (half away from zero)
    const w = await ok(COST, { id: waybills[0], carrierCost: 1004, carrierCostCurrency: Currency.SAR });
    expect(w).toMatchObject({ carrierCost: 1004, carrierCostCurrency: Currency.SAR });
    let cs = await waybillCharges();
    expect(cs.map((c) => [c.sourceType, c.sourceId, c.serviceDate, c.qty, c.rate, c.amount, c.currency])).toEqual([['waybill', waybills[0], '2026-10-15', 10.04, 12.5, 1130, Currency.SAR]]);
    // computed again, or twice at once: still one
    expect(await ok('/sapi/wms/charge/compute', { ownerId: ownerA, from: '2026-10-01', to: '2026-10-31' })).toEqual({ added: 0, addedAmount: 0 });
    // a correction of the cost replaces the uninvoiced charge: 2000 x 1.125 = 2250
    await ok(COST, { id: waybills[0], carrierCost: 2000, carrierCostCurrency: Currency.SAR });
    cs = await waybillCharges();
    expect(cs.map((c) => [c.sourceId, c.amount])).toEqual([[waybills[0], 2250]]);
    // 1 cent x 1.125 = 1.125 -> 1
    await ok(COST, { id: waybills[1], carrierCost: 1, carrierCostCurrency: Currency.SAR });
    expect((await waybillCharges()).find((c) => c.sourceId === waybills[1])?.amount).toBe(1);
  });

  it('a cost in another currency than the card\'s is not charged; bad input is a 400 naming the field', async () => {
    await ok(COST, { id: waybills[2], carrierCost: 5000, carrierCostCurrency: Currency.AED });
    expect((await waybillCharges()).some((c) => c.sourceId === waybills[2])).toBe(false);
    const neg = await call(COST, { id: waybills[2], carrierCost: -1, carrierCostCurrency: Currency.SAR });
    expect(neg.code).toBe(400);
    expect(neg.msg).toMatch(/Carrier cost/);
    const cur = await call(COST, { id: waybills[2], carrierCost: 100 });
    expect(cur.code).toBe(400);
    expect(cur.msg).toMatch(/Carrier cost currency/);
  });

  it('a charge on a confirmed invoice keeps its cost: 409, nothing changed', async () => {
    const [c] = (await waybillCharges()).filter((x) => x.sourceId === waybills[0]);
    await db().execute(sql`update wms_charge set invoice_id = 999999 where id = ${c.id}`);
    const r = await call(COST, { id: waybills[0], carrierCost: 1, carrierCostCurrency: Currency.SAR });
    expect(r.code).toBe(409);
    expect((await ok('/sapi/wms/waybill/detail', { id: waybills[0] })).carrierCost).toBe(2000);
    expect((await waybillCharges()).find((x) => x.id === c.id)?.amount).toBe(2250);
  });
});
