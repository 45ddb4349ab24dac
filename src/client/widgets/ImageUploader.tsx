/**
 * ImageUploader: one image (spec 2.10 "image uploader (178x178 preview, delete icon)"; spec 5 "product image
 * uploaded with file type 5; only one image allowed"; spec 9 upload limit 100MB, image preview 178x178).
 *
 * A react-admin input holding the uploaded image's `fileUrl` (a string; '' / null when none). Empty, it is a
 * dashed 178x178 box: a click chooses an image, which is uploaded at once (`uploadFile`, fileType 5 by
 * default). With an image, the box shows it (SafeImage: token url, then raw url, then blank) with a delete
 * icon that empties the value; a click on the image chooses a replacement.
 */
import { useState, type ChangeEvent, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import { FieldTitle, InputHelperText, type Validator } from 'react-admin';
import { FILE_TYPE_PRODUCT_IMAGE, UploadRejected, uploadErrorText, uploadFile } from './FileUploader';
import { SafeImage } from './SafeImage';
import { IMAGE_ACCEPT, IMAGE_EXTENSIONS, IMAGE_MIME_TYPES } from '../../shared/files';
import { useUploadInput } from './useUploadInput';

export const IMAGE_PREVIEW_SIZE = 178;
export { IMAGE_ACCEPT };

/** True when the file is an image the server takes (by MIME type, else by extension; src/shared/files.ts). */
export function isImageFile(file: File): boolean {
  if (file.type) return (IMAGE_MIME_TYPES as readonly string[]).includes(file.type);
  return (IMAGE_EXTENSIONS as readonly string[]).includes(file.name.split('.').pop()?.toLowerCase() ?? '');
}

/** Uploads one image file; rejects non-images before sending. */
export async function uploadImage(file: File, fileType: number): Promise<string> {
  if (!isImageFile(file)) throw new UploadRejected('wms.widgets.upload.notImage');
  const data = await uploadFile(file, fileType);
  return data.fileUrl;
}

export interface ImageUploaderProps {
  source: string;
  label?: string | false;
  /** Upload fileType (default 5, product image). */
  fileType?: number;
  /** Side of the square preview in px (default 178). */
  size?: number;
  validate?: Validator | Validator[];
  disabled?: boolean;
  helperText?: string;
  className?: string;
}

export const ImageUploader = ({
  source,
  label,
  fileType = FILE_TYPE_PRODUCT_IMAGE,
  size = IMAGE_PREVIEW_SIZE,
  validate,
  disabled,
  helperText,
  className,
}: ImageUploaderProps) => {
  const [busy, setBusy] = useState(false);
  const { translate, notify, resource, inputRef, id, field, error, invalid, isRequired } = useUploadInput({ source, validate, disabled });
  const url = typeof field.value === 'string' ? field.value : '';

  const upload = async (files: FileList | File[] | null | undefined) => {
    const list = files ? Array.from(files) : [];
    if (list.length === 0) return;
    if (list.length > 1) {
      notify('wms.widgets.upload.onlyOne', { type: 'warning' });
      return;
    }
    setBusy(true);
    try {
      field.onChange(await uploadImage(list[0], fileType));
    } catch (e) {
      notify(uploadErrorText(e, translate), { type: 'error' });
    } finally {
      setBusy(false);
      field.onBlur();
    }
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = event.target.files ? Array.from(event.target.files) : [];
    event.target.value = '';
    void upload(files);
  };
  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled && !busy) void upload(event.dataTransfer?.files);
  };
  const choose = () => {
    if (!disabled && !busy) inputRef.current?.click();
  };

  return (
    <Box className={`wms-image-uploader ra-input ra-input-${source}${className ? ` ${className}` : ''}`} sx={{ mb: 1 }}>
      {label === false ? null : (
        <Typography variant="caption" component="label" htmlFor={id} color={invalid ? 'error' : 'text.secondary'} sx={{ display: 'block', mb: 0.5 }}>
          <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />
        </Typography>
      )}
      <Box
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-label={translate(url ? 'wms.widgets.upload.replace' : 'wms.widgets.upload.add')}
        aria-disabled={disabled || undefined}
        onClick={choose}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            choose();
          }
        }}
        onDragOver={(e) => e.preventDefault()}
        onDrop={handleDrop}
        data-testid={`image-uploader-${source}`}
        sx={{
          position: 'relative',
          width: size,
          height: size,
          border: '1px dashed',
          borderColor: invalid ? 'error.main' : 'divider',
          borderRadius: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          cursor: disabled ? 'default' : 'pointer',
          overflow: 'hidden',
          '&:hover': disabled ? undefined : { borderColor: 'primary.main' },
        }}
      >
        {url ? (
          <SafeImage src={url} width={size} height={size} alt={translate('wms.widgets.image.preview')} />
        ) : (
          <AddPhotoAlternateIcon color="action" sx={{ fontSize: 40 }} />
        )}
        {busy ? (
          <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'rgba(255,255,255,0.6)' }}>
            <CircularProgress size={32} />
          </Box>
        ) : null}
        {url && !disabled && !busy ? (
          <IconButton
            size="small"
            aria-label={translate('wms.widgets.upload.remove')}
            onClick={(e) => {
              e.stopPropagation();
              field.onChange(null);
              field.onBlur();
            }}
            sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(255,255,255,0.85)', '&:hover': { bgcolor: 'white' } }}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Box>
      <input ref={inputRef} id={id} name={field.name} type="file" accept={IMAGE_ACCEPT} hidden onChange={handleChange} data-testid={`image-input-${source}`} />
      {error?.message || helperText ? (
        <FormHelperText error={invalid}>
          <InputHelperText error={error?.message} helperText={helperText} />
        </FormHelperText>
      ) : null}
    </Box>
  );
};
