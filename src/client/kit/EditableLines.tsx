/**
 * The lines of a document form (react-hook-form field array `lines`) and the inputs around them:
 * - `useDocumentLines`: the field array, the watched owner and warehouse, the lines error, and `add` guarded
 *   by "select owner first" / "select warehouse first" (spec 8: lines belong to the owner and warehouse);
 * - `OwnerWarehouseInputs`: goods owner first, then warehouse (enabled ones; picked by themselves when there
 *   is only one on add; fixed on edit and while lines exist);
 * - `EditableLinesTable`: the "Lines" title with the add button(s), the lines error, an optional scan input
 *   (kit/LinesScanInput: a scanned SKU adds a line or counts on its line; issue 27 item 8), a numbered table with a
 *   remove button per row (`EditableLineRow`), and the inputs a row is made of: `SkuPickerInput` (the SKU
 *   picker preset to the owner), `BatchInput`, `QtyInput`;
 * - `SkuLinesTable`: the whole table for plain SKU lines (SKU, batch, a quantity column), with one Add line
 *   button (inbound and outbound orders).
 * Test ids `${testId}-line`, `-line-sku-picker`, `-line-batch`, `-line-qty`, `-line-remove`, `-lines-table`,
 * `-lines-error`, `-add-line`, `-form-owner`, `-form-warehouse`; labels `${ns}.line.*`, `${ns}.form.*`.
 */
import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { NumberInput, TextInput, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { OwnerInput, WarehouseInput } from '../widgets/EnabledRefInput';
import { SkuPicker } from '../widgets/SkuPicker';
import { isBlank } from './formRules';
import { keyOf, testIdOf, type DocumentNames } from './names';

export type FormMode = 'add' | 'edit';

export interface DocumentLines {
  /** One entry per line; `id` is the row's React key. */
  fields: Array<{ id: string }>;
  remove: (index: number) => void;
  /** Appends a line (no check) and clears the "add at least one line" error. */
  append: (line: Record<string, unknown>) => void;
  /** Appends a line when the owner and the warehouse are chosen; else says which one is missing. */
  add: (line: Record<string, unknown>) => void;
  /** True when the owner and the warehouse are chosen; else marks the missing one and says so. */
  ownerAndWarehouseChosen: () => boolean;
  ownerId: number | null;
  warehouseId: number | null;
  /** The error of the lines as a whole (none, too many), if any. */
  error: string | undefined;
}

/**
 * The lines of a document form. `warehouseField`: the form field holding the lines' warehouse (the resource's
 * scope warehouse field: `warehouseId`, a transfer's `fromWarehouseId`). `needsOwnerAndWarehouse`: lines of SKUs
 * are added only once the owner and the warehouse are chosen; other lines (a rate card's prices) at once.
 */
export function useDocumentLines(names: DocumentNames, warehouseField = 'warehouseId', needsOwnerAndWarehouse = true): DocumentLines {
  const translate = useTranslate();
  const notify = useNotify();
  const { control, setError, clearErrors } = useFormContext<{ lines: Record<string, unknown>[]; ownerId: unknown; warehouseId: unknown }>();
  const warehouseKey = warehouseField as 'warehouseId'; // typed as the usual field; any scope warehouse field works alike
  const { errors } = useFormState({ control, name: 'lines' });
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const ownerId = (useWatch({ name: 'ownerId' }) ?? null) as number | null;
  const warehouseId = (useWatch({ name: warehouseField }) ?? null) as number | null;

  // "select owner first" goes once the owner (or warehouse) is chosen
  useEffect(() => {
    if (!isBlank(ownerId)) clearErrors('ownerId');
  }, [ownerId, clearErrors]);
  useEffect(() => {
    if (!isBlank(warehouseId)) clearErrors(warehouseKey);
  }, [warehouseId, warehouseKey, clearErrors]);

  const missing = (field: 'ownerId' | 'warehouseId', rule: string) => {
    const key = keyOf(names, `rules.${rule}`);
    setError(field, { type: 'manual', message: translate(key) });
    notify(key, { type: 'warning' });
    return false;
  };
  const ownerAndWarehouseChosen = () => {
    if (!needsOwnerAndWarehouse) return true;
    if (isBlank(ownerId)) return missing('ownerId', 'owner_first');
    if (isBlank(warehouseId)) return missing(warehouseKey, 'warehouse_first');
    return true;
  };
  const appendLine = (line: Record<string, unknown>) => {
    append(line, { shouldFocus: false });
    clearErrors('lines');
  };
  const linesError = errors.lines as { root?: { message?: string }; message?: string } | undefined;
  return {
    fields,
    remove,
    append: appendLine,
    add: (line) => {
      if (ownerAndWarehouseChosen()) appendLine(line);
    },
    ownerAndWarehouseChosen,
    ownerId,
    warehouseId,
    error: linesError?.root?.message ?? linesError?.message,
  };
}

/** The form's two-column grid of header inputs. */
export const FormGrid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>{children}</Box>
);

