/**
 * The shared frame of the supplier-SKU and platform-SKU dialogs of one SKU (spec 2.8; spec 7.2 "supplier and
 * platform SKU lists per SKU are loaded with page size 10 and the response is used as a plain list"):
 * a search row (text filters + Search), an Add button (sku:add), the table with the resource's columns and,
 * per row, edit and delete (after confirmation) plus any extra actions (sku:edit, spec 6). Add and edit open
 * a small form dialog. Delete failures show the server msg as an error message (spec 8).
 *
 * `onClose(changed)` tells the list whether anything was saved or deleted (the SKU's supplier names or
 * platforms shown in the list then need a reload).
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import {
  Confirm,
  Form,
  ResourceContextProvider,
  useDataProvider,
  useGetList,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { FormMode, SchemaFactory } from '../../widgets/useFormResolver';
import { Permitted } from '../../widgets/Permitted';
import { DialogButtons, SkuDialog } from './SkuDialog';
import { CODE_SKU_ADD, CODE_SKU_EDIT, SUB_LIST_SIZE } from './constants';
import { errorMessage } from '../../widgets/errorMessage';
import { useRequiredResolver } from './formRules';

export interface SubColumn {
  key: string;
  /** i18n key of the header. */
  label: string;
  render: (row: RaRecord, index: number) => ReactNode;
  width?: number | string;
}

export interface SubSkuConfig {
  resource: string;
  /** i18n key of the dialog title (gets `sku`). */
  titleKey: string;
  addTitleKey: string;
  editTitleKey: string;
  /** i18n key of the delete question (gets `name`). */
  deleteKey: string;
  deleteName: (row: RaRecord) => string;
  columns: SubColumn[];
  /** Text filters of the search row (sent trimmed, when not empty). */
  search: Array<{ source: string; label: string }>;
  schema: SchemaFactory;
  selectFields: string[];
  /** The add/edit form's inputs. */
  formFields: (mode: FormMode) => ReactNode;
  /** Values -> add/edit body (skuId is added on add). */
  toBody: (values: Record<string, unknown>, mode: FormMode) => Record<string, unknown>;
  /** More row actions (shown with sku:edit), e.g. download-label. */
  rowActions?: (row: RaRecord, sku: RaRecord) => ReactNode;
  testId: string;
}

/** Text or null (an emptied optional field is cleared on edit). */
export const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

const SubForm = ({ config, sku, row, onClose, onSaved }: { config: SubSkuConfig; sku: RaRecord; row: RaRecord | null; onClose: () => void; onSaved: () => void }) => {
  const mode: FormMode = row ? 'edit' : 'add';
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const resolver = useRequiredResolver(config.schema, mode, config.selectFields);
  const formId = `${config.testId}-form-${useId().replace(/:/g, '')}`;
  const [saving, setSaving] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      const data = config.toBody(values, mode);
      if (mode === 'add') await dataProvider.create(config.resource, { data: { ...data, skuId: sku.id } });
      else await dataProvider.update(config.resource, { id: row!.id, data, previousData: row! });
      notify('app.sku.success', { type: 'success' });
      onSaved();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <SkuDialog
      open
      onClose={onClose}
      width={560}
      busy={saving}
      title={translate(mode === 'add' ? config.addTitleKey : config.editTitleKey, { sku: sku.sku ?? '' })}
      testId={`${config.testId}-form`}
      actions={
<DialogButtons onCancel={onClose} form={formId} busy={saving} label="app.sku.action.save" />
      }
    >
      <ResourceContextProvider value={config.resource}>
        <Form id={formId} record={row ?? undefined} defaultValues={row ? undefined : { skuId: sku.id }} resolver={resolver} onSubmit={submit} disableInvalidFormNotification noValidate>
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>{config.formFields(mode)}</Box>
        </Form>
      </ResourceContextProvider>
    </SkuDialog>
  );
};

