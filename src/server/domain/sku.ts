/**
 * SKU catalogue rules beyond plain CRUD (spec 2.8, 3, 5, 7.2; issue 3):
 * - a SKU's company is its goods owner's company; supplier and platform SKUs take the owner of their SKU
 *   (which must be in the caller's scope), so owner scope cuts all three tables;
 * - records carry supplierNames, ecPlatforms and inventoryQty (spec 3; the stock the caller can see), sub-selects of
 *   the read's one statement;
 * - the SKU list filters by e-commerce platform (SKUs that have a platform SKU there);
 * - removing a SKU removes its supplier and platform SKUs in the same transaction;
 * - count, search (keyword + ownerId, for the SKU lookup input), findByCode (a scanned code of one owner, for
 *   the scan inputs of issue 27 item 8) and batchUpdateWeight (ids, weight);
 * - a product image that is a stored file must be one the writer may read (files/access.ts; issue 26).
 */
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import * as yup from 'yup';
import { ecPlatformSku, owner, sku, supplierSku } from '../../../generated/db/schema';
import { bindings } from '../../../generated/server/routes';
import { EcPlatform } from '../../../generated/shared/enums';
import { Code } from '../../shared/envelope';
import { fieldMessage, requestLabels, rules } from '../../shared/validation';
import { findInScope, manifestLabel, meta, type CrudCall, type ResourceHooks } from '../crud/handlers';
import { actionOf } from '../crud/workflow';
import type { BodyRule } from '../http/body';
import { escapeLike } from '../crud/filters';
import { BizError, notFound } from '../http/errors';
import { scopeConditions, scopeIds } from '../http/guard';
import type { RecordColumn } from '../crud/records-sql';
import { requireReadableFile } from './files/access';

type Row = Record<string, unknown>;

export const skuHooks: ResourceHooks = {
  filterSql(q, p, t) {
    if (q.ecPlatform === undefined || q.ecPlatform === null) return [];
    return [`exists (select 1 from "wms_ec_platform_sku" e where e."sku_id" = ${t}."id" and e."ec_platform" = ${p.add(q.ecPlatform)})`];
  },
  recordSql({ p, t, user }) {
    // the stock the caller can see: the inventory rows of the SKU inside the caller's warehouse and owner scope
    const scope = (['warehouse', 'owner'] as const).map((kind) => {
      const ids = scopeIds(user, kind);
      return ids === 'all' ? '' : ` and i."${kind}_id" = any(${p.add(ids, '::int[]')})`;
    }).join('');
    return {
      columns: [
        ...supplierNamesAndPlatforms(`${t}."id"`),
        { key: 'inventoryQty', expr: `coalesce((select sum(i."qty") from "wms_inventory" i where i."sku_id" = ${t}."id"${scope}), 0)` },
      ],
    };
  },
  async beforeWrite(call, values, existing) {
    // a stored image only if the writer may read it (issue 26: files follow their record)
    if (values.goodsImageUrl !== undefined && values.goodsImageUrl !== existing?.goodsImageUrl) {
      await requireReadableFile(call.db, call.ctx, call.user, { label: manifestLabel('goodsImageUrl', meta(bindings.sku)), field: 'goodsImageUrl' }, values.goodsImageUrl);
    }
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

/**
 * The `supplierNames` (distinct, non-empty, by name) and `ecPlatforms` (by value) columns (spec 3) of the SKU whose
 * id is the SQL `skuId`, for a hook's recordSql (crud/records-sql.ts): text[] and smallint[] sub-selects.
 */
export function supplierNamesAndPlatforms(skuId: string): RecordColumn[] {
  return [
    { key: 'supplierNames', expr: `array(select distinct ss."supplier_name" from "wms_supplier_sku" ss where ss."sku_id" = ${skuId} and ss."supplier_name" <> '' order by 1)` },
    { key: 'ecPlatforms', expr: `array(select ep."ec_platform" from "wms_ec_platform_sku" ep where ep."sku_id" = ${skuId} order by 1)` },
  ];
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

/** The body of sku/findByCode: `code` (1..100 characters, trimmed) and `ownerId`, both required. */
export const findByCodeBody: BodyRule<{ code: string; ownerId: number }> = {
  schema: (lang) => {
    const r = rules(lang, 'add');
    return yup.object({ code: r.string(requestLabels.skuScanCode, { required: true, maxLength: 100 }), ownerId: r.ref(manifestLabel('ownerId', meta(bindings.sku))!, { required: true }) });
  },
};

/**
 * Who may look a code up: whoever reads SKUs, writes inbound or outbound orders (the forms' scan input),
 * receives (the receiving screen) or packs (the shipping screen), each from the manifest.
 */
export const FIND_BY_CODE_PERMISSION = [
  bindings.sku.meta.permissions.list,
  bindings.inboundOrder.meta.permissions.add,
  actionOf(bindings.inboundOrder, 'receive').code,
  bindings.outboundOrder.meta.permissions.add,
  actionOf(bindings.outboundOrder, 'pack').code,
].filter((c, i, all) => all.indexOf(c) === i).join('|');

/** Most SKUs one code may name (a code shared by more is a data problem the scan screens show as is). */
const FIND_BY_CODE_LIMIT = 20;

/**
 * POST /sapi/wms/sku/findByCode {code, ownerId} (findByCodeBody; issue 27 item 8): the SKUs `{id, sku, name}` of
 * that owner whose SKU code, one of whose supplier SKUs or one of whose platform SKUs (the code a platform label's
 * barcode holds, domain/labels.ts) equals `code`, compared case-insensitively; by SKU code. An owner outside the
 * caller's scope, or a code nothing has, gives []. Scan inputs call it for a code that is no line's SKU code.
 */
export async function findSkusByCode(call: CrudCall): Promise<Array<{ id: number; sku: string; name: string }>> {
  const q = call.body as { code: string; ownerId: number };
  return call.db.select({ id: sku.id, sku: sku.sku, name: sku.name }).from(sku)
    .where(and(eq(sku.ownerId, q.ownerId), ...scopeConditions(call.user, { owner: sku.ownerId }), skuCodeMatches(q.code)))
    .orderBy(sku.sku).limit(FIND_BY_CODE_LIMIT);
}

/**
 * The condition "a scanned `code` names this SKU": its SKU code, one of its supplier SKUs or one of its platform
 * SKUs equals `code`, compared case-insensitively (findByCode above; the cycle count's scan, counts/counting.ts).
 */
export function skuCodeMatches(code: string) {
  const c = code.toLowerCase();
  return or(
    sql`lower(${sku.sku}) = ${c}`,
    sql`exists (select 1 from ${supplierSku} where ${supplierSku.skuId} = ${sku.id} and lower(${supplierSku.supplierSku}) = ${c})`,
    sql`exists (select 1 from ${ecPlatformSku} where ${ecPlatformSku.skuId} = ${sku.id} and lower(${ecPlatformSku.ecPlatformSku}) = ${c})`,
  )!;
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
