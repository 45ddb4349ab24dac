/**
 * Supplier SKU import (spec 2.8 "import supplier SKUs", 3 Supplier SKU; issue 3):
 * `POST /sapi/wms/supplier-sku/excel/import`, template `/static/templates/supplier-sku-import.xlsx`.
 *
 * Columns: SKU* (an existing SKU code of the chosen owner), Supplier name, Supplier SKU (at least one of the
 * two, each at most 100 characters). The same SKU + supplier name + supplier SKU may appear once in the file
 * and must not exist yet. Rows get the owner's id (supplier SKUs belong to the owner of their SKU).
 */
import { eq } from 'drizzle-orm';
import { sku, supplierSku } from '../../../../generated/db/schema';
import { insertRows } from './bulk-insert';
import type { ImportDefinition } from './jobs';
import type { ImportColumn } from './sheet';
import { skuIdsOfOwner } from './sku-import';

type SupplierRow = typeof supplierSku.$inferInsert;

export const supplierSkuColumns: ImportColumn[] = [
  { key: 'sku', en: 'SKU', zh: 'SKU编码', aliases: ['SKU code', 'sku码', '商品编码'], required: true },
  { key: 'supplierName', en: 'Supplier name', zh: '供应商名称', aliases: ['Supplier', '供应商'] },
  { key: 'supplierSku', en: 'Supplier SKU', zh: '供应商SKU', aliases: ['Supplier SKU code', '供应商编码'] },
];

const keyOf = (skuId: number, name: string | null | undefined, code: string | null | undefined) => `${skuId}\u0001${name ?? ''}\u0001${code ?? ''}`;

export const supplierSkuImport: ImportDefinition<SupplierRow> = {
  kind: 'supplierSku',
  apiPath: '/sapi/wms/supplier-sku/excel/import',
  templateFile: 'supplier-sku-import.xlsx',
  sheetName: 'Supplier SKUs',
  columns: supplierSkuColumns,
  async example() {
    return { sku: 'TS-001-BLK-M', supplierName: 'Guangzhou Textile Co.', supplierSku: 'GZT-88017' };
  },
  async valuesSheet() {
    return {
      name: 'Notes',
      header: ['Notes / 说明'],
      rows: [
        ['SKU: an existing SKU code of the goods owner chosen in the import dialog. / SKU：导入对话框中所选货主已有的 SKU 编码。'],
        ['Fill Supplier name, Supplier SKU or both. / 供应商名称和供应商SKU至少填写一项。'],
        ['One SKU may have several suppliers: use one row each. / 一个 SKU 可有多个供应商：每个占一行。'],
      ],
    };
  },
  async prepare(db, target) {
    const skuIds = await skuIdsOfOwner(db, target.ownerId);
    const existing = new Set((await db.select({ skuId: supplierSku.skuId, name: supplierSku.supplierName, code: supplierSku.supplierSku })
      .from(supplierSku).innerJoin(sku, eq(sku.id, supplierSku.skuId)).where(eq(sku.ownerId, target.ownerId)))
      .map((r) => keyOf(r.skuId, r.name, r.code)));
    const seen = new Map<string, number>();
    return (c) => {
      const code = c.text('sku', { required: true, maxLength: 50 });
      const supplierName = c.text('supplierName', { maxLength: 100 });
      const supplierCode = c.text('supplierSku', { maxLength: 100 });
      const skuId = code ? skuIds.get(code) : undefined;
      if (code && !skuId) c.failText('sku', 'unknownSku', { value: code });
      if (c.isEmpty('supplierName') && c.isEmpty('supplierSku')) c.failText('supplierName', 'supplierEmpty');
      if (skuId && (supplierName || supplierCode)) {
        const key = keyOf(skuId, supplierName, supplierCode);
        const first = seen.get(key);
        if (first) c.failText('supplierSku', 'supplierRepeated', { value: code!, row: first });
        else {
          seen.set(key, c.row);
          if (existing.has(key)) c.failText('supplierSku', 'supplierExists', { value: code! });
        }
      }
      if (!c.ok) return undefined;
      return { skuId: skuId!, ownerId: target.ownerId, supplierName: supplierName ?? null, supplierSku: supplierCode ?? null };
    };
  },
  async insert(tx, rows) {
    await insertRows(tx, supplierSku, rows);
  },
};
