/**
 * The copy-link dialog (issue 16): shown once after a share is created or its link regenerated, with the
 * full link in a read-only field, Copy (clipboard) and Open (new tab). The token exists on the console only
 * while this dialog is open.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useNotify, useTranslate } from 'react-admin';
import { shareUrl } from './shareLink';

export const ShareLinkDialog = ({ title, token, onClose }: { title: string; token: string; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const url = shareUrl(token);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      notify('app.share.link.copied', { type: 'success' });
    } catch {
      // no clipboard (http page, refused permission): the field stays selected for Ctrl+C
      (document.querySelector('[data-testid="share-link-url"] input') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="share-link-dialog">
      <DialogTitle>{translate('app.share.link.title', { title })}</DialogTitle>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.share.link.once')}
        </Alert>
        <TextField
          value={url}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'share-link-input' } }}
          data-testid="share-link-url"
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button href={url} target="_blank" rel="noopener noreferrer" data-testid="share-link-open">
          {translate('app.share.link.open')}
        </Button>
        <Button onClick={copy} variant={copied ? 'outlined' : 'contained'} data-testid="share-link-copy">
          {translate(copied ? 'app.share.link.copied' : 'app.share.link.copy')}
        </Button>
        <Button onClick={onClose} data-testid="share-link-close">
          {translate('app.share.link.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
