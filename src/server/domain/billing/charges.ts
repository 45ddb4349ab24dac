/**
 * Charges from the warehouse's own events (issue 32 step 2; docs/billing.md "Charges").
 *
 * A charge is one priced event of one goods owner: (kind, sourceType, sourceId) is unique, so every computation is
 * one `INSERT ... SELECT ... ON CONFLICT DO NOTHING`: a period computed twice, by the daily task and on demand, or
 * on two instances at once, charges each event once. Events (service day = the UTC day of the event; snapshots:
 * their own day):
 *
 * | kind | source | qty |
 * |---|---|---|
 * | INBOUND_UNIT | `inventoryLog`: each receipt ledger line (bizType INBOUND_ORDER, qty > 0) | units received |
 * | INBOUND_ORDER | `inboundOrder`: the order, on the day of its first receipt | 1 |
 * | INBOUND_LINE | `inboundOrderLine`: each SKU received on an order (its first line of that SKU), day of its first receipt | 1 |
 * | OUTBOUND_ORDER | `outboundOrder`: a SHIPPED order, on its shipped day | 1 |
 * | OUTBOUND_LINE / OUTBOUND_UNIT | `outboundOrderLine`: each line of a shipped order | 1 / its units |
 * | OUTBOUND_PACKAGE | `outboundPackage`: each package of a shipped order | 1 |
 * | STORAGE_UNIT_DAY / _CBM_DAY | `stockSnapshot`: each nightly snapshot row (snapshot.ts) | units / m³ |
 * | STORAGE_LOCATION_DAY | `stockSnapshot`: the owner's first row of a day and warehouse, which carries `ownerLocations` | locations holding any of the owner's SKUs |
 * | WAYBILL_MARKUP_PERCENT | `waybill`: a CREATED waybill with a carrier cost, on the day it was made | the carrier's cost in units of its currency (cents / 100) |
 *
 * A location holding several SKUs of one owner is one location-day (snapshot.ts `ownerLocations`); snapshot rows
 * taken before that figure existed (no row of the day and warehouse has it) are counted per SKU as before.
 * A waybill is charged its carrier cost plus the card's markup percent: amount = round(cost cents x (100 + rate) / 100),
 * half away from zero, to the cent; its cost must be in the card's currency (no conversion: else no charge).
 * VAS lines are manual (step 3, invoices).
 *
 * Price: the rate card valid on the service day ({@link cardForDaySql}, resolved once per day of the period); no card, or no line of the kind on it: no
 * charge (a later computation, after the card is added, makes it). amount = round(qty x rate) in cents, rounded half
 * away from zero (PostgreSQL `round(numeric)`), per charge; currency and card recorded on the charge.
 */
import { rawQuery } from '../../db/raw';
import type { Db } from '../../db/connect';
import { BizType, ChargeKind as K, OutboundOrderStatus, WaybillStatus } from '../../../../generated/shared/enums';
import { cardForDaySql } from './rate-cards';

/** One owner's period: days `from`..`to` (inclusive, yyyy-MM-dd); `warehouseIds` null = every warehouse. */
export interface Period { ownerId: number; from: string; to: string; warehouseIds: number[] | null }

/**
 * Events of the period as rows (warehouse_id, kind, source_type, source_id, day, qty); $1 owner, $2 from, $3 to,
 * $4 warehouses. Set-based (bench/billing-month.ts, ~1,000,000 events a month): the first receipt of an order or an
 * order's SKU is looked for only among the orders received in the period (`rcp`: an order whose first receipt
 * falls in the period has a receipt in it), through the ledger's biz_no index, never the owner's whole history.
 */
