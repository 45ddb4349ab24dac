/**
 * Create / edit dialog of an inventory adjustment (issue 4), on the documents kit's DocumentFormDialog (spec
 * 2.8 / 9: 80% wide, closes on Cancel, not on a click outside).
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
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import InventoryIcon from '@mui/icons-material/Inventory';
import { TextInput, useDataProvider, useNotify, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { EnumInput } from '../../widgets/EnumInput';
import { InventoryPickerDialog } from '../inventory/InventoryPickerDialog';
import { DocumentFormDialog } from '../../kit/DocumentFormDialog';
import {
  BatchInput,
  EditableLineRow,
  EditableLinesTable,
  FormGrid,
  OwnerWarehouseInputs,
  QtyInput,
  SkuPickerInput,
  useDocumentLines,
  type FormMode,
} from '../../kit/EditableLines';
import { isBlank } from '../../kit/formRules';
import { orDash } from '../../kit/LinesTable';
import { BATCH_NO_MAX, JUDGEMENT_NAMES, JUDGEMENT_RESOURCE, REASON_MAX, type JudgementRecord } from './constants';
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

const N = JUDGEMENT_NAMES;

/** One line: read-only record data for an inventory line, SKU picker + batch for a new one. */
const LineRow = ({ index, ownerId, onRemove }: { index: number; ownerId: number | null; onRemove: () => void }) => {
  const translate = useTranslate();
  const line = (useWatch({ name: `lines.${index}` }) ?? {}) as LineValues;
  const fromInventory = !isBlank(line.inventoryId);

  return (
    <EditableLineRow names={N} index={index} onRemove={onRemove} lineKind={fromInventory ? 'inventory' : 'sku'}>
      <TableCell sx={{ minWidth: 170 }}>
        {fromInventory ? (
          <>
            <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="judgement-line-sku">
              {orDash(line.sku)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {line.skuName ?? ''}
            </Typography>
            <Chip size="small" variant="outlined" label={translate('app.judgement.line.source_inventory')} sx={{ mt: 0.5 }} />
          </>
        ) : (
          <>
            <SkuPickerInput names={N} index={index} ownerId={ownerId} />
            <Typography variant="caption" color="text.secondary" component="div">
              {translate('app.judgement.line.source_sku')}
            </Typography>
          </>
        )}
      </TableCell>
      <TableCell sx={{ minWidth: 110 }}>
        {fromInventory ? <Typography variant="body2">{line.batchNo || '—'}</Typography> : <BatchInput names={N} index={index} maxLength={BATCH_NO_MAX} />}
      </TableCell>
      <TableCell align="right" data-testid="judgement-line-inventory-qty">
        {fromInventory ? orDash(line.inventoryQty) : '—'}
      </TableCell>
      <TableCell align="right" data-testid="judgement-line-lock-qty">
        {fromInventory ? orDash(line.inventoryLockQty) : '—'}
      </TableCell>
      <TableCell sx={{ minWidth: 110 }}>
        <EnumInput source={`lines.${index}.type`} enumName="JudgementType" label="app.judgement.line.type" helperText={false} isRequired size="small" fullWidth data-testid="judgement-line-type" />
      </TableCell>
      <TableCell sx={{ minWidth: 90 }}>
        <QtyInput names={N} index={index} field="qty" label="qty" />
      </TableCell>
      <TableCell sx={{ minWidth: 140 }}>
        <TextInput source={`lines.${index}.reason`} label="app.judgement.line.reason" helperText={false} size="small" fullWidth inputProps={{ maxLength: REASON_MAX, 'data-testid': 'judgement-line-reason' }} />
      </TableCell>
    </EditableLineRow>
  );
};

/** The form's inputs: owner, warehouse, remark, the lines with their two add buttons. */
const JudgementFormBody = ({ mode }: { mode: FormMode }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { getValues } = useFormContext<JudgementFormValues>();
  const lines = useDocumentLines(N);
  const [pickerOpen, setPickerOpen] = useState(false);

  const onInventorySelect = (record: RaRecord) => {
    setPickerOpen(false);
    const current = (getValues('lines') ?? []) as LineValues[];
    if (current.some((l) => !isBlank(l.inventoryId) && String(l.inventoryId) === String(record.id))) {
      notify('app.judgement.rules.duplicate_inventory', { type: 'warning' });
      return;
    }
    lines.append(lineFromInventory(record) as Record<string, unknown>);
  };

  return (
    <>
      <FormGrid>
        <OwnerWarehouseInputs names={N} mode={mode} fixed={mode === 'edit' || lines.fields.length > 0} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="remark" label="app.judgement.form.remark" multiline minRows={2} fullWidth inputProps={{ 'data-testid': 'judgement-form-remark' }} />
        </Box>
      </FormGrid>

      <EditableLinesTable
        names={N}
        lines={lines}
        columns={['sku', 'batch_no', 'inventory_qty', 'inventory_lock_qty', 'type', 'qty', 'reason']}
        actions={
          <>
            <Button size="small" variant="outlined" startIcon={<InventoryIcon />} onClick={() => lines.ownerAndWarehouseChosen() && setPickerOpen(true)} data-testid="judgement-add-from-inventory">
              {translate('app.judgement.action.add_from_inventory')}
            </Button>
            <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => lines.add(newSkuLine() as Record<string, unknown>)} data-testid="judgement-add-sku">
              {translate('app.judgement.action.add_sku')}
            </Button>
          </>
        }
        renderRow={(index, key) => <LineRow key={key} index={index} ownerId={lines.ownerId} onRemove={() => lines.remove(index)} />}
      />

      {pickerOpen && !isBlank(lines.ownerId) && !isBlank(lines.warehouseId) ? (
        <InventoryPickerDialog
          open={pickerOpen}
          onClose={() => setPickerOpen(false)}
          onSelect={onInventorySelect}
          preset={{ warehouseId: Number(lines.warehouseId), ownerId: Number(lines.ownerId) }}
        />
      ) : null}
    </>
  );
};

export interface JudgementEditDialogProps {
  /** The adjustment to edit; absent to add one. */
  id?: Identifier;
  onClose: () => void;
  onSaved: () => void;
}

export const JudgementEditDialog = ({ id, onClose, onSaved }: JudgementEditDialogProps) => {
  const dataProvider = useDataProvider();
  return (
    <DocumentFormDialog<JudgementFormValues>
      names={N}
      resource={JUDGEMENT_RESOURCE}
      id={id}
      numberField="judgementNo"
      valuesOf={(record) => formValuesOf(record as JudgementRecord | null)}
      schema={judgementFormSchema}
      save={(mode, v) => (mode === 'add' ? judgementApi.add(dataProvider, toAddBody(v)) : judgementApi.edit(dataProvider, toEditBody(id as Identifier, v)))}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(mode) => <JudgementFormBody mode={mode} />}
    </DocumentFormDialog>
  );
};
