/**
 * A row-action button that asks first (react-admin Confirm), then runs `action`. A success closes the
 * prompt, notifies `successMessage` and calls `after`; a failure closes it and shows the server msg (spec 8).
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { errorMessage } from './errorMessage';

export interface ConfirmedActionProps {
  /** Translation key of the button. */
  label: string;
  /** Translation keys of the prompt's title and text. */
  title: string;
  content: string;
  /** Translate options of the title and the text (e.g. the document number). */
  translateOptions?: Record<string, unknown>;
  color: 'error' | 'primary' | 'success' | 'warning';
  /** data-testid of the button; the prompt gets `${testId}-confirm`. */
  testId: string;
  /** Translation key notified on success. */
  successMessage: string;
  action: () => Promise<unknown>;
  after: () => void;
  /** Button look: text (row actions, default) or contained (the main step of a screen). */
  variant?: 'text' | 'contained';
  size?: 'small' | 'medium';
}

export const ConfirmedAction = ({ label, title, content, translateOptions, color, testId, successMessage, action, after, variant = 'text', size = 'small' }: ConfirmedActionProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await action();
      setOpen(false);
      notify(successMessage, { type: 'success' });
      after();
    } catch (e) {
      setOpen(false);
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size={size} variant={variant} color={color} onClick={() => setOpen(true)} data-testid={testId}>
        {translate(label)}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        titleTranslateOptions={translateOptions}
        content={content}
        contentTranslateOptions={translateOptions}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        data-testid={`${testId}-confirm`}
      />
    </>
  );
};
