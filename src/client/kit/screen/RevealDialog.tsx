/**
 * The one-time value of an add (manifest `form.reveal`, e.g. a new API key; issue 31): shown once after saving in
 * a read-only field with Copy, saying that it is not shown again. The value exists on the console only while this
 * dialog is open.
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
import { testIdOf, type DocumentNames } from '../names';

export const RevealDialog = ({ names, label, value, onClose }: { names: DocumentNames; label: string; value: string; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const field = testIdOf(names, 'reveal-value');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      notify('wms.doc.reveal.copied', { type: 'success' });
    } catch {
      // no clipboard (plain http, refused): the field stays selected for Ctrl+C
      (document.querySelector(`[data-testid="${field}"] input`) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid={testIdOf(names, 'reveal-dialog')}>
      <DialogTitle>{translate('wms.doc.reveal.title', { label })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('wms.doc.reveal.once', { label })}
        </Alert>
        <TextField value={value} fullWidth data-testid={field} slotProps={{ htmlInput: { readOnly: true } }} onFocus={(e) => e.target.select()} />
      </DialogContent>
      <DialogActions>
        <Button onClick={copy} variant={copied ? 'outlined' : 'contained'} data-testid={testIdOf(names, 'reveal-copy')}>
          {translate(copied ? 'wms.doc.reveal.copied' : 'wms.doc.reveal.copy')}
        </Button>
        <Button onClick={onClose} data-testid={testIdOf(names, 'reveal-close')}>
          {translate('wms.doc.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
