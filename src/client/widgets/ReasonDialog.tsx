/**
 * A prompt for a required reason (e.g. rejecting an adjustment, submitting a problem order): the reason is
 * checked here before the call (required after trimming, at most `maxLength` characters) and again by the
 * server. Confirming calls `onSubmit` with the trimmed reason; success notifies `successMessage` and hands
 * over to `onDone`, a failure shows the server msg and keeps the dialog open.
 */
import { useState, type ReactNode } from 'react';
import TextField from '@mui/material/TextField';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from './errorMessage';
import { WideDialog, WideDialogButtons } from './WideDialog';

export interface ReasonError {
  key: string;
  options?: Record<string, unknown>;
}

/** The error of a required reason, as an i18n key with options, or undefined when it is fine. */
export function reasonError(reason: string, maxLength: number, requiredKey: string, maxLengthKey: string): ReasonError | undefined {
  const text = reason.trim();
  if (!text) return { key: requiredKey };
  if (text.length > maxLength) return { key: maxLengthKey, options: { max: maxLength } };
  return undefined;
}

export interface ReasonDialogProps {
  onClose: () => void;
  onDone: () => void;
  /** Sends the trimmed reason. */
  onSubmit: (reason: string) => Promise<unknown>;
  /** The dialog title (already translated). */
  title: ReactNode;
  /** Shown above the reason field. */
  children?: ReactNode;
  /** Translation key of the reason field's label. */
  label: string;
  /** Translation key of the "reason is required" message. */
  requiredMessage: string;
  /** Translation key of the "at most {max} characters" message. */
  maxLengthMessage: string;
  maxLength: number;
  /** Translation key of the Cancel button. */
  cancelLabel: string;
  /** Translation key of the confirm button. */
  confirmLabel: string;
  /** Translation key notified on success. */
  successMessage: string;
  /** data-testid of the dialog, its confirm button (Cancel gets `${confirmTestId}-cancel`) and the reason input. */
  testId: string;
  confirmTestId: string;
  reasonTestId: string;
  width?: string | number;
}

export const ReasonDialog = ({
  onClose,
  onDone,
  onSubmit,
  title,
  children,
  label,
  requiredMessage,
  maxLengthMessage,
  maxLength,
  cancelLabel,
  confirmLabel,
  successMessage,
  testId,
  confirmTestId,
  reasonTestId,
  width = 560,
}: ReasonDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const problem = reasonError(reason, maxLength, requiredMessage, maxLengthMessage);
    if (problem) {
      // `_`: a message already in words (e.g. a manifest label filled in) shows as it is
      setError(translate(problem.key, { _: problem.key, ...problem.options }));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(reason.trim());
      notify(successMessage, { type: 'success' });
      onDone();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <WideDialog
      onClose={onClose}
      width={width}
      busy={busy}
      title={title}
      testId={testId}
      actions={
        <WideDialogButtons
          onCancel={onClose}
          onConfirm={confirm}
          busy={busy}
          color="error"
          cancelLabel={cancelLabel}
          label={confirmLabel}
          testId={confirmTestId}
          cancelTestId={`${confirmTestId}-cancel`}
        />
      }
    >
      {children}
      <TextField
        autoFocus
        required
        fullWidth
        multiline
        minRows={3}
        label={translate(label)}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          if (error) setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { maxLength, 'data-testid': reasonTestId } }}
      />
    </WideDialog>
  );
};
