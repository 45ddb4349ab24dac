/**
 * The inventory adjustment's pieces the manifest cannot say (resources.yaml `inventoryJudgement.screen`; issue 4),
 * registered for the generated screen:
 * - column `judgementLineSummary`: the line count and `+gains / -losses` of a document;
 * - column `judgementSignedQty` (view lines): a line's quantity signed by gain (+) or loss (-);
 * - lines `judgementLines`: the create/edit form's lines. A line is an inventory record ("Add from
 *   inventory": the inventory picker preset to the warehouse and owner; SKU, batch, current and locked
 *   quantity shown read-only; one record once) or a SKU + batch for goods without a stock record ("Add SKU":
 *   the SKU picker preset to the owner); each with gain/loss, quantity and reason. Labels are the manifest's
 *   (line fields, `columns`, `form.lines.texts`); the rules are the lines resource's generated ones
 *   (skuId `requiredWithout: inventoryId`, screenForm.ts). Owner then warehouse first (spec 8).
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import InventoryIcon from '@mui/icons-material/Inventory';
import { useNotify, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { JudgementType } from '../../../../generated/shared/enums';
import { EditableLineRow, EditableLinesTable, type DocumentLines } from '../../kit/EditableLines';
import { isBlank } from '../../kit/formRules';
import { orDash } from '../../kit/LinesTable';
import { testIdOf } from '../../kit/names';
import { registerColumn, registerLines } from '../../kit/screen/registry';
import { newLine } from '../../kit/screen/screenForm';
import { LineCell } from '../../kit/screen/ScreenFormDialog';
import { fieldOf, type Screen } from '../../kit/screen/spec';
import { InventoryPickerDialog } from '../inventory/InventoryPickerDialog';

type Lines = ReadonlyArray<{ type?: unknown; qty?: unknown }> | null | undefined;

/** Gains and losses of a document's lines, e.g. `{ count: 3, gain: 12, loss: 3 }`. */
export function lineTotals(lines: Lines): { count: number; gain: number; loss: number } {
  let gain = 0;
  let loss = 0;
  const list = Array.isArray(lines) ? lines : [];
  for (const l of list) {
    const qty = Number(l.qty) || 0;
    if (Number(l.type) === JudgementType.GAIN) gain += qty;
    else if (Number(l.type) === JudgementType.LOSS) loss += qty;
  }
  return { count: list.length, gain, loss };
}

/** The short summary of a document's lines: `+12 / -3`. */
export function lineSummary(lines: Lines): string {
  const { gain, loss } = lineTotals(lines);
  return `+${gain} / -${loss}`;
}

registerColumn('judgementLineSummary', ({ screen }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  return (
    <Box data-testid={testIdOf(screen.names, 'lines-summary')} sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2">{translate('wms.doc.lines_count', { smart_count: lineTotals(record?.lines).count })}</Typography>
      <Typography variant="caption" color="text.secondary">
        {lineSummary(record?.lines)}
      </Typography>
    </Box>
  );
});

registerColumn('judgementSignedQty', () => {
  const line = useRecordContext();
  return <span>{`${Number(line?.type) === JudgementType.LOSS ? '-' : '+'}${line?.qty ?? 0}`}</span>;
});

/** A line of an inventory record from the picker (spec 3 inventory record: id, skuId, qty, lockQty, batchNo, skuEntity). */
export function lineFromInventory(screen: Screen, record: RaRecord): Record<string, unknown> {
  const entity = (record.skuEntity ?? {}) as Record<string, unknown>;
  return {
    ...newLine(screen),
    inventoryId: Number(record.id),
    skuId: record.skuId ?? entity.id ?? null,
    batchNo: record.batchNo ?? '',
    type: JudgementType.GAIN,
    sku: entity.sku ?? record.sku ?? null,
    skuName: entity.name ?? record.skuName ?? null,
    inventoryQty: record.qty ?? null,
    inventoryLockQty: record.lockQty ?? null,
  };
}

