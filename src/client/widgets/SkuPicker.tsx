/**
 * SkuPicker: the SKU picker of spec 2.10 ("SKU picker (dialog with SKU list)"; spec 2.8 select mode).
 *
 * A react-admin input holding a SKU id. It shows the chosen SKU's code (and name); its button (or a click on
 * the field) opens an 80%-wide dialog with the generated SKU list (`sku.screen`) as a picker, preset and
 * locked to `ownerId` / `ecPlatform` / `enable` when given; the row's Select button picks the SKU, fills the
 * input and closes the dialog. `onPick(record)` hands the whole record to the caller. The dialog closes on
 * its close button, not on a click outside.
 *
 * The SKU screen is loaded lazily (it is a whole screen and its forms use this picker).
 */
import { Suspense, lazy, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import CloseIcon from '@mui/icons-material/Close';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import {
  FieldTitle,
  InputHelperText,
  useGetOne,
  useInput,
  useResourceContext,
  useTranslate,
  type RaRecord,
  type Validator,
} from 'react-admin';

const LazySkuScreen = lazy(async () => {
  const [{ DocumentScreen }, { screenSource }] = await Promise.all([import('../kit/screen/DocumentScreen'), import('../../../generated/client/views/sku')]);
  const SkuScreen = ({ preset, onSelect }: { preset: Record<string, unknown>; onSelect: (record: RaRecord) => void }) => <DocumentScreen source={screenSource} resource="sku" inDialog preset={preset} onSelect={onSelect} />;
  return { default: SkuScreen };
});

export interface SkuPickerProps {
  source: string;
  /** Preset (and lock) the owner filter. */
  ownerId?: number | null;
  /** Preset (and lock) the platform filter. */
  ecPlatform?: number | null;
  /** Preset (and lock) the enabled filter. */
  enable?: boolean | null;
  label?: string | false;
  disabled?: boolean;
  validate?: Validator | Validator[];
  helperText?: string | false;
  fullWidth?: boolean;
  className?: string;
  onPick?: (record: RaRecord) => void;
  /** Shows the required mark (the rule itself lives in the form's schema). */
  isRequired?: boolean;
}

const identity = (v: unknown) => v;
/** Stop submit events of the list's filter form from reaching a form around the picker (React portals bubble). */
const stopSubmit = (event: FormEvent) => event.stopPropagation();

export const SkuPicker = ({ source, ownerId, ecPlatform, enable, label, disabled, validate, helperText, fullWidth, className, onPick, isRequired: isRequiredOption }: SkuPickerProps) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<RaRecord | null>(null);
  const {
    id,
    field,
    fieldState: { error, invalid },
    isRequired,
  } = useInput({ source, format: identity, parse: identity, validate, disabled, isRequired: isRequiredOption });
  const value = field.value === '' || field.value === undefined ? null : field.value;
  const known = picked && value !== null && String(picked.id) === String(value) ? picked : null;
  const { data: loaded } = useGetOne('sku', { id: value }, { enabled: value !== null && !known });
  const record = known ?? (loaded && value !== null ? loaded : null);
  const text = record ? (record.name ? `${record.sku} (${record.name})` : String(record.sku ?? '')) : value !== null ? `#${value}` : '';

  const pick = (chosen: RaRecord) => {
    setPicked(chosen);
    field.onChange(chosen.id);
    field.onBlur();
    setOpen(false);
    onPick?.(chosen);
  };
  const openDialog = () => {
    if (!disabled) setOpen(true);
  };

  return (
    <>
      <TextField
        id={id}
        name={field.name}
        inputRef={field.ref}
        value={text}
        label={label === false ? undefined : <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
        onClick={openDialog}
        disabled={disabled}
        error={invalid}
        fullWidth={fullWidth}
        size="small"
        className={`ra-input ra-input-${source} wms-sku-picker${className ? ` ${className}` : ''}`}
        helperText={<InputHelperText error={error?.message} helperText={helperText} />}
        slotProps={{
          htmlInput: { readOnly: true, style: { cursor: disabled ? 'default' : 'pointer' } },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                {value !== null && !disabled ? (
                  <IconButton
                    size="small"
                    aria-label={translate('wms.widgets.skuPicker.clear')}
                    onClick={(e) => {
                      e.stopPropagation();
                      setPicked(null);
                      field.onChange(null);
                      field.onBlur();
                    }}
                  >
                    <ClearIcon fontSize="small" />
                  </IconButton>
                ) : null}
                <IconButton size="small" edge="end" aria-label={translate('wms.widgets.skuPicker.open')} disabled={disabled} onClick={(e) => { e.stopPropagation(); openDialog(); }}>
                  <SearchIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Dialog
        open={open}
        onClose={(_e, reason) => {
          if (reason !== 'backdropClick') setOpen(false);
        }}
        maxWidth={false}
        slotProps={{ paper: { sx: { width: '80%', maxWidth: '80%' } } }}
        data-testid="sku-picker-dialog"
      >
        <DialogTitle sx={{ pr: 6 }}>
          {translate('wms.widgets.skuPicker.title')}
          <IconButton aria-label={translate('ra.action.close')} onClick={() => setOpen(false)} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          <Box onSubmit={stopSubmit}>
            {open ? (
              <Suspense fallback={<CircularProgress size={24} />}>
                <LazySkuScreen onSelect={pick} preset={{ ownerId, ecPlatform, enable }} />
              </Suspense>
            ) : null}
          </Box>
        </DialogContent>
      </Dialog>
    </>
  );
};
