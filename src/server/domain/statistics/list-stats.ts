/**
 * The statistics of the warehouse and goods-owner lists (spec 3: warehouse "available and locked inventory,
 * category count"; owner "product count, inventory, inbound and outbound counts"; issue 15). They are manifest
 * fields with `computed: true` (no column) that the resources' `recordSql` hooks add to the one statement of a
 * page, list or detail (crud/records-sql.ts; issue 13 "one round trip for a read"): aggregate sub-selects of each
 * listed row, served by the inventory and order indexes on warehouse_id / owner_id.
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
import { InboundOrderStatus, OutboundOrderStatus } from '../../../../generated/shared/enums';
import type { ResourceHooks } from '../../crud/handlers';
import type { Params } from '../../crud/filters';
import type { UserContext } from '../../http/context';
import { scopeIds, type ScopeKind } from '../../http/guard';

const WAREHOUSE_FIELDS = ['availableQty', 'lockedQty', 'categoryCount'] as const;

/** ` and <alias>."<kind>_id" = any($n)` for the caller's scope of that kind, or '' when it is all. */
function scoped(user: UserContext, p: Params, alias: string, kind: ScopeKind): string {
  const ids = scopeIds(user, kind);
  return ids === 'all' ? '' : ` and ${alias}."${kind}_id" = any(${p.add(ids, '::int[]')})`;
}

/**
 * Warehouse records: available and locked units and categories in stock, within the caller's owner scope. In
 * the read's own statement (crud/records-sql.ts, issue 13 "one round trip for a read"): one aggregate per record
 * of the page over its warehouse's inventory rows, as a lateral join.
 */
export const warehouseStatsHooks: ResourceHooks = {
  recordSql({ p, t, user }) {
    const scope = scoped(user, p, 'i', 'owner');
    const figure = (key: (typeof WAREHOUSE_FIELDS)[number], column: string) => ({ key, expr: `coalesce(ws.${column}, 0)` });
    return {
      columns: [figure('availableQty', '"available"'), figure('lockedQty', '"locked"'), figure('categoryCount', '"categories"')],
      joins: `left join lateral (select sum(i."qty" - i."lock_qty") as "available", sum(i."lock_qty") as "locked",`
        + ` count(distinct s."category_id") filter (where i."qty" > 0) as "categories"`
        + ` from "wms_inventory" i join "wms_sku" s on s."id" = i."sku_id" where i."warehouse_id" = ${t}."id"${scope}) ws on true`,
    };
  },
};

/** Owner records: SKUs, units on hand, inbound and outbound orders (cancelled excluded), the last three within the caller's warehouse scope. */
export const ownerStatsHooks: ResourceHooks = {
  recordSql({ p, t, user }) {
    const orders = (table: string, cancelled: number) =>
      `(select count(*) from "${table}" o where o."owner_id" = ${t}."id" and o."status" <> ${cancelled}${scoped(user, p, 'o', 'warehouse')})`;
    return {
      columns: [
        { key: 'skuCount', expr: `(select count(*) from "wms_sku" s where s."owner_id" = ${t}."id")` },
        { key: 'inventoryQty', expr: `coalesce((select sum(i."qty") from "wms_inventory" i where i."owner_id" = ${t}."id"${scoped(user, p, 'i', 'warehouse')}), 0)` },
        { key: 'inboundCount', expr: orders('wms_inbound_order', InboundOrderStatus.CANCELLED) },
        { key: 'outboundCount', expr: orders('wms_outbound_order', OutboundOrderStatus.CANCELLED) },
      ],
    };
  },
};
