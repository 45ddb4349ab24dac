/**
 * Create / edit dialog of an inventory adjustment (issue 4; spec 2.8 / 9: 80% wide, closes on Cancel, not on
 * a click outside).
 *
 * - Goods owner first, then warehouse (only enabled ones; both fixed on edit, and while lines exist, because
 *   every line belongs to them). Adding a line without them says "select owner first" / "select warehouse
 *   first" (spec 8).
 * - Lines: an inventory record ("Add from inventory": the inventory picker preset to the warehouse and owner;
 *   current and locked quantity shown) or a SKU + batch for goods without a stock record ("Add SKU": the SKU
 *   picker preset to the owner). Each line has gain/loss, quantity (positive integer; spec 5 "quantity
 *   required", "must be greater than 0") and a reason.
 * - Rules are checked with yup (formSchema.ts) before anything is sent; a server failure shows its msg,
 *   which names the field (`lines[0].qty: ...`). Success notifies and hands over to `onSaved`.
 */
import { useId, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import InventoryIcon from '@mui/icons-material/Inventory';
import {
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
import { useFieldArray, useFormContext, useFormState, useWatch, type Resolver } from 'react-hook-form';
import { EnumInput } from '../../widgets/EnumInput';
import { SkuPicker } from '../../widgets/SkuPicker';
import { OwnerInput, WarehouseInput } from '../../widgets';
import { errorMessage } from '../../widgets/errorMessage';
import { InventoryPickerDialog } from '../inventory/InventoryPickerDialog';
import { BATCH_NO_MAX, JUDGEMENT_RESOURCE, REASON_MAX, type JudgementRecord } from './constants';
import { DialogButtons, JudgementDialog } from './JudgementDialog';
import {
  formValuesOf,
  judgementFormSchema,
  lineFromInventory,
  newSkuLine,
  toAddBody,
  toEditBody,
  type JudgementFormValues,
  type LineValues,
} from './formSchema';
import { judgementApi } from './judgementApi';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
const DASH = '—';

const HeadCell = ({ label, width }: { label: string; width?: number | string }) => {
  const translate = useTranslate();
  return <TableCell sx={{ fontWeight: 600, width }}>{translate(label)}</TableCell>;
};

/** One line of the table: read-only record data for an inventory line, SKU picker + batch for a new one. */
const LineRow = ({ index, ownerId, onRemove }: { index: number; ownerId: number | null; onRemove: () => void }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext<JudgementFormValues>();
  const line = (useWatch({ name: `lines.${index}` }) ?? {}) as LineValues;
  const fromInventory = !isEmpty(line.inventoryId);
  const known = (v: unknown) => (v === null || v === undefined ? DASH : String(v));

  return (
    <TableRow data-testid="judgement-line" data-line-kind={fromInventory ? 'inventory' : 'sku'} sx={{ verticalAlign: 'top' }}>
      <TableCell>{index + 1}</TableCell>
      <TableCell sx={{ minWidth: 170 }}>
        {fromInventory ? (
          <>
            <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="judgement-line-sku">
              {line.sku ?? DASH}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {line.skuName ?? ''}
            </Typography>
            <Chip size="small" variant="outlined" label={translate('app.judgement.line.source_inventory')} sx={{ mt: 0.5 }} />
          </>
        ) : (
          <Box data-testid="judgement-line-sku-picker">
            <SkuPicker
              source={`lines.${index}.skuId`}
              ownerId={ownerId}
              label="app.judgement.line.sku"
              fullWidth
              onPick={(record: RaRecord) => {
                setValue(`lines.${index}.sku`, record.sku ?? null);
                setValue(`lines.${index}.skuName`, record.name ?? null);
              }}
            />
            <Typography variant="caption" color="text.secondary" component="div">
              {translate('app.judgement.line.source_sku')}
            </Typography>
          </Box>
        )}
      </TableCell>
      <TableCell sx={{ minWidth: 110 }}>
        {fromInventory ? (
          <Typography variant="body2">{line.batchNo || DASH}</Typography>
        ) : (
          <TextInput source={`lines.${index}.batchNo`} label="app.judgement.line.batch_no" helperText={false} size="small" fullWidth inputProps={{ maxLength: BATCH_NO_MAX, 'data-testid': 'judgement-line-batch' }} />
        )}
      </TableCell>
      <TableCell align="right" data-testid="judgement-line-inventory-qty">
        {fromInventory ? known(line.inventoryQty) : DASH}
      </TableCell>
      <TableCell align="right" data-testid="judgement-line-lock-qty">
        {fromInventory ? known(line.inventoryLockQty) : DASH}
      </TableCell>
      <TableCell sx={{ minWidth: 110 }}>
        <EnumInput
          source={`lines.${index}.type`}
          enumName="JudgementType"
          label="app.judgement.line.type"
          helperText={false}
          isRequired
          size="small"
          fullWidth
          data-testid="judgement-line-type"
        />
      </TableCell>
      <TableCell sx={{ minWidth: 90 }}>
        <NumberInput
          source={`lines.${index}.qty`}
          label="app.judgement.line.qty"
          helperText={false}
          min={1}
          step={1}
          size="small"
          fullWidth
          inputProps={{ 'data-testid': 'judgement-line-qty' }}
        />
      </TableCell>
      <TableCell sx={{ minWidth: 140 }}>
        <TextInput source={`lines.${index}.reason`} label="app.judgement.line.reason" helperText={false} size="small" fullWidth inputProps={{ maxLength: REASON_MAX, 'data-testid': 'judgement-line-reason' }} />
      </TableCell>
      <TableCell>
        <Tooltip title={translate('app.judgement.action.remove_line')}>
          <IconButton size="small" aria-label={translate('app.judgement.action.remove_line')} onClick={onRemove} data-testid="judgement-line-remove">
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
};

/** The form's inputs: owner, warehouse, remark, the lines with their two add buttons. */
const JudgementFormBody = ({ mode }: { mode: 'add' | 'edit' }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { control, getValues, setError, clearErrors } = useFormContext<JudgementFormValues>();
  const { errors } = useFormState({ control, name: 'lines' });
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const ownerId = (useWatch({ name: 'ownerId' }) ?? null) as number | null;
  const warehouseId = (useWatch({ name: 'warehouseId' }) ?? null) as number | null;
  const [pickerOpen, setPickerOpen] = useState(false);
  const fixed = mode === 'edit' || fields.length > 0;

  /** Spec 8: lines need the goods owner first, then the warehouse. */
  const ownerAndWarehouseChosen = (): boolean => {
    if (isEmpty(ownerId)) {
      setError('ownerId', { type: 'manual', message: translate('app.judgement.rules.owner_first') });
      notify('app.judgement.rules.owner_first', { type: 'warning' });
      return false;
    }
    if (isEmpty(warehouseId)) {
      setError('warehouseId', { type: 'manual', message: translate('app.judgement.rules.warehouse_first') });
      notify('app.judgement.rules.warehouse_first', { type: 'warning' });
      return false;
    }
    return true;
  };

  const addLine = (line: LineValues) => {
    append(line, { shouldFocus: false });
    clearErrors('lines');
  };

  const onInventorySelect = (record: RaRecord) => {
    setPickerOpen(false);
    const lines = (getValues('lines') ?? []) as LineValues[];
    if (lines.some((l) => !isEmpty(l.inventoryId) && String(l.inventoryId) === String(record.id))) {
      notify('app.judgement.rules.duplicate_inventory', { type: 'warning' });
      return;
    }
    addLine(lineFromInventory(record));
  };

  const linesError = (errors.lines as { root?: { message?: string }; message?: string } | undefined);
  const linesMessage = linesError?.root?.message ?? linesError?.message;

  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>
        <Box data-testid="judgement-form-owner">
          <OwnerInput label="app.judgement.form.owner" disabled={fixed} autoPick={mode === 'add'} fullWidth helperText={fixed && mode === 'add' ? 'app.judgement.form.locked_hint' : undefined} />
        </Box>
        <Box data-testid="judgement-form-warehouse">
          <WarehouseInput disabled={fixed} autoPick={mode === 'add'} fullWidth />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="remark" label="app.judgement.form.remark" multiline minRows={2} fullWidth inputProps={{ 'data-testid': 'judgement-form-remark' }} />
        </Box>
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1, mb: 1 }}>
        <Typography variant="subtitle1" sx={{ flex: '1 1 auto', fontWeight: 600 }}>
          {translate('app.judgement.form.lines')}
        </Typography>
        <Button size="small" variant="outlined" startIcon={<InventoryIcon />} onClick={() => ownerAndWarehouseChosen() && setPickerOpen(true)} data-testid="judgement-add-from-inventory">
          {translate('app.judgement.action.add_from_inventory')}
        </Button>
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => ownerAndWarehouseChosen() && addLine(newSkuLine())} data-testid="judgement-add-sku">
          {translate('app.judgement.action.add_sku')}
        </Button>
      </Box>

      {linesMessage ? (
        <Typography color="error" variant="body2" sx={{ mb: 1 }} data-testid="judgement-lines-error">
          {linesMessage}
        </Typography>
      ) : null}

      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" data-testid="judgement-lines-table" sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <HeadCell label="app.judgement.line.no" width={48} />
              <HeadCell label="app.judgement.line.sku" />
              <HeadCell label="app.judgement.line.batch_no" />
              <HeadCell label="app.judgement.line.inventory_qty" />
              <HeadCell label="app.judgement.line.inventory_lock_qty" />
              <HeadCell label="app.judgement.line.type" />
              <HeadCell label="app.judgement.line.qty" />
              <HeadCell label="app.judgement.line.reason" />
              <HeadCell label="app.judgement.column.operations" width={56} />
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.length === 0 ? (
              <TableRow>
                <TableCell colSpan={9} align="center" sx={{ color: 'text.secondary' }}>
                  {translate('app.judgement.form.no_lines')}
                </TableCell>
              </TableRow>
            ) : (
              fields.map((field, index) => <LineRow key={field.id} index={index} ownerId={ownerId} onRemove={() => remove(index)} />)
            )}
          </TableBody>
        </Table>
      </TableContainer>

      {pickerOpen && !isEmpty(ownerId) && !isEmpty(warehouseId) ? (
        <InventoryPickerDialog
          open={pickerOpen}
          onClose={() => setPickerOpen(false)}
          onSelect={onInventorySelect}
          preset={{ warehouseId: Number(warehouseId), ownerId: Number(ownerId) }}
        />
      ) : null}
    </>
  );
};

