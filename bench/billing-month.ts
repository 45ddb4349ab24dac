/**
 * Billing of a month benchmark (issue 32: "an owner's month of ~1,000,000 charge events billed in under 60 s on
 * PostgreSQL", beside the same aggregation written as plain SQL). See bench/README.md "Billing" for figures.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<your db> npx tsx bench/billing-month.ts [--orders N] [--keep]
 *
 * Data (a throwaway database: tests/api/harness.ts startTestApp('postgres'), migrated, dropped at the end), bulk
 * inserted with generate_series, never through the API, all of it for goods owner BO01 in October 2026 except the
 * noise: 2 warehouses, 3,500 SKUs with dimensions, one inventory row each;
 * - inbound: 3,000 orders of 10 lines, each line received in two ledger lines on two days (orders 1..300 first
 *   received on September 30th, so their order and line charges belong to September), plus 200,000 older ledger
 *   lines of other kinds (September) that the computation must pass over;
 * - outbound: --orders SHIPPED orders (default 100,000) spread over the month, 2 lines and 1 package each, and one
 *   CREATED waybill each, 95% of them with a carrier cost in SAR; plus 20,000 shipped orders of another owner;
 * - stock snapshots: every SKU every day (3,500 x 31 rows), the owner's location figure on its first row of a
 *   warehouse and day;
 * - rate cards: the owner's card from September 1st with every kind, a dearer one from October 16th.
 * That is ~1,000,000 charge events at the default size (the run prints the count by kind).
 *
 * Timed, on a fresh charge table: (a) the product's code: computeCharges (charges.ts) for the owner and month, then
 * runInvoice (invoices.ts: recompute of the month's uninvoiced charges + the draft invoice) as the monthly task
 * does; (b) the same month's amounts as ONE plain SQL statement (a SELECT summing round(qty x rate) by kind over
 * the same tables, the card of a day written as a CASE on the two known cards), and the ratio. The two must agree
 * per kind to the cent (else the run fails). Target: (a) compute + invoice run under 60 s. Also printed: the month
 * computed again (nothing to add) and one day's charges computed alone (what the nightly task writes).
 */
import { performance } from 'node:perf_hooks';
import { closeBenchDb, loadLine, openBenchDb, serverInfo } from './lib';
import { computeCharges } from '../src/server/domain/billing/charges';
import { runInvoice } from '../src/server/domain/billing/invoices';
import type { Db } from '../src/server/db/connect';
import { BizType, ChargeKind as K, OutboundOrderStatus, RateCardStatus, WaybillStatus } from '../generated/shared/enums';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string, dflt: number) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : dflt; };
const ORDERS = option('--orders', 100_000);
const SKUS = 3_500;
const INBOUND = 3_000;
const TARGET_S = 60;
const FROM = '2026-10-01';
const TO = '2026-10-31';

/** Rates of the two cards (cents per unit; the waybill's is a percent). */
const RATES1: Record<number, number> = {
  [K.STORAGE_UNIT_DAY]: 0.3333, [K.STORAGE_LOCATION_DAY]: 20, [K.STORAGE_CBM_DAY]: 1234.5678, [K.INBOUND_ORDER]: 500, [K.INBOUND_LINE]: 100,
  [K.INBOUND_UNIT]: 12.5, [K.OUTBOUND_ORDER]: 300, [K.OUTBOUND_LINE]: 50, [K.OUTBOUND_UNIT]: 7.25, [K.OUTBOUND_PACKAGE]: 150, [K.WAYBILL_MARKUP_PERCENT]: 12.5,
};
const RATES2: Record<number, number> = { ...RATES1, [K.STORAGE_UNIT_DAY]: 0.75, [K.OUTBOUND_UNIT]: 8.125, [K.WAYBILL_MARKUP_PERCENT]: 15 };

const s = (ms: number) => (ms / 1000).toFixed(1);

