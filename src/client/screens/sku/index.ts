/** The SKU screens (spec 2.8). */
export { SkuList, SkuListAll, SkuListNoon, type SkuListProps } from './SkuList';
export { SkuEditDialog, toSkuBody } from './SkuEditDialog';
export { SkuImportDialog, importFormSchema, progressOf } from './SkuImportDialog';
export { SupplierSkuDialog } from './SupplierSkuDialog';
export { EcPlatformSkuDialog } from './EcPlatformSkuDialog';
export { BatchWeightDialog, weightError } from './BatchWeightDialog';
export { LabelExportDialog } from './LabelExportDialog';
export { buildSkuFilter, formValuesOf, normaliseCodes, presetFilter } from './filters';
export { withRequiredMessages } from './formRules';
