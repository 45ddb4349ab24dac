/**
 * Pieces the scanning screens share (issue 29):
 * - `useWarehouses()` + `<WarehouseSelect>`: the warehouses in the user's scope, one chosen (the only one is
 *   chosen at once);
 * - `<StepField>`: one step's input of a scan sequence (location, SKU, quantity): Enter submits, the error under
 *   it (the server msg or the screen's words), `focusStep(ref)` moves the cursor to it with its text selected,
 *   so a scanner can overwrite it.
 */
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useDataProvider, useTranslate } from 'react-admin';
import { errorMessage } from '../../widgets/errorMessage';
import { floorApi } from './floorApi';

/** Milliseconds after which focus is asked for again (a render after an awaited call may come later). */
const REFOCUS_MS = 150;

/** The latest focus request: an older one's second try must not take the focus from a newer step. */
let focusRequest = 0;

/**
 * Focuses (and selects, for an input) the element after the render that shows or enables it, asked again once
 * if it did not take, unless another step asked since.
 */
export const focusStep = (ref: RefObject<HTMLInputElement | HTMLButtonElement | null>) => {
  const request = ++focusRequest;
  const take = () => {
    if (request !== focusRequest) return;
    ref.current?.focus();
    if (ref.current instanceof HTMLInputElement) ref.current.select();
  };
  setTimeout(take, 0);
  setTimeout(() => document.activeElement !== ref.current && take(), REFOCUS_MS);
};

export interface StepFieldProps {
  inputRef: RefObject<HTMLInputElement | null>;
  /** Message key of the label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onEnter: () => void;
  error?: string;
  hint?: string;
  testId: string;
  disabled?: boolean;
  number?: boolean;
  autoFocus?: boolean;
  width?: number | string;
}

export const StepField = ({ inputRef, label, value, onChange, onEnter, error, hint, testId, disabled, number, autoFocus, width }: StepFieldProps) => {
  const translate = useTranslate();
  return (
    <TextField
      inputRef={inputRef}
      autoFocus={autoFocus}
      label={translate(label)}
      value={value}
      error={Boolean(error)}
      helperText={error ?? (hint ? translate(hint) : ' ')}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        onEnter();
      }}
      sx={{ width: width ?? 260 }}
      slotProps={{
        htmlInput: { 'data-testid': testId, autoComplete: 'off', maxLength: 100, ...(number ? { inputMode: 'numeric' } : {}) },
        formHelperText: { 'data-testid': error ? `${testId}-error` : undefined } as object,
      }}
    />
  );
};

/** The warehouses the user may work in; the choice (the only one when there is one). */
export function useWarehouses(): { warehouses: Array<{ id: number; name: string }>; warehouseId: number | ''; setWarehouseId: (id: number | '') => void; error?: string } {
  const dataProvider = useDataProvider();
  const [warehouses, setWarehouses] = useState<Array<{ id: number; name: string }>>([]);
  const [warehouseId, setWarehouseId] = useState<number | ''>('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    floorApi.warehouses(dataProvider).then(
      (list) => {
        setWarehouses(list);
        if (list.length === 1) setWarehouseId(list[0].id);
      },
      (e) => setError(errorMessage(e)),
    );
  }, [dataProvider]);
  return { warehouses, warehouseId, setWarehouseId, error };
}

export const WarehouseSelect = ({ box, testId, children }: { box: ReturnType<typeof useWarehouses>; testId: string; children?: ReactNode }) => {
  const translate = useTranslate();
  return (
    <TextField
      select
      label={translate('resources.moveLine.fields.warehouseId')}
      value={box.warehouseId}
      onChange={(e) => box.setWarehouseId(e.target.value === '' ? '' : Number(e.target.value))}
      error={Boolean(box.error)}
      helperText={box.error ?? ' '}
      sx={{ width: 260 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      {box.warehouses.map((w) => (
        <MenuItem key={w.id} value={w.id} data-testid={`${testId}-option`}>
          {w.name}
        </MenuItem>
      ))}
      {children}
    </TextField>
  );
};
