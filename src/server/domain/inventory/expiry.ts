/**
 * Expiry dates and FEFO (issue 30; docs/expiry.md). A SKU may track expiry (`expiryTracked`, `shelfLifeDays`);
 * a batch (`wms_batch`: goods owner, SKU, batch number) carries its production and expiry dates, set by
 * receiving and never changed after; every inventory row of that owner, SKU and batch (any warehouse) has the
 * batch's expiry date.
 *
 * "Today" is the calendar day of the server's configured time zone (the process's TZ; {@link serverToday}), the
 * day the nightly tasks use too: stock expires at the end of its expiry date there. Days left = expiry date -
 * today; expired = expiry date < today.
 *
 * - Receiving ({@link planReceiptDates} before the transaction, {@link storeBatchDates} inside it): a line
 *   may give `productionDate` / `expiryDate` (`yyyy-MM-dd`); dates belong to a batch, so such a line (and any
 *   line of an expiry-tracked SKU) needs a batch number; an expiry-tracked SKU needs an expiry date: given,
 *   else production date + shelf life, else the one its batch already has; a batch's date, once set, must be
 *   given again the same (else 400 naming the line and field); an expiry date before the production date is
 *   refused.
 * - Allocation ({@link FEFO_ROWS}, used by outbound/orders.ts): for expiry-tracked SKUs the rows with the
 *   earliest expiry date first (rows without one last), then the oldest row; other SKUs oldest row first
 *   (FIFO by receipt). A row of an expiry-tracked SKU is refused (`blocked`) when its days left are fewer than
 *   the owner's `minRemainingShelfLifeDays` (empty: 0, so only expired stock).
 * - Near expiry ({@link nearExpirySql}): stock (qty > 0) of an expiry-tracked SKU whose expiry date is at most
 *   N days after today, expired stock included; N = the owner's `nearExpiryDays`, else
 *   {@link DEFAULT_NEAR_EXPIRY_DAYS}, or the days the caller gives. The inventory list's `nearExpiry` /
 *   `expiringWithinDays`, the dashboard's card and the daily task `nearExpiryScan` (which records each
 *   inventory row once, the day it is first seen in its window, in `wms_expiry_alert`) read it.
 */
import { getTableName, sql } from 'drizzle-orm';
import { batch, expiryAlert, inventory, owner, sku } from '../../../../generated/db/schema';
import { bindings } from '../../../../generated/server/routes';
import { addDays, isCalendarDate, localDay } from '../../../shared/calendar';
import type { Lang } from '../../../shared/validation';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import { ident, type Params } from '../../crud/filters';
import type { ResourceSpec } from '../../../shared/resource-meta';
import { manifestLabel } from '../../http/body';
import { fieldError } from '../../http/errors';
import { registerJobHandler, type JobHandler } from '../jobs/registry';

/** The near-expiry window of an owner who set none, in days. */
export const DEFAULT_NEAR_EXPIRY_DAYS = 30;

/** Today in the server's configured time zone, `yyyy-MM-dd` (see module doc). */
export const serverToday = (): string => localDay();

const T = {
  batch: ident(getTableName(batch)),
  sku: ident(getTableName(sku)),
  owner: ident(getTableName(owner)),
  inventory: ident(getTableName(inventory)),
  alert: ident(getTableName(expiryAlert)),
};

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  needsBatch: L('{label} cannot be empty: dates belong to a batch, and SKU {sku} {why}', '{label}不能为空：日期属于批次，且 SKU {sku} {why}'),
  whyDates: L('has dates on this line', '在本行填写了日期'),
  whyTracked: L('tracks expiry', '管理效期'),
  needsExpiry: L('{label} cannot be empty: SKU {sku} tracks expiry; give it, or the production date (the shelf life of {days} days is added)', '{label}不能为空：SKU {sku} 管理效期；请填写有效期，或填写生产日期（加上 {days} 天保质期）'),
  needsExpiryNoShelfLife: L('{label} cannot be empty: SKU {sku} tracks expiry and has no shelf life to count it from a production date', '{label}不能为空：SKU {sku} 管理效期，且未设置保质期，无法由生产日期推算'),
  beforeProduction: L('{label} {given} is before the production date {production}', '{label} {given} 早于生产日期 {production}'),
  differs: L('{label} {given} differs from {stored}, which batch {batch} of SKU {sku} already has', '{label} {given} 与 SKU {sku} 批次 {batch} 已有的 {stored} 不一致'),
};
const batchLabel = (field: 'batchNo' | 'productionDate' | 'expiryDate') => manifestLabel(field, bindings.batch.meta as ResourceSpec)!;

