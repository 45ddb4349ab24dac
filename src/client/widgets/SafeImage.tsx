/**
 * SafeImage: an uploaded image (spec 2.10 image preview; spec 8 "image load failure: retry once with the raw
 * url, then a blank placeholder"; spec 9 thumbnails default 60x60).
 *
 * A stored file (`/sapi/sys/file/get/<key>`) is shown at its signed address (./signedFileUrl.ts: one sign
 * call for all images of a page, never the session token in the address; issue 26); any other url as it is.
 * When the image fails to load, a stored file's address is asked for once more (it may have expired) and
 * tried once; when that fails too (or there is no url, or the user may not read the file), a blank
 * placeholder of the same size is shown; it also stands while the address is being fetched.
 * With `preview`, a click opens the image large in a dialog. With `thumbnail` (lists), a stored jpg/jpeg/png shows
 * its 60x60 thumbnail (spec 9; issue 27: lists loaded the full images), the original when it has none or the
 * thumbnail fails; the preview always shows the original.
 */
import { useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { FILE_URL_PREFIX, storedFilePath, useFileUrl } from './signedFileUrl';
import { mayHaveThumbnail, thumbnailKeyOf } from '../../shared/files';

export interface SafeImageProps {
  src?: string | null;
  width?: number | string;
  height?: number | string;
  alt?: string;
  /** object-fit of the image (default contain). */
  fit?: 'contain' | 'cover';
  /** Open the image large in a dialog on click. */
  preview?: boolean;
  /** Show a stored image's thumbnail (see module doc). */
  thumbnail?: boolean;
  className?: string;
}

/** The address of the thumbnail of a stored image `src`, when it may have one. */
export function thumbnailSrcOf(src: string | null | undefined): string | undefined {
  const path = storedFilePath(src);
  const key = path?.slice(FILE_URL_PREFIX.length).split(/[?#]/)[0];
  return key && mayHaveThumbnail(key) ? `${FILE_URL_PREFIX}${thumbnailKeyOf(key)}` : undefined;
}

export const SafeImage = ({ src, width = 60, height = 60, alt = '', fit = 'contain', preview = false, thumbnail = false, className }: SafeImageProps) => {
  const translate = useTranslate();
  // the attempt belongs to one src: a new src starts again at attempt 0
  const [state, setState] = useState<{ src: string | null | undefined; attempt: number }>({ src, attempt: 0 });
  const [open, setOpen] = useState(false);
  const attempt = state.src === src ? state.attempt : 0;
  const { url: shown, renew } = useFileUrl(src);
  // attempt 0: the address; 1: a stored file's address asked for again; then the placeholder
  const url = shown && (attempt === 0 || (attempt === 1 && storedFilePath(src))) ? shown : undefined;
  // the thumbnail first, unless it cannot be had (null: not signable, i.e. not stored) or failed to load
  const thumbSrc = thumbnail ? thumbnailSrcOf(src) : undefined;
  const { url: thumbShown } = useFileUrl(thumbSrc);
  const [thumbFailed, setThumbFailed] = useState<string | undefined>();
  const useThumb = thumbSrc !== undefined && thumbFailed !== thumbSrc && thumbShown !== null;
  const small = useThumb ? thumbShown : url;

  if (!small) {
    return (
      <Box
        className={`wms-image-placeholder${className ? ` ${className}` : ''}`}
        data-testid="safe-image-placeholder"
        role="img"
        aria-label={alt || translate('wms.widgets.image.missing')}
        sx={{ width, height, bgcolor: 'action.hover', borderRadius: 1, display: 'inline-block', verticalAlign: 'middle' }}
      />
    );
  }

  const handleError = () => {
    if (attempt === 0) renew();
    setState({ src, attempt: attempt + 1 });
  };
  const handleClick = (event: MouseEvent) => {
    if (!preview) return;
    event.stopPropagation();
    setOpen(true);
  };

  return (
    <>
      <Box
        component="img"
        src={small}
        alt={alt}
        onError={useThumb ? () => setThumbFailed(thumbSrc) : handleError}
        data-thumbnail={useThumb ? 'true' : undefined}
        onClick={handleClick}
        className={`wms-image${className ? ` ${className}` : ''}`}
        sx={{ width, height, objectFit: fit, borderRadius: 1, verticalAlign: 'middle', cursor: preview ? 'zoom-in' : undefined }}
      />
      {preview ? (
        <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" onClick={(e) => e.stopPropagation()}>
          <DialogTitle sx={{ pr: 6 }}>
            {translate('wms.widgets.image.preview')}
            <IconButton
              aria-label={translate('wms.widgets.image.close')}
              onClick={() => setOpen(false)}
              sx={{ position: 'absolute', right: 8, top: 8 }}
            >
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent>
            {url ? <Box component="img" src={url} alt={alt} onError={handleError} sx={{ maxWidth: '100%', maxHeight: '75vh', display: 'block' }} /> : null}
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
};
