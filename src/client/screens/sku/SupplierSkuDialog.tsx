/**
 * Supplier SKUs of one SKU (spec 2.8): table of row number, supplier name, supplier SKU, add date, edit and
 * delete; search; add/edit in a small form with supplier name and supplier SKU (spec 5: no rules beyond the
 * generated `supplierSkuForm` lengths).
 */
import { TextInput } from 'react-admin';
import { supplierSkuForm } from '../../../../generated/shared/schemas';
import { formatDateTime } from '../../widgets/DateTimeField';
import { SUPPLIER_SKU_RESOURCE } from './constants';
import { SubSkuDialog, textOrNull, type SubSkuConfig, type SubSkuDialogProps } from './SubSkuDialog';

export const supplierSkuConfig: SubSkuConfig = {
  resource: SUPPLIER_SKU_RESOURCE,
  titleKey: 'app.sku.dialog.supplier_sku',
  addTitleKey: 'app.sku.dialog.add_supplier_sku',
  editTitleKey: 'app.sku.dialog.edit_supplier_sku',
  deleteKey: 'app.sku.delete.supplier_sku',
  deleteName: (row) => [row.supplierName, row.supplierSku].filter(Boolean).join(' / '),
  columns: [
    { key: 'index', label: 'app.sku.column.row_number', render: (_row, index) => index + 1, width: 70 },
    { key: 'supplierName', label: 'resources.supplierSku.fields.supplierName', render: (row) => row.supplierName },
    { key: 'supplierSku', label: 'resources.supplierSku.fields.supplierSku', render: (row) => row.supplierSku },
    { key: 'addDate', label: 'resources.supplierSku.fields.addDate', render: (row) => formatDateTime(row.addDate), width: 160 },
  ],
  search: [
    { source: 'supplierName', label: 'resources.supplierSku.fields.supplierName' },
    { source: 'supplierSku', label: 'resources.supplierSku.fields.supplierSku' },
  ],
  schema: supplierSkuForm,
  selectFields: [],
  formFields: () => (
    <>
      <TextInput source="supplierName" fullWidth />
      <TextInput source="supplierSku" fullWidth />
    </>
  ),
  toBody: (values) => ({ supplierName: textOrNull(values.supplierName), supplierSku: textOrNull(values.supplierSku) }),
  testId: 'supplier-sku-dialog',
};

export const SupplierSkuDialog = (props: SubSkuDialogProps) => <SubSkuDialog config={supplierSkuConfig} {...props} />;