/** One receive line as the receive call gives it, resolved to its SKU and batch (`index`: its place in the request). */
export interface ReceiptLine { index: number; skuId: number; batchNo: string; productionDate?: string | null; expiryDate?: string | null }
/** The dates a batch gets from a receipt (null: none given and none derived). */
export interface BatchDates { index: number; skuId: number; sku: string; batchNo: string; productionDate: string | null; expiryDate: string | null }

/**
 * Checks the dates of receive lines of goods owner `ownerId` (module doc) and returns the batch dates to store
 * (lines without dates of SKUs that track no expiry are left out). Reads, never writes: called before the
 * receiving transaction. `lines` in request order; a line whose SKU is unknown is left out (receive refuses it).
 * @throws BizError 400 naming the line and field (batchNo, productionDate, expiryDate).
 */
export async function planReceiptDates(db: Db, lang: Lang, ownerId: number, lines: ReceiptLine[]): Promise<BatchDates[]> {
  if (!lines.length) return [];
  const skuIds = [...new Set(lines.map((l) => l.skuId))];
  const [skus, stored] = await Promise.all([
    rawQuery(db, `select id, sku, expiry_tracked as tracked, shelf_life_days as "shelfLifeDays" from ${T.sku} where id = any($1::int[])`, [skuIds]),
    rawQuery(db, `select sku_id as "skuId", batch_no as "batchNo", production_date::text as "productionDate", expiry_date::text as "expiryDate"
      from ${T.batch} where owner_id = $1 and sku_id = any($2::int[]) and batch_no = any($3::text[])`, [ownerId, skuIds, [...new Set(lines.map((l) => l.batchNo))]]),
  ]);
  const skuOf = new Map(skus.map((s) => [Number(s.id), s as { sku: string; tracked: boolean; shelfLifeDays: number | null }]));
  const key = (skuId: number, batchNo: string) => `${skuId}\u0000${batchNo}`;
  // what each batch has: stored, then what earlier lines of this request give it
  const known = new Map(stored.map((b) => [key(Number(b.skuId), b.batchNo as string), { productionDate: b.productionDate as string | null, expiryDate: b.expiryDate as string | null }]));
  const out: BatchDates[] = [];
  for (const l of lines) {
    const s = skuOf.get(l.skuId);
    if (!s) continue;
    const at = (field: 'batchNo' | 'productionDate' | 'expiryDate') => ({ line: l.index, label: batchLabel(field), field });
    const dated = Boolean(l.productionDate || l.expiryDate);
    if (!dated && !s.tracked) continue;
    if (!l.batchNo) throw fieldError(lang, at('batchNo'), texts.needsBatch[lang], { sku: s.sku, why: (s.tracked ? texts.whyTracked : texts.whyDates)[lang] });
    const has = known.get(key(l.skuId, l.batchNo)) ?? { productionDate: null, expiryDate: null };
    const productionDate = l.productionDate ?? null;
    const derived = !l.expiryDate && productionDate && s.shelfLifeDays ? addDays(productionDate, s.shelfLifeDays) : null;
    const expiryDate = l.expiryDate ?? derived ?? null;
    for (const [field, given] of [['productionDate', productionDate], ['expiryDate', l.expiryDate ?? null]] as const) {
      const was = has[field];
      if (given && was && given !== was) throw fieldError(lang, at(field), texts.differs[lang], { given, stored: was, batch: l.batchNo, sku: s.sku });
    }
    // a derived expiry date yields to the batch's own (the label's date is the truth), never overrides it
    const final = { productionDate: productionDate ?? has.productionDate, expiryDate: has.expiryDate ?? expiryDate };
    if (s.tracked && !final.expiryDate) {
      throw fieldError(lang, at('expiryDate'), (s.shelfLifeDays ? texts.needsExpiry : texts.needsExpiryNoShelfLife)[lang], { sku: s.sku, days: s.shelfLifeDays ?? 0 });
    }
    if (final.productionDate && final.expiryDate && final.expiryDate < final.productionDate) {
      throw fieldError(lang, at('expiryDate'), texts.beforeProduction[lang], { given: final.expiryDate, production: final.productionDate });
    }
    known.set(key(l.skuId, l.batchNo), final);
    out.push({ index: l.index, skuId: l.skuId, sku: s.sku, batchNo: l.batchNo, ...final });
  }
  return out;
}