/** Goods owner, then warehouse: fixed when `fixed` (on edit, or while lines exist). */
export const OwnerWarehouseInputs = ({ names, mode, fixed }: { names: DocumentNames; mode: FormMode; fixed: boolean }) => (
  <>
    <Box data-testid={testIdOf(names, 'form-owner')}>
      <OwnerInput
        label={keyOf(names, 'form.owner')}
        disabled={fixed}
        autoPick={mode === 'add'}
        fullWidth
        isRequired
        helperText={fixed && mode === 'add' ? keyOf(names, 'form.locked_hint') : undefined}
      />
    </Box>
    <Box data-testid={testIdOf(names, 'form-warehouse')}>
      <WarehouseInput label={keyOf(names, 'form.warehouse')} disabled={fixed} autoPick={mode === 'add'} fullWidth isRequired />
    </Box>
  </>
);

export interface LineInputProps {
  names: DocumentNames;
  index: number;
}

/** The SKU picker of line `index`, preset to the owner (and platform); keeps the SKU code and name for display. */
export const SkuPickerInput = ({ names, index, ownerId, ecPlatform }: LineInputProps & { ownerId: number | null; ecPlatform?: number }) => {
  const { setValue } = useFormContext();
  return (
    <Box data-testid={testIdOf(names, 'line-sku-picker')}>
      <SkuPicker
        source={`lines.${index}.skuId`}
        ownerId={ownerId}
        ecPlatform={ecPlatform}
        label={keyOf(names, 'line.sku')}
        fullWidth
        isRequired
        onPick={(record: RaRecord) => {
          setValue(`lines.${index}.sku`, record.sku ?? null);
          setValue(`lines.${index}.skuName`, record.name ?? null);
        }}
      />
    </Box>
  );
};

/** The batch number of line `index`. */
export const BatchInput = ({ names, index, maxLength }: LineInputProps & { maxLength: number }) => (
  <TextInput
    source={`lines.${index}.batchNo`}
    label={keyOf(names, 'line.batch_no')}
    helperText={false}
    size="small"
    fullWidth
    inputProps={{ maxLength, 'data-testid': testIdOf(names, 'line-batch') }}
  />
);

/** A whole quantity of line `index`: field `field`, label `${ns}.line.<label>`. */
export const QtyInput = ({ names, index, field, label }: LineInputProps & { field: string; label: string }) => (
  <NumberInput
    source={`lines.${index}.${field}`}
    label={keyOf(names, `line.${label}`)}
    helperText={false}
    isRequired
    size="small"
    fullWidth
    inputProps={{ 'data-testid': testIdOf(names, 'line-qty') }}
  />
);

