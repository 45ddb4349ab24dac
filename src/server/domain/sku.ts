/**
 * SKU catalogue rules beyond plain CRUD (spec 2.8, 3, 5, 7.2; issue 3):
 * - a SKU's company is its goods owner's company; supplier and platform SKUs take the owner of their SKU
 *   (which must be in the caller's scope), so owner scope cuts all three tables;
 * - records carry supplierNames, ecPlatforms and inventoryQty (spec 3; the stock the caller can see), one query each per page;
 * - the SKU list filters by e-commerce platform (SKUs that have a platform SKU there);
 * - removing a SKU removes its supplier and platform SKUs in the same transaction;
 * - count, search (keyword + ownerId, for the SKU lookup input) and batchUpdateWeight (ids, weight).
 */
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import * as yup from 'yup';
import { ecPlatformSku, inventory, owner, sku, supplierSku } from '../../../generated/db/schema';
import { bindings } from '../../../generated/server/routes';
import { EcPlatform } from '../../../generated/shared/enums';
import { Code } from '../../shared/envelope';
import { fieldMessage, requestLabels, rules } from '../../shared/validation';
import { findInScope, manifestLabel, meta, type CrudCall, type ResourceHooks } from '../crud/handlers';
import type { BodyRule } from '../http/body';
import { escapeLike } from '../crud/filters';
import { BizError, notFound } from '../http/errors';
import { scopeConditions } from '../http/guard';

type Row = Record<string, unknown>;

export const skuHooks: ResourceHooks = {
  filterConditions(_call, q): SQL[] {
    if (q.ecPlatform === undefined || q.ecPlatform === null) return [];
    return [sql`exists (select 1 from ${ecPlatformSku} where ${ecPlatformSku.skuId} = ${sku.id} and ${ecPlatformSku.ecPlatform} = ${q.ecPlatform as number})`];
  },
  async decorate(call, rows) {
    const ids = rows.map((r) => r.id as number);
    if (!ids.length) return;
    // one query after another: call.db may be a transaction, which is one connection (node-postgres refuses
    // overlapping queries on one client from pg 9)
    await addSupplierNamesAndPlatforms(call, rows);
    const stock = await call.db.select({ skuId: inventory.skuId, qty: sql<string>`sum(${inventory.qty})` }).from(inventory)
      .where(and(inArray(inventory.skuId, ids), ...scopeConditions(call.user, { warehouse: inventory.warehouseId, owner: inventory.ownerId }))).groupBy(inventory.skuId);
    const qty = new Map(stock.map((s) => [s.skuId, Number(s.qty)]));
    for (const r of rows) r.inventoryQty = qty.get(r.id as number) ?? 0;
  },
  async beforeWrite(call, values, existing) {
    if (existing) return;
    const [o] = await call.db.select({ companyId: owner.companyId }).from(owner).where(eq(owner.id, values.ownerId as number));
    if (!o) throw new BizError(Code.BAD_REQUEST, notFound(call.ctx.lang, `${manifestLabel('ownerId', meta(bindings.sku))![call.ctx.lang]} #${values.ownerId}`).message);
    values.companyId = o.companyId;
  },
  async beforeRemove(call, existing) {
    await call.db.delete(supplierSku).where(eq(supplierSku.skuId, existing.id as number));
    await call.db.delete(ecPlatformSku).where(eq(ecPlatformSku.skuId, existing.id as number));
  },
};

/** Sets `supplierNames` and `ecPlatforms` (spec 3) on SKU-shaped rows (`id` = SKU id): two queries in all. */
export async function addSupplierNamesAndPlatforms(call: Pick<CrudCall, 'db'>, rows: Row[]): Promise<void> {
  const ids = rows.map((r) => r.id as number);
  if (!ids.length) return;
  const suppliers = await call.db.selectDistinct({ skuId: supplierSku.skuId, name: supplierSku.supplierName }).from(supplierSku).where(inArray(supplierSku.skuId, ids)).orderBy(supplierSku.supplierName);
  const platforms = await call.db.select({ skuId: ecPlatformSku.skuId, ecPlatform: ecPlatformSku.ecPlatform }).from(ecPlatformSku).where(inArray(ecPlatformSku.skuId, ids)).orderBy(ecPlatformSku.ecPlatform);
  const names = new Map<number, string[]>();
  for (const s of suppliers) if (s.name) names.set(s.skuId, [...(names.get(s.skuId) ?? []), s.name]);
  const onPlatforms = new Map<number, number[]>();
  for (const p of platforms) onPlatforms.set(p.skuId, [...(onPlatforms.get(p.skuId) ?? []), p.ecPlatform]);
  for (const r of rows) {
    r.supplierNames = names.get(r.id as number) ?? [];
    r.ecPlatforms = onPlatforms.get(r.id as number) ?? [];
  }
}