/**
 * Stores planned batch dates of goods owner `ownerId` inside the receiving transaction: a new batch gets them,
 * an existing one keeps its dates and gains the missing ones (one INSERT ... ON CONFLICT). A receipt that ran
 * meanwhile and gave the batch other dates makes this one fail (400 naming the line and field, the transaction
 * rolls back), so a batch never holds two expiry dates.
 */
export async function storeBatchDates(tx: Db, lang: Lang, ownerId: number, planned: BatchDates[]): Promise<void> {
  if (!planned.length) return;
  // one row per batch (two lines of one batch agree: planReceiptDates carried the first one's dates on)
  const batches = [...new Map(planned.map((p) => [`${p.skuId}\u0000${p.batchNo}`, p])).values()];
  const rows = await rawQuery(tx, `
    insert into ${T.batch} as b (owner_id, sku_id, batch_no, production_date, expiry_date)
    select $1, x.sku_id, x.batch_no, x.production_date, x.expiry_date
    from unnest($2::int[], $3::text[], $4::date[], $5::date[]) as x(sku_id, batch_no, production_date, expiry_date)
    on conflict (owner_id, sku_id, batch_no) do update set
      production_date = coalesce(b.production_date, excluded.production_date),
      expiry_date = coalesce(b.expiry_date, excluded.expiry_date),
      update_date = now()
    returning sku_id as "skuId", batch_no as "batchNo", production_date::text as "productionDate", expiry_date::text as "expiryDate"`,
  [ownerId, batches.map((p) => p.skuId), batches.map((p) => p.batchNo), batches.map((p) => p.productionDate), batches.map((p) => p.expiryDate)]);
  for (const p of planned) {
    const r = rows.find((x) => Number(x.skuId) === p.skuId && x.batchNo === p.batchNo);
    for (const field of ['productionDate', 'expiryDate'] as const) {
      if (r && p[field] && r[field] !== p[field]) {
        throw fieldError(lang, { line: p.index, label: batchLabel(field), field }, texts.differs[lang], { given: p[field]!, stored: String(r[field]), batch: p.batchNo, sku: p.sku });
      }
    }
  }
}

/**
 * The FEFO order and the refusal of allocation, over the candidate rows `c` (columns id, "skuId", "batchNo") of
 * goods owner `$owner` on day `$today` (module doc): a sub-select adding "expiryDate" (text), "blocked" (boolean),
 * "minDays" (the owner's minimum, or null) and "fefoDate" (the sort key: the expiry date of expiry-tracked
 * SKUs). Sort its rows by {@link FEFO_ORDER}.
 */
export const FEFO_ROWS = (owner: string, today: string) => `(
  select c.*, b.expiry_date::text as "expiryDate", o.min_remaining_shelf_life_days as "minDays",
    case when s.expiry_tracked then b.expiry_date end as "fefoDate",
    coalesce(s.expiry_tracked and b.expiry_date < ${today}::date + coalesce(o.min_remaining_shelf_life_days, 0), false) as blocked
  from c join ${T.sku} s on s.id = c."skuId" join ${T.owner} o on o.id = ${owner}
  left join ${T.batch} b on b.owner_id = ${owner} and b.sku_id = c."skuId" and b.batch_no = c."batchNo")`;
