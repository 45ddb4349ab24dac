/**
 * Stock per storage location, the level beneath the inventory rows (issue 29 step 1; docs/locations.md;
 * DESIGN.md "Inventory is a ledger": "an inventory row is the sum of its location rows, and one ledger call
 * changes both levels together"). Only ledger.ts writes `wms_location_inventory`; this module holds what it
 * needs around its one statement:
 * - the warehouse's RECEIVING location (zone and location, code `RECEIVING`, made on demand), where additions
 *   that name no location go;
 * - the location rows of the inventory rows a call changes (made with 0/0 before the statement);
 * - {@link spreadChange}: how a taking, lock or release that names no location is spread over the inventory
 *   row's location rows (pick sequence, then id; never more than a row holds; locks never on QUARANTINE or
 *   LOCK-status locations);
 * - the freeze of cycle counts (issue 30; counts/freeze.ts): a frozen location takes no new lock (it is not
 *   lockable) and no quantity in or out; only releases of locks made before the count touch it;
 * - {@link locationDiscrepancies}: the closure check at the location level.
 */
import { getTableName } from 'drizzle-orm';
import { inventory, inventoryLog, location, locationInventory, warehouseZone } from '../../../../generated/db/schema';
import { LocationType, Status } from '../../../../generated/shared/enums';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import { ident } from '../../crud/filters';
import { FROZEN_SQL } from '../counts/freeze';

/** Code of each warehouse's receiving zone and location (migration 0020 makes them for existing warehouses too). */
export const RECEIVING_CODE = 'RECEIVING';

const INV = ident(getTableName(inventory));
const LOC = ident(getTableName(location));
const ZONE = ident(getTableName(warehouseZone));
const LI = ident(getTableName(locationInventory));
const LOG = ident(getTableName(inventoryLog));

/**
 * A location may take new locks (allocation) when it is enabled, not a quarantine location and not frozen by a
 * running cycle count (counts/freeze.ts). The one rule of allocation, spreads and the ledger statement's guard.
 */
export const LOCKABLE_SQL = (l: string) => `(${l}.status = ${Status.ENABLE} and ${l}.type <> ${LocationType.QUARANTINE} and not ${FROZEN_SQL(l)})`;

/**
 * Makes the RECEIVING zone and location of the warehouses of inventory rows `$1` that have none (one statement;
 * concurrent callers meet in the unique (warehouse, code) indexes and both end with the same rows).
 */
const ENSURE_RECEIVING = `with w as (
    select distinct i.warehouse_id as id from ${INV} i
    where i.id = any($1::int[]) and not exists (select 1 from ${LOC} l where l.warehouse_id = i.warehouse_id and l.code = '${RECEIVING_CODE}')
  ), z as (
    insert into ${ZONE} (warehouse_id, code, name) select id, '${RECEIVING_CODE}', '${RECEIVING_CODE}' from w
    on conflict (warehouse_id, code) do update set code = excluded.code returning id, warehouse_id
  )
  insert into ${LOC} (warehouse_id, zone_id, code, type, pick_sequence)
  select warehouse_id, id, '${RECEIVING_CODE}', ${LocationType.RECEIVING}, 0 from z on conflict (warehouse_id, code) do nothing`;

/**
 * For pairs (inventory id $1[i], location id $2[i] or null = the warehouse's receiving location): creates the
 * missing location rows with 0/0 and answers each pair's location id, null when the location is not in the
 * inventory row's warehouse, and whether that location is frozen by a cycle count.
 */
const ENSURE_ROWS = `with x as (
    select * from unnest($1::int[], $2::int[]) with ordinality as x(inv, loc, n)
  ), r as (
    select x.n, x.inv, l.id as loc, i.warehouse_id, i.owner_id, i.sku_id, i.batch_no from x
    join ${INV} i on i.id = x.inv
    left join ${LOC} l on l.warehouse_id = i.warehouse_id and (l.id = x.loc or (x.loc is null and l.code = '${RECEIVING_CODE}'))
  ), ins as (
    insert into ${LI} (inventory_id, location_id, warehouse_id, owner_id, sku_id, batch_no)
    select distinct inv, loc, warehouse_id, owner_id, sku_id, batch_no from r where loc is not null
    on conflict (inventory_id, location_id) do nothing
  )
  select n, loc, loc is not null and ${FROZEN_SQL('fl')} as frozen from r left join ${LOC} fl on fl.id = r.loc order by n`;

