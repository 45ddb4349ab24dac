/**
 * Inventory records as the inventory list shows them (spec 2.6, 3 "Inventory record" and "Inventory list
 * query"). The generic page/list/detail handlers do paging, sorting (qty, lockQty), the eq filters
 * (skuId, companyId, ownerId, warehouseId), batchNo (contains) and the warehouse + owner scope; this module
 * adds the query parameters the manifest declares for it:
 * - `sku`: text matched (case-insensitive, contains) against the SKU code and the product name;
 * - `containInventory`: true = qty > 0 (in stock), false = qty = 0 (out of stock);
 * - `categoryIds`: the SKU's category is one of these;
 * - `ecPlatform`: the SKU has a platform SKU on that platform;
 * and decorates records with `skuEntity` {sku, name, goodsNo, category, color, size, weight, goodsImageUrl},
 * `supplierNames` and `ecPlatforms` (one query per page each).
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ecPlatformSku, inventory, sku, skuCategory } from '../../../../generated/db/schema';
import { escapeLike } from '../../crud/filters';
import type { ResourceHooks } from '../../crud/handlers';
import { addSupplierNamesAndPlatforms } from '../sku';

type Row = Record<string, unknown>;

export const inventoryHooks: ResourceHooks = {
  filterConditions(_call, q): SQL[] {
    const out: SQL[] = [];
    if (typeof q.sku === 'string' && q.sku) {
      const like = `%${escapeLike(q.sku)}%`;
      out.push(sql`${inventory.skuId} in (select ${sku.id} from ${sku} where ${sku.sku} ilike ${like} or ${sku.name} ilike ${like})`);
    }
    if (q.containInventory === true) out.push(sql`${inventory.qty} > 0`);
    if (q.containInventory === false) out.push(sql`${inventory.qty} = 0`);
    if (Array.isArray(q.categoryIds) && q.categoryIds.length) {
      out.push(sql`${inventory.skuId} in (select ${sku.id} from ${sku} where ${inArray(sku.categoryId, q.categoryIds as number[])})`);
    }
    if (q.ecPlatform !== undefined && q.ecPlatform !== null) {
      out.push(sql`exists (select 1 from ${ecPlatformSku} where ${ecPlatformSku.skuId} = ${inventory.skuId} and ${ecPlatformSku.ecPlatform} = ${q.ecPlatform as number})`);
    }
    return out;
  },
  async decorate(call, rows) {
    const ids = [...new Set(rows.map((r) => r.skuId as number))];
    if (!ids.length) return;
    const skus: Row[] = await call.db.select({
      id: sku.id, sku: sku.sku, name: sku.name, goodsNo: sku.goodsNo, category: skuCategory.name, color: sku.color, size: sku.size, weight: sku.weight, goodsImageUrl: sku.goodsImageUrl,
    }).from(sku).leftJoin(skuCategory, eq(skuCategory.id, sku.categoryId)).where(inArray(sku.id, ids));
    await addSupplierNamesAndPlatforms(call, skus);
    const byId = new Map(skus.map((s) => [s.id as number, s]));
    for (const r of rows) {
      const s = byId.get(r.skuId as number);
      if (!s) continue;
      const { supplierNames, ecPlatforms, id: _id, ...entity } = s;
      r.skuEntity = entity;
      r.supplierNames = supplierNames;
      r.ecPlatforms = ecPlatforms;
    }
  },
};
