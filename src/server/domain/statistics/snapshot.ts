/**
 * The nightly inventory snapshot (issue 15 "a nightly inventory snapshot per warehouse and owner that feeds the
 * dashboard's trend"; table `wms_inventory_snapshot`, src/server/db/internal-schema.ts). The job handler
 * `inventorySnapshot` is registered in the job registry (domain/jobs/registry.ts) when this module loads; its
 * default job fires at 00:05 every day (server time zone), so a day's rows hold that day's opening stock.
 *
 * A run writes one row per (day, warehouse, owner) that has inventory records: units on hand, locked units and
 * SKUs in stock, summed from `wms_inventory` in ONE `INSERT ... SELECT ... ON CONFLICT DO UPDATE` (atomic; a
 * run again the same day, "run now" or a retry, overwrites that day's rows with the stock of that moment, so
 * the job is idempotent per day). Parameters: `{ date?: "YYYY-MM-DD" }` writes that day's rows instead of the
 * fire time's day (to fill a missed night by hand; the figures are still the stock of the moment).
 */
import { sql } from 'drizzle-orm';
import { inventory } from '../../../../generated/db/schema';
import type { Db } from '../../db/connect';
import { wmsInventorySnapshot } from '../../db/internal-schema';
import { registerJobHandler, type JobHandler } from '../jobs/registry';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day of `at` in the server's time zone, `YYYY-MM-DD`. */
export function serverDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** `value` when it is a real calendar day `YYYY-MM-DD`, else undefined. */
export function validDay(value: unknown): string | undefined {
  const m = typeof value === 'string' ? DAY.exec(value) : null;
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value ? value : undefined;
}

/**
 * Writes (or overwrites) the snapshot rows of `day` from the inventory as it stands; returns how many
 * (warehouse, owner) rows were written.
 */
export async function takeInventorySnapshot(db: Db, day: string): Promise<number> {
  const i = inventory;
  const s = wmsInventorySnapshot;
  const written = await db.execute(sql`
    insert into ${s} (snapshot_date, warehouse_id, owner_id, company_id, qty, lock_qty, sku_count, taken_at)
    select ${day}::date, ${i.warehouseId}, ${i.ownerId}, min(${i.companyId}), sum(${i.qty}), sum(${i.lockQty}),
           count(distinct ${i.skuId}) filter (where ${i.qty} > 0), now()
    from ${i}
    group by ${i.warehouseId}, ${i.ownerId}
    on conflict (snapshot_date, warehouse_id, owner_id) do update set
      company_id = excluded.company_id, qty = excluded.qty, lock_qty = excluded.lock_qty,
      sku_count = excluded.sku_count, taken_at = excluded.taken_at`);
  return Number((written as unknown as { affectedRows?: number; rowCount?: number }).rowCount ?? (written as unknown as { affectedRows?: number }).affectedRows ?? 0);
}

/** The job handler (bean `inventorySnapshot`); `run` throws when `params.date` is not a calendar day. */
export const inventorySnapshotJob: JobHandler = {
  bean: 'inventorySnapshot',
  title: { en: 'Inventory snapshot per warehouse and goods owner (dashboard trend)', zh: '按仓库和货主生成库存快照（首页趋势）' },
  defaults: { name: { en: 'Nightly inventory snapshot', zh: '每日库存快照' }, cron: '5 0 * * *' },
  async run({ db, params, signal, fireTime }) {
    const day = params.date === undefined ? serverDay(fireTime) : validDay(params.date);
    if (!day) throw new Error(`date must be a calendar day YYYY-MM-DD, not ${JSON.stringify(params.date)}`);
    signal.throwIfAborted();
    const rows = await takeInventorySnapshot(db, day);
    return { en: `${day}: ${rows} warehouse/owner rows`, zh: `${day}：${rows} 行仓库/货主快照` };
  },
};

registerJobHandler(inventorySnapshotJob);