const DeleteRowButton = ({ config, row, onDeleted }: { config: SubSkuConfig; row: RaRecord; onDeleted: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await dataProvider.delete(config.resource, { id: row.id, previousData: row });
      setOpen(false);
      notify('app.sku.success', { type: 'success' });
      onDeleted();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        {translate('app.sku.action.delete')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="app.sku.delete.title"
        content={config.deleteKey}
        contentTranslateOptions={{ name: config.deleteName(row) }}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

export interface SubSkuDialogProps {
  sku: RaRecord;
  onClose: (changed: boolean) => void;
}

export const SubSkuDialog = ({ config, sku, onClose }: SubSkuDialogProps & { config: SubSkuConfig }) => {
  const translate = useTranslate();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<{ row: RaRecord | null } | null>(null);
  const changed = useRef(false);

  const filter: Record<string, unknown> = { skuId: sku.id };
  for (const { source } of config.search) {
    const v = (applied[source] ?? '').trim();
    if (v) filter[source] = v;
  }
  const { data = [], isPending, error, refetch } = useGetList(config.resource, {
    pagination: { page: 1, perPage: SUB_LIST_SIZE },
    sort: { field: '', order: 'ASC' },
    filter,
  });

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    event?.stopPropagation();
    const next = { ...draft };
    // an unchanged search reloads; a changed one loads through the new filter
    if (JSON.stringify(next) === JSON.stringify(applied)) void refetch();
    else setApplied(next);
  };
  const afterChange = () => {
    changed.current = true;
    setEditing(null);
    void refetch();
  };
  const hasActions = true;

  return (
    <SkuDialog open onClose={() => onClose(changed.current)} title={translate(config.titleKey, { sku: sku.sku ?? '' })} testId={config.testId}
      actions={<Button onClick={() => onClose(changed.current)}>{translate('app.sku.action.close')}</Button>}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {[sku.ownerName, sku.sku, sku.name].filter(Boolean).join(' · ')}
      </Typography>
      <Box component="form" onSubmit={search} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        {config.search.map(({ source, label }) => (
          <TextField
            key={source}
            size="small"
            label={translate(label)}
            value={draft[source] ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, [source]: e.target.value }))}
          />
        ))}
        <Button type="submit" variant="contained" size="small" startIcon={<SearchIcon />}>
          {translate('app.sku.action.search')}
        </Button>
        <Permitted codes={CODE_SKU_ADD}>
          <Button variant="outlined" size="small" startIcon={<AddIcon />} onClick={() => setEditing({ row: null })} data-testid={`${config.testId}-add`}>
            {translate('app.sku.action.add')}
          </Button>
        </Permitted>
      </Box>
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={28} />
        </Box>
      ) : error ? (
        <Typography color="error">{errorMessage(error)}</Typography>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" data-testid={`${config.testId}-table`}>
            <TableHead>
              <TableRow>
                {config.columns.map((c) => (
                  <TableCell key={c.key} sx={{ width: c.width, fontWeight: 600 }}>
                    {translate(c.label)}
                  </TableCell>
                ))}
                {hasActions ? <TableCell sx={{ fontWeight: 600 }}>{translate('app.sku.column.operations')}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={config.columns.length + 1} align="center" sx={{ color: 'text.secondary' }}>
                    {translate('ra.navigation.no_results', { name: translate(`resources.${config.resource}.name`, { smart_count: 2 }) })}
                  </TableCell>
                </TableRow>
              ) : (
                data.map((row, index) => (
                  <TableRow key={String(row.id)} hover>
                    {config.columns.map((c) => (
                      <TableCell key={c.key}>{c.render(row, index)}</TableCell>
                    ))}
                    <TableCell>
                      <Permitted codes={CODE_SKU_EDIT}>
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                          <Button size="small" onClick={() => setEditing({ row })}>
                            {translate('app.sku.action.edit')}
                          </Button>
                          <DeleteRowButton config={config} row={row} onDeleted={afterChange} />
                          {config.rowActions?.(row, sku)}
                        </Box>
                      </Permitted>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing ? <SubForm config={config} sku={sku} row={editing.row} onClose={() => setEditing(null)} onSaved={afterChange} /> : null}
    </SkuDialog>
  );
};
