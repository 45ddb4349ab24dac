/**
 * The inventory screens' hand-written parts (spec 2.7 change-log dialog, 2.8 inventory dialog, 2.10 inventory
 * picker; issue 4); the inventory list (spec 2.6) and the inventory log (spec 2.9) are the manifest's
 * `inventory.screen` and `inventoryLog.screen`.
 */
export { InventoryLogDialog, type InventoryLogDialogProps } from './InventoryLogDialog';
export { InventoryPickerDialog, type InventoryPickerDialogProps, type InventoryPickerPreset } from './InventoryPickerDialog';
export { SkuInventoryDialog, type SkuInventoryDialogProps } from './SkuInventoryDialog';
export { exportFilter } from './filters';
export { nextSort, useClearableSort } from '../../kit/sort';
export { inventoryMessages, type InventoryMessages } from './messages';
