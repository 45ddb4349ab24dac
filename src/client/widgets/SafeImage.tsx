/**
 * SafeImage: an uploaded image (spec 2.10 image preview; spec 8 "image load failure: retry once with the raw
 * url, then a blank placeholder"; spec 9 thumbnails default 60x60).
 *
 * The file route accepts the session token as a query parameter, so the first attempt is
 * `<url>?token=<token>` (localStorage `wms.token`, providers/session.ts). When that fails to load, the raw url
 * is tried once; when that fails too (or there is no url), a blank placeholder of the same size is shown.
 * With `preview`, a click opens the image large in a dialog.
 */
import { useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { getToken } from '../providers/session';

export interface SafeImageProps {
  src?: string | null;
  width?: number | string;
  height?: number | string;
  alt?: string;
  /** object-fit of the image (default contain). */
  fit?: 'contain' | 'cover';
  /** Open the image large in a dialog on click. */
  preview?: boolean;
  className?: string;
}

/** `url` with the session token as a `token` query parameter (the url itself when logged out or empty). */
export function withToken(url: string | null | undefined, token: string | null = getToken()): string {
  if (!url) return '';
  if (!token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/** Attempt 0: url with token; 1: raw url; 2: placeholder. Without a token the raw url is the only attempt. */
function attemptUrl(src: string, attempt: number, token: string | null): string | undefined {
  if (attempt === 0) return withToken(src, token);
  if (attempt === 1 && token) return src;
  return undefined;
}

export const SafeImage = ({ src, width = 60, height = 60, alt = '', fit = 'contain', preview = false, className }: SafeImageProps) => {
  const translate = useTranslate();
  // the attempt belongs to one src: a new src starts again with the token url
  const [state, setState] = useState<{ src: string | null | undefined; attempt: number }>({ src, attempt: 0 });
  const [open, setOpen] = useState(false);
  const attempt = state.src === src ? state.attempt : 0;
  const token = getToken();
  const url = src ? attemptUrl(src, attempt, token) : undefined;

  if (!url) {
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

  const handleError = () => setState({ src, attempt: attempt + 1 });
  const handleClick = (event: MouseEvent) => {
    if (!preview) return;
    event.stopPropagation();
    setOpen(true);
  };

  return (
    <>
      <Box
        component="img"
        src={url}
        alt={alt}
        onError={handleError}
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
            <Box component="img" src={url} alt={alt} onError={handleError} sx={{ maxWidth: '100%', maxHeight: '75vh', display: 'block' }} />
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
};