/**
 * Hands the form's getValues to the dialog: react-hook-form leaves disabled fields (owner and warehouse,
 * fixed while lines exist) out of the submitted values, but the add body needs them.
 */
const GetValuesBridge = ({ target }: { target: MutableRefObject<(() => Partial<JudgementFormValues>) | null> }) => {
  const { getValues } = useFormContext<JudgementFormValues>();
  target.current = getValues as () => Partial<JudgementFormValues>;
  return null;
};

export interface JudgementEditDialogProps {
  /** The adjustment to edit; absent to add one. */
  id?: Identifier;
  onClose: () => void;
  onSaved: () => void;
}

export const JudgementEditDialog = ({ id, onClose, onSaved }: JudgementEditDialogProps) => {
  const mode = id === undefined || id === null ? 'add' : 'edit';
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const formId = `judgement-edit-${useId().replace(/:/g, '')}`;
  const [saving, setSaving] = useState(false);
  const getValuesRef = useRef<(() => Partial<JudgementFormValues>) | null>(null);
  const { data, isPending, error } = useGetOne<RaRecord>(JUDGEMENT_RESOURCE, { id: id as Identifier }, { enabled: mode === 'edit' });
  const record = data as unknown as JudgementRecord | undefined;
  const resolver = useMemo(() => yupResolver(judgementFormSchema(translate)) as unknown as Resolver<any>, [translate]);
  const defaultValues = useMemo(() => formValuesOf(mode === 'edit' ? record : null), [mode, record]);

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      const all = getValuesRef.current?.() ?? {};
      const given = values as unknown as JudgementFormValues;
      const v: JudgementFormValues = { ...given, ownerId: given.ownerId ?? all.ownerId ?? null, warehouseId: given.warehouseId ?? all.warehouseId ?? null };
      if (mode === 'add') await judgementApi.add(dataProvider, toAddBody(v));
      else await judgementApi.edit(dataProvider, toEditBody(id as Identifier, v));
      notify('app.judgement.success', { type: 'success' });
      onSaved();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const loading = mode === 'edit' && isPending;
  const title = mode === 'add' ? translate('app.judgement.dialog.add') : translate('app.judgement.dialog.edit', { no: record?.judgementNo ?? '' });

  return (
    <JudgementDialog
      onClose={onClose}
      title={title}
      busy={saving}
      testId="judgement-edit-dialog"
      actions={<DialogButtons onCancel={onClose} form={formId} busy={saving} disabled={loading || Boolean(error)} label="app.judgement.action.save" testId="judgement-save" />}
    >
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : error ? (
        <Box sx={{ color: 'error.main', p: 2 }}>{errorMessage(error)}</Box>
      ) : (
        <ResourceContextProvider value={JUDGEMENT_RESOURCE}>
          <Form
            id={formId}
            key={mode === 'edit' ? String(id) : 'add'}
            record={undefined}
            defaultValues={defaultValues}
            resolver={resolver}
            onSubmit={submit}
            disableInvalidFormNotification
          >
            <GetValuesBridge target={getValuesRef} />
            <JudgementFormBody mode={mode} />
          </Form>
        </ResourceContextProvider>
      )}
    </JudgementDialog>
  );
};
