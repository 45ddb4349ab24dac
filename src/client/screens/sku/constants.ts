/**
 * Constants of the SKU screens (spec 2.8, 6, 7.2, 9; docs/architecture.md).
 */
import type { DocumentNames } from '../../kit/names';

export const SKU_RESOURCE = 'sku';

/** Test ids `sku-*` and messages `app.sku.*` of the SKU list's table frame (the documents kit's DocumentTable). */
export const SKU_NAMES: DocumentNames = { testId: 'sku', ns: 'app.sku' };
export const SUPPLIER_SKU_RESOURCE = 'supplierSku';
export const EC_PLATFORM_SKU_RESOURCE = 'ecPlatformSku';

/** Spec 6 button codes. */
export const CODE_SKU_ADD = 'sku:add';
export const CODE_SKU_EDIT = 'sku:edit';
export const CODE_EXPORT_LABELS = 'outbound:export_ec_platform_labels';

/** Spec 9: default size of the SKU list. */
export const SKU_PAGE_SIZE = 10;
/** Spec 7.2: supplier and platform SKU lists per SKU are loaded with page size 10 (used as a plain list). */
export const SUB_LIST_SIZE = 10;
/** Import job polling interval (like export polling, spec 9). */
export const IMPORT_POLL_MS = 1000;

/** Calls beyond the generic data provider (spec 7.2). */
export const PATHS = {
  skuSearch: '/sapi/wms/sku/search',
  batchUpdateWeight: '/sapi/wms/sku/batchUpdateWeight',
  exportLabels: '/sapi/wms/sku/exportEcPlatformLabels',
  importJobQuery: '/sapi/sys/importJob/query',
} as const;

export type ImportKind = 'sku' | 'supplierSku' | 'ecPlatformSku';

/** Per import kind: the import call, the template (opened in a new tab) and the i18n key of the title. */
export const IMPORTS: Record<ImportKind, { path: string; template: string; titleKey: string; buttonKey: string }> = {
  sku: {
    path: '/sapi/wms/sku/excel/import',
    template: '/static/templates/sku-import.xlsx',
    titleKey: 'app.sku.dialog.import_sku',
    buttonKey: 'app.sku.action.import_sku',
  },
  supplierSku: {
    path: '/sapi/wms/supplier-sku/excel/import',
    template: '/static/templates/supplier-sku-import.xlsx',
    titleKey: 'app.sku.dialog.import_supplier_sku',
    buttonKey: 'app.sku.action.import_supplier_sku',
  },
  ecPlatformSku: {
    path: '/sapi/wms/ec-platform-sku/excel/import',
    template: '/static/templates/ec-platform-sku-import.xlsx',
    titleKey: 'app.sku.dialog.import_ec_platform_sku',
    buttonKey: 'app.sku.action.import_ec_platform_sku',
  },
};

/** Spec 5: weight 0..9999, at most 3 decimals. */
export const WEIGHT_MIN = 0;
export const WEIGHT_MAX = 9999;
export const WEIGHT_DECIMALS = 3;
