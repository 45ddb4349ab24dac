/**
 * The dialog shell of the console screens (spec 2.8 / 9: dialogs are 80% wide, close on Cancel, Escape or the
 * title's close icon, and do not close on a click outside nor while `busy`), and its Cancel + primary buttons.
 * `width` may be narrower for small forms and prompts.
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

export const WIDE_DIALOG_WIDTH = '80%';

export interface WideDialogProps {
  /** Default true: screens that mount the dialog only when shown may leave it out. */
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  /** CSS width of the paper (default 80%). */
  width?: string | number;
  /** While true the dialog cannot be closed (a request is running). */
  busy?: boolean;
  /** data-testid of the dialog; its title gets `${testId}-title` as id. */
  testId?: string;
}

export const WideDialog = ({ open = true, onClose, title, children, actions, width = WIDE_DIALOG_WIDTH, busy = false, testId }: WideDialogProps) => {
  const translate = useTranslate();
  const titleId = testId ? `${testId}-title` : undefined;
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason === 'backdropClick' || busy) return;
        onClose();
      }}
      maxWidth={false}
      slotProps={{ paper: { sx: { width, maxWidth: width === WIDE_DIALOG_WIDTH ? WIDE_DIALOG_WIDTH : '95%' } } }}
      // a click inside must not reach the list row below (rows react to clicks)
      onClick={(event) => event.stopPropagation()}
      data-testid={testId}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
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

export interface WideDialogButtonsProps {
  onCancel: () => void;
  /** Translation key of the Cancel button (e.g. wms.doc.action.cancel). */
  cancelLabel: string;
  /** Translation key of the primary button. */
  label: string;
  /** Submits this form id; without it the primary button calls onConfirm. */
  form?: string;
  onConfirm?: () => void;
  /** A request is running: both buttons wait, the primary one spins. */
  busy?: boolean;
  disabled?: boolean;
  color?: 'primary' | 'error' | 'success' | 'warning';
  /** data-testid of the primary button. */
  testId?: string;
  /** data-testid of the Cancel button. */
  cancelTestId?: string;
}

/** The Cancel + primary button pair a wide dialog ends with. */
export const WideDialogButtons = ({
  onCancel,
  cancelLabel,
  label,
  form,
  onConfirm,
  busy = false,
  disabled = false,
  color = 'primary',
  testId,
  cancelTestId,
}: WideDialogButtonsProps) => {
  const translate = useTranslate();
  return (
    <>
      <Button onClick={onCancel} disabled={busy} data-testid={cancelTestId}>
        {translate(cancelLabel)}
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
