/**
 * The value of a date-time input (InstantInput.tsx): the form holds ISO 8601 UTC text of the instant picked in
 * the browser's zone (issue 26: the server stores what the user saw whatever its own zone), null when empty,
 * or `invalid` while the typed text names no instant, for the form's date rule to refuse with the label.
 */
export function instantValue(d: Date | 'invalid' | null): string | null {
  return d === null ? null : d === 'invalid' || Number.isNaN(d.getTime()) ? 'invalid' : d.toISOString();
}

/** What {@link InstantInput} hands its lazily loaded picker (InstantPicker.tsx). */
export interface InstantPickerProps {
  /** The instant shown, null for none. */
  value: Date | null;
  /** A picked or typed instant; `'invalid'` while the typed text names none; null when cleared. */
  onChange(value: Date | 'invalid' | null): void;
  onBlur?(): void;
  label: string;
  disabled?: boolean;
  error?: boolean;
  helperText?: React.ReactNode;
  /** `data-testid` of the text input. */
  testId?: string;
  autoFocus?: boolean;
  required?: boolean;
  name?: string;
}
