/**
 * The dialog shell of the inbound screens (spec 9): the shared WideDialog (always open: the screens mount it
 * only when shown), and its Cancel + primary buttons with the inbound Cancel text.
 */
import { WideDialog, WideDialogButtons, WIDE_DIALOG_WIDTH, type WideDialogButtonsProps, type WideDialogProps } from '../../widgets/WideDialog';

export const DIALOG_WIDTH = WIDE_DIALOG_WIDTH;

export interface InboundDialogProps extends Omit<WideDialogProps, 'open'> {
  testId: string;
}

export const InboundDialog = (props: InboundDialogProps) => <WideDialog {...props} open />;

export interface DialogButtonsProps extends Omit<WideDialogButtonsProps, 'cancelLabel' | 'cancelTestId' | 'color'> {
  color?: 'primary' | 'error' | 'warning';
}

export const DialogButtons = (props: DialogButtonsProps) => (
  <WideDialogButtons {...props} cancelLabel="app.inbound.action.cancel" cancelTestId={props.testId ? `${props.testId}-cancel` : undefined} />
);
