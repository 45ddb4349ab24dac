/**
 * Constants of the SKU widgets (spec 2.8, 6, 7.2, 9; docs/architecture.md "SKU catalogue calls").
 */
import { skuMeta } from '../../../../generated/shared/resources/sku';

/** Spec 6 button codes: adding SKUs (imports, batch weight) and downloading platform labels. */
export const CODE_SKU_ADD = skuMeta.permissions.add!;
export const CODE_EXPORT_LABELS = 'outbound:export_ec_platform_labels';

/** Import job polling interval (like export polling, spec 9). */
export { IMPORT_POLL_MS } from '../../widgets/importJob';

/** Calls beyond the generic data provider (spec 7.2). */
export const PATHS = {
  skuSearch: '/sapi/wms/sku/search',
  batchUpdateWeight: '/sapi/wms/sku/batchUpdateWeight',
  exportLabels: '/sapi/wms/sku/exportEcPlatformLabels',
  importJobQuery: '/sapi/sys/importJob/query',
} as const;

export type ImportKind = 'sku' | 'supplierSku' | 'ecPlatformSku';

/** Per import kind: the import call, the template (opened in a new tab) and the i18n key of the title. */
export const IMPORTS: Record<ImportKind, { path: string; template: string; titleKey: string }> = {
  sku: { path: '/sapi/wms/sku/excel/import', template: '/static/templates/sku-import.xlsx', titleKey: 'app.sku.import.sku' },
  supplierSku: { path: '/sapi/wms/supplier-sku/excel/import', template: '/static/templates/supplier-sku-import.xlsx', titleKey: 'app.sku.import.supplier_sku' },
  ecPlatformSku: { path: '/sapi/wms/ec-platform-sku/excel/import', template: '/static/templates/ec-platform-sku-import.xlsx', titleKey: 'app.sku.import.ec_platform_sku' },
};
