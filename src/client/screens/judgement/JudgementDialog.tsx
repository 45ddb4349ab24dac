/**
 * The dialog shell of the adjustment screens (spec 2.8 / 9): the shared WideDialog, and its Cancel + primary
 * buttons with the adjustment Cancel text.
 */
import { WideDialog, WideDialogButtons, WIDE_DIALOG_WIDTH, type WideDialogButtonsProps, type WideDialogProps } from '../../widgets/WideDialog';

export const DIALOG_WIDTH = WIDE_DIALOG_WIDTH;

export interface JudgementDialogProps extends WideDialogProps {
  testId: string;
}

export const JudgementDialog = (props: JudgementDialogProps) => <WideDialog {...props} />;

export interface DialogButtonsProps extends Omit<WideDialogButtonsProps, 'cancelLabel' | 'cancelTestId' | 'color'> {
  color?: 'primary' | 'error' | 'success';
}

/** Cancel + primary button. */
export const DialogButtons = (props: DialogButtonsProps) => (
  <WideDialogButtons {...props} cancelLabel="app.judgement.action.cancel" cancelTestId={props.testId ? `${props.testId}-cancel` : undefined} />
);
