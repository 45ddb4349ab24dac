/**
 * File upload (spec 2.10 file uploader; spec 3 upload response; spec 5 "uploaded files are accepted only when
 * the server code is 200; file size not above 100MB"; spec 7.1 "uploads use a differently named token
 * header"; spec 7.2 /sapi/sys/file/upload, optional query fileType, default 3, product image 5).
 *
 * - `uploadFile(file, fileType)`: POST multipart (field `file`) to `/sapi/sys/file/upload?fileType=N` with
 *   `X-Upload-Token: <token>`; resolves with the envelope data `{fileUrl, filePath, size, thumbnailUrl?}` only
 *   for code 200 (any other code rejects with the server msg; 600 logs out as every call does).
 * - `<FileUploader source>`: a react-admin input holding the uploaded file as
 *   `{fileUrl, filePath, size, name}` (null when none): a choose button, the file name and size, a remove
 *   button. Used by the import dialogs (import form: ownerId, filePath, fileUrl).
 */
import { useState, type ChangeEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DeleteIcon from '@mui/icons-material/Delete';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import { FieldTitle, HttpError, InputHelperText, type Validator } from 'react-admin';
import { getToken, setToken } from '../providers/session';
import { formatTimeZone, unwrapEnvelope, type Envelope } from '../providers/http';
import { getCurrentLocale, appText } from '../providers/locale';
import { useUploadInput } from './useUploadInput';

export const UPLOAD_PATH = '/sapi/sys/file/upload';
/** Spec 9: upload limit 100MB. */
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
/** Spec 9: default upload file type 3; product image 5. */
export const FILE_TYPE_DEFAULT = 3;
export const FILE_TYPE_PRODUCT_IMAGE = 5;

/** Envelope data of an upload (spec 3 upload response). */
export interface UploadResponse {
  fileUrl: string;
  filePath: string;
  size: number;
  thumbnailUrl?: string;
}

/** What FileUploader keeps in the form. */
export interface UploadedFile extends UploadResponse {
  name: string;
}

/** An upload rejected before it was sent (too large, not an image). `message` is a translation key. */
export class UploadRejected extends Error {}

/** Uploads one file; see the module doc. */
export async function uploadFile(file: File, fileType: number = FILE_TYPE_DEFAULT): Promise<UploadResponse> {
  if (file.size > UPLOAD_MAX_BYTES) throw new UploadRejected('wms.widgets.upload.tooLarge');
  const body = new FormData();
  body.append('file', file, file.name);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Time-Zone': formatTimeZone(),
    'X-Lang': getCurrentLocale(),
  };
  const token = getToken();
  if (token) headers['X-Upload-Token'] = token;
  let response: Response;
  try {
    response = await fetch(`${UPLOAD_PATH}?fileType=${encodeURIComponent(String(fileType))}`, {
      method: 'POST',
      headers,
      body,
      credentials: 'include',
    });
  } catch (error) {
    throw new HttpError(error instanceof Error && error.message ? error.message : appText('app.http.network_error'), 0, null);
  }
  const newToken = response.headers.get('X-New-Token');
  if (newToken) setToken(newToken);
  if (!response.ok) throw new HttpError(appText('app.http.http_error', { status: response.status }), response.status, null);
  let envelope: Envelope<UploadResponse>;
  try {
    envelope = (await response.json()) as Envelope<UploadResponse>;
  } catch {
    throw new HttpError(appText('app.http.server_error'), 500, null);
  }
  const data = unwrapEnvelope(envelope);
  if (!data || typeof data.fileUrl !== 'string') throw new HttpError(appText('app.http.server_error'), 500, envelope);
  return data;
}

/** The message of an upload failure, translated when it is a key. */
export function uploadErrorText(error: unknown, translate: (key: string, options?: any) => string): string {
  const message = error instanceof Error && error.message ? error.message : 'wms.widgets.upload.failed';
  return translate(message, { _: message });
}

/** Human-readable size. */
export function formatBytes(size: number | undefined): string {
  if (size === undefined || size === null || Number.isNaN(size)) return '';
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

export interface FileUploaderProps {
  source: string;
  label?: string | false;
  /** Query fileType (default 3). */
  fileType?: number;
  /** `accept` of the file chooser, e.g. '.xlsx,.xls'. */
  accept?: string;
  helperText?: ReactNode;
  validate?: Validator | Validator[];
  disabled?: boolean;
  className?: string;
}

export const FileUploader = ({ source, label, fileType = FILE_TYPE_DEFAULT, accept, helperText, validate, disabled, className }: FileUploaderProps) => {
  const [busy, setBusy] = useState(false);
  const { translate, notify, resource, inputRef, id, field, error, invalid, isRequired } = useUploadInput({ source, validate, disabled });
  const value = (field.value || null) as UploadedFile | null;

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const data = await uploadFile(file, fileType);
      field.onChange({ ...data, name: file.name, size: data.size ?? file.size });
    } catch (e) {
      notify(uploadErrorText(e, translate), { type: 'error' });
    } finally {
      setBusy(false);
      field.onBlur();
    }
  };

  return (
    <Box className={`wms-file-uploader ra-input ra-input-${source}${className ? ` ${className}` : ''}`} sx={{ mb: 1 }}>
      {label === false ? null : (
        <Typography variant="caption" component="label" htmlFor={id} color={invalid ? 'error' : 'text.secondary'} sx={{ display: 'block', mb: 0.5 }}>
          <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={busy ? <CircularProgress size={16} /> : <UploadFileIcon />}
          disabled={disabled || busy}
          onClick={() => inputRef.current?.click()}
        >
          {translate(busy ? 'wms.widgets.upload.uploading' : 'wms.widgets.upload.choose')}
        </Button>
        <input
          ref={inputRef}
          id={id}
          name={field.name}
          type="file"
          accept={accept}
          hidden
          data-testid={`file-input-${source}`}
          onChange={handleFile}
        />
        {value ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} className="wms-file-uploader-file">
            <InsertDriveFileIcon fontSize="small" color="action" />
            <Typography variant="body2">{value.name || value.filePath}</Typography>
            <Typography variant="caption" color="text.secondary">
              {formatBytes(value.size)}
            </Typography>
            <IconButton
              size="small"
              aria-label={translate('wms.widgets.upload.remove')}
              disabled={disabled || busy}
              onClick={() => field.onChange(null)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ) : null}
      </Box>
      {error?.message || helperText ? (
        <FormHelperText error={invalid}>
          <InputHelperText error={error?.message} helperText={helperText} />
        </FormHelperText>
      ) : null}
    </Box>
  );
};
