/**
 * The inventory change-log dialog (spec 2.7): 80% wide, closed by its close button or Escape but not by a
 * click outside; the manifest's inventory log (`inventoryLog.screen`, its embedded view `record`: document
 * number, type and created-date filters, no warehouse / owner / SKU) preset to the inventory record the dialog
 * was opened from, with its own paging (default size 10).
 */
import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import { useTranslate, type RaRecord } from 'react-admin';
import { screenSource } from '../../../../generated/client/views/inventoryLog';
import { DocumentScreen } from '../../kit/screen/DocumentScreen';
import { SkuDialog } from '../sku/SkuDialog';

/** Stop submit events of the dialog's filter form from reaching a form around it (React portals bubble). */
export const stopSubmit = (event: FormEvent) => event.stopPropagation();

export interface InventoryLogDialogProps {
  /** The inventory record whose logs are shown. */
  inventory: RaRecord;
  onClose: () => void;
}

export const InventoryLogDialog = ({ inventory, onClose }: InventoryLogDialogProps) => {
  const translate = useTranslate();
  const sku = String(inventory.sku ?? (inventory.skuEntity as { sku?: string } | undefined)?.sku ?? inventory.id);
  const where = [inventory.warehouseName, inventory.ownerName, inventory.batchNo].filter((v) => v !== undefined && v !== null && v !== '').join(' · ');
  return (
    <SkuDialog
      open
      onClose={onClose}
      title={
        <>
          {translate('app.inventory.dialog.log', { sku })}
          {where ? (
            <Box component="span" sx={{ ml: 1, color: 'text.secondary', typography: 'body2' }}>
              {where}
            </Box>
          ) : null}
        </>
      }
      testId="inventory-log-dialog"
    >
      <Box onSubmit={stopSubmit}>
        <DocumentScreen source={screenSource} resource="inventoryLog" view="record" inDialog preset={{ inventoryId: inventory.id }} />
      </Box>
    </SkuDialog>
  );
};
