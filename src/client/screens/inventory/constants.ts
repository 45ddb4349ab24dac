/**
 * Constants of the inventory screens (spec 2.6, 2.7, 2.9, 6, 7.2, 9; issue 4).
 */
export const INVENTORY_LOG_RESOURCE = 'inventoryLog';

/** Spec 9: default size of the log lists. */
export const INVENTORY_LOG_PAGE_SIZE = 10;

/** Spec 6 / manifest: the Export button of the inventory list. */
export const CODE_INVENTORY_EXPORT = 'sku_inventory:export';

/** Spec 7.2: the export of the inventory list (a background job, polled by useExportJob). */
export const INVENTORY_EXPORT_PATH = '/sapi/wms/sku-inventory/exportExcel';

export { NO_SORT } from '../../kit/DocumentList';
