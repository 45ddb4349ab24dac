/**
 * The statistics of the warehouse and goods-owner lists (spec 3: warehouse "available and locked inventory,
 * category count"; owner "product count, inventory, inbound and outbound counts"; issue 15). They are manifest
 * fields with `computed: true` (no column) that the resources' hooks fill for the records of a page, list or
 * detail: the warehouse's in the read's own statement (recordSql), the owner's with ONE aggregate statement per
 * page (grouped by the page's ids, `decorate`), never one per row.
 *
 * Scope: a figure counts only what the caller may see. A warehouse's figures sum the inventory of the owners
 * in the caller's owner scope; an owner's inventory and order counts cover the warehouses in the caller's
 * warehouse scope (an owner's SKUs belong to no warehouse: all of them count).
 *
 * Units: quantities are units (pieces), counts are records. Fields:
 * - warehouse: `availableQty` = sum(qty - lockQty), `lockedQty` = sum(lockQty), `categoryCount` = distinct SKU
 *   categories with stock (qty > 0) in the warehouse;
 * - owner: `skuCount` = the owner's SKUs, `inventoryQty` = sum(qty) on hand, `inboundCount` / `outboundCount` =
 *   the owner's inbound / outbound orders of any type and state except cancelled.
 */
import { and, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { inboundOrder, inventory, outboundOrder, sku } from '../../../../generated/db/schema';
import { InboundOrderStatus, OutboundOrderStatus } from '../../../../generated/shared/enums';
import type { CrudCall, ResourceHooks } from '../../crud/handlers';
import { scopeConditions, scopeIds } from '../../http/guard';

type Row = Record<string, unknown>;

const idsOf = (rows: Row[]) => rows.map((r) => r.id as number);
/** Sets `fields` of each of `rows` to the figures of its id (numbers; 0 when it has none). */
function fill<F extends string>(rows: Row[], fields: readonly F[], figures: Map<number, Record<F, unknown>>): void {
  for (const r of rows) {
    const f = figures.get(r.id as number);
    for (const k of fields) r[k] = f ? Number(f[k] ?? 0) : 0;
  }
}

const WAREHOUSE_FIELDS = ['availableQty', 'lockedQty', 'categoryCount'] as const;
const OWNER_FIELDS = ['skuCount', 'inventoryQty', 'inboundCount', 'outboundCount'] as const;

/**
 * Warehouse records: available and locked units and categories in stock, within the caller's owner scope. In
 * the read's own statement (crud/records-sql.ts, issue 13 "one round trip for a read"): one aggregate per record
 * of the page over its warehouse's inventory rows, as a lateral join.
 */
export const warehouseStatsHooks: ResourceHooks = {
  recordSql({ p, t, user }) {
    const ids = scopeIds(user, 'owner');
    const scope = ids === 'all' ? '' : ` and i."owner_id" = any(${p.add(ids, '::int[]')})`;
    const figure = (key: (typeof WAREHOUSE_FIELDS)[number], column: string) => ({ key, expr: `coalesce(ws.${column}, 0)`, map: Number });
    return {
      columns: [figure('availableQty', '"available"'), figure('lockedQty', '"locked"'), figure('categoryCount', '"categories"')],
      joins: `left join lateral (select sum(i."qty" - i."lock_qty") as "available", sum(i."lock_qty") as "locked",`
        + ` count(distinct s."category_id") filter (where i."qty" > 0) as "categories"`
        + ` from "wms_inventory" i join "wms_sku" s on s."id" = i."sku_id" where i."warehouse_id" = ${t}."id"${scope}) ws on true`,
    };
  },
};

/**
 * Owner records: SKUs, units on hand, inbound and outbound orders (cancelled excluded), the last three within
 * the caller's warehouse scope. One statement: four grouped counts of the page's owners, UNION ALL, one row
 * per (owner, figure).
 */
export const ownerStatsHooks: ResourceHooks = {
  async decorate(call: CrudCall, rows: Row[]) {
    const ids = idsOf(rows);
    if (!ids.length) return;
    const { db, user } = call;
    const figure = (name: (typeof OWNER_FIELDS)[number]) => sql<string>`${name}`.as('figure');
    const n = (value: SQL) => sql<string>`(${value})::bigint`.as('n');
    const found = await db.select({ ownerId: sku.ownerId, figure: figure('skuCount'), n: n(sql`count(*)`) }).from(sku)
      .where(inArray(sku.ownerId, ids)).groupBy(sku.ownerId)
      .unionAll(db.select({ ownerId: inventory.ownerId, figure: figure('inventoryQty'), n: n(sql`sum(${inventory.qty})`) }).from(inventory)
        .where(and(inArray(inventory.ownerId, ids), ...scopeConditions(user, { warehouse: inventory.warehouseId }))).groupBy(inventory.ownerId))
      .unionAll(db.select({ ownerId: inboundOrder.ownerId, figure: figure('inboundCount'), n: n(sql`count(*)`) }).from(inboundOrder)
        .where(and(inArray(inboundOrder.ownerId, ids), ne(inboundOrder.status, InboundOrderStatus.CANCELLED), ...scopeConditions(user, { warehouse: inboundOrder.warehouseId })))
        .groupBy(inboundOrder.ownerId))
      .unionAll(db.select({ ownerId: outboundOrder.ownerId, figure: figure('outboundCount'), n: n(sql`count(*)`) }).from(outboundOrder)
        .where(and(inArray(outboundOrder.ownerId, ids), ne(outboundOrder.status, OutboundOrderStatus.CANCELLED), ...scopeConditions(user, { warehouse: outboundOrder.warehouseId })))
        .groupBy(outboundOrder.ownerId));
    const figures = new Map<number, Record<string, unknown>>();
    for (const f of found) figures.set(f.ownerId as number, { ...figures.get(f.ownerId as number), [f.figure]: f.n });
    fill(rows, OWNER_FIELDS, figures as Map<number, Record<(typeof OWNER_FIELDS)[number], unknown>>);
  },
};
