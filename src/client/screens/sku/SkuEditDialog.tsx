/**
 * SKU edit dialog, new or edit (spec 2.8; spec 5 SKU form): owner (select, required), SKU code (required,
 * trimmed), name (required, trimmed), enabled (required), category (select, required), weight (required,
 * 0..9999, at most 3 decimals), colour, size, goods number and both remarks (optional, trimmed), product image
 * (ImageUploader, file type 5). In edit mode owner and SKU code are disabled. Rules: the generated `skuForm`
 * through useFormResolver, with 'please input' / 'please select' on empty required fields.
 * A successful save notifies, closes the dialog and reloads the list from page 1 (spec 4, 8).
 */
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import {
  BooleanInput,
  Form,
  NumberInput,
  ResourceContextProvider,
  TextInput,
  useDataProvider,
  useGetOne,
  useNotify,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { skuForm } from '../../../../generated/shared/schemas';
import { ImageUploader } from '../../widgets/ImageUploader';
import { SkuCategorySelect } from '../../widgets/SkuCategorySelect';
import { FILE_TYPE_PRODUCT_IMAGE } from '../../widgets/FileUploader';
import { OwnerInput } from '../../widgets';
import { DialogButtons, SkuDialog } from './SkuDialog';
import { SKU_RESOURCE } from './constants';
import { errorMessage } from '../../widgets/errorMessage';
import { useRequiredResolver } from './formRules';

/** Optional text fields: sent as null when emptied so an edit clears them. */
const OPTIONAL_TEXT = ['color', 'size', 'goodsNo', 'goodsImageUrl', 'remarkForWarehouse', 'remarkForOwner'] as const;
const SELECT_FIELDS = ['ownerId', 'categoryId', 'enable'];

const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The add / edit body from the validated form values. */
export function toSkuBody(values: Record<string, unknown>, mode: 'add' | 'edit'): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: textOrNull(values.name),
    enable: values.enable === undefined || values.enable === null ? true : Boolean(values.enable),
    categoryId: values.categoryId,
    weight: values.weight,
  };
  for (const key of OPTIONAL_TEXT) {
    const v = textOrNull(values[key]);
    if (v !== null || mode === 'edit') body[key] = v;
  }
  if (mode === 'add') {
    body.ownerId = values.ownerId;
    body.sku = textOrNull(values.sku);
  }
  return body;
}

export interface SkuEditDialogProps {
  /** The SKU to edit; absent to add one. */
  id?: Identifier;
  onClose: () => void;
  onSaved: () => void;
}

const Cell = ({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) => (
  <Box sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>{children}</Box>
);

export const SkuEditDialog = ({ id, onClose, onSaved }: SkuEditDialogProps) => {
  const mode = id === undefined || id === null ? 'add' : 'edit';
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const formId = `sku-edit-${useId().replace(/:/g, '')}`;
  const resolver = useRequiredResolver(skuForm, mode, SELECT_FIELDS);
  const [saving, setSaving] = useState(false);
  const { data: record, isPending, error } = useGetOne<RaRecord>(SKU_RESOURCE, { id: id as Identifier }, { enabled: mode === 'edit' });

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      const data = toSkuBody(values, mode);
      if (mode === 'add') await dataProvider.create(SKU_RESOURCE, { data });
      else await dataProvider.update(SKU_RESOURCE, { id: id as Identifier, data, previousData: record as RaRecord });
      notify('app.sku.success', { type: 'success' });
      onSaved();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const title = mode === 'add' ? translate('app.sku.dialog.add') : translate('app.sku.dialog.edit', { sku: record?.sku ?? '' });
  const loading = mode === 'edit' && isPending;

  return (
    <SkuDialog
      open
      onClose={onClose}
      title={title}
      busy={saving}
      testId="sku-edit-dialog"
      actions={
<DialogButtons onCancel={onClose} form={formId} busy={saving} disabled={loading || Boolean(error)} label="app.sku.action.save" />
      }
    >
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : error ? (
        <Box sx={{ color: 'error.main', p: 2 }}>{errorMessage(error)}</Box>
      ) : (
        <ResourceContextProvider value={SKU_RESOURCE}>
          <Form
            id={formId}
            key={mode === 'edit' ? String(id) : 'add'}
            record={mode === 'edit' ? record : undefined}
            defaultValues={mode === 'add' ? { enable: true } : undefined}
            resolver={resolver}
            onSubmit={submit}
            disableInvalidFormNotification
            // the yup rules speak the console's language; the browser's bubbles would not
            noValidate
          >
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>
              <Cell>
                <OwnerInput disabled={mode === 'edit'} autoPick={mode === 'add'} fullWidth isRequired />
              </Cell>
              <Cell>
                <TextInput source="sku" disabled={mode === 'edit'} fullWidth isRequired />
              </Cell>
              <Cell>
                <TextInput source="name" fullWidth isRequired />
              </Cell>
              <Cell>
                <SkuCategorySelect source="categoryId" fullWidth isRequired />
              </Cell>
              <Cell>
                <NumberInput source="weight" fullWidth isRequired />
              </Cell>
              <Cell>
                <BooleanInput source="enable" />
              </Cell>
              <Cell>
                <TextInput source="color" fullWidth />
              </Cell>
              <Cell>
                <TextInput source="size" fullWidth />
              </Cell>
              <Cell>
                <TextInput source="goodsNo" fullWidth />
              </Cell>
              <Cell>
                <ImageUploader source="goodsImageUrl" fileType={FILE_TYPE_PRODUCT_IMAGE} />
              </Cell>
              <Cell wide>
                <TextInput source="remarkForWarehouse" multiline minRows={2} fullWidth />
              </Cell>
              <Cell wide>
                <TextInput source="remarkForOwner" multiline minRows={2} fullWidth />
              </Cell>
            </Box>
          </Form>
        </ResourceContextProvider>
      )}
    </SkuDialog>
  );
};
