/**
 * StringsInput: the multi-line multi-input (spec 2.10: one value per line; spec 5: blank lines dropped,
 * each line trimmed; spec 9: at most 10000 characters). The form holds a string array; the text area shows
 * it one value per line.
 *
 * The typed text is kept locally: parsing on every keystroke (trim, drop blanks) and formatting back would
 * swallow a new line or a space as soon as it is typed. The text is re-derived from the form value only
 * when that value changes from outside (record loaded, form reset).
 */
import { useEffect, useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import TextField from '@mui/material/TextField';
import {
  FieldTitle,
  InputHelperText,
  useInput,
  useResourceContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { STRINGS_MAX_CHARS, formatLines, linesLength, parseLines } from './lines';

export interface StringsInputProps {
  source: string;
  label?: string | false;
  helperText?: ReactNode;
  validate?: Validator | Validator[];
  disabled?: boolean;
  readOnly?: boolean;
  defaultValue?: string[];
  fullWidth?: boolean;
  minRows?: number;
  maxRows?: number;
  className?: string;
  /** Shows the required mark (the rule itself lives in the form's schema). */
  isRequired?: boolean;
}

const identity = (v: unknown) => v;

/** At most `max` characters once joined one value per line (react-admin translates the message). */
export const maxLinesChars =
  (max: number = STRINGS_MAX_CHARS): Validator =>
  (value: unknown) =>
    linesLength(value) > max ? { message: 'wms.widgets.tooLong', args: { max } } : undefined;

const sameLines = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export const StringsInput = ({
  source,
  label,
  helperText,
  validate,
  disabled,
  readOnly,
  defaultValue,
  fullWidth = true,
  minRows = 3,
  maxRows = 12,
  className,
  isRequired: isRequiredOption,
}: StringsInputProps) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const validators = useMemo<Validator[]>(
    () => [maxLinesChars(STRINGS_MAX_CHARS), ...(validate === undefined ? [] : Array.isArray(validate) ? validate : [validate])],
    [validate],
  );
  const {
    id,
    field,
    fieldState: { error, invalid },
    isRequired,
  } = useInput({ source, defaultValue, format: identity, parse: identity, validate: validators, disabled, readOnly, isRequired: isRequiredOption });

  const [text, setText] = useState(() => formatLines(field.value));

  // Follow outside changes of the value; keep the typed text while it still parses to the same value.
  useEffect(() => {
    const incoming = parseLines(field.value);
    setText((current) => (sameLines(parseLines(current), incoming) ? current : formatLines(incoming)));
  }, [field.value]);

  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = event.target.value;
    setText(next);
    field.onChange(parseLines(next));
  };

  // Forms validated by a resolver skip field-level rules: still flag an over-long text here.
  const tooLong = linesLength(text) > STRINGS_MAX_CHARS;
  const errorText = error?.message || (tooLong ? translate('wms.widgets.tooLong', { max: STRINGS_MAX_CHARS }) : undefined);

  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={handleChange}
      onBlur={field.onBlur}
      multiline
      minRows={minRows}
      maxRows={maxRows}
      fullWidth={fullWidth}
      disabled={disabled || readOnly}
      className={`ra-input ra-input-${source}${className ? ` ${className}` : ''}`}
      error={invalid || tooLong}
      slotProps={{ htmlInput: { readOnly } }}
      label={label === false || label === '' ? null : <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
      helperText={<InputHelperText error={errorText} helperText={helperText} />}
    />
  );
};
