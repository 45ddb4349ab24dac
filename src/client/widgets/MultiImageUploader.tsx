/**
 * MultiImageUploader: several images (spec 2.10 "multi-image uploader (grid, each image replaceable or
 * removable, one empty slot adds)"; spec 9 upload limit 100MB).
 *
 * A react-admin input holding an array of uploaded `fileUrl`s. Each image sits in a square cell: a click
 * replaces it, the delete icon removes it; one empty cell at the end adds an image (while fewer than `max`).
 */
import { useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import { FieldTitle, InputHelperText, type Validator } from 'react-admin';
import { FILE_TYPE_PRODUCT_IMAGE, uploadErrorText } from './FileUploader';
import { IMAGE_ACCEPT, uploadImage } from './ImageUploader';
import { SafeImage } from './SafeImage';
import { useUploadInput } from './useUploadInput';

export interface MultiImageUploaderProps {
  source: string;
  label?: string | false;
  fileType?: number;
  /** Side of each cell in px (default 120). */
  size?: number;
  /** Most images (no limit by default). */
  max?: number;
  validate?: Validator | Validator[];
  disabled?: boolean;
  className?: string;
}

export const MultiImageUploader = ({
  source,
  label,
  fileType = FILE_TYPE_PRODUCT_IMAGE,
  size = 120,
  max,
  validate,
  disabled,
  className,
}: MultiImageUploaderProps) => {
  /** Index of the cell being replaced; -1 adds. */
  const target = useRef(-1);
  const [busy, setBusy] = useState<number | null>(null);
  const { translate, notify, resource, inputRef, id, field, error, invalid, isRequired } = useUploadInput({ source, validate, disabled });
  const urls: string[] = Array.isArray(field.value) ? (field.value as unknown[]).filter((v): v is string => typeof v === 'string' && v !== '') : [];
  const canAdd = !disabled && (max === undefined || urls.length < max);

  const choose = (index: number) => {
    if (disabled || busy !== null) return;
    target.current = index;
    inputRef.current?.click();
  };

  const handleChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const index = target.current;
    setBusy(index);
    try {
      const url = await uploadImage(file, fileType);
      const next = [...urls];
      if (index >= 0 && index < next.length) next[index] = url;
      else next.push(url);
      field.onChange(next);
    } catch (e) {
      notify(uploadErrorText(e, translate), { type: 'error' });
    } finally {
      setBusy(null);
      field.onBlur();
    }
  };

  const remove = (index: number) => {
    field.onChange(urls.filter((_, i) => i !== index));
    field.onBlur();
  };

  const cellSx = {
    position: 'relative',
    width: size,
    height: size,
    border: '1px dashed',
    borderColor: invalid ? 'error.main' : 'divider',
    borderRadius: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    cursor: disabled ? 'default' : 'pointer',
  } as const;

  const spinner = (
    <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'rgba(255,255,255,0.6)' }}>
      <CircularProgress size={28} />
    </Box>
  );

  return (
    <Box className={`wms-multi-image-uploader ra-input ra-input-${source}${className ? ` ${className}` : ''}`} sx={{ mb: 1 }}>
      {label === false ? null : (
        <Typography variant="caption" component="label" htmlFor={id} color={invalid ? 'error' : 'text.secondary'} sx={{ display: 'block', mb: 0.5 }}>
          <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, ${size}px)`, gap: 1 }}>
        {urls.map((url, index) => (
          <Box
            key={`${index}:${url}`}
            role="button"
            tabIndex={disabled ? -1 : 0}
            aria-label={translate('wms.widgets.upload.replace')}
            onClick={() => choose(index)}
            sx={cellSx}
            data-testid={`multi-image-${index}`}
          >
            <SafeImage src={url} width={size} height={size} />
            {busy === index ? spinner : null}
            {!disabled && busy === null ? (
              <IconButton
                size="small"
                aria-label={translate('wms.widgets.upload.remove')}
                onClick={(e) => {
                  e.stopPropagation();
                  remove(index);
                }}
                sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(255,255,255,0.85)', '&:hover': { bgcolor: 'white' } }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            ) : null}
          </Box>
        ))}
        {canAdd ? (
          <Box
            role="button"
            tabIndex={0}
            aria-label={translate('wms.widgets.upload.add')}
            onClick={() => choose(-1)}
            sx={cellSx}
            data-testid="multi-image-add"
          >
            <AddPhotoAlternateIcon color="action" sx={{ fontSize: 32 }} />
            {busy === -1 ? spinner : null}
          </Box>
        ) : null}
      </Box>
      <input ref={inputRef} id={id} name={field.name} type="file" accept={IMAGE_ACCEPT} hidden onChange={handleChange} />
      {error?.message ? (
        <FormHelperText error={invalid}>
          <InputHelperText error={error.message} />
        </FormHelperText>
      ) : null}
    </Box>
  );
};
