/**
 * Platform SKUs of one SKU (spec 2.8): table of platform, platform SKU, brand, model name, model number, add
 * date; edit, delete and download-label per row (sku:edit, spec 6); add/edit in a form with the rules of
 * spec 5 (platform required 'please select', platform SKU required 'please input', brand, model name and
 * model number optional; the generated `ecPlatformSkuForm`).
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import { TextInput, useTranslate, type RaRecord } from 'react-admin';
import { ecPlatformSkuForm } from '../../../../generated/shared/schemas';
import { formatDateTime } from '../../widgets/DateTimeField';
import { EnumInput } from '../../widgets/EnumInput';
import { EC_PLATFORM_SKU_RESOURCE } from './constants';
import { PlatformChip } from './fields';
import { useDownloadLabels } from './LabelExportDialog';
import { SubSkuDialog, textOrNull, type SubSkuConfig, type SubSkuDialogProps } from './SubSkuDialog';

/** Row action: the platform label of this SKU on the row's platform (a PDF). */
const DownloadLabelButton = ({ row, sku }: { row: RaRecord; sku: RaRecord }) => {
  const translate = useTranslate();
  const download = useDownloadLabels();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await download([sku.id], Number(row.ecPlatform));
        setBusy(false);
      }}
    >
      {translate('app.sku.action.download_label')}
    </Button>
  );
};

export const ecPlatformSkuConfig: SubSkuConfig = {
  resource: EC_PLATFORM_SKU_RESOURCE,
  titleKey: 'app.sku.dialog.ec_platform_sku',
  addTitleKey: 'app.sku.dialog.add_ec_platform_sku',
  editTitleKey: 'app.sku.dialog.edit_ec_platform_sku',
  deleteKey: 'app.sku.delete.ec_platform_sku',
  deleteName: (row) => String(row.ecPlatformSku ?? ''),
  columns: [
    { key: 'ecPlatform', label: 'resources.ecPlatformSku.fields.ecPlatform', render: (row) => <PlatformChip value={row.ecPlatform} />, width: 140 },
    { key: 'ecPlatformSku', label: 'resources.ecPlatformSku.fields.ecPlatformSku', render: (row) => row.ecPlatformSku },
    { key: 'brand', label: 'resources.ecPlatformSku.fields.brand', render: (row) => row.brand },
    { key: 'modelName', label: 'resources.ecPlatformSku.fields.modelName', render: (row) => row.modelName },
    { key: 'modelNumber', label: 'resources.ecPlatformSku.fields.modelNumber', render: (row) => row.modelNumber },
    { key: 'addDate', label: 'resources.ecPlatformSku.fields.addDate', render: (row) => formatDateTime(row.addDate), width: 160 },
  ],
  search: [{ source: 'ecPlatformSku', label: 'resources.ecPlatformSku.fields.ecPlatformSku' }],
  schema: ecPlatformSkuForm,
  selectFields: ['ecPlatform'],
  formFields: () => (
    <>
      <EnumInput source="ecPlatform" enumName="EcPlatform" fullWidth />
      <TextInput source="ecPlatformSku" fullWidth />
      <TextInput source="brand" fullWidth />
      <TextInput source="modelName" fullWidth />
      <TextInput source="modelNumber" fullWidth />
    </>
  ),
  toBody: (values) => ({
    ecPlatform: values.ecPlatform,
    ecPlatformSku: textOrNull(values.ecPlatformSku),
    brand: textOrNull(values.brand),
    modelName: textOrNull(values.modelName),
    modelNumber: textOrNull(values.modelNumber),
  }),
  rowActions: (row, sku) => <DownloadLabelButton row={row} sku={sku} />,
  testId: 'ec-platform-sku-dialog',
};

export const EcPlatformSkuDialog = (props: SubSkuDialogProps) => <SubSkuDialog config={ecPlatformSkuConfig} {...props} />;

