/**
 * The nightly stock snapshot (issue 32 step 2; docs/billing.md "Stock snapshot"): per day, warehouse, goods owner
 * and SKU, the units on hand, the locations holding them and their volume in m³ (units x the SKU's length x width x
 * height in cm / 1,000,000; a SKU without dimensions: 0). Storage charges are priced from it (charges.ts).
 * The owner's first row of a warehouse and day (lowest SKU id) also carries `ownerLocations`: the locations holding
 * any of the owner's SKUs there, each counted once however many SKUs share it (the location-day charge); the other
 * rows leave it empty, and each row's `locations` stays the SKU's own count for display.
 * One `INSERT ... SELECT ... ON CONFLICT DO NOTHING` per day: a second run of the day, or a second instance, adds
 * nothing. The task runs after midnight and labels the stock it sees with the day that just ended.
 */
import { addDays, isCalendarDate, localDay } from '../../../shared/calendar';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';

const SNAPSHOT_SQL = `
  insert into wms_stock_snapshot (day, warehouse_id, owner_id, sku_id, qty, locations, owner_locations, volume)
  select $1::date, i.warehouse_id, i.owner_id, i.sku_id, sum(i.qty)::int,
    (select count(distinct li.location_id) from wms_location_inventory li
      where li.warehouse_id = i.warehouse_id and li.owner_id = i.owner_id and li.sku_id = i.sku_id and li.qty > 0)::int,
    case when i.sku_id = min(i.sku_id) over (partition by i.warehouse_id, i.owner_id) then
      (select count(distinct li.location_id) from wms_location_inventory li
        where li.warehouse_id = i.warehouse_id and li.owner_id = i.owner_id and li.qty > 0)::int end,
    round(sum(i.qty) * coalesce(s.length * s.width * s.height, 0) / 1000000.0, 6)
  from wms_inventory i join wms_sku s on s.id = i.sku_id
  where i.qty > 0
  group by i.warehouse_id, i.owner_id, i.sku_id, s.length, s.width, s.height
  on conflict (day, warehouse_id, owner_id, sku_id) do nothing
  returning id`;

/** Records the stock as it stands now under `day` (yyyy-MM-dd); returns the rows added (0 when the day was taken). */
export async function takeStockSnapshot(db: Db, day: string): Promise<number> {
  return (await rawQuery(db, SNAPSHOT_SQL, [day])).length;
}

/** The day a task fired at `fireTime` bills: parameter `date` (yyyy-MM-dd), else the day before the fire time (server zone). */
export function billingDay(params: Record<string, unknown>, fireTime: Date): string {
  if (params.date === undefined) return addDays(localDay(fireTime), -1);
  if (typeof params.date === 'string' && isCalendarDate(params.date)) return params.date;
  throw new Error(`date must be a calendar day yyyy-MM-dd, not ${JSON.stringify(params.date)}`);
}
