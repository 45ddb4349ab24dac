/**
 * The inventory list export (spec 2.6 "An Export button exports the current filter", 7.2
 * `/sapi/wms/sku-inventory/exportExcel`; issue 4). The query is the inventory list query (filters and sort;
 * paging and skipLoading are dropped); the rows are every inventory record the list would show for it, cut to
 * the scope the caller had when the export started, in the list's order.
 *
 * The filters are not copied: the WHERE comes from the generic handlers (`queryWhere`: the manifest's filters,
 * the inventory hooks' sku / containInventory / categoryIds / ecPlatform conditions, the scope). Batches are
 * read by keyset on the sort key and id ({@link EXPORT_BATCH} rows each), never by OFFSET, so each batch costs
 * the same however deep the export is.
 *
 * Each batch comes back from the database as a few JSON texts (`json_agg` of {@link JSON_PIECE} sheet rows each):
 * this thread never holds a JavaScript object per row. With one object per row (pg's rows, Drizzle's records, the list hooks'
 * `decorate`), a batch is alive whenever a young-generation GC runs, and after a while V8 starts allocating
 * those objects straight in the old generation (allocation-site pretenuring), where they pile up as garbage:
 * +100 to +280 MB of RSS for 300,000 to 1,000,000 rows although almost nothing is retained (bench/README.md).
 * The JSON is parsed by the sheet writer's worker thread, in its own capped heap. For the same reason the SKU
 * fields, suppliers and platforms are joined here rather than added by the `decorate` hook (which costs three
 * queries and a lookup per row and batch); they mean the same as the list's `skuEntity`, `supplierNames`
 * (distinct, non-empty, by name) and `ecPlatforms` (by value), which tests/api/exports.test.ts checks against
 * the list's page.
 *
 * Columns (spec 2.6, the screen without image and action): row number, company, warehouse, owner, SKU, product
 * name, goods number, category, colour, size, weight (kg), batch number, quantity, locked quantity, available
 * (quantity - locked), suppliers and platforms (one per line). Labels come from the manifest's messages
 * (generated/client/i18n.ts) in the caller's language.
 */
import { and, asc, desc, eq, gt, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { company, ecPlatformSku, inventory, owner, sku, skuCategory, supplierSku, warehouse } from '../../../../generated/db/schema';
import { generatedMessages } from '../../../../generated/client/i18n';
import { enumValues } from '../../../../generated/shared/enums';
import { bindings } from '../../../../generated/server/routes';
import type { Lang } from '../../../shared/validation';
import { crudBody, queryWhere, type CrudCall } from '../../crud/handlers';
import type { ExportBatch, ExportColumn, ExportDefinition, ExportRun } from './jobs';

/**
 * Inventory rows per query. Each batch is planned anew (six joins, two subqueries, the pieces' aggregation):
 * 5-20 ms of planning on this machine, as much as executing 1,000 rows, so batches of 1,000 spent a third of an
 * export's database time planning (issue 13); at 5,000 planning is a few percent. Memory stays bounded: a
 * batch is ~1.3 MB of JSON text, in pieces of {@link JSON_PIECE} rows.
 */
export const EXPORT_BATCH = 5000;
/**
 * Rows per JSON text: ~25 KB. A whole batch in one text (~250 KB) is above V8's regular object size, so each
 * would be allocated in the old generation and pile up there until a full GC.
 */
export const JSON_PIECE = 100;

/** The body fields an export keeps (spec 3 "Inventory list query" without paging; skipLoading is the client's). */
export const INVENTORY_QUERY_FIELDS = ['sku', 'skuId', 'companyId', 'ownerId', 'warehouseId', 'batchNo', 'containInventory', 'categoryIds', 'ecPlatform', 'sortProp', 'sortOrder'] as const;

type Row = Record<string, unknown>;

const ownLabels = {
  rowNo: { en: 'No.', zh: '序号' },
  available: { en: 'Available quantity', zh: '可用数量' },
  suppliers: { en: 'Suppliers', zh: '供应商' },
  platforms: { en: 'Platforms', zh: '平台' },
} as const;

/** The sheet's columns; the first is the row number, which the writer fills in. */
export function inventoryColumns(lang: Lang): ExportColumn[] {
  const { inventory: inv, sku: s } = generatedMessages[lang].resources;
  return [
    { header: ownLabels.rowNo[lang], width: 8 },
    { header: inv.fields.companyName, width: 24 },
    { header: inv.fields.warehouseName, width: 20 },
    { header: inv.fields.ownerName, width: 20 },
    { header: s.fields.sku, width: 20 },
    { header: s.fields.name, width: 36 },
    { header: s.fields.goodsNo, width: 16 },
    { header: s.fields.category, width: 16 },
    { header: s.fields.color, width: 12 },
    { header: s.fields.size, width: 12 },
    { header: s.fields.weight, width: 12 },
    { header: inv.fields.batchNo, width: 16 },
    { header: inv.fields.qty, width: 12 },
    { header: inv.fields.lockQty, width: 14 },
    { header: ownLabels.available[lang], width: 16 },
    { header: ownLabels.suppliers[lang], width: 28 },
    { header: ownLabels.platforms[lang], width: 20 },
  ];
}

/** Platform value (as text) -> its label in `lang` (enum EcPlatform), for the query's jsonb lookup. */
function platformLabels(lang: Lang): Record<string, string> {
  const labels = generatedMessages[lang].enums.EcPlatform as Record<string, string>;
  return Object.fromEntries(enumValues.EcPlatform.map((e) => [String(e.value), labels[e.key] ?? e.key]));
}

/** The query an export stores: the list query's fields that were sent. */
function pickQuery(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of INVENTORY_QUERY_FIELDS) if (body?.[k] !== undefined) out[k] = body[k];
  return out;
}

