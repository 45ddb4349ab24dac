/**
 * Top buttons of the SKU list (spec 2.8, 6): add; import SKUs; import supplier SKUs; import platform SKUs
 * (sku:add); download platform labels for the selected rows (outbound:export_ec_platform_labels); batch
 * change of weight for the selected rows (sku:add). The label and weight buttons are disabled while nothing
 * is selected; in select mode (no row selection) they are left out. The selection count (with an unselect
 * button) sits beside them instead of react-admin's bulk toolbar, which would cover these buttons.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import LocalPrintshopIcon from '@mui/icons-material/LocalPrintshop';
import ScaleIcon from '@mui/icons-material/Scale';
import { useListContext, useTranslate } from 'react-admin';
import { Permitted } from '../../widgets/Permitted';
import { CODE_EXPORT_LABELS, CODE_SKU_ADD, IMPORTS, type ImportKind } from './constants';
import { useSkuListUi } from './SkuListUi';

const IMPORT_ORDER: ImportKind[] = ['sku', 'supplierSku', 'ecPlatformSku'];

export const SkuTopButtons = () => {
  const translate = useTranslate();
  const { selectedIds = [], onUnselectItems } = useListContext();
  const ui = useSkuListUi();
  const none = selectedIds.length === 0;
  return (
    <Box className="wms-sku-top-buttons" data-testid="sku-top-buttons" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, py: 1.5 }}>
      <Permitted codes={CODE_SKU_ADD}>
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => ui.open({ kind: 'edit' })} data-testid="sku-add">
          {translate('app.sku.action.add')}
        </Button>
        {IMPORT_ORDER.map((kind) => (
          <Button
            key={kind}
            variant="outlined"
            size="small"
            startIcon={<UploadFileIcon />}
            onClick={() => ui.open({ kind: 'import', importKind: kind })}
            data-testid={`sku-import-${kind}`}
          >
            {translate(IMPORTS[kind].buttonKey)}
          </Button>
        ))}
      </Permitted>
      {ui.selectMode ? null : (
        <>
          <Permitted codes={CODE_EXPORT_LABELS}>
            <Button
              variant="outlined"
              size="small"
              startIcon={<LocalPrintshopIcon />}
              disabled={none}
              onClick={() => ui.open({ kind: 'labels', ids: [...selectedIds] })}
              data-testid="sku-download-labels"
            >
              {translate('app.sku.action.download_labels')}
            </Button>
          </Permitted>
          <Permitted codes={CODE_SKU_ADD}>
            <Button
              variant="outlined"
              size="small"
              startIcon={<ScaleIcon />}
              disabled={none}
              onClick={() => ui.open({ kind: 'weight', ids: [...selectedIds] })}
              data-testid="sku-batch-weight"
            >
              {translate('app.sku.action.batch_weight')}
            </Button>
          </Permitted>
          {none ? null : (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={translate('ra.action.bulk_actions', { smart_count: selectedIds.length })}
              onDelete={() => onUnselectItems?.()}
              sx={{ alignSelf: 'center' }}
              data-testid="sku-selection"
            />
          )}
        </>
      )}
    </Box>
  );
};