/** The order of {@link FEFO_ROWS}' rows, alias `e`: earliest expiry first (none last), then the oldest row. */
export const FEFO_ORDER = 'e."fefoDate" asc nulls last, e.id';

/** The "expiryDate" column of an inventory record (alias `t`): its batch's expiry date as text, or null. */
export const expiryDateSql = (t: string) =>
  `(select b."expiry_date"::text from ${T.batch} b where b."owner_id" = ${t}."owner_id" and b."sku_id" = ${t}."sku_id" and b."batch_no" = ${t}."batch_no")`;

/**
 * The condition "near expiry" on inventory rows `t` (module doc): within `days` days when given, else within
 * the row's owner's window; parameters added to `p` (today is the server's).
 */
export function nearExpirySql(t: string, p: Params, days?: number | null, today = serverToday()): string {
  const window = typeof days === 'number' ? p.add(days, '::int') : `coalesce((select o."near_expiry_days" from ${T.owner} o where o."id" = ${t}."owner_id"), ${DEFAULT_NEAR_EXPIRY_DAYS})`;
  return `${t}."qty" > 0 and exists (select 1 from ${T.batch} b join ${T.sku} s on s."id" = b."sku_id" where b."owner_id" = ${t}."owner_id" and b."sku_id" = ${t}."sku_id"
    and b."batch_no" = ${t}."batch_no" and s."expiry_tracked" and b."expiry_date" <= ${p.add(today, '::date')} + ${window})`;
}

/**
 * The daily task (bean `nearExpiryScan`, 00:10 server time): records every inventory row that is near expiry
 * (module doc) and not recorded yet, with its stock, expiry date, window and the day (parameter `date`
 * `yyyy-MM-dd`, default the fire time's day). One INSERT ... SELECT ... ON CONFLICT DO NOTHING: a run again the
 * same day, or two instances at once, record each row once. Returns how many rows entered the window.
 */
export async function recordNearExpiry(db: Db, day: string): Promise<number> {
  const rows = await rawQuery(db, `
    insert into ${T.alert} (inventory_id, warehouse_id, owner_id, sku_id, batch_no, expiry_date, qty, window_days, alert_date)
    select i.id, i.warehouse_id, i.owner_id, i.sku_id, i.batch_no, b.expiry_date, i.qty, w.days, $1::date
    from ${T.inventory} i
    join ${T.sku} s on s.id = i.sku_id and s.expiry_tracked
    join ${T.batch} b on b.owner_id = i.owner_id and b.sku_id = i.sku_id and b.batch_no = i.batch_no
    cross join lateral (select coalesce((select o.near_expiry_days from ${T.owner} o where o.id = i.owner_id), ${DEFAULT_NEAR_EXPIRY_DAYS}) as days) w
    where i.qty > 0 and b.expiry_date <= $1::date + w.days
    on conflict (inventory_id) do nothing
    returning id`, [day]);
  return rows.length;
}

export const nearExpiryJob: JobHandler = {
  bean: 'nearExpiryScan',
  title: { en: 'Record stock entering its near-expiry window', zh: '记录进入临期预警期的库存' },
  defaults: { name: { en: 'Daily near-expiry scan', zh: '每日临期库存扫描' }, cron: '10 0 * * *' },
  async run({ db, params, signal, fireTime }) {
    const day = params.date === undefined ? localDay(fireTime) : isCalendarDate(params.date) ? params.date : undefined;
    if (!day) throw new Error(`date must be a calendar day yyyy-MM-dd, not ${JSON.stringify(params.date)}`);
    signal.throwIfAborted();
    const n = await recordNearExpiry(db, day);
    return { en: `${day}: ${n} stock record(s) entered the near-expiry window`, zh: `${day}：${n} 条库存记录进入临期预警期` };
  },
};

registerJobHandler(nearExpiryJob);
