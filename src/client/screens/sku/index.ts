/** The SKU widgets (spec 2.8): the SKU lists themselves are the manifest's `sku.screen`. */
export { SkuImportDialog, importFormSchema, progressOf } from './SkuImportDialog';
export { BatchWeightDialog, weightError } from './BatchWeightDialog';
export { LabelExportDialog } from './LabelExportDialog';
