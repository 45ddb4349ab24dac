/** The inventory screens (spec 2.7, 2.8 inventory dialog, 2.9, 2.10 inventory picker; issue 4); the inventory list (spec 2.6) is the manifest's `inventory.screen`. */
export { InventoryLogList, InventoryLogListPage, type InventoryLogListProps } from './InventoryLogList';
export { InventoryLogDialog, type InventoryLogDialogProps } from './InventoryLogDialog';
export { InventoryPickerDialog, type InventoryPickerDialogProps, type InventoryPickerPreset } from './InventoryPickerDialog';
export { SkuInventoryDialog, type SkuInventoryDialogProps } from './SkuInventoryDialog';
export { buildLogFilter, exportFilter, logFormValues, type LogFilterValues } from './filters';
export { nextSort, useClearableSort } from '../../kit/sort';
export { inventoryMessages, type InventoryMessages } from './messages';
