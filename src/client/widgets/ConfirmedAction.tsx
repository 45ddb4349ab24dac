/**
 * An action that asks first (react-admin Confirm), then runs `action`. A success closes the prompt, notifies
 * `successMessage` and calls `after`; a failure closes it and shows the server msg (spec 8).
 * `useConfirmedAction` is the controller: `ask()` opens the prompt and `dialog` is the prompt to render where it
 * outlives the button (a row menu's item unmounts when the menu closes; the prompt must not). `ConfirmedAction`
 * is a button with its own prompt (screens with a plain button: shipping, waybill).
 */
import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { errorMessage } from './errorMessage';

export interface ConfirmedActionOptions {
  /** Translation keys of the prompt's title and text (text: none when the title asks the question). */
  title: string;
  content?: string;
  /** Translate options of the title and the text (e.g. the document number). */
  translateOptions?: Record<string, unknown>;
  /** Translation keys of the buttons: back (default Cancel) and go (default Confirm), read with translateOptions. */
  keep?: string;
  ok?: string;
  /** The go button in the error colour (cancel, delete). */
  destructive?: boolean;
  /** data-testid of the prompt: `${testId}-confirm`. */
  testId: string;
  /** Translation key notified on success. */
  successMessage: string;
  action: () => Promise<unknown>;
  after: () => void;
}

/**
 * One prompt for several confirmed actions (a row's cancel, delete, ...): `ask(options)` opens it for one
 * of them; `dialog` is rendered once, where it outlives the menu item that asked.
 */
export function useConfirmPrompt(): { ask: (options: ConfirmedActionOptions) => void; dialog: ReactNode } {
  const translate = useTranslate();
  const notify = useNotify();
  const [asked, setAsked] = useState<ConfirmedActionOptions | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!asked) return;
    setBusy(true);
    try {
      await asked.action();
      setOpen(false);
      notify(asked.successMessage, { type: 'success' });
      asked.after();
    } catch (e) {
      setOpen(false);
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const o = asked;
  const dialog = o ? (
    <Confirm
      isOpen={open}
      loading={busy}
      title={o.title}
      titleTranslateOptions={o.translateOptions}
      content={o.content ?? null}
      contentTranslateOptions={o.translateOptions}
      cancel={o.keep ? translate(o.keep, o.translateOptions) : undefined}
      confirm={o.ok ? translate(o.ok, o.translateOptions) : undefined}
      confirmColor={o.destructive ? 'warning' : 'primary'}
      onConfirm={confirm}
      onClose={() => setOpen(false)}
      data-testid={`${o.testId}-confirm`}
    />
  ) : null;
  const ask = (options: ConfirmedActionOptions) => {
    setAsked(options);
    setOpen(true);
  };
  return { ask, dialog };
}

/** The prompt of one confirmed action and the call that opens it. */
export function useConfirmedAction(options: ConfirmedActionOptions): { ask: () => void; dialog: ReactNode } {
  const prompt = useConfirmPrompt();
  return { ask: () => prompt.ask(options), dialog: prompt.dialog };
}

export interface ConfirmedActionProps extends ConfirmedActionOptions {
  /** Translation key of the button. */
  label: string;
  color: 'error' | 'primary' | 'success' | 'warning';
  /** Button look: text (default) or contained (the main step of a screen). */
  variant?: 'text' | 'contained';
  size?: 'small' | 'medium';
}

export const ConfirmedAction = ({ label, color, variant = 'text', size = 'small', ...options }: ConfirmedActionProps) => {
  const translate = useTranslate();
  const { ask, dialog } = useConfirmedAction(options);
  return (
    <>
      <Button size={size} variant={variant} color={color} onClick={ask} data-testid={options.testId}>
        {translate(label)}
      </Button>
      {dialog}
    </>
  );
};
