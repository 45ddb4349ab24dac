/**
 * The dialog shell of the inbound screens (spec 9: dialogs 80% wide; they close on Cancel, Escape or the
 * close icon, not on a click outside, and not while `busy`), and its Cancel + primary buttons.
 */
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';

export const DIALOG_WIDTH = '80%';

export interface InboundDialogProps {
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  width?: string | number;
  busy?: boolean;
  testId: string;
}

export const InboundDialog = ({ onClose, title, children, actions, width = DIALOG_WIDTH, busy = false, testId }: InboundDialogProps) => {
  const translate = useTranslate();
  return (
    <Dialog
      open
      onClose={(_event, reason) => {
        if (reason === 'backdropClick' || busy) return;
        onClose();
      }}
      maxWidth={false}
      slotProps={{ paper: { sx: { width, maxWidth: width === DIALOG_WIDTH ? DIALOG_WIDTH : '95%' } } }}
      onClick={(event) => event.stopPropagation()}
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
    >
      <DialogTitle id={`${testId}-title`} sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label={translate('ra.action.close')} onClick={onClose} disabled={busy} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      {actions ? <DialogActions>{actions}</DialogActions> : null}
    </Dialog>
  );
};

export interface DialogButtonsProps {
  onCancel: () => void;
  label: string;
  form?: string;
  onConfirm?: () => void;
  busy?: boolean;
  disabled?: boolean;
  color?: 'primary' | 'error' | 'warning';
  testId?: string;
}

export const DialogButtons = ({ onCancel, label, form, onConfirm, busy = false, disabled = false, color = 'primary', testId }: DialogButtonsProps) => {
  const translate = useTranslate();
  return (
    <>
      <Button onClick={onCancel} disabled={busy} data-testid={testId ? `${testId}-cancel` : undefined}>
        {translate('app.inbound.action.cancel')}
      </Button>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        onClick={form ? undefined : onConfirm}
        variant="contained"
        color={color}
        disabled={busy || disabled}
        startIcon={busy ? <CircularProgress size={16} /> : undefined}
        data-testid={testId}
      >
        {translate(label)}
      </Button>
    </>
  );
};