const callOf = (run: Pick<ExportRun, 'db' | 'ctx' | 'user'>, body: Record<string, unknown>): CrudCall => ({ db: run.db, ctx: run.ctx, user: run.user, binding: bindings.inventory, body });

/** Sort key and direction of the list (crud/filters.ts orderBy: sortProp or the manifest's default, then id). */
function sortOf(q: Row): { column?: typeof inventory.qty | typeof inventory.lockQty; desc: boolean } {
  const meta = bindings.inventory.meta;
  const sortProp = q.sortProp as string | undefined;
  const sortOrder = q.sortOrder as string | undefined;
  const field = sortProp || meta.defaultSort.field;
  const dir = sortOrder ? (sortOrder.startsWith('desc') ? 'desc' : 'asc') : sortProp ? 'asc' : meta.defaultSort.order;
  const column = field === 'qty' ? inventory.qty : field === 'lockQty' ? inventory.lockQty : undefined;
  return { column, desc: dir === 'desc' };
}

/** '' -> NULL, so that empty texts are empty cells. */
const orNull = (c: SQLWrapper) => sql`nullif(${c}, '')`;

async function* inventoryBatches(run: ExportRun): AsyncIterable<ExportBatch> {
  const { q, where } = await queryWhere(callOf(run, run.query));
  const { column, desc: down } = sortOf(q);
  const by = down ? desc : asc;
  const dir = sql.raw(down ? 'desc' : 'asc');
  const labels = JSON.stringify(platformLabels(run.ctx.lang));
  const supplierNames = sql`(select string_agg(distinct ${supplierSku.supplierName}, E'\\n' order by ${supplierSku.supplierName}) from ${supplierSku} where ${supplierSku.skuId} = ${inventory.skuId} and ${supplierSku.supplierName} <> '')`;
  const platforms = sql`(select string_agg(coalesce(${labels}::jsonb ->> ${ecPlatformSku.ecPlatform}::text, ${ecPlatformSku.ecPlatform}::text), E'\\n' order by ${ecPlatformSku.ecPlatform}) from ${ecPlatformSku} where ${ecPlatformSku.skuId} = ${inventory.skuId})`;

  /** One batch after the key `last` (keyset on the sort key and id): its rows as JSON, its count and last key. */
  const fetch = async (last: { key: number; id: number } | undefined) => {
    let after: SQL | undefined;
    if (last && column) after = down ? sql`(${column}, ${inventory.id}) < (${last.key}, ${last.id})` : sql`(${column}, ${inventory.id}) > (${last.key}, ${last.id})`;
    else if (last) after = down ? lt(inventory.id, last.id) : gt(inventory.id, last.id);
    const page = run.db.select({
      id: sql<number>`${inventory.id}`.as('id'), key: sql<number>`${column ?? inventory.id}`.as('k'),
      cells: sql`json_build_array(${company.name}, ${warehouse.name}, ${owner.name}, ${sku.sku}, ${sku.name}, ${orNull(sku.goodsNo)}, ${skuCategory.name},
        ${orNull(sku.color)}, ${orNull(sku.size)}, ${sku.weight}, ${orNull(inventory.batchNo)}, ${inventory.qty}, ${inventory.lockQty}, ${inventory.qty} - ${inventory.lockQty},
        ${supplierNames}, ${platforms})`.as('cells'),
    }).from(inventory)
      .leftJoin(company, eq(company.id, inventory.companyId))
      .leftJoin(warehouse, eq(warehouse.id, inventory.warehouseId))
      .leftJoin(owner, eq(owner.id, inventory.ownerId))
      .leftJoin(sku, eq(sku.id, inventory.skuId))
      .leftJoin(skuCategory, eq(skuCategory.id, sku.categoryId))
      .where(and(where, after)).orderBy(...(column ? [by(column), by(inventory.id)] : [by(inventory.id)])).limit(EXPORT_BATCH);
    // the batch in pieces of JSON_PIECE rows, in order; each piece's last key (the last piece's is the batch's)
    const result = await run.db.execute(sql`with b as ${page},
      n as (select b.*, row_number() over (order by b.k ${dir}, b.id ${dir}) - 1 as rn from b)
      select count(*)::int as rows, json_agg(n.cells order by n.rn)::text as json,
        (array_agg(n.k order by n.rn))[count(*)] as k, (array_agg(n.id order by n.rn))[count(*)] as id
      from n group by n.rn / ${sql.raw(String(JSON_PIECE))} order by n.rn / ${sql.raw(String(JSON_PIECE))}`);
    const pieces = (result as unknown as { rows: Array<{ rows: number; json: string; k: number; id: number }> }).rows;
    const end = pieces[pieces.length - 1];
    return {
      rows: pieces.reduce((n, p) => n + Number(p.rows), 0), json: pieces.map((p) => p.json),
      last: end ? { key: Number(end.k), id: Number(end.id) } : undefined,
    };
  };
  let last: { key: number; id: number } | undefined;
  for (;;) {
    const batch = await fetch(last);
    if (batch.rows) yield { rows: batch.rows, json: batch.json };
    if (batch.rows < EXPORT_BATCH) return;
    last = batch.last;
  }
}

export const inventoryExport: ExportDefinition = {
  kind: 'inventory',
  apiPath: '/sapi/wms/sku-inventory/exportExcel',
  permission: 'sku_inventory:export',
  fileBase: 'inventory',
  queryBody: () => crudBody(bindings.inventory, 'page'),
  storedQuery: pickQuery,
  sheetName: (lang) => generatedMessages[lang].resources.inventory.name,
  columns: inventoryColumns,
  batches: inventoryBatches,
};
