/**
 * The inventory picker (spec 2.10 "inventory picker (dialog with inventory list)"): an 80%-wide dialog that
 * does not close on a click outside, showing the generated inventory list (`inventory.screen`) as a picker, preset and locked to the
 * given warehouse, owner, SKU, has-inventory and platform. A row's Select button calls `onSelect(record)`
 * with the whole inventory record; the dialog stays open until the caller closes it (`open`), so a caller may
 * pick several rows in a row or close it in `onSelect`.
 */
import Box from '@mui/material/Box';
import type { Identifier, RaRecord } from 'react-admin';
import { useTranslate } from 'react-admin';
import { screenSource } from '../../../../generated/client/views/inventory';
import { DocumentScreen } from '../../kit/screen/DocumentScreen';
import { SkuDialog } from '../sku/SkuDialog';
import { stopSubmit } from './InventoryLogDialog';

export interface InventoryPickerPreset {
  warehouseId?: Identifier | null;
  ownerId?: Identifier | null;
  skuId?: Identifier | null;
  containInventory?: boolean | null;
  ecPlatform?: number | null;
}

export interface InventoryPickerDialogProps {
  open: boolean;
  onClose: () => void;
  onSelect: (record: RaRecord) => void;
  preset?: InventoryPickerPreset;
  /** Dialog title (i18n key); default "Select inventory". */
  title?: string;
}

export const InventoryPickerDialog = ({ open, onClose, onSelect, preset, title = 'app.inventory.dialog.picker' }: InventoryPickerDialogProps) => {
  const translate = useTranslate();
  return (
    <SkuDialog open={open} onClose={onClose} title={translate(title)} testId="inventory-picker-dialog">
      <Box onSubmit={stopSubmit}>
        {open ? <DocumentScreen key={JSON.stringify(preset ?? {})} source={screenSource} resource="inventory" inDialog onSelect={onSelect} preset={{ ...preset }} /> : null}
      </Box>
    </SkuDialog>
  );
};