const EVENTS_SQL = `
  rcp as (
    select l.id, l.warehouse_id, l.biz_no, l.change_qty, (l.add_date at time zone 'UTC')::date as day
    from wms_inventory_log l
    where l.owner_id = $1 and l.biz_type = ${BizType.INBOUND_ORDER} and l.change_qty > 0
      and l.add_date >= ($2::date)::timestamp at time zone 'UTC' and l.add_date < ($3::date + 1)::timestamp at time zone 'UTC'
      and ($4::int[] is null or l.warehouse_id = any($4::int[]))),
  rc_line as (
    select o.warehouse_id, o.id as order_id, l.sku_id, min((l.add_date at time zone 'UTC')::date) as day
    from wms_inventory_log l join wms_inbound_order o on o.order_no = l.biz_no
    where l.biz_no in (select distinct biz_no from rcp)
      and l.owner_id = $1 and l.biz_type = ${BizType.INBOUND_ORDER} and l.change_qty > 0
      and l.add_date < ($3::date + 1)::timestamp at time zone 'UTC'
      and ($4::int[] is null or l.warehouse_id = any($4::int[]))
    group by o.warehouse_id, o.id, l.sku_id),
  so as (
    select o.id, o.warehouse_id, (o.shipped_time at time zone 'UTC')::date as day
    from wms_outbound_order o
    where o.owner_id = $1 and o.status = ${OutboundOrderStatus.SHIPPED}
      and o.shipped_time >= ($2::date)::timestamp at time zone 'UTC' and o.shipped_time < ($3::date + 1)::timestamp at time zone 'UTC'
      and ($4::int[] is null or o.warehouse_id = any($4::int[]))),
  snap as (
    -- counted: the owner's location figure of that day and warehouse exists (snapshots taken before it: per SKU)
    select s.*, bool_or(s.owner_locations is not null) over (partition by s.day, s.warehouse_id) as counted
    from wms_stock_snapshot s
    where s.owner_id = $1 and s.day between $2::date and $3::date and ($4::int[] is null or s.warehouse_id = any($4::int[]))),
  wb as (
    select w.id, o.warehouse_id, (w.add_date at time zone 'UTC')::date as day, w.carrier_cost, w.carrier_cost_currency
    from wms_waybill w join wms_outbound_order o on o.id = w.order_id
    where o.owner_id = $1 and w.status = ${WaybillStatus.CREATED} and w.carrier_cost > 0
      and w.add_date >= ($2::date)::timestamp at time zone 'UTC' and w.add_date < ($3::date + 1)::timestamp at time zone 'UTC'
      and ($4::int[] is null or o.warehouse_id = any($4::int[]))),
  ev (warehouse_id, kind, source_type, source_id, day, qty, currency) as (
    select warehouse_id, ${K.INBOUND_UNIT}, 'inventoryLog', id, day, change_qty::numeric, null::int from rcp
    union all
    select warehouse_id, ${K.INBOUND_ORDER}, 'inboundOrder', order_id, min(day), 1::numeric, null::int from rc_line group by warehouse_id, order_id having min(day) >= $2::date
    union all
    select x.warehouse_id, ${K.INBOUND_LINE}, 'inboundOrderLine',
      (select min(ol.id) from wms_inbound_order_line ol where ol.order_id = x.order_id and ol.sku_id = x.sku_id), x.day, 1::numeric, null::int
    from rc_line x where x.day >= $2::date
    union all
    select warehouse_id, ${K.OUTBOUND_ORDER}, 'outboundOrder', id, day, 1::numeric, null::int from so
    union all
    select so.warehouse_id, ${K.OUTBOUND_LINE}, 'outboundOrderLine', ol.id, so.day, 1::numeric, null::int from so join wms_outbound_order_line ol on ol.order_id = so.id
    union all
    select so.warehouse_id, ${K.OUTBOUND_UNIT}, 'outboundOrderLine', ol.id, so.day, ol.qty::numeric, null::int from so join wms_outbound_order_line ol on ol.order_id = so.id
    union all
    select so.warehouse_id, ${K.OUTBOUND_PACKAGE}, 'outboundPackage', p.id, so.day, 1::numeric, null::int from so join wms_outbound_package p on p.order_id = so.id
    union all
    select warehouse_id, ${K.STORAGE_UNIT_DAY}, 'stockSnapshot', id, day, qty::numeric, null::int from snap where qty > 0
    union all
    select warehouse_id, ${K.STORAGE_LOCATION_DAY}, 'stockSnapshot', id, day, (case when counted then owner_locations else locations end)::numeric, null::int
    from snap where (case when counted then owner_locations else locations end) > 0
    union all
    select warehouse_id, ${K.STORAGE_CBM_DAY}, 'stockSnapshot', id, day, volume, null::int from snap where volume > 0
    union all
    -- qty = the carrier's cost in units of its currency (cents / 100, exact), which must be the card's currency
    select warehouse_id, ${K.WAYBILL_MARKUP_PERCENT}, 'waybill', id, day, carrier_cost::numeric / 100, carrier_cost_currency from wb)`;

/**
 * The rounding rule, once: cents, half away from zero (numeric round). Every kind: qty x rate. A waybill
 * (WAYBILL_MARKUP_PERCENT, qty = the carrier's cost in units of its currency, rate = a percent): qty x (100 + rate)
 * cents = the cost plus the markup (10.04 SAR at 12.5 %: 1129.5 -> 1130 cents).
 */
const AMOUNT_SQL = (kind: string, qty: string, rate: string) =>
  `round(case when ${kind} = ${K.WAYBILL_MARKUP_PERCENT} then ${qty} * (100 + ${rate}) else ${qty} * ${rate} end)::bigint`;

/**
 * The price of every day of the period and kind: the card valid that day ({@link cardForDaySql}, resolved once per
 * day of a generated series, not once per event) and its line of the kind. $1 owner, $2 from, $3 to.
 */
const PRICES_SQL = `
  days as (
    select d::date as day, ${cardForDaySql('$1', 'd::date')} as card_id
    from generate_series($2::date, $3::date, interval '1 day') d),
  prices as materialized (
    select days.day, c.id as card_id, c.currency, cl.kind, cl.rate
    from days join wms_rate_card c on c.id = days.card_id
    join wms_rate_card_line cl on cl.rate_card_id = c.id)`;

