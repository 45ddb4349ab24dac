/**
 * A date-time input of a react-admin form (spec 2.10 date-time range input; the filter bars' date ranges and
 * the forms' date-time fields; issue 27 item 13/14). The form holds the instant as ISO 8601 UTC text (the
 * server reads it whatever its zone, issue 26), null when empty, or the text `invalid` while the typed text
 * names no instant (the form's date rule then refuses it with the field's label; a filter codec drops it).
 *
 * Until the user first touches it, it is a plain read-only text box showing the value as `yyyy-MM-dd HH:mm`;
 * the picker itself (InstantPicker.tsx, MUI X + date-fns, ~40 KB) loads then, or 3 s after the screen is up,
 * so the first list does not wait for it (bench/bundle.ts).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import TextField from '@mui/material/TextField';
import { useInput, useTranslate } from 'react-admin';
import { formatDateTime, toDate } from '../DateTimeField';
import { instantValue } from './value';

const loadPicker = () => import('./InstantPicker');
const InstantPicker = lazy(loadPicker);
const PRELOAD_MS = 3000;

export interface InstantInputProps {
  source: string;
  /** A translation key or text. */
  label: string;
  disabled?: boolean;
  /** `data-testid` of the text box. */
  testId?: string;
  helperText?: false;
  isRequired?: boolean;
}

export const InstantInput = ({ source, label, disabled, testId, helperText, isRequired }: InstantInputProps) => {
  const translate = useTranslate();
  const { field, fieldState, isRequired: required } = useInput({ source, isRequired });
  const [active, setActive] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => void loadPicker(), PRELOAD_MS);
    return () => clearTimeout(t);
  }, []);
  const text = translate(label, { _: label });
  const error = fieldState.invalid;
  const message = helperText === false ? undefined : fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : undefined;
  const plain = (
    <TextField
      label={text}
      value={formatDateTime(field.value)}
      disabled={disabled}
      required={required}
      error={error}
      helperText={message}
      fullWidth
      variant="filled"
      onFocus={() => setActive(true)}
      onMouseDown={() => setActive(true)}
      slotProps={{ htmlInput: { readOnly: true, 'data-testid': testId } }}
    />
  );
  if (!active) return plain;
  const value = field.value && field.value !== 'invalid' ? toDate(field.value) ?? null : null;
  return (
    <Suspense fallback={plain}>
      <InstantPicker
        value={value}
        onChange={(d) => field.onChange(instantValue(d))}
        onBlur={field.onBlur}
        label={text}
        disabled={disabled}
        error={error}
        helperText={message}
        testId={testId}
        autoFocus
        required={required}
        name={field.name}
      />
    </Suspense>
  );
};
