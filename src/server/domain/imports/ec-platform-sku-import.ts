/**
 * Platform SKU import (spec 2.8 "import platform SKUs", 3 Platform SKU, 5 platform-SKU form; issue 3):
 * `POST /sapi/wms/ec-platform-sku/excel/import`, template `/static/templates/ec-platform-sku-import.xlsx`.
 *
 * Columns: SKU* (an existing SKU code of the chosen owner), Platform* (EcPlatform key such as NOON or
 * AMAZON_SA, its English or Chinese label such as 'noon' or 'Amazon.sa', or its number; case, spaces, '.',
 * '-' and '_' do not matter), Platform SKU* (at most 100), Brand, Model name, Model number (at most 100).
 * A SKU has at most one platform SKU per platform: the pair may appear once in the file and must not exist
 * yet. Rows get the owner's id.
 */
import { eq } from 'drizzle-orm';
import { generatedMessages } from '../../../../generated/client/i18n';
import { ecPlatformSku, sku } from '../../../../generated/db/schema';
import { EcPlatform, enumValues } from '../../../../generated/shared/enums';
import type { Lang } from '../../../shared/validation';
import { insertRows } from './bulk-insert';
import type { ImportDefinition } from './jobs';
import type { ImportColumn } from './sheet';
import { skuIdsOfOwner } from './sku-import';

type PlatformRow = typeof ecPlatformSku.$inferInsert;

export const ecPlatformSkuColumns: ImportColumn[] = [
  { key: 'sku', en: 'SKU', zh: 'SKU编码', aliases: ['SKU code', 'sku码', '商品编码'], required: true },
  { key: 'platform', en: 'Platform', zh: '平台', aliases: ['E-commerce platform', 'ecPlatform', '电商平台'], required: true },
  { key: 'ecPlatformSku', en: 'Platform SKU', zh: '平台SKU', aliases: ['ecPlatformSku', '平台SKU编码'], required: true },
  { key: 'brand', en: 'Brand', zh: '品牌' },
  { key: 'modelName', en: 'Model name', zh: '型号名称' },
  { key: 'modelNumber', en: 'Model number', zh: '型号', aliases: ['Model No', 'Model No.'] },
];

const platformLabel = (key: string, lang: Lang) => (generatedMessages[lang].enums.EcPlatform as Record<string, string>)[key] ?? key;
const squash = (s: string) => s.toLowerCase().replace(/[\s._-]/g, '');

/** Every accepted spelling of a platform (squashed) -> its EcPlatform value. */
const platformBySpelling = new Map<string, number>();
for (const { key, value } of enumValues.EcPlatform) {
  for (const s of [key, platformLabel(key, 'en'), platformLabel(key, 'zh'), String(value)]) platformBySpelling.set(squash(s), value);
}
const platformKey = (value: number) => enumValues.EcPlatform.find((e) => e.value === value)!.key;

/** The EcPlatform value of a cell text ('NOON', 'noon', 'Amazon.sa', '亚马逊沙特', '2'), or undefined. */
export const parsePlatform = (s: string): number | undefined => platformBySpelling.get(squash(s));

export const ecPlatformSkuImport: ImportDefinition<PlatformRow> = {
  kind: 'ecPlatformSku',
  apiPath: '/sapi/wms/ec-platform-sku/excel/import',
  templateFile: 'ec-platform-sku-import.xlsx',
  sheetName: 'Platform SKUs',
  columns: ecPlatformSkuColumns,
  async example() {
    return { sku: 'TS-001-BLK-M', platform: 'NOON', ecPlatformSku: 'N40123456A', brand: 'Desert Rose', modelName: 'Classic tee', modelNumber: 'CT-2025' };
  },
  async valuesSheet() {
    return {
      name: 'Platforms',
      header: ['Platform / 平台', 'English name / 英文名称', 'Chinese name / 中文名称'],
      rows: enumValues.EcPlatform.map((e) => [e.key, platformLabel(e.key, 'en'), platformLabel(e.key, 'zh')]),
    };
  },
  async prepare(db, target) {
    const { lang } = target;
    const skuIds = await skuIdsOfOwner(db, target.ownerId);
    const existing = new Set((await db.select({ skuId: ecPlatformSku.skuId, platform: ecPlatformSku.ecPlatform })
      .from(ecPlatformSku).innerJoin(sku, eq(sku.id, ecPlatformSku.skuId)).where(eq(sku.ownerId, target.ownerId)))
      .map((r) => `${r.skuId}:${r.platform}`));
    const seen = new Map<string, number>();
    const allKeys = Object.keys(EcPlatform).join(', ');
    return (c) => {
      const code = c.text('sku', { required: true, maxLength: 50 });
      const platformText = c.text('platform', { required: true });
      const platformSku = c.text('ecPlatformSku', { required: true, maxLength: 100 });
      const brand = c.text('brand', { maxLength: 100 });
      const modelName = c.text('modelName', { maxLength: 100 });
      const modelNumber = c.text('modelNumber', { maxLength: 100 });
      const skuId = code ? skuIds.get(code) : undefined;
      if (code && !skuId) c.failText('sku', 'unknownSku', { value: code });
      const platform = platformText ? parsePlatform(platformText) : undefined;
      if (platformText && platform === undefined) c.failText('platform', 'unknownPlatform', { value: platformText, values: allKeys });
      if (skuId && platform !== undefined) {
        const key = `${skuId}:${platform}`;
        const first = seen.get(key);
        const name = `${platformKey(platform)} (${platformLabel(platformKey(platform), lang)})`;
        if (first) c.failText('platform', 'platformRepeated', { value: code!, platform: name, row: first });
        else {
          seen.set(key, c.row);
          if (existing.has(key)) c.failText('platform', 'platformExists', { value: code!, platform: name });
        }
      }
      if (!c.ok) return undefined;
      return { skuId: skuId!, ownerId: target.ownerId, ecPlatform: platform!, ecPlatformSku: platformSku!, brand: brand ?? null, modelName: modelName ?? null, modelNumber: modelNumber ?? null };
    };
  },
  async insert(tx, rows) {
    await insertRows(tx, ecPlatformSku, rows);
  },
};