/** Where one addition or named-location change lands: the location, and whether a cycle count freezes it. */
export interface Landing { locationId: number; frozen: boolean }

const isTrue = (v: unknown) => v === true || v === 't';

/**
 * Resolves where each addition or named-location change lands (see ENSURE_ROWS) after making the receiving
 * locations it needs; returns the landing per pair (null: not in the row's warehouse).
 */
export async function ensureLocationRows(tx: Db, pairs: Array<{ inventoryId: number; locationId: number | null }>): Promise<Array<Landing | null>> {
  if (!pairs.length) return [];
  const receiving = pairs.filter((p) => p.locationId === null).map((p) => p.inventoryId);
  if (receiving.length) await rawQuery(tx, ENSURE_RECEIVING, [[...new Set(receiving)]]);
  const rows = await rawQuery(tx, ENSURE_ROWS, [pairs.map((p) => p.inventoryId), pairs.map((p) => p.locationId)]);
  return rows.map((r) => (r.loc === null ? null : { locationId: Number(r.loc), frozen: isTrue(r.frozen) }));
}

/**
 * One location row as the spread sees it (state simulated through the changes of one call). `frozen`: a cycle
 * count freezes its location (only releases may touch it).
 */
export interface LocRow { locationId: number; qty: number; lockQty: number; lockable: boolean; frozen?: boolean }

const LOCK_ROWS = `select id from ${INV} where id = any($1::int[]) order by id for update`;
const READ_ROWS = `select li.inventory_id, li.location_id, li.qty, li.lock_qty, ${LOCKABLE_SQL('l')} as lockable, ${FROZEN_SQL('l')} as frozen
  from ${LI} li join ${LOC} l on l.id = li.location_id where li.inventory_id = any($1::int[]) order by li.inventory_id, l.pick_sequence, li.id`;

/**
 * Locks the inventory rows `ids` (ascending id, the ledger's order). The ledger takes these locks before it makes
 * or reads any location row, so every writer of a location row (0/0 rows made by ensureLocationRows included)
 * holds its inventory row's lock, and two transactions never wait on each other's location rows while holding
 * inventory locks the other needs (no deadlock). Reads after it see every committed location row (READ COMMITTED).
 */
export async function lockInventoryRows(tx: Db, ids: number[]): Promise<void> {
  await rawQuery(tx, LOCK_ROWS, [[...new Set(ids)].sort((a, b) => a - b)]);
}

/**
 * The location rows of inventory rows `readIds` in spread order (pick sequence, then id), by inventory id. The
 * caller holds the inventory rows' locks (taken in an earlier statement), so the numbers stay true until COMMIT.
 */
export async function readLocationRows(tx: Db, readIds: number[]): Promise<Map<number, LocRow[]>> {
  const out = new Map<number, LocRow[]>();
  if (!readIds.length) return out;
  for (const r of await rawQuery(tx, READ_ROWS, [readIds])) {
    const id = Number(r.inventory_id);
    if (!out.has(id)) out.set(id, []);
    out.get(id)!.push({ locationId: Number(r.location_id), qty: Number(r.qty), lockQty: Number(r.lock_qty), lockable: isTrue(r.lockable), frozen: isTrue(r.frozen) });
  }
  return out;
}

/** A piece of one change on one location row. */
export interface Part { locationId: number; dq: number; dl: number }

/**
 * Spreads a change (dq to qty, dl to lockQty) that names no location over `rows` (in spread order; their state
 * is updated): first what leaves locked (shipping: min(-dq, -dl) units out of qty and lockQty together, from rows
 * holding locks), then releases (rows holding locks), then takings (rows' available qty - lockQty), then an
 * addition (to `receiving`), then locks (lockable rows' available). Never more than a row holds. A frozen row
 * (cycle count, counts/freeze.ts) serves releases only: no shipping, taking or addition there, and it is not
 * lockable. Returns the parts (one per location row touched, merged) and `short`: units no row could serve (the
 * caller answers 409).
 */
