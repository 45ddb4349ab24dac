/**
 * MultiLineInput: the multi-line multi-input of spec 2.10 ("dialog, up to 10000 characters, one value per
 * line, values joined by commas"; spec 5: blank lines dropped, each line trimmed; spec 9: limit 10000).
 *
 * A react-admin input whose value is one string of comma-joined values (e.g. the SKU list filter `sku`). The
 * text field can be typed in directly; its button opens a dialog with a text area showing one value per line.
 * Confirm joins the trimmed, non-blank lines with commas into the value; Cancel leaves the value as it was.
 *
 * With `suggest`, the text field also looks up values as they are typed (the SKU lookup of spec 2.8): the
 * last comma-separated part is the keyword, and picking a suggestion replaces that part.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { FieldTitle, InputHelperText, useInput, useResourceContext, useTranslate, type Validator } from 'react-admin';
import { STRINGS_MAX_CHARS, parseLines } from './lines';

/** Text area -> value: lines trimmed, blank lines dropped, joined by commas. */
export function linesToValue(text: string | null | undefined): string {
  return parseLines(text ?? '').join(',');
}

/** Value -> text area: one value per line (commas and new lines both split; blanks dropped). */
export function valueToLines(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = Array.isArray(value) ? value.join(',') : String(value);
  return text
    .split(/[,\r\n]+/)
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .join('\n');
}

export interface MultiLineSuggestion {
  value: string;
  label?: string;
}

export interface MultiLineInputProps {
  source: string;
  label?: string | false;
  /** Accepted for react-admin filter lists; this input has no own use for it. */
  alwaysOn?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  placeholder?: string;
  validate?: Validator | Validator[];
  /** Most characters of the dialog text (default 10000). */
  maxChars?: number;
  /** Look-up of values for the typed keyword (the last comma-separated part). */
  suggest?: (keyword: string) => Promise<MultiLineSuggestion[]>;
  className?: string;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
}

const identity = (v: unknown) => v;
const SUGGEST_DELAY_MS = 300;

export const MultiLineInput = ({
  source,
  label,
  disabled,
  helperText,
  placeholder,
  validate,
  maxChars = STRINGS_MAX_CHARS,
  suggest,
  className,
  fullWidth,
  size = 'small',
}: MultiLineInputProps) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const {
    id,
    field,
    fieldState: { error, invalid },
    isRequired,
  } = useInput({ source, format: identity, parse: identity, validate, disabled });
  const value = field.value === null || field.value === undefined ? '' : String(field.value);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [options, setOptions] = useState<MultiLineSuggestion[]>([]);
  const lookup = useRef(0);

  const keyword = value.split(',').pop()?.trim() ?? '';
  // look up suggestions for the last part, debounced; stale answers are dropped
  useEffect(() => {
    if (!suggest) return undefined;
    const ticket = ++lookup.current;
    const timer = setTimeout(() => {
      suggest(keyword)
        .then((found) => {
          if (ticket === lookup.current) setOptions(Array.isArray(found) ? found : []);
        })
        .catch(() => {
          if (ticket === lookup.current) setOptions([]);
        });
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [suggest, keyword]);

  const openDialog = () => {
    setText(valueToLines(value));
    setOpen(true);
  };
  const confirm = () => {
    field.onChange(linesToValue(text));
    field.onBlur();
    setOpen(false);
  };
  const count = parseLines(text).length;

  const labelNode = label === false ? undefined : <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />;
  const adornment = (
    <InputAdornment position="end">
      <Tooltip title={translate('wms.widgets.multiLine.open')}>
        <span>
          <IconButton
            size="small"
            edge="end"
            aria-label={translate('wms.widgets.multiLine.open')}
            onClick={openDialog}
            disabled={disabled}
            data-testid={`multi-line-open-${source}`}
          >
            <PlaylistAddIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </InputAdornment>
  );
  const helper = <InputHelperText error={error?.message} helperText={helperText ?? false} />;

  const textField = suggest ? (
    <Autocomplete<MultiLineSuggestion, false, false, true>
      freeSolo
      disabled={disabled}
      options={options}
      filterOptions={(o) => o}
      value={null}
      inputValue={value}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input' || reason === 'clear') field.onChange(next);
      }}
      onChange={(_event, picked) => {
        if (!picked || typeof picked === 'string') return;
        const parts = value.split(',');
        parts[parts.length - 1] = picked.value;
        field.onChange(parts.map((p) => p.trim()).filter((p) => p !== '').join(','));
      }}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.value)}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
              {option.value}
            </Typography>
            {option.label ? (
              <Typography variant="body2" component="span" color="text.secondary" sx={{ ml: 1 }}>
                {option.label}
              </Typography>
            ) : null}
          </li>
        );
      }}
      fullWidth={fullWidth}
      className={`ra-input ra-input-${source}${className ? ` ${className}` : ''}`}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          label={labelNode}
          placeholder={placeholder}
          size={size}
          error={invalid}
          helperText={helper}
          InputProps={{
            ...params.InputProps,
            endAdornment: (
              <>
                {params.InputProps.endAdornment}
                {adornment}
              </>
            ),
          }}
        />
      )}
    />
  ) : (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={value}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      label={labelNode}
      placeholder={placeholder}
      disabled={disabled}
      size={size}
      fullWidth={fullWidth}
      error={invalid}
      helperText={helper}
      className={`ra-input ra-input-${source}${className ? ` ${className}` : ''}`}
      slotProps={{ input: { endAdornment: adornment } }}
    />
  );

  return (
    <>
      {textField}
      <Dialog
        open={open}
        onClose={(_e, reason) => {
          if (reason !== 'backdropClick') setOpen(false);
        }}
        fullWidth
        maxWidth="sm"
        data-testid={`multi-line-dialog-${source}`}
      >
        <DialogTitle>{labelNode ?? translate('wms.widgets.multiLine.title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            multiline
            minRows={10}
            maxRows={20}
            fullWidth
            value={text}
            onChange={(e) => setText(e.target.value.slice(0, maxChars))}
            placeholder={translate('wms.widgets.multiLine.placeholder')}
            slotProps={{ htmlInput: { maxLength: maxChars, 'aria-label': translate('wms.widgets.multiLine.title') } }}
            helperText={translate('wms.widgets.multiLine.count', { count, chars: text.length, max: maxChars })}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setText('')}>{translate('wms.widgets.multiLine.clear')}</Button>
          <Button onClick={() => setOpen(false)}>{translate('wms.widgets.multiLine.cancel')}</Button>
          <Button variant="contained" onClick={confirm}>
            {translate('wms.widgets.multiLine.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
