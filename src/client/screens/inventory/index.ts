/** The inventory screens (spec 2.6, 2.7, 2.8 inventory dialog, 2.9, 2.10 inventory picker; issue 4). */
export { InventoryList, type InventoryListProps } from './InventoryList';
export { InventoryLogList, InventoryLogListPage, type InventoryLogListProps } from './InventoryLogList';
export { InventoryLogDialog, type InventoryLogDialogProps } from './InventoryLogDialog';
export { InventoryPickerDialog, type InventoryPickerDialogProps, type InventoryPickerPreset } from './InventoryPickerDialog';
export { SkuInventoryDialog, type SkuInventoryDialogProps } from './SkuInventoryDialog';
export {
  buildInventoryFilter,
  buildLogFilter,
  exportFilter,
  inventoryFormValues,
  logFormValues,
  normalisePreset,
  presetFilter,
  type InventoryPreset,
  type InventoryPresetInput,
  type InventoryFilterValues,
  type LogFilterValues,
} from './filters';
export { nextSort, useClearableSort } from '../../kit/sort';
export { inventoryMessages, type InventoryMessages } from './messages';
