/**
 * Create / edit dialog of an inbound order (issue 5; spec 9: 80% wide, closes on Cancel, not on a click
 * outside). The order type is the list's (fixed). Goods owner first, then warehouse (only enabled ones;
 * fixed on edit and while lines exist, since every line's SKU belongs to the owner); adding a line without
 * them says "select owner first" / "select warehouse first" (spec 8). Then store order number, waybill
 * number, (customer returns:) source outbound number (required) and return waybill number, planned arrival,
 * remark, and the lines: SKU (SKU picker preset to the owner), batch number, planned quantity (positive
 * integer, spec 5). Rules are checked (formSchema.ts) before anything is sent; a server failure shows its msg.
 */
import { useId, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import {
  DateTimeInput,
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
import { SkuPicker } from '../../widgets/SkuPicker';
import { OwnerInput, WarehouseInput } from '../../widgets';
import { errorMessage } from '../../widgets/errorMessage';
import { BATCH_NO_MAX, INBOUND_RESOURCE, InboundOrderType, NO_MAX, REMARK_MAX, type InboundRecord } from './constants';
import { useEnumLabel } from './fields';
import { DialogButtons, InboundDialog } from './InboundDialog';
import { formValuesOf, inboundFormSchema, newLine, toAddBody, toEditBody, type InboundFormValues } from './formSchema';
import { inboundApi } from './inboundApi';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

const HeadCell = ({ label, width }: { label: string; width?: number | string }) => {
  const translate = useTranslate();
  return <TableCell sx={{ fontWeight: 600, width }}>{translate(label)}</TableCell>;
};

const LineRow = ({ index, ownerId, onRemove }: { index: number; ownerId: number | null; onRemove: () => void }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext<InboundFormValues>();
  return (
    <TableRow data-testid="inbound-line" sx={{ verticalAlign: 'top' }}>
      <TableCell>{index + 1}</TableCell>
      <TableCell sx={{ minWidth: 220 }}>
        <Box data-testid="inbound-line-sku-picker">
          <SkuPicker
            source={`lines.${index}.skuId`}
            ownerId={ownerId}
            label="app.inbound.line.sku"
            fullWidth
            onPick={(record: RaRecord) => {
              setValue(`lines.${index}.sku`, record.sku ?? null);
              setValue(`lines.${index}.skuName`, record.name ?? null);
            }}
          />
        </Box>
      </TableCell>
      <TableCell sx={{ minWidth: 140 }}>
        <TextInput source={`lines.${index}.batchNo`} label="app.inbound.line.batch_no" helperText={false} size="small" fullWidth inputProps={{ maxLength: BATCH_NO_MAX, 'data-testid': 'inbound-line-batch' }} />
      </TableCell>
      <TableCell sx={{ minWidth: 120 }}>
        <NumberInput source={`lines.${index}.plannedQty`} label="app.inbound.line.planned_qty" helperText={false} min={1} step={1} size="small" fullWidth inputProps={{ 'data-testid': 'inbound-line-qty' }} />
      </TableCell>
      <TableCell>
        <Tooltip title={translate('app.inbound.action.remove_line')}>
          <IconButton size="small" aria-label={translate('app.inbound.action.remove_line')} onClick={onRemove} data-testid="inbound-line-remove">
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
};

const InboundFormBody = ({ mode, type }: { mode: 'add' | 'edit'; type: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const enumLabel = useEnumLabel();
  const { control, setError, clearErrors } = useFormContext<InboundFormValues>();
  const { errors } = useFormState({ control, name: 'lines' });
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const ownerId = (useWatch({ name: 'ownerId' }) ?? null) as number | null;
  const warehouseId = (useWatch({ name: 'warehouseId' }) ?? null) as number | null;
  const fixed = mode === 'edit' || fields.length > 0;
  const isReturn = type === InboundOrderType.RETURN;

  const addLine = () => {
    if (isEmpty(ownerId)) {
      setError('ownerId', { type: 'manual', message: translate('app.inbound.rules.owner_first') });
      notify('app.inbound.rules.owner_first', { type: 'warning' });
      return;
    }
    if (isEmpty(warehouseId)) {
      setError('warehouseId', { type: 'manual', message: translate('app.inbound.rules.warehouse_first') });
      notify('app.inbound.rules.warehouse_first', { type: 'warning' });
      return;
    }
    append(newLine(), { shouldFocus: false });
    clearErrors('lines');
  };

  const linesError = errors.lines as { root?: { message?: string }; message?: string } | undefined;
  const linesMessage = linesError?.root?.message ?? linesError?.message;
  const text = (source: keyof InboundFormValues, label: string, testId: string) => (
    <TextInput source={source} label={label} fullWidth inputProps={{ maxLength: NO_MAX, 'data-testid': testId }} />
  );

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="inbound-form-type">
        {translate('app.inbound.form.type')}: {enumLabel('InboundOrderType', type)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>
        <Box data-testid="inbound-form-owner">
          <OwnerInput label="app.inbound.form.owner" disabled={fixed} autoPick={mode === 'add'} fullWidth helperText={fixed && mode === 'add' ? 'app.inbound.form.locked_hint' : undefined} />
        </Box>
        <Box data-testid="inbound-form-warehouse">
          <WarehouseInput label="app.inbound.form.warehouse" disabled={fixed} autoPick={mode === 'add'} fullWidth />
        </Box>
        {text('storeOrderNo', 'app.inbound.form.store_order_no', 'inbound-form-store-order-no')}
        {text('waybillNo', 'app.inbound.form.waybill_no', 'inbound-form-waybill-no')}
        {isReturn ? text('sourceOutboundNo', 'app.inbound.form.source_outbound_no', 'inbound-form-source-outbound-no') : null}
        {isReturn ? text('returnWaybillNo', 'app.inbound.form.return_waybill_no', 'inbound-form-return-waybill-no') : null}
        <DateTimeInput source="plannedArrivalTime" label="app.inbound.form.planned_arrival" fullWidth inputProps={{ 'data-testid': 'inbound-form-planned-arrival' }} />
        <TextInput source="remark" label="app.inbound.form.remark" fullWidth inputProps={{ maxLength: REMARK_MAX, 'data-testid': 'inbound-form-remark' }} />
      </Box>

      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, mb: 1 }}>
        <Typography variant="subtitle1" sx={{ flex: '1 1 auto', fontWeight: 600 }}>
          {translate('app.inbound.form.lines')}
        </Typography>
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={addLine} data-testid="inbound-add-line">
          {translate('app.inbound.action.add_line')}
        </Button>
      </Box>
      {linesMessage ? (
        <Typography variant="body2" color="error" sx={{ mb: 1 }} data-testid="inbound-lines-error">
          {linesMessage}
        </Typography>
      ) : null}
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" data-testid="inbound-lines-table" sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <HeadCell label="app.inbound.line.no" width={48} />
              <HeadCell label="app.inbound.line.sku" />
              <HeadCell label="app.inbound.line.batch_no" />
              <HeadCell label="app.inbound.line.planned_qty" />
              <HeadCell label="app.inbound.column.operations" width={56} />
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} align="center" sx={{ color: 'text.secondary' }}>
                  {translate('app.inbound.form.no_lines')}
                </TableCell>
              </TableRow>
            ) : (
              fields.map((field, index) => <LineRow key={field.id} index={index} ownerId={ownerId} onRemove={() => remove(index)} />)
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
};

/** react-hook-form leaves disabled fields (owner, warehouse) out of the submitted values: read them all. */
const GetValuesBridge = ({ target }: { target: MutableRefObject<(() => Partial<InboundFormValues>) | null> }) => {
  const { getValues } = useFormContext<InboundFormValues>();
  target.current = getValues as () => Partial<InboundFormValues>;
  return null;
};

export interface InboundEditDialogProps {
  /** Order type of a new order (the list's). */
  type: number;
  /** The order to edit; absent to add one. */
  id?: Identifier;
  onClose: () => void;
  onSaved: () => void;
}

export const InboundEditDialog = ({ type, id, onClose, onSaved }: InboundEditDialogProps) => {
  const mode = id === undefined || id === null ? 'add' : 'edit';
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const formId = `inbound-edit-${useId().replace(/:/g, '')}`;
  const [saving, setSaving] = useState(false);
  const getValuesRef = useRef<(() => Partial<InboundFormValues>) | null>(null);
  const { data, isPending, error } = useGetOne<RaRecord>(INBOUND_RESOURCE, { id: id as Identifier }, { enabled: mode === 'edit' });
  const record = data as unknown as InboundRecord | undefined;
  const resolver = useMemo(() => yupResolver(inboundFormSchema(translate)) as unknown as Resolver<any>, [translate]);
  const defaultValues = useMemo(() => formValuesOf(type, mode === 'edit' ? record : null), [type, mode, record]);
  const formType = Number(defaultValues.type);

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      const all = getValuesRef.current?.() ?? {};
      const given = values as unknown as InboundFormValues;
      const v: InboundFormValues = {
        ...given,
        type: formType,
        ownerId: given.ownerId ?? all.ownerId ?? null,
        warehouseId: given.warehouseId ?? all.warehouseId ?? null,
      };
      if (mode === 'add') await inboundApi.add(dataProvider, toAddBody(v));
      else await inboundApi.edit(dataProvider, toEditBody(id as Identifier, v));
      notify('app.inbound.success', { type: 'success' });
      onSaved();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const loading = mode === 'edit' && isPending;
  const title = mode === 'add' ? translate('app.inbound.dialog.add') : translate('app.inbound.dialog.edit', { no: record?.orderNo ?? '' });

  return (
    <InboundDialog
      onClose={onClose}
      title={title}
      busy={saving}
      testId="inbound-edit-dialog"
      actions={<DialogButtons onCancel={onClose} form={formId} busy={saving} disabled={loading || Boolean(error)} label="app.inbound.action.save" testId="inbound-save" />}
    >
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : error ? (
        <Box sx={{ color: 'error.main', p: 2 }}>{errorMessage(error)}</Box>
      ) : (
        <ResourceContextProvider value={INBOUND_RESOURCE}>
          <Form id={formId} key={mode === 'edit' ? String(id) : 'add'} record={undefined} defaultValues={defaultValues} resolver={resolver} onSubmit={submit} disableInvalidFormNotification>
            <GetValuesBridge target={getValuesRef} />
            <InboundFormBody mode={mode} type={formType} />
          </Form>
        </ResourceContextProvider>
      )}
    </InboundDialog>
  );
};
