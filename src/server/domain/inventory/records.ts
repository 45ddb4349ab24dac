/**
 * Inventory records as the inventory list shows them (spec 2.6, 3 "Inventory record" and "Inventory list
 * query"). The generic page/list/detail handlers do paging, sorting (qty, lockQty), the eq filters
 * (skuId, companyId, ownerId, warehouseId), batchNo (contains) and the warehouse + owner scope; this module
 * adds the query parameters the manifest declares for it:
 * - `sku`: text matched (case-insensitive, contains) against the SKU code and the product name;
 * - `containInventory`: true = qty > 0 (in stock), false = qty = 0 (out of stock);
 * - `categoryIds`: the SKU's category is one of these;
 * - `ecPlatform`: the SKU has a platform SKU on that platform;
 * - `locationId`: the record has stock (qty > 0) on that location (issue 29);
 * - `nearExpiry: true` / `expiringWithinDays`: stock near expiry (issue 30; inventory/expiry.ts nearExpirySql);
 * and decorates records with `skuEntity` {sku, name, goodsNo, category, color, size, weight, goodsImageUrl},
 * `supplierNames`, `ecPlatforms`, `locations` [{locationId, code, qty, lockQty}] (its location rows holding
 * stock, in pick sequence; issue 29, an extra field beside spec 3's) and `expiryDate` (its batch's,
 * `yyyy-MM-dd` or null; issue 30): sub-selects of the read's one statement (crud/records-sql.ts).
 */
import type { ResourceHooks } from '../../crud/handlers';
import { escapeLike } from '../../crud/filters';
import { supplierNamesAndPlatforms } from '../sku';
import { expiryDateSql, nearExpirySql } from './expiry';

export const inventoryHooks: ResourceHooks = {
  filterSql(q, p, t) {
    const out: string[] = [];
    if (typeof q.sku === 'string' && q.sku) {
      const like = p.add(`%${escapeLike(q.sku)}%`);
      out.push(`${t}."sku_id" in (select s."id" from "wms_sku" s where s."sku" ilike ${like} or s."name" ilike ${like})`);
    }
    if (q.containInventory === true) out.push(`${t}."qty" > 0`);
    if (q.containInventory === false) out.push(`${t}."qty" = 0`);
    if (Array.isArray(q.categoryIds) && q.categoryIds.length) {
      out.push(`${t}."sku_id" in (select s."id" from "wms_sku" s where s."category_id" = any(${p.add(q.categoryIds, '::int[]')}))`);
    }
    if (q.ecPlatform !== undefined && q.ecPlatform !== null) {
      out.push(`exists (select 1 from "wms_ec_platform_sku" e where e."sku_id" = ${t}."sku_id" and e."ec_platform" = ${p.add(q.ecPlatform)})`);
    }
    if (typeof q.locationId === 'number') {
      out.push(`exists (select 1 from "wms_location_inventory" li where li."inventory_id" = ${t}."id" and li."location_id" = ${p.add(q.locationId)} and li."qty" > 0)`);
    }
    if (typeof q.expiringWithinDays === 'number') out.push(nearExpirySql(t, p, q.expiringWithinDays));
    else if (q.nearExpiry === true) out.push(nearExpirySql(t, p));
    return out;
  },
  recordSql: ({ t, refAlias }) => {
    const s = refAlias('skuId'); // the SKU row the skuName join already reads
    return {
      columns: [
        {
          key: 'skuEntity',
          expr: `json_build_object('sku', ${s}."sku", 'name', ${s}."name", 'goodsNo', ${s}."goods_no", 'category', sc."name", 'color', ${s}."color", 'size', ${s}."size", 'weight', ${s}."weight", 'goodsImageUrl', ${s}."goods_image_url")`,
        },
        ...supplierNamesAndPlatforms(`${t}."sku_id"`),
        {
          key: 'locations',
          expr: `coalesce((select json_agg(json_build_object('locationId', l."id", 'code', l."code", 'qty', li."qty", 'lockQty', li."lock_qty") order by l."pick_sequence", l."id")
            from "wms_location_inventory" li join "wms_location" l on l."id" = li."location_id" where li."inventory_id" = ${t}."id" and li."qty" > 0), '[]'::json)`,
        },
        { key: 'expiryDate', expr: expiryDateSql(t) },
      ],
      joins: `left join "wms_sku_category" sc on sc."id" = ${s}."category_id"`,
    };
  },
};