/** One line: record data read-only for an inventory line, the SKU picker and batch for a SKU line. */
const LineRow = ({ screen, index, lines }: { screen: Screen; index: number; lines: DocumentLines }) => {
  const translate = useTranslate();
  const line = (useWatch({ name: `lines.${index}` }) ?? {}) as Record<string, unknown>;
  const res = screen.spec.form!.lines!.resource;
  const field = (n: string) => fieldOf(screen, res, n)!;
  const cell = (n: string) => <LineCell screen={screen} f={field(n)} index={index} lines={lines} />;
  const names = screen.names;
  const fromInventory = !isBlank(line.inventoryId);
  return (
    <EditableLineRow names={names} index={index} onRemove={() => lines.remove(index)} lineKind={fromInventory ? 'inventory' : 'sku'}>
      {fromInventory ? (
        <>
          <TableCell sx={{ minWidth: 170 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid={testIdOf(names, 'line-sku')}>
              {orDash(line.sku)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {String(line.skuName ?? '')}
            </Typography>
            <Chip size="small" variant="outlined" label={translate(`resources.${res}.fields.inventoryId`)} sx={{ mt: 0.5 }} />
          </TableCell>
          <TableCell>{orDash(line.batchNo)}</TableCell>
          <TableCell align="right" data-testid={testIdOf(names, 'line-inventory-qty')}>
            {orDash(line.inventoryQty)}
          </TableCell>
          <TableCell align="right" data-testid={testIdOf(names, 'line-lock-qty')}>
            {orDash(line.inventoryLockQty)}
          </TableCell>
        </>
      ) : (
        <>
          {cell('skuId')}
          {cell('batchNo')}
          <TableCell colSpan={2}>
            <Typography variant="caption" color="text.secondary">
              {translate(`resources.${screen.resource}.lines.fromSku`)}
            </Typography>
          </TableCell>
        </>
      )}
      {cell('type')}
      {cell('qty')}
      {cell('reason')}
    </EditableLineRow>
  );
};

registerLines('judgementLines', ({ screen, lines }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { getValues } = useFormContext();
  const [pickerOpen, setPickerOpen] = useState(false);
  const res = screen.spec.form!.lines!.resource;
  const text = (key: string) => `resources.${screen.resource}.lines.${key}`;
  const columns = ['skuId', 'batchNo', 'inventoryQty', 'inventoryLockQty', 'type', 'qty', 'reason'];
  // the record's quantities are the view lines' labelled columns; the others are line fields
  const labels = columns.map((n) => (fieldOf(screen, res, n) ? `resources.${res}.fields.${n}` : `resources.${screen.resource}.columns.${n}`));

  const onInventorySelect = (record: RaRecord) => {
    setPickerOpen(false);
    const current = (getValues('lines') ?? []) as Array<Record<string, unknown>>;
    if (current.some((l) => !isBlank(l.inventoryId) && String(l.inventoryId) === String(record.id))) {
      notify(text('duplicateInventory'), { type: 'warning' });
      return;
    }
    lines.append(lineFromInventory(screen, record));
  };

  return (
    <>
      <EditableLinesTable
        names={screen.names}
        lines={lines}
        columns={columns}
        labels={labels}
        actions={
          <>
            <Button size="small" variant="outlined" startIcon={<InventoryIcon />} onClick={() => lines.ownerAndWarehouseChosen() && setPickerOpen(true)} data-testid={testIdOf(screen.names, 'add-from-inventory')}>
              {translate(text('addFromInventory'))}
            </Button>
            <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => lines.add({ ...newLine(screen), type: JudgementType.GAIN })} data-testid={testIdOf(screen.names, 'add-sku')}>
              {translate(text('addSku'))}
            </Button>
          </>
        }
        renderRow={(index, key) => <LineRow key={key} screen={screen} index={index} lines={lines} />}
      />
      {pickerOpen && !isBlank(lines.ownerId) && !isBlank(lines.warehouseId) ? (
        <InventoryPickerDialog open onClose={() => setPickerOpen(false)} onSelect={onInventorySelect} preset={{ warehouseId: Number(lines.warehouseId), ownerId: Number(lines.ownerId) }} />
      ) : null}
    </>
  );
});
