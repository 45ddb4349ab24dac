/**
 * The inventory dialog of one SKU (spec 2.8 "inventory dialog for one SKU given SKU id, company id, owner
 * id"): the generated inventory list (`inventory.screen`) preset and locked on the SKU, its company and its owner, 80% wide, not closed by a
 * click outside. Opened by the SKU list's "view inventory" row action.
 */
import Box from '@mui/material/Box';
import { useTranslate, type RaRecord } from 'react-admin';
import { screenSource } from '../../../../generated/client/views/inventory';
import { DocumentScreen } from '../../kit/screen/DocumentScreen';
import { SkuDialog } from '../sku/SkuDialog';
import { stopSubmit } from './InventoryLogDialog';

export interface SkuInventoryDialogProps {
  /** The SKU record (id, sku, companyId, ownerId). */
  sku: RaRecord;
  onClose: () => void;
}

export const SkuInventoryDialog = ({ sku, onClose }: SkuInventoryDialogProps) => {
  const translate = useTranslate();
  return (
    <SkuDialog open onClose={onClose} title={translate('app.inventory.dialog.sku', { sku: String(sku.sku ?? sku.id) })} testId="sku-inventory-dialog">
      <Box onSubmit={stopSubmit}>
        <DocumentScreen source={screenSource} resource="inventory" inDialog preset={{ skuId: sku.id, companyId: sku.companyId, ownerId: sku.ownerId }} />
      </Box>
    </SkuDialog>
  );
};

export default SkuInventoryDialog;