/** The computation (exported for bench/billing-month.ts --explain). */
export const COMPUTE_SQL = `
  with ${EVENTS_SQL},
  ${PRICES_SQL},
  priced as (
    select ev.*, p.card_id, p.currency as card_currency, p.rate
    from ev join prices p on p.day = ev.day and p.kind = ev.kind
    -- a receipt of a SKU no line of its order names (none today: receipts go by line) has no line to charge;
    -- a waybill whose cost is in another currency than the card's is not charged (no conversion)
    where ev.source_id is not null and (ev.currency is null or ev.currency = p.currency))
  insert into wms_charge (owner_id, warehouse_id, kind, source_type, source_id, service_date, qty, rate, amount, currency, rate_card_id)
  select $1, warehouse_id, kind, source_type, source_id, day, qty, rate, ${AMOUNT_SQL('kind', 'qty', 'rate')}, card_currency, card_id from priced
  on conflict (kind, source_type, source_id) do nothing
  returning amount::text as amount`;

const params = (p: Period) => [p.ownerId, p.from, p.to, p.warehouseIds];

/**
 * Charges every event of the period not charged yet (module doc). Runs in the caller's transaction or alone.
 * @returns how many charges were made and their sum in cents.
 */
export async function computeCharges(db: Db, p: Period): Promise<{ added: number; addedAmount: number }> {
  const rows = await rawQuery(db, COMPUTE_SQL, params(p));
  return { added: rows.length, addedAmount: rows.reduce((a, r) => a + Number(r.amount), 0) };
}

/** Sum in cents and count of the period's charges not yet invoiced. */
async function uninvoiced(db: Db, p: Period): Promise<{ n: number; amount: number }> {
  const [r] = await rawQuery(db, `select count(*)::int as n, coalesce(sum(amount), 0)::text as amount from wms_charge
    where owner_id = $1 and service_date between $2::date and $3::date and invoice_id is null and ($4::int[] is null or warehouse_id = any($4::int[]))`, params(p));
  return { n: Number(r.n), amount: Number(r.amount) };
}

const REPRICE_SQL = `
  with ${PRICES_SQL},
  cur as (
    select ch.id, p.card_id, p.currency, p.rate
    from wms_charge ch
    left join prices p on p.day = ch.service_date and p.kind = ch.kind
      and (ch.kind <> ${K.WAYBILL_MARKUP_PERCENT} or p.currency = ch.currency)
    where ch.owner_id = $1 and ch.service_date between $2::date and $3::date and ch.invoice_id is null
      and ($4::int[] is null or ch.warehouse_id = any($4::int[]))
      -- only the charges whose price changed or went away (the month's other charges are left as they are)
      and (p.rate is null or ch.rate <> p.rate or ch.rate_card_id <> p.card_id or ch.currency <> p.currency)),
  gone as (
    delete from wms_charge ch using cur where ch.id = cur.id and cur.rate is null returning ch.id),
  moved as (
    update wms_charge ch set rate = cur.rate, amount = ${AMOUNT_SQL('ch.kind', 'ch.qty', 'cur.rate')}, currency = cur.currency, rate_card_id = cur.card_id, update_date = now()
    from cur where ch.id = cur.id and cur.rate is not null
      and (ch.rate <> cur.rate or ch.rate_card_id <> cur.card_id or ch.currency <> cur.currency)
    returning ch.id)
  select (select count(*) from gone)::int as removed, (select count(*) from moved)::int as updated`;

/** What a recomputation changed: the period's uninvoiced total before and after (cents), and how. */
export interface Recomputed { before: number; after: number; difference: number; updated: number; removed: number; added: number }

/**
 * Recomputes the period's charges not yet invoiced after a rate-card correction, in ONE transaction: each is priced
 * again by the card valid on its day (rate, amount, currency, card); one whose kind has no price any more is
 * removed; events newly priced are charged ({@link computeCharges}). Invoiced charges never change.
 * @returns the uninvoiced total before and after, and `difference` = after - before (cents).
 */
export function recomputeCharges(db: Db, p: Period): Promise<Recomputed> {
  return db.transaction((t) => recomputeIn(t as unknown as Db, p));
}

/** {@link recomputeCharges} in the caller's transaction `tx`. */
export async function recomputeIn(tx: Db, p: Period): Promise<Recomputed> {
  const before = await uninvoiced(tx, p);
  const [r] = await rawQuery(tx, REPRICE_SQL, params(p));
  const { added } = await computeCharges(tx, p);
  const after = await uninvoiced(tx, p);
  return { before: before.amount, after: after.amount, difference: after.amount - before.amount, updated: Number(r.updated), removed: Number(r.removed), added };
}

/** The goods owners with anything to bill: every owner (the computation finds their events). */
export async function ownerIds(db: Db): Promise<number[]> {
  return (await rawQuery(db, 'select id from wms_owner order by id', [])).map((r) => Number(r.id));
}
