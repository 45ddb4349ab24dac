/**
 * The dialog shell of the adjustment screens (spec 2.8 / 9: dialogs are 80% wide, close on Cancel, and do
 * not close on a click outside). Escape and the title's close icon close it too, unless `busy`.
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

export interface JudgementDialogProps {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  /** CSS width of the paper (default 80%). */
  width?: string | number;
  /** While true the dialog cannot be closed (a request is running). */
  busy?: boolean;
  testId: string;
}

export const JudgementDialog = ({ open = true, onClose, title, children, actions, width = DIALOG_WIDTH, busy = false, testId }: JudgementDialogProps) => {
  const translate = useTranslate();
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason === 'backdropClick' || busy) return;
        onClose();
      }}
      maxWidth={false}
      slotProps={{ paper: { sx: { width, maxWidth: width === DIALOG_WIDTH ? DIALOG_WIDTH : '95%' } } }}
      // a click inside must not reach the list row below
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
  /** Translation key of the primary button. */
  label: string;
  /** Submits this form id; without it the primary button calls onConfirm. */
  form?: string;
  onConfirm?: () => void;
  busy?: boolean;
  disabled?: boolean;
  color?: 'primary' | 'error' | 'success';
  testId?: string;
}

/** Cancel + primary button. */
export const DialogButtons = ({ onCancel, label, form, onConfirm, busy = false, disabled = false, color = 'primary', testId }: DialogButtonsProps) => {
  const translate = useTranslate();
  return (
    <>
      <Button onClick={onCancel} disabled={busy} data-testid={testId ? `${testId}-cancel` : undefined}>
        {translate('app.judgement.action.cancel')}
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
