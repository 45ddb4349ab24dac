/**
 * SKU import (spec 2.8 "import SKUs", 3 SKU fields, 5 SKU form rules; issue 3):
 * `POST /sapi/wms/sku/excel/import`, template `/static/templates/sku-import.xlsx`.
 *
 * Columns (header in English or Chinese): SKU*, Product name*, Category* (by name), Colour, Size,
 * Goods number, Weight (kg)* (0..9999, at most 3 decimals), Enabled (Y/N) (empty = Y), Remark for
 * warehouse, Remark for owner. A SKU code may appear once per file and must not exist yet for the owner.
 * Rows get the owner's id and the owner's company (spec 3: a SKU's company is its owner's company).
 */
import { count, eq, max } from 'drizzle-orm';
import { sku, skuCategory } from '../../../../generated/db/schema';
import type { Db } from '../../db/connect';
import { insertRows } from './bulk-insert';
import type { ImportDefinition } from './jobs';
import type { ImportColumn } from './sheet';

type SkuRow = typeof sku.$inferInsert;

export const skuColumns: ImportColumn[] = [
  { key: 'sku', en: 'SKU', zh: 'SKU编码', aliases: ['SKU code', 'sku码', '商品编码'], required: true },
  { key: 'name', en: 'Product name', zh: '商品名称', aliases: ['Name', 'Product', '名称'], required: true },
  { key: 'category', en: 'Category', zh: '商品分类', aliases: ['Category name', '分类', '分类名称'], required: true },
  { key: 'color', en: 'Colour', zh: '颜色', aliases: ['Color'] },
  { key: 'size', en: 'Size', zh: '尺码', aliases: ['尺寸'] },
  { key: 'goodsNo', en: 'Goods number', zh: '货号', aliases: ['Goods No', 'Goods No.', 'goodsNo'] },
  { key: 'weight', en: 'Weight (kg)', zh: '重量(kg)', aliases: ['Weight', '重量'], required: true },
  { key: 'enable', en: 'Enabled (Y/N)', zh: '是否启用(Y/N)', aliases: ['Enabled', 'Enable', '是否启用', '启用'] },
  { key: 'remarkForWarehouse', en: 'Remark for warehouse', zh: '仓库备注' },
  { key: 'remarkForOwner', en: 'Remark for owner', zh: '货主备注' },
];

async function categories(db: Db) {
  return db.select({ id: skuCategory.id, name: skuCategory.name }).from(skuCategory).orderBy(skuCategory.name);
}

export const skuImport: ImportDefinition<SkuRow> = {
  kind: 'sku',
  apiPath: '/sapi/wms/sku/excel/import',
  templateFile: 'sku-import.xlsx',
  sheetName: 'SKUs',
  columns: skuColumns,
  async example(db) {
    const [first] = await categories(db);
    return { sku: 'TS-001-BLK-M', name: 'Cotton T-shirt', category: first?.name ?? 'Clothing', color: 'Black', size: 'M', goodsNo: 'G-1001', weight: 0.25, enable: 'Y', remarkForWarehouse: 'Fragile', remarkForOwner: '' };
  },
  async valuesSheet(db) {
    return { name: 'Categories', header: ['Category / 商品分类'], rows: (await categories(db)).map((c) => [c.name]) };
  },
  async templateVersion(db) {
    const [r] = await db.select({ n: count(), last: max(skuCategory.updateDate) }).from(skuCategory);
    return `${r.n}:${r.last ? new Date(r.last).getTime() : 0}`;
  },
  async prepare(db, target) {
    const byName = new Map<string, number>();
    const byLower = new Map<string, number>(); // -1: two categories differ only in case
    for (const c of await categories(db)) {
      byName.set(c.name, c.id);
      const lc = c.name.toLowerCase();
      byLower.set(lc, byLower.has(lc) ? -1 : c.id);
    }
    const existing = new Set((await db.select({ code: sku.sku }).from(sku).where(eq(sku.ownerId, target.ownerId))).map((r) => r.code));
    const seen = new Map<string, number>();
    return (c) => {
      const code = c.text('sku', { required: true, maxLength: 50 });
      const name = c.text('name', { required: true, maxLength: 200 });
      const categoryName = c.text('category', { required: true, maxLength: 50 });
      let categoryId: number | undefined;
      if (categoryName) {
        categoryId = byName.get(categoryName) ?? byLower.get(categoryName.toLowerCase());
        if (!categoryId || categoryId < 0) { categoryId = undefined; c.failText('category', 'notFound', { value: categoryName }); }
      }
      const color = c.text('color', { maxLength: 50 });
      const size = c.text('size', { maxLength: 50 });
      const goodsNo = c.text('goodsNo', { maxLength: 50 });
      const weight = c.number('weight', { required: true, min: 0, max: 9999, decimals: 3 });
      const enable = c.yesNo('enable', true);
      const remarkForWarehouse = c.text('remarkForWarehouse', { maxLength: 200 });
      const remarkForOwner = c.text('remarkForOwner', { maxLength: 200 });
      if (code) {
        const first = seen.get(code);
        if (first) c.failText('sku', 'repeated', { value: code, row: first });
        else {
          seen.set(code, c.row);
          if (existing.has(code)) c.failText('sku', 'exists', { value: code });
        }
      }
      if (!c.ok) return undefined;
      return {
        ownerId: target.ownerId, companyId: target.companyId, sku: code!, name: name!, categoryId: categoryId!, enable: enable!, weight: weight!,
        color: color ?? null, size: size ?? null, goodsNo: goodsNo ?? null, remarkForWarehouse: remarkForWarehouse ?? null, remarkForOwner: remarkForOwner ?? null,
      };
    };
  },
  async insert(tx, rows) {
    await insertRows(tx, sku, rows);
  },
};

/** code -> id of every SKU of an owner (for the supplier and platform imports). */
export async function skuIdsOfOwner(db: Db, ownerId: number): Promise<Map<string, number>> {
  const rows = await db.select({ id: sku.id, code: sku.sku }).from(sku).where(eq(sku.ownerId, ownerId));
  return new Map(rows.map((r) => [r.code, r.id]));
}
