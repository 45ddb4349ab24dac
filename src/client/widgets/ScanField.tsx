/**
 * The scan box of a /func screen (receiving /func/*_inbound_exec, shipping /func/normal_outbound_exec), as a
 * hook and its field, so every scanning screen works the same way:
 * - `useScanBox({find, onFound, onStart?, onMiss?, paused?})`: holds the typed code; Enter (or `lookUp`)
 *   trims it and calls `find`; a rejection becomes the box's error (the server msg, spec 8), is notified, and
 *   the box is focused again; `?code=` in the URL (a list's button opening the screen) is looked up once on
 *   arrival and removed from the URL; `focus()` asks again after a closing dialog has handed focus back to its
 *   opener; while `paused` (a step of the screen is running) Enter does nothing.
 * - `<ScanField box label hint testId maxLength? disabled? />`: the auto-focused text field
 *   (`data-testid=testId`) with the hint or the error under it and the error repeated in an alert
 *   (`<testId>-error`). `label` and `hint` are message keys of the screen (or plain texts).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from './errorMessage';

export interface ScanBoxOptions<T> {
  /** Looks the code up; rejects with the message to show. */
  find: (code: string) => Promise<T>;
  onFound: (found: T) => void;
  /** Before each look-up (e.g. clear the previous result). */
  onStart?: () => void;
  /** After a failed look-up. */
  onMiss?: () => void;
  /** While true, a look-up is not started (another step of the screen is running). */
  paused?: boolean;
}

export interface ScanBox {
  code: string;
  setCode: (code: string) => void;
  error: string | undefined;
  /** A look-up is running. */
  busy: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  lookUp: (raw: string) => Promise<void>;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  focus: () => void;
}

/** Milliseconds after which focus is asked for again (a closing dialog's focus hand-back is over by then). */
const REFOCUS_MS = 400;

export function useScanBox<T>({ find, onFound, onStart, onMiss, paused = false }: ScanBoxOptions<T>): ScanBox {
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCodeState] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const focus = () => {
    const again = () => inputRef.current?.focus();
    setTimeout(again, 0);
    setTimeout(() => document.activeElement !== inputRef.current && again(), REFOCUS_MS);
  };

  const lookUp = async (raw: string) => {
    const text = raw.trim();
    if (!text || busy || paused) return;
    setBusy(true);
    setError(undefined);
    onStart?.();
    try {
      onFound(await find(text));
    } catch (e) {
      const msg = errorMessage(e);
      setError(msg);
      notify(msg, { type: 'error' });
      onMiss?.();
      focus();
    } finally {
      setBusy(false);
    }
  };

  const initial = params.get('code');
  useEffect(() => {
    if (!initial) return;
    setCodeState(initial);
    void lookUp(initial);
    const next = new URLSearchParams(params);
    next.delete('code');
    setParams(next, { replace: true });
    // only a new ?code= counts
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);

  return {
    code,
    setCode: (next) => {
      setCodeState(next);
      setError(undefined);
    },
    error,
    busy,
    inputRef,
    lookUp,
    onKeyDown: (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      void lookUp(code);
    },
    focus,
  };
}

export interface ScanFieldProps {
  box: ScanBox;
  /** Message key (or text) of the label. */
  label: string;
  /** Message key (or text) shown under the box while there is no error. */
  hint: string;
  testId: string;
  maxLength?: number;
  disabled?: boolean;
}

export const ScanField = ({ box, label, hint, testId, maxLength = 50, disabled }: ScanFieldProps) => {
  const translate = useTranslate();
  return (
    <>
      <TextField
        inputRef={box.inputRef}
        autoFocus
        fullWidth
        label={translate(label, { _: label })}
        helperText={box.error ?? translate(hint, { _: hint })}
        error={Boolean(box.error)}
        value={box.code}
        onChange={(e) => box.setCode(e.target.value)}
        onKeyDown={box.onKeyDown}
        disabled={disabled}
        slotProps={{ htmlInput: { 'data-testid': testId, maxLength, autoComplete: 'off' } }}
      />
      {box.error ? (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid={`${testId}-error`}>
          {box.error}
        </Alert>
      ) : null}
    </>
  );
};