async function main() {
  console.log(`Billing of a month benchmark: goods owner BO01, ${FROM}..${TO}; ${ORDERS} shipped orders`);
  const bench = await openBenchDb();
  const { loader: c } = bench;
  const q = (text: string, values: unknown[] = []) => c.query(text, values);
  try {
    console.log(`${await serverInfo(bench)}; ${loadLine()}`);
    const t0 = performance.now();
    // ---- reference rows ----
    const company = (await q(`insert into wms_company (name) values ('Bench Company') returning id`)).rows[0].id as number;
    const [owner, other] = (await q(`insert into wms_owner (code, name, company_id) values ('BO01', 'Bench Owner 1', $1), ('BO02', 'Bench Owner 2', $1) returning id`, [company])).rows.map((r) => r.id as number);
    const [w1, w2] = (await q(`insert into wms_warehouse (code, name, type, country_code, city) values ('BW01', 'Bench DC 1', 1, 'SA', 'Riyadh'), ('BW02', 'Bench DC 2', 1, 'SA', 'Jeddah') returning id`)).rows.map((r) => r.id as number);
    const category = (await q(`insert into wms_sku_category (name) values ('Bench') returning id`)).rows[0].id as number;
    await q(`insert into wms_sku (owner_id, company_id, sku, name, category_id, weight, length, width, height)
      select $1, $2, 'S' || lpad(g::text, 6, '0'), 'Bench SKU ' || g, $3, 0.5, 10 + g % 20, 10 + g % 15, 5 + g % 10 from generate_series(1, ${SKUS}) g`, [owner, company, category]);
    await q(`insert into wms_sku (owner_id, company_id, sku, name, category_id, weight) select $1, $2, 'T' || g, 'Other SKU ' || g, $3, 0.5 from generate_series(1, 100) g`, [other, company, category]);
    // one inventory row per SKU, in warehouse 1 or 2 by parity
    await q(`insert into wms_inventory (company_id, warehouse_id, owner_id, sku_id, batch_no, qty, lock_qty)
      select company_id, case when id % 2 = 0 then $1::int else $2::int end, owner_id, id, '', 100, 0 from wms_sku`, [w1, w2]);
    await q(`create temp table sku_n as select row_number() over (order by s.id) as n, s.id as sku_id, i.id as inventory_id, i.warehouse_id
      from wms_sku s join wms_inventory i on i.sku_id = s.id where s.owner_id = $1`, [owner]);
    await q(`create index on sku_n (n)`);
    const config = (await q(`insert into wms_carrier_config (name, carrier, warehouse_id, shipper_name, shipper_phone) values ('Bench SMSA', 1, $1, 'Bench', '+966 1') returning id`, [w1])).rows[0].id as number;
    // ---- rate cards ----
    for (const [from, rates, name] of [['2026-09-01', RATES1, 'Bench 2026'], ['2026-10-16', RATES2, 'Bench from Oct 16']] as const) {
      const card = (await q(`insert into wms_rate_card (name, company_id, owner_id, currency, valid_from, status, monthly_minimum) values ($1, $2, $3, 1, $4, ${RateCardStatus.ACTIVE}, 0) returning id`, [name, company, owner, from])).rows[0].id as number;
      for (const [kind, rate] of Object.entries(rates)) await q(`insert into wms_rate_card_line (rate_card_id, owner_id, kind, rate) values ($1, $2, $3, $4)`, [card, owner, Number(kind), rate]);
    }
    // ---- inbound: orders, lines, receipts (two ledger lines per order line, on consecutive days) ----
    await q(`insert into wms_inbound_order (order_no, warehouse_id, owner_id, company_id)
      select 'BI' || lpad(g::text, 6, '0'), case when g % 2 = 0 then $1::int else $2::int end, $3, $4 from generate_series(1, ${INBOUND}) g`, [w1, w2, owner, company]);
    await q(`insert into wms_inbound_order_line (order_id, warehouse_id, owner_id, sku_id, planned_qty)
      select o.id, o.warehouse_id, o.owner_id, k.sku_id, 40
      from wms_inbound_order o cross join generate_series(0, 9) j
      join sku_n k on k.n = 1 + ((o.id * 7 + j * 350) % ${SKUS}) where o.owner_id = $1`, [owner]);
    const ledger = (biz: number, rows: string) => q(`insert into wms_inventory_log (inventory_id, company_id, warehouse_id, owner_id, sku_id, origin_qty, new_qty, change_qty, origin_lock_qty, new_lock_qty, lock_change_qty, biz_type, biz_no, add_date)
      select inventory_id, $1, warehouse_id, $2, sku_id, 0, qty, qty, 0, 0, 0, ${biz}, biz_no, at from (${rows}) x`, [company, owner]);
    // receipts: first half on day d (orders 1..300: September 30th), second half on d + 1
    await ledger(BizType.INBOUND_ORDER, `select i.id as inventory_id, l.warehouse_id, l.sku_id, 20 as qty, o.order_no as biz_no,
        case when o.id <= 300 then timestamptz '2026-09-30 10:00Z' else timestamptz '2026-10-01 08:00Z' + ((o.id % 29) || ' days')::interval end + half * interval '1 day' as at
      from wms_inbound_order o join wms_inbound_order_line l on l.order_id = o.id join wms_inventory i on i.sku_id = l.sku_id
      cross join generate_series(0, 1) half where o.owner_id = ${owner}`);
    // older ledger lines of other kinds (September) the computation passes over
    await ledger(BizType.INVENTORY_JUDGEMENT, `select k.inventory_id, k.warehouse_id, k.sku_id, 1 as qty, 'ADJ' || g as biz_no, timestamptz '2026-09-01' + (g % 2500) * interval '17 minutes' as at
      from generate_series(1, 200000) g join sku_n k on k.n = 1 + g % ${SKUS}`);
    // ---- outbound: shipped orders, 2 lines, 1 package, 1 waybill each ----
    const ship = `timestamptz '2026-10-01' + ((g * 26.7833)::int % 44640) * interval '1 minute'`; // spread over the 31 days
    await q(`insert into wms_outbound_order (order_no, warehouse_id, owner_id, company_id, status, receiver_name, receiver_phone, country_code, city, address, shipped_time)
      select 'BO' || lpad(g::text, 8, '0'), case when g % 2 = 0 then $1::int else $2::int end, $3, $4, ${OutboundOrderStatus.SHIPPED}, 'R', '1', 'SA', 'Riyadh', 'A', ${ship}
      from generate_series(1, ${ORDERS}) g`, [w1, w2, owner, company]);
    await q(`insert into wms_outbound_order (order_no, warehouse_id, owner_id, company_id, status, receiver_name, receiver_phone, country_code, city, address, shipped_time)
      select 'BX' || lpad(g::text, 8, '0'), $1, $2, $3, ${OutboundOrderStatus.SHIPPED}, 'R', '1', 'SA', 'Riyadh', 'A', ${ship} from generate_series(1, 20000) g`, [w1, other, company]);
    await q(`insert into wms_outbound_order_line (order_id, warehouse_id, owner_id, sku_id, qty)
      select o.id, o.warehouse_id, o.owner_id, k.sku_id, 1 + (o.id + j) % 3 from wms_outbound_order o cross join generate_series(0, 1) j
      join sku_n k on k.n = 1 + (o.id * 3 + j) % ${SKUS} where o.owner_id = $1`, [owner]);
    await q(`insert into wms_outbound_package (order_id, company_id, warehouse_id, owner_id, weight) select id, company_id, warehouse_id, owner_id, 1 from wms_outbound_order where owner_id = $1`, [owner]);
    await q(`insert into wms_waybill (order_id, config_id, warehouse_id, owner_id, carrier, status, waybill_no, receiver_name, receiver_phone, country_code, city, address, weight, carrier_cost, carrier_cost_currency, add_date)
      select id, $1, warehouse_id, owner_id, 1, ${WaybillStatus.CREATED}, 'WB' || id, 'R', '1', 'SA', 'Riyadh', 'A', 1,
        case when id % 20 = 0 then null else 1500 + id % 1501 end, case when id % 20 = 0 then null else 1 end, shipped_time - interval '1 hour'
      from wms_outbound_order where owner_id = $2`, [config, owner]);
    // ---- the nightly snapshots of October ----
    await q(`insert into wms_stock_snapshot (day, warehouse_id, owner_id, sku_id, qty, locations, owner_locations, volume)
      select d::date, k.warehouse_id, $1, k.sku_id, 10 + (k.n + extract(day from d)::int) % 90, 1 + k.n % 3,
        case when k.n <= 2 then ${SKUS} / 4 end, round((10 + (k.n + extract(day from d)::int) % 90) * s.length * s.width * s.height / 1000000.0, 6)
      from generate_series(date '${FROM}', date '${TO}', interval '1 day') d cross join sku_n k join wms_sku s on s.id = k.sku_id`, [owner]);
    await q('analyze');
    const generationMs = performance.now() - t0;
    console.log(`generated in ${s(generationMs)} s`);

    // ---- (a) the product's code ----
    const db = bench.t.database.db as unknown as Db;
    const period = { ownerId: owner, from: FROM, to: TO, warehouseIds: null };
    const ta = performance.now();
    const computed = await computeCharges(db, period);
    const computeMs = performance.now() - ta;
    const tb = performance.now();
    await runInvoice(db, 'en', owner, '2026-10');
    const invoiceMs = performance.now() - tb;
    const product = (await q(`select kind, count(*)::int as n, sum(amount)::bigint::text as amount from wms_charge where owner_id = $1 and service_date between $2 and $3 group by kind order by kind`, [owner, FROM, TO])).rows;
    const again = performance.now();
    const second = await computeCharges(db, period);
    const againMs = performance.now() - again;
    // the nightly task's share: one day's charges (October 31st) removed and computed again
    await q(`delete from wms_charge where owner_id = $1 and service_date = '${TO}'`, [owner]);
    const tn = performance.now();
    const night = await computeCharges(db, { ...period, from: TO, to: TO });
    const nightMs = performance.now() - tn;

    // ---- (b) the same aggregation as one plain SQL statement ----
    const rate = (k: number) => `case when ev.day >= date '2026-10-16' then ${RATES2[k]} else ${RATES1[k]} end`;
    const plainSql = `
      with so as (select id, (shipped_time at time zone 'UTC')::date as day from wms_outbound_order
          where owner_id = $1 and status = ${OutboundOrderStatus.SHIPPED} and shipped_time >= timestamptz '${FROM} 00:00Z' and shipped_time < timestamptz '${TO} 00:00Z' + interval '1 day'),
        rc as (select biz_no, sku_id, change_qty, (add_date at time zone 'UTC')::date as day from wms_inventory_log
          where owner_id = $1 and biz_type = ${BizType.INBOUND_ORDER} and change_qty > 0 and add_date < timestamptz '${TO} 00:00Z' + interval '1 day'),
        ev (kind, day, qty) as (
          select ${K.INBOUND_UNIT}, day, change_qty::numeric from rc where day >= date '${FROM}'
          union all select ${K.INBOUND_ORDER}, min(day), 1 from rc group by biz_no having min(day) >= date '${FROM}'
          union all select ${K.INBOUND_LINE}, min(day), 1 from rc group by biz_no, sku_id having min(day) >= date '${FROM}'
          union all select ${K.OUTBOUND_ORDER}, day, 1 from so
          union all select ${K.OUTBOUND_LINE}, so.day, 1 from so join wms_outbound_order_line l on l.order_id = so.id
          union all select ${K.OUTBOUND_UNIT}, so.day, l.qty from so join wms_outbound_order_line l on l.order_id = so.id
          union all select ${K.OUTBOUND_PACKAGE}, so.day, 1 from so join wms_outbound_package p on p.order_id = so.id
          union all select ${K.STORAGE_UNIT_DAY}, day, qty from wms_stock_snapshot where owner_id = $1 and day between '${FROM}' and '${TO}' and qty > 0
          union all select ${K.STORAGE_LOCATION_DAY}, day, owner_locations from wms_stock_snapshot where owner_id = $1 and day between '${FROM}' and '${TO}' and owner_locations > 0
          union all select ${K.STORAGE_CBM_DAY}, day, volume from wms_stock_snapshot where owner_id = $1 and day between '${FROM}' and '${TO}' and volume > 0
          union all select ${K.WAYBILL_MARKUP_PERCENT}, (w.add_date at time zone 'UTC')::date, w.carrier_cost from wms_waybill w
            where w.owner_id = $1 and w.status = ${WaybillStatus.CREATED} and w.carrier_cost > 0 and w.add_date >= timestamptz '${FROM} 00:00Z' and w.add_date < timestamptz '${TO} 00:00Z' + interval '1 day')
      select kind, count(*)::int as n, sum(round(case kind ${Object.keys(RATES1).map((k) => `when ${k} then ${Number(k) === K.WAYBILL_MARKUP_PERCENT ? `qty * (100 + ${rate(Number(k))}) / 100` : `qty * ${rate(Number(k))}`}`).join(' ')} end))::bigint::text as amount
      from ev group by kind order by kind`;
    const tp = performance.now();
    const plain = (await q(plainSql, [owner])).rows;
    const plainMs = performance.now() - tp;

    // ---- report ----
    const total = (rows: Array<{ n: number; amount: string }>) => rows.reduce((a, r) => ({ n: a.n + r.n, amount: a.amount + BigInt(r.amount) }), { n: 0, amount: 0n });
    const names = Object.fromEntries(Object.entries(K).map(([k, v]) => [v, k]));
    console.log('\nkind                     events      product amount (cents)   plain amount (cents)');
    let mismatches = 0;
    for (const r of product) {
      const p = plain.find((x) => x.kind === r.kind);
      const same = p && p.n === r.n && p.amount === r.amount;
      if (!same) mismatches++;
      console.log(`${names[r.kind].padEnd(24)} ${String(r.n).padStart(8)}   ${r.amount.padStart(20)}   ${(p ? `${p.amount} (${p.n})` : '-').padStart(20)}${same ? '' : '   MISMATCH'}`);
    }
    for (const p of plain) if (!product.some((r) => r.kind === p.kind)) { mismatches++; console.log(`${names[p.kind]}: plain only (${p.n}) MISMATCH`); }
    const tp2 = total(product);
    console.log(`all                      ${String(tp2.n).padStart(8)}   ${String(tp2.amount).padStart(20)}   ${String(total(plain).amount).padStart(20)}`);
    const billing = computeMs + invoiceMs;
    console.log(`\n(a) product: computeCharges ${s(computeMs)} s (${computed.added} charges), runInvoice (recompute + draft) ${s(invoiceMs)} s; month billed in ${s(billing)} s (target ${TARGET_S} s: ${billing / 1000 <= TARGET_S ? 'met' : 'MISSED'})`);
    console.log(`    computing the month again: ${s(againMs)} s, ${second.added} added; one day (${TO}, as the nightly task): ${s(nightMs)} s, ${night.added} charges`);
    console.log(`(b) plain SQL (one SELECT, sum by kind): ${s(plainMs)} s`);
    console.log(`ratio: computeCharges / plain ${(computeMs / plainMs).toFixed(1)}x; whole billing / plain ${(billing / plainMs).toFixed(1)}x`);
    console.log(`per kind product = plain: ${mismatches ? `NO (${mismatches} kinds differ)` : 'yes'}; ${loadLine()}; whole run ${s(performance.now() - t0)} s`);
    if (mismatches) process.exitCode = 1;
  } finally {
    await closeBenchDb(bench, flag('--keep'));
  }
}

main().catch((e) => { console.error(e); process.exitCode = 1; });