/** Supplier and platform SKUs belong to the owner of their SKU, which the caller must be able to see. */
export const skuChildHooks: ResourceHooks = {
  async beforeWrite(call, values, existing) {
    if (existing) return;
    const parent = await findInScope(call, bindings.sku, values.skuId);
    values.ownerId = parent.ownerId;
  },
};

/** The body of sku/search: `keyword` (<= 100 characters) and `ownerId`, both optional. */
export const searchBody: BodyRule<{ keyword?: string; ownerId?: number }> = {
  schema: (lang) => {
    const r = rules(lang, 'query');
    return yup.object({ keyword: r.string(requestLabels.keyword, { maxLength: 100 }), ownerId: r.ref(manifestLabel('ownerId', meta(bindings.sku))!) });
  },
};

/** POST /sapi/wms/sku/search {keyword, ownerId} (searchBody): up to 20 SKUs of that owner whose code or name contains keyword. */
export async function searchSkus(call: CrudCall): Promise<Array<{ id: number; sku: string; name: string }>> {
  const q = call.body as { keyword?: string; ownerId?: number };
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : undefined;
  return call.db.select({ id: sku.id, sku: sku.sku, name: sku.name }).from(sku)
    .where(and(q.ownerId ? eq(sku.ownerId, q.ownerId) : undefined, like ? or(ilike(sku.sku, like), ilike(sku.name, like)) : undefined, ...scopeConditions(call.user, { owner: sku.ownerId })))
    .orderBy(sku.sku).limit(20);
}

/** The body of batchUpdateWeight: `ids` (1 or more SKUs) and `weight` in kg, 0..9999, 3 decimals (spec 2.8, 5). */
export const batchWeightBody: BodyRule<{ ids: number[]; weight: number }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({
      ids: r.refs(meta(bindings.sku), { required: true }).min(1, r.text('required', meta(bindings.sku))),
      weight: r.number(manifestLabel('weight', meta(bindings.sku))!, { required: true, min: 0, max: 9999, decimals: 3 }),
    });
  },
};

/**
 * POST /sapi/wms/sku/batchUpdateWeight {ids, weight} (batchWeightBody).
 * All or nothing: an id that does not exist or lies outside the caller's scope changes nothing (404).
 */
export async function batchUpdateWeight(call: CrudCall): Promise<{ updated: number }> {
  const form = call.body as { ids: number[]; weight: number };
  const ids = [...new Set(form.ids)];
  return call.db.transaction(async (tx) => {
    const updated = await tx.update(sku).set({ weight: form.weight, updateDate: new Date() })
      .where(and(inArray(sku.id, ids), ...scopeConditions(call.user, { owner: sku.ownerId }))).returning({ id: sku.id });
    if (updated.length !== ids.length) {
      const missing = ids.filter((id) => !updated.some((u) => u.id === id));
      throw notFound(call.ctx.lang, `${bindings.sku.meta[call.ctx.lang]} #${missing.join(', #')}`);
    }
    return { updated: updated.length };
  });
}


/** At most this many labels in one exportEcPlatformLabels file (the SKU page holds at most 500 selectable rows). */
export const MAX_LABELS = 1000;
const tooManyLabels = { en: `{label} can be at most ${MAX_LABELS} per file`, zh: `{label}每次最多${MAX_LABELS}个` };

/** The body of exportEcPlatformLabels (domain/labels.ts, loaded on first use): `ids` (1..MAX_LABELS SKUs) and `ecPlatform`. */
export const labelsBody: BodyRule<{ ids: number[]; ecPlatform: number }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    const skusLabel = meta(bindings.sku);
    return yup.object({
      ids: r.refs(skusLabel, { required: true }).min(1, r.text('required', skusLabel)).max(MAX_LABELS, fieldMessage(lang, { label: skusLabel }, tooManyLabels[lang])),
      ecPlatform: r.oneOf(manifestLabel('ecPlatform', skusLabel)!, Object.values(EcPlatform) as number[], { required: true }),
    });
  },
};