/** One row: its number, the screen's cells, the remove button. `lineKind` becomes `data-line-kind`. */
export const EditableLineRow = ({ names, index, onRemove, lineKind, children }: LineInputProps & { onRemove: () => void; lineKind?: string; children: ReactNode }) => {
  const translate = useTranslate();
  const removeLabel = translate(keyOf(names, 'action.remove_line'));
  return (
    <TableRow data-testid={testIdOf(names, 'line')} data-line-kind={lineKind} sx={{ verticalAlign: 'top' }}>
      <TableCell>{index + 1}</TableCell>
      {children}
      <TableCell>
        <Tooltip title={removeLabel}>
          <IconButton size="small" aria-label={removeLabel} onClick={onRemove} data-testid={testIdOf(names, 'line-remove')}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
};

export interface EditableLinesTableProps {
  names: DocumentNames;
  lines: DocumentLines;
  /** Column keys between the number and the remove button: headers `${ns}.line.<key>`. */
  columns: string[];
  /** Header label keys in the order of `columns`, when they are not `${ns}.line.<key>` (e.g. manifest labels). */
  labels?: string[];
  /** The add button(s) beside the title. */
  actions: ReactNode;
  /** Shown between the title and the table: the scan input (kit/LinesScanInput), if the lines take one. */
  scan?: ReactNode;
  /** The row of line `index` (an EditableLineRow). */
  renderRow: (index: number, key: string) => ReactNode;
}

export const EditableLinesTable = ({ names, lines, columns, labels, actions, scan, renderRow }: EditableLinesTableProps) => {
  const translate = useTranslate();
  const head = (label: string, width?: number) => (
    <TableCell key={label} sx={{ fontWeight: 600, width }}>
      {translate(label)}
    </TableCell>
  );
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1, mb: 1 }}>
        <Typography variant="subtitle1" sx={{ flex: '1 1 auto', fontWeight: 600 }}>
          {translate(keyOf(names, 'form.lines'))}
        </Typography>
        {actions}
      </Box>
      {scan}
      {lines.error ? (
        <Typography variant="body2" color="error" sx={{ mb: 1 }} data-testid={testIdOf(names, 'lines-error')}>
          {lines.error}
        </Typography>
      ) : null}
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" data-testid={testIdOf(names, 'lines-table')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <TableHead>
            <TableRow>
              {head(keyOf(names, 'line.no'), 48)}
              {columns.map((c, i) => head(labels?.[i] ?? keyOf(names, `line.${c}`)))}
              {head(keyOf(names, 'column.operations'), 56)}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.fields.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + 2} align="center" sx={{ color: 'text.secondary' }}>
                  {translate(keyOf(names, 'form.no_lines'))}
                </TableCell>
              </TableRow>
            ) : (
              lines.fields.map((field, index) => renderRow(index, field.id))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
};

export interface SkuLinesTableProps {
  names: DocumentNames;
  lines: DocumentLines;
  /** The quantity field of a line (e.g. plannedQty) and its column key (e.g. planned_qty). */
  qtyField: string;
  qtyColumn: string;
  batchMaxLength: number;
  /** A new, empty line. */
  newLine: () => Record<string, unknown>;
  /** Preset platform of the SKU picker (e.g. noon orders list noon SKUs). */
  ecPlatform?: number;
}

/** Lines of SKU + batch + quantity with an "Add line" button (`${ns}.action.add_line`). */
export const SkuLinesTable = ({ names, lines, qtyField, qtyColumn, batchMaxLength, newLine, ecPlatform }: SkuLinesTableProps) => {
  const translate = useTranslate();
  return (
    <EditableLinesTable
      names={names}
      lines={lines}
      columns={['sku', 'batch_no', qtyColumn]}
      actions={
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => lines.add(newLine())} data-testid={testIdOf(names, 'add-line')}>
          {translate(keyOf(names, 'action.add_line'))}
        </Button>
      }
      renderRow={(index, key) => (
        <EditableLineRow key={key} names={names} index={index} onRemove={() => lines.remove(index)}>
          <TableCell sx={{ minWidth: 220 }}>
            <SkuPickerInput names={names} index={index} ownerId={lines.ownerId} ecPlatform={ecPlatform} />
          </TableCell>
          <TableCell sx={{ minWidth: 140 }}>
            <BatchInput names={names} index={index} maxLength={batchMaxLength} />
          </TableCell>
          <TableCell sx={{ minWidth: 120 }}>
            <QtyInput names={names} index={index} field={qtyField} label={qtyColumn} />
          </TableCell>
        </EditableLineRow>
      )}
    />
  );
};
