/**
 * A document's prompt for a required reason (e.g. rejecting an adjustment, submitting a problem order): the
 * shared ReasonDialog named by the screen's DocumentNames and the prompt's `kind`. Test ids
 * `${testId}-${kind}-dialog`, `${testId}-${kind}-confirm`, `${testId}-${kind}-reason`; Cancel
 * `${ns}.action.cancel`, success `${ns}.success`, too long `${ns}.rules.max_length` (`%{max}`).
 */
import type { ReactNode } from 'react';
import { ReasonDialog, reasonError, type ReasonError } from '../widgets/ReasonDialog';
import { keyOf, testIdOf, type DocumentNames } from './names';

export interface DocumentReasonDialogProps {
  names: DocumentNames;
  /** The prompt's name in test ids (e.g. reject, problem). */
  kind: string;
  /** The title, translated. */
  title: string;
  /** Translation keys of the reason's label, of "the reason is required", and of the confirm button. */
  label: string;
  requiredMessage: string;
  confirmLabel: string;
  maxLength: number;
  /** Sends the trimmed reason. */
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
  children?: ReactNode;
}

/** The error of a document's reason (i18n key with options), or undefined when it is fine. */
export function documentReasonError(names: DocumentNames, reason: string, maxLength: number, requiredMessage: string): ReasonError | undefined {
  return reasonError(reason, maxLength, requiredMessage, keyOf(names, 'rules.max_length'));
}

export const DocumentReasonDialog = ({ names, kind, maxLength, children, ...props }: DocumentReasonDialogProps) => (
  <ReasonDialog
    {...props}
    maxLength={maxLength}
    maxLengthMessage={keyOf(names, 'rules.max_length')}
    cancelLabel={keyOf(names, 'action.cancel')}
    successMessage={keyOf(names, 'success')}
    testId={testIdOf(names, `${kind}-dialog`)}
    confirmTestId={testIdOf(names, `${kind}-confirm`)}
    reasonTestId={testIdOf(names, `${kind}-reason`)}
  >
    {children}
  </ReasonDialog>
);
