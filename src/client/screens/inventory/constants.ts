/**
 * Constants of the inventory screens (spec 6, 7.2; issue 4).
 */

/** Spec 6 / manifest: the Export button of the inventory list. */
export const CODE_INVENTORY_EXPORT = 'sku_inventory:export';

/** Spec 7.2: the export of the inventory list (a background job, polled by useExportJob). */
export const INVENTORY_EXPORT_PATH = '/sapi/wms/sku-inventory/exportExcel';