export function spreadChange(rows: LocRow[], dq: number, dl: number, receiving?: LocRow): { parts: Part[]; short: number } {
  const parts = new Map<number, Part>();
  const put = (r: LocRow, q: number, l: number) => {
    r.qty += q; r.lockQty += l;
    const p = parts.get(r.locationId) ?? { locationId: r.locationId, dq: 0, dl: 0 };
    p.dq += q; p.dl += l;
    parts.set(r.locationId, p);
  };
  let short = 0;
  const spread = (need: number, room: (r: LocRow) => number, apply: (r: LocRow, x: number) => void) => {
    for (const r of rows) {
      if (need <= 0) break;
      const x = Math.min(need, room(r));
      if (x > 0) { apply(r, x); need -= x; }
    }
    short += Math.max(need, 0);
  };
  const ship = dq < 0 && dl < 0 ? Math.min(-dq, -dl) : 0;
  spread(ship, (r) => (r.frozen ? 0 : r.lockQty), (r, x) => put(r, -x, -x));
  spread(dl < 0 ? -dl - ship : 0, (r) => r.lockQty, (r, x) => put(r, 0, -x));
  spread(dq < 0 ? -dq - ship : 0, (r) => (r.frozen ? 0 : r.qty - r.lockQty), (r, x) => put(r, -x, 0));
  if (dq > 0) {
    if (receiving && !receiving.frozen) put(receiving, dq, 0);
    else short += dq;
  }
  spread(dl > 0 ? dl : 0, (r) => (r.lockable ? r.qty - r.lockQty : 0), (r, x) => put(r, 0, x));
  return { parts: [...parts.values()].filter((p) => p.dq !== 0 || p.dl !== 0), short };
}

/**
 * The closure at the location level (DESIGN.md "Inventory is a ledger"): inventory rows whose qty/lockQty differ
 * from the sum of their location rows (`kind: 'rows'`), and location rows whose qty/lockQty differ from the sum
 * of the log lines naming them (`kind: 'log'`). Empty when both levels close. `inventoryIds` limits the check.
 */
export async function locationDiscrepancies(db: Db, inventoryIds?: number[]): Promise<Array<{ kind: 'rows' | 'log'; inventoryId: number; locationId: number | null; qty: number; lockQty: number; sumQty: number; sumLockQty: number }>> {
  const only = (col: string) => (inventoryIds ? `${col} = any($1::int[])` : 'true');
  const params = inventoryIds ? [inventoryIds] : [];
  const rows = await rawQuery(db, `select 'rows' as kind, i.id as inventory_id, null::int as location_id, i.qty, i.lock_qty, coalesce(s.q, 0)::int as sum_qty, coalesce(s.l, 0)::int as sum_lock_qty
    from ${INV} i left join (select inventory_id, sum(qty) q, sum(lock_qty) l from ${LI} group by inventory_id) s on s.inventory_id = i.id
    where ${only('i.id')} and (i.qty <> coalesce(s.q, 0) or i.lock_qty <> coalesce(s.l, 0))
    union all
    select 'log', li.inventory_id, li.location_id, li.qty, li.lock_qty, coalesce(g.q, 0)::int, coalesce(g.l, 0)::int
    from ${LI} li left join (select inventory_id, location_id, sum(change_qty) q, sum(lock_change_qty) l from ${LOG} group by inventory_id, location_id) g
      on g.inventory_id = li.inventory_id and g.location_id = li.location_id
    where ${only('li.inventory_id')} and (li.qty <> coalesce(g.q, 0) or li.lock_qty <> coalesce(g.l, 0))
    union all
    select 'log', g.inventory_id, g.location_id, 0, 0, sum(g.change_qty)::int, sum(g.lock_change_qty)::int from ${LOG} g
    where ${only('g.inventory_id')} and not exists (select 1 from ${LI} li where li.inventory_id = g.inventory_id and li.location_id is not distinct from g.location_id)
    group by g.inventory_id, g.location_id having sum(g.change_qty) <> 0 or sum(g.lock_change_qty) <> 0`, params);
  return rows.map((r) => ({ kind: r.kind as 'rows' | 'log', inventoryId: Number(r.inventory_id), locationId: r.location_id === null ? null : Number(r.location_id), qty: Number(r.qty), lockQty: Number(r.lock_qty), sumQty: Number(r.sum_qty), sumLockQty: Number(r.sum_lock_qty) }));
}
